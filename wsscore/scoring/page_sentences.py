"""The sentences of ``wsscore report``'s browser: each system's cut of a sentence, and which
sentences the page keeps.

A page that holds every sentence of a large test set cannot be opened, so the browser keeps the
sentences that matter most, up to a number (``max_sentences``) and a size (``SENTENCE_BYTES`` of
their JSON): ranked by how many systems get a sentence wrong, then by the wrong words of all the
systems on it (gold words not found plus predicted words not in the gold), then by line number
(the earlier first). The kept ones are the longest run of that ranking within both limits,
whatever order the sentences come in; the figures and tables never depend on it.

Only the kept sentences are held (at most the page's budget), so memory does not grow with the
test set; a sentence ranked below one already left out is not even turned into JSON.
"""

from __future__ import annotations

import heapq
import json
import re
from bisect import bisect_left, bisect_right
from collections.abc import Callable
from itertools import accumulate, compress
from typing import NamedTuple

from wsscore.core.records import SentenceDetail

MAX_SENTENCES = 20_000  # sentences the browser keeps unless told otherwise
SENTENCE_BYTES = 24_000_000  # the sentences' JSON at most: the page stays well under 30 MB
CODES = {"split": "s", "merged": "m", "crossing": "c"}  # a wrong gold word's class, in a letter


class Cut(NamedTuple):
    """One system's words of a sentence as the browser shows them: the predicted words joined
    by spaces, a letter per gold word ("." right, else its class's letter) and one per predicted
    word ("." right, "x" wrong)."""

    pred: str
    gold_codes: str
    pred_codes: str


def detail_pred_codes(detail: SentenceDetail) -> str:
    return "".join("." if mark else "x" for mark in detail.pred_marks)


def detail_wrong(detail: SentenceDetail) -> int:
    """Wrong gold words plus wrong predicted words of a sentence."""
    gold_wrong = len(detail.gold_marks) - sum(detail.gold_marks)
    return gold_wrong + len(detail.pred_marks) - sum(detail.pred_marks)


def agreeing_cut(gold_words: list[str], pred_words: list[str]) -> Cut:
    """The cut of a line whose predicted words hold the same characters as its gold words: the
    :class:`Cut` that the line's detail gives (its marks, and the classes of
    docs/metrics.md §5.4), from the words' ends alone."""
    gold_ends = list(accumulate(map(len, gold_words)))
    pred_ends = list(accumulate(map(len, pred_words)))
    gold_spans = list(zip([0, *gold_ends], gold_ends, strict=False))
    pred_spans = list(zip([0, *pred_ends], pred_ends, strict=False))
    codes = list(map(_MARKS.__getitem__, map(set(pred_spans).__contains__, gold_spans)))
    pred_boundaries = {0, *pred_ends}
    inside = pred_ends[:-1]  # the predicted boundaries strictly inside the line
    for index in compress(range(len(codes)), map(_WRONG.__eq__, codes)):
        start, end = gold_spans[index]
        if bisect_right(inside, start) >= bisect_left(inside, end):
            codes[index] = CODES["merged"]
        elif start in pred_boundaries and end in pred_boundaries:
            codes[index] = CODES["split"]
        else:
            codes[index] = CODES["crossing"]
    pred_codes = map(_MARKS.__getitem__, map(set(gold_spans).__contains__, pred_spans))
    return Cut(" ".join(pred_words), "".join(codes), "".join(pred_codes))


_WRONG = "x"
_MARKS = {True: ".", False: _WRONG}  # a word's mark as its letter


class AgreeingPiece(NamedTuple):
    """A system's words of a line whose characters agree with the gold's, joined by spaces:
    its cut is made only once the sentence is kept."""

    pred: str


