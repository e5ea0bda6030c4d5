"""The two counting backends give equal named results for every function of the boundary.

The C speed-ups against the plain Python reference, on random words, random re-segmentations,
random dictionaries, differing characters, several lines, empty lines and every separator.
Skipped where the C speed-ups do not run (not built, or turned off by WSSCORE_PURE_PYTHON).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections import Counter

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from wsscore.core import backend, tags
from wsscore.core.definitions import SEPARATORS, SPLIT_DIFFERS
from wsscore.core.records import CharsWords, Gather, TaggedLabels, WrongWordFound

BACKENDS = backend.counting_backends()
needs_c = pytest.mark.skipif("c" not in BACKENDS, reason="the C speed-ups do not run here")

# "\x1c" is white space to str.isspace() but not a separator; "\U00020000" is outside the BMP.
CHARACTERS = "甲乙丙丁a\x1c\U00020000"
WORD_SEPARATORS = [" ", "  ", *sorted(set(SEPARATORS) - {"\n"}), " \r"]


def separators():
    return st.sampled_from(WORD_SEPARATORS)


@st.composite
def resegmented(draw, chars: str, line_breaks: bool = False) -> str:
    """The characters cut anew into words (and lines, with ``line_breaks``)."""
    pieces = []
    for char in chars:
        pieces.append(char)
        if draw(st.booleans()):
            newline = line_breaks and draw(st.booleans())
            pieces.append("\n" if newline else draw(separators()))
    return "".join(pieces)


@st.composite
def gold_lines(draw) -> list[str]:
    words = st.lists(st.text(CHARACTERS, min_size=1, max_size=4), max_size=5)
    lines = draw(st.lists(words, max_size=4))
    separator = draw(separators())
    return [separator.join(line) for line in lines]


@st.composite
def gold_and_prediction(draw) -> tuple[str, str]:
    """Some lines of words; then a prediction of the same characters, cut and broken anew."""
    lines = draw(gold_lines())
    gold = "\n".join(lines) + draw(st.sampled_from(["", "\n"]))
    chars = "".join("".join(backend.reference.split_words(line)) for line in lines)
    return gold, draw(resegmented(chars, line_breaks=True))


@st.composite
def line_pairs(draw) -> tuple[list[str], list[str]]:
    """Gold lines, and as many prediction lines: each one a re-segmentation of its gold line,
    or (now and then) one with a character changed, added or dropped."""
    gold = draw(gold_lines())
    pred = []
    for line in gold:
        chars = "".join(backend.reference.split_words(line))
        if draw(st.integers(0, 5)) == 0:
            chars = draw(st.sampled_from([chars + "乙", chars[1:], "丁" + chars[1:]]))
        pred.append(draw(resegmented(chars)))
    return gold, pred


def dictionaries():
    return st.sets(st.text("甲乙丙a\U00020000", min_size=1, max_size=3), max_size=6)


def lookups(words: set[str]) -> list[object]:
    """The same dictionary as each backend loads it, as a set, and none."""
    loaded = [found.load_vocabulary("\n".join(words)) for found in BACKENDS.values()]
    return [*loaded, words, frozenset(words), None]


def same_in_both(function: str, *arguments):
    """A function of the boundary in the reference and in C: equal results (returned)."""
    reference = getattr(BACKENDS["python"], function)(*arguments)
    fast = getattr(BACKENDS["c"], function)(*arguments)
    assert fast == reference
    assert type(fast) is type(reference)
    return reference


@needs_c
@settings(max_examples=400, deadline=None)
@given(gold_and_prediction(), dictionaries())
def test_count_equal_text(pair, words):
    gold, pred = pair
    for vocabulary in lookups(words):
        found = same_in_both("count_equal_text", gold, pred, vocabulary)
        assert found is not None


@st.composite
def moved_line_breaks(draw) -> tuple[str, str]:
    """Gold lines, and the prediction's: the same lines re-segmented, some of their line
    breaks kept, some dropped, some added, blank lines here and there (the usual shapes of a
    prediction whose sentence breaks differ)."""
    lines = draw(gold_lines())
    pred: list[str] = []
    for line in lines:
        chars = "".join(backend.reference.split_words(line))
        pred.append(draw(resegmented(chars, line_breaks=draw(st.booleans()))))
        pred.append(draw(st.sampled_from(["\n", "\n", " ", "\n\n", "\r\n"])))
    return "\n".join(lines), "".join(pred)


def _sentence_spans(text: str) -> set[tuple[int, int]]:
    """The (start, end) of each line with characters, counted character by character."""
    spans, at, start = set(), 0, 0
    for char in text + "\n":
        if char == "\n":
            if at > start:
                spans.add((start, at))
            start = at
        elif char not in SEPARATORS:
            at += 1
    return spans


@needs_c
@settings(max_examples=400, deadline=None)
@given(moved_line_breaks())
def test_count_equal_text_counts_sentences_as_spans(pair):
    gold, pred = pair
    found = same_in_both("count_equal_text", gold, pred, None)
    assert found is not None
    gold_spans, pred_spans = _sentence_spans(gold), _sentence_spans(pred)
    expected = (len(gold_spans & pred_spans), len(gold_spans), len(pred_spans))
    assert tuple(found.sentences) == expected


@needs_c
@settings(max_examples=200, deadline=None)
@given(gold_and_prediction(), st.text(CHARACTERS.replace("\x1c", ""), min_size=1, max_size=2))
def test_count_equal_text_refuses_other_characters(pair, extra):
    gold, pred = pair
    assert same_in_both("count_equal_text", gold, pred + extra, None) is None
    assert same_in_both("count_equal_text", gold + extra, pred, None) is None


@pytest.mark.slow  # hundreds of examples: CI's C pass runs it, the quick set not
@needs_c
@settings(max_examples=400, deadline=None)
@given(line_pairs(), dictionaries(), st.sampled_from(list(Gather)), st.integers(0, 10**6))
def test_count_agreeing_lines(pair, words, gather, first):
    gold, pred = pair
    for vocabulary in lookups(words):
        found = same_in_both("count_agreeing_lines", gold, pred, vocabulary, first, gather)
        assert (found.extra is not None) == (gather is Gather.EXTRA)
        assert (found.errors is not None) == (gather in (Gather.ERRORS, Gather.ALL))
        if found.errors is not None:
            assert (found.errors.extra is not None) == (gather is Gather.ALL)


@pytest.mark.slow  # hundreds of examples: CI's C pass runs it, the quick set not
@needs_c
@settings(max_examples=300, deadline=None)
@given(line_pairs())
def test_whole_sentence_counts_of_agreeing_lines(pair):
    """The counts of whole sentences (docs/metrics.md §5.8–5.10), equal in both, and as their
    definitions give them from the lines' records and characters."""
    gold, pred = pair
    found = same_in_both("count_agreeing_lines", gold, pred, None, 1, Gather.EXTRA)
    extra, records = found.extra, found.records
    agreed = gold[: found.agreed]
    chars = sum(len("".join(backend.reference.split_words(line))) for line in agreed)
    assert extra.char_tp + extra.char_fp + extra.char_tn + extra.char_fn == chars
    assert extra.sentences == len(records)
    exact = sum(c.correct == c.gold_words == c.pred_words for _, c in records)
    assert extra.exact_sentences == exact
    assert extra.char_tp == extra.correct_boundaries + len(records)
    assert extra.edge_gold_boundaries == found.totals.gold_words + len(records)


