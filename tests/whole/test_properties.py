"""Property-based tests (hypothesis) of wsscore's arithmetic, on generated text (issue 6).

Chinese, ASCII and mixed lines are drawn from a fixed alphabet that every supported encoding
holds (common hanzi of both GB2312 and Big5, ASCII letters and digits, fullwidth punctuation),
segmented at random, resegmented into predictions of the same characters (line breaks kept or
moved), rendered with random white space (spaces, tabs, U+3000, leading and trailing), LF or
CRLF line ends, and stored in a random encoding: UTF-8, UTF-8 with a BOM, UTF-16 with a BOM
(either byte order), GBK, GB18030, Big5 (CP950) or Big5-HKSCS.

1. A segmentation scored against itself: R = P = F = 1, no substitution, insertion, deletion.
2. A resegmentation of the same characters: TP ≤ min(RP, PP), TP = RP − S − D = PP − S − I,
   R = 1 implies P = 1 (Shao et al. 2017); RP, PP, TP, OOV and, where the line breaks agree,
   S, I, D are those of an independent oracle built from character spans (a gold word is correct
   iff its span is a predicted span), with and without the C speed-ups.
3. Counts do not depend on the encoding, line ends, a BOM or the white space between words,
   through the API and through ``wsscore score -f json`` with per-file detection.
4. The counts of a file are the sum of those of its two halves (cut at a line boundary).
5. OOV + IV = RP and OOV_TP + IV_TP = TP, checked against a second run with the complementary
   dictionary (so that IV is not merely RP − OOV by construction).
6. Agreement with the bakeoff's Perl script run with ``diff --minimal`` (test_differential's
   ``minimal_script``) on lines whose characters are all distinct.

Example counts are sized for CI (the file runs in well under a minute); set
``WSSCORE_HYPOTHESIS_SCALE`` (e.g. 20) to multiply them for a longer local run.
"""

from __future__ import annotations

import codecs
import json
import os
import string
import tempfile
from collections.abc import Callable, Iterable, Sequence
from contextlib import ExitStack, contextmanager
from pathlib import Path
from unittest import mock

import pytest
from click.testing import CliRunner
from conftest import raw_counters, run_perl_script
from hypothesis import event, given, settings
from hypothesis import strategies as st

from wsscore import Counts, InputOptions, load_dictionary, score
from wsscore.cli.app import cli
from wsscore.core import backend

SCALE = float(os.environ.get("WSSCORE_HYPOTHESIS_SCALE", "1"))


def examples(count: int) -> int:
    return max(1, round(count * SCALE))


# --- the alphabet, white space and encodings ---------------------------------------------------

# Characters that are the same in simplified and traditional Chinese and present in GB2312 and
# Big5 alike (simplified-only characters such as 们 are not in Big5).
HANZI = (
    "人大中小上下天日月山水火木土石田力口手心女子王工生文方白目立用本出年不一二三四五六七"
    "八九十百千去家正好多少可以自己在是的了有和我你他她它也都就要到看想知道明今前右左西南北"
    "春夏秋冬花草牛羊"
)
ASCII = string.ascii_letters + string.digits
PUNCT = "，。、：；！？（）「」《》"
ALPHABET = HANZI + ASCII + PUNCT
POOLS = (HANZI, ASCII, HANZI + PUNCT, ALPHABET)

# White space between words (one or more characters) and at the ends of a line.
SEPARATORS = (" ", "  ", "\t", "\u3000", " \t", "\u3000 ", "\t\u3000\u3000")
EDGES = ("", "", " ", "\t", "\u3000", " \u3000\t")


def _bom(bom: bytes, codec: str) -> Callable[[str], bytes]:
    return lambda text: bom + text.encode(codec)


def _plain(codec: str) -> Callable[[str], bytes]:
    return lambda text: text.encode(codec)


