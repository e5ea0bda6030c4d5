"""``--match diff``: score as the Perl script does, on raw bytes in the gold's encoding.

The engine is :func:`wsscore.sighan.layout.score_with_diff`; this module feeds it. A prediction or
dictionary in another encoding than the gold is transcoded to the gold's encoding first (the
script itself needs all files in one encoding).
"""

from __future__ import annotations

import codecs
import os
from collections.abc import Callable, Iterator, Sequence
from typing import BinaryIO, NamedTuple

from wsscore.api_terms import in_api_terms
from wsscore.core.records import Counts
from wsscore.errors import InvalidArgument, Warnings, WsscoreError, location
from wsscore.inputs.corpora import gold_corpus
from wsscore.inputs.dictionary import OPTION as DICT_OPTION
from wsscore.inputs.encodings import Encoding
from wsscore.inputs.formats import Token
from wsscore.inputs.formatted import FormattedInput, formatted, label_order_of
from wsscore.inputs.options import GOLD_OPTION, PRED_OPTION, InputOptions
from wsscore.inputs.reading import BLOCK_SIZE, TextFile, open_binary, open_text
from wsscore.metrics.bootstrap import SAMPLES, SEED, ResampledColumns, with_bootstrap
from wsscore.metrics.conventions import needs_extra
from wsscore.metrics.scores import Metrics, compute, f_beta, ratio
from wsscore.metrics.settings import ReportSettings, Statistics
from wsscore.metrics.sighan_counts import SighanTotals
from wsscore.ranges import check_numbers
from wsscore.results import (
    Analyses,
    GoldInfo,
    PredictionFacts,
    Report,
    SystemResult,
    build_report,
)
from wsscore.scoring.opened import refuse_unit
from wsscore.sighan.layout import (
    DiffScores,
    DiffSettings,
    perl_dictionary,
    perl_file_name,
    score_with_diff,
)


def raw_lines(path: str) -> Iterator[bytes]:
    """Lines as Perl's ``<FH>`` returns them: each keeps its b"\\n"; the last may lack it."""
    stream = open_binary(path)
    carry = b""
    while block := stream.read(BLOCK_SIZE):
        data = carry + block
        lines = data.split(b"\n")
        carry = lines.pop()
        for line in lines:
            yield line + b"\n"
    if carry:
        yield carry


def _same_bytes(a: Encoding, b: Encoding) -> bool:
    return a.codec == b.codec and a.family == b.family


def decoded_lines(path: str, source: Encoding) -> Iterator[str]:
    """Lines of ``path`` decoded as a stream (each keeps its "\\n"; a leading BOM is dropped).

    The file is decoded before it is cut into lines, so that encodings in which b"\\n" is not
    always a line feed (UTF-16) are read correctly too.
    """
    decoder = codecs.getincrementaldecoder(source.codec)(source.lossless_errors)
    stream = open_binary(path)
    carry = ""
    first = True
    while True:
        block = stream.read(BLOCK_SIZE)
        text = carry + decoder.decode(block, final=not block)
        if first and text:
            text = text.removeprefix("\ufeff")
            first = False
        lines = text.split("\n")
        carry = lines.pop()
        for line in lines:
            yield line + "\n"
        if not block:
            break
    if carry:
        yield carry


def lines_in(
    path: str, source: Encoding, target: Encoding, *, skip_unencodable: bool = False
) -> Iterator[bytes]:
    """Raw lines of ``path``, transcoded from ``source`` to ``target`` when they differ.

    A line holding a character that ``target`` cannot represent is an error (it could never
    match the gold's bytes, and the script cannot be shown it), or is left out with
    ``skip_unencodable`` (for dictionary entries, which then simply match no gold word).
    """
    if _same_bytes(source, target):
        yield from raw_lines(path)
        return
    for number, text in enumerate(decoded_lines(path, source), start=1):
        try:
            yield target.encode(text)
        except UnicodeEncodeError as exc:
            if skip_unencodable:
                continue
            raise _unencodable(exc, target, location(path, number, exc.start + 1)) from None


