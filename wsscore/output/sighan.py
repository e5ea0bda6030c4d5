"""``-f sighan``: the summary block and ``###`` line of the Perl ``score`` script per system."""

from __future__ import annotations

from wsscore.formatting import ratio_text
from wsscore.metrics.sighan_counts import totals_of
from wsscore.results import Report, SystemResult
from wsscore.sighan.layout import format_summary, perl_file_name


def render_sighan_summaries(report: Report) -> str:
    return "".join(
        format_summary(
            getattr(system, "sighan", None) or totals_of(system.counts),  # the script's own
            perl_file_name(system.path),
        )
        + _beyond_the_script(system)
        for system in report.systems
    )


def _beyond_the_script(system: SystemResult) -> str:
    """Lines the script never prints (--extra, --committee), after its own, in its style."""
    lines = []
    if system.extra is not None and system.extra_metrics is not None:
        m, c = system.extra_metrics, system.extra
        lines += [
            f"=== TRUE NEGATIVE RATE:\t{_rate(m.tnr)}",
            f"=== BOUNDARY PRECISION:\t{_rate(m.boundary_precision)}",
            f"=== BOUNDARY RECALL:\t{_rate(m.boundary_recall)}",
            f"=== BOUNDARY F MEASURE:\t{_rate(m.boundary_f1)}",
            f"=== F MEAN (BETA=3):\t{_rate(m.f_mean)}",
            f"=== SPLIT ERRORS:\t{c.split_errors}",
            f"=== MERGED ERRORS:\t{c.merged_errors}",
            f"=== CROSSING ERRORS:\t{c.crossing_errors}",
        ]
    if system.weighted_metrics is not None:
        w = system.weighted_metrics
        lines += [
            f"=== DIFFICULTY-WEIGHTED {name.upper()}:\t{_rate(getattr(w, name))}"
            for name in w._fields
        ]
    return "".join(line + "\n" for line in lines)


def _rate(value: float | None) -> str:
    return ratio_text(value, "--")  # the Perl script's mark of a rate without a denominator
