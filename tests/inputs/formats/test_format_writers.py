"""The writers of ``wsscore convert``: what one writes, its reader reads back the same (words and
tags), or the writer refuses the sentence with one WsscoreError; never a silent difference."""

from __future__ import annotations

import string

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore.errors import Warnings, WsscoreError
from wsscore.inputs.formats import FormatOptions, Sentence, Token, read_sentences
from wsscore.inputs.formats.writers import TAGS_KEPT, WRITERS, Target
from wsscore.inputs.words import split_words

Pairs = list[list[tuple[str, str | None]]]

# Words of any printable character but white space (the readers never give white space in a
# word); tags of letters, punctuation (the separators, brackets), position letters, a space.
WORD = st.text(
    st.characters(blacklist_categories=("Cs", "Cc", "Zs", "Zl", "Zp")), min_size=1, max_size=4
).filter(lambda word: split_words(word) == [word])
TAG = st.text(
    st.sampled_from(string.ascii_letters + string.punctuation + "BMESIO " + "中"),
    min_size=1,
    max_size=4,
)


def _write(fmt: str, sentences: list[Sentence], target: Target) -> list[str]:
    text = "".join(WRITERS[fmt](s, ordinal, target) for ordinal, s in enumerate(sentences, 1))
    lines = text.split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def _read(fmt: str, lines: list[str], target: Target) -> Pairs:
    options = FormatOptions(
        tag_sep=target.tag_sep if fmt == "tagged" else None,
        tag_column=target.tag_column,
        label_order=target.label_order if fmt == "chars" else None,
    )
    read = read_sentences(fmt, lines, name="t", warnings=Warnings(quiet=True), options=options)
    return [[(token.word, token.tag) for token in sentence.syntactic()] for sentence in read]


def _sentences(pairs: Pairs) -> list[Sentence]:
    # A Token given as a pair keeps its word and tag (its third field, the form, is None).
    return [Sentence(n, [Token(w, t) for w, t, *_ in s]) for n, s in enumerate(pairs, 1)]


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    pairs=st.lists(
        st.lists(st.tuples(WORD, st.none() | TAG), min_size=1, max_size=5), min_size=1, max_size=4
    ),
    fmt=st.sampled_from(sorted(WRITERS)),
    tag_sep=st.sampled_from(["/", "_"]),
    tag_column=st.sampled_from(["upos", "xpos"]),
    label_order=st.sampled_from(["pos-tag", "tag-pos"]),
    every_word_tagged=st.booleans(),  # as the tagged format needs
)
def test_what_is_written_reads_back_the_same_or_is_refused(
    pairs, fmt, tag_sep, tag_column, label_order, every_word_tagged
):
    if every_word_tagged:
        pairs = [[(word, tag or "n") for word, tag in sentence] for sentence in pairs]
    target = Target("t", tag_sep, tag_column, label_order)
    try:
        lines = _write(fmt, _sentences(pairs), target)
    except WsscoreError as error:
        assert error.where == "t:" + error.where.split(":")[1] and error.hint
        return
    back = _read(fmt, lines, target)
    if fmt in ("words", "best"):  # formats without tags: the words alone
        assert back == [[(word, None) for word, _ in sentence] for sentence in pairs]
    else:
        assert back == pairs


@pytest.mark.parametrize(
    ("fmt", "token", "tag_sep"),
    [
        ("tagged", Token("中国", "NR/X"), "_"),  # a / in the tag reads back with _
        ("tagged", Token("中国", "NR_X"), "/"),
        ("tagged", Token("[", "w"), "/"),  # a [ that is not a phrase bracket
        ("tagged", Token("[1]", "m"), "/"),
        ("tagged", Token("1/2", "m"), "/"),  # the last separator splits
        ("chars", Token("中国", "M"), "/"),  # B-M: a prefix position is read first
        ("chars", Token("中", "NR_X"), "/"),
        ("conllu", Token("中国", "N R"), "/"),
        ("jsonl", Token("中国", "N R]/_"), "/"),
    ],
)
def test_faithful_tokens_are_written(fmt: str, token: Token, tag_sep: str) -> None:
    target = Target("t", tag_sep)
    assert _read(fmt, _write(fmt, _sentences([[token[:2]]]), target), target) == [[token[:2]]]


@pytest.mark.parametrize(
    ("fmt", "token", "tag_sep", "hint"),
    [
        # Each of these used to be written, exit 0, into a file that reads back differently.
        ("tagged", Token("中国", "NR/X"), "/", "give --tag-sep _"),  # read as 中国/NR + X
        ("tagged", Token("中国", "NR]X"), "/", "convert to conllu or jsonl"),  # read as NR
        ("tagged", Token("中国", "N R"), "/", "convert to conllu or jsonl"),  # two tokens
        ("tagged", Token("[中国", "NR"), "/", "convert to conllu or jsonl"),  # read as 中国
        ("tagged", Token("中国", "N_R"), "_", "give --tag-sep /"),
        ("chars", Token("中", "N R"), "/", "convert to conllu or jsonl"),
        ("conllu", Token("中国", "_"), "/", "use jsonl"),  # _ is no tag in CoNLL-U
        ("conllu", Token("中国", "N\tR"), "/", "use jsonl"),
    ],
)
def test_unfaithful_tokens_are_refused(fmt: str, token: Token, tag_sep: str, hint: str) -> None:
    sentences = [Sentence(1, [Token("他", "PN")]), Sentence(7, [Token("好", "VA"), token])]
    with pytest.raises(WsscoreError) as caught:
        _write(fmt, sentences, Target("in.txt", tag_sep))
    assert caught.value.where == "in.txt:7"
    assert "reads differently" in caught.value.message
    assert hint in (caught.value.hint or "")


