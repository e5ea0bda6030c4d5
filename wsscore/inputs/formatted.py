"""Inputs in another format than plain words, read as the words of their sentences.

The scorer reads one shape: lines of words separated by white space (a :class:`TextFile`). A
file in another format (``tagged``, ``chars``, ``conllu``, ``jsonl``; see
:mod:`wsscore.inputs.formats`) is wrapped in a :class:`FormattedInput`, which streams its
sentences through the format's reader and hands the scorer one line of words per sentence
(CoNLL-U, when no one keeps its tokens, a block at a time:
:mod:`wsscore.inputs.formats.conllu_blocks`). A plain words file is never wrapped: it keeps the
fast path (whole blocks, the C speed-ups); a words file with a ``--word-sep`` separator is (a
later change may give it a fast path too).
"""

from __future__ import annotations

import codecs
import os
import weakref
from collections import deque
from collections.abc import Iterable, Iterator, Mapping
from operator import itemgetter
from typing import TYPE_CHECKING, NamedTuple

from wsscore.core.records import FormattedBlock
from wsscore.errors import InvalidArgument, Warnings, WsscoreError, location
from wsscore.inputs.encodings import Encoding
from wsscore.inputs.formats import (
    FORMATS,
    MAX_SENTENCE_CHARS,
    WORD_LINE_READERS,
    FormatOptions,
    Sentence,
    Token,
    detect_format_reason,
    is_near_miss,
    read_sentences,
)
from wsscore.inputs.formats.chars_blocks import read_chars_blocks
from wsscore.inputs.formats.conllu import has_multiword_tokens
from wsscore.inputs.formats.conllu_blocks import read_conllu_blocks
from wsscore.inputs.formats.detect import HEAD_LINES
from wsscore.inputs.formats.fast import BlockReader, reads_by_block
from wsscore.inputs.formats.japanese_blocks import read_kytea_blocks, read_mecab_blocks
from wsscore.inputs.formats.model import SYLLABLE_MARK, check_options, marks_syllables
from wsscore.inputs.formats.vlsp import vlsp_word_lines
from wsscore.inputs.formats.words import separator_seen
from wsscore.inputs.reading import BLOCK_SIZE, TextFile, open_binary, open_text
from wsscore.inputs.shared_layout import explained_refusal
from wsscore.inputs.words import WHITE_SPACE, split_words

if TYPE_CHECKING:
    from wsscore.inputs.normalize import Normalizing

FORMAT_CHOICES = ("auto", *FORMATS)
# The most bytes read ahead for them (16 MiB): a file whose first non-blank line is longer is
# detected on the start of that line, as the reason then says.
HEAD_MOST = 1 << 24
# Characters of such a cut line that detection looks at: a sample, as the line has no end to
# look at anyway (detecting on all of it would cost time and memory for nothing).
CUT_SAMPLE = 1 << 16
BLOCK_CHARS = 1 << 17  # characters of words handed to the scorer at a time
WORD = itemgetter(0)  # a Token's word, read by map (faster than a generator)
# What keep_tokens() queues hold: a sentence's number, tokens and multi-word parts.
SentenceTokens = tuple[int, list[Token], "dict[int, list[Token]] | None"]


class CompactSentences(NamedTuple):
    """What a compact queue holds for the sentences of a block read by the fast path: the
    number of the first, and a line of words and one of tags per sentence (no tags when the
    file has none), as the block reader gave them (:mod:`wsscore.core.blocks`)."""

    first: int
    words: list[str]
    tags: list[str] | None