@pytest.mark.slow  # hundreds of examples: CI's C pass runs it, the quick set not
@needs_c
@settings(max_examples=300, deadline=None)
@given(st.lists(gold_and_prediction(), min_size=1, max_size=4))
def test_word_types_of_texts_added_and_merged(pairs):
    """Both backends' sets of distinct words hold the same words after the same texts, merges
    and intersections, whatever the separators and planes; the words are split_words'."""
    found = {}
    for name, counting in BACKENDS.items():
        gold, pred = counting.word_types(), counting.word_types()
        for gold_text, pred_text in pairs:
            gold.add(gold_text)
            pred.add(pred_text)
        joined = counting.word_types()
        joined.merge(gold)
        joined.merge(pred)
        joined.merge(joined)
        found[name] = (gold.words(), pred.words(), gold.common(pred), len(joined), len(gold))
    assert found["c"] == found["python"]
    gold_words = {w for text, _ in pairs for w in backend.reference.split_words(text)}
    pred_words = {w for _, text in pairs for w in backend.reference.split_words(text)}
    expected = (gold_words, pred_words, len(gold_words & pred_words))
    assert found["c"][:3] == expected
    assert found["c"][3:] == (len(gold_words | pred_words), len(gold_words))


def wrong_words_one_by_one(gold: list[str], pred: list[str]) -> Counter[WrongWordFound]:
    """Every wrong gold word of the pairs of lines that agree, found by the reference line by
    line and counted one by one: what a tally must hold."""
    counted: Counter[WrongWordFound] = Counter()
    for gold_line, pred_line in zip(gold, pred, strict=True):
        line = backend.reference.align_line(gold_line, pred_line, None)
        if line is None:
            break
        counted.update(backend.reference.wrong_words(line))
    return counted


