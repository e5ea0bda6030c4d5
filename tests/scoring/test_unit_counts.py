"""Counting in units (docs/metrics.md §1.7): the boundary figures, TNR and the character-level
counts in graphemes and syllables, against counts made here from the files, without wsscore's
counting code, and the worked examples of docs/design-units.md §4."""

from __future__ import annotations

import unicodedata
from itertools import accumulate, pairwise
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from wsscore.core.records import SentenceDetail
from wsscore.core.reference import align_line, line_extra
from wsscore.errors import Warnings
from wsscore.inputs.options import InputOptions
from wsscore.metrics.boundaries import sentence_extra
from wsscore.scoring.gold_units import GoldUnits
from wsscore.scoring.scorer import score

FIXTURES = Path(__file__).parents[2] / "fixtures"
BOUNDARY_KEYS = ("substrings", "gold_boundaries", "pred_boundaries", "correct_boundaries")
CHAR_KEYS = ("char_tp", "char_fp", "char_tn", "char_fn")


def _system(gold: Path, pred: Path, **options: object) -> dict[str, object]:
    report = score(str(gold), [str(pred)], inputs=InputOptions(**options), extra=True)  # type: ignore[arg-type]
    system: dict[str, object] = report.as_dict()["systems"][0]  # type: ignore[index]
    return system


def _counts(system: dict[str, object]) -> dict[str, int]:
    counts = system["counts"]
    assert isinstance(counts, dict)
    return counts


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- independent counts: positions between units, from the tokens' own units ---------------


def _line_counts(gold_units: list[int], pred_units: list[int]) -> dict[str, int]:
    """The unit counts of one line from its words' lengths in units (both sides made of the
    same units, none cut)."""
    units = sum(gold_units)
    gold = set(accumulate(gold_units[:-1]))
    pred = set(accumulate(pred_units[:-1]))
    both = len(gold & pred)
    return {
        "substrings": units * (units + 1) // 2,
        "gold_boundaries": len(gold),
        "pred_boundaries": len(pred),
        "correct_boundaries": both,
        "char_tp": both + 1,
        "char_fp": len(pred) - both,
        "char_tn": units - 1 - len(gold) - len(pred) + both,
        "char_fn": len(gold) - both,
    }


def _summed(lines: list[dict[str, int]]) -> dict[str, int]:
    return {key: sum(line[key] for line in lines) for key in lines[0]}


def _syllables_per_word(line: str) -> list[int]:
    return [token.count("_") + 1 for token in line.split()]


def test_vietnamese_counts_syllables_by_default() -> None:
    gold = FIXTURES / "vietnamese" / "gold.vlsp.txt"
    pred = FIXTURES / "vietnamese" / "pyvi.vlsp.txt"
    gold_lines = gold.read_text(encoding="utf-8").splitlines()
    pred_lines = pred.read_text(encoding="utf-8").splitlines()
    expected = _summed(
        [
            _line_counts(_syllables_per_word(g), _syllables_per_word(p))
            for g, p in zip(gold_lines, pred_lines, strict=True)
            if g.strip()
        ]
    )
    system = _system(gold, pred)
    counts = _counts(system)
    assert {key: counts[key] for key in expected} == expected
    assert counts["unit_cuts"] == 0
    assert expected["char_tn"] == 53  # the figure of the CHANGELOG entry
    # TNR over substrings of syllables: every wrong predicted word is one (no cut inside).
    metrics = system["metrics"]
    assert isinstance(metrics, dict)
    false_positives = counts["pred_words"] - counts["correct"]
    negatives = expected["substrings"] - counts["gold_words"]
    assert metrics["tnr"] == pytest.approx(1 - false_positives / negatives)


def test_vietnamese_in_characters_on_request() -> None:
    gold = FIXTURES / "vietnamese" / "gold.vlsp.txt"
    pred = FIXTURES / "vietnamese" / "pyvi.vlsp.txt"
    chars = _counts(_system(gold, pred, unit="char"))
    syllables = _counts(_system(gold, pred))
    same = ("gold_words", "pred_words", "correct", *BOUNDARY_KEYS[1:], "char_tp", "char_fp")
    assert {k: chars[k] for k in same} == {k: syllables[k] for k in same}
    assert chars["char_tn"] == 715 and chars["substrings"] == 16919
    assert "unit_cuts" not in chars  # a run in characters keeps the keys it always had


def _thai_clusters(word: str) -> list[int]:
    """Thai clusters by the one rule Thai text needs: a mark (Mn, Mc) or SARA AM joins the
    character before it (UAX #29's Extend and SpacingMark; no Prepend in Thai)."""
    lengths: list[int] = []
    for char in word:
        joins = unicodedata.category(char) in ("Mn", "Mc") or char == "\u0e33"
        if joins and lengths:
            lengths[-1] += 1
        else:
            lengths.append(1)
    return lengths


