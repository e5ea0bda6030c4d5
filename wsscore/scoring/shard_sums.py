"""A system's counts in the reports of shards added up, and its figures computed from the sums
with the functions :func:`~wsscore.scoring.scorer.score` uses (docs/metrics.md §9): what
``wsscore merge`` reports for each system, and, for one shard alone, what the shard's own figures
must be (:mod:`wsscore.scoring.report_checks`)."""

from __future__ import annotations

from collections.abc import Sequence

from wsscore.core.records import Counts, ExtraCounts, SentenceTokenCounts
from wsscore.errors import WsscoreError
from wsscore.metrics.scores import compute
from wsscore.metrics.settings import Statistics
from wsscore.metrics.tags import TagCounts
from wsscore.results import Analyses, PredictionFacts, SystemResult
from wsscore.scoring.shard_documents import ShardSystem


def added_system(
    parts: Sequence[ShardSystem],
    *,
    has_dictionary: bool,
    statistics: Statistics,
    gold_sentences: Sequence[int],
) -> SystemResult:
    """One system's parts added, and its figures computed from the sums (``gold_sentences``:
    each shard's gold sentences)."""
    counts: Counts = sum((part.counts for part in parts[1:]), parts[0].counts)
    extra: ExtraCounts | None = None
    if parts[0].extra is not None:
        extra = sum((part.extra for part in parts[1:] if part.extra), parts[0].extra)
    metrics = compute(counts, has_dictionary=has_dictionary, ci=statistics.ci, beta=statistics.beta)
    first = parts[0]
    facts = PredictionFacts(
        sum(part.lines for part in parts),
        (),
        joined([part.format for part in parts]),
        first.label_order,
        has_dictionary=has_dictionary,
    )
    return SystemResult(
        first.name,
        joined([part.path for part in parts]),
        joined([part.encoding for part in parts]),
        counts,
        metrics,
        facts=facts,
        # Distinct words do not add up: a shard's own are kept only when it is the whole.
        analyses=Analyses(
            extra=extra,
            tags=_tags(parts),
            sentence_tokens=_sentence_tokens(parts, gold_sentences),
            types=first.types if len(parts) == 1 else None,
            unit=first.unit,
        ),
    )


def joined(values: Sequence[str]) -> str:
    """The distinct values in the order first seen, joined by ``+`` (as the signature joins
    the encodings of several predictions)."""
    return "+".join(dict.fromkeys(values))


def _sentence_tokens(
    parts: Sequence[ShardSystem], gold_sentences: Sequence[int]
) -> SentenceTokenCounts | None:
    """The Sentences and Tokens counts added, if any shard shows them. A shard that does not
    had the gold's sentence breaks and no CoNLL-U (docs/metrics.md §5.12): every gold sentence
    is correct there, and its tokens are its words."""
    if all(part.sentence_tokens is None for part in parts):
        return None
    total = SentenceTokenCounts()
    for part, sentences in zip(parts, gold_sentences, strict=True):
        total += SentenceTokenCounts.shown_or_agreeing(part.sentence_tokens, sentences, part.counts)
    return total


def _tags(parts: Sequence[ShardSystem]) -> TagCounts | None:
    if parts[0].tags is None:
        return None
    total = TagCounts()
    for part in parts:
        tags = part.tags
        if tags is None:  # refused before: every shard has tags, or none
            raise WsscoreError("internal error: a shard without tags")
        total.add(tags)
    return total
