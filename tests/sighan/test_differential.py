"""wsscore against the SIGHAN bakeoff's own Perl ``score`` script, through the command line.

1. ``--match diff`` is the script: ``wsscore sighan --match diff`` prints byte for byte what
   ``perl score DICT GOLD TEST`` prints, on the maximum-matching baseline of every corpus, in the
   legacy encodings and in UTF-8; ``wsscore score --match diff -f sighan`` prints its summary; a
   UTF-8 prediction is transcoded to a Big5 gold's encoding first.
2. Exact counting (the default) is the script where the script is right. docs/metrics.md §7 names
   the script's errors: GNU diff is not minimal, diff matches strings rather than positions, and
   line breaks may differ. A copy of the script that runs ``diff --minimal`` removes the first;
   random resegmentations of the gold keep the line breaks; what remains is diff pairing equal
   strings at different positions. Such sentences are found from the script's own output (an
   unchanged row whose two words do not cover the same characters) and left out, each with that
   reason; on everything else the counts must be equal.
3. ``wsscore sighan`` in exact mode prints the script's blocks wherever the two alignments are
   the same, the script's layout everywhere, and wsscore's exact figures.
4. Errors of ``--match diff``: standard input refused, the right hint for each way diff can fail,
   ``-o FILE`` written atomically.

The bakeoff data is research-only: it is read from ``../shared/icwb2`` and never copied into the
repository; modified copies of the script are written to pytest's temporary directories only.
Tests skip without the data, without perl, or without GNU diff at /usr/bin/diff (the path the
script hard-codes). The script needs about 2 ms a sentence, so AS and MSR are cut to their first
and last lines (gold and baseline alike, ``_subset``). That leaves out AS line 6612,
where the test input has ``ｃ`` for the gold's ``c``: a question for exact mode's character check,
not for what is compared here (the script has no notion of characters). MSR's first lines keep
its differing line breaks (lines 442/443, 1734-1737), AS's last line its missing newline.
"""

from __future__ import annotations

import codecs
import io
import json
import os
import random
import re
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import pytest
from conftest import (
    C_LOCALE,
    FIXTURES,
    gold_path,
    need_gnu_diff,
    need_icwb2,
    need_script,
    raw_counters,
    run_perl_script,
)

from wsscore import InputOptions
from wsscore.errors import WsscoreError
from wsscore.inputs.encodings import lookup
from wsscore.metrics.sighan_counts import SighanTotals
from wsscore.scoring.scorer import score
from wsscore.sighan.layout import format_summary

CORPORA = ("as", "cityu", "msr", "pku")
SUBSET = {"as": (500, 100), "msr": (1750, 50)}  # the rest would take too long: see _subset

# The script's own tests on diff's side-by-side lines, to read its output as it reads diff's.
_CHANGED = re.compile(rb"\s\|\s")
_ADDED = re.compile(rb"\s>\s")
_REMOVED = re.compile(rb"\s<\s")
_GOLD_MISSED = re.compile(rb"^[^\s]+\s.*\s[|<>]\s")
_WIDE_SPACE = re.compile(rb"\xe3\x80\x80|\xa1\x40")
_COUNT_LABELS = (
    b"INSERTIONS",
    b"DELETIONS",
    b"SUBSTITUTIONS",
    b"NCHANGE",
    b"NTRUTH",
    b"NTEST",
    b"TRUE WORDS RECALL",
    b"TEST WORDS PRECISION",
)
_RATE = re.compile(rb"\d\.\d{3}|--")


# --- running things ----------------------------------------------------------------------------


def _wsscore(
    *args: object, env: dict[str, str] | None = None, stdin: bytes = b""
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "wsscore", *map(str, args)],
        capture_output=True,
        input=stdin,
        env=C_LOCALE if env is None else env,
        check=False,
    )


def _ok(result: subprocess.CompletedProcess) -> bytes:
    assert result.returncode == 0, result.stderr.decode("utf-8", "replace")
    return result.stdout


def _json_counts(gold: Path, test: Path, dictionary: Path) -> dict[str, int]:
    output = _ok(_wsscore("score", gold, test, "-d", dictionary, "-f", "json"))
    return json.loads(output)["systems"][0]["counts"]


def _assert_same_output(ours: bytes, theirs: bytes) -> None:
    if ours == theirs:
        return
    # Name the first differing line instead of dumping megabytes.
    for number, (mine, script) in enumerate(
        zip(ours.split(b"\n"), theirs.split(b"\n"), strict=False), start=1
    ):
        assert mine == script, f"output line {number} differs"
    assert len(ours) == len(theirs), "one output is a prefix of the other"