@pytest.mark.slow  # hundreds of examples: CI's C pass runs it, the quick set not
@needs_c
@settings(max_examples=300, deadline=None)
@given(st.lists(line_pairs(), min_size=1, max_size=4), st.sampled_from([Gather.ERRORS, Gather.ALL]))
def test_wrong_word_tallies_merge_alike(calls, gather):
    """The wrong words of several calls merged into one tally, as `wsscore errors` merges them:
    the same distinct cuts and counts in both backends, and those the reference finds."""
    merged = {name: counting.wrong_word_tally() for name, counting in BACKENDS.items()}
    expected: Counter[WrongWordFound] = Counter()
    for gold, pred in calls:
        for name, counting in BACKENDS.items():
            found = counting.count_agreeing_lines(gold, pred, None, 1, gather).errors
            assert found is not None
            merged[name].merge(found.wrong)
        expected.update(wrong_words_one_by_one(gold, pred))
    assert merged["c"].counts() == merged["python"].counts() == expected
    assert merged["c"] == merged["python"] and merged["python"] == merged["c"]
    assert len(merged["c"]) == len(expected)


def test_wrong_word_tallies_differ_when_their_counts_differ():
    lines = (["甲乙 丙"], ["甲 乙丙"])
    for counting in BACKENDS.values():
        once = counting.count_agreeing_lines(*lines, None, 1, Gather.ERRORS).errors
        twice = counting.count_agreeing_lines(*lines, None, 1, Gather.ERRORS).errors
        assert once is not None and twice is not None and once.wrong == twice.wrong
        tally = counting.wrong_word_tally()
        tally.merge(once.wrong)
        tally.merge(twice.wrong)
        assert tally != once.wrong
        assert tally.counts() == {
            WrongWordFound("crossing", "甲乙", "甲/乙丙"): 2,
            WrongWordFound("merged", "丙", "乙丙"): 2,
        }
        with pytest.raises(ValueError):
            tally.merge(tally)


@pytest.mark.slow  # hundreds of examples: CI's C pass runs it, the quick set not
@needs_c
@settings(max_examples=300, deadline=None)
@given(gold_and_prediction())
def test_count_words_and_sentences(pair):
    for text in pair:
        same_in_both("count_words_and_sentences", text)


@st.composite
def chars_texts(draw) -> str:
    """Lines of a chars file: mostly a character, a tab or space and a plain label, but also
    any label, column or white space, blank lines and carriage returns."""
    plain = st.builds(
        lambda char, between, label, end: f"{char}{between}{label}{end}",
        st.sampled_from(CHARACTERS + " \u3000"),
        st.sampled_from(["\t", " ", "\t\t", ""]),
        st.sampled_from([*"BMESIO", "B-NN", "b", ""]),
        st.sampled_from(["", "", "\r", "\r\r"]),
    )
    any_line = st.text(CHARACTERS + "BMES\t \r", max_size=4)
    lines = draw(st.lists(st.one_of(plain, plain, st.sampled_from(["", "\r"]), any_line)))
    return "\n".join(lines) + draw(st.sampled_from(["", "\n"]))


