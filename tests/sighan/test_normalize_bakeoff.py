"""``--normalize mccws`` on the four SIGHAN 2005 corpora against the published preprocessing.

The preprocessing of the multi-criteria segmenters (``convert_corpus.py``) is restated here from
its description, not from wsscore's code: full-width to half-width (U+3000 to a space,
U+FF01..U+FF5E minus 0xFEE0), then in each word the runs ``(-|\\+)?\\d+((\\.|·)\\d+)?%?`` become
``0`` and the runs ``[A-Za-z_.]+`` become ``X``. The normalised gold and word list are written
out, the normalised text is segmented by maximum matching (the bakeoff's baseline), and that
segmentation scored plainly against the normalised files gives the counts it gets with
``--normalize mccws`` against the official ones.

The figures (characters rewritten, the baseline's F before and after) are those of
docs/metrics.md §1.8.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

import pytest
from conftest import gold_path

import wsscore
from wsscore.segmenters.maxmatch import MaxMatcher, segment_lines

NUMBER = re.compile(r"(-|\+)?\d+((\.|·)\d+)?%?")
LATIN = re.compile(r"[A-Za-z_.]+")


def _half_width(char: str) -> str:
    code = ord(char)
    if code == 0x3000:
        return " "
    return chr(code - 0xFEE0) if 0xFF01 <= code <= 0xFF5E else char


def _published(line: str) -> list[str]:
    """A line's words as the published code rewrites them."""
    return [
        LATIN.sub("X", NUMBER.sub("0", word)) for word in "".join(map(_half_width, line)).split()
    ]


def _changed(line: str) -> int:
    """How many of a line's characters the published code changes: folded to half-width, or
    part of a run that became 0 or X."""
    changed = 0
    for word in line.split():
        folded = "".join(map(_half_width, word))
        pairs = enumerate(zip(word, folded, strict=True))
        marked = {at for at, (raw, half) in pairs if raw != half}
        # The word after the digits step, each character with its place in the word (None: 0).
        kept: list[tuple[str, int | None]] = []
        last = 0
        for run in NUMBER.finditer(folded):
            marked.update(range(*run.span()))
            kept += [*zip(folded[last : run.start()], range(last, run.start()), strict=True)]
            kept.append(("0", None))
            last = run.end()
        kept += zip(folded[last:], range(last, len(folded)), strict=True)
        for run in LATIN.finditer("".join(char for char, _ in kept)):
            marked.update(kept[at][1] for at in range(*run.span()))
        changed += len(marked)
    return changed


class Figures(NamedTuple):
    characters: int  # of the gold's words
    folded: int  # full-width characters of the gold, folded by width
    changed: int  # characters that mccws rewrites (folded, or in a run)
    after: int  # characters left once mccws made each run one
    official: tuple[int, int, int]  # baseline: gold words, predicted words, right
    normalised: tuple[int, int, int]  # the same on the normalised files


# fmt: off
FIGURES = {
    "as": Figures(197681, 15652, 17556, 193746, (122610, 129366, 111765), (122610, 126576, 112201)),
    "cityu": Figures(67689, 3440, 5811, 66362, (40936, 44340, 37176), (40936, 44018, 37198)),
    "msr": Figures(
        184355, 14632, 14819, 181011, (106873, 111480, 102268), (106873, 110192, 102692)
    ),
    "pku": Figures(172733, 8777, 15014, 169006, (104372, 112281, 94641), (104372, 107052, 96828)),
}
# fmt: on


def _counts(report: wsscore.Report) -> tuple[int, int, int]:
    counts = report.systems[0].counts
    return counts.gold_words, counts.pred_words, counts.correct


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


@pytest.mark.slow
@pytest.mark.parametrize("corpus", sorted(FIGURES))
def test_normalize_mccws_scores_as_the_published_files(
    corpus: str, icwb2: Path, tmp_path: Path
) -> None:
    gold = gold_path(icwb2, corpus, "utf8")
    words = icwb2 / "gold" / f"{corpus}_training_words.utf8"
    lines = gold.read_text(encoding="utf-8-sig").splitlines()
    entries = words.read_text(encoding="utf-8-sig").splitlines()
    text = [" ".join(_published(line)) for line in lines]
    new_gold = _write(tmp_path / "gold", text)
    known = sorted({word for entry in entries for word in _published(entry)})
    new_words = _write(tmp_path / "words", known)
    baseline = tmp_path / "mm"
    baseline.write_text("".join(segment_lines(text, MaxMatcher(known))), encoding="utf-8")

    plain = wsscore.score(new_gold, baseline, dictionary=new_words)
    normalised = wsscore.score(gold, baseline, dictionary=words, normalize="mccws")
    assert plain.systems[0].counts == normalised.systems[0].counts
    assert "norm:mccws" in normalised.signature
    # Rewritten, the official files are still named: the signature says how they were read.
    known_as = f"corpus:sighan2005/{corpus}|dict:sighan2005/{corpus}-words|"
    assert known_as in normalised.signature

    official_mm = tmp_path / "official-mm"
    matcher = MaxMatcher(entries)
    official_mm.write_text("".join(segment_lines(lines, matcher)), encoding="utf-8")
    official = wsscore.score(gold, official_mm, dictionary=words)
    figures = FIGURES[corpus]
    assert _counts(official) == figures.official
    assert _counts(plain) == figures.normalised
    characters = sum(len("".join(line.split())) for line in lines)
    folded = sum(1 for line in lines for char in line if 0xFF01 <= ord(char) <= 0xFF5E)
    assert (characters, folded) == (figures.characters, figures.folded)
    after = sum(len("".join(line.split())) for line in text)
    changed = sum(map(_changed, lines))
    assert (changed, after) == (figures.changed, figures.after), (corpus, changed, after)