# name -> (how the file's bytes are made, the name wsscore is given, the names it may detect).
# Our alphabet needs no 4-byte GB18030 form and no HKSCS extension, so such files are found as
# GBK and CP950; utf-16 writes a BOM in native (little-endian) order, the other order is added.
ENCODINGS: dict[str, tuple[Callable[[str], bytes], str, frozenset[str]]] = {
    "utf-8": (_plain("utf-8"), "utf-8", frozenset({"utf-8"})),
    "utf-8-sig": (_bom(codecs.BOM_UTF8, "utf-8"), "utf-8-sig", frozenset({"utf-8-sig"})),
    "utf-16": (_plain("utf-16"), "utf-16", frozenset({"utf-16"})),
    "utf-16-be": (_bom(codecs.BOM_UTF16_BE, "utf-16-be"), "utf-16", frozenset({"utf-16"})),
    "gbk": (_plain("gbk"), "gbk", frozenset({"gbk", "gb18030"})),
    "gb18030": (_plain("gb18030"), "gb18030", frozenset({"gbk", "gb18030"})),
    "big5": (_plain("cp950"), "big5", frozenset({"cp950", "big5", "big5-hkscs"})),
    "big5-hkscs": (_plain("big5hkscs"), "big5-hkscs", frozenset({"cp950", "big5", "big5-hkscs"})),
}
# Python codecs that read each family back as wsscore documents it (docs/formats.md, Encodings).
READ_BACK = {
    "utf-8": "utf-8",
    "utf-8-sig": "utf-8-sig",
    "utf-16": "utf-16",
    "utf-16-be": "utf-16",
    "gbk": "gb18030",
    "gb18030": "gb18030",
    "big5": "cp950",
    "big5-hkscs": "cp950",
}
UNAMBIGUOUS = ("utf-8", "utf-8-sig", "utf-16", "utf-16-be")  # UTF-8 or a BOM: no guessing


def test_the_alphabet_is_in_every_encoding() -> None:
    # The generators rely on it: a character lost or changed by an encoding would make the
    # encoding-invariance tests fail for the wrong reason.
    assert len(set(HANZI)) == len(HANZI) >= 90
    for name, (encode, _, _) in ENCODINGS.items():
        for char in ALPHABET + "".join(SEPARATORS) + "".join(EDGES):
            assert encode(char).decode(READ_BACK[name]) == char, (name, char)


# --- segmentations -----------------------------------------------------------------------------

Segmentation = list[list[str]]  # the words of each line


def _cut(text: str, cuts: Sequence[bool]) -> list[str]:
    """The words of ``text`` with a boundary after character i where ``cuts[i]``."""
    words, start = [], 0
    for index, cut in enumerate(cuts, start=1):
        if cut:
            words.append(text[start:index])
            start = index
    if text:
        words.append(text[start:])
    return words


def _boundaries(words: Sequence[str]) -> list[bool]:
    """The inverse of :func:`_cut`: whether a word ends after each character but the last."""
    flags = []
    for word in words:
        flags += [False] * (len(word) - 1) + [True]
    return flags[:-1]


@st.composite
def texts(draw, max_lines: int = 6, max_chars: int = 14, distinct: bool = False) -> list[str]:
    """Lines of text (some may be empty, not all). ``distinct``: no character twice on a line."""
    lines = []
    for _ in range(draw(st.integers(1, max_lines))):
        pool = draw(st.sampled_from(POOLS))
        if distinct:
            chars = draw(st.lists(st.sampled_from(pool), max_size=max_chars, unique=True))
            lines.append("".join(chars))
        else:
            lines.append(draw(st.text(alphabet=pool, max_size=max_chars)))
    if not any(lines):
        lines[-1] = draw(st.sampled_from(ALPHABET))
    return lines


@st.composite
def segment(draw, lines: Sequence[str]) -> Segmentation:
    return [
        _cut(line, draw(st.lists(st.booleans(), min_size=n, max_size=n)))
        for line in lines
        for n in [max(len(line) - 1, 0)]
    ]


