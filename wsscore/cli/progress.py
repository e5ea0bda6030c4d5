"""A progress bar on standard error while a big gold file is scored (on a terminal only)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from wsscore.errors import stderr_is_terminal
from wsscore.inputs.reading import is_compressed

MIN_BYTES = 4 << 20  # smaller inputs are scored before a bar would be worth drawing


def _plain_file_size(path: str) -> int | None:
    """Size of an uncompressed regular file (progress is counted in its bytes), else None."""
    if path == "-":
        return None
    try:
        with open(path, "rb") as stream:
            if is_compressed(stream.read(6)):
                return None
        return os.path.getsize(path)
    except OSError:
        return None


@contextmanager
def gold_progress(path: str, *, quiet: bool) -> Iterator[Callable[[int], None] | None]:
    """Yields a callback taking the bytes read so far, or None when no bar is shown."""
    size = None if quiet or not stderr_is_terminal() else _plain_file_size(path)
    if size is None or size < MIN_BYTES:
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, DownloadColumn, Progress, TimeRemainingColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        DownloadColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("scoring", total=size)
        yield lambda done: bar.update(task, completed=done)


@contextmanager
def cells_progress(total: int, *, quiet: bool) -> Iterator[Callable[[int], None] | None]:
    """A bar over the cells of a table (``wsscore suite``); yields a callback taking the cells
    done so far, or None off a terminal."""
    if quiet or total < 2 or not stderr_is_terminal():
        yield None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task("cells", total=total)
        yield lambda done: bar.update(task, completed=done)