class FormattedInput:
    """A file in a format other than words, shaped like the :class:`TextFile` the scorer reads:
    one line of space-separated words per sentence of the file."""

    def __init__(
        self,
        source: TextFile,
        fmt: str,
        *,
        detected: bool,
        warnings: Warnings,
        options: FormatOptions,
    ):
        self.source = source
        self.format = fmt
        self.detected = detected  # by `auto`, not given: said when the scores look wrong
        self._warnings = warnings
        self.options = options
        # Characters a sentence may have (chars, conllu); a prediction's is set to what its
        # gold can match (wsscore.scoring.opened).
        self.sentence_limit = MAX_SENTENCE_CHARS
        self.lines_read = 0  # sentences handed out so far (a sentence is the scorer's line)
        self.tags_seen = 0  # tokens with a tag among those read
        # Syntactic words beyond the tokens: a multi-word token of n words adds n - 1.
        self.extra_words = 0
        # Queues of (sentence number, tokens, multi-word parts) for those who count tags or
        # multi-word tokens (keep_tokens).
        self._subscribers: list[deque[SentenceTokens]] = []
        self._compact: list[deque[SentenceTokens | CompactSentences]] = []
        self._multiword: bool | None = None
        # chars: the order of position and tag in the labels, once given or decided (None
        # while unknown, and for a file of plain labels, which need none).
        self.label_order: str | None = None
        # How the words handed out are rewritten (--normalize), if they are.
        self.normalizing: Normalizing | None = None

    def keep_tokens(self) -> deque[SentenceTokens]:
        """A queue that receives every sentence's tokens (word and tag) as its line is read."""
        queue: deque[SentenceTokens] = deque()
        self._subscribers.append(queue)
        return queue

    def keep_compact_tokens(self) -> deque[SentenceTokens | CompactSentences]:
        """A queue like :meth:`keep_tokens`'s, which receives the sentences of a block read by
        the fast path at once, as lines of words and tags (:class:`CompactSentences`), without
        a Token per word."""
        queue: deque[SentenceTokens | CompactSentences] = deque()
        self._compact.append(queue)
        return queue

    @property
    def _syllables_marked(self) -> bool:
        """The gold of a syllable run hands the scorer its syllables (docs/metrics.md §1.7)."""
        return marks_syllables(self.format, self.options)

    def _keeps_tokens(self) -> bool:
        return bool(self._subscribers or self._compact)

    @property
    def has_multiword_tokens(self) -> bool:
        """Whether the file has CoNLL-U multi-word tokens, found before it is read: a file is
        scanned ahead (a second handle); standard input and pipes only on their first block,
        and a multi-word token after it is then refused when read (see :meth:`lines`)."""
        if self._multiword is None:
            self._multiword = self.format == "conllu" and _scan_multiword(self.source)
        return self._multiword

    @property
    def name(self) -> str:
        return self.source.name

    @property
    def path(self) -> str:
        return self.source.path

    @property
    def encoding(self) -> Encoding:
        return self.source.encoding

    @property
    def bytes_done(self) -> int:
        return self.source.bytes_done

    def lines(self) -> Iterator[str]:
        if self.normalizing is not None:
            yield from self.normalizing.rewritten(self._lines(), lines=True)
            return
        yield from self._lines()

    def _lines(self) -> Iterator[str]:
        try:
            if reads_by_block(self.format, self.options):
                yield from self._lines_by_block()
                return
            for piece in self._pieces():
                if isinstance(piece, str):  # lines of words, each ending with a line feed
                    for line in piece.split("\n")[:-1]:
                        self.lines_read += 1
                        yield line
                elif isinstance(piece, FormattedBlock):  # mecab with tags
                    yield from self._lines_of_block(piece)
                else:
                    yield self._sentence_line(piece)
        except WsscoreError as error:
            raise self._explained(error) from None

    def _explained(self, error: WsscoreError) -> WsscoreError:
        """A refusal, with the other format that reads the file where one does (nagisa's
        ``word/POS`` read as KyTea's), and what the file was read as."""
        return explained_refusal(self.source, self.format, error)

    def _pieces(self) -> Iterator[str | FormattedBlock | Sentence]:
        """The file's sentences, each as a Sentence, or runs of them as lines of words where a
        format's block reader can skip the tokens (no one keeps them)."""
        marks = marks_syllables(self.format, self.options)
        if marks and self.format == "vlsp" and not self._keeps_tokens():
            return vlsp_word_lines(self.source.lines(), name=self.name, joiner=SYLLABLE_MARK)
        if self.format == "conllu" and not self._keeps_tokens() and not marks:
            return read_conllu_blocks(
                self.source.text_blocks(),
                name=self.name,
                options=self.options,
                max_chars=self.sentence_limit,
            )
        if self.format == "mecab":
            check_options(self.format, self.options)
            return read_mecab_blocks(
                self.source.text_blocks(),
                name=self.name,
                options=self.options,
                max_chars=self.sentence_limit,
                with_tags=self._keeps_tokens(),
                lines_done=self._source_lines,
            )
        if self.format == "kytea" and not self._keeps_tokens():
            check_options(self.format, self.options)
            return read_kytea_blocks(
                self.source.text_blocks(),
                name=self.name,
                options=self.options,
                lines_done=self._source_lines,
            )
        if self.format in WORD_LINE_READERS and not self._keeps_tokens():
            return WORD_LINE_READERS[self.format](self.source.lines(), name=self.name)
        if self.format == "chars" and not self._keeps_tokens() and not marks:
            check_options(self.format, self.options)
            blocks = read_chars_blocks(
                self.source.text_blocks(),
                name=self.name,
                warnings=self._warnings,
                label_order=self.options.label_order,
                on_label_order=self._set_label_order,
                max_chars=self.sentence_limit,
                unit=self.options.unit,
            )
            return (lines.text for lines in blocks)
        return read_sentences(
            self.format,
            self.source.lines(),
            name=self.name,
            warnings=self._warnings,
            options=self.options,
            on_label_order=self._set_label_order,
            max_chars=self.sentence_limit,
        )

    def _source_lines(self) -> int:
        """The lines of the blocks of the file handed out so far, as the file counted them."""
        return self.source.lines_read

    def _sentence_line(self, sentence: Sentence) -> str:
        self.lines_read += 1
        if sentence.parts:
            self._count_parts(sentence)
        if self._keeps_tokens():
            self.tags_seen += sum(1 for token in sentence.syntactic() if token.tag is not None)
            entry = (self.lines_read, sentence.tokens, sentence.parts)
            for queue in self._subscribers:
                queue.append(entry)
            for compact in self._compact:
                compact.append(entry)
        if self._syllables_marked:
            return " ".join(map(_marked_word, sentence.tokens))
        return " ".join(map(WORD, sentence.tokens))

    def _lines_of(self, sentences: Iterable[Sentence]) -> Iterator[str]:
        for sentence in sentences:
            yield self._sentence_line(sentence)

    def _lines_by_block(self) -> Iterator[str]:
        """The fast path (:mod:`wsscore.inputs.formats.fast`): a block of lines at once."""
        check_options(self.format, self.options)
        reader = BlockReader(self.format, self.name, self.options)
        for text in self.source.text_blocks():
            read = reader.read(text, with_tags=self._keeps_tokens())
            if isinstance(read, FormattedBlock):
                yield from self._lines_of_block(read)
            else:
                yield from self._lines_of(read)

    def _lines_of_block(self, block: FormattedBlock) -> Iterator[str]:
        lines = block.words.split("\n")[: block.sentences]
        if not self._keeps_tokens():
            for line in lines:
                self.lines_read += 1
                yield line
            return
        self.tags_seen += block.tagged
        tag_lines = block.tags.split("\n")[: len(lines)] if block.tags is not None else None
        if self._compact:
            sentences = CompactSentences(self.lines_read + 1, lines, tag_lines)
            for compact in self._compact:
                compact.append(sentences)
        for index, line in enumerate(lines):
            self.lines_read += 1
            if self._subscribers:
                tags = tag_lines[index] if tag_lines is not None else None
                entry = (self.lines_read, sentence_tokens(line, tags), None)
                for queue in self._subscribers:
                    queue.append(entry)
            yield line

    def _set_label_order(self, order: str) -> None:
        self.label_order = order

    def _count_parts(self, sentence: Sentence) -> None:
        if not self.has_multiword_tokens:  # standard input: they were not in its first block
            raise WsscoreError(
                "multi-word tokens (range IDs such as 3-4) where the start of standard input "
                "had none, so they cannot be scored as conll18_ud_eval.py scores them",
                where=location(self.name, sentence.line),
                hint="give the file as a path, not on standard input",
            )
        assert sentence.parts is not None
        self.extra_words += sum(len(words) - 1 for words in sentence.parts.values())

    def text_blocks(self) -> Iterator[str]:
        if reads_by_block(self.format, self.options):
            yield from _joined_lines(self.lines())
            return
        try:
            blocks = self._text_blocks()
            if self.normalizing is not None:
                blocks = self.normalizing.rewritten(blocks)
            yield from blocks
        except WsscoreError as error:
            raise self._explained(error) from None

    def _text_blocks(self) -> Iterator[str]:
        block: list[str] = []
        size = 0
        for piece in self._pieces():
            if isinstance(piece, str):
                self.lines_read += piece.count("\n")
                block.append(piece)
                size += len(piece)
            elif isinstance(piece, FormattedBlock):  # mecab with tags
                lines = list(self._lines_of_block(piece))  # counted, and queued for the tags
                text = "\n".join(lines) + "\n" if lines else ""
                block.append(text)
                size += len(text)
            else:
                line = self._sentence_line(piece)
                block += (line, "\n")
                size += len(line) + 1
            if size >= BLOCK_CHARS:
                yield "".join(block)
                block, size = [], 0
        if block:
            yield "".join(block)

    def close(self) -> None:
        self.source.close()

    def reopen(self) -> FormattedInput | None:
        """A new reader of the file from its start, in the same format (see
        :meth:`TextFile.reopen`)."""
        source = self.source.reopen()
        if source is None:
            return None
        quiet = Warnings(quiet=True)
        again = FormattedInput(
            source, self.format, detected=False, warnings=quiet, options=self.options
        )
        again.normalizing = self.normalizing
        return again