# --- reading the script's output ---------------------------------------------------------------


@dataclass
class Block:
    """One sentence of the output: header, diff's side-by-side rows, the eight count lines."""

    header: bytes
    number: int
    rows: list[bytes]
    counts: list[bytes]

    @property
    def data(self) -> bytes:
        return self.header + b"".join(self.rows) + b"".join(self.counts)

    def count(self, label: bytes) -> bytes:
        return self.counts[_COUNT_LABELS.index(label)].split(b"\t")[1].rstrip(b"\n")

    def pairs(self) -> list[tuple[int, int]]:
        """(gold word, test word) of every unchanged row, read as the script reads the rows."""
        matched = []
        i = j = 0
        for row in self.rows:
            if _CHANGED.search(row):
                i, j = i + 1, j + 1
            elif _ADDED.search(row):
                j += 1
            elif _REMOVED.search(row):
                i += 1
            else:
                matched.append((i, j))
                i, j = i + 1, j + 1
        assert (i, j) == (int(self.count(b"NTRUTH")), int(self.count(b"NTEST"))), self.header
        return matched

    def missed(self) -> int:
        """Gold words the script counts as missed in this block."""
        return sum(1 for row in self.rows if _GOLD_MISSED.match(row))


def _parse(output: bytes) -> tuple[list[Block], list[bytes]]:
    """The blocks and the summary lines (from ``=== SUMMARY:`` on) of the script's layout."""
    lines = [line + b"\n" for line in output.split(b"\n")]
    if lines[-1] == b"\n":
        lines.pop()
    blocks = []
    index = 0
    while not lines[index].startswith(b"=== SUMMARY:"):
        header = lines[index]
        found = re.fullmatch(rb"--.*----(\d+)\n", header)
        assert found, f"not a block header: {header!r}"
        end = index + 1
        while not lines[end].startswith(b"INSERTIONS:\t"):
            end += 1
        counts = lines[end : end + 8]
        assert [line.split(b":\t")[0] for line in counts] == list(_COUNT_LABELS)
        blocks.append(Block(header, int(found[1]), lines[index + 1 : end], counts))
        index = end + 8
    return blocks, lines[index:]


def _summary_layout(summary: list[bytes]) -> list[tuple[bytes, ...]]:
    """Labels, tabs and the shape of every value (integer, %2.3f or --) of a summary."""
    shapes = []
    for line in summary:
        fields = line.rstrip(b"\n").split(b"\t")
        if fields[0] == b"###":
            shapes.append((b"###", fields[1], *map(_shape, fields[2:])))
        else:
            shapes.append((*fields[:-1], _shape(fields[-1])) if len(fields) > 1 else (fields[0],))
    return shapes


def _shape(value: bytes) -> bytes:
    if value.isdigit():
        return b"int"
    assert _RATE.fullmatch(value), value
    return b"rate"


def _script_words(line: bytes) -> list[bytes]:
    """The words the script makes of a raw line (its strip, wide-space, CR and split steps)."""
    text = _WIDE_SPACE.sub(b" ", line.strip()).replace(b"\r", b"")
    if not text:
        return []
    words = re.split(rb"\s+", text)
    while words and not words[-1]:
        words.pop()
    return words


def _spans(words: list[bytes]) -> list[tuple[int, int]]:
    spans, start = [], 0
    for word in words:
        spans.append((start, start + len(word)))
        start += len(word)
    return spans


def _crossings(
    pairs: list[tuple[int, int]], gold: list[bytes], test: list[bytes]
) -> list[tuple[bytes, tuple[int, int], tuple[int, int]]] | None:
    """Unchanged rows whose gold and test word are the same string at different positions.

    None when the two lines do not hold the same characters (positions cannot be compared).
    """
    if b"".join(gold) != b"".join(test):
        return None
    gold_spans, test_spans = _spans(gold), _spans(test)
    return [
        (gold[i], gold_spans[i], test_spans[j]) for i, j in pairs if gold_spans[i] != test_spans[j]
    ]


def _lines_of(path: Path) -> list[bytes]:
    return path.read_bytes().split(b"\n")


# --- the bakeoff inputs, the scripts, cached runs ----------------------------------------------


@dataclass(frozen=True)
class Case:
    dictionary: Path
    gold: Path
    test: Path