def _best_words(line: str) -> list[str]:
    """BEST's words: ended by ``|``, a space no word, the <NE> marks no text."""
    for mark in ("<NE>", "</NE>", "<AB>", "</AB>", "<POEM>", "</POEM>"):
        line = line.replace(mark, "")
    return ["".join(word.split()) for word in line.split("|") if word.strip()]


@pytest.mark.parametrize("engine", ["newmm", "longest"])
def test_thai_counts_graphemes(engine: str) -> None:
    gold = FIXTURES / "thai" / "gold.best.txt"
    pred = FIXTURES / "thai" / f"{engine}.best.txt"
    lines = []
    for gold_line, pred_line in zip(
        gold.read_text(encoding="utf-8").splitlines(),
        pred.read_text(encoding="utf-8").splitlines(),
        strict=True,
    ):
        gold_words, pred_words = _best_words(gold_line), _best_words(pred_line)
        if not gold_words:
            continue
        gold_units = [len(_thai_clusters(word)) for word in gold_words]
        pred_units = [len(_thai_clusters(word)) for word in pred_words]
        assert sum(gold_units) == sum(pred_units)  # no cut inside a cluster in these files
        lines.append(_line_counts(gold_units, pred_units))
    expected = _summed(lines)
    counts = _counts(_system(gold, pred, unit="grapheme"))
    assert {key: counts[key] for key in expected} == expected
    assert counts["unit_cuts"] == counts["unit_cut_words"] == 0
    chars = _counts(_system(gold, pred))
    assert chars["char_tn"] > counts["char_tn"]  # fewer positions between clusters


def test_chinese_graphemes_are_its_characters() -> None:
    gold, pred = FIXTURES / "gold.txt", FIXTURES / "pred.txt"
    chars = _counts(_system(gold, pred))
    graphemes = _counts(_system(gold, pred, unit="grapheme"))
    assert graphemes.pop("unit_cuts") == graphemes.pop("unit_cut_words") == 0
    assert graphemes == chars


# --- the worked examples of docs/design-units.md §4 ------------------------------------------


def test_thai_cut_at_a_cluster_edge(tmp_path: Path) -> None:
    gold = _write(tmp_path, "gold.best.txt", "กำลัง|ทำ|\n")
    pred = _write(tmp_path, "pred.best.txt", "กำ|ลัง|ทำ|\n")
    chars, units = _system(gold, pred), _system(gold, pred, unit="grapheme")
    assert _counts(chars)["substrings"] == 28 and _counts(units)["substrings"] == 10
    assert chars["metrics"]["tnr"] == pytest.approx(1 - 2 / 26)  # type: ignore[index]
    assert units["metrics"]["tnr"] == pytest.approx(1 - 2 / 8)  # type: ignore[index]
    assert _counts(chars)["char_tn"] == 4 and _counts(units)["char_tn"] == 1


def test_thai_cut_inside_a_cluster(tmp_path: Path) -> None:
    gold = _write(tmp_path, "gold.best.txt", "กำลัง|ทำ|\n")
    pred = _write(tmp_path, "pred.best.txt", "ก|ำลัง|ทำ|\n")
    warnings = Warnings(quiet=True)
    units = _system(gold, pred, unit="grapheme", warnings=warnings)
    counts, metrics = _counts(units), units["metrics"]
    assert isinstance(metrics, dict)
    assert (counts["pred_boundaries"], counts["correct_boundaries"]) == (1, 1)
    assert (counts["unit_cuts"], counts["unit_cut_words"]) == (1, 2)
    assert metrics["boundary_precision"] == 1.0 and metrics["tnr"] == 1.0
    assert metrics["precision"] == pytest.approx(1 / 3)  # the words it makes are wrong
    assert any(
        "1 predicted word boundary falls inside a grapheme of the gold" in message
        for message in warnings.messages
    )
    chars = _system(gold, pred)
    assert chars["metrics"]["boundary_precision"] == 0.5  # type: ignore[index]


def test_an_emoji_sequence_cut_at_its_joiners(tmp_path: Path) -> None:
    family = "\U0001f468\u200d\U0001f469\u200d\U0001f467"
    gold = _write(tmp_path, "gold.txt", f"家族 {family} です\n")
    cut = " ".join(["\U0001f468\u200d", "\U0001f469\u200d", "\U0001f467"])
    pred = _write(tmp_path, "pred.txt", f"家族 {cut} です\n")
    chars = _system(gold, pred, warnings=Warnings(quiet=True))
    units = _system(gold, pred, unit="grapheme", warnings=Warnings(quiet=True))
    assert chars["metrics"]["boundary_precision"] == 0.5  # type: ignore[index]
    assert chars["metrics"]["tnr"] == pytest.approx(1 - 3 / 42)  # type: ignore[index]
    metrics = units["metrics"]
    assert isinstance(metrics, dict)
    assert metrics["boundary_precision"] == metrics["boundary_recall"] == 1.0
    assert metrics["tnr"] == 1.0
    assert _counts(units)["unit_cuts"] == 2
    assert metrics["recall"] == pytest.approx(2 / 3)