def _unencodable(exc: UnicodeEncodeError, target: Encoding, where: str) -> WsscoreError:
    char = exc.object[exc.start]
    return WsscoreError(
        f"{char!r} (U+{ord(char):04X}) cannot be written in the gold's encoding "
        f"({target.name}); --match diff compares bytes in the gold's encoding, as the "
        "Perl script does",
        where=where,
        hint="use --match span, which compares characters",
    )


def diff_error(exc: RuntimeError) -> WsscoreError:
    """The user's error for a RuntimeError of :func:`score_with_diff`, with the hint that fits.

    diff can be missing, present but impossible to start, or run and fail (exit status 2, with
    its own message); only the first is cured by installing diffutils.
    """
    message = str(exc)
    if message.startswith("diff failed"):
        # diff ran, so it is installed: it could not compare a sentence's temporary files.
        hint = (
            "diff could not compare a sentence's temporary files: check free space and "
            "permissions of the temporary directory (TMPDIR chooses it), or use --match span"
        )
    elif "was not found" in message:
        message = message.split(";", 1)[0]  # drop sighan's own advice: the hint says it
        hint = "install GNU diffutils, or use --match span"
    elif "cannot be run" in message:
        hint = (
            "check that it is an executable GNU diff and that processes can be started "
            "(a lower -j needs fewer), or use --match span"
        )
    else:
        hint = "use --match span"
    return WsscoreError(message, hint=hint)


def totals_to_counts(totals: SighanTotals) -> Counts:
    return Counts(
        gold_words=totals.true_count,
        pred_words=totals.test_count,
        correct=totals.recall_correct,
        oov_words=totals.oov,
        oov_correct=totals.oov_correct,
        substitutions=totals.substitutions,
        insertions=totals.insertions,
        deletions=totals.deletions,
    )


@in_api_terms("score_by_diff")
def score_by_diff(
    gold: str,
    predictions: Sequence[str],
    *,
    inputs: InputOptions | None = None,
    names: Sequence[str] | None = None,
    ci: str = "bakeoff",
    beta: float = 1.0,
    samples: int = SAMPLES,
    seed: int = SEED,
    sort: str = "f",
    jobs: int = 1,
    sentence_output: BinaryIO | None = None,
    on_warning: Callable[[str], None] | None = None,
    conventions: str | None = None,
) -> Report:
    """Score each prediction with ``diff -y`` per sentence, as the Perl script does.

    The Perl script's own dictionary is the word lists of ``inputs.dictionary`` (files only);
    ``inputs.train`` joins them for the report's dictionary, as with :func:`wsscore.score`.
    ``sentence_output`` receives the script's per-sentence blocks, in the gold's encoding.
    ``conventions`` may be ``sighan`` (the others need ``--extra``'s counts, which the diff
    alignment cannot give).
    """
    check_numbers(beta=beta, samples=samples, seed=seed, jobs=jobs)
    inputs = inputs if inputs is not None else InputOptions()
    _refuse_what_diff_cannot_count(conventions, inputs)
    first_warning = len(inputs.warnings.messages)  # the options may serve several runs
    _refuse_standard_input(gold, predictions, inputs)
    dictionary = inputs.load_dictionary()
    diff_gold = _DiffGold(gold, inputs)
    statistics = _Statistics(ci, beta, samples, seed, has_dictionary=bool(diff_gold.word_lists))
    settings = DiffSettings(sentence_output, on_warning or inputs.warnings.warn, jobs)
    results = []
    gold_info = None
    for index, path in enumerate(predictions):
        pred_file = open_text(
            path,
            inputs.for_predictions,
            warnings=inputs.warnings,
            strict=inputs.strict,
            option=PRED_OPTION,
        )
        pred_read = formatted(
            pred_file, inputs.pred_format_used, inputs.warnings, inputs.pred_format_options
        )
        gold_lines = diff_gold.lines()
        scores = _run_diff(
            gold_lines, _perl_lines(pred_read, diff_gold.encoding), diff_gold, path, settings
        )
        if gold_info is None:
            gold_info = diff_gold.info(gold_lines, scores.totals, inputs.warnings)
        name = names[index] if names else os.path.basename(path)
        results.append(_system_result(name, pred_file, pred_read, scores, statistics))
    assert gold_info is not None
    return build_report(
        gold_info,
        dictionary,
        results,
        ReportSettings(
            "diff", Statistics(ci, beta, samples, seed), "none", conventions=conventions
        ),
        warnings=inputs.warnings.messages[first_warning:],
        sort=sort,
    )


