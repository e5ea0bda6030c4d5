"""The optional C speed-ups; everything else is configured in pyproject.toml.

The extension is optional: where it cannot be compiled (no C compiler), wsscore installs and
works the same, in pure Python.
"""

from setuptools import Extension, setup

# The grapheme tables' header is generated (tools/make_grapheme_tables.py) and committed:
# MANIFEST.in puts it in the sdist; ``depends`` rebuilds the extension when it changes.
speedups = Extension(
    "wsscore._speedups",
    ["wsscore/_speedups.c"],
    depends=["wsscore/grapheme_tables.h"],
    optional=True,
)
setup(ext_modules=[speedups])