def _joined_lines(lines: Iterable[str]) -> Iterator[str]:
    """Lines of words joined into texts of about :data:`BLOCK_CHARS` characters, each line
    ended by a line feed."""
    block: list[str] = []
    size = 0
    for line in lines:
        block.append(line)
        size += len(line) + 1
        if size >= BLOCK_CHARS:
            yield "\n".join(block) + "\n"
            block, size = [], 0
    if block:
        yield "\n".join(block) + "\n"


def sentence_tokens(words: str, tags: str | None) -> list[Token]:
    """A sentence's tokens from its line of words and, if it has them, its line of tags."""
    if not words:
        return []
    if tags is None:
        return [Token(word, None) for word in words.split(" ")]
    return list(map(Token, words.split(" "), tags.split(" ")))


def check_format(fmt: str) -> str:
    if fmt not in FORMAT_CHOICES:
        choices = ", ".join(FORMAT_CHOICES)
        raise InvalidArgument(f"unknown input format {fmt!r}; use one of {choices}")
    return fmt


def formatted(
    source: TextFile, fmt: str, warnings: Warnings, options: FormatOptions
) -> TextFile | FormattedInput:
    """``source`` read in format ``fmt`` (``auto``: detected on its first lines)."""
    detected = fmt == "auto"
    if detected:
        head = read_head(source)
        fmt, reason = detect_format_reason(head.lines, options.word_sep)
        source.detection = (
            f"{reason} (of a first line cut at {HEAD_MOST:,} bytes)" if head.cut else reason
        )
    if fmt == "words" and not has_word_separator(options):
        return source
    return FormattedInput(source, fmt, detected=detected, warnings=warnings, options=options)