def _subset(corpus: str, data: bytes) -> bytes:
    """AS's first 500 and last 100 lines, MSR's first 1,750 and last 50, taken at the same
    numbers from gold and test.

    The script needs about 2 ms a sentence; AS (14,432 lines) and MSR (3,985) in full would take
    most of CI's time. The last lines keep AS's missing final newline and the first ones MSR's
    differing line breaks (lines 442-443, 1734-1737). Lines end after each b"\n" only, as Perl's
    <FH> reads them.
    """
    first, last = SUBSET[corpus]
    lines = data.split(b"\n")
    ends = [line + b"\n" for line in lines[:-1]] + ([lines[-1]] if lines[-1] else [])
    return b"".join(ends[:first] + ends[-last:])


def _legacy_text(corpus: str, data: bytes) -> str:
    """Text of a legacy-encoded bakeoff file: GBK with gb18030, Big5 with wsscore's CP950 rule."""
    if corpus in ("msr", "pku"):
        return data.decode("gb18030")
    return lookup("cp950").decode(data, strict=True)


@pytest.fixture(scope="session")
def bakeoff(mm_baselines, tmp_path_factory) -> dict[tuple[str, str], Case]:
    """(corpus, "txt" | "utf8") -> dictionary, gold and the mm baseline, all in one encoding."""
    need_script()
    data = need_icwb2()
    directory = tmp_path_factory.mktemp("bakeoff")
    cases = {}
    for corpus in CORPORA:
        baseline = mm_baselines[corpus].read_bytes()
        if corpus in SUBSET:
            baseline = _subset(corpus, baseline)
        tests = {"txt": baseline, "utf8": _legacy_text(corpus, baseline).encode("utf-8")}
        for ext in ("txt", "utf8"):
            gold = gold_path(data, corpus, ext)
            if corpus in SUBSET:
                gold_copy = directory / ext / gold.name
                gold_copy.parent.mkdir(exist_ok=True)
                gold_copy.write_bytes(_subset(corpus, gold.read_bytes()))
                gold = gold_copy
            test = directory / ext / f"{corpus}_mm.{ext}"
            test.parent.mkdir(exist_ok=True)
            test.write_bytes(tests[ext])
            dictionary = data / "gold" / f"{corpus}_training_words.{ext}"
            # Absolute paths: the script prints their base names, and so must wsscore.
            cases[corpus, ext] = Case(dictionary, gold.resolve(), test.resolve())
    return cases


@pytest.fixture(scope="session")
def script_output(bakeoff) -> Callable[[str, str], subprocess.CompletedProcess]:
    """The unmodified script's run on a bakeoff case, made once per session."""
    script = need_script()
    made: dict[tuple[str, str], subprocess.CompletedProcess] = {}

    def run(corpus: str, ext: str) -> subprocess.CompletedProcess:
        if (corpus, ext) not in made:
            case = bakeoff[corpus, ext]
            made[corpus, ext] = run_perl_script(script, case.dictionary, case.gold, case.test)
            assert made[corpus, ext].returncode == 0, made[corpus, ext].stderr
        return made[corpus, ext]

    return run


# --- 1. --match diff is the script -------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize(
    ("corpus", "ext"),
    # Each corpus in its legacy encoding; in UTF-8 one of each script's (GB and Big5): reading
    # UTF-8 is the same code for all four.
    [*((corpus, "txt") for corpus in CORPORA), ("pku", "utf8"), ("cityu", "utf8")],
)
def test_match_diff_prints_what_the_script_prints(
    corpus: str, ext: str, bakeoff, script_output
) -> None:
    case = bakeoff[corpus, ext]
    script = script_output(corpus, ext)
    ours = _wsscore("sighan", "--match", "diff", "-j", "2", case.dictionary, case.gold, case.test)
    _assert_same_output(_ok(ours), script.stdout)
    for line in script.stderr.splitlines():  # the script's warnings, if any, are passed on
        assert line in ours.stderr


@pytest.mark.slow
@pytest.mark.parametrize(
    ("corpus", "ext"), [("cityu", "utf8")]
)  # the smallest: a summary is a summary
def test_score_match_diff_sighan_format_is_the_script_summary(
    corpus: str, ext: str, bakeoff, script_output
) -> None:
    case = bakeoff[corpus, ext]
    script = script_output(corpus, ext).stdout
    ours = _wsscore(
        "score",
        "--match",
        "diff",
        "-j",
        "2",
        "-f",
        "sighan",
        "-d",
        case.dictionary,
        case.gold,
        case.test,
    )
    assert _ok(ours) == script[script.index(b"=== SUMMARY:\n") :]


