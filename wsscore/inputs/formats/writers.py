"""Writing sentences in each input format: the inverse of the readers, for ``wsscore convert``.

Each writer turns one :class:`Sentence` into its text (ending with a line feed), so a file is
converted as it is read, a sentence at a time. Reading a written sentence back gives the same
words and tags (the tests check every pair of formats).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.model import POS_TAG, Sentence

Writer = Callable[[Sentence, str, str], str]


# Formats without multi-word tokens get a CoNLL-U file's syntactic words (what its words are).


def write_words(sentence: Sentence, name: str, tag_sep: str) -> str:
    return " ".join(token.word for token in sentence.syntactic()) + "\n"


def write_tagged(sentence: Sentence, name: str, tag_sep: str) -> str:
    tokens = (f"{t.word}{tag_sep}{_tag(sentence, t.tag, name)}" for t in sentence.syntactic())
    return " ".join(tokens) + "\n"


def write_chars(sentence: Sentence, name: str, tag_sep: str, *, label_order: str = POS_TAG) -> str:
    """A character and its BMES label per line (``B-NN`` with a tag, or ``NN-B`` in the
    ``tag-pos`` label order); a blank line after."""
    rows = []
    for token in sentence.syntactic():
        for char, position in zip(token.word, _bmes(len(token.word)), strict=True):
            if token.tag is None:
                label = position
            elif label_order == POS_TAG:
                label = f"{position}-{token.tag}"
            else:
                label = f"{token.tag}-{position}"
            rows.append(f"{char}\t{label}\n")
    return "".join(rows) + "\n"


def write_conllu(sentence: Sentence, name: str, tag_sep: str) -> str:
    """Word lines with FORM and UPOS, and multi-word tokens as range lines before their words;
    the other columns are ``_`` (there is no syntax to give)."""
    rows = [f"# text = {''.join(sentence.words())}\n"]
    number = 1
    for position, token in enumerate(sentence.tokens):
        words = (sentence.parts or {}).get(position)
        if words is not None:
            rows.append(f"{number}-{number + len(words) - 1}\t{token.word}" + "\t_" * 8 + "\n")
        for word in words if words is not None else (token,):
            tag = word.tag if word.tag is not None else "_"
            rows.append(f"{number}\t{word.word}\t_\t{tag}\t_\t_\t_\t_\t_\t_\n")
            number += 1
    return "".join(rows) + "\n"


def write_jsonl(sentence: Sentence, name: str, tag_sep: str) -> str:
    tokens = sentence.syntactic()
    if any(token.tag is not None for token in tokens):
        pairs = [[token.word, token.tag] for token in tokens]
        return json.dumps(pairs, ensure_ascii=False) + "\n"
    return json.dumps([token.word for token in tokens], ensure_ascii=False) + "\n"


WRITERS: dict[str, Writer] = {
    "words": write_words,
    "tagged": write_tagged,
    "chars": write_chars,
    "conllu": write_conllu,
    "jsonl": write_jsonl,
}


def _bmes(length: int) -> list[str]:
    return ["S"] if length == 1 else ["B", *["M"] * (length - 2), "E"]


def _tag(sentence: Sentence, tag: str | None, name: str) -> str:
    if tag is None:
        raise WsscoreError(
            "the input has no tags, and the tagged format needs one for every word",
            where=location(name, sentence.line),
            hint="convert to words, chars, conllu or jsonl, which can go without tags",
        )
    return tag
