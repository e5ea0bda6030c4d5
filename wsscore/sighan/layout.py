"""Everything specific to the output of the SIGHAN bakeoff's Perl ``score`` script.

The script (``score DICT GOLD TEST``) pairs line i of the gold with line i of the test file, writes
both word lists one word per line, runs ``diff -y`` on them and reads its side-by-side output with
a handful of regexes. This module reproduces, byte for byte with GNU diff 3.8 in the C locale:

- how the script reads the dictionary and names the files (:func:`perl_dictionary`,
  :func:`perl_file_name`);
- its per-sentence blocks and its summary (:func:`format_sentence_block`,
  :func:`format_summary`);
- the whole ``--match diff`` engine, which really runs ``diff -y`` per sentence
  (:func:`score_with_diff`).

Everything works on raw bytes, as Perl does without ``use utf8``: its ``\\s`` is then the ASCII
whitespace set ``[ \\t\\n\\r\\f\\v]``, which is also what ``\\s`` and ``bytes.strip()`` mean for
Python bytes.
"""

from __future__ import annotations

import contextlib
import os
import re
import shutil
import subprocess
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import BinaryIO, NamedTuple

from wsscore.core.side_by_side import block_figures, block_header, rate, render_row
from wsscore.metrics.sighan_counts import SighanTotals

__all__ = [
    "DiffScores",
    "DiffSettings",
    "SighanTotals",
    "format_sentence_block",
    "format_summary",
    "perl_dictionary",
    "perl_file_name",
    "score_with_diff",
]

# --- names and dictionary ----------------------------------------------------------------------

# Perl's ``.`` stops at a newline and ``^`` without /m anchors at the start only; Python's
# ``re`` has the same defaults, so the script's ``s=^/.*/==`` carries over unchanged.
_PERL_DIRNAME = re.compile(r"^/.*/")


def perl_file_name(path: str) -> str:
    """Return the name the script prints for ``path`` (its ``s=^/.*/==``).

    Only absolute paths are shortened, to what follows their last ``/``; relative paths are
    printed as given, directories included.
    """
    return _PERL_DIRNAME.sub("", path, count=1)


def perl_dictionary(lines: Iterable[bytes]) -> set[bytes]:
    """Read the dictionary the way the script does, from raw lines as Perl's ``<S>`` gives them.

    ``chop`` removes the last byte whatever it is: on a last line without a newline it cuts the
    last byte of the word (which then cannot match). Surrounding ASCII whitespace is then removed,
    so a CRLF line keeps no ``\\r``. Empty entries (blank lines) are kept, as the script keeps
    them; they never match a word, since the script only looks up non-empty words.
    """
    # bytes.strip() removes exactly Perl's \s set, and stripping both ends is what the script's
    # s/^\s*// and s/\s*$// do (its $ can only stop before a final newline, itself whitespace).
    return {line[:-1].strip() for line in lines}


# --- totals and summary ------------------------------------------------------------------------


def format_summary(totals: SighanTotals, test_name: str) -> str:
    """Return the script's ``=== SUMMARY:`` block and its ``###`` line, newline-terminated.

    ``test_name`` is printed as given (the caller applies :func:`perl_file_name`). Figures are
    computed with the script's own float operations, so the rounding is identical.

    Where the script would die with "Illegal division by zero" (true word count 0, test word
    count 0, or P + R = 0), the affected rate is printed as ``--`` and the rest still follows.
    OOV and IV recall are ``--`` when there is no OOV (IV) word, as in the script.
    """
    t = totals
    changes = t.insertions + t.deletions + t.substitutions
    recall = t.recall_correct / t.true_count if t.true_count else None
    precision = t.precision_correct / t.test_count if t.test_count else None
    recall_text = "--" if recall is None else f"{recall:2.3f}"
    precision_text = "--" if precision is None else f"{precision:2.3f}"
    if recall is None or precision is None or precision + recall == 0:
        f_text = "--"
    else:
        beta = 1
        # Same operations in the same order as the script, so the double is the same.
        f_text = f"{(1 + beta) * precision * recall / (beta * precision + recall):2.3f}"
    # 1 - missed / n, as the script computes it: correct / n can round differently.
    oov_recall = "--" if t.oov == 0 else f"{1 - (t.oov - t.oov_correct) / t.oov:2.3f}"
    iv_recall = "--" if t.iv == 0 else f"{1 - (t.iv - t.iv_correct) / t.iv:2.3f}"
    oov_rate = rate(t.oov, t.true_count)
    counts = "\t".join(
        str(n)
        for n in (
            t.insertions,
            t.deletions,
            t.substitutions,
            changes,
            t.true_count,
            t.test_count,
        )
    )
    lines = [
        "=== SUMMARY:",
        f"=== TOTAL INSERTIONS:\t{t.insertions}",
        f"=== TOTAL DELETIONS:\t{t.deletions}",
        f"=== TOTAL SUBSTITUTIONS:\t{t.substitutions}",
        f"=== TOTAL NCHANGE:\t{changes}",
        f"=== TOTAL TRUE WORD COUNT:\t{t.true_count}",
        f"=== TOTAL TEST WORD COUNT:\t{t.test_count}",
        f"=== TOTAL TRUE WORDS RECALL:\t{recall_text}",
        f"=== TOTAL TEST WORDS PRECISION:\t{precision_text}",
        f"=== F MEASURE:\t{f_text}",
        f"=== OOV Rate:\t{oov_rate}",
        f"=== OOV Recall Rate:\t{oov_recall}",
        f"=== IV Recall Rate:\t{iv_recall}",
        f"###\t{test_name}\t{counts}\t{recall_text}\t{precision_text}\t{f_text}\t{oov_rate}"
        f"\t{oov_recall}\t{iv_recall}",
    ]
    return "\n".join(lines) + "\n"