@st.composite
def tagged_labels(draw) -> TaggedLabels:
    """Some of the labels with a tag that chars_texts() writes, each given a position."""
    labels = draw(
        st.lists(st.sampled_from(["B-NN", "NN-E", "M-B", "b", "S\r", "B NN"]), unique=True)
    )
    positions = draw(st.text("BMIESOx", min_size=len(labels), max_size=len(labels)))
    return TaggedLabels({label: number for number, label in enumerate(labels)}, positions)


@pytest.mark.slow  # hundreds of examples: CI's C pass runs it, the quick set not
@needs_c
@settings(max_examples=600, deadline=None)
@given(chars_texts(), tagged_labels())
def test_chars_words(text, tagged):
    found = same_in_both("chars_words", text, tagged)
    assert found is None or len(found.tagged_read) == len(tagged.positions)


@needs_c
@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["甲\tS", "乙\tB\n丙\tM\n丁\tE", "a S\r", "\U00020000\tS"])))
def test_chars_words_of_valid_sentences(sentences):
    text = "\n\n".join(sentences)
    found = same_in_both("chars_words", text)
    assert found is not None and found.sentences == len(sentences)


def test_chars_words_by_hand():
    for counting in BACKENDS.values():
        found = counting.chars_words("甲\tB\n乙\tE\n丙\tS\n\n\n\r\n丁 S\r\n")
        assert found == CharsWords("甲乙 丙\n丁\n", 2, 3)
        assert counting.chars_words("") == CharsWords("", 0, 0)
        # BIO and BI: a word ends where the next starts, or with the sentence.
        found = counting.chars_words("甲\tB\n乙\tI\n丙\tO\n丁\tB\n\n戊\tB\n己\tB")
        assert found == CharsWords("甲乙 丙 丁\n戊 己\n", 2, 4)
        # A word continued where none is open, a tag, a piece, a column more, odd white space.
        for text in ["甲\tE", "甲\tS\n乙\tM", "甲\tO\n乙\tI", "甲\tB\n\n乙\tE", "甲\tS-NN"]:
            assert counting.chars_words(text) is None
        for text in ["甲乙\tS", "甲 x\tS", "甲\u3000S", "甲\t\tS", " \tS", "甲\tS\r\r"]:
            assert counting.chars_words(text) is None
        # Labels with a tag: those given, each read in its position and its lines counted.
        tagged = TaggedLabels({"B-NN": 0, "NN-E": 1, "M-B": 2}, "BEM")
        found = counting.chars_words("甲\tB-NN\n乙\tM-B\n丙 NN-E\r\n丁\tS\n\n戊\tB-NN", tagged)
        assert found == CharsWords("甲乙丙 丁\n戊\n", 2, 4, (2, 1, 1))
        only = TaggedLabels({"B-VV": 0}, "B")
        assert counting.chars_words("甲\tB-VV", only) == CharsWords("甲\n", 1, 1, (1,))
        for text in ["甲\tB-NN", "甲\tB\tVV", "甲\tM-B", "甲\tB-VV x"]:
            assert counting.chars_words(text, only) is None


@needs_c
@settings(max_examples=300, deadline=None)
@given(st.lists(st.text("甲乙 \t\r\x1c\u3000\xa0a\U00020000", max_size=5), max_size=12))
def test_load_vocabulary(lines):
    text = "\n".join(lines)
    expected = {line.strip() for line in lines} - {""}
    for counting in BACKENDS.values():
        vocabulary = counting.load_vocabulary(text)
        assert len(vocabulary) == len(expected)
        assert backend.vocabulary_entries(vocabulary) == expected
        assert all(entry in vocabulary for entry in expected)
        assert "乙乙乙乙" not in vocabulary or "乙乙乙乙" in expected


# Short words on every path of the C lookup: one or two BMP characters (its bitmap and pair
# table, the pair of two NULs included), astral ones and longer words (its slot table).
SHORT_WORDS = st.text("甲乙\x00a\xff\uffff\U00020000", min_size=1, max_size=3)


