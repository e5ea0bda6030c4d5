"""Sentences given as per-character labels (a tagger's BMES, BIES, BI or BIO output, with or
without tags), turned into the scorer's lines of words: :meth:`wsscore.Scorer.update_labels`.

The labels are decoded by the chars reader itself (:func:`~wsscore.inputs.formats.chars.read_chars`,
one definition): each batch is handed to it as a chars file would be, a character and its label
a line and a blank line after each sentence, so invalid sequences are decoded as a chars file's
are (an M, I or E with no word open starts one) and the order of tagged labels (``B-NN`` or
``NN-B``) is decided per batch unless given.

A batch of plain position labels without tags (the common case: a segmenter's BMES) takes a
shortcut that gives the same words a batch at a time, by string operations instead of a step
per character (:func:`_plain_lines`); anything else, and any batch it cannot vouch for, goes
the reader's way, which also names what is wrong.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence

from wsscore.core.definitions import SEPARATORS
from wsscore.errors import InvalidArgument, Warnings, WsscoreError
from wsscore.inputs.api_sentences import SentenceLines, check_batch, check_word, kind_of
from wsscore.inputs.formats.chars import CLOSES, POSITIONS, STARTS, read_chars, read_label
from wsscore.inputs.formats.model import LABEL_ORDERS, Token

LABEL_HINT = "a label is B, M, I, E, S or O, alone or joined with a tag as B-NN or NN-B"
NO_TAG = "_"  # a word whose labels carry no tag, as a chars file scored with tags has it
# Stands for each character of a text not given (a private-use character: no real word's).
POSITION = "\ue000"

# The shortcut's pieces: a word starts at a label of STARTS or after one of CLOSES (whatever the
# label, as the reader's decoder does: an M, I or E with no word open starts one).
_NOT_A_POSITION = re.compile(f"[^{''.join(sorted(POSITIONS))}]")
_A_SEPARATOR = re.compile(f"[{re.escape(SEPARATORS)}]")
_STARTS_HERE = str.maketrans({**dict.fromkeys(POSITIONS, "0"), **dict.fromkeys(STARTS, "1")})
_CLOSED_BEFORE = str.maketrans({**dict.fromkeys(POSITIONS, "0"), **dict.fromkeys(CLOSES, "1")})
_GOES_ON = str.maketrans({**dict.fromkeys(POSITIONS, "1"), "\n": "0"})
_CUT, _NO_CUT = " ", "\t"  # put before a character: a space between words, or nothing
_MARK_BYTES = bytes.maketrans(b"10", (_CUT + _NO_CUT).encode("ascii"))


def labelled_sentences(
    texts: object,
    gold_labels: object,
    pred_labels: object,
    *,
    tags: bool,
    label_order: str | None,
) -> tuple[SentenceLines, SentenceLines]:
    """The gold and the predicted sentences of labelled texts, as lines of words (and tags)."""
    if label_order is not None and label_order not in LABEL_ORDERS:
        raise InvalidArgument(f"label_order must be one of {LABEL_ORDERS}, not {label_order!r}")
    given = texts is not None
    text_batch = check_batch(texts, "texts") if given else _positions_only(gold_labels)
    if not tags:
        shortcut = _plain_lines(text_batch, gold_labels, pred_labels)
        if shortcut is not None:
            return shortcut
    return read_labelled(
        text_batch, gold_labels, pred_labels, tags=tags, label_order=label_order, texts=given
    )


def _positions_only(gold_labels: object) -> list[str]:
    """Texts for labels given without them, as seqeval takes labels: a placeholder character
    per gold label, so that a word is its span of positions (and is counted right when the
    prediction has the same span); what the words are is unknown, so no word is looked up."""
    batch = check_batch(gold_labels, "gold_labels")
    lengths = [len(labels) if isinstance(labels, (str, list, tuple)) else 0 for labels in batch]
    return [POSITION * length for length in lengths]


def read_labelled(
    text_batch: Sequence[object],
    gold_labels: object,
    pred_labels: object,
    *,
    tags: bool,
    label_order: str | None,
    texts: bool = True,
) -> tuple[SentenceLines, SentenceLines]:
    """:func:`labelled_sentences` by the chars reader, every label checked on its own: the
    reference of the shortcut, and the way of every batch it does not take."""
    pieces = [_pieces(text, f"texts[{i}]") for i, text in enumerate(text_batch)]
    checked = {}
    for argument, labels in (("gold_labels", gold_labels), ("pred_labels", pred_labels)):
        batch = check_batch(labels, argument)
        if len(batch) != len(pieces):
            raise InvalidArgument(
                f"{argument} has {len(batch)} label sequence(s) for {len(pieces)} text(s): "
                "give one label sequence per text, in the same order"
            )
        checked[argument] = [
            _labels(batch[i], chars, argument, i, texts) for i, chars in enumerate(pieces)
        ]
    gold, pred = (
        _decoded(pieces, labels, side, tags, label_order) for side, labels in checked.items()
    )
    return gold, pred


def _plain_lines(
    texts: Sequence[object], gold_labels: object, pred_labels: object
) -> tuple[SentenceLines, SentenceLines] | None:
    """The lines of words of a batch of str texts and one-letter position labels (each side a
    list of str, or of lists of one-letter str), or None when the batch is anything else: a
    label with a tag or not a label, a character that is white space, a length that differs.
    The same words as the reader's, a batch at a time (tests/inputs: the two compared)."""
    if not all(text.__class__ is str for text in texts):
        return None
    strings: Sequence[str] = texts  # type: ignore[assignment]  # all str, checked above
    text = "\n".join(strings)
    if _A_SEPARATOR.search(text.replace("\n", "")) or text.count("\n") != len(texts) - 1:
        return None
    gold = _joined_labels(gold_labels, strings)
    pred = _joined_labels(pred_labels, strings)
    if gold is None or pred is None:
        return None
    count = len(strings)
    return (
        SentenceLines(_words_of(text, gold, count), None),
        SentenceLines(_words_of(text, pred, count), None),
    )