def _flags(draw, count: int, mode: str, old: Sequence[bool]) -> list[bool]:
    """Boundaries of a resegmentation, from the old ones."""
    if mode == "same":
        return list(old)
    new = draw(st.lists(st.booleans(), min_size=count, max_size=count))
    if mode == "independent":
        return new
    if mode == "flip":
        return [a != b for a, b in zip(old, new, strict=True)]
    if mode == "refine":  # only adds boundaries
        return [a or b for a, b in zip(old, new, strict=True)]
    assert mode == "coarsen"  # only removes boundaries
    return [a and b for a, b in zip(old, new, strict=True)]


MODES = ("flip", "refine", "coarsen", "independent", "same")


@st.composite
def resegment(draw, gold: Segmentation, rebreak: bool = False) -> Segmentation:
    """A prediction: the gold's characters, segmented anew.

    Without ``rebreak`` it has the gold's lines; with it, the whole character stream is
    resegmented and broken into lines elsewhere (between words, empty lines included), so that
    gold and prediction line breaks differ.
    """
    mode = draw(st.sampled_from(MODES))
    event(f"prediction: {mode}{', rebroken' if rebreak else ''}")
    if not rebreak:
        return [
            _cut(
                "".join(words),
                _flags(draw, len(_boundaries(words)), mode, _boundaries(words)),
            )
            for words in gold
        ]
    stream = [word for words in gold for word in words]
    text = "".join(stream)
    words = _cut(text, _flags(draw, max(len(text) - 1, 0), mode, _boundaries(stream)))
    lines: Segmentation = [[]]
    for index, word in enumerate(words):
        if index and draw(st.integers(0, 3)) == 0:
            lines.extend([] for _ in range(draw(st.sampled_from((1, 1, 1, 2)))))
        lines[-1].append(word)
    if draw(st.booleans()):
        lines.append([])  # an empty last line
    return lines


@st.composite
def dictionaries(draw, *segmentations: Segmentation) -> set[str]:
    """A random dictionary: some words of the segmentations, some other strings."""
    words = sorted(
        {word for segmentation in segmentations for line in segmentation for word in line}
    )
    known = draw(st.sets(st.sampled_from(words))) if words else set()
    other = draw(st.sets(st.text(alphabet=ALPHABET, min_size=1, max_size=3), max_size=4))
    return known | other


def as_lines(segmentation: Segmentation) -> list[str]:
    return [" ".join(words) for words in segmentation]


def gold_words(segmentation: Segmentation) -> list[str]:
    return [word for words in segmentation for word in words]


# --- the oracle --------------------------------------------------------------------------------


def spans(segmentation: Segmentation) -> list[tuple[int, int, str]]:
    """(start, end, word) of every word, in character offsets of the whole file."""
    found, offset = [], 0
    for words in segmentation:
        for word in words:
            found.append((offset, offset + len(word), word))
            offset += len(word)
    return found


def oracle(
    gold: Segmentation, pred: Segmentation, dictionary: Iterable[str] | None = None
) -> dict[str, int]:
    """RP, PP, TP (and OOV, OOV_TP with a dictionary) from the two span sets."""
    gold_spans = spans(gold)
    predicted = {(start, end) for start, end, _ in spans(pred)}
    assert "".join(w for *_, w in gold_spans) == "".join(w for *_, w in spans(pred))
    correct = [word for start, end, word in gold_spans if (start, end) in predicted]
    expected = {
        "gold_words": len(gold_spans),
        "pred_words": len(predicted),
        "correct": len(correct),
    }
    if dictionary is not None:
        known = set(dictionary)
        expected["oov_words"] = sum(1 for *_, word in gold_spans if word not in known)
        expected["oov_correct"] = sum(1 for word in correct if word not in known)
    return expected


def oracle_edits(gold: Segmentation, pred: Segmentation) -> tuple[int, int, int]:
    """S, I, D line by line (docs/metrics.md §2.3), for a prediction with the gold's line breaks:
    between consecutive correct words, a gold and b predicted words give min(a, b)
    substitutions and max(a − b, 0) deletions or max(b − a, 0) insertions."""
    substitutions = insertions = deletions = 0
    for gold_line, pred_line in zip(gold, pred, strict=True):
        gold_spans = [(s, e) for s, e, _ in spans([gold_line])]
        pred_spans = [(s, e) for s, e, _ in spans([pred_line])]
        common = set(gold_spans) & set(pred_spans)

        def gaps(line_spans: list[tuple[int, int]], common=common) -> list[int]:
            runs = [0]
            for span in line_spans:
                if span in common:
                    runs.append(0)
                else:
                    runs[-1] += 1
            return runs

        for a, b in zip(gaps(gold_spans), gaps(pred_spans), strict=True):
            substitutions += min(a, b)
            deletions += max(a - b, 0)
            insertions += max(b - a, 0)
    return substitutions, insertions, deletions


