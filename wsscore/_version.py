"""The version of wsscore, read by the build (pyproject.toml) and by ``wsscore --version``."""

__version__ = "0.1.0"
