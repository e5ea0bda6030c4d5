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
def forms(draw: st.DrawFn, clean: bool) -> str:
    """A FORM; in a clean file never empty (the line reader refuses that), but maybe with white
    space or unprintable characters in it, which it takes out."""
    plain = st.text(FORM_CHARACTERS, max_size=2)
    kind = draw(st.integers(0, 29))
    if kind == 0 and not clean:
        return ""
    if kind == 1:
        return (
            draw(st.text(FORM_CHARACTERS, min_size=1, max_size=2))
            + draw(st.sampled_from(NASTY_CHARACTERS))
            + draw(plain)
        )
    return draw(st.text(FORM_CHARACTERS, min_size=1, max_size=3))


@st.composite
def word_line(draw: st.DrawFn, identifier: str, clean: bool) -> str:
    upos = draw(st.sampled_from(["NOUN", "_"]))
    misc = draw(st.sampled_from(["_", "SpaceAfter=No", "_\r", "a b"]))
    form = draw(forms(clean))
    return "\t".join([identifier, form, "_", upos, "_", "_", "0", "dep", "_", misc])


@st.composite
def sentence_lines(draw: st.DrawFn, clean: bool) -> list[str]:
    """A sentence's lines. A clean one holds only what the line reader reads without an error:
    comments, word lines in order, multi-word tokens with their words, empty nodes; another
    may hold odd lines and wrong IDs too."""
    lines: list[str] = []
    number = 1
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.integers(0, 29))
        if kind < 3:
            lines.append(draw(st.sampled_from(COMMENTS)))
        elif kind < 5:  # a multi-word token, then its words
            last = number + draw(st.integers(0, 2))
            lines.append(draw(word_line(f"{number}-{last}", clean)))
            for identifier in range(number, last + 1):
                lines.append(draw(word_line(str(identifier), clean)))
            number = last + 1
        elif kind == 5:
            lines.append(draw(word_line(f"{number - 1}.1", clean)))
        elif kind == 6 and not clean:
            lines.append(draw(st.sampled_from(ODD_LINES)))
        elif kind == 7 and not clean:
            wrong = [str(number + 1), "0", f"0{number}", "١", f"{number}-{number + 1}"]
            lines.append(draw(word_line(draw(st.sampled_from(wrong)), clean)))
        else:
            lines.append(draw(word_line(str(number), clean)))
            number += 1
    return lines


@st.composite
def conllu_texts(draw: st.DrawFn) -> str:
    """Sentences separated by empty lines (sometimes several, sometimes none), with or without
    a line feed at the end; a file is clean (read without an error) or not."""
    clean = draw(st.booleans())
    parts: list[str] = []
    for _ in range(draw(st.integers(0, 8))):
        parts.extend(draw(sentence_lines(clean)))
        # Empty lines, or lines of "\r" as a file with "\r\n" line ends has.
        blank = draw(st.sampled_from(["", "", "\r"]))
        parts.extend([blank] * draw(st.sampled_from([1, 1, 1, 2, 0 if not clean else 1])))
    text = "\n".join(parts)
    return text + "\n" if parts and draw(st.booleans()) else text
