"""--tag-map files: comments, and the tag '#' (PTB, UD GSD XPOS) mapped all the same."""

from __future__ import annotations

from pathlib import Path

from wsscore.errors import Warnings
from wsscore.inputs.tag_map import load_tag_map


def test_a_tag_map_maps_the_number_sign(tmp_path: Path) -> None:
    path = tmp_path / "map.txt"
    path.write_text(
        "# PTB to UD\n#comment\n#\n## section\n#\tSYM\n,  PUNCT\n  # indented comment\n",
        encoding="utf-8",
    )
    assert load_tag_map(str(path), warnings=Warnings(quiet=True)) == {"#": "SYM", ",": "PUNCT"}


def test_a_tag_map_comment_with_two_columns_is_still_a_comment(tmp_path: Path) -> None:
    path = tmp_path / "map.txt"
    path.write_text("# CTB\nNN NOUN\n", encoding="utf-8")
    assert load_tag_map(str(path), warnings=Warnings(quiet=True)) == {"NN": "NOUN"}
