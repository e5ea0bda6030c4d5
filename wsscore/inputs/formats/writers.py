"""Writing sentences in each input format: the inverse of the readers, for ``wsscore convert``.

Each writer turns one :class:`Sentence` into its text (ending with a line feed), so a file is
converted as it is read, a sentence at a time. Reading a written sentence back gives the same
words and tags (the tests check every pair of formats).
"""

from __future__ import annotations

import json
from collections.abc import Callable

from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.model import Sentence

Writer = Callable[[Sentence, str, str], str]


def write_words(sentence: Sentence, name: str, tag_sep: str) -> str:
    return " ".join(sentence.words()) + "\n"


def write_tagged(sentence: Sentence, name: str, tag_sep: str) -> str:
    tokens = (f"{t.word}{tag_sep}{_tag(sentence, t.tag, name)}" for t in sentence.tokens)
    return " ".join(tokens) + "\n"


def write_chars(sentence: Sentence, name: str, tag_sep: str) -> str:
    """A character and its BMES label per line (``B-NN`` with a tag); a blank line after."""
    rows = []
    for token in sentence.tokens:
        suffix = f"-{token.tag}" if token.tag is not None else ""
        for char, label in zip(token.word, _bmes(len(token.word)), strict=True):
            rows.append(f"{char}\t{label}{suffix}\n")
    return "".join(rows) + "\n"


def write_conllu(sentence: Sentence, name: str, tag_sep: str) -> str:
    """Word lines with FORM and UPOS; the other columns are ``_`` (there is no syntax to give)."""
    rows = [f"# text = {''.join(sentence.words())}\n"]
    for index, token in enumerate(sentence.tokens, start=1):
        tag = token.tag if token.tag is not None else "_"
        rows.append(f"{index}\t{token.word}\t_\t{tag}\t_\t_\t_\t_\t_\t_\n")
    return "".join(rows) + "\n"


def write_jsonl(sentence: Sentence, name: str, tag_sep: str) -> str:
    if any(token.tag is not None for token in sentence.tokens):
        pairs = [[token.word, token.tag] for token in sentence.tokens]
        return json.dumps(pairs, ensure_ascii=False) + "\n"
    return json.dumps(sentence.words(), ensure_ascii=False) + "\n"


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
