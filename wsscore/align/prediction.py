"""The lines of a prediction as the aligner reads them: numbered, with lines pushed back.

The aligner reads ahead of the gold where lines differ, and gives back the lines it read too
far (:meth:`PredictionLines.push_back`): they are read again, under the same numbers.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterator
from itertools import islice

from wsscore.align.lines import PredLine


class PredictionLines:
    """A prediction's lines, read one by one or by the block, with pushback."""

    def __init__(self, source: Iterator[str]):
        self._source = source
        self._number = 0  # lines taken from the source
        self._pushback: deque[str] = deque()
        self._done = False
        self._previous: PredLine | None = None
        self._receiver: Callable[[str], None] | None = None

    def watch(self, receiver: Callable[[str], None]) -> None:
        """Hand ``receiver`` the text of the lines the aligner reads from the source, once
        each whatever is pushed back and read again: a line read alone, or those of a block
        taken at once joined by line feeds (one call for them). Lines drained unscored are not
        handed on."""
        self._receiver = receiver

    @property
    def lines_read(self) -> int:
        """Lines read and not pushed back: the number of the last line read."""
        return self._number - len(self._pushback)

    @property
    def exhausted(self) -> bool:
        """Every line has been read, and none is pushed back."""
        return self._done and not self._pushback

    @property
    def has_pushback(self) -> bool:
        return bool(self._pushback)

    def next(self) -> PredLine | None:
        """The next line, or None at the end."""
        if self._pushback:
            text = self._pushback.popleft()
        else:
            if self._done:
                return None
            try:
                text = next(self._source)
            except StopIteration:
                self._done = True
                return None
            self._number += 1
            if self._receiver is not None:
                self._receiver(text)
        line = PredLine(self.lines_read, text)
        previous = self._previous
        if previous is not None and text == previous.text:
            # A repeated line (an endless generator's) shares its strings.
            line.text, line._chars = previous.text, previous.chars
        self._previous = line
        return line

    def take(self, wanted: int) -> list[str]:
        """The texts of up to ``wanted`` next lines (fewer at the end)."""
        pushback = self._pushback
        texts = [pushback.popleft() for _ in range(min(wanted, len(pushback)))]
        if len(texts) < wanted and not self._done:
            more = list(islice(self._source, wanted - len(texts)))
            self._done = len(texts) + len(more) < wanted  # (the source has no more)
            self._number += len(more)
            if self._receiver is not None and more:
                self._receiver("\n".join(more))
            texts += more
        return texts

    def push_back(self, texts: list[str]) -> None:
        """Give back lines read too far, the last read last: they are read next, in order."""
        self._pushback.extendleft(reversed(texts))

    def drain(self, max_lines: int | None = None) -> tuple[int, bool]:
        """Read the rest of the prediction without scoring it: the number of lines it has, and
        whether its end was reached (an endless input is read ``max_lines`` more lines at most)."""
        for read, _ in enumerate(self._source, 1):
            self._number += 1
            if max_lines is not None and read >= max_lines:
                if next(self._source, None) is None:
                    return self._number, True
                self._number += 1
                return self._number, False
        return self._number, True
