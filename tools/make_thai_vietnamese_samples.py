"""Remake the Thai and Vietnamese samples of fixtures/thai/ and fixtures/vietnamese/.

Run it in a scratch virtual environment that has the tools (they are never dependencies of
wsscore or of its tests), naming the samples to remake (without a name, all of them):

    python3 -m venv /tmp/tools && /tmp/tools/bin/pip install pythainlp pyvi
    /tmp/tools/bin/python tools/make_thai_vietnamese_samples.py thai vietnamese

tltk pins scikit-learn 1.2, built for numpy 1, and imports pandas and requests without
requiring them: it gets a virtual environment of its own.

    python3 -m venv /tmp/tltk && /tmp/tltk/bin/pip install tltk "numpy<2" "pandas<2.3" requests
    /tmp/tltk/bin/python tools/make_thai_vietnamese_samples.py tltk

Thai (fixtures/thai/): each line of text.txt is segmented by pythainlp's ``newmm`` and
``longest`` engines and written in BEST layout, every token followed by ``|`` (a space of the
text is a token of its own, so it comes out as ``| |``, as in BEST). gold.best.txt is newmm's
output corrected by hand: the corrections are THAI_CORRECTIONS below, applied to it here.
pythainlp_stats.json holds, for each system, pythainlp's own
``benchmarks.word_tokenization`` counts of every line (``preprocessing`` then
``compute_stats``, as its ``benchmark`` does) and their sums, word level and character level.
tltk.txt is what tltk's ``nlp.word_segment`` returns for each of the last 30 lines of text.txt,
printed as it is (``w|w|<s/>``: ``<s/>`` where the text has a space, and at the end).

Vietnamese (fixtures/vietnamese/): each line of text.txt is segmented by pyvi's
``ViTokenizer.tokenize`` (VLSP layout: syllables joined by ``_``), pyvi.vlsp.txt, and tagged by
``ViPosTagger.postagging`` (``word/TAG``), pyvi.pos.vlsp.txt. gold.vlsp.txt is pyvi's output
corrected by hand: VIETNAMESE_CORRECTIONS below.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
THAI = ROOT / "fixtures" / "thai"
VIETNAMESE = ROOT / "fixtures" / "vietnamese"

# (line, newmm's piece, the gold's): named entities and an abbreviation marked as BEST marks
# them, day names and compounds newmm cut or joined otherwise than BEST's guidelines.
THAI_CORRECTIONS = (
    (2, "|ทั้งวัน|", "|ทั้ง|วัน|"),
    (4, "|วัน|ศุกร์|", "|วันศุกร์|"),
    (8, "|ตกหนัก|", "|ตก|หนัก|"),
    (9, "|วัน|ละ|", "|วันละ|"),
    (13, "ประเทศ|ไทย|", "<NE>ประเทศไทย</NE>|"),
    (14, "|ไปเที่ยว|", "|ไป|เที่ยว|"),
    (17, "|ทุกวัน|", "|ทุก|วัน|"),
    (20, "|ทั้งคืน|", "|ทั้ง|คืน|"),
    (21, "กรุงเทพมหานคร|", "<NE>กรุงเทพมหานคร</NE>|"),
    (21, "|ประเทศ|ไทย|", "|<NE>ประเทศไทย</NE>|"),
    (22, "|สม|ชาย|", "|<NE>สมชาย</NE>|"),
    (22, "|ธนาคารแห่งประเทศไทย|", "|<NE>ธนาคารแห่งประเทศไทย</NE>|"),
    (24, "|ตั้ง|แต่วัน|จันทร์|", "|ตั้งแต่|วันจันทร์|"),
    (24, "|วัน|พุธ|", "|วันพุธ|"),
    (30, "ผู้ว่าราชการจังหวัด|เชียงใหม่|", "ผู้ว่าราชการ|จังหวัด|<NE>เชียงใหม่</NE>|"),
    (31, "|พ.ศ.|", "|<AB>พ.ศ.</AB>|"),
    (31, "|เชียงใหม่|มากขึ้น|", "|<NE>เชียงใหม่</NE>|มาก|ขึ้น|"),
)

# (line, pyvi's piece, the gold's): words of two syllables pyvi left apart, and names.
VIETNAMESE_CORRECTIONS = (
    (2, "buổi sáng", "buổi_sáng"),
    (14, "kỳ nghỉ_hè", "kỳ_nghỉ hè"),
    (17, "Cái Răng", "Cái_Răng"),
    (25, "mùa mưa", "mùa_mưa"),
    (26, "Món ăn", "Món_ăn"),
    (27, "Tối qua", "Tối_qua"),
    (28, "ngày lễ", "ngày_lễ"),
    (29, "Nguyễn Văn_An", "Nguyễn_Văn_An"),
    (30, "Sông Hồng", "Sông_Hồng"),
)


def corrected(lines: list[str], corrections: tuple[tuple[int, str, str], ...]) -> list[str]:
    fixed = list(lines)
    for number, before, after in corrections:
        if fixed[number - 1].count(before) != 1:
            sys.exit(f"line {number}: {before!r} is not in it once: {fixed[number - 1]!r}")
        fixed[number - 1] = fixed[number - 1].replace(before, after)
    return fixed


def write(path: Path, lines: list[str]) -> None:
    path.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")


def thai() -> None:
    from pythainlp.benchmarks import word_tokenization as wt
    from pythainlp.tokenize import word_tokenize

    text = (THAI / "text.txt").read_text(encoding="utf-8").splitlines()
    systems = {
        engine: ["|".join(word_tokenize(line, engine=engine)) + "|" for line in text]
        for engine in ("newmm", "longest")
    }
    gold = corrected(systems["newmm"], THAI_CORRECTIONS)
    write(THAI / "gold.best.txt", gold)
    stats = {}
    for engine, lines in systems.items():
        write(THAI / f"{engine}.best.txt", lines)
        per_line = []
        for reference, sample in zip(gold, lines, strict=True):
            counts = wt.compute_stats(wt.preprocessing(reference), wt.preprocessing(sample))
            per_line.append(
                {"char_level": counts["char_level"], "word_level": counts["word_level"]}
            )
        stats[f"{engine}.best.txt"] = {
            "lines": per_line,
            "total": {
                level: {
                    key: sum(line[level][key] for line in per_line) for key in per_line[0][level]
                }
                for level in ("char_level", "word_level")
            },
        }
    import pythainlp

    document = {"gold": "gold.best.txt", "pythainlp": pythainlp.__version__, "systems": stats}
    (THAI / "pythainlp_stats.json").write_text(
        json.dumps(document, ensure_ascii=False, indent=1) + "\n", encoding="utf-8"
    )


def vietnamese() -> None:
    from pyvi import ViPosTagger, ViTokenizer

    text = (VIETNAMESE / "text.txt").read_text(encoding="utf-8").splitlines()
    words = [ViTokenizer.tokenize(line) for line in text]
    write(VIETNAMESE / "pyvi.vlsp.txt", words)
    tagged = []
    for line in words:
        tokens, tags = ViPosTagger.postagging(line)
        tagged.append(" ".join(f"{word}/{tag}" for word, tag in zip(tokens, tags, strict=True)))
    write(VIETNAMESE / "pyvi.pos.vlsp.txt", tagged)
    write(VIETNAMESE / "gold.vlsp.txt", corrected(words, VIETNAMESE_CORRECTIONS))


# tltk's sample: 30 sentences, as the samples of the other tools' output as printed; the last
# ones, which keep line 31's spaces around a year and an abbreviation.
TLTK_LINES = 30


def tltk() -> None:
    from tltk.nlp import word_segment

    text = (THAI / "text.txt").read_text(encoding="utf-8").splitlines()
    write(THAI / "tltk.txt", [word_segment(line) for line in text[-TLTK_LINES:]])


SAMPLES: dict[str, Callable[[], None]] = {"thai": thai, "vietnamese": vietnamese, "tltk": tltk}

if __name__ == "__main__":
    for name in sys.argv[1:] or SAMPLES:
        if name not in SAMPLES:
            sys.exit(f"no sample {name!r}: name some of {', '.join(SAMPLES)}")
        SAMPLES[name]()