def test_the_oracle_on_the_example_of_test_counting() -> None:
    # The oracle is checked by hand too, on the example counted word by word in test_counting.
    gold = ["结婚 的 和 尚未 结婚 的 都 应该 好好 考虑 一下 人生 大事".split()]
    pred = ["结婚 的 和尚 未结婚 的 都 应该 好好考虑 一下 人生大事".split()]
    dictionary = "结婚 尚未 的 和 青年 都 应该 好好考虑 自己 人生 大事".split()
    assert oracle(gold, pred, dictionary) == {
        "gold_words": 13,
        "pred_words": 10,
        "correct": 6,
        "oov_words": 3,
        "oov_correct": 1,
    }
    assert oracle_edits(gold, pred) == (4, 0, 3)
    # Per line: 甲乙 | 丙 against 甲 | 乙丙 is not the same stretch as one line 甲乙丙.
    assert oracle_edits([["甲乙"], ["丙"]], [["甲", "乙"], ["丙"]]) == (1, 1, 0)


def assert_matches_oracle(counts: Counts, expected: dict[str, int]) -> None:
    assert {key: getattr(counts, key) for key in expected} == expected
    assert counts.misaligned_lines == counts.misaligned_chars == 0


def assert_arithmetic(counts: Counts) -> None:
    """What must hold of any counts of a resegmentation of the gold's characters."""
    rp, pp, tp = counts.gold_words, counts.pred_words, counts.correct
    s, i, d = counts.substitutions, counts.insertions, counts.deletions
    assert min(s, i, d) >= 0
    assert 0 <= tp <= min(rp, pp)
    assert tp == rp - s - d == pp - s - i
    assert 0 <= counts.oov_correct <= min(counts.oov_words, tp)


# --- rendering files ---------------------------------------------------------------------------


@st.composite
def render(
    draw,
    segmentation: Segmentation,
    separators: Sequence[str] = SEPARATORS,
    leading: Sequence[str] = EDGES,
    trailing: Sequence[str] = EDGES,
) -> str:
    """The segmentation as a file's text: random white space, LF or CRLF, a final newline or not."""
    newline = draw(st.sampled_from(("\n", "\r\n")))
    lines = []
    for words in segmentation:
        line = draw(st.sampled_from(leading))
        for index, word in enumerate(words):
            line += (draw(st.sampled_from(separators)) if index else "") + word
        lines.append(line + draw(st.sampled_from(trailing)))
    text = newline.join(lines)
    return text + newline if draw(st.booleans()) else text


@st.composite
def dictionary_text(draw, entries: Iterable[str]) -> str:
    """A word list: an entry a line, white space around it, empty lines between."""
    lines = []
    for entry in sorted(entries):
        lines.append(draw(st.sampled_from(EDGES)) + entry + draw(st.sampled_from(EDGES)))
        if draw(st.integers(0, 4)) == 0:
            lines.append(draw(st.sampled_from(EDGES)))
    newline = draw(st.sampled_from(("\n", "\r\n")))
    return newline.join(lines) + newline


def entries_of(text: str) -> set[str]:
    """The dictionary a word list means (docs/metrics.md §3): lines stripped, empty ones ignored."""
    return {line.strip() for line in text.splitlines() if line.strip()}


COUNTING = backend.counting_backends()


@contextmanager
def counting_by(name: str):
    """Every function of the counting boundary taken from one backend, in this process."""
    chosen = COUNTING[name]
    functions = ("load_vocabulary", "count_equal_text", "count_agreeing_lines")
    with ExitStack() as stack:
        for function in (*functions, "count_words_and_sentences"):
            stack.enter_context(mock.patch.object(backend, function, getattr(chosen, function)))
        yield