@needs_c
@settings(max_examples=300, deadline=None)
@given(st.lists(SHORT_WORDS, max_size=40), st.lists(SHORT_WORDS, max_size=40))
@example(["\x00\x00", "\x00", "\uffff\uffff"], ["\x00\x00", "\x00", "\uffff\uffff", "\x00a"])
@example(["甲乙", "乙"], ["\x00\x00", "\x00", "乙甲", "甲"])
def test_vocabulary_lookups(entries, probes):
    vocabulary = BACKENDS["c"].load_vocabulary("\n".join(entries))
    expected = set(entries)
    assert [word in vocabulary for word in entries + probes] == [
        word in expected for word in entries + probes
    ]


def test_the_reference_by_hand():
    """The examples of docs/metrics.md §5.4 and §6, in the reference (and in C where built)."""
    found = BACKENDS["python"].count_agreeing_lines(
        ["约翰 喜欢 玛丽", "和 尚未 结婚"],
        ["约翰 喜 欢 玛 丽", "和尚 未结婚"],
        {"约翰"},
        7,
        Gather.ERRORS,
    )
    assert found.agreed == 2 and [record.number for record in found.records] == [7, 8]
    assert found.errors is not None
    assert found.errors.wrong.counts() == {
        ("split", "喜欢", "喜/欢"): 1,
        ("split", "玛丽", "玛/丽"): 1,
        ("merged", "和", "和尚"): 1,
        ("crossing", "尚未", "和尚/未结婚"): 1,
        ("merged", "结婚", "未结婚"): 1,
    }
    assert found.errors.lengths.words == (1, 5, 0, 0, 0)
    assert [tuple(line) for line in found.errors.lines] == [(7, 2, 3), (8, 3, 3)]
    if "c" in BACKENDS:
        assert (
            BACKENDS["c"].count_agreeing_lines(
                ["约翰 喜欢 玛丽", "和 尚未 结婚"],
                ["约翰 喜 欢 玛 丽", "和尚 未结婚"],
                {"约翰"},
                7,
                Gather.ERRORS,
            )
            == found
        )


def test_the_switch_keeps_the_c_module_out():
    """Under WSSCORE_PURE_PYTHON the reference counts, and the C module is never imported."""
    script = (
        "import sys, wsscore\n"
        "from wsscore import score\n"
        "from wsscore.core import backend\n"
        "score(['甲 乙'], [['甲乙']])\n"
        "print(backend.NAME, 'wsscore._speedups' in sys.modules)\n"
    )
    environment = {**os.environ, "WSSCORE_PURE_PYTHON": "1"}
    shown = subprocess.run(
        [sys.executable, "-c", script], env=environment, capture_output=True, text=True, check=True
    )
    assert shown.stdout.split() == ["python", "False"]


def test_split_differs_names_every_character_str_split_disagrees_on():
    """Where no character of SPLIT_DIFFERS occurs, str.split() splits as the separators do."""
    disagree = {
        chr(code) for code in range(0x110000) if chr(code).isspace() != (chr(code) in SEPARATORS)
    }
    assert disagree == set(SPLIT_DIFFERS)