def _joined_labels(labels: object, texts: Sequence[str]) -> str | None:
    """A side's labels, one letter per character, its sentences joined by line feeds as the
    texts are; None unless every label is one position letter and every length is right."""
    if isinstance(labels, (str, bytes)) or not isinstance(labels, Sequence):
        return None
    if len(labels) != len(texts):
        return None
    sentences = []
    for sentence, text in zip(labels, texts, strict=True):
        if sentence.__class__ is not str:
            if not isinstance(sentence, (list, tuple)) or len(sentence) != len(text):
                return None
            try:
                joined = "".join(sentence)
            except TypeError:  # a label that is not a str
                return None
            # No label empty and as many letters as labels: one letter each ("" and "BB" would
            # make up each other's length).
            if "" in sentence or len(joined) != len(sentence):
                return None
            sentence = joined
        if len(sentence) != len(text):
            return None
        sentences.append(sentence)
    joined = "\n".join(sentences)
    return None if _NOT_A_POSITION.search(joined.replace("\n", "")) else joined


def _words_of(text: str, labels: str, count: int) -> list[str]:
    """The lines of words of the batch's ``text`` cut as ``labels`` say (both joined by line
    feeds; ``count`` sentences), with no Python step per character: where words start comes
    from the labels by translation and bit strings; a mark (a space, or a tab that is dropped)
    is put before each character by strided copies into the text's UTF-32 code units."""
    if not labels:  # no sentence, or one without characters
        return [text] if count else []
    starts = labels.replace("\n", "0").translate(_STARTS_HERE)
    closed = ("0" + labels[:-1]).replace("\n", "0").translate(_CLOSED_BEFORE)
    lines_go_on = labels.translate(_GOES_ON)  # no mark before a line feed
    cuts = format((int(starts, 2) | int(closed, 2)) & int(lines_go_on, 2), f"0{len(labels)}b")
    units = text.encode("utf-32-le", "surrogatepass")  # a lone surrogate passes, as elsewhere
    spaced = bytearray(2 * len(units))
    spaced[0::8] = cuts.encode("ascii").translate(_MARK_BYTES)  # the marks' low bytes
    for byte in range(4):  # each character's four bytes after its mark's
        spaced[4 + byte :: 8] = units[byte::4]
    lines = spaced.decode("utf-32-le", "surrogatepass").replace(_NO_CUT, "").split("\n")
    return [line[1:] if line[:1] == _CUT else line for line in lines]