def _refuse_what_diff_cannot_count(conventions: str | None, inputs: InputOptions) -> None:
    """The figures of --extra (which --conventions but sighan shows) and those counted in
    units need character offsets, which the diff alignment does not have; the diff reads the
    files as they are, not rewritten."""
    if inputs.normalize != "none":
        raise InvalidArgument(
            f"use --match span with --normalize {inputs.normalize}: --match diff gives the "
            "Perl script the files as they are"
        )
    refuse_unit(
        inputs.unit,
        "--match diff",
        "the Perl script's diff alignment counts words, and no unit changes a word: "
        "leave --unit out, or use --match span",
    )
    if needs_extra(conventions):  # an unknown name is refused there
        raise InvalidArgument(
            f"--conventions {conventions} works with --match span",
            hint="the Perl script's diff alignment has no character offsets to build on; "
            "--conventions sighan works with either",
        )


def _refuse_standard_input(gold: str, predictions: Sequence[str], inputs: InputOptions) -> None:
    if "-" in (gold, *predictions, *inputs.dictionary_paths()):
        raise WsscoreError(
            "--match diff reads files, not standard input ('-')",
            hint="save the input to a file first",
        )


class _Statistics(NamedTuple):
    """What the metrics of each system are computed with."""

    ci: str
    beta: float
    samples: int
    seed: int
    has_dictionary: bool


class _DiffGold:
    """The gold of a ``--match diff`` run and the script's dictionary, in the gold's bytes."""

    def __init__(self, path: str, inputs: InputOptions):
        self.path = path
        self.file = open_text(
            path,
            inputs.for_gold,
            warnings=inputs.warnings,
            strict=inputs.strict,
            option=GOLD_OPTION,
        )
        self.read = formatted(
            self.file, inputs.gold_format_used, inputs.warnings, inputs.gold_format_options
        )
        self.encoding = self.file.encoding
        self.word_lists = inputs.word_list_paths()
        self.entries = _perl_entries(self.word_lists, inputs, self.encoding)
        self._used = False

    def lines(self) -> Iterator[bytes]:
        """The lines the counter is given; a gold in another format is read again for each
        prediction, as a words file would be."""
        if self._used and isinstance(self.read, FormattedInput):
            self.read = _reopened(self.read)
        self._used = True
        return _perl_lines(self.read, self.encoding)

    def info(self, unread: Iterator[bytes], totals: SighanTotals, warnings: Warnings) -> GoldInfo:
        """What the report says of the gold, once the counter has read ``unread`` as far as
        it goes (and the known gold it is, or how it differs from one: ``warnings``)."""
        return GoldInfo(
            self.file.name,
            self.encoding.name,
            _lines_of(self.read, unread),
            totals.true_count,
            0,
            format=_format_name(self.read),
            label_order=label_order_of(self.read),
            corpus=gold_corpus(self.file.path, self.encoding.name, warnings),
        )


def _run_diff(
    gold_lines: Iterator[bytes],
    pred_lines: Iterator[bytes],
    gold: _DiffGold,
    path: str,
    settings: DiffSettings,
) -> DiffScores:
    """The engine on one prediction, its failures turned into the user's errors."""
    try:
        return score_with_diff(
            gold_lines,
            pred_lines,
            gold.entries,
            gold_name=os.fsencode(perl_file_name(gold.path)),
            test_name=os.fsencode(perl_file_name(path)),
            settings=settings,
        )
    except RuntimeError as exc:
        raise diff_error(exc) from None
    except OSError as exc:
        # Writing a sentence's two files for diff, or reading an input, went wrong.
        raise WsscoreError(
            f"--match diff stopped: {exc.strerror or exc}",
            where=exc.filename if isinstance(exc.filename, str) else None,
            hint="diff's per-sentence files go to the temporary directory: check that it "
            "exists, is writable and has free space (TMPDIR chooses it)",
        ) from None


