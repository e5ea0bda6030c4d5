"""Remake the real segmenter outputs of fixtures/japanese/ from its sentences.txt.

Run in a scratch environment, never as a test dependency::

    python3 -m venv /tmp/ja-tools
    /tmp/ja-tools/bin/pip install fugashi unidic-lite sudachipy sudachidict_core
    /tmp/ja-tools/bin/python tools/make_japanese_fixtures.py fixtures/japanese

It writes, for fugashi (MeCab with unidic-lite) and SudachiPy (mode C, sudachidict_core):

- ``<tool>.mecab`` (fugashi's gzipped, ``.mecab.gz``): MeCab's layout,
  ``surface<TAB>features`` and ``EOS`` (fugashi: MeCab's own feature string, quoted fields
  and all; SudachiPy: its part of speech joined by commas);
- ``<tool>.kytea``: KyTea's full layout, ``word/pos/reading`` separated by spaces, with
  KyTea's backslash escapes (a space, slash, ampersand or backslash of a word is escaped);
  the part of speech is the first level, the reading the katakana one (the surface when the
  tool has none).

``gold.mecab`` is not written here: it is fugashi.mecab corrected by hand (README.md).
"""

from __future__ import annotations

import gzip
import sys
from pathlib import Path

KYTEA_SPECIAL = set("\\/& \u3000\t")


def kytea_escaped(text: str) -> str:
    return "".join("\\" + char if char in KYTEA_SPECIAL else char for char in text)


def fugashi_rows(sentences: list[str]) -> list[list[tuple[str, str, str, str]]]:
    """(surface, MeCab feature string, pos1, reading) per token per sentence."""
    import fugashi

    tagger = fugashi.Tagger()
    out = []
    for sentence in sentences:
        rows = []
        for word in tagger(sentence):
            kana = getattr(word.feature, "kana", None)
            rows.append((word.surface, word.feature_raw, word.feature.pos1, kana or word.surface))
        out.append(rows)
    return out


def sudachi_rows(sentences: list[str]) -> list[list[tuple[str, str, str, str]]]:
    from sudachipy import dictionary, tokenizer

    split = dictionary.Dictionary().create(tokenizer.Tokenizer.SplitMode.C)
    out = []
    for sentence in sentences:
        rows = []
        for morpheme in split.tokenize(sentence):
            pos = morpheme.part_of_speech()
            reading = morpheme.reading_form() or morpheme.surface()
            rows.append((morpheme.surface(), ",".join(pos), pos[0], reading))
        out.append(rows)
    return out


def write(folder: Path, tool: str, rows: list[list[tuple[str, str, str, str]]]) -> None:
    mecab = "".join(
        "".join(f"{surface}\t{features}\n" for surface, features, _, _ in sentence) + "EOS\n"
        for sentence in rows
    )
    kytea = "".join(
        " ".join(
            f"{kytea_escaped(surface)}/{kytea_escaped(pos)}/{kytea_escaped(reading)}"
            for surface, _, pos, reading in sentence
        )
        + "\n"
        for sentence in rows
    )
    if tool == "fugashi":  # every UniDic field: large, so gzipped (no name or time: reproducible)
        path = folder / f"{tool}.mecab.gz"
        with open(path, "wb") as raw, gzip.GzipFile(fileobj=raw, mode="wb", mtime=0) as packed:
            packed.write(mecab.encode("utf-8"))
    else:
        (folder / f"{tool}.mecab").write_text(mecab, encoding="utf-8")
    (folder / f"{tool}.kytea").write_text(kytea, encoding="utf-8")


def main() -> None:
    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "fixtures/japanese")
    sentences = (folder / "sentences.txt").read_text(encoding="utf-8").splitlines()
    write(folder, "fugashi", fugashi_rows(sentences))
    write(folder, "sudachi", sudachi_rows(sentences))


if __name__ == "__main__":
    main()