@pytest.mark.slow
@pytest.mark.parametrize("corpus", ["as", "cityu"])
def test_match_diff_transcodes_a_utf8_prediction_to_the_big5_gold(
    corpus: str, bakeoff, script_output, tmp_path: Path
) -> None:
    # The script itself can only compare files in one encoding: its result on the Big5
    # prediction is what a UTF-8 copy of that prediction must give. Same base name, so the
    # printed file names agree; a BOM, which must not reach the words.
    legacy = bakeoff[corpus, "txt"]
    utf8 = tmp_path / legacy.test.name
    text = _legacy_text(corpus, legacy.test.read_bytes())
    utf8.write_bytes(codecs.BOM_UTF8 + text.encode("utf-8"))
    ours = _wsscore("sighan", "--match", "diff", "-j", "2", legacy.dictionary, legacy.gold, utf8)
    _assert_same_output(_ok(ours), script_output(corpus, "txt").stdout)


# --- 2. exact counting is the script with a minimal diff, where diff pairs positions ------------


def _resegment(words: list[str], rng: random.Random, separators: list[str]) -> str:
    """A random segmentation of a gold line: words split in two or three, runs merged."""
    split, merge = rng.uniform(0.1, 0.3), rng.uniform(0.1, 0.3)
    result: list[str] = []
    for word in words:
        draw = rng.random()
        if len(word) > 1 and draw < split:
            cuts = sorted(rng.sample(range(1, len(word)), min(len(word) - 1, rng.randint(1, 2))))
            result += [word[a:b] for a, b in zip([0, *cuts], [*cuts, len(word)], strict=True)]
        elif result and draw < split + merge:
            result[-1] += word
        else:
            result.append(word)
    text = result[0]
    for word in result[1:]:
        text += rng.choice(separators) + word
    return text


@pytest.mark.slow
@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize(("corpus", "ext"), [("pku", "txt"), ("as", "utf8")])
def test_exact_counts_are_the_script_with_minimal_diff(
    corpus: str, ext: str, seed: int, minimal_script: Path, tmp_path: Path, request
) -> None:
    data = need_icwb2()
    dictionary = data / "gold" / f"{corpus}_training_words.{ext}"
    codec = "gb18030" if ext == "txt" else "utf-8"
    # U+3000 is a separator for the script only as UTF-8 (E3 80 80) or Big5 (A1 40), not in GBK.
    separators = [" ", "  ", "\t"] + (["\u3000", "\u3000 "] if ext == "utf8" else [])
    rng = random.Random(f"{corpus}.{seed}")
    gold_lines = [line for line in _lines_of(gold_path(data, corpus, ext)) if line.strip()][:200]
    test_lines = [
        _resegment(line.decode(codec).split(), rng, separators).encode(codec) for line in gold_lines
    ]

    def write(name: str, keep: Callable[[int], bool]) -> tuple[Path, Path]:
        gold, test = tmp_path / f"{name}.gold", tmp_path / f"{name}.test"
        numbers = [n for n in range(1, len(gold_lines) + 1) if keep(n)]
        gold.write_bytes(b"".join(gold_lines[n - 1] + b"\n" for n in numbers))
        test.write_bytes(b"".join(test_lines[n - 1] + b"\n" for n in numbers))
        return gold, test

    # All sentences: find those where diff paired equal strings at different positions.
    gold, test = write("all", lambda n: True)
    script = run_perl_script(minimal_script, dictionary, gold, test)
    blocks, _ = _parse(_ok(script))
    ours = {
        block.number: block for block in _parse(_ok(_wsscore("sighan", dictionary, gold, test)))[0]
    }
    assert [block.number for block in blocks] == list(range(1, len(gold_lines) + 1))
    crossed = {}
    for block in blocks:
        gold_words = _script_words(gold_lines[block.number - 1])
        test_words = _script_words(test_lines[block.number - 1])
        pairs = block.pairs()
        crossings = _crossings(pairs, gold_words, test_words)
        assert crossings is not None, f"line {block.number}: the resegmentation lost characters"
        if crossings:
            # diff credits a word where the same string stands elsewhere: it finds a longest
            # common subsequence of strings, never shorter than the matching spans.
            crossed[block.number] = crossings
            assert len(pairs) >= len(ours[block.number].pairs()), block.number
        else:
            # diff's alignment is the span alignment: the same block, byte for byte.
            assert ours[block.number].data == block.data, f"line {block.number}"
    request.node.user_properties.append(
        ("left out (diff paired equal strings at different positions)", sorted(crossed))
    )
    assert len(crossed) < 0.15 * len(gold_lines), "too few sentences left to compare"

    # The other sentences: the script's counts are wsscore's exact counts.
    gold, test = write("kept", lambda n: n not in crossed)
    script = run_perl_script(minimal_script, dictionary, gold, test)
    raw = raw_counters(script.stderr)
    counts = _json_counts(gold, test, dictionary)
    assert (
        counts["gold_words"],
        counts["pred_words"],
        counts["correct"],
        counts["correct"],
        counts["oov_words"],
        counts["oov_correct"],
        counts["iv_words"],
        counts["iv_correct"],
    ) == (
        raw.true_count,
        raw.test_count,
        raw.recall_correct,
        raw.precision_correct,
        raw.oov,
        raw.oov - raw.oov_missed,
        raw.iv,
        raw.iv - raw.iv_missed,
    )
    # The whole output, summary included (S, I, D as the script counts them, line by line).
    _assert_same_output(_ok(_wsscore("sighan", dictionary, gold, test)), script.stdout)
    found = (counts["substitutions"], counts["insertions"], counts["deletions"])
    assert found == (raw.substitutions, raw.insertions, raw.deletions)