def _system_result(
    name: str,
    file: TextFile,
    read: TextFile | FormattedInput,
    scores: DiffScores,
    statistics: _Statistics,
) -> SystemResult:
    """A prediction's result: ``file`` as opened, ``read`` in its format."""
    counts = totals_to_counts(scores.totals)
    return SystemResult(
        name,
        file.name,
        file.encoding.name,
        counts,
        _metrics(counts, scores, statistics),
        facts=PredictionFacts(
            format=_format_name(read),
            label_order=label_order_of(read),
            has_dictionary=statistics.has_dictionary,
        ),
        analyses=Analyses(sighan=scores.totals),
    )


def _metrics(counts: Counts, scores: DiffScores, statistics: _Statistics) -> Metrics:
    """The metrics of the script's counts, which count correct words apart for precision."""
    ci, beta = statistics.ci, statistics.beta
    metrics = compute(counts, has_dictionary=statistics.has_dictionary, ci=ci, beta=beta)
    totals = scores.totals
    if totals.precision_correct != totals.recall_correct:
        precision = ratio(totals.precision_correct, totals.test_count)
        metrics = metrics._replace(precision=precision, f=f_beta(precision, metrics.recall, beta))
    if ci == "bootstrap":
        columns = ResampledColumns(
            gold_words=[t.true_count for t in scores.per_sentence],
            pred_words=[t.test_count for t in scores.per_sentence],
            correct=[t.recall_correct for t in scores.per_sentence],
        )
        metrics = with_bootstrap(metrics, columns, statistics.samples, statistics.seed)
    return metrics


def _perl_entries(word_lists: list[str], inputs: InputOptions, gold_enc: Encoding) -> set[bytes]:
    """The script's dictionary: the word lists' lines as bytes in the gold's encoding."""
    entries: set[bytes] = set()
    for path in word_lists:
        dict_file = open_text(
            path,
            inputs.for_dictionary,
            warnings=inputs.warnings,
            strict=inputs.strict,
            option=DICT_OPTION,
        )
        entries |= perl_dictionary(
            lines_in(path, dict_file.encoding, gold_enc, skip_unencodable=True)
        )
    return entries


def _reopened(read: FormattedInput) -> FormattedInput:
    """A fresh reader of the gold (never standard input: refused before)."""
    again = read.reopen()
    assert again is not None
    return again


def _perl_lines(read: TextFile | FormattedInput, target: Encoding) -> Iterator[bytes]:
    """The lines the Perl-style counter is given, as bytes in the gold's encoding ``target``."""
    if not isinstance(read, FormattedInput):
        yield from lines_in(read.path, read.encoding, target)
        return
    sentences = read.keep_tokens()
    for number, _ in enumerate(read.lines(), start=1):
        words = " ".join(_syntactic_words(*sentences.popleft(), read.name))
        try:
            yield target.encode(words + "\n")
        except UnicodeEncodeError as exc:
            # A sentence's line of words is not a line of the file: name the sentence.
            raise _unencodable(exc, target, f"{read.name}, sentence {number}") from None


def _syntactic_words(
    number: int, tokens: list[Token], parts: dict[int, list[Token]] | None, name: str
) -> Iterator[str]:
    """A sentence's words; a CoNLL-U multi-word token gives its syntactic words when they
    spell it (广播电台 = 广播 + 电台), the words the Perl script would see in a words file."""
    for index, token in enumerate(tokens):
        words = [part.word for part in parts[index]] if parts and index in parts else None
        if words is None:
            yield token.word
        elif "".join(words) == token.word:
            yield from words
        else:
            # The script compares words, not the text they spell: "al" = "a" + "el" has no
            # words that spell the text, and conll18_ud_eval.py aligns them within the token.
            raise WsscoreError(
                f"--match diff cannot score the multi-word token {token.word!r}: its words "
                f"({' '.join(words)}) do not spell it, and the Perl script compares words only",
                where=f"{name}, sentence {number}",
                hint="use --match span, which scores it as conll18_ud_eval.py does",
            )


def _lines_of(read: TextFile | FormattedInput, unread: Iterator[bytes]) -> int:
    """The gold's lines as the report counts them (a sentence of a file in another format);
    ``unread`` is what the counter left of its lines (it stops at the shorter file)."""
    if isinstance(read, FormattedInput):
        for _ in unread:
            pass
        return read.lines_read
    return sum(1 for _ in raw_lines(read.path))


def _format_name(read: TextFile | FormattedInput) -> str:
    return read.format if isinstance(read, FormattedInput) else "words"