def _pieces(text: object, place: str) -> list[str]:
    """A text's characters: a str, one label each, or a list of pieces (a tokenizer's, taken
    whole as a chars file's first column is)."""
    if isinstance(text, str):
        for index, char in enumerate(text):
            check_word(char, f"{place}[{index}]")
        return list(text)
    if not isinstance(text, (list, tuple)):
        raise InvalidArgument(f"{place} is {kind_of(text)}, not a text (a str)")
    return [check_word(piece, f"{place}[{index}]") for index, piece in enumerate(text)]


def _labels(labels: object, chars: list[str], argument: str, index: int, texts: bool) -> list[str]:
    """A text's labels, one per character: a list of labels, or a str of one-letter labels.
    Without ``texts``, the text is as long as the gold's labels (:func:`_positions_only`)."""
    place = f"{argument}[{index}]"
    if isinstance(labels, str):
        listed: Sequence[object] = list(labels)
    elif isinstance(labels, (list, tuple)):
        listed = labels
    else:
        raise InvalidArgument(
            f"{place} is {kind_of(labels)}, not labels (a list of labels, or a str "
            "of one-letter labels)"
        )
    if len(listed) != len(chars):
        of = f"character(s) of texts[{index}]" if texts else f"gold_labels[{index}]"
        raise InvalidArgument(
            f"{place} has {len(listed)} label(s) for the {len(chars)} {of}: give one label "
            "per character"
        )
    for number, label in enumerate(listed):
        check_word(label, f"{place}[{number}]")
        if read_label(label).any is None:  # type: ignore[arg-type]
            raise InvalidArgument(f"{place}[{number}] is {label!r}, not a label ({LABEL_HINT})")
    return listed  # type: ignore[return-value]


def _chars_lines(pieces: list[list[str]], labels: list[list[str]]) -> Iterator[str]:
    """The batch as a chars file: a character and its label a line, a blank line after each
    sentence (a text without characters gives none: it is an empty sentence)."""
    for chars, sentence in zip(pieces, labels, strict=True):
        if chars:
            for char, label in zip(chars, sentence, strict=True):
                yield f"{char} {label}"
            yield ""


def _decoded(
    pieces: list[list[str]],
    labels: list[list[str]],
    argument: str,
    tags: bool,
    label_order: str | None,
) -> SentenceLines:
    read = read_chars(
        _chars_lines(pieces, labels),
        name=argument,
        warnings=Warnings(quiet=True),
        label_order=label_order,
    )
    try:
        sentences = iter([sentence.tokens for sentence in read])
    except WsscoreError as error:  # the labels' order: said in the API's terms
        raise InvalidArgument(
            f"{argument}: {error.message}",
            hint="give update_labels(..., label_order='pos-tag') for labels as B-NN, "
            "or label_order='tag-pos' for NN-B",
        ) from None
    tokens = [next(sentences) if chars else [] for chars in pieces]
    words = [" ".join(token.word for token in sentence) for sentence in tokens]
    if not tags:
        return SentenceLines(words, None)
    if not any(token.tag is not None for sentence in tokens for token in sentence):
        raise InvalidArgument(
            f"{argument} carry no tag and tags=True: give labels with tags, as B-NN"
        )
    return SentenceLines(words, [_tag_line(sentence) for sentence in tokens])


def _tag_line(tokens: list[Token]) -> str:
    return " ".join(token.tag if token.tag is not None else NO_TAG for token in tokens)
