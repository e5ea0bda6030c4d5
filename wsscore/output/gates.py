"""The CI gates checked on a report (``--fail-under``, ``--max-drop``) as a table under the
scores, for ``-f markdown``: what a CI job's summary shows of which gate failed. The other
formats leave it out (standard error says each failure, one line each, as before)."""

from __future__ import annotations

from collections.abc import Sequence

from wsscore.formatting import markdown_cell
from wsscore.gates import GateOutcome
from wsscore.output.tables import Table, TableCell, TableColumn

# The decimals of a gate's values: those of the line standard error says of a failure.
GATE_DIGITS = 4

COLUMNS = (
    TableColumn("Result", right=False),
    TableColumn("System", right=False, words=True),
    TableColumn("Gate", right=False, words=True),
    TableColumn("Value"),
    TableColumn("Previous"),
    TableColumn("Change"),
)


def gates_table(outcomes: Sequence[GateOutcome]) -> Table:
    """A row per gate checked on a system, the failed first (then in the report's order), under
    a title that counts them."""
    ordered = sorted(outcomes, key=lambda outcome: outcome.passed)
    failed = sum(not outcome.passed for outcome in outcomes)
    title = f"Gates: {failed} of {len(outcomes)} failed" if failed else "Gates: all passed"
    return Table(COLUMNS, [_row(outcome) for outcome in ordered], title=title, heading="### ")


def _row(outcome: GateOutcome) -> list[str | TableCell]:
    """The result, the system, the option as given, the value, and for --max-drop the earlier
    run's value and the change since."""
    option = f"{outcome.gate.option} {outcome.gate.spelled}"
    result = TableCell("passed") if outcome.passed else TableCell("FAILED", markdown="**FAILED**")
    previous, change = "", ""
    if outcome.previous is not None:
        previous = _figure(outcome.previous)
        change = f"{outcome.value - outcome.previous:+.{GATE_DIGITS}f}"
    return [result, outcome.system, _code(option), _figure(outcome.value), previous, change]


def _code(text: str) -> TableCell:
    """Code in Markdown (its pipes escaped, as a table needs); a text with a backtick, which
    would end the code, escaped as words instead."""
    if "`" in text:
        return TableCell(text)
    return TableCell(text, markdown=f"`{markdown_cell(text)}`")


def _figure(value: float) -> str:
    return f"{value:.{GATE_DIGITS}f}"
