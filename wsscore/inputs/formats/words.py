"""``words``: words separated by white space, one sentence a line (wsscore's own format)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from wsscore.inputs.formats.model import Sentence, Token
from wsscore.inputs.words import split_words


def read_words(lines: Iterable[str]) -> Iterator[Sentence]:
    """Every line is a sentence, an empty one too: the line numbers of gold and prediction
    stay aligned, as the scorer reads them today (docs/metrics.md §1.1)."""
    for number, line in enumerate(lines, 1):
        yield Sentence(number, [Token(word, None) for word in split_words(line)])