def word_separator_seen(source: object) -> str | None:
    """The separator that a words or tagged file's first lines seem to use between words
    besides white space (``' / '``), when it was not given: for hints when the file fails."""
    head = _head_without_separator(source, ("words", "tagged"))
    return None if head is None else separator_seen(head)


def words_head(source: object) -> list[str] | None:
    """The first lines of a words file read without a word separator; None for another input
    (another format, lines in memory)."""
    return _head_without_separator(source, ("words",))


def _head_without_separator(source: object, formats: tuple[str, ...]) -> list[str] | None:
    if isinstance(source, FormattedInput) and (
        source.format not in formats or has_word_separator(source.options)
    ):
        return None
    text = text_file_of(source)
    return None if text is None else head_of(text)  # None: lines in memory, no file to look at


def has_word_separator(options: FormatOptions) -> bool:
    """Whether words are separated by more than white space (a separator of white space only
    separates nothing that white space does not)."""
    return options.word_sep is not None and bool(options.word_sep.strip(WHITE_SPACE))


class Head(NamedTuple):
    """The lines a file's format is detected on; ``cut`` when the last is only the start of a
    line longer than :data:`HEAD_MOST` bytes."""

    lines: list[str]
    cut: bool = False


def head_of(source: TextFile) -> list[str]:
    """The lines a file's format is detected on (:func:`read_head`). Asked for again once the
    file is being read (a hint on an error path), they are the lines read ahead for detection,
    or without them the whole lines of the first block: the stream is never read ahead of the
    scorer."""
    head = _HEADS.get(source)
    if head is not None:
        return head.lines
    if source.reading_started:
        return _first_block_lines(source)
    return read_head(source).lines


def _first_block_lines(source: TextFile) -> list[str]:
    block = source.first_block
    try:
        text = block.decode(source.encoding.codec, "replace")
    except UnicodeError:  # a codec without error handlers (idna, punycode): plain words
        return []
    lines = text.split("\n")
    if len(block) >= BLOCK_SIZE and not text.endswith("\n"):
        lines.pop()  # the block was cut inside a line
    return [line for line in lines if line.strip()][:HEAD_LINES]


# The head read for each file's detection, kept for the hints that look at it again.
_HEADS: weakref.WeakKeyDictionary[TextFile, Head] = weakref.WeakKeyDictionary()


def read_head(source: TextFile) -> Head:
    """See :func:`_read_head`; remembered for :func:`head_of`."""
    head = _HEADS[source] = _read_head(source)
    return head