BACKENDS = [
    pytest.param(
        "c",
        id="c",
        marks=pytest.mark.skipif("c" not in COUNTING, reason="the C speed-ups do not run here"),
    ),
    pytest.param("python", id="python"),
]


# --- 1. a segmentation against itself ----------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=examples(60), deadline=None)
@given(data=st.data())
def test_a_segmentation_scored_against_itself_is_perfect(data) -> None:
    gold = data.draw(segment(data.draw(texts())))
    dictionary = data.draw(dictionaries(gold))
    encoding = data.draw(st.sampled_from(sorted(ENCODINGS)))
    encode, name, _ = ENCODINGS[encoding]
    expected = oracle(gold, gold, dictionary)
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "gold.txt"
        path.write_bytes(encode(data.draw(render(gold))))
        for report in (
            score(as_lines(gold), [as_lines(gold)], inputs=InputOptions(dictionary=dictionary)),
            # The same file on both sides.
            score(path, [path], inputs=InputOptions(dictionary=dictionary, encoding=name)),
        ):
            counts, metrics = report.systems[0].counts, report.systems[0].metrics
            assert_matches_oracle(counts, expected)
            assert counts.correct == counts.gold_words == counts.pred_words > 0
            assert counts.substitutions == counts.insertions == counts.deletions == 0
            assert metrics.recall == metrics.precision == metrics.f == 1.0
            assert metrics.oov_recall == (1.0 if counts.oov_words else None)
            assert metrics.iv_recall == (1.0 if counts.iv_words else None)


# --- 2. resegmentations: the arithmetic, against the span oracle -------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("counting", BACKENDS)
@settings(max_examples=examples(150), deadline=None)
@given(data=st.data())
def test_counts_of_a_resegmentation(counting: str, data) -> None:
    gold = data.draw(segment(data.draw(texts())))
    rebreak = data.draw(st.booleans())
    pred = data.draw(resegment(gold, rebreak))
    dictionary = data.draw(dictionaries(gold, pred))
    with counting_by(counting):
        # Blocks counted in one go, and the sentence-by-sentence alignment.
        whole = score(
            as_lines(gold), [as_lines(pred)], inputs=InputOptions(dictionary=dictionary)
        ).systems[0]
        by_sentence = score(
            as_lines(gold),
            [as_lines(pred)],
            inputs=InputOptions(dictionary=dictionary),
            keep_sentences=True,
        ).systems[0]
    counts, metrics = whole.counts, whole.metrics
    assert by_sentence.counts == counts
    summed = [sum(column) for column in zip(*(r for _, r in by_sentence.sentences), strict=True)]
    assert tuple(summed) == counts.as_tuple()
    assert_matches_oracle(counts, oracle(gold, pred, dictionary))
    assert_arithmetic(counts)
    if not rebreak:
        edits = (counts.substitutions, counts.insertions, counts.deletions)
        assert edits == oracle_edits(gold, pred)
    rp, pp, tp = counts.gold_words, counts.pred_words, counts.correct
    assert metrics.recall == tp / rp
    assert metrics.precision == tp / pp
    assert metrics.f == pytest.approx(2 * tp / (rp + pp))
    # Shao et al. (2017): R = 1 implies P = 1, the prediction is then the gold's words. (Here
    # P = 1 implies R = 1 as well: both sides tile the same characters.)
    if metrics.recall == 1.0:
        event("R = 1")
        assert metrics.precision == 1.0
        assert gold_words(pred) == gold_words(gold)
    else:
        assert metrics.precision < 1.0


# --- 3. encodings, line ends, BOMs and white space ---------------------------------------------


@st.composite
def stored(draw, segmentation: Segmentation) -> tuple[str, bytes]:
    """(encoding, bytes) of a random rendering of the segmentation."""
    encoding = draw(st.sampled_from(sorted(ENCODINGS)))
    return encoding, ENCODINGS[encoding][0](draw(render(segmentation)))