def test_score_counts_changes_line_by_line() -> None:
    # Line 1 ends with 1 gold / 2 predicted wrong words, line 2 starts with 2 gold / 1 predicted:
    # per line (the script, wsscore sighan, per-sentence records) S, I, D = 2, 1, 1; taken as
    # one run across the line break, 3, 0, 0.
    gold, prediction = ["x ab", "c d y"], ["x a b", "cd y"]
    per_sentence = score(gold, [prediction], keep_sentences=True).systems[0]
    assert [record[1][5:8] for record in per_sentence.sentences] == [(1, 1, 0), (1, 0, 1)]
    assert per_sentence.counts.substitutions == 2
    totals = score(gold, [prediction]).systems[0].counts
    assert (totals.substitutions, totals.insertions, totals.deletions) == (2, 1, 1)


def _script_correct(blocks: list[Block]) -> int:
    return sum(int(block.count(b"NTRUTH")) - block.missed() for block in blocks)


@pytest.mark.slow
@pytest.mark.parametrize("corpus", CORPORA)
def test_exact_finds_at_least_the_scripts_correct_words(
    corpus: str, bakeoff, script_output
) -> None:
    case = bakeoff[corpus, "txt"]
    blocks, summary = _parse(script_output(corpus, "txt").stdout)
    script_correct = _script_correct(blocks)
    true_count = sum(int(block.count(b"NTRUTH")) for block in blocks)
    # Read right: the script's own rounded recall.
    assert f"=== TOTAL TRUE WORDS RECALL:\t{script_correct / true_count:2.3f}\n".encode() in summary
    counts = _json_counts(case.gold, case.test, case.dictionary)
    assert counts["gold_words"] == true_count
    assert counts["correct"] >= script_correct
    if corpus == "pku":  # docs/metrics.md §7
        assert (script_correct, counts["correct"]) == (94_632, 94_641)


@pytest.mark.slow
def test_pku_baseline_minimal_diff_finds_the_exact_count(
    bakeoff, minimal_script: Path, tmp_path: Path
) -> None:
    # The 9 words the script misses on PKU are GNU diff's heuristics: with --minimal it finds
    # them. Where it still disagrees with wsscore, it paired equal strings at different places
    # (GNU diff 3.8: lines 870 and 1079, same count, different S, I, D).
    case = bakeoff["pku", "txt"]
    script = run_perl_script(minimal_script, case.dictionary, case.gold, case.test)
    assert raw_counters(script.stderr).recall_correct == 94_641
    blocks, _ = _parse(_ok(script))
    ours = _parse(_ok(_wsscore("sighan", case.dictionary, case.gold, case.test)))[0]
    gold_lines, test_lines = _lines_of(case.gold), _lines_of(case.test)
    differing, crossed = set(), set()
    for block, mine in zip(blocks, ours, strict=True):
        assert block.header == mine.header
        if block.data != mine.data:
            differing.add(block.number)
        crossings = _crossings(
            block.pairs(),
            _script_words(gold_lines[block.number - 1]),
            _script_words(test_lines[block.number - 1]),
        )
        if crossings:
            crossed.add(block.number)
            assert len(block.pairs()) == len(mine.pairs())  # a longest one, like the spans
    assert differing == crossed
    assert len(crossed) < 10


# --- 3. wsscore sighan (exact): the script's layout, wsscore's numbers --------------------------