# --- per-sentence blocks -----------------------------------------------------------------------


def block_counts(counts: SighanTotals) -> bytes:
    """The figures that close a sentence's block."""
    c = counts
    return block_figures(
        c.insertions,
        c.deletions,
        c.substitutions,
        c.true_count,
        c.test_count,
        c.recall_correct,
        c.precision_correct,
    )


def format_sentence_block(
    gold_name: bytes,
    test_name: bytes,
    linenum: int,
    rows: Sequence[tuple[bytes | None, bytes | None]],
    counts: SighanTotals,
) -> bytes:
    """Return the script's block for one sentence, with the alignment given by ``rows``.

    Each row is ``(gold word, test word)``: equal words are an unchanged line, different words a
    ``|`` line, a gold word alone a ``<`` line and a test word alone a ``>`` line. Rows are
    rendered exactly as GNU diff 3.8 ``diff -y`` (width 130) renders them in the C locale, so the
    block is the one the script would print had diff chosen this alignment. ``counts`` gives the
    figures printed under the rows; a rate whose denominator is 0 is printed as ``--``.

    Words must not contain a newline (:class:`ValueError`). A word containing a NUL byte would
    make diff treat the whole sentence as binary, which no alignment can reproduce.
    """
    parts = [block_header(gold_name, test_name, linenum)]
    parts.extend(render_row(gold, test) for gold, test in rows)
    parts.append(block_counts(counts))
    return b"".join(parts)


# --- the --match diff engine -------------------------------------------------------------------

# The script's regexes, unchanged: Perl and Python agree on \s for bytes, on "." not matching a
# newline and on "$" matching before a final newline, and diff's lines are parsed with their "\n"
# just as Perl's <P> returns them.
_SUBSTITUTION = re.compile(rb"\s\|\s")
_INSERTION = re.compile(rb"\s\>\s")
_DELETION = re.compile(rb"\s\<\s")
_GOLD_WORD = re.compile(rb"^([^\s]+)\s")
_GOLD_MISSED = re.compile(rb"^[^\s]+\s.*\s[\|\>\<]\s")
_TEST_MISSED = re.compile(rb"\s[\|\>\<]\s.*[^\s]$")
_WIDE_SPACE = re.compile(rb"(\xe3\x80\x80)|(\xa1\x40)")
_WHITESPACE_RUN = re.compile(rb"\s+")

# Sentences whose diff may run ahead of the one being written: bounds memory, keeps threads busy.
_LOOKAHEAD = 256

_WARN_NO_GOLD = "Warning: training is 0 but test is nonzero, possible misalignment at line {}."
_WARN_NO_TEST = "Warning: No output in test data where there is in training data, line {}"


def _perl_words(line: bytes) -> list[bytes]:
    """The script's words of one raw line."""
    text = line.strip()
    # Replaced after stripping, as the script does: a line that starts with U+3000 (or Big5
    # 0xA140) gets an empty first word, which the script counts and writes as an empty line.
    text = _WIDE_SPACE.sub(b" ", text)
    text = text.replace(b"\r", b"")
    words = _WHITESPACE_RUN.split(text)
    # Perl's split drops trailing empty fields (and returns nothing for an empty string).
    while words and not words[-1]:
        words.pop()
    return words