def _told(encoding: str) -> str:
    # A few dozen bytes of GB or Big5 are valid in both families: detection on such tiny texts
    # is a guess (docs/formats.md, Encodings), so legacy files are named; UTF-8 and BOMs are
    # detected.
    return "auto" if encoding in UNAMBIGUOUS else ENCODINGS[encoding][1]


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(data=st.data())
def test_counts_do_not_depend_on_encoding_line_ends_bom_or_white_space(data) -> None:
    gold = data.draw(segment(data.draw(texts())))
    pred = data.draw(resegment(gold, data.draw(st.booleans())))
    dictionary = data.draw(dictionaries(gold, pred))
    reference = score(
        as_lines(gold), [as_lines(pred)], inputs=InputOptions(dictionary=dictionary)
    ).systems[0]
    assert_matches_oracle(reference.counts, oracle(gold, pred, dictionary))
    with tempfile.TemporaryDirectory() as directory:
        for attempt in range(2):
            paths = {}
            for role, text_of in (
                ("gold", lambda: data.draw(render(gold))),
                ("pred", lambda: data.draw(render(pred))),
                ("dict", lambda: data.draw(dictionary_text(dictionary))),
            ):
                encoding = data.draw(st.sampled_from(sorted(ENCODINGS)), label=role)
                path = Path(directory) / f"{role}{attempt}.txt"
                path.write_bytes(ENCODINGS[encoding][0](text_of()))
                paths[role] = (path, encoding)
            found = score(
                paths["gold"][0],
                [paths["pred"][0]],
                inputs=InputOptions(
                    dictionary=paths["dict"][0],
                    gold_encoding=_told(paths["gold"][1]),
                    pred_encoding=_told(paths["pred"][1]),
                    dict_encoding=_told(paths["dict"][1]),
                    # The reference's lines are words; drawn words may look like another
                    # format's lines (a character, then "B"): not what is tested here.
                    input_format="words",
                ),
            )
            # An empty word list is worth a warning (every gold word is OOV with it); no other.
            empty = f"{paths['dict'][0]}: the dictionary holds no words: "
            assert [w.startswith(empty) for w in found.warnings] == ([] if dictionary else [True])
            assert found.systems[0].counts == reference.counts
            assert found.systems[0].metrics == reference.metrics


def _cli_json(*args: object, stdin: bytes | None = None) -> dict:
    result = CliRunner().invoke(cli, [*map(str, args), "-f", "json"], input=stdin)
    assert result.exit_code == 0, (result.output, result.exception)
    return json.loads(result.stdout)


@pytest.mark.slow
@settings(max_examples=examples(30), deadline=None)
@given(data=st.data(), header=st.permutations(HANZI + PUNCT))
def test_cli_json_does_not_depend_on_the_encoding_each_file_is_in(data, header) -> None:
    # Every file is detected on its own (no --encoding). A line holding the whole alphabet of
    # hanzi and punctuation, segmented like the rest, gives GB and Big5 files enough double-byte
    # characters for detection (docs/formats.md: trail bytes, then chardet); a word list of a few
    # words cannot be told GB from Big5, so a legacy-encoded one is named with --dict-encoding.
    lines = data.draw(texts())
    lines.insert(data.draw(st.integers(0, len(lines))), "".join(header))
    gold = data.draw(segment(lines))
    pred = data.draw(resegment(gold, data.draw(st.booleans())))
    dictionary = data.draw(dictionaries(gold, pred))
    expected = oracle(gold, pred, dictionary)
    with tempfile.TemporaryDirectory() as directory:
        here = Path(directory)
        dict_encoding = data.draw(st.sampled_from(sorted(ENCODINGS)), label="word list")
        words_text = data.draw(dictionary_text(dictionary))
        (here / "words.txt").write_bytes(ENCODINGS[dict_encoding][0](words_text))
        dict_args = ["-d", here / "words.txt"]
        if dict_encoding not in UNAMBIGUOUS:
            dict_args += ["--dict-encoding", ENCODINGS[dict_encoding][1]]
        runs = []
        for run in range(2):
            gold_encoding, gold_bytes = data.draw(stored(gold), label="gold")
            (here / f"gold{run}.txt").write_bytes(gold_bytes)
            preds = [data.draw(stored(pred), label="prediction") for _ in range(2)]
            for index, (_, pred_bytes) in enumerate(preds):
                (here / f"pred{run}{index}.txt").write_bytes(pred_bytes)
            # The second prediction of the second run comes on standard input.
            stdin = preds[1][1] if run else None
            second = "-" if run else here / f"pred{run}1.txt"
            report = _cli_json(
                "score",
                here / f"gold{run}.txt",
                here / f"pred{run}0.txt",
                second,
                *dict_args,
                "--sort",
                "none",
                stdin=stdin,
            )
            assert report["gold"]["encoding"] in ENCODINGS[gold_encoding][2]
            assert report["gold"]["words"] == expected["gold_words"]
            for system, (encoding, _) in zip(report["systems"], preds, strict=True):
                assert system["encoding"] in ENCODINGS[encoding][2], system["path"]
                runs.append((system["counts"], system["metrics"]))
    counts, metrics = runs[0]
    assert {key: counts[key] for key in expected} == expected
    assert counts["misaligned_chars"] == 0
    assert all(other == (counts, metrics) for other in runs)