def _read_head(source: TextFile) -> Head:
    """The first :data:`HEAD_LINES` non-blank lines of a file, whole however long they are:
    read ahead as far as needed (up to :data:`HEAD_MOST` bytes), and read again by the scorer
    (:meth:`TextFile.blocks_ahead`). Only when not one non-blank line ends within that bound
    is a sample of the start of the first one returned, without its last word (cut)."""
    try:
        decoder = codecs.getincrementaldecoder(source.encoding.codec)("replace")
    except LookupError:
        return Head([])
    lines: list[str] = []  # the non-blank ones
    pieces: list[str] = []  # the line not ended yet
    size = 0
    blocks = source.blocks_ahead(HEAD_MOST)
    try:
        for block in blocks:
            size += len(block)
            *ended, rest = decoder.decode(block).split("\n")
            if ended:
                ended[0] = "".join([*pieces, ended[0]])
                pieces = []
            # Blank lines tell nothing (detection skips them): an endless run of them is not
            # kept, only read over.
            lines += filter(str.strip, ended)
            if len(lines) >= HEAD_LINES:
                return Head(lines[:HEAD_LINES])
            pieces.append(rest)
        last = "".join(pieces) + decoder.decode(b"", final=True)
    except UnicodeError:  # a codec without error handlers (idna, punycode): plain words
        return Head([])
    finally:
        blocks.close()
    if size < HEAD_MOST:
        lines.append(last)  # the file ended: its last line is whole
    elif not lines and last.strip():  # one line longer than the bound: its start is all
        sample = last[:CUT_SAMPLE]
        return Head([*lines, sample.rpartition(" ")[0] or sample], cut=True)
    return Head(lines)


def unit_of(source: object) -> str:
    """What an opened input's line numbers count in messages: a sentence of a file in another
    format than words is the scorer's line."""
    return "sentence" if isinstance(source, FormattedInput) else "line"


def format_of(source: object) -> str:
    """The format an opened input is read in."""
    return source.format if isinstance(source, FormattedInput) else "words"


def label_order_of(source: object) -> str | None:
    """The order of the labels of a chars input, once read (None for other formats)."""
    return source.label_order if isinstance(source, FormattedInput) else None


WRONG_FORMAT_HINT = (
    "if one is wrong, give --gold-format or --pred-format (words, tagged, chars, conllu, jsonl, "
    "mecab, kytea, best, vlsp)"
)


def text_file_of(source: object) -> TextFile | None:
    """The file under an opened input (a formatted one's source); None for lines in memory."""
    text = source.source if isinstance(source, FormattedInput) else source
    return text if isinstance(text, TextFile) else None


def detection_of(source: object) -> str | None:
    """Why an opened input is read in its format, when that was detected; None when given."""
    text = text_file_of(source)
    return text.detection if text is not None else None


def formats_read(files: Mapping[str, object]) -> str | None:
    """ "the gold was read as words (no other format fits: ...), <pred> as jsonl (5 of 5 lines
    are JSON sentences)", for messages where scores fail or look absurd: ``files`` maps how
    each is named to the opened input. None when no format was detected, or every file was
    detected as plain words with no other format in sight (naming them would be noise)."""
    read = {name: (format_of(f), detection_of(f)) for name, f in files.items()}
    reasons = [reason for _, reason in read.values() if reason is not None]
    if not reasons:
        return None
    if {fmt for fmt, _ in read.values()} == {"words"} and not any(map(is_near_miss, reasons)):
        return None
    said = [f"{name} as {fmt} ({reason or 'given'})" for name, (fmt, reason) in read.items()]
    return said[0].replace(" as ", " was read as ", 1) + "".join(f", {s}" for s in said[1:])


def _scan_multiword(source: TextFile) -> bool:
    """Whether a CoNLL-U file has a range ID line, read ahead of the scorer."""
    if source.path == "-" or not os.path.isfile(source.path):
        return has_multiword_tokens(source.first_block)  # read once: its first block only
    if not source.encoding.ascii_compatible:  # UTF-16: digits and tabs are not single bytes
        text = open_text(source.path, source.encoding.name, warnings=Warnings(quiet=True))
        return any(has_multiword_tokens(block.encode()) for block in text.text_blocks())
    stream = open_binary(source.path)
    try:
        tail = b""
        while block := stream.read(BLOCK_SIZE):
            # A line cut between blocks: the previous block's last line is searched again.
            data = tail + block
            if has_multiword_tokens(data):
                return True
            tail = data[data.rfind(b"\n") + 1 :][-64:]
        return False
    finally:
        stream.close()


def _marked_word(token: Token) -> str:
    """A gold word with its syllables (the parts of its form) joined by the syllable mark."""
    return token.word if token.form is None else SYLLABLE_MARK.join(split_words(token.form))
