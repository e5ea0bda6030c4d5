"""Remake nagisa's outputs of fixtures/japanese/ from its sentences, exactly as it prints them.

Run in a scratch environment, never as a test dependency::

    python3 -m venv /tmp/nagisa
    /tmp/nagisa/bin/pip install nagisa
    /tmp/nagisa/bin/python tools/make_nagisa_fixtures.py fixtures/japanese

For each sentence (a line of ``sentences.txt``, then of ``slash-sentences.txt``) it prints
``nagisa.tagging(sentence)`` with ``print``, as a user of nagisa does: ``word/POS`` tokens
separated by spaces (nagisa's own ``__str__``), a space of the text printed as ``　/空白``.
The lines go to ``nagisa.tagged.txt`` and ``nagisa.slash.tagged.txt``.
"""

from __future__ import annotations

import contextlib
import sys
from pathlib import Path

OUTPUTS = {"sentences.txt": "nagisa.tagged.txt", "slash-sentences.txt": "nagisa.slash.tagged.txt"}


def main() -> None:
    import nagisa

    folder = Path(sys.argv[1] if len(sys.argv) > 1 else "fixtures/japanese")
    for source, target in OUTPUTS.items():
        sentences = (folder / source).read_text(encoding="utf-8").splitlines()
        with (
            open(folder / target, "w", encoding="utf-8", newline="\n") as out,
            contextlib.redirect_stdout(out),
        ):
            for sentence in sentences:
                print(nagisa.tagging(sentence))


if __name__ == "__main__":
    main()
