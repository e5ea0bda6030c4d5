"""Scoring files in other formats: the format read is reported, named when scores look wrong,
and read as their words by --match diff."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import FIXTURES, messages_of, run_wsscore

from wsscore import InputOptions, WsscoreError, score

FORMATS = FIXTURES / "formats"
WORDS, TAGGED, CONLLU = (
    FORMATS / "same.words.txt",
    FORMATS / "same.tagged.txt",
    FORMATS / "same.conllu",
)


_wsscore = run_wsscore


def test_the_formats_read_are_in_the_json_and_the_signature() -> None:
    done = _wsscore("score", CONLLU, TAGGED, WORDS, "-f", "json")
    data = json.loads(done.stdout)
    assert data["gold"]["format"] == "conllu"
    assert [s["format"] for s in data["systems"]] == ["tagged", "words"]
    assert "|fmt:gold=conllu,pred=tagged+words|" in data["signature"]
    assert [s["metrics"]["f1"] for s in data["systems"]] == [1.0, 1.0]
    assert done.stderr == ""


def test_plain_words_keep_their_signature() -> None:
    report = score(WORDS, [WORDS])
    assert "fmt:" not in report.signature
    assert report.gold.format == "words" and report.systems[0].format == "words"


@pytest.mark.slow
def test_a_detected_format_is_named_when_the_scores_look_wrong(tmp_path: Path) -> None:
    # The same characters, unsegmented: read as words, F = 0.
    unsegmented = tmp_path / "raw.txt"
    unsegmented.write_text(
        "".join(line.replace(" ", "") + "\n" for line in WORDS.read_text("utf-8").splitlines()),
        encoding="utf-8",
    )
    done = _wsscore("score", TAGGED, unsegmented, "-q")
    assert done.returncode == 0
    # Each with why (issue 21, item 6).
    assert "a wrong format: the gold was read as tagged (17 of 17 tokens end in /TAG), " in (
        done.stderr
    )
    assert ", raw.txt as words (no other format fits: words separated by white space)" in (
        done.stderr
    )
    assert "give --gold-format or --pred-format" in done.stderr
    # Said only when a format was detected: given formats are the user's word.
    given = _wsscore("score", TAGGED, unsegmented, "-q", "--gold-format", "tagged",
                     "--pred-format", "words")  # fmt: skip
    assert given.stderr == ""


def test_match_diff_reads_other_formats() -> None:
    # The Perl-style counter is handed the words (tests/sighan/test_diff_formats.py has more).
    done = _wsscore("score", CONLLU, WORDS, "--match", "diff", "-f", "json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["gold"]["format"] == "conllu"
    assert data["systems"][0]["counts"]["correct"] == 17


def test_a_refusal_names_the_formats_read_and_why(tmp_path: Path) -> None:
    # JSONL with 3 lines of 8 broken: read as words, it differs from the gold's text.
    pred = tmp_path / "pred.jsonl"
    gold = tmp_path / "gold.txt"
    pred.write_text('["我们", "走"]\n' * 5 + "[我们 走\n" * 3, encoding="utf-8")
    gold.write_text("我们 走\n" * 8, encoding="utf-8")
    done = _wsscore("score", gold, pred)
    assert done.returncode == 2 and len(messages_of(done.stderr)) == 1
    assert (
        "the gold was read as words (no other format fits: words separated by white space), "
        "the prediction as words (only 5 of 8 lines are JSON sentences, too few for jsonl): "
        "if one is wrong, give --gold-format or --pred-format"
    ) in done.stderr


def test_a_format_given_overrides_detection() -> None:
    # The tagged file read as plain words: its tokens keep their /TAG, so its text is not the
    # gold's; with --mismatch align it is scored, and no word is right.
    with pytest.raises(WsscoreError, match="not a segmentation of this gold"):
        score(WORDS, [TAGGED], inputs=InputOptions(pred_format="words"))
    aligned = score(WORDS, [TAGGED], inputs=InputOptions(pred_format="words", mismatch="align"))
    assert aligned.systems[0].format == "words"
    assert aligned.systems[0].counts.correct == 0


def test_differences_in_another_format_are_placed_by_sentence(tmp_path: Path) -> None:
    """A CoNLL-U file's scorer lines are its sentences, not its lines: messages say so."""
    gold = tmp_path / "gold.conllu"
    gold.write_text(_conllu(["我", "爱"], ["北京"]), encoding="utf-8")
    pred = tmp_path / "pred.conllu"
    pred.write_text(_conllu(["我", "爱"], ["南京"]), encoding="utf-8")
    with pytest.raises(WsscoreError) as caught:
        score(gold, [pred], inputs=InputOptions(mismatch="error"))
    message = str(caught.value)
    assert "gold sentence 2 col 1 has '北' U+5317, prediction sentence 2 col 1 has '南'" in message
    assert (
        "\n  first: gold sentence 2 col 1 has '北' U+5317, prediction sentence 2 col 1 has '南' "
        "U+5357; the gold has 2 sentences, the prediction 2;" in message
    )
    assert (
        "(the sentence counts agree: check that both hold the same text" in message.split("\n")[0]
    )


def _conllu(*sentences: list[str]) -> str:
    blocks = []
    for words in sentences:
        rows = [f"{i}\t{word}\t_\tX\t_\t_\t_\t_\t_\t_" for i, word in enumerate(words, 1)]
        blocks.append("\n".join(rows) + "\n")
    return "\n".join(blocks)


# --- a low score names the formats read (issue 34, item 9) ---------------------------------------


def _tagged_against_words(tmp_path: Path, merge: bool) -> list[str]:
    """The warnings of a words gold against its tagged prediction (detected) with one character
    changed, its words merged in pairs if ``merge``."""
    from wsscore.errors import Warnings

    words = ["中国", "人民", "站", "起来", "了", "我们", "的", "朋友"]
    gold = [" ".join(words[k:] + words[:k]) for k in range(8)] * 3
    pred = []
    for line in gold:
        tokens = line.split()
        if merge:
            tokens = [a + b for a, b in zip(tokens[::2], tokens[1::2], strict=True)]
        pred.append(" ".join(f"{token}/n" for token in tokens))
    pred[5] = "X" + pred[5][1:]
    (tmp_path / "gold.txt").write_text("\n".join(gold) + "\n", encoding="utf-8")
    (tmp_path / "pred.txt").write_text("\n".join(pred) + "\n", encoding="utf-8")
    warnings = Warnings(quiet=True)
    score(tmp_path / "gold.txt", tmp_path / "pred.txt", inputs=InputOptions(warnings=warnings))
    return warnings.messages


def test_a_high_score_with_a_differing_character_is_not_called_low(tmp_path):
    # F 0.99: the differing character has its own warning; it was also said to be "this low".
    messages = _tagged_against_words(tmp_path, merge=False)
    assert any("1 character(s) on 1 line(s) differ" in message for message in messages)
    assert not any("wrong format" in message for message in messages), messages


def test_a_low_score_names_its_f_and_the_formats_read(tmp_path):
    messages = [m for m in _tagged_against_words(tmp_path, merge=True) if "wrong format" in m]
    assert len(messages) == 1, messages
    assert (
        "pred.txt's F is 0.000, below 0.5: scores this low can come from a wrong format: "
        in (messages[0])
    )
    assert "pred.txt as tagged (" in messages[0]
