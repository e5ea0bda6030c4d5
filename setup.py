"""The optional C speed-ups; everything else is configured in pyproject.toml.

The extension is optional: where it cannot be compiled (no C compiler), wsscore installs and
works the same, in pure Python.
"""

from pathlib import Path

from setuptools import Extension, setup

# One file a job in wsscore/_speedups_c/ (docs/architecture.md); their shared header and the
# generated grapheme tables' header (tools/make_grapheme_tables.py, committed) are in
# ``depends``, which rebuilds the extension when they change, and in the sdist (MANIFEST.in).
SOURCES = sorted(str(path) for path in Path("wsscore/_speedups_c").glob("*.c"))
HEADERS = sorted(str(path) for path in Path("wsscore/_speedups_c").glob("*.h"))
speedups = Extension(
    "wsscore._speedups",
    SOURCES,
    depends=[*HEADERS, "wsscore/grapheme_tables.h"],
    optional=True,
)
setup(ext_modules=[speedups])
