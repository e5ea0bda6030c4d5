"""Regular expressions compiled when first used, not when their module is imported.

Compiling a pattern costs a fraction of a millisecond, and a plain ``wsscore score`` imports
modules holding dozens of them (the checks of an encoding's misreadings, of a message's flags,
of a label's breaking characters) of which it uses almost none: compiled at import, they were a
measurable share of a small file's whole run. A :class:`LazyPattern` stands where the compiled
pattern stood and answers the same calls. Not for a pattern searched once a word or a line
on a hot path: each call goes through one more Python method.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import AnyStr, Generic


class LazyPattern(Generic[AnyStr]):
    """``re.compile(source, flags)``, compiled at the first call of one of its methods."""

    __slots__ = ("_compiled", "flags", "pattern")

    def __init__(self, pattern: AnyStr, flags: int = 0) -> None:
        self.pattern: AnyStr = pattern
        self.flags = flags
        self._compiled: re.Pattern[AnyStr] | None = None

    @property
    def compiled(self) -> re.Pattern[AnyStr]:
        if self._compiled is None:
            self._compiled = re.compile(self.pattern, self.flags)
        return self._compiled

    def match(self, string: AnyStr, pos: int = 0) -> re.Match[AnyStr] | None:
        return self.compiled.match(string, pos)

    def search(self, string: AnyStr, pos: int = 0) -> re.Match[AnyStr] | None:
        return self.compiled.search(string, pos)

    def findall(self, string: AnyStr) -> list[AnyStr]:
        return self.compiled.findall(string)

    def finditer(self, string: AnyStr) -> Iterator[re.Match[AnyStr]]:
        return self.compiled.finditer(string)

    def split(self, string: AnyStr, maxsplit: int = 0) -> list[AnyStr]:
        return self.compiled.split(string, maxsplit)

    def sub(self, repl: AnyStr | Callable[[re.Match[AnyStr]], AnyStr], string: AnyStr) -> AnyStr:
        return self.compiled.sub(repl, string)

    def subn(
        self, repl: AnyStr | Callable[[re.Match[AnyStr]], AnyStr], string: AnyStr
    ) -> tuple[AnyStr, int]:
        return self.compiled.subn(repl, string)