def test_conllu_forms_with_spaces_give_syllables(tmp_path: Path) -> None:
    rows = [("Hà Nội", "PROPN"), ("là", "AUX"), ("thủ đô", "NOUN")]
    lines = [f"{i}\t{form}\t_\t{tag}\t_\t_\t_\t_\t_\t_" for i, (form, tag) in enumerate(rows, 1)]
    gold = _write(
        tmp_path, "gold.conllu", "# text = Hà Nội là thủ đô\n" + "\n".join(lines) + "\n\n"
    )
    pred = _write(tmp_path, "pred.vlsp.txt", "Hà Nội là thủ_đô\n")
    system = _system(gold, pred, unit="syllable", pred_format="vlsp")
    counts = _counts(system)
    assert counts["substrings"] == 15 and counts["char_tn"] == 1
    assert system["metrics"]["tnr"] == pytest.approx(1 - 2 / 12)  # type: ignore[index]
    # Without --unit, a CoNLL-U gold counts characters.
    assert _counts(_system(gold, pred, pred_format="vlsp"))["substrings"] == 78


def _detail(line: int, words: list[str]) -> SentenceDetail:
    marks = [True] * len(words)
    return SentenceDetail(line, words, words, marks, marks)


def test_gold_units_forget_the_lines_every_system_counted() -> None:
    units = GoldUnits("syllable", systems=2, keep=True)
    text = units.take_marks("Hà\0Nội là\nthủ\0đô\nvà\n", 1)
    assert text == "HàNội là\nthủđô\nvà\n"
    assert list(units.edges(0, _detail(1, ["HàNội", "là"]))) == [0, 2, 5, 7]
    assert list(units.edges(0, _detail(2, ["thủđô"]))) == [0, 3, 5]
    assert units.held == 2  # system 1 has counted neither
    assert list(units.edges(1, _detail(1, ["HàNội", "là"]))) == [0, 2, 5, 7]
    assert list(units.edges(1, _detail(2, ["thủđô"]))) == [0, 3, 5]
    assert units.held == 1  # line 2 is the last either counted
    assert list(units.edges(1, _detail(3, ["và"]))) == [0, 2]  # a word of one syllable
    assert units.held == 1
    assert list(units.edges(0, _detail(3, ["và"]))) == [0, 2]
    assert units.held == 0


# --- the two paths agree: lines counted in bulk, and each from its detail --------------------

_PIECES = ["ก", "ำ", "ั", "ง", "a", "\u0301", "中", "\U0001f468", "\u200d", "\U0001f469"]


@st.composite
def _segmentations(draw: st.DrawFn) -> tuple[list[str], list[str]]:
    text = "".join(draw(st.lists(st.sampled_from(_PIECES), min_size=1, max_size=12)))
    return _cut(text, draw), _cut(text, draw)


def _cut(text: str, draw: st.DrawFn) -> list[str]:
    cuts = draw(st.sets(st.integers(1, len(text) - 1))) if len(text) > 1 else set()
    ends = [0, *sorted(cuts), len(text)]
    return [text[a:b] for a, b in pairwise(ends)]


@given(_segmentations(), st.sampled_from(["grapheme", "syllable"]))
def test_lines_in_bulk_equal_their_details(pair: tuple[list[str], list[str]], unit: str) -> None:
    gold_words, pred_words = pair
    gold, pred = " ".join(gold_words), " ".join(pred_words)
    line = align_line(gold, pred, None)
    assert line is not None
    detail = SentenceDetail(
        1, gold_words, pred_words, line.gold_marks, line.pred_marks, list(line.pred_spans)
    )
    by_detail = GoldUnits(unit, systems=1, keep=True)
    in_bulk = GoldUnits(unit, systems=1, keep=True)
    expected = sentence_extra(detail, by_detail.edges(0, detail))
    in_chars = line_extra(line)
    assert in_chars + in_bulk.equal_lines(0, 1, [gold], [pred]) == expected


def test_a_chars_gold_of_syllables_counts_as_its_vlsp(tmp_path: Path) -> None:
    vlsp = FIXTURES / "vietnamese" / "gold.vlsp.txt"
    pred = FIXTURES / "vietnamese" / "pyvi.vlsp.txt"
    rows = []
    for line in vlsp.read_text(encoding="utf-8").splitlines():
        for word in line.split():
            syllables = word.split("_")
            if len(syllables) == 1:
                rows.append(f"{word}\tS")
            else:
                labels = ["B", *["M"] * (len(syllables) - 2), "E"]
                rows += [f"{s}\t{label}" for s, label in zip(syllables, labels, strict=True)]
        rows.append("")
    chars = _write(tmp_path, "gold.chars", "\n".join(rows) + "\n")
    from_chars = _counts(_system(chars, pred, unit="syllable", gold_format="chars"))
    from_vlsp = _counts(_system(vlsp, pred))
    assert from_chars == from_vlsp
    assert from_chars["char_tn"] == 53
