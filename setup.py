"""The optional C speed-ups; everything else is configured in pyproject.toml.

The extension is optional: where it cannot be compiled (no C compiler), wsscore installs and
works the same, in pure Python.
"""

from setuptools import Extension, setup

setup(ext_modules=[Extension("wsscore._speedups", ["wsscore/_speedups.c"], optional=True)])