def _json_report(*args: str, pure: bool) -> str:
    environment = {**os.environ}
    environment.pop("WSSCORE_PURE_PYTHON", None)
    if pure:
        environment["WSSCORE_PURE_PYTHON"] = "1"
    done = subprocess.run(
        [sys.executable, "-m", "wsscore", *args, "-f", "json"],
        env=environment,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


@needs_c
def test_the_bakeoff_baselines_score_the_same_on_both_backends(mm_baselines) -> None:
    from conftest import ICWB2, gold_path

    for corpus, baseline in mm_baselines.items():
        words = ICWB2 / "gold" / f"{corpus}_training_words.utf8"
        gold = gold_path(ICWB2, corpus, "utf8")
        args = ("score", str(gold), str(baseline), "-d", str(words), "--mismatch", "align")
        fast = _json_report(*args, "--extra", pure=False)
        assert fast == _json_report(*args, "--extra", pure=True)
        assert '"crossing_errors"' in fast


MECAB_LINE_CHOICES = ["EOS", "甲\t名詞,一般", "a b\tX", "\tX", "", "EOS\r", "EOS\tX", "甲"]
MECAB_LINE_CHOICES += ["乙\tX\tY", "\x00\tX", "\U00020000\t", "a\x1c\tX", "\u3000\tX"]
MECAB_LINE_CHOICES += [" \tX", "\u3000 \r\tX", "Deep\u3000Learning\tX", "a\ufeff\tX", "é\xa0\tX"]
MECAB_LINES = st.lists(st.sampled_from(MECAB_LINE_CHOICES), max_size=8)


@needs_c
@settings(max_examples=300)
@given(MECAB_LINES, st.booleans())
def test_mecab_block_words(lines, ended):
    from wsscore.core import blocks

    head = "".join(f"{line}\n" for line in lines)
    if not ended:
        head = head.removesuffix("\n")
    assert backend._c_mecab_block_words(head) == blocks.mecab_block_words(head)


MECAB_FEATURES = st.text(st.sampled_from('名詞,,"a \r\x1c\u3000'), max_size=8)
MECAB_TAG_LINES = st.lists(
    st.one_of(
        st.sampled_from(MECAB_LINE_CHOICES),
        st.builds("{}\t{}".format, st.sampled_from(["甲", " ", "a\x1c", "b c"]), MECAB_FEATURES),
    ),
    max_size=8,
)


@needs_c
@settings(max_examples=500)
@given(MECAB_TAG_LINES, st.integers(1, 3), st.integers(0, 2))
def test_mecab_block_tags(lines, first, more):
    from wsscore.core import blocks

    head = "".join(f"{line}\n" for line in lines)
    last = first + more
    assert backend._c_mecab_block_tags(head, first, last) == blocks.mecab_block_tags(
        head, first, last
    )


KYTEA_TEXT = st.text(st.sampled_from("甲a/&\\ \t\n\r\u3000\x1c\U00020000:"), max_size=40)


@needs_c
@settings(max_examples=1000)
@given(KYTEA_TEXT)
def test_kytea_block_words(text):
    from wsscore.core import blocks

    assert backend._c_kytea_block_words(text) == blocks.kytea_block_words(text)


TAGS = ["n", "v", "NN", "名"]


@st.composite
def tagged_line_pairs(draw) -> tuple[list[list[tuple[str, str]]], list[list[tuple[str, str]]]]:
    """Gold lines of (word, tag), and as many predicted lines: each a copy of its gold line,
    a copy with one tag changed, or its characters cut anew with random tags."""
    token = st.tuples(st.text("甲乙丙a\U00020000", min_size=1, max_size=3), st.sampled_from(TAGS))
    gold = draw(st.lists(st.lists(token, max_size=4), min_size=1, max_size=5))
    pred = []
    for line in gold:
        how = draw(st.integers(0, 2))
        if how == 0 or not line:
            pred.append(list(line))
        elif how == 1:
            index = draw(st.integers(0, len(line) - 1))
            word, tag = line[index]
            changed = draw(st.sampled_from([t for t in TAGS if t != tag]))
            pred.append([*line[:index], (word, changed), *line[index + 1 :]])
        else:
            cut = [""]
            for char in "".join(word for word, _ in line):
                cut[-1] += char
                if draw(st.booleans()):
                    cut.append("")
            pred.append([(word, draw(st.sampled_from(TAGS))) for word in cut if word])
    return gold, pred


def _tag_texts(lines: list[list[tuple[str, str]]]) -> tuple[str, str]:
    return (
        "\n".join(" ".join(word for word, _ in line) for line in lines),
        "\n".join(" ".join(tag for _, tag in line) for line in lines),
    )


@needs_c
@settings(max_examples=400, deadline=None)
@given(tagged_line_pairs())
def test_count_tags_counts_exactly_tagged_sentences(pair):
    """Both backends count the gold lines whose words and tags are all the prediction's, as
    comparing each pair of lines (which break at the same places here) gives them."""
    gold, pred = pair
    texts = (*_tag_texts(gold), *_tag_texts(pred))
    reference = tags.count_tags(*texts, None)
    fast = backend._c_count_tags(*texts, None)
    assert fast == reference
    assert reference is not None
    assert reference.gold_sentences == sum(1 for line in gold if line)
    assert reference.exact_sentences == sum(
        1 for g, p in zip(gold, pred, strict=True) if g and g == p
    )
