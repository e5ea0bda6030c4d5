"""Write the seed corpus of the fuzz target (fuzz/corpus/) from small hand-written texts.

    python fuzz/make_corpus.py            # (re)writes fuzz/corpus/seed-*.bin

Each seed is a fuzz input in the layout fuzz_wsscore.py describes: a header of run options, then
a gold, a prediction and a dictionary. The seeds cover each encoding, the three mismatch
policies, compression, small reading blocks, and the usual ways a prediction differs from its
gold (other word boundaries, other line breaks, missing or extra lines, other characters).
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from fuzz_wsscore import build, make_case

CORPUS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus")

GOLD = "我们  在  北京  大学  读书\n今天  天气  很  好  。\n他  说  ：  “  研究  生命  ”  。\n"
PRED = "我们 在 北京大学 读书\n今天 天气 很好 。\n他 说 ： “ 研究生 命 ” 。\n"
WORDS = "我们\n在\n北京\n大学\n今天\n天气\n很\n好\n研究\n。\n"
# The same characters with other line breaks, a missing line, an extra line, other characters.
PRED_BREAKS = "我们 在\n北京大学 读书 今天\n天气 很好 。\n他 说 ： “ 研究生 命 ” 。\n"
PRED_MISSING = "我们 在 北京大学 读书\n他 说 ： “ 研究生 命 ” 。\n"
PRED_EXTRA = "我们 在 北京大学 读书\n多余 的 一行\n今天 天气 很好 。\n他 说 ： “ 研究生 命 ” 。\n"
PRED_OTHER = "我们 在 北京大学 看书\n今天 天气 很好 !\n他 说 ： “ 研究生 命 ” 。\n"
# Traditional characters for Big5, and Cantonese characters that only Big5-HKSCS has.
GOLD_TRAD = "我們  在  北京  大學  讀書\n今天  天氣  很  好  。\n"
PRED_TRAD = "我們 在 北京大學 讀書\n今天 天氣 很好 。\n"
WORDS_TRAD = "我們\n在\n北京\n大學\n今天\n"
GOLD_HKSCS = "佢哋  去咗  旺角  ‧  買  嘢  嘅\n"
PRED_HKSCS = "佢哋 去 咗 旺角‧買 嘢 嘅\n"


def big5_hkscs(text: str) -> bytes:
    """CP950 where it has the character, else Big5-HKSCS (wsscore's rule, docs/architecture.md)."""
    out = bytearray()
    for char in text:
        try:
            out += char.encode("cp950")
        except UnicodeEncodeError:
            out += char.encode("big5hkscs")
    return bytes(out)


def seeds() -> dict[str, bytes]:
    utf8 = {"gold": GOLD.encode(), "pred": PRED.encode(), "words": WORDS.encode()}
    found = {
        "utf8-auto": make_case(utf8["gold"], utf8["pred"], utf8["words"]),
        "utf8-explicit-extra-detail": make_case(
            utf8["gold"],
            utf8["pred"],
            utf8["words"],
            gold_encoding="utf-8",
            pred_encoding="utf-8",
            dict_encoding="utf-8",
            extra=True,
            detail=True,
        ),
        "utf8-train-gold-twice": make_case(
            utf8["gold"], utf8["pred"], utf8["gold"], dictionary_kind=2, gold_twice=True
        ),
        "utf8-no-dictionary-pure": make_case(
            utf8["gold"], utf8["pred"], dictionary_kind=0, pure_python=True
        ),
        "line-breaks": make_case(utf8["gold"], PRED_BREAKS.encode(), utf8["words"], detail=True),
        "missing-line-align": make_case(
            utf8["gold"], PRED_MISSING.encode(), utf8["words"], mismatch="align", extra=True
        ),
        "extra-line-align": make_case(
            utf8["gold"], PRED_EXTRA.encode(), utf8["words"], mismatch="align", detail=True
        ),
        "other-chars-warn": make_case(utf8["gold"], PRED_OTHER.encode(), utf8["words"]),
        "other-chars-error": make_case(
            utf8["gold"], PRED_OTHER.encode(), utf8["words"], mismatch="error"
        ),
        "bom-crlf": make_case(
            b"\xef\xbb\xbf" + GOLD.replace("\n", "\r\n").encode(),
            PRED.encode(),
            WORDS.replace("\n", "\r\n").encode(),
        ),
        "damaged-utf8-strict": make_case(
            utf8["gold"], utf8["pred"][:-8] + b"\xff\xfe\n", utf8["words"], strict=True
        ),
        "damaged-utf8": make_case(utf8["gold"], utf8["pred"][:-8] + b"\xff\xfe\n", utf8["words"]),
        "gbk-auto": make_case(
            GOLD.encode("gbk"), PRED.encode("gbk"), WORDS.encode("gbk"), extra=True
        ),
        "gbk-explicit-small-blocks": make_case(
            GOLD.encode("gbk"),
            PRED.encode("gbk"),
            WORDS.encode("gbk"),
            gold_encoding="gbk",
            pred_encoding="gbk",
            dict_encoding="gbk",
            block_size=5,
        ),
        "gbk-gold-utf8-pred": make_case(GOLD.encode("gbk"), utf8["pred"], utf8["words"]),
        "gb18030-four-byte": make_case(
            "€  x\n".encode("gb18030"), "€ x\n".encode("gb18030"), gold_encoding="gb18030"
        ),
        "big5-auto": make_case(
            GOLD_TRAD.encode("cp950"),
            PRED_TRAD.encode("cp950"),
            WORDS_TRAD.encode("cp950"),
            detail=True,
        ),
        "big5-explicit-blocks": make_case(
            GOLD_TRAD.encode("cp950"),
            PRED_TRAD.encode("cp950"),
            WORDS_TRAD.encode("cp950"),
            gold_encoding="big5",
            pred_encoding="big5",
            dict_encoding="big5",
            block_size=3,
        ),
        "hkscs": make_case(
            big5_hkscs(GOLD_HKSCS),
            big5_hkscs(PRED_HKSCS),
            gold_encoding="big5-hkscs",
            pred_encoding="big5-hkscs",
            extra=True,
        ),
        "utf16": make_case(
            GOLD.encode("utf-16"),
            PRED.encode("utf-16"),
            WORDS.encode("utf-16"),
            gold_encoding="utf-16",
            pred_encoding="utf-16",
            dict_encoding="utf-16",
            block_size=16,
        ),
        "utf16-auto": make_case(GOLD.encode("utf-16"), PRED.encode("utf-16"), utf8["words"]),
        "utf16le-odd": make_case(
            GOLD.encode("utf-16-le") + b"\x00",
            PRED.encode("utf-16-le"),
            gold_encoding="utf-16-le",
            pred_encoding="utf-16-le",
        ),
        "gzip-gold": make_case(
            utf8["gold"], utf8["pred"], utf8["words"], compressed="gold", compression="gzip"
        ),
        "bz2-pred": make_case(
            utf8["gold"], utf8["pred"], utf8["words"], compressed="pred", compression="bz2"
        ),
        "xz-words": make_case(
            utf8["gold"], utf8["pred"], utf8["words"], compressed="words", compression="xz"
        ),
        "utf32": make_case(
            GOLD.encode("utf-32"),
            PRED.encode("utf-32"),
            WORDS.encode("utf-32"),
            gold_encoding="utf-32",
            pred_encoding="utf-32",
            dict_encoding="utf-32",
            block_size=8,
        ),
        "shift-jis": make_case(
            "私  は  学生  です\n".encode("shift_jis"),
            "私は 学生 です\n".encode("shift_jis"),
            "私\n学生\n".encode("shift_jis"),
            gold_encoding="shift_jis",
            pred_encoding="shift_jis",
            dict_encoding="shift_jis",
        ),
        "latin-1-pred": make_case(
            "caf\u00e9  au  lait\n".encode(),
            "caf\u00e9 au lait\n".encode("latin-1"),
            pred_encoding="latin-1",
        ),
        "empty-lines": make_case(b"\n\na b\n\n\nc\n", b"a\nb\n\n\n\nc", b"a\n"),
        "spaces": make_case(
            "a\u3000b\x1cc\ufeffd\n".encode(), b"a b c d\n", b"a\nb\n", detail=True
        ),
        "empty": make_case(b"", b"", b""),
        "pred-past-end": make_case(b"a b\n", b"a b\nc d\n", b"", mismatch="align", extra=True),
    }
    return {name: build(case) for name, case in found.items()}


def main() -> None:
    os.makedirs(CORPUS, exist_ok=True)
    for old in os.listdir(CORPUS):
        if old.startswith("seed-"):
            os.remove(os.path.join(CORPUS, old))
    for name, data in seeds().items():
        with open(os.path.join(CORPUS, f"seed-{name}.bin"), "wb") as handle:
            handle.write(data)


if __name__ == "__main__":
    main()