def _check_exact_blocks(
    script: bytes,
    ours: bytes,
    gold_lines: list[bytes],
    test_lines: list[bytes],
    counts: dict[str, int],
    test_name: str,
) -> tuple[int, int]:
    """Compare ``wsscore sighan`` (exact) with the script; return (identical, other) blocks.

    Blocks must be identical wherever the script's alignment (its unchanged rows) is wsscore's;
    elsewhere the script paired equal strings at different positions, or found fewer pairs
    (diff is not minimal), or the line's characters differ.
    """
    script_blocks, script_summary = _parse(script)
    our_blocks, our_summary = _parse(ours)
    assert [b.header for b in our_blocks] == [b.header for b in script_blocks]
    identical = 0
    for theirs, mine in zip(script_blocks, our_blocks, strict=True):
        assert [line.split(b"\t")[0] for line in mine.counts] == [
            line.split(b"\t")[0] for line in theirs.counts
        ]
        for label in (b"NTRUTH", b"NTEST"):
            assert mine.count(label) == theirs.count(label)
        for label in _COUNT_LABELS[:4]:
            assert mine.count(label).isdigit()
        for label in _COUNT_LABELS[6:]:
            assert _RATE.fullmatch(mine.count(label))
        if mine.pairs() == theirs.pairs():
            assert mine.data == theirs.data, mine.header
            identical += 1
            continue
        gold = _script_words(gold_lines[mine.number - 1])
        test = _script_words(test_lines[mine.number - 1])
        assert _crossings(mine.pairs(), gold, test) in (None, []), "wsscore pairs positions"
        crossings = _crossings(theirs.pairs(), gold, test)
        if crossings is not None and not crossings:
            # Every pair of the script's is a true match, so it is a subset of wsscore's.
            assert set(theirs.pairs()) < set(mine.pairs()), mine.header
    assert _summary_layout(our_summary) == _summary_layout(script_summary)
    # The figures are wsscore's exact ones; S, I, D those of its blocks, line by line.
    sums = {
        label: sum(int(block.count(label)) for block in our_blocks) for label in _COUNT_LABELS[:3]
    }
    expected = format_summary(
        SighanTotals(
            insertions=sums[b"INSERTIONS"],
            deletions=sums[b"DELETIONS"],
            substitutions=sums[b"SUBSTITUTIONS"],
            true_count=counts["gold_words"],
            test_count=counts["pred_words"],
            recall_correct=counts["correct"],
            precision_correct=counts["correct"],
            oov=counts["oov_words"],
            oov_correct=counts["oov_correct"],
            iv=counts["iv_words"],
            iv_correct=counts["iv_correct"],
        ),
        test_name,
    )
    assert b"".join(our_summary) == expected.encode()
    assert sum(len(block.pairs()) for block in our_blocks) == counts["correct"]
    return identical, len(our_blocks) - identical


@pytest.mark.parametrize("fixture", ["utf8", "big5", "gbk", "hkscs"])
def test_sighan_exact_mode_on_the_fixtures(fixture: str, tmp_path: Path) -> None:
    script_path = need_script()
    directory = FIXTURES if fixture == "utf8" else FIXTURES / fixture
    dictionary, gold, test = (directory / name for name in ("words.txt", "gold.txt", "pred.txt"))
    script_test = test
    if fixture == "hkscs":
        # The prediction is UTF-8 (with a BOM); the script needs it in the gold's encoding.
        script_test = tmp_path / test.name
        script_test.write_bytes(lookup("big5-hkscs").encode(test.read_bytes().decode("utf-8-sig")))
    script = run_perl_script(script_path, dictionary, gold, script_test)
    ours = _ok(_wsscore("sighan", dictionary, gold, test))
    identical, _ = _check_exact_blocks(
        _ok(script),
        ours,
        _lines_of(gold),
        _lines_of(script_test),
        _json_counts(gold, test, dictionary),
        "pred.txt",
    )
    assert identical >= 1


@pytest.mark.slow
def test_sighan_exact_mode_on_the_pku_baseline(bakeoff, script_output) -> None:
    case = bakeoff["pku", "txt"]
    ours = _ok(_wsscore("sighan", case.dictionary, case.gold, case.test))
    identical, other = _check_exact_blocks(
        script_output("pku", "txt").stdout,
        ours,
        _lines_of(case.gold),
        _lines_of(case.test),
        _json_counts(case.gold, case.test, case.dictionary),
        case.test.name,
    )
    # GNU diff 3.8: 1,933 of 1,944 sentences are aligned as wsscore aligns them.
    assert identical + other == 1944
    assert identical > 1900


