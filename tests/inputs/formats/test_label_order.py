"""The order of position and tag in chars labels (``B-NN`` or ``NN-B``): decided once per file,
from the labels that read one way only, told in the JSON and in one warning, refused when
nothing decides or a label contradicts it (issue 21, item 4)."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore import InputOptions, score
from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.formats import FormatOptions, Sentence, Token, detect_format, read_sentences
from wsscore.inputs.formats import chars as chars_module
from wsscore.inputs.formats.writers import Target, write_chars

# The issue's example: CTB's measure-word tag M is also a position letter.
ISSUE_PREDICTION = ["他 PN-B", "买 VV-B", "了 VV-I", "个 M-B", "人 M-I"]
ISSUE_GOLD = "他/PN 买了/VV 个人/M\n"


def _read(
    lines: list[str] | Iterator[str],
    *,
    order: str | None = None,
    warnings: Warnings | None = None,
    on_label_order=None,
) -> list[list[tuple[str, str | None]]]:
    sentences = read_sentences(
        "chars",
        lines,
        name="t",
        warnings=warnings if warnings is not None else Warnings(quiet=True),
        options=FormatOptions(label_order=order),
        on_label_order=on_label_order,
    )
    return [[(token.word, token.tag) for token in sentence.tokens] for sentence in sentences]


def _error(lines: list[str] | Iterator[str], order: str | None = None) -> WsscoreError:
    with pytest.raises(WsscoreError) as caught:
        _read(lines, order=order)
    return caught.value


# --- the issue's example --------------------------------------------------------------------


def test_the_issues_example_scores_three_of_three(tmp_path: Path):
    gold = tmp_path / "gold.tagged"
    gold.write_text(ISSUE_GOLD, encoding="utf-8")
    prediction = tmp_path / "pred.chars"
    prediction.write_text("\n".join(ISSUE_PREDICTION) + "\n", encoding="utf-8")
    report = score(gold, [prediction], tags=True)
    (system,) = report.systems
    assert system.format == "chars"
    assert (system.counts.correct, system.counts.gold_words, system.counts.pred_words) == (3, 3, 3)
    assert system.tags is not None and system.tags.tag_correct == 3
    assert system.label_order == "tag-pos"


def test_the_issues_example_reads_m_b_as_tag_m_position_b():
    assert _read(ISSUE_PREDICTION) == [[("他", "PN"), ("买了", "VV"), ("个人", "M")]]


# --- deciding the order ---------------------------------------------------------------------


def test_labels_that_read_both_ways_wait_for_one_that_decides():
    # 个人 comes first, in labels that read both ways; 他 PN-S, later, decides tag-pos.
    lines = ["个 M-B", "人 M-E", "", "很 S", "", "他 PN-S", "好 VA-S"]
    told: list[str] = []
    assert _read(lines, on_label_order=told.append) == [
        [("个人", "M")],
        [("很", None)],
        [("他", "PN"), ("好", "VA")],
    ]
    assert told == ["tag-pos"]  # once


def test_the_same_labels_read_the_other_way_in_a_pos_tag_file():
    # Position M, tag B (a word continued where none is open: started, and told), then E.
    lines = ["个 M-B", "人 E-M", "", "他 S-PN"]
    assert _read(lines) == [[("个人", "B")], [("他", "PN")]]


def test_o_takes_no_tag_so_o_s_is_tag_o_position_s():
    assert _read(["他 O-S", "们 NN-S"]) == [[("他", "O"), ("们", "NN")]]
    assert _read(["他 S-O"]) == [[("他", "O")]]


def test_punctuation_tags_read_in_both_orders():
    pos_tag = ["我 B-PN", "们 E-PN", "， S-,", "( S--LRB-", "走 S-VV", "。 S-."]
    tag_pos = ["我 PN-B", "们 PN-E", "， ,-S", "( -LRB--S", "走 VV-S", "。 .-S"]
    expected = [[("我们", "PN"), ("，", ","), ("(", "-LRB-"), ("走", "VV"), ("。", ".")]]
    assert _read(pos_tag) == _read(tag_pos) == expected
    assert detect_format(pos_tag) == detect_format(tag_pos) == "chars"


def test_plain_labels_need_no_order():
    told: list[str] = []
    assert _read(["中 B", "国 E"], on_label_order=told.append) == [[("中国", None)]]
    assert told == []


def test_a_file_whose_labels_all_read_both_ways_is_refused_with_a_hint():
    error = _error(["个 M-B", "人 M-E", "", "是 S-B", "", "的 M-S"])
    assert error.where == "t:1:3"
    assert "reads both as pos-tag and as tag-pos" in error.message
    assert error.hint is not None and "--label-order pos-tag" in error.hint


def test_the_order_given_reads_labels_that_read_both_ways():
    lines = ["个 M-B", "人 M-E"]
    assert _read(lines, order="tag-pos") == [[("个人", "M")]]
    assert _read(lines, order="pos-tag") == [[("个人", "B")]]


def test_a_label_against_the_decided_order_is_refused_where_it_is():
    error = _error(["北 B-NR", "京 E-NR", "", "他  PN-S"])
    assert error.where == "t:4:4"
    assert error.message.startswith("label 'PN-S' reads only as tag-pos (NN-B), but the file's")
    assert "pos-tag (B-NN) from t:1:3" in error.message


def test_a_label_against_the_order_given_is_refused():
    error = _error(["北 B-NR"], order="tag-pos")
    assert error.where == "t:1:3"
    assert "the label order given is tag-pos" in error.message
    assert error.hint is not None and "--gold-label-order pos-tag" in error.hint


def test_the_wait_for_a_deciding_label_is_bounded(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(chars_module, "UNDECIDED_LINES", 50)

    def endless() -> Iterator[str]:
        while True:
            yield "个 M-B"

    error = _error(endless())
    assert "no label of the 50 lines from it on reads only one way" in error.message


# --- told once per file ---------------------------------------------------------------------


def test_one_warning_tells_the_order_when_labels_read_both_ways():
    warnings = Warnings(quiet=True)
    _read([*ISSUE_PREDICTION, "", "个 M-B", "人 M-I"], warnings=warnings)
    (message,) = warnings.messages
    assert message.startswith(
        "t:1:3: read labels as tag-pos (NN-B): 3 label(s) read only that way, so 4 that read "
        "both ways (as 'M-B') were read so too"
    )


def test_no_warning_when_every_label_reads_one_way_or_the_order_is_given():
    warnings = Warnings(quiet=True)
    _read(["他 PN-S", "们 NN-S"], warnings=warnings)
    _read(["个 M-B", "人 M-E"], order="tag-pos", warnings=warnings)
    assert warnings.messages == []


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_the_json_gives_each_chars_files_label_order(tmp_path: Path):
    gold = _write(tmp_path, "gold.chars", "他 S-PN\n买 B-VV\n了 E-VV\n个 B-M\n人 E-M\n")
    tag_pos = _write(tmp_path, "a.chars", "\n".join(ISSUE_PREDICTION) + "\n")
    plain = _write(tmp_path, "b.chars", "他 S\n买 B\n了 E\n个 B\n人 E\n")
    words = _write(tmp_path, "c.txt", "他 买了 个人\n")
    data = score(gold, [tag_pos, plain, words]).as_dict()
    assert data["gold"]["format"] == "chars" and data["gold"]["label_order"] == "pos-tag"
    systems = data["systems"]
    assert [s.get("label_order", "absent") for s in systems] == ["tag-pos", None, "absent"]
    assert [s["counts"]["correct"] for s in systems] == [3, 3, 3]


def test_each_side_may_have_its_own_order(tmp_path: Path):
    gold = _write(tmp_path, "gold.chars", "他 S-PN\n个 B-M\n人 E-M\n")
    prediction = _write(tmp_path, "pred.chars", "他 M-S\n个 M-B\n人 M-E\n")  # all both ways
    with pytest.raises(WsscoreError, match="reads both as pos-tag and as tag-pos"):
        score(gold, [prediction])
    inputs = InputOptions(pred_label_order="tag-pos")
    (system,) = score(gold, [prediction], inputs=inputs, tags=True).systems
    assert (system.counts.correct, system.label_order) == (2, "tag-pos")
    assert system.tags is not None and system.tags.tag_correct == 1  # 个人: M; 他: PN, not M
    with pytest.raises(WsscoreError, match="the label order given is tag-pos"):
        score(gold, [prediction], inputs=InputOptions(label_order="tag-pos"))


def test_an_unknown_label_order_is_refused():
    with pytest.raises(WsscoreError, match="unknown label order"):
        InputOptions(label_order="tag-first")


# --- the command line -----------------------------------------------------------------------


def _wsscore(*args: object) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "wsscore", *map(str, args)], capture_output=True, check=False
    )


@pytest.mark.slow
def test_the_command_line_refuses_on_one_line_and_takes_the_option(tmp_path: Path):
    gold = _write(tmp_path, "gold.txt", ISSUE_GOLD)
    prediction = _write(tmp_path, "pred.chars", "他 M-S\n买 M-B\n了 M-E\n个 M-B\n人 M-E\n")
    refused = _wsscore("score", gold, prediction)
    assert refused.returncode == 2
    assert refused.stderr.decode().count("\n") == 1 and b"--label-order" in refused.stderr
    done = _wsscore("score", gold, prediction, "--pred-label-order", "tag-pos", "-f", "json")
    assert done.returncode == 0, done.stderr
    (system,) = json.loads(done.stdout)["systems"]
    assert (system["counts"]["correct"], system["label_order"]) == (3, "tag-pos")


def test_convert_writes_either_order(tmp_path: Path):
    source = _write(tmp_path, "in.tagged", "他/PN 个人/M ，/, (/-LRB-\n")
    written = tmp_path / "out.chars"
    # --from tagged: detecting tagged files with punctuation tags is another item of the issue.
    done = _wsscore(
        "convert",
        source,
        "--from",
        "tagged",
        "--to",
        "chars",
        "--label-order",
        "tag-pos",
        "-o",
        written,
    )
    assert done.returncode == 0, done.stderr
    assert written.read_text(encoding="utf-8") == (
        "他\tPN-S\n个\tM-B\n人\tM-E\n，\t,-S\n(\t-LRB--S\n\n"
    )
    again = tmp_path / "again.tagged"
    back = _wsscore("convert", written, "--to", "tagged", "-o", again)
    assert back.returncode == 0, back.stderr
    assert again.read_text(encoding="utf-8") == source.read_text(encoding="utf-8")


# --- both orders read the same --------------------------------------------------------------

POSITION_LETTERS = list("BMESIO")
PUNCTUATION_TAGS = [",", ".", ":", "''", "``", "-LRB-", "-RRB-", "$", "#", "-", "_", "--"]
TAGS = st.sampled_from([*POSITION_LETTERS, *PUNCTUATION_TAGS, "NN", "M-B", "NP-SBJ", "PU_"])
WORDS = st.text(alphabet="中国人民个买了他", min_size=1, max_size=4)
SENTENCES = st.lists(
    st.lists(st.tuples(WORDS, TAGS), min_size=1, max_size=6), min_size=1, max_size=5
)


def _lines(text: str) -> list[str]:
    lines = text.split("\n")
    return lines[:-1] if lines[-1] == "" else lines


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(sentences=SENTENCES)
def test_any_tags_read_the_same_in_both_label_orders(sentences):
    expected = [[(word, tag) for word, tag in sentence] for sentence in sentences]
    as_sentences = [
        Sentence(1, [Token(word, tag) for word, tag in sentence]) for sentence in sentences
    ]
    for order in ("pos-tag", "tag-pos"):
        target = Target("t", label_order=order)
        text = "".join(write_chars(s, n, target) for n, s in enumerate(as_sentences, 1))
        lines = _lines(text)
        assert _read(lines, order=order) == expected
        try:
            detected = _read(lines)
        except WsscoreError as error:  # only when no label reads one way only
            assert "reads both as pos-tag and as tag-pos" in error.message
            continue
        assert detected == expected


def test_convert_reads_a_chars_file_in_the_order_given(tmp_path: Path):
    source = _write(tmp_path, "in.chars", "个\tM-B\n人\tM-E\n")
    refused = _wsscore("convert", source, "--to", "tagged")
    assert refused.returncode == 2 and b"--label-order" in refused.stderr
    done = _wsscore("convert", source, "--to", "tagged", "--label-order", "tag-pos")
    assert done.returncode == 0, done.stderr
    assert done.stdout.decode("utf-8") == "个人/M\n"


def test_a_suite_manifest_sets_the_label_order(tmp_path: Path):
    from wsscore.inputs.manifest import load_manifest

    gold = _write(tmp_path, "gold.chars", "他 S-PN\n")
    manifest = _write(
        tmp_path,
        "suite.toml",
        '[defaults]\nlabel_order = "tag-pos"\n\n[corpora.ctb]\ngold = "gold.chars"\n'
        'gold_label_order = "pos-tag"\n\n[systems]\na = "a.chars"\n',
    )
    (corpus,) = load_manifest(manifest, allow_missing=True).corpora
    assert corpus.gold == str(gold)
    inputs = corpus.inputs(InputOptions())
    assert (inputs.label_order, inputs.gold_label_order) == ("tag-pos", "pos-tag")
    bad = _write(
        tmp_path,
        "bad.toml",
        '[corpora.ctb]\ngold = "gold.chars"\nlabel_order = "x"\n\n[systems]\na = "a.chars"\n',
    )
    with pytest.raises(WsscoreError, match="label_order: expected one of pos-tag, tag-pos"):
        load_manifest(bad, allow_missing=True)
