"""`wsscore errors`: merged errors grouped by the predicted word that swallowed them.

The expected merges are worked out by hand (the fixture, docs/metrics.md §5.4) or by a
brute-force reading of the definition on real jieba output, not by the code under test.
"""

from __future__ import annotations

import csv
import io
import json
from collections import Counter
from itertools import accumulate, pairwise

from conftest import FIXTURES, conllu_word_rows
from hypothesis import given
from hypothesis import strategies as st

from wsscore import InputOptions
from wsscore.core.backend import counting_backends
from wsscore.core.records import Gather
from wsscore.metrics.boundaries import Merge
from wsscore.output.error_analysis import MERGED_NOTE, MERGES_NOTE, render_errors
from wsscore.scoring.error_analysis import MergeExample, analyse

TOOLS = FIXTURES / "tools"

# docs/metrics.md §5.4: of the fixture's 13 merged gold words, 和 (in 和尚), 结婚 (in 未结婚) and
# 研究 (in 研究生) lie alone in a predicted word that crosses the next gold word; the other ten
# are five pairs, each swallowed whole by one predicted word. By count, then predicted word.
FIXTURE_MERGES = [
    MergeExample("一门", ("一", "门"), 1),
    MergeExample("人生大事", ("人生", "大事"), 1),
    MergeExample("北京大学", ("北京", "大学"), 1),
    MergeExample("和尚", ("和",), 1),
    MergeExample("好好考虑", ("好好", "考虑"), 1),
    MergeExample("很好", ("很", "好"), 1),
    MergeExample("未结婚", ("结婚",), 1),
    MergeExample("研究生", ("研究",), 1),
]


def test_fixture_merges_by_hand() -> None:
    analysis = analyse(FIXTURES / "gold.txt", FIXTURES / "pred.txt")
    assert analysis.merges.examples == FIXTURE_MERGES
    assert analysis.merges.count == 8
    # Each merged gold word lies in exactly one of them.
    merged = analysis.classes["merged"].count
    assert merged == 13 == sum(len(m.gold) * m.count for m in analysis.merges.examples)


def test_one_merge_of_two_gold_words_is_one_row_listed_twice_by_gold_word() -> None:
    gold = ["新 世纪 的 新 世纪", "新 世纪", "新世 纪元"]
    pred = ["新世纪 的 新世纪", "新世纪", "新世纪 元"]
    analysis = analyse(gold, pred, top=10)
    assert analysis.merges.examples == [
        MergeExample("新世纪", ("新", "世纪"), 3),
        MergeExample("新世纪", ("新世",), 1),  # 纪元 crosses its end: a crossing error
    ]
    assert analysis.merges.count == 4
    merged = [tuple(example) for example in analysis.classes["merged"].examples]
    assert merged == [("世纪", "新世纪", 3), ("新", "新世纪", 3), ("新世", "新世纪", 1)]
    assert analysis.classes["crossing"].count == 1
    cut = analyse(gold, pred, top=1)
    assert cut.merges == (4, [MergeExample("新世纪", ("新", "世纪"), 3)])
    assert analyse(gold, pred, top=0).merges.examples == []


def _brute_force_merges(gold: list[list[str]], pred: list[list[str]]) -> Counter[Merge]:
    """For every predicted word, the gold words lying wholly inside it, when it is not itself
    a gold word: §5.4's merged words, by the predicted word (the texts agree line by line)."""
    found: Counter[Merge] = Counter()
    for gold_words, pred_words in zip(gold, pred, strict=True):
        assert "".join(gold_words) == "".join(pred_words)
        gold_ends = list(accumulate(map(len, gold_words), initial=0))
        spans = list(pairwise(gold_ends))
        pred_ends = list(accumulate(map(len, pred_words), initial=0))
        for word, start, end in zip(pred_words, pred_ends, pred_ends[1:], strict=False):
            inside = [gold_words[i] for i, (s, e) in enumerate(spans) if start <= s and e <= end]
            if inside and (start, end) not in spans:
                found[Merge(word, tuple(inside))] += 1
    return found


