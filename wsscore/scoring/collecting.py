"""What a per-sentence analysis implements to be collected beside the counts, also in parts.

The scorer hands every aligned sentence's detail (its words and marks) to the analyses asked
for. A plain callback (:data:`DetailCallback`, such as ``on_detail`` of :func:`wsscore.score`)
sees the sentences in order in one process. A :class:`SentenceCollector` also promises what
``--jobs`` needs to collect it in worker processes: an empty copy for each chunk of the files,
that copy's state sent back to the parent, and the parent absorbing each chunk's state in order.
It may take lines whose characters agree in bulk, as the C speed-ups find them, instead of one
detail per line.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from wsscore.core.records import Gather, LineErrorsFound, SentenceDetail

# A system's index and one of its sentences' detail.
DetailCallback = Callable[[int, SentenceDetail], None]

# A system's index, the gold line number of the first line, the gold's and the prediction's
# lines, and what the backend found in them (None for a collector that asked for the lines
# alone: its ``bulk_gather`` is ``Gather.COUNTS``).
EqualLinesReceiver = Callable[[int, int, list[str], list[str], LineErrorsFound | None], None]

# A system's index, the gold line number of the first line, the gold's and the prediction's
# lines whose characters agree, and whether they agree in pairs (else only as a whole): what a
# callback that counts such lines in bulk takes instead of their details (the tag counts). It
# says whether it took them; it always takes lines in pairs.
EqualLinesCallback = Callable[[int, int, list[str], list[str], bool], bool]

State = TypeVar("State")


class SentenceCollector(Protocol[State]):
    """A per-sentence analysis that can be collected in chunks and added up; ``State`` is what
    a chunk's copy sends back (picklable)."""

    # What the backend gathers of the lines handed to the receiver of
    # :meth:`equal_lines_receiver`: their wrong words and word lengths (``Gather.ERRORS``), or
    # the lines alone (``Gather.COUNTS``), which costs less.
    bulk_gather: Gather

    def __call__(self, system: int, detail: SentenceDetail, /) -> None:
        """Take one sentence of system ``system``."""

    def chunk_copy(self) -> SentenceCollector[State]:
        """An empty collector like this one, for a worker's chunk."""

    def chunk_state(self) -> State:
        """What this collector holds, to send back from a worker."""

    def absorb(self, state: State, /) -> None:
        """Add a chunk's state (the chunks come in the order of the files)."""

    def equal_lines_receiver(self) -> EqualLinesReceiver | None:
        """What takes lines that agree in bulk, or None when every line's detail is needed."""