def _split_lines(output: bytes) -> list[bytes]:
    # Like Perl's <P>: cut after each "\n" only (bytes.splitlines would also cut at "\r").
    lines = output.split(b"\n")
    last = lines.pop()
    result = [line + b"\n" for line in lines]
    if last:
        result.append(last)
    return result


def _count(
    diff_lines: Sequence[bytes],
    gold_count: int,
    test_count: int,
    dictionary: set[bytes],
) -> SighanTotals:
    """Read diff's side-by-side lines with the script's regexes."""
    ins = dele = subst = recall_missed = precision_missed = 0
    oov = oov_missed = iv = iv_missed = 0
    for line in diff_lines:
        if _SUBSTITUTION.search(line):
            subst += 1
        elif _INSERTION.search(line):
            ins += 1
        elif _DELETION.search(line):
            dele += 1
        gold = _GOLD_WORD.match(line)
        if gold is not None:
            # The word as diff displays it, which may be truncated: that is what is looked up.
            known = gold.group(1) in dictionary
            if known:
                iv += 1
            else:
                oov += 1
            if _GOLD_MISSED.match(line):
                if known:
                    iv_missed += 1
                else:
                    oov_missed += 1
                recall_missed += 1
        if _TEST_MISSED.search(line):
            precision_missed += 1
    return SighanTotals(
        insertions=ins,
        deletions=dele,
        substitutions=subst,
        true_count=gold_count,
        test_count=test_count,
        recall_correct=gold_count - recall_missed,
        precision_correct=test_count - precision_missed,
        oov=oov,
        oov_correct=oov - oov_missed,
        iv=iv,
        iv_correct=iv - iv_missed,
    )


def _find_diff(diff_program: str, warn: Callable[[str], None]) -> str:
    path = shutil.which(diff_program)
    if path is None:
        raise RuntimeError(
            f"--match diff needs GNU diff (diffutils), and {diff_program!r} was not found; "
            "install diffutils or use the default matching"
        )
    try:
        version = subprocess.run(
            [path, "--version"], capture_output=True, check=False, timeout=30
        ).stdout
    except (OSError, subprocess.SubprocessError) as exc:
        raise RuntimeError(f"--match diff needs GNU diff, and {path} cannot be run: {exc}") from exc
    if b"GNU diffutils" not in version:
        warn(
            f"{path} does not look like GNU diff; --match diff reproduces the script's output "
            "only with GNU diff"
        )
    return path


def _run_diff(
    program: str,
    env: dict[str, str],
    directory: str,
    key: int,
    gold: list[bytes],
    test: list[bytes],
) -> bytes:
    gold_path = os.path.join(directory, f"{key}.gold")
    test_path = os.path.join(directory, f"{key}.test")
    try:
        for path, words in ((gold_path, gold), (test_path, test)):
            with open(path, "wb") as handle:
                handle.write(b"".join(word + b"\n" for word in words))
        try:
            result = subprocess.run(
                [program, "-y", gold_path, test_path],
                capture_output=True,
                env=env,
                check=False,
            )
        except OSError as exc:
            raise RuntimeError(
                f"--match diff needs GNU diff, and {program} cannot be run: {exc}"
            ) from exc
        # Exit status 1 only means "files differ"; 2 is trouble, which the script would ignore
        # silently (printing nothing) but which would make every figure wrong.
        if result.returncode not in (0, 1):
            message = result.stderr.decode("utf-8", "replace").strip()
            raise RuntimeError(f"diff failed (exit status {result.returncode}): {message}")
        return result.stdout
    finally:
        for path in (gold_path, test_path):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)


@dataclass
class _Pending:
    linenum: int
    gold: list[bytes]
    test: list[bytes]
    warnings: list[str]
    output: Future[bytes] | bytes | None  # None: not scored (no gold word)


class DiffSettings(NamedTuple):
    """How :func:`score_with_diff` runs diff and where what it finds goes.

    ``out`` receives each scored sentence's block as the script prints it (None: nowhere);
    ``warn`` the script's warnings; ``jobs`` diffs run at once; ``diff_program`` is the diff
    run (a name looked up on the PATH, or a path).
    """

    out: BinaryIO | None
    warn: Callable[[str], None]
    jobs: int = 1
    diff_program: str = "diff"


class DiffScores(NamedTuple):
    """The totals of a scored pair of files, and the totals of each scored sentence."""

    totals: SighanTotals
    per_sentence: list[SighanTotals]


