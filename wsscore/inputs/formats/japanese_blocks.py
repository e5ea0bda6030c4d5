"""MeCab and KyTea files read a block of text at a time, for the scorer, which needs only the
words, and for MeCab also for ``--tags``, which needs the words and their tags (KyTea's tokens
are then read by the line reader).

The line readers (:func:`~wsscore.inputs.formats.mecab.read_mecab`,
:func:`~wsscore.inputs.formats.kytea.read_kytea`) build a token per word in Python. Most blocks
are plain: MeCab lines ``surface<TAB>features`` and ``EOS`` lines (a surface's white space
dropped, as the line reader drops it); KyTea lines without escapes or candidates (no
backslash, no ``&``) where no token starts with a slash. Their lines of words are cut out of
the whole block at once through the backend boundary (in C when it runs):
:func:`wsscore.core.backend.mecab_block_words` and
:func:`wsscore.core.backend.kytea_block_words`; with tags,
:func:`wsscore.core.backend.mecab_block_tags` gives the words and their tags as a
:class:`~wsscore.core.records.FormattedBlock`. Any block that is not plain in that sense (a
blank or malformed line, an ``EOS\\r`` line, an escape, an empty word, a quoted or missing
tag field, a sentence past the limit) is read by the line reader, with its lines numbered as
in the file: it stays the definition of the format and the only source of its errors.

A MeCab block is cut after its last ``EOS`` line, so that the line reader, reading a part, reads
whole sentences; a sentence carried past :data:`CARRY_MOST` characters without its ``EOS`` hands
the rest of the file to the line reader, which streams it. KyTea's sentences are lines, so its
blocks (of whole lines) need no carrying.

The line reader numbers its lines from the lines of the blocks taken before, counted by whoever
hands out the blocks (``lines_done``: a :class:`~wsscore.inputs.reading.TextFile` counts them
anyway) and only when the line reader needs them: a second count of every block (a line per
word) cost as much as cutting it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from itertools import chain

from wsscore.core.backend import kytea_block_words, mecab_block_tags, mecab_block_words
from wsscore.core.records import FormattedBlock
from wsscore.inputs.formats.kytea import read_kytea
from wsscore.inputs.formats.mecab import read_mecab
from wsscore.inputs.formats.model import FormatOptions, Sentence

CARRY_MOST = 1 << 20  # characters of an unfinished MeCab sentence held for the next block
# Lines of words (each ending with a line feed), lines of words and tags, or a sentence read.
Piece = str | FormattedBlock | Sentence
# The lines of the blocks taken so far (a last line without its line feed counted too).
LinesDone = Callable[[], int]


def read_mecab_blocks(
    blocks: Iterable[str],
    *,
    name: str,
    options: FormatOptions,
    max_chars: int,
    with_tags: bool = False,
    lines_done: LinesDone | None = None,
) -> Iterator[Piece]:
    """The sentences of MeCab text given in blocks of whole lines, in order (see the module):
    with tags, plain ones as :class:`FormattedBlock`, else as lines of words."""
    blocks, lines_done = _counted(blocks, lines_done)
    carry = ""
    for block in blocks:
        text = carry + block if carry else block
        end = _after_last_eos(text)
        head, carry = text[:end], text[end:]
        if head:
            # The lines before the head: those taken, less the head's and the carry's.
            before = _lines_before(lines_done, head, carry)
            yield from _mecab_sentences(head, before, name, options, (max_chars, with_tags))
        if len(carry) > CARRY_MOST:  # no EOS for long: the line reader streams the rest
            first_line = _lines_before(lines_done, carry)() + 1
            rest = _lines(carry, blocks)
            yield from read_mecab(
                rest, name=name, options=options, max_chars=max_chars, first_line=first_line
            )
            return
    if carry:  # the file ended without its last EOS
        yield from read_mecab(
            _lines(carry, iter(())),
            name=name,
            options=options,
            max_chars=max_chars,
            first_line=_lines_before(lines_done, carry)() + 1,
        )


def _counted(
    blocks: Iterable[str], lines_done: LinesDone | None
) -> tuple[Iterator[str], LinesDone]:
    """The blocks, and the lines of those taken so far, from the start of this reading (counted
    here where the caller does not count them)."""
    if lines_done is None:
        taken = [0]

        def counting() -> Iterator[str]:
            for block in blocks:
                taken[0] += _line_count(block)
                yield block

        return counting(), lambda: taken[0]
    done = lines_done
    start = done()
    return iter(blocks), lambda: done() - start


def _lines_before(lines_done: LinesDone, *rest: str) -> LinesDone:
    """The lines taken before the texts ``rest`` (the end of what was taken), once asked."""
    return lambda: lines_done() - sum(map(_line_count, rest))


def _line_count(text: str) -> int:
    return text.count("\n") + (not text.endswith("\n") and bool(text))


def _after_last_eos(text: str) -> int:
    """Where the text after its last ``EOS`` line starts; 0 where it has none."""
    found = text.rfind("\nEOS\n")
    if found >= 0:
        return found + 5
    return 4 if text.startswith("EOS\n") else 0


def _mecab_sentences(
    head: str, lines_before: LinesDone, name: str, options: FormatOptions, limits: tuple[int, bool]
) -> Iterator[Piece]:
    """Whole sentences (``head`` ends with an ``EOS`` line): at once when plain, else by the
    line reader, from line ``lines_before() + 1``. ``limits``: the most characters of a
    sentence, and whether tags are read."""
    max_chars, with_tags = limits
    read = _plain_mecab(head, options, with_tags)
    if read is not None:
        words = read if isinstance(read, str) else read.words
        if len(words) <= max_chars or max(map(len, words.split("\n"))) <= max_chars:
            yield read
            return
    yield from read_mecab(
        head[:-1].split("\n"),
        name=name,
        options=options,
        max_chars=max_chars,
        first_line=lines_before() + 1,
    )


def _plain_mecab(head: str, options: FormatOptions, with_tags: bool) -> str | FormattedBlock | None:
    if with_tags:
        return mecab_block_tags(head, *options.tag_field)
    return mecab_block_words(head)


def _lines(text: str, blocks: Iterator[str]) -> Iterator[str]:
    """The lines of ``text`` and of the blocks after it, without their line feeds."""
    pending = ""
    for block in chain((text,), blocks):
        *ended, pending = (pending + block).split("\n")
        yield from ended
    if pending:
        yield pending


def read_kytea_blocks(
    blocks: Iterable[str],
    *,
    name: str,
    options: FormatOptions,
    lines_done: LinesDone | None = None,
) -> Iterator[Piece]:
    """The sentences of KyTea text given in blocks of whole lines, in order (see the module)."""
    blocks, lines_done = _counted(blocks, lines_done)
    for block in blocks:
        text = block if block.endswith("\n") else block + "\n"
        words = kytea_block_words(text)
        if words is None:
            first_line = _lines_before(lines_done, block)() + 1
            yield from read_kytea(
                text[:-1].split("\n"), name=name, options=options, first_line=first_line
            )
        else:
            yield words
