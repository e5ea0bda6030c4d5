"""``wsscore --version`` and ``wsscore --help``, answered before click is imported.

Importing click takes longer than Python's own start-up, and the group's help would import every
command for its short help. These two answers come from text made from the click definitions
themselves: the version line from :data:`VERSION_MESSAGE`, which the group's ``--version``
option prints as well, and the help from :mod:`wsscore.cli.help_text`, GENERATED from the group
by ``tools/make_help_text.py`` (tests/cli/test_startup.py fails when it is not what click
prints). Anything else (another argument, a terminal narrower than the text, standard output
closed, shell completion, an error while writing) is left to click, which answers as always.
"""

import os
import sys

from wsscore._version import __version__
from wsscore.cli.help_text import HELP, MIN_COLUMNS

PROG = "wsscore"
VERSION_MESSAGE = "%(prog)s, version %(version)s"  # click's wording, given to it too
VERSION_FLAGS = ("-V", "--version")
HELP_FLAGS = ("-h", "--help")
COMPLETE_VARIABLE = "_WSSCORE_COMPLETE"  # asks click for shell completion: its answer
FALLBACK_COLUMNS = 80  # shutil.get_terminal_size's, when standard output is no terminal


def answered(args: list[str]) -> bool:
    """Print the answer to ``wsscore ARGS`` and return True when it is one of these two;
    False leaves the arguments to click."""
    if len(args) != 1 or sys.stdout is None or COMPLETE_VARIABLE in os.environ:
        return False
    if args[0] in VERSION_FLAGS:
        text = VERSION_MESSAGE % {"prog": PROG, "version": __version__}
    elif args[0] in HELP_FLAGS and terminal_columns() >= MIN_COLUMNS:
        text = HELP
    else:
        return False
    try:
        sys.stdout.write(text + "\n")
        sys.stdout.flush()
    except (OSError, UnicodeError):  # click writes it again, and says what went wrong
        return False
    return True


def terminal_columns() -> int:
    """``shutil.get_terminal_size().columns``, by which click wraps its help, without the
    import of shutil (which loads the compression modules): COLUMNS when it is a positive
    number, else the width of the terminal on standard output, else 80."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns > 0:
        return columns
    try:
        size = os.get_terminal_size(sys.__stdout__.fileno())  # type: ignore[union-attr]
    except (AttributeError, ValueError, OSError):
        return FALLBACK_COLUMNS
    return size.columns or FALLBACK_COLUMNS