class KeptSentence(NamedTuple):
    """A sentence the browser may keep: its line, gold words and each system's cut."""

    line: int
    gold: str  # the gold words joined by spaces
    cuts: list[Cut | AgreeingPiece]

    def json_text(self, *, sized_only: bool = False) -> str:
        """Its JSON, ``[line, gold, [pred, gold codes, pred codes] per system]``. Sized only:
        with "." for the letters of a cut not made yet, which gives the JSON's exact size
        (the letters are never escaped) without making the cut."""
        cuts = []
        for cut in self.cuts:
            if isinstance(cut, AgreeingPiece):
                gold_count = self.gold.count(" ") + 1
                pred_count = cut.pred.count(" ") + 1
                if sized_only:
                    cut = Cut(cut.pred, "." * gold_count, "." * pred_count)
                else:
                    cut = agreeing_cut(self.gold.split(" "), cut.pred.split(" "))
            cuts.append(list(cut))
        return script_json([self.line, self.gold, *cuts])

    def json_size(self) -> int:
        """The bytes of its JSON in UTF-8, counted without writing it where no character needs
        escaping (``["gold",["pred","codes","codes"],…]`` around the line number)."""
        texts = [self.gold, *(cut.pred for cut in self.cuts)]
        if any(map(_ESCAPED.search, texts)):
            return len(self.json_text(sized_only=True).encode("utf-8"))
        size = len(str(self.line)) + len(self.gold.encode("utf-8")) + 5  # [,""]
        gold_count = self.gold.count(" ") + 1
        for cut in self.cuts:
            if isinstance(cut, AgreeingPiece):
                codes = gold_count + cut.pred.count(" ") + 1
            else:
                codes = len(cut.gold_codes) + len(cut.pred_codes)
            size += len(cut.pred.encode("utf-8")) + codes + 11  # ,["","",""]
        return size


# What JSON or the page's script element escapes: only then is the JSON written to be sized.
_ESCAPED = re.compile('[\x00-\x1f"\\\\<\ud800-\udfff]')


class Selection:
    """The kept sentences' JSON by rank: the best ones within ``limit`` sentences and
    ``budget`` bytes of JSON (a comma between them included)."""

    def __init__(self, limit: int, budget: int = SENTENCE_BYTES):
        self.limit = limit
        self.budget = budget
        self.seen = 0
        self._kept: list[tuple[tuple[int, int, int], int, KeptSentence]] = []  # worst first
        self._bytes = 0
        self._cutoff: tuple[int, int, int] | None = None  # the best rank left out so far

    def offer(self, rank: tuple[int, int, int], sentence: Callable[[], KeptSentence]) -> None:
        """Keep a sentence if it ranks among the best that fit; ``rank`` is (systems wrong,
        wrong words, minus its line number): the greater, the better. ``sentence`` is called
        only if the sentence may be kept (none ranked above it was left out)."""
        self.seen += 1
        if self._cutoff is not None and rank < self._cutoff:
            return
        kept = sentence()
        size = kept.json_size() + 1
        heapq.heappush(self._kept, (rank, size, kept))
        self._bytes += size
        while self._kept and (len(self._kept) > self.limit or self._bytes > self.budget):
            dropped, size, _ = heapq.heappop(self._kept)
            self._bytes -= size
            self._cutoff = dropped if self._cutoff is None else max(self._cutoff, dropped)

    @property
    def left_out(self) -> int:
        return self.seen - len(self._kept)

    def by_line(self) -> list[KeptSentence]:
        """The kept sentences in the order of their lines."""
        return [kept for _, _, kept in sorted(self._kept, key=lambda kept: -kept[0][2])]


def script_json(value: object) -> str:
    """JSON that can sit inside a <script> element: "<" only ever occurs in its strings, where
    \u003c means the same and cannot end the element ("</script>") or open a comment ("<!--").

    An undecodable byte kept from an input (U+DC80..U+DCFF) is shown as ``\\xff``, as the
    messages show it: the page is UTF-8, where the byte itself would be a replacement mark.
    """
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return _SURROGATE.sub(_json_escaped, text.replace("<", "\\u003c"))


_SURROGATE = re.compile("[\ud800-\udfff]")
_KEPT_BYTE = re.compile("[\udc80-\udcff]")


def _json_escaped(found: re.Match[str]) -> str:
    """A lone surrogate in a JSON string: a kept byte as the text ``\\xff``, any other as its
    JSON escape (never written raw: UTF-8 cannot hold it)."""
    code = ord(found.group())
    return f"\\\\x{code - 0xDC00:02x}" if 0xDC80 <= code <= 0xDCFF else f"\\u{code:04x}"


def shown_bytes(text: str) -> str:
    """``text`` with each undecodable byte kept from an input shown as ``\\xff``."""
    return _KEPT_BYTE.sub(lambda found: f"\\x{ord(found.group()) - 0xDC00:02x}", text)
