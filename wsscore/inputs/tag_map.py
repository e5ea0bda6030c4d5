"""``--tag-map FILE``: two columns, a tag and what it counts as, to compare two tag sets.

Comments. A line whose first column starts with ``#`` is a comment (``# CTB to UD``,
``#comment``, a lone ``#``), except a line that maps the tag ``#`` itself (PTB and UD GSD's
XPOS tag for the number sign): ``#``, then a tab, then what it counts as (``#<TAB>SYM``). The
tab tells the two apart, since ``# SYM`` with a space is the comment it has always been: every
tag-map file written before keeps its meaning.
"""

from __future__ import annotations

from wsscore.errors import Warnings, WsscoreError, location
from wsscore.inputs.reading import open_text


def load_tag_map(
    path: str, encoding: str = "auto", *, warnings: Warnings, strict: bool = False
) -> dict[str, str]:
    """``TAG MAPPED`` per line (white space between); blank lines and ``#`` comments skipped,
    ``#<TAB>MAPPED`` maps ``#`` (module docstring). Both the gold's and the predictions' tags
    are mapped before they are compared."""
    source = open_text(path, encoding, warnings=warnings, strict=strict, option="--encoding")
    mapping: dict[str, str] = {}
    for number, line in enumerate(source.lines(), start=1):
        columns = line.split()
        if not columns or is_comment(line, columns):
            continue
        if len(columns) != 2:
            raise WsscoreError(
                f"a tag map line has two columns (a tag and what it counts as), not {len(columns)}",
                where=location(source.name, number),
                hint="write one mapping per line, e.g. NR PROPN",
            )
        tag, mapped = columns
        if mapping.get(tag, mapped) != mapped:
            raise WsscoreError(
                f"{tag} is mapped twice, to {mapping[tag]} and to {mapped}",
                where=location(source.name, number),
                hint="keep one line per tag",
            )
        mapping[tag] = mapped
    source.close()
    return mapping


def is_comment(line: str, columns: list[str]) -> bool:
    """Whether a tag-map line is a comment: its first column starts with ``#``, unless it is
    ``#`` followed by a tab (a mapping of the tag ``#``)."""
    if not columns[0].startswith("#"):
        return False
    return columns[0] != "#" or not line.lstrip()[1:].startswith("\t")