# --- 4. a file is the sum of its halves --------------------------------------------------------


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(data=st.data())
def test_counts_of_a_file_are_the_sum_of_its_halves(data) -> None:
    # Two files; their concatenation is a file cut at a line boundary of gold and prediction
    # alike (inside each half the prediction's line breaks may differ from the gold's).
    halves = []
    for _ in range(2):
        gold = data.draw(segment(data.draw(texts())))
        halves.append((gold, data.draw(resegment(gold, data.draw(st.booleans())))))
    (gold_a, pred_a), (gold_b, pred_b) = halves
    dictionary = data.draw(dictionaries(gold_a, gold_b, pred_a, pred_b))

    def counts(gold: Segmentation, pred: Segmentation) -> Counts:
        found = (
            score(as_lines(gold), [as_lines(pred)], inputs=InputOptions(dictionary=dictionary))
            .systems[0]
            .counts
        )
        assert_matches_oracle(found, oracle(gold, pred, dictionary))
        return found

    whole = counts(gold_a + gold_b, pred_a + pred_b)
    assert whole == counts(gold_a, pred_a) + counts(gold_b, pred_b)
    assert_arithmetic(whole)


# --- 5. OOV and IV words partition the gold words ----------------------------------------------


@pytest.mark.slow
@settings(max_examples=examples(80), deadline=None)
@given(data=st.data())
def test_oov_and_iv_words_partition_the_gold_words(data) -> None:
    gold = data.draw(segment(data.draw(texts())))
    pred = data.draw(resegment(gold, data.draw(st.booleans())))
    entries = data.draw(dictionaries(gold, pred))
    if data.draw(st.booleans()):
        entries.add(data.draw(st.sampled_from(HANZI)) + " " + data.draw(st.sampled_from(HANZI)))
    text = data.draw(dictionary_text(entries))
    assert entries_of(text) == entries
    encoding = data.draw(st.sampled_from(sorted(ENCODINGS)))
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "words.txt"
        path.write_bytes(ENCODINGS[encoding][0](text))
        loaded = load_dictionary(path, encoding=_told(encoding))
        assert len(loaded) == len(entries)
        assert all(word in loaded for word in entries)
        report = score(
            as_lines(gold),
            [as_lines(pred)],
            inputs=InputOptions(dictionary=path, dict_encoding=_told(encoding)),
        )
    found, metrics = report.systems[0].counts, report.systems[0].metrics
    assert_matches_oracle(found, oracle(gold, pred, entries))
    # IV words are the OOV words of the complementary dictionary (the gold's other words).
    complement = set(gold_words(gold)) - entries
    other = (
        score(as_lines(gold), [as_lines(pred)], inputs=InputOptions(dictionary=complement))
        .systems[0]
        .counts
    )
    assert (found.iv_words, found.iv_correct) == (other.oov_words, other.oov_correct)
    assert found.oov_words + other.oov_words == found.gold_words
    assert found.oov_correct + other.oov_correct == found.correct
    assert found.oov_words + found.iv_words == found.gold_words
    assert found.oov_correct + found.iv_correct == found.correct
    json_counts = report.as_dict()["systems"][0]["counts"]
    assert json_counts["oov_words"] + json_counts["iv_words"] == json_counts["gold_words"]
    assert json_counts["oov_correct"] + json_counts["iv_correct"] == json_counts["correct"]
    assert metrics.oov_rate == found.oov_words / found.gold_words
    assert metrics.oov_recall == (found.oov_correct / found.oov_words if found.oov_words else None)
    assert metrics.iv_recall == (found.iv_correct / found.iv_words if found.iv_words else None)


