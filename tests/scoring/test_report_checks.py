"""Reports read back (the shards of `wsscore merge`, the report of `--previous`) are checked, not
trusted (scoring/report_checks.py): what no real run writes is refused in one line naming the
file, the system and the key, and nothing a real run writes is ever refused.

The first half scores every fixture format with the analyses, conventions, units and interval
methods a run can have, and requires each report (and their merges) to pass. The second breaks
each relation of the counts alone, each option against the signature, and each figure, and
requires the refusal to name what broke.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore import InputOptions, WsscoreError, merge_reports, score
from wsscore.cli.app import cli
from wsscore.core.records import (
    COUNT_RELATIONS,
    EXTRA_RELATIONS,
    SENTENCE_TOKEN_RELATIONS,
    SPAN_RELATIONS,
    TYPE_RELATIONS,
    Relation,
)
from wsscore.metrics.tags import TAG_RELATIONS
from wsscore.scoring.report_checks import CHECK_HINT, check_report, load_previous
from wsscore.scoring.shard_documents import parse_shard

GOLD, PRED, WORDS = (str(FIXTURES / name) for name in ("gold.txt", "pred.txt", "words.txt"))
FORMATS, JAPANESE = FIXTURES / "formats", FIXTURES / "japanese"
THAI, VIETNAMESE, TOOLS = FIXTURES / "thai", FIXTURES / "vietnamese", FIXTURES / "tools"
SENTENCES, FIGURES = FIXTURES / "sentences", FIXTURES / "figures"


def _f(folder: Path, name: str) -> str:
    return str(folder / name)


WITH_EVERYTHING = ("--extra", "-d", WORDS)
# Every kind of report `wsscore score` writes: each fixture format, each analysis, convention,
# unit, interval method, match mode and mismatch policy.
REAL_RUNS: dict[str, list[str]] = {
    "words": [GOLD, PRED, *WITH_EVERYTHING],
    "no-dictionary": [GOLD, PRED, "--extra"],
    "train": [GOLD, PRED, "--train", GOLD, "--extra"],
    "words+train": [GOLD, PRED, "-d", WORDS, "--train", GOLD],
    "wilson": [GOLD, PRED, "-d", WORDS, "--ci", "wilson"],
    "none": [GOLD, PRED, "-d", WORDS, "--ci", "none", "--extra"],
    "bootstrap": [GOLD, PRED, "-d", WORDS, "--ci", "bootstrap", "--samples", "30", "--extra"],
    "beta": [GOLD, PRED, "-d", WORDS, "--beta", "2.5", "--extra"],
    "small-beta": [GOLD, PRED, "--beta", "0.001"],
    "base-top": [GOLD, PRED, GOLD, "-d", WORDS, "--baseline", "--topline", "--extra"],
    "diff": [GOLD, PRED, "-d", WORDS, "--match", "diff"],
    "diff-sighan": [GOLD, PRED, "--match", "diff", "--conventions", "sighan", "--ci", "wilson"],
    "committee": [GOLD, PRED, "-d", WORDS, "--committee", PRED, "CHARS"],
    "sighan": [GOLD, PRED, "-d", WORDS, "--conventions", "sighan"],
    "big5": [_f(FIXTURES / "big5", "gold.txt"), _f(FIXTURES / "big5", "pred.txt"), "--extra"],
    "gbk": [_f(FIXTURES / "gbk", "gold.txt"), _f(FIXTURES / "gbk", "pred.txt"), "--extra"],
    "hkscs": [_f(FIXTURES / "hkscs", "gold.txt"), _f(FIXTURES / "hkscs", "pred.txt")],
    "chars": [_f(FORMATS, "bies.chars.txt"), _f(FORMATS, "bies.chars.txt"), "--extra"],
    "same-formats": [
        _f(FORMATS, "same.conllu"),
        *(_f(FORMATS, f"same.{ext}") for ext in ("jsonl", "tagged.txt", "chars.txt")),
        *("--tags", "--extra", "-d", WORDS),
    ],
    "conllu-mwt": [_f(FORMATS, "mwt.gold.conllu"), _f(FORMATS, "mwt.system.conllu"), "--tags"],
    "conllu-mwt-ud": [
        _f(FORMATS, "mwt.gold.conllu"),
        _f(FORMATS, "mwt.system.conllu"),
        *("--conventions", "ud", "--tags"),
    ],
    "peoples-daily": [_f(FORMATS, "peoples_daily.txt"), _f(FORMATS, "peoples_daily.txt")],
    "urls": [_f(FORMATS, "urls.words.txt"), _f(FORMATS, "urls.words.txt"), "--extra"],
    "sentences": [_f(SENTENCES, "gold.txt"), _f(SENTENCES, "pred.txt"), "--extra"],
    "sentences-conllu-ud": [
        _f(SENTENCES, "gold.conllu"),
        _f(SENTENCES, "pred.conllu"),
        *("--conventions", "ud", "--tags"),
    ],
    "japanese-mecab": [
        _f(JAPANESE, "gold.mecab"),
        _f(JAPANESE, "sudachi.mecab"),
        _f(JAPANESE, "fugashi.mecab.gz"),
        *("--tags", "--conventions", "japanese"),
    ],
    "japanese-kytea": [
        _f(JAPANESE, "gold.mecab"),
        _f(JAPANESE, "sudachi.kytea"),
        _f(JAPANESE, "fugashi.kytea"),
        *("--extra", "--unit", "grapheme"),
    ],
    "thai": [
        _f(THAI, "gold.best.txt"),
        _f(THAI, "newmm.best.txt"),
        _f(THAI, "longest.best.txt"),
        *("--conventions", "thai"),
    ],
    "thai-grapheme": [
        _f(THAI, "gold.best.txt"),
        _f(THAI, "newmm.best.txt"),
        *("--extra", "--unit", "grapheme"),
    ],
    "vlsp-syllable": [
        _f(VIETNAMESE, "gold.vlsp.txt"),
        _f(VIETNAMESE, "pyvi.vlsp.txt"),
        _f(VIETNAMESE, "pyvi.pos.vlsp.txt"),
        "--extra",
    ],
    "tools-tags": [
        _f(TOOLS, "gold.conllu"),
        _f(TOOLS, "jieba.posseg.jsonl"),
        *("--tags", "--extra", "--tag-map", "TAG_MAP"),
    ],
    "tools-words": [
        _f(TOOLS, "gold.conllu"),
        *(_f(TOOLS, name) for name in ("jieba.cut.txt", "pkuseg.txt", "snownlp.words.txt")),
        "--extra",
    ],
    "figures": [
        _f(FIGURES, "thai.gold.txt"),
        _f(FIGURES, "thai.split.txt"),
        _f(FIGURES, "thai.merged.txt"),
        *("--extra", "--conventions", "thai"),
    ],
    "differing-text": [GOLD, "NEAR_PRED", *WITH_EVERYTHING, "--mismatch", "align"],
    "differing-text-align": [
        *("DIFFERING_GOLD", "DIFFERING_PRED", *WITH_EVERYTHING),
        *("--mismatch", "align", "--tags"),
    ],
}


def _invoke(*args: str):
    result = CliRunner().invoke(cli, list(args))
    assert "Traceback" not in result.output
    return result


@pytest.fixture(scope="module")
def inputs_made(tmp_path_factory) -> dict[str, str]:
    """The files some runs need: a tag map, and a gold and prediction whose characters differ
    (a character changed, one dropped, one added, and a line past the gold's end)."""
    folder = tmp_path_factory.mktemp("inputs")
    tag_map = folder / "tags.tsv"
    tag_map.write_text("n\tNOUN\nv\tVERB\nx\tPUNCT\n", encoding="utf-8")
    gold = folder / "gold.tagged.txt"
    pred = folder / "pred.tagged.txt"
    gold_lines = Path(GOLD).read_text(encoding="utf-8").splitlines()
    pred_lines = Path(PRED).read_text(encoding="utf-8").splitlines()
    pred_lines[0] = pred_lines[0].replace("和尚", "和上", 1).replace("大事", "事", 1)
    pred_lines[2] = pred_lines[2].replace("今天", "今今天", 1)
    pred_lines.append("多 一行")

    def tagged(lines: list[str], tags: str) -> str:
        """Each word tagged with the next of ``tags`` in turn."""
        words = [line.split() for line in lines]
        return "".join(
            " ".join(f"{word}/{tags[at % len(tags)]}" for at, word in enumerate(line)) + "\n"
            for line in words
        )

    gold.write_text(tagged(gold_lines, "NV"), encoding="utf-8")
    pred.write_text(tagged(pred_lines, "N"), encoding="utf-8")
    near = folder / "near.txt"  # one character changed
    near.write_text(Path(PRED).read_text(encoding="utf-8").replace("和尚", "和上", 1))
    chars = folder / "chars.txt"  # a word per character
    chars.write_text("".join(" ".join(line.replace(" ", "")) + "\n" for line in gold_lines))
    made = {"TAG_MAP": tag_map, "DIFFERING_GOLD": gold, "DIFFERING_PRED": pred}
    made.update({"NEAR_PRED": near, "CHARS": chars})
    return {name: str(path) for name, path in made.items()}


@pytest.fixture(scope="module")
def real_reports(inputs_made, tmp_path_factory) -> dict[str, Path]:
    """The JSON report of each real run, written to a file."""
    folder = tmp_path_factory.mktemp("reports")
    reports = {}
    for name, args in REAL_RUNS.items():
        args = [inputs_made.get(arg, arg) for arg in args]
        result = _invoke("score", *args, "-f", "json")
        assert result.exit_code == 0, (name, result.output)
        path = folder / f"{name}.json"
        path.write_text(result.stdout, encoding="utf-8")
        reports[name] = path
    return reports


@pytest.mark.parametrize("name", list(REAL_RUNS))
def test_every_real_report_passes_the_checks(real_reports, name: str) -> None:
    path = real_reports[name]
    previous = load_previous(str(path))  # read strictly, checked as a shard is
    assert previous.metrics
    document = json.loads(path.read_text(encoding="utf-8"))
    check_report(parse_shard(str(path), document), document)


def test_the_real_reports_cover_every_kind_of_count(real_reports) -> None:
    # Each relation is checked on some real report: every count it names is in one.
    seen: set[str] = set()
    for path in real_reports.values():
        for system in json.loads(path.read_text(encoding="utf-8"))["systems"]:
            seen |= {key for key, value in system["counts"].items() if value is not None}
            if "tags" in system:
                seen |= {"tags.gold", "tags.pred", "tags.correct"}
    seen |= {"gold.words", "gold.sentences", "gold.lines"}
    for relation in _all_relations():
        assert set(relation.left + relation.right) <= seen, relation.text
    documents = [json.loads(path.read_text(encoding="utf-8")) for path in real_reports.values()]
    assert {d["options"]["unit"] for d in documents} == {"char", "grapheme", "syllable"}
    assert {d["options"]["ci"] for d in documents} == {"bakeoff", "wilson", "bootstrap", "none"}
    assert {d["options"]["match"] for d in documents} == {"span", "diff"}
    assert {d["options"].get("conventions") for d in documents} >= {
        None, "sighan", "ud", "japanese", "thai"
    }  # fmt: skip


MERGEABLE = ["words", "no-dictionary", "train", "wilson", "beta", "base-top", "same-formats"]
MERGEABLE += ["conllu-mwt-ud", "sentences", "japanese-kytea", "thai", "vlsp-syllable"]
MERGEABLE += ["tools-tags", "figures", "differing-text-align"]


@pytest.mark.parametrize("name", MERGEABLE)
def test_merges_of_real_reports_pass_the_checks(real_reports, tmp_path, name: str) -> None:
    first = real_reports[name]
    second = tmp_path / "second.json"
    shutil.copyfile(first, second)
    merged = merge_reports([first, second])  # the same report twice: a warning only
    repeated = f"{second}: it holds the same report as {first}, every path and count alike"
    assert any(warning.startswith(repeated) for warning in merged.warnings)
    document = json.loads(json.dumps(merged.as_dict()))
    check_report(parse_shard("merged", document), document)
    again = tmp_path / "merged.json"
    again.write_text(json.dumps(document), encoding="utf-8")
    load_previous(str(again))


# --- random corpora: whatever a run writes passes ---------------------------------------------

ALPHABET = "人大中国民山水天下日月好多少可以的了"


@st.composite
def _differing_corpora(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    """A gold of random words and a prediction of its characters cut anew, with characters
    changed, dropped or added at random, lines of its own at the end, or lines missing."""
    words = st.text(ALPHABET, min_size=1, max_size=3)
    lines = draw(st.integers(1, 6))
    gold = [" ".join(draw(st.lists(words, min_size=0, max_size=6))) for _ in range(lines)]
    if not any(line.strip() for line in gold):
        gold[0] = "人"
    pred = []
    for line in gold:
        text = list(line.replace(" ", ""))
        for _ in range(draw(st.integers(0, 2))):
            at = draw(st.integers(0, len(text)))
            action = draw(st.sampled_from(["change", "drop", "add", "cut", "cut"]))
            if action == "add" or not text:
                text.insert(at, draw(st.sampled_from(ALPHABET)))
            elif action == "change":
                text[min(at, len(text) - 1)] = draw(st.sampled_from(ALPHABET))
            elif action == "drop":
                del text[min(at, len(text) - 1)]
            else:
                text.insert(at, " ")
        pred.append("".join(text))
    tail = draw(st.sampled_from(["same", "more", "fewer"]))
    if tail == "more":
        pred.append(draw(words))
    elif tail == "fewer" and len(pred) > 1:
        pred.pop()
    return gold, pred


@settings(max_examples=60, deadline=None)
@given(corpus=_differing_corpora(), extra=st.booleans(), unit=st.sampled_from(["char", "grapheme"]))
def test_reports_of_random_corpora_pass_the_checks(corpus, extra: bool, unit: str) -> None:
    gold, pred = corpus
    inputs = InputOptions(dictionary=["人", "中国", "好"], mismatch="align")
    try:
        report = score(gold, [pred], inputs=inputs, extra=extra, unit=unit, names=["p"])
    except WsscoreError:
        return  # a prediction the aligner refuses (too far from the gold) writes no report
    document = json.loads(json.dumps(report.as_dict()))
    check_report(parse_shard("random", document), document)


# --- each relation broken alone is refused, naming the file, the system and the key ------------


def _all_relations() -> list[Relation]:
    return [
        *COUNT_RELATIONS,
        *SPAN_RELATIONS,
        *EXTRA_RELATIONS,
        *TYPE_RELATIONS,
        *SENTENCE_TOKEN_RELATIONS,
        *TAG_RELATIONS,
    ]


@pytest.fixture(scope="module")
def full_report(inputs_made, tmp_path_factory) -> dict:
    """A report with every count: a dictionary, --extra in graphemes, --tags, Sentences and
    Tokens."""
    result = _invoke(
        "score", inputs_made["DIFFERING_GOLD"], inputs_made["DIFFERING_PRED"],
        "--mismatch", "align", "--tags", *WITH_EVERYTHING, "--unit", "grapheme",
        "--name", "mine", "-f", "json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["systems"][0]["counts"]["sentences_gold"] is not None
    return document


def _named(document: dict) -> dict[str, int]:
    """The counts as the relations name them, read from the JSON as this test reads it."""
    system = document["systems"][0]
    counts = {key: value for key, value in system["counts"].items() if value is not None}
    counts.update({f"gold.{key}": document["gold"][key] for key in ("words", "sentences", "lines")})
    for column in ("gold", "pred", "correct"):
        counts[f"tags.{column}"] = sum(row[column] for row in system["tags"])
    return counts


def _set(document: dict, key: str, value: int) -> None:
    if key.startswith("gold."):
        document["gold"][key.removeprefix("gold.")] = value
    else:
        document["systems"][0]["counts"][key] = value


def _breaking(document: dict, relation: Relation) -> tuple[str, int, list[Relation]]:
    """A count of ``relation``, a new value for it that breaks it, and the relations that value
    breaks, in the order they are checked: ``relation`` alone where a value does so (one that
    follows from others, as correct ≤ gold_words from TP = RP - S - D, breaks with them)."""
    counts = _named(document)
    left = sum(counts[key] for key in relation.left)
    right = sum(counts[key] for key in relation.right)
    found = []
    for key in dict.fromkeys(relation.left + relation.right):
        if key.startswith("tags.") or key in ("iv_words", "iv_correct"):
            continue  # sums of rows, or derived: not stored as such
        # Just past the bound, from either side; an equation by one either way.
        over = right - left + 1 if key in relation.left else left - right - 1
        for value in (counts[key] + delta for delta in (over, 1, -1, 2, -2)):
            if value < 0 or value == counts[key]:
                continue
            changed = {**counts, key: value}
            broken = [other for other in _all_relations() if other.broken(changed) is not None]
            if relation in broken:
                found.append((key, value, broken))
    assert found, f"no count of {relation.text} breaks it"
    return min(found, key=lambda edit: len(edit[2]))


@pytest.mark.parametrize("relation", _all_relations(), ids=lambda relation: relation.text)
def test_each_relation_broken_is_refused(full_report, tmp_path, relation: Relation) -> None:
    assert relation.broken(_named(full_report)) is None  # the real report keeps it
    key, value, broken = _breaking(full_report, relation)
    document = json.loads(json.dumps(full_report))
    _set(document, key, value)
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    # The first relation broken is named, with its values: it names the count changed.
    expected = (
        f"{path}: not a wsscore report: system 'mine' (systems[0].counts) has "
        f"{broken[0].broken(_named(document))} ({CHECK_HINT})"
    )
    assert key.removeprefix("gold.") in broken[0].text
    assert f"({value})" in expected or len(broken[0].left + broken[0].right) > 2
    if len(broken) == 1:
        assert broken == [relation]
    for read in (lambda: merge_reports([path]), lambda: load_previous(str(path))):
        with pytest.raises(WsscoreError) as refused:
            read()
        assert str(refused.value) == expected
    result = _invoke("merge", str(path))
    assert (result.exit_code, result.stderr) == (2, f"wsscore: error: {expected}\n")


def test_a_tag_row_that_breaks_its_relation_is_refused(full_report, tmp_path) -> None:
    # The gold's words are tagged N and V by turns, the prediction's all N: no V is predicted.
    # One tag-correct word moved from N's row to V's keeps every sum: V's row alone is wrong.
    document = json.loads(json.dumps(full_report))
    rows = {row["tag"]: row for row in document["systems"][0]["tags"]}
    assert (rows["V"]["pred"], rows["V"]["correct"]) == (0, 0) and rows["N"]["correct"] > 0
    rows["N"]["correct"] -= 1
    rows["V"]["correct"] += 1
    path = tmp_path / "rows.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    for read in (lambda: merge_reports([path]), lambda: load_previous(str(path))):
        with pytest.raises(WsscoreError) as refused:
            read()
        assert str(refused.value) == (
            f"{path}: not a wsscore report: system 'mine' (systems[0].tags) has for tag 'V' "
            f"correct (1) > pred (0) ({CHECK_HINT})"
        )


# --- options against the signature, the schema, the figures ------------------------------------


@pytest.fixture(scope="module")
def fixture_report() -> dict:
    """The fixture with its dictionary, --extra and --beta 2 (docs/metrics.md §2.4)."""
    result = _invoke("score", GOLD, PRED, *WITH_EVERYTHING, "--beta", "2", "--name", "mine",
                     "-f", "json")  # fmt: skip
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def _refused(document: dict, tmp_path: Path) -> str:
    """The refusal of ``document`` written to a file, the same by merge_reports, load_previous
    and both commands (one line, exit 2)."""
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    messages = set()
    for read in (lambda: merge_reports([path]), lambda: load_previous(str(path))):
        with pytest.raises(WsscoreError) as refused:
            read()
        messages.add(str(refused.value))
    gated = _invoke("score", GOLD, PRED, *WITH_EVERYTHING, "--beta", "2", "--name", "mine",
                    "--previous", str(path), "--max-drop", "f=0.5")  # fmt: skip
    for result in (_invoke("merge", str(path)), gated):
        assert (result.exit_code, result.stdout) == (2, "")
        messages.add(result.stderr.removeprefix("wsscore: error: ").removesuffix("\n"))
    (message,) = messages
    prefix = f"{path}: not a wsscore report: "
    assert message.startswith(prefix)
    return message.removeprefix(prefix)


def _edited(document: dict, edit: Callable[[dict], object]) -> dict:
    copy = json.loads(json.dumps(document))
    edit(copy)
    return copy


@pytest.mark.parametrize(
    ("edit", "problem"),
    [
        (lambda d: d["options"].update(beta=1.0),
         "its options.beta is 1.0, but its signature has beta:2"),
        (lambda d: d.update(signature=d["signature"].replace("|beta:2", "")),
         "its options.beta is 2.0, but its signature has no beta field"),
        (lambda d: d["options"].update(unit="grapheme"),
         "its options.unit is 'grapheme', but its signature has no unit field"),
        (lambda d: d["options"].update(ci="wilson"),
         "its options.ci is 'wilson', but its signature has ci:bakeoff"),
        (lambda d: d["options"].update(match="diff"),
         "its options.match is 'diff', but its signature has match:span"),
        (lambda d: d["options"].update(mismatch="align"),
         "its options.mismatch is 'align', but its signature has mismatch:warn"),
        (lambda d: d["options"].update(conventions="thai"),
         "its options.conventions is 'thai', but its signature has no conv field"),
        (lambda d: d["dictionary"].update(source="train"),
         "its dictionary.source is 'train', but its signature has dict:words"),
    ],
    ids=["beta", "beta-signature", "unit", "ci", "match", "mismatch", "conventions", "dict"],
)  # fmt: skip
def test_options_that_disagree_with_the_signature_are_refused(
    fixture_report, tmp_path, edit, problem: str
) -> None:
    assert _refused(_edited(fixture_report, edit), tmp_path) == f"{problem} ({CHECK_HINT})"


def test_a_beta_out_of_the_options_range_is_refused_though_its_signature_agrees(
    fixture_report, tmp_path
) -> None:
    def beta_5000(document: dict) -> None:
        document["options"].update(beta=5000.0)
        document["signature"] = document["signature"].replace("|beta:2", "|beta:5000")

    assert _refused(_edited(fixture_report, beta_5000), tmp_path) == (
        f"its options.beta is 5000.0, not a number from 0.001 to 1000 ({CHECK_HINT})"
    )


def test_schema_version_0_is_refused(fixture_report, tmp_path) -> None:
    zero = _edited(fixture_report, lambda d: d.update(schema_version=0))
    assert _refused(zero, tmp_path) == (
        "its schema_version is 0, and wsscore's start at 1 "
        "(give the output of `wsscore score -f json`)"
    )


def _metric(name: str, value: object) -> Callable[[dict], object]:
    return lambda d: d["systems"][0]["metrics"].update({name: value})


def _recall_ci_low() -> float:
    """The bakeoff interval's low end of R = 21/36: R - 2·sqrt(R(1 - R)/36)."""
    recall = 21 / 36
    return recall - 2 * (recall * (1 - recall) / 36) ** 0.5


@pytest.mark.parametrize(
    ("edit", "key", "stored", "expected"),
    [
        # F_2 of the fixture: 5·P·R / (4·P + R) = 5·21 / (4·36 + 30) = 105/174.
        (_metric("f1", 5.0), "metrics.f1", "5.0", 105 / 174),
        (_metric("recall", 0.6), "metrics.recall", "0.6", 21 / 36),
        (_metric("beta", 1.0), "metrics.beta", "1.0", 2.0),
        (_metric("oov_recall", None), "metrics.oov_recall", "null", 2 / 6),
        (lambda d: d["systems"][0]["metrics"]["recall_ci"].update(low=0.1),
         "metrics.recall_ci.low", "0.1", _recall_ci_low()),
        (_metric("f_mean", 0.7), "metrics.f_mean", "0.7", 210 / 354),  # docs/metrics.md §5.3
        (lambda d: d["systems"][0]["counts"].update(iv_words=31), "counts.iv_words", "31", 30),
    ],
    ids=["f-5", "recall", "beta", "oov-null", "interval", "f-mean", "iv"],
)  # fmt: skip
def test_figures_other_than_the_counts_give_are_refused(
    fixture_report, tmp_path, edit, key: str, stored: str, expected: float
) -> None:
    message = _refused(_edited(fixture_report, edit), tmp_path)
    head = f"system 'mine' has systems[0].{key} {stored}, but its counts give "
    assert message.startswith(head) and message.endswith(f" ({CHECK_HINT})")
    given = message.removeprefix(head).removesuffix(f" ({CHECK_HINT})")
    assert float(given) == pytest.approx(expected, rel=1e-12)


def test_the_figures_the_counts_cannot_give_are_ratios(real_reports, tmp_path) -> None:
    # A difficulty-weighted figure and a bootstrap interval are not computed again; the
    # weighted ones, and --match diff's precision, must still lie in [0, 1].
    committee = json.loads(real_reports["committee"].read_text(encoding="utf-8"))
    name = committee["systems"][0]["name"]
    for value in (1.5, -0.1, "0.5"):
        edited = _edited(committee, _metric("r_b", value))
        path = tmp_path / "weighted.json"
        path.write_text(json.dumps(edited), encoding="utf-8")
        with pytest.raises(WsscoreError) as refused:
            load_previous(str(path))
        assert str(refused.value) == (
            f"{path}: not a wsscore report: system {name!r} has systems[0].metrics.r_b "
            f"{value!r}, not a ratio in [0, 1] ({CHECK_HINT})"
        )
    diff = json.loads(real_reports["diff"].read_text(encoding="utf-8"))
    path = tmp_path / "diff.json"
    path.write_text(json.dumps(_edited(diff, _metric("precision", 1.2))), encoding="utf-8")
    with pytest.raises(WsscoreError, match=r"metrics\.precision 1\.2, not a ratio in"):
        load_previous(str(path))
    boot = json.loads(real_reports["bootstrap"].read_text(encoding="utf-8"))
    assert boot["systems"][0]["metrics"]["recall_ci"] is not None  # drawn: read as it is


def test_documents_given_in_python_are_checked_as_files_are(fixture_report) -> None:
    # What json.load lets through: NaN, a count of any size, a β that is not finite.
    cases = {
        "nan": (_metric("f1", float("nan")), "has systems[0].metrics.f1 nan, but its counts give"),
        "count": (
            lambda d: d["systems"][0]["counts"].update(correct=10**5000),
            "the key 'systems[0].counts.correct' is beyond any count (2^53 - 1)",
        ),
        "beta": (
            lambda d: d["options"].update(beta=float("inf")),
            "the key 'options.beta' is not a finite number",
        ),
    }
    for edit, problem in cases.values():
        with pytest.raises(WsscoreError) as refused:
            merge_reports([_edited(fixture_report, edit)])
        assert problem in str(refused.value)
        assert str(refused.value).startswith("shard 1: not a wsscore report: ")


def test_the_internal_errors_of_the_issue_are_refusals(fixture_report, tmp_path) -> None:
    # correct > pred_words gave "math domain error"; oov_correct 9 > oov_words 4 printed
    # R_oov 2.25; a system's gold_words other than the gold's was added without a word.
    cases = [
        (lambda d: d["systems"][0]["counts"].update(correct=31), "correct (31) > pred_words (30)"),
        (
            lambda d: d["systems"][0]["counts"].update(oov_correct=9, oov_words=4),
            "oov_correct (9) > oov_words (4)",
        ),
        (lambda d: d["gold"].update(words=37), "gold_words (36) ≠ gold.words (37)"),
    ]
    for edit, broken in cases:
        assert _refused(_edited(fixture_report, edit), tmp_path) == (
            f"system 'mine' (systems[0].counts) has {broken} ({CHECK_HINT})"
        )


def test_a_merge_with_another_interval_method_passes_the_checks(real_reports, tmp_path) -> None:
    # Bootstrap shards merged with --ci wilson: the options and signature say wilson.
    first = real_reports["bootstrap"]
    second = tmp_path / "second.json"
    document = json.loads(first.read_text(encoding="utf-8"))
    document["gold"]["path"] += ".2"
    second.write_text(json.dumps(document), encoding="utf-8")
    merged = json.loads(json.dumps(merge_reports([first, second], ci="wilson").as_dict()))
    assert merged["options"]["ci"] == "wilson" and "|ci:wilson|" in merged["signature"]
    check_report(parse_shard("merged", merged), merged)