# --- 4. errors and output of --match diff ------------------------------------------------------


@pytest.mark.parametrize(
    "args",
    [
        ("sighan", "--match", "diff", "DICT", "GOLD", "-"),
        ("sighan", "--match", "diff", "DICT", "-", "PRED"),
        ("sighan", "--match", "diff", "-", "GOLD", "PRED"),
        ("score", "--match", "diff", "GOLD", "-", "-d", "DICT"),
        ("score", "--match", "diff", "-", "PRED", "-d", "DICT"),
        ("score", "--match", "diff", "GOLD", "PRED", "-d", "-"),
    ],
)
def test_match_diff_refuses_standard_input(args: tuple[str, ...]) -> None:
    paths = {
        "DICT": FIXTURES / "gbk" / "words.txt",
        "GOLD": FIXTURES / "gbk" / "gold.txt",
        "PRED": FIXTURES / "gbk" / "pred.txt",
    }
    result = _wsscore(*(paths.get(arg, arg) for arg in args), stdin=b"x\n")
    assert result.returncode == 2
    assert result.stdout == b""
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("wsscore: error: --match diff reads files, not standard input")


def _fake_diff(directory: Path, body: str) -> dict[str, str]:
    """An environment whose PATH finds ``diff`` = a shell script with ``body`` first."""
    directory.mkdir(parents=True, exist_ok=True)
    fake = directory / "diff"
    fake.write_text(body)
    fake.chmod(0o755)
    return dict(C_LOCALE, PATH=f"{directory}{os.pathsep}{os.environ.get('PATH', '')}")


def _one_error_line(result: subprocess.CompletedProcess) -> str:
    assert result.returncode == 2
    lines = result.stderr.decode().splitlines()
    assert len(lines) == 1, lines
    assert lines[0].startswith("wsscore: error: ")
    return lines[0]


def _gbk_fixture() -> tuple[Path, Path, Path]:
    directory = FIXTURES / "gbk"
    return directory / "words.txt", directory / "gold.txt", directory / "pred.txt"


def test_match_diff_hint_when_diff_is_missing(tmp_path: Path) -> None:
    empty = tmp_path / "bin"
    empty.mkdir()
    result = _wsscore(
        "sighan", "--match", "diff", *_gbk_fixture(), env=dict(C_LOCALE, PATH=str(empty))
    )
    line = _one_error_line(result)
    assert "'diff' was not found" in line
    assert "(install GNU diffutils, or use --match span)" in line


def test_match_diff_hint_when_diff_cannot_start(tmp_path: Path) -> None:
    env = _fake_diff(tmp_path / "bin", "#!/nonexistent/wsscore-test/sh\n")
    line = _one_error_line(_wsscore("sighan", "--match", "diff", *_gbk_fixture(), env=env))
    assert "cannot be run" in line
    assert "executable GNU diff" in line


def test_match_diff_hint_when_diff_fails(tmp_path: Path) -> None:
    # diff is there and runs, but reports trouble (exit status 2): installing it is no cure.
    env = _fake_diff(
        tmp_path / "bin",
        '#!/bin/sh\nif [ "$1" = --version ]; then echo "diff (GNU diffutils) 3.8"; exit 0; fi\n'
        'echo "diff: memory exhausted" >&2\nexit 2\n',
    )
    out = tmp_path / "out" / "report.txt"
    out.parent.mkdir()
    out.write_bytes(b"previous report\n")
    for args in (("sighan", "--match", "diff", "-o", out, *_gbk_fixture()),):
        line = _one_error_line(_wsscore(*args, env=env))
        assert "diff failed (exit status 2): diff: memory exhausted" in line
        assert "temporary directory" in line
        assert "install" not in line
    # The failed run neither touched the previous report nor left a temporary file.
    assert out.read_bytes() == b"previous report\n"
    assert sorted(path.name for path in out.parent.iterdir()) == ["report.txt"]
    words, gold, pred = _gbk_fixture()
    line = _one_error_line(_wsscore("score", "--match", "diff", gold, pred, "-d", words, env=env))
    assert "exit status 2" in line
    assert "temporary directory" in line


def test_match_diff_temporary_directory_error(tmp_path: Path, monkeypatch) -> None:
    import tempfile

    from wsscore.sighan.by_diff import score_by_diff

    need_gnu_diff()
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "missing"))
    words, gold, pred = _gbk_fixture()
    with pytest.raises(WsscoreError, match="temporary directory"):
        score_by_diff(
            str(gold),
            [str(pred)],
            inputs=InputOptions(dictionary=[str(words)]),
            sentence_output=io.BytesIO(),
        )


