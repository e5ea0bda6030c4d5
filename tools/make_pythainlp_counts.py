"""Make fixtures/figures/: Thai and Chinese word pairs and PyThaiNLP's own counts of them.

Run in a scratch environment that has PyThaiNLP (it is not a dependency of wsscore or of its
tests), from the repository's root:

    python3 -m venv /work/venvs/h13-tools
    /work/venvs/h13-tools/bin/pip install pythainlp numpy   # pythainlp 5.4.0
    /work/venvs/h13-tools/bin/python tools/make_pythainlp_counts.py

The Thai sentences are written for this fixture; the gold is PyThaiNLP's `newmm` engine. Its
`longest` engine gives the same words on them, so the predictions are made from the gold: one
with every second pair of words merged, one with every word of five or more characters cut
after its second character (under- and over-segmentation, so that no count is trivial). The
Chinese pairs are written by hand. Each pair of lines goes through
`pythainlp.benchmarks.word_tokenization.preprocessing` and `compute_stats` exactly as its
`benchmark` function sends them (words joined by `|`), and the per-line counts are summed into
`pythainlp_counts.json`, which tests/metrics/test_community_figures.py compares with wsscore's.
"""

from __future__ import annotations

import json
from pathlib import Path

import pythainlp
from pythainlp.benchmarks.word_tokenization import compute_stats, preprocessing
from pythainlp.tokenize import word_tokenize

HERE = Path(__file__).resolve().parent.parent / "fixtures" / "figures"

THAI = [
    "ผมไม่ชอบกินผักเลย",
    "วันนี้อากาศดีมากครับ",
    "ฉันไปตลาดเมื่อวานนี้",
    "นักเรียนกำลังอ่านหนังสือในห้องสมุด",
    "ประเทศไทยมีจังหวัดเจ็ดสิบเจ็ดจังหวัด",
    "แม่ทำอาหารอร่อยทุกวัน",
    "เขาเดินทางไปเชียงใหม่โดยรถไฟ",
    "การประมวลผลภาษาธรรมชาติเป็นเรื่องสนุก",
    "พรุ่งนี้เราจะไปดูหนังด้วยกัน",
    "คอมพิวเตอร์เครื่องนี้ทำงานช้ามาก",
]

CHINESE_GOLD = [
    "约翰 喜欢 玛丽",
    "他 来到 了 网易 杭研 大厦",
    "我 在 北京 大学 学习",
    "结婚 的 和 尚未 结婚 的",
    "研究生 命 的 起源",
]
CHINESE_PRED = [
    "约翰 喜 欢 玛 丽",
    "他 来到 了 网易杭研 大厦",
    "我 在 北京大学 学习",
    "结婚 的 和尚 未 结婚 的",
    "研究 生命 的 起源",
]


def merged_pairs(words: list[str]) -> list[str]:
    """Every second pair of words joined: an under-segmentation to score."""
    out: list[str] = []
    for at in range(0, len(words), 4):
        out.append("".join(words[at : at + 2]))
        out.extend(words[at + 2 : at + 4])
    return [word for word in out if word]


def split_long(words: list[str]) -> list[str]:
    """Every word of five or more characters cut after its second: an over-segmentation."""
    out: list[str] = []
    for word in words:
        out.extend([word[:2], word[2:]] if len(word) >= 5 else [word])
    return out


def thai_files() -> dict[str, list[list[str]]]:
    gold = [word_tokenize(text, engine="newmm", keep_whitespace=False) for text in THAI]
    longest = [word_tokenize(text, engine="longest", keep_whitespace=False) for text in THAI]
    assert longest == gold  # on these sentences: see the docstring
    return {
        "thai.gold.txt": gold,
        "thai.merged.txt": [merged_pairs(words) for words in gold],
        "thai.split.txt": [split_long(words) for words in gold],
    }


def summed_stats(gold: list[list[str]], pred: list[list[str]]) -> dict[str, int]:
    """compute_stats of each pair of lines, as benchmark() calls it, summed."""
    totals = dict.fromkeys(
        ["char_tp", "char_fp", "char_tn", "char_fn", "correct", "pred_words", "gold_words"], 0
    )
    for gold_words, pred_words in zip(gold, pred, strict=True):
        ref, sample = preprocessing("|".join(gold_words)), preprocessing("|".join(pred_words))
        stats = compute_stats(ref, sample)
        char, word = stats["char_level"], stats["word_level"]
        for key in ("tp", "fp", "tn", "fn"):
            totals[f"char_{key}"] += int(char[key])  # type: ignore[literal-required]
        totals["correct"] += int(word["correctly_tokenized_words"])
        totals["pred_words"] += int(word["total_words_in_sample"])
        totals["gold_words"] += int(word["total_words_in_ref_sample"])
    return totals


def main() -> None:
    HERE.mkdir(parents=True, exist_ok=True)
    files = {
        **thai_files(),
        "chinese.gold.txt": [line.split() for line in CHINESE_GOLD],
        "chinese.pred.txt": [line.split() for line in CHINESE_PRED],
    }
    for name, lines in files.items():
        text = "".join(" ".join(words) + "\n" for words in lines)
        (HERE / name).write_text(text, encoding="utf-8")
    pairs = {
        "thai.merged.txt": "thai.gold.txt",
        "thai.split.txt": "thai.gold.txt",
        "chinese.pred.txt": "chinese.gold.txt",
    }
    counts = {
        "pythainlp_version": pythainlp.__version__,
        "pairs": {
            pred: {"gold": gold, **summed_stats(files[gold], files[pred])}
            for pred, gold in pairs.items()
        },
    }
    path = HERE / "pythainlp_counts.json"
    path.write_text(json.dumps(counts, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