def test_jieba_merges_equal_a_brute_force_count() -> None:
    gold = [[row[1] for row in rows] for rows in conllu_word_rows(TOOLS / "gold.conllu")]
    pred = [line.split() for line in (TOOLS / "jieba.cut.txt").read_text("utf-8").splitlines()]
    expected = _brute_force_merges(gold, pred)
    analysis = analyse(TOOLS / "gold.conllu", TOOLS / "jieba.cut.txt", top=10_000)
    assert {(m.predicted, m.gold): m.count for m in analysis.merges.examples} == {
        (m.predicted, m.gold): count for m, count in expected.items()
    }
    assert analysis.merges.count == sum(expected.values()) == 83
    assert analysis.merges.examples[0] == MergeExample("總面積", ("總", "面積"), 4)
    merged = analysis.classes["merged"].count
    assert merged == sum(len(m.gold) * n for m, n in expected.items()) == 160


@given(
    st.lists(st.integers(1, 4), min_size=1, max_size=12),
    st.lists(st.integers(1, 4), min_size=1, max_size=12),
)
def test_equal_text_merges_follow_the_definition(gold_sizes, pred_sizes) -> None:
    """Two cuts of one text: the merges the backends tally are those of the brute force."""
    text = "".join(chr(0x4E00 + i) for i in range(max(sum(gold_sizes), sum(pred_sizes))))

    def cut(sizes: list[int]) -> list[str]:
        ends = [*accumulate(sizes, initial=0)]
        words = [text[s:e] for s, e in pairwise(ends) if s < len(text)]
        rest = text[sum(sizes) :]
        return [*words, *([rest] if rest else [])]

    gold, pred = cut(gold_sizes), cut(pred_sizes)
    expected = _brute_force_merges([gold], [pred])
    for name, counting in counting_backends().items():  # C and the Python reference alike
        agreed = counting.count_agreeing_lines(
            [" ".join(gold)], [" ".join(pred)], None, 1, Gather.ERRORS
        )
        assert agreed.errors is not None and agreed.errors.merges is not None
        found = agreed.errors.merges.counts()
        merges = {Merge(f.word, tuple(f.predicted.split(" "))): n for f, n in found.items()}
        assert Counter(merges) == expected, name


def test_every_format_has_the_merges() -> None:
    analysis = analyse(FIXTURES / "gold.txt", FIXTURES / "pred.txt", top=2)
    data = json.loads(render_errors(analysis, "json"))
    assert data["merges"] == {
        "count": 8,
        "examples": [
            {"predicted": "一门", "gold": ["一", "门"], "count": 1},
            {"predicted": "人生大事", "gold": ["人生", "大事"], "count": 1},
        ],
    }
    assert data["error_classes"]["merged"]["count"] == 13  # the existing keys unchanged
    text = render_errors(analysis, "text").splitlines()
    start = text.index("Merges by predicted word (top 2, of 8)")
    assert text[start + 1] == MERGES_NOTE
    assert text[start + 2 : start + 6] == [
        "Predicted  Gold words   Count",
        "---------  -----------  -----",
        "一门       一 / 门          1",  # display columns: CJK characters are two wide
        "人生大事   人生 / 大事      1",
    ]
    assert MERGED_NOTE in text
    markdown = render_errors(analysis, "markdown").splitlines()
    assert "### Merges by predicted word (top 2, of 8)" in markdown
    assert "| 人生大事 | 人生 / 大事 | 1 |" in markdown
    rows = list(csv.DictReader(io.StringIO(render_errors(analysis, "tsv")), delimiter="\t"))
    merges = [
        (r["class"], r["item"], r["predicted"], r["count"]) for r in rows if r["section"] == "merge"
    ]
    assert merges == [
        ("merged", "一 / 门", "一门", "1"),
        ("merged", "人生 / 大事", "人生大事", "1"),
    ]
    table = render_errors(analysis, "table", width=80)
    assert "│ 人生大事  │ 人生 / 大事 │     1 │" in table


def test_merges_of_repeated_lines_add_up() -> None:
    gold = (FIXTURES / "gold.txt").read_text("utf-8").splitlines() * 5
    pred = (FIXTURES / "pred.txt").read_text("utf-8").splitlines() * 5
    analysis = analyse(gold, pred, inputs=InputOptions(), top=3)
    assert analysis.merges.count == 40
    assert [m.count for m in analysis.merges.examples] == [5, 5, 5]