def test_conllu_output_has_a_placeholder_tree_and_the_tag_in_the_named_column() -> None:
    sentence = Sentence(1, [Token("中国", "NR"), Token("人民", None), Token("好", "VA")])
    assert _write("conllu", [sentence, sentence], Target("t", tag_column="xpos"))[:6] == [
        "# sent_id = 1",
        "# text = 中国人民好",
        "1\t中国\t_\t_\tNR\t_\t0\troot\t_\tSpaceAfter=No",
        "2\t人民\t_\t_\t_\t_\t1\tdep\t_\tSpaceAfter=No",
        "3\t好\t_\t_\tVA\t_\t2\tdep\t_\tSpaceAfter=No",
        "",
    ]


def test_conllu_output_writes_a_multi_word_token_before_its_words() -> None:
    sentence = Sentence(
        1,
        [Token("Es", "AUX"), Token("del", None)],
        {1: [Token("de", "ADP"), Token("el", "DET")]},
        "Es del",
    )
    assert _write("conllu", [sentence], Target("t"))[2:6] == [
        "1\tEs\t_\tAUX\t_\t_\t0\troot\t_\t_",
        "2-3\tdel\t_\t_\t_\t_\t_\t_\t_\tSpaceAfter=No",
        "2\tde\t_\tADP\t_\t_\t1\tdep\t_\t_",
        "3\tel\t_\tDET\t_\t_\t2\tdep\t_\t_",
    ]


def test_conllu_output_keeps_the_spaces_of_a_conllu_input_text() -> None:
    lines = [
        "# text = 在 iPhone 6上",
        *(f"{n}\t{w}" + "\t_" * 8 for n, w in enumerate(["在", "iPhone", "6", "上"], 1)),
        "",
        "# sent_id = 2",
        "1\t好" + "\t_" * 8,
    ]
    read = list(read_sentences("conllu", lines, name="t", warnings=Warnings(quiet=True)))
    assert [sentence.text for sentence in read] == ["在 iPhone 6上", None]
    assert [row.split("\t")[-1] for row in _write("conllu", read, Target("t"))[1:6]] == [
        "# text = 在 iPhone 6上",
        "_",
        "_",
        "SpaceAfter=No",
        "SpaceAfter=No",
    ]


def test_conllu_output_joins_the_words_when_the_text_is_not_theirs() -> None:
    # The FORM "iPhone 6" lost its space when read (a word holds none): the text no longer
    # spells the words one by one, so it is rebuilt from them.
    sentence = Sentence(1, [Token("在", None), Token("iPhone6", None)], None, "在 iPhone 6")
    written = _write("conllu", [sentence], Target("t"))
    assert written[1] == "# text = 在iPhone6"
    assert [row.split("\t")[-1] for row in written[2:4]] == ["SpaceAfter=No"] * 2


# --- what each format does with tags, and the hints that name formats (issue 34, item 9) ---------


def _tags_read_back(fmt: str, tags: list[str | None]) -> list[str | None] | None:
    """The tags read back from a sentence of two words with ``tags`` written as ``fmt``; None
    when the writer refuses it."""
    sentence = Sentence(
        1, [Token(word, tag) for word, tag in zip(("中国", "人"), tags, strict=True)]
    )
    try:
        lines = _write(fmt, [sentence], Target("t"))
    except WsscoreError:
        return None
    read = read_sentences(fmt, lines, name="t", warnings=Warnings(quiet=True))
    return [token.tag for token in next(iter(read)).tokens]


@pytest.mark.parametrize("fmt", list(WRITERS))
def test_what_a_format_does_with_tags_is_what_its_writer_and_reader_do(fmt: str) -> None:
    untagged, some, tagged = [None, None], ["NR", None], ["NR", "NN"]
    found = [_tags_read_back(fmt, tags) for tags in (untagged, some, tagged)]
    expected = {
        "dropped": [untagged, untagged, untagged],
        "all": [None, None, tagged],
        "all or none": [untagged, None, tagged],
        "any": [untagged, some, tagged],
    }[TAGS_KEPT[fmt]]
    assert found == expected


def test_an_untagged_input_to_tagged_is_told_every_format_without_tags(tmp_path) -> None:
    with pytest.raises(WsscoreError) as caught:
        _write("tagged", [Sentence(1, [Token("中国", None)])], Target("t"))
    hint = caught.value.hint or ""
    named = [fmt for fmt in WRITERS if f" {fmt}," in hint or f" {fmt} " in hint]
    # It named only words, chars, conllu and jsonl.
    assert named == [fmt for fmt in WRITERS if fmt != "tagged"], hint
    assert hint.endswith("which can go without tags")
    for fmt in named:  # each writes the sentence, and reads it back
        assert _tags_read_back(fmt, [None, None]) == [None, None]


def test_tags_on_some_words_only_are_told_the_formats_that_keep_or_drop_them() -> None:
    tokens = [Token("中国", "NR"), Token("人", None)]
    with pytest.raises(WsscoreError) as caught:
        _write("vlsp", [Sentence(1, tokens)], Target("t"))
    assert caught.value.hint == (
        "convert to words or best to drop the tags, or to chars, conllu, jsonl, mecab or kytea, "
        "which keep each word's tag or none"
    )