@pytest.mark.slow
def test_match_diff_output_file_is_written_atomically(tmp_path: Path) -> None:
    real_diff = need_gnu_diff()
    words, gold, pred = _gbk_fixture()
    expected = _ok(_wsscore("sighan", "--match", "diff", words, gold, pred))
    out = tmp_path / "out" / "report.txt"
    out.parent.mkdir()
    out.write_bytes(b"previous report\n")
    seen = tmp_path / "seen"
    # Each diff run records what the report file holds at that moment.
    env = _fake_diff(
        tmp_path / "bin", f'#!/bin/sh\ncat "{out}" >> "{seen}"\nexec "{real_diff}" "$@"\n'
    )
    result = _wsscore("sighan", "--match", "diff", "-o", out, words, gold, pred, env=env)
    assert _ok(result) == b""
    assert out.read_bytes() == expected
    runs = seen.read_bytes().count(b"previous report\n")
    assert runs >= 5  # diff --version, then one run per sentence
    assert seen.read_bytes() == b"previous report\n" * runs  # never half written
    assert sorted(path.name for path in out.parent.iterdir()) == ["report.txt"]


@pytest.mark.slow
def test_match_diff_reads_a_utf16_prediction(tmp_path: Path) -> None:
    need_gnu_diff()
    words, gold, pred = _gbk_fixture()
    expected = _ok(_wsscore("sighan", "--match", "diff", words, gold, pred))
    utf16 = tmp_path / pred.name
    utf16.write_bytes(pred.read_bytes().decode("gbk").encode("utf-16"))
    assert _ok(_wsscore("sighan", "--match", "diff", words, gold, utf16)) == expected


def test_unencodable_prediction_characters(tmp_path: Path) -> None:
    need_gnu_diff()
    directory = FIXTURES / "big5"
    words, gold = directory / "words.txt", directory / "gold.txt"
    text = lookup("cp950").decode(gold.read_bytes()).replace("\u3000", " ")
    pred = tmp_path / "pred.txt"
    pred.write_text("\U0001f600" + text[1:], encoding="utf-8")
    # --match diff compares bytes in the gold's encoding: a clear error, where the character is.
    line = _one_error_line(_wsscore("sighan", "--match", "diff", words, gold, pred))
    assert f"{pred}:1:1: '\U0001f600' (U+1F600) cannot be written" in line
    # Exact mode counts characters; its blocks show what Big5 cannot hold as "?".
    result = _wsscore("sighan", "--mismatch", "align", words, gold, pred)
    first_row = _ok(result).split(b"\n")[1]
    assert first_row.endswith(b"|\t?" + lookup("cp950").encode(text[1]))
    assert b"cannot represent" in result.stderr


def test_diff_error_hints() -> None:
    from wsscore.sighan.by_diff import diff_error

    missing = diff_error(
        RuntimeError(
            "--match diff needs GNU diff (diffutils), and 'diff' was not found; install "
            "diffutils or use the default matching"
        )
    )
    assert missing.hint == "install GNU diffutils, or use --match span"
    assert missing.message.endswith("was not found")
    failed = diff_error(RuntimeError("diff failed (exit status 2): diff: not found here"))
    assert "temporary directory" in (failed.hint or "")
    assert "install" not in (failed.hint or "")
    other = diff_error(RuntimeError("something else"))
    assert other.hint == "use --match span"


def test_match_diff_summary_where_the_scripts_counts_disagree(tmp_path: Path) -> None:
    # A gold line starting with U+3000 gives the script an empty first word (counted, never
    # missed); a 70-character word is looked up as diff displays it (61 columns): recall and
    # precision counts differ, and OOV + IV words are not the gold words.
    script_path = need_script()
    gold = tmp_path / "gold"
    test = tmp_path / "test"
    words = tmp_path / "words"
    long_word = b"L" * 70
    gold.write_bytes(
        b"a b c\n\xe3\x80\x80x y\n" + long_word + b" " + long_word + b"x q\nsame same x\n"
    )
    test.write_bytes(b"a bc\nx y\n" + long_word + b" " + long_word + b"y q\nsame x same\n")
    words.write_bytes(b"L" * 61 + b"\na\nsame\n")
    script = _ok(run_perl_script(script_path, words, gold, test))
    ours = _wsscore("sighan", "--match", "diff", words, gold, test)
    _assert_same_output(_ok(ours), script)
