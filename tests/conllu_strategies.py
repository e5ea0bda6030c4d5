"""CoNLL-U text for property tests: mostly plain sentences, with every kind of line the block
scan (wsscore.core.conllu_scan) must leave to the line reader mixed in."""

from __future__ import annotations

from hypothesis import strategies as st

# Printable, astral, and the unprintable or white-space characters a FORM may hold: U+3000 and
# U+001C are white space, U+200B (a format character) and U+0085 are unprintable, U+DCFF is a
# byte an encoding could not decode.
FORM_CHARACTERS = "甲乙a#\U00020000"
NASTY_CHARACTERS = " \u3000\x1c\u200b\x85\udcff\r"
COMMENTS = ["# sent_id = 1", "# text = 甲 乙", "#", "#\t1\t甲"]
# Lines that are neither comments nor plain word lines.
ODD_LINES = [" ", "\r", "\t", "  \t", "1\t甲", "x\t甲\t_\t_\t_\t_\t_\t_\t_\t_"]


@st.composite
def forms(draw: st.DrawFn) -> str:
    plain = st.text(FORM_CHARACTERS, max_size=2)
    kind = draw(st.integers(0, 29))
    if kind == 0:
        return ""
    if kind == 1:
        return draw(plain) + draw(st.sampled_from(NASTY_CHARACTERS)) + draw(plain)
    return draw(st.text(FORM_CHARACTERS, min_size=1, max_size=3))


@st.composite
def word_line(draw: st.DrawFn, identifier: str) -> str:
    upos = draw(st.sampled_from(["NOUN", "_"]))
    misc = draw(st.sampled_from(["_", "SpaceAfter=No", "_\r", "a b"]))
    return "\t".join([identifier, draw(forms()), "_", upos, "_", "_", "0", "dep", "_", misc])


@st.composite
def identifier(draw: st.DrawFn, number: int) -> str:
    """Mostly the right ID; sometimes a range, an empty node, or a wrong one."""
    kind = draw(st.integers(0, 49))
    if kind == 0:
        return f"{number}-{number + draw(st.integers(0, 2))}"
    if kind == 1:
        return f"{number - 1}.1"
    if kind == 2:
        return draw(st.sampled_from([str(number + 1), "0", f"0{number}", "١", str(number - 1)]))
    return str(number)


@st.composite
def sentence_lines(draw: st.DrawFn) -> list[str]:
    lines: list[str] = []
    number = 1
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.integers(0, 29))
        if kind < 3:
            lines.append(draw(st.sampled_from(COMMENTS)))
        elif kind == 3:
            lines.append(draw(st.sampled_from(ODD_LINES)))
        else:
            lines.append(draw(word_line(draw(identifier(number)))))
            number += 1
    return lines


@st.composite
def conllu_texts(draw: st.DrawFn) -> str:
    """Sentences separated by empty lines (sometimes several, sometimes none), with or without
    a line feed at the end."""
    parts: list[str] = []
    for _ in range(draw(st.integers(0, 8))):
        parts.extend(draw(sentence_lines()))
        parts.extend([""] * draw(st.sampled_from([1, 1, 1, 2, 0])))
    text = "\n".join(parts)
    return text + "\n" if parts and draw(st.booleans()) else text