# --- 6. the Perl script with diff --minimal ----------------------------------------------------


@pytest.mark.slow
@settings(max_examples=examples(25), deadline=None)
@given(data=st.data())
def test_counts_agree_with_the_script_with_minimal_diff(minimal_script: Path, data) -> None:
    # The script pairs equal strings, not positions. With all characters of a line distinct, two
    # words of a line (gold or predicted) are equal strings only if they have the same span, so
    # diff's longest common subsequence is exactly the set of correct words. Lines stay short:
    # diff -y shows at most 61 columns of a word. UTF-8 only (the script compares bytes, and its
    # files must share one encoding); no BOM (it would be part of the first word); no U+3000
    # before a line's first word (the script strips ASCII white space before turning U+3000
    # into a space, which leaves an empty first word: see test_differential).
    gold = data.draw(segment(data.draw(texts(max_chars=12, distinct=True))))
    pred = data.draw(resegment(gold))
    dictionary = data.draw(dictionaries(gold, pred))
    edges = ("", " ", "\t", "  ")
    expected = oracle(gold, pred, dictionary)
    with tempfile.TemporaryDirectory() as directory:
        here = Path(directory)
        files = {}
        for role, segmentation in (("gold", gold), ("test", pred)):
            files[role] = here / f"{role}.txt"
            text = data.draw(render(segmentation, leading=edges, trailing=(*edges, "\u3000")))
            files[role].write_bytes(text.encode("utf-8"))
        files["words"] = here / "words.txt"
        files["words"].write_bytes("".join(f"{word}\n" for word in sorted(dictionary)).encode())
        script = run_perl_script(minimal_script, files["words"], files["gold"], files["test"])
        raw = raw_counters(script.stderr)
        report = score(
            files["gold"], [files["test"]], inputs=InputOptions(dictionary=files["words"])
        )
        sighan = CliRunner().invoke(
            cli, ["sighan", str(files["words"]), str(files["gold"]), str(files["test"])]
        )
    counts = report.systems[0].counts
    assert_matches_oracle(counts, expected)
    assert (
        raw.true_count,
        raw.test_count,
        raw.recall_correct,
        raw.precision_correct,
        raw.oov,
        raw.oov - raw.oov_missed,
        raw.iv,
        raw.iv - raw.iv_missed,
        raw.substitutions,
        raw.insertions,
        raw.deletions,
    ) == (
        counts.gold_words,
        counts.pred_words,
        counts.correct,
        counts.correct,
        counts.oov_words,
        counts.oov_correct,
        counts.iv_words,
        counts.iv_correct,
        counts.substitutions,
        counts.insertions,
        counts.deletions,
    )
    # wsscore sighan prints the script's whole output, block by block, with these counts.
    assert sighan.exit_code == 0, sighan.output
    if counts.correct:
        assert script.returncode == 0, script.stderr
        assert sighan.stdout_bytes == script.stdout
    else:
        # With no correct word, P + R = 0 and the script dies computing F (after its RAW line);
        # what it printed until then must be the start of wsscore's output.
        event("no correct word: the script divides by zero")
        assert script.returncode != 0
        assert b"Illegal division by zero" in script.stderr
        assert b"=== SUMMARY:\n" in script.stdout
        assert sighan.stdout_bytes.startswith(script.stdout)
