"""Writing sentences in each input format: the inverse of the readers, for ``wsscore convert``.

Each writer turns one :class:`Sentence` into its text (ending with a line feed), so a file is
converted as it is read, a sentence at a time. Reading a written sentence back gives the same
words and tags, or the writer refuses the sentence: each written token is checked with the
reader's own parsing (:func:`~wsscore.inputs.formats.tagged.split_token`,
:func:`~wsscore.inputs.formats.chars.parse_label`), so what a reader would split, drop or read
differently (a tag holding the separator, ``]`` or white space, a word starting with ``[``) is
one error naming the sentence, never a silently different file.

CoNLL-U output is a file that conll18_ud_eval.py loads: ``# sent_id`` and ``# text`` comments,
the tag in the column :attr:`Target.tag_column` names (the other ``_``), and a placeholder tree,
since a segmenter gives no syntax and the reference script refuses a HEAD of ``_``: each word's
HEAD is the word before it (DEPREL ``dep``), the first word's is 0 (DEPREL ``root``). The text is
a CoNLL-U input's own ``# text`` when its tokens spell it (its spaces kept); otherwise the words
joined without spaces, since Chinese has none between words and no other format records where
spaces were. A token that no space follows in the text has ``SpaceAfter=No``, the last one too,
as UD Chinese GSD has it: Chinese puts no space between sentences either.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from wsscore.core.units import graphemes, may_join
from wsscore.errors import WsscoreError, location
from wsscore.inputs.formats.best import read_best
from wsscore.inputs.formats.chars import Label, read_label
from wsscore.inputs.formats.mecab import read_mecab
from wsscore.inputs.formats.model import DEFAULT_OPTIONS, POS_TAG, Sentence, Token
from wsscore.inputs.formats.tagged import SEPARATORS, split_token
from wsscore.inputs.formats.vlsp import read_vlsp
from wsscore.inputs.words import WHITE_SPACE, split_words

LOSSLESS_HINT = "convert to conllu or jsonl, which hold any word and tag"
# What each format's writer does with the tags: "dropped" (it holds none), "all or none" of a
# file's words (vlsp: as its first line decides), "all" (every word needs one), or "any" (a
# word keeps its tag or its lack of one). A test writes and reads back each to check it.
TAGS_KEPT = {
    "words": "dropped",
    "tagged": "all",
    "chars": "any",
    "conllu": "any",
    "jsonl": "any",
    "mecab": "any",
    "kytea": "any",
    "best": "dropped",
    "vlsp": "all or none",
}


def _or_list(names: Sequence[str]) -> str:
    """``a, b or c``."""
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


# The hints of a sentence whose tags a format cannot write: the formats that can go without
# tags; and, for tags on some words only, those that drop them and those that keep them.
WITHOUT_TAGS_HINT = "convert to {}, which can go without tags".format(
    _or_list([fmt for fmt, kept in TAGS_KEPT.items() if kept != "all"])
)
SOME_TAGS_HINT = (
    "convert to {} to drop the tags, or to {}, which keep each word's tag or none".format(
        _or_list([fmt for fmt, kept in TAGS_KEPT.items() if kept == "dropped"]),
        _or_list([fmt for fmt, kept in TAGS_KEPT.items() if kept == "any"]),
    )
)
CONLLU_TAG_COLUMNS = {"upos": 3, "xpos": 4}


@dataclass(frozen=True)
class Target:
    """How sentences are written: the input's name (for messages), the word/tag separator of
    a tagged output, the CoNLL-U column that holds the tags, and the order of a chars label
    (``pos-tag`` as B-NN, ``tag-pos`` as NN-B), and the unit of a chars line (``char``,
    ``grapheme`` or ``syllable``). One Target writes one file: it remembers what the file's
    reader will decide on its first sentence (whether a VLSP file is tagged)."""

    name: str
    tag_sep: str = "/"
    tag_column: str = "upos"
    label_order: str = POS_TAG
    unit: str = "char"
    decided: dict[str, bool] = field(default_factory=dict, compare=False, repr=False)


Writer = Callable[[Sentence, int, Target], str]  # a sentence, its ordinal from 1, the target


# Formats without multi-word tokens get a CoNLL-U file's syntactic words (what its words are).


def write_words(sentence: Sentence, ordinal: int, target: Target) -> str:
    for token in sentence.syntactic():
        _check_one_piece(token.word, "word", sentence, target, "words")
    return " ".join(token.word for token in sentence.syntactic()) + "\n"


def write_tagged(sentence: Sentence, ordinal: int, target: Target) -> str:
    tokens = [_tagged_token(token, sentence, target) for token in sentence.syntactic()]
    return " ".join(tokens) + "\n"


def write_chars(sentence: Sentence, ordinal: int, target: Target) -> str:
    """A unit (:attr:`Target.unit`: a character, a grapheme cluster or a syllable) and its
    BMES label per line (``B-NN`` with a tag, or ``NN-B`` in the ``tag-pos`` label order); a
    blank line after."""
    rows = []
    for token in sentence.syntactic():
        units = _units(token, target.unit)
        for char, position in zip(units, _bmes(len(units)), strict=True):
            if token.tag is None:
                label = position
            elif target.label_order == POS_TAG:
                label = f"{position}-{token.tag}"
            else:
                label = f"{token.tag}-{position}"
            if split_words(char) != [char] or _label_read(label, target) != (position, token.tag):
                raise _unfaithful(token, "chars", f"{char}\t{label}", sentence, target)
            rows.append(f"{char}\t{label}\n")
    return "".join(rows) + "\n"


def _units(token: Token, unit: str) -> Sequence[str]:
    """The pieces of a token that a chars line each holds: its characters, its extended
    grapheme clusters, or its syllables (the parts of its form between spaces; a token
    without a form is one syllable)."""
    if unit == "grapheme":
        return graphemes(token.word) if may_join(token.word) else token.word
    if unit == "syllable":
        syllables = split_words(token.form) if token.form is not None else [token.word]
        # A form that does not spell the word (never from a reader) cannot be written faithfully.
        return syllables if "".join(syllables) == token.word else [token.word]
    return token.word


def write_conllu(sentence: Sentence, ordinal: int, target: Target) -> str:
    """Comments, then the word lines (a multi-word token as a range line before its words)."""
    text, spaces = _text_and_spaces(sentence)
    rows = [f"# sent_id = {ordinal}\n", f"# text = {text}\n"]
    number = 1
    for position, token in enumerate(sentence.tokens):
        misc = "_" if spaces[position] else "SpaceAfter=No"
        words = (sentence.parts or {}).get(position)
        if words is not None:
            _check_one_piece(token.word, "word", sentence, target, "conllu")
            rows.append(f"{number}-{number + len(words) - 1}\t{token.word}" + "\t_" * 7)
            rows.append(f"\t{misc}\n")
            misc = "_"  # a multi-word token's words carry no MISC of their own
        for word in words if words is not None else (token,):
            rows.append(_conllu_word_line(word, number, misc, sentence, target))
            number += 1
    return "".join(rows) + "\n"


def write_jsonl(sentence: Sentence, ordinal: int, target: Target) -> str:
    """Always faithful: JSON escapes what a word or tag holds."""
    tokens = sentence.syntactic()
    if any(token.tag is not None for token in tokens):
        pairs = [[token.word, token.tag] for token in tokens]
        return json.dumps(pairs, ensure_ascii=False) + "\n"
    return json.dumps([token.word for token in tokens], ensure_ascii=False) + "\n"


def write_mecab(sentence: Sentence, ordinal: int, target: Target) -> str:
    """A ``surface<TAB>tag`` line per word, the tag as MeCab's first feature field (quoted
    when it holds a comma or starts with a quote), ``surface<TAB>`` without one; ``EOS``
    after. The surface is the token as written, its space kept (``Machine Learning``)."""
    rows = []
    for token in sentence.syntactic():
        surface = token.form or token.word
        tag = "" if token.tag is None else _mecab_field(token.tag)
        row = f"{surface}\t{tag}"
        if not _mecab_reads_back(row, token):
            raise _unfaithful(token, "mecab", row, sentence, target)
        rows.append(row + "\n")
    return "".join(rows) + "EOS\n"


def write_kytea(sentence: Sentence, ordinal: int, target: Target) -> str:
    """``word/tag`` tokens (a word alone without a tag) separated by spaces, with KyTea's
    escapes: a backslash before every space, slash, ampersand and backslash of a word or tag
    (and before any other white space)."""
    written = []
    for token in sentence.syntactic():
        text = _kytea_escaped(token.form or token.word)
        if token.tag is not None:
            if not token.tag:
                raise _unfaithful(token, "kytea", text + "/", sentence, target)
            text += "/" + _kytea_escaped(token.tag)
        if any(char in text for char in "\n\r\x85\u2028\u2029"):
            raise _unfaithful(token, "kytea", text, sentence, target)
        written.append(text)
    return " ".join(written) + "\n"


def write_best(sentence: Sentence, ordinal: int, target: Target) -> str:
    """Every word ended by ``|``, and ``| |`` where the sentence's text has a space between two
    words (a CoNLL-U ``# text``, a BEST or VLSP line's own); a word with a space inside keeps
    it (its form). BEST holds no tags: they are left out, as in words."""
    tokens = sentence.syntactic()
    spaces = _text_and_spaces(sentence)[1] if not sentence.parts else [False] * len(tokens)
    written = [f"{token.form or token.word}|" for token in tokens]
    pieces = []
    for word, space in zip(written, spaces, strict=True):
        pieces.append(word)
        if space:
            pieces.append(" |")
    line = "".join(pieces).removesuffix(" |")
    untagged = [Token(token.word, None) for token in tokens]
    _check_read_back(line, untagged, written, "best", sentence, target)
    return line + "\n"


def write_vlsp(sentence: Sentence, ordinal: int, target: Target) -> str:
    """Words separated by spaces, a word's syllables (the parts of its form between spaces)
    joined by ``_``, and ``/TAG`` after each when the sentence is tagged: every token or none,
    as the reader decides once per file."""
    tokens = sentence.syntactic()
    tagged = [token.tag is not None for token in tokens]
    if any(tagged) and not all(tagged):
        raise WsscoreError(
            "some words of the sentence have a tag and others none, and a VLSP file tags "
            "every word or none",
            where=location(target.name, sentence.line),
            hint=SOME_TAGS_HINT,
        )
    if tokens and target.decided.setdefault("vlsp tagged", tagged[0]) != tagged[0]:
        first = "with" if not tagged[0] else "without"
        raise WsscoreError(
            f"the sentence has {'tags' if tagged[0] else 'no tags'}, and the first one written "
            f"was {first} them: a VLSP file tags every word or none, as its first line decides",
            where=location(target.name, sentence.line),
            hint=SOME_TAGS_HINT,
        )
    written = [
        "_".join(split_words(token.form or token.word))
        + ("" if token.tag is None else f"/{token.tag}")
        for token in tokens
    ]
    line = " ".join(written)
    _check_read_back(line, tokens, written, "vlsp", sentence, target)
    return line + "\n"


WRITERS: dict[str, Writer] = {
    "words": write_words,
    "tagged": write_tagged,
    "chars": write_chars,
    "conllu": write_conllu,
    "jsonl": write_jsonl,
    "mecab": write_mecab,
    "kytea": write_kytea,
    "best": write_best,
    "vlsp": write_vlsp,
}


def _check_read_back(
    line: str,
    tokens: list[Token],
    written: list[str],
    fmt: str,
    sentence: Sentence,
    target: Target,
) -> None:
    """Refuse the sentence written as ``line`` (its tokens as ``written``) unless its reader
    reads the same words and tags from it, alone in a file (a VLSP file's tags are decided on
    its first line); the refusal quotes the first token read differently."""
    read = read_best if fmt == "best" else read_vlsp
    expected = [(token.word, token.tag) for token in tokens]
    try:
        back = [(token.word, token.tag) for token in next(iter(read([line], name=""))).tokens]
    except WsscoreError:
        back = []
    if back == expected:
        return
    at = next((i for i, pair in enumerate(back) if i >= len(expected) or pair != expected[i]), 0)
    at = min(at, len(tokens) - 1)
    token = tokens[at] if tokens else Token("", None)
    hint = LOSSLESS_HINT
    if fmt == "vlsp" and any(tag is not None for _, tag in back) and token.tag is None:
        hint = "a word that looks like word/TAG in every token is read as tagged: " + hint
    raise _unfaithful(token, fmt, written[at] if tokens else line, sentence, target, hint)


def _mecab_field(tag: str) -> str:
    if "," in tag or tag.startswith('"'):
        return '"' + tag.replace('"', '""') + '"'
    return tag


def _mecab_reads_back(row: str, token: Token) -> bool:
    """Whether the mecab reader reads ``row`` (one line) as ``token``'s word and tag."""
    if any(char in row for char in "\n\r\x85\u2028\u2029") or row.count("\t") != 1:
        return False
    read = list(read_mecab([row], name="", options=DEFAULT_OPTIONS))
    return len(read) == 1 and read[0].tokens == [token._replace(form=read[0].tokens[0].form)]


def _kytea_escaped(text: str) -> str:
    return "".join("\\" + char if char in KYTEA_SPECIAL else char for char in text)


KYTEA_SPECIAL = frozenset("\\/& ") | frozenset(WHITE_SPACE)


def _bmes(length: int) -> list[str]:
    return ["S"] if length == 1 else ["B", *["M"] * (length - 2), "E"]


def _text_and_spaces(sentence: Sentence) -> tuple[str, list[bool]]:
    """The sentence's text and, for each token, whether a space follows it there: the input's
    own text (CoNLL-U's ``# text``, a BEST or VLSP line's) when its tokens spell it (with the
    spaces of their forms), else the words joined without spaces."""
    words = [token.form or token.word for token in sentence.tokens]
    if sentence.text is not None:
        spaces = _spaces_after(words, sentence.text)
        if spaces is not None:
            return sentence.text, spaces
    return "".join(words), [False] * len(words)


def _spaces_after(words: list[str], text: str) -> list[bool] | None:
    """Whether white space follows each word in ``text``; None when the words do not spell
    ``text`` (a FORM that lost its inner spaces, a text from another version of the tokens)."""
    spaces = []
    at = 0
    for word in words:
        while at < len(text) and text[at].isspace():
            at += 1
        if not text.startswith(word, at):
            return None
        at += len(word)
        spaces.append(at < len(text) and text[at].isspace())
    return spaces if not text[at:].strip() else None


def _label_read(label: str, target: Target) -> Label | None:
    """What the chars reader reads from a label in the written order, or None when it is not
    one line's last column. A file of such labels is read in that order, or refused when none
    of its labels shows the order (every tag a position letter): never read the other way,
    since each written label reads in the written order."""
    return read_label(label).in_order(target.label_order) if split_words(label) == [label] else None


def _tagged_token(token: Token, sentence: Sentence, target: Target) -> str:
    if token.tag is None:
        raise WsscoreError(
            "the input has no tags, and the tagged format needs one for every word",
            where=location(target.name, sentence.line),
            hint=WITHOUT_TAGS_HINT,
        )
    written = f"{token.word}{target.tag_sep}{token.tag}"
    if not _reads_back(written, target.tag_sep, token):
        others = [sep for sep in SEPARATORS if sep != target.tag_sep]
        fitting = [
            sep for sep in others if _reads_back(f"{token.word}{sep}{token.tag}", sep, token)
        ]
        hint = f"give --tag-sep {fitting[0]}, or {LOSSLESS_HINT}" if fitting else LOSSLESS_HINT
        raise _unfaithful(token, "tagged", written, sentence, target, hint)
    return written


def _reads_back(written: str, sep: str, token: Token) -> bool:
    """Whether the tagged reader reads ``written`` as one token, ``token``'s word and tag."""
    return split_words(written) == [written] and split_token(written, sep) == (
        token.word,
        token.tag,
    )


def _conllu_word_line(
    word: Token, number: int, misc: str, sentence: Sentence, target: Target
) -> str:
    _check_one_piece(word.word, "word", sentence, target, "conllu")
    form = word.word
    if word.form is not None and "".join(split_words(word.form)) == word.word:
        # UD Vietnamese writes a word's syllables with their spaces: the form, if it is one
        # line of the word's characters and spaces (the reader deletes the spaces again).
        form = " ".join(split_words(word.form))
    columns = [str(number), form, "_", "_", "_", "_", str(number - 1), "dep", "_", misc]
    if number == 1:
        columns[7] = "root"
    if word.tag is not None:
        if word.tag in ("", "_") or any(char in word.tag for char in "\t\n\r"):
            hint = "a CoNLL-U column holds no tab or line break, and _ in it is no tag; use jsonl"
            raise _unfaithful(word, "conllu", f"...\t{word.tag}\t...", sentence, target, hint)
        columns[CONLLU_TAG_COLUMNS[target.tag_column]] = word.tag
    return "\t".join(columns) + "\n"


def _check_one_piece(word: str, what: str, sentence: Sentence, target: Target, fmt: str) -> None:
    """A word is read back whole only if white space does not split it (the readers never
    give one that it does, but the API's callers may)."""
    if split_words(word) != [word]:
        raise WsscoreError(
            f"the {what} {word!r} is empty or holds white space, which {fmt} cannot write",
            where=location(target.name, sentence.line),
            hint="remove the white space from the word",
        )


def _unfaithful(
    token: Token, fmt: str, written: str, sentence: Sentence, target: Target, hint: str = ""
) -> WsscoreError:
    return WsscoreError(
        f"the word {token.word!r} with the tag {token.tag!r} would be written {written!r}, "
        f"which the {fmt} reader reads differently",
        where=location(target.name, sentence.line),
        hint=hint or LOSSLESS_HINT,
    )
