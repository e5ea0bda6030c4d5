"""Measure how often wsscore's grapheme clusters (wsscore/core/units.py: one stdlib ``re``
pattern from the pinned tables of wsscore/core/grapheme_tables.py) disagree with the ``regex``
package's ``\\X`` (docs/design-units.md). The two may differ where their Unicode versions do
(both are printed): the characters whose properties changed between the two versions.

Run it in a scratch environment that has ``regex`` (never a dependency of wsscore):

    python3 -m venv /work/venvs/h18-tools
    /work/venvs/h18-tools/bin/pip install regex click rich chardet
    /work/venvs/h18-tools/bin/python tools/compare_graphemes.py FILE...

Each file is read as UTF-8, split into words at white space; for each word both segmentations
are computed and compared. Prints, per file: words, clusters (``\\X``), words that disagree, and
the first disagreements.
"""

from __future__ import annotations

import sys
from pathlib import Path

import regex  # type: ignore[import-not-found]

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from wsscore.core.units import UNICODE_VERSION, graphemes


def compare(path: str) -> None:
    words = clusters = differing = 0
    shown: list[str] = []
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        for word in line.split():
            words += 1
            oracle = regex.findall(r"\X", word)
            clusters += len(oracle)
            mine = graphemes(word)
            if mine != oracle:
                differing += 1
                if len(shown) < 5:
                    shown.append(f"  {word!r}: regex {oracle!r} wsscore {mine!r}")
    print(f"{path}: {words} words, {clusters} clusters, {differing} words differ")
    print("\n".join(shown))


if __name__ == "__main__":
    print(f"regex {regex.__version__}; wsscore's tables: Unicode {UNICODE_VERSION}")
    for name in sys.argv[1:]:
        compare(name)