def score_with_diff(
    gold_lines: Iterable[bytes],
    test_lines: Iterable[bytes],
    dictionary: set[bytes],
    *,
    gold_name: bytes,
    test_name: bytes,
    settings: DiffSettings,
) -> DiffScores:
    """Score as the script does, running ``diff -y`` on every sentence; byte-identical output.

    ``gold_lines`` and ``test_lines`` are raw lines as Perl's ``<FH>`` returns them; scoring stops
    at the end of the shorter input, as the script does. Lines are numbered from 1 over every pair
    read; a pair whose gold line has no word is skipped (warning if the test line has words). The
    script's warnings go to ``settings.warn`` verbatim, without their final newline.

    When ``settings.out`` is given, each scored sentence's block (header, diff's output,
    figures) is written to it as the script prints it to stdout; a rate the script would die on
    (test line without words) is printed as ``--``. ``settings.jobs`` > 1 runs that many diffs
    at once; order and results are unchanged.

    diff runs with ``LC_ALL=C``, as the reference runs of the script do: in another locale diff
    measures columns differently and the layout, hence the OOV/IV figures, changes. A sentence
    containing a NUL byte makes diff print "Binary files ... differ" naming its temporary files,
    as it does for the script (a warning is given). Raises :class:`RuntimeError` when diff is
    missing or fails.
    """
    if settings.jobs < 1:
        raise ValueError("jobs must be at least 1")
    program = _find_diff(settings.diff_program, settings.warn)
    tally = _Tally(dictionary, gold_name, test_name, settings)
    with tempfile.TemporaryDirectory(prefix="wsscore-diff-") as directory:
        runner = _DiffRunner(program, directory, settings.jobs)
        try:
            pending: deque[_Pending] = deque()
            # zip reads the gold line first and stops at the first exhausted input, like the
            # script's while loop; every pair read gets a number, scored or not.
            pairs = zip(gold_lines, test_lines, strict=False)
            for linenum, (gold_line, test_line) in enumerate(pairs, start=1):
                pending.append(runner.sentence(linenum, gold_line, test_line))
                while len(pending) > _LOOKAHEAD or (not runner.parallel and pending):
                    tally.finish(pending.popleft())
            while pending:
                tally.finish(pending.popleft())
        finally:
            runner.shutdown()
    return DiffScores(tally.totals, tally.per_sentence)


class _DiffRunner:
    """Starts diff on each sentence with words in the gold: at once, or in a pool of threads."""

    def __init__(self, program: str, directory: str, jobs: int):
        self._program = program
        self._env = dict(os.environ, LC_ALL="C")
        self._directory = directory
        self._executor = ThreadPoolExecutor(max_workers=jobs) if jobs > 1 else None

    @property
    def parallel(self) -> bool:
        return self._executor is not None

    def sentence(self, linenum: int, gold_line: bytes, test_line: bytes) -> _Pending:
        """One pair of lines, with the warnings the script gives for it and diff's output
        (None where the gold has no word: the script skips the pair)."""
        gold = _perl_words(gold_line)
        test = _perl_words(test_line)
        if not gold:
            warnings = [_WARN_NO_GOLD.format(linenum)] if test else []
            return _Pending(linenum, gold, test, warnings, None)
        warnings = [] if test else [_WARN_NO_TEST.format(linenum)]
        if any(b"\0" in word for word in (*gold, *test)):
            warnings.append(
                f"line {linenum}: a NUL byte makes diff treat the sentence as binary; "
                "its block shows diff's message instead of the words"
            )
        args = (self._program, self._env, self._directory, linenum, gold, test)
        output: Future[bytes] | bytes = (
            self._executor.submit(_run_diff, *args) if self._executor else _run_diff(*args)
        )
        return _Pending(linenum, gold, test, warnings, output)

    def shutdown(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)


class _Tally:
    """Adds up the sentences in their order, giving their warnings and writing their blocks."""

    def __init__(
        self, dictionary: set[bytes], gold_name: bytes, test_name: bytes, settings: DiffSettings
    ):
        self._dictionary = dictionary
        self._gold_name = gold_name
        self._test_name = test_name
        self._settings = settings
        self.totals = SighanTotals()
        self.per_sentence: list[SighanTotals] = []

    def finish(self, item: _Pending) -> None:
        for message in item.warnings:
            self._settings.warn(message)
        if item.output is None:
            return
        output = item.output if isinstance(item.output, bytes) else item.output.result()
        diff_lines = _split_lines(output)
        counts = _count(diff_lines, len(item.gold), len(item.test), self._dictionary)
        self.totals += counts
        self.per_sentence.append(counts)
        out = self._settings.out
        if out is not None:
            header = block_header(self._gold_name, self._test_name, item.linenum)
            out.write(header + output + block_counts(counts))
