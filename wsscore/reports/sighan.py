"""``-f sighan``: the summary block and ``###`` line of the Perl ``score`` script per system."""

from __future__ import annotations

from ..counts import Counts
from ..scoring import Report
from ..sighan import SighanTotals, format_summary, perl_file_name


def totals_of(counts: Counts) -> SighanTotals:
    """The script's totals from exact counts (metrics.md §6-7)."""
    return SighanTotals(
        insertions=counts.insertions,
        deletions=counts.deletions,
        substitutions=counts.substitutions,
        true_count=counts.gold_words,
        test_count=counts.pred_words,
        recall_correct=counts.correct,
        precision_correct=counts.correct,
        oov=counts.oov_words,
        oov_correct=counts.oov_correct,
        iv=counts.iv_words,
        iv_correct=counts.iv_correct,
    )


def render_sighan_summaries(report: Report) -> str:
    return "".join(
        format_summary(
            getattr(system, "sighan", None) or totals_of(system.counts),  # the script's own
            perl_file_name(system.path),
        )
        for system in report.systems
    )
