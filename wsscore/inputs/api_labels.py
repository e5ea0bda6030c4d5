"""Sentences given as per-character labels (a tagger's BMES, BIES, BI or BIO output, with or
without tags), turned into the scorer's lines of words: :meth:`wsscore.Scorer.update_labels`.

The labels are decoded by the chars reader itself (:func:`~wsscore.inputs.formats.chars.read_chars`,
one definition): each batch is handed to it as a chars file would be, a character and its label
a line and a blank line after each sentence, so invalid sequences are decoded as a chars file's
are (an M, I or E with no word open starts one) and the order of tagged labels (``B-NN`` or
``NN-B``) is decided per batch unless given.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from wsscore.errors import InvalidArgument, Warnings, WsscoreError
from wsscore.inputs.api_sentences import SentenceLines, check_batch, check_word, kind_of
from wsscore.inputs.formats.chars import read_chars, read_label
from wsscore.inputs.formats.model import LABEL_ORDERS, Token

LABEL_HINT = "a label is B, M, I, E, S or O, alone or joined with a tag as B-NN or NN-B"
NO_TAG = "_"  # a word whose labels carry no tag, as a chars file scored with tags has it


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
    text_batch = check_batch(texts, "texts")
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
            _labels(batch[i], chars, argument, i) for i, chars in enumerate(pieces)
        ]
    gold, pred = (
        _decoded(pieces, labels, side, tags, label_order) for side, labels in checked.items()
    )
    return gold, pred


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


def _labels(labels: object, chars: list[str], argument: str, index: int) -> list[str]:
    """A text's labels, one per character: a list of labels, or a str of one-letter labels."""
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
        raise InvalidArgument(
            f"{place} has {len(listed)} label(s) for the {len(chars)} character(s) of "
            f"texts[{index}]: give one label per character"
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
