"""CI gates on a report's figures: a floor (``--fail-under``) and a largest drop against an
earlier run (``--max-drop`` with ``--previous``), parsed, checked and recorded as named values.

A gate applies to every system, or to the one its ``SYSTEM:`` prefix names (the name the table
shows). A gate on a figure the input leaves undefined can be neither met nor failed: it is a
usage error (exit 2), not a quality drop (exit 1, which would say it was checked).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from wsscore.errors import InvalidArgument, Warnings, WsscoreError
from wsscore.ranges import RANGES
from wsscore.signature import scoring_settings

if TYPE_CHECKING:
    from wsscore.inputs.previous import PreviousRun
    from wsscore.metrics.scores import Metrics

FAIL_UNDER = "fail_under"
MAX_DROP = "max_drop"
OPTION_OF = {FAIL_UNDER: "--fail-under", MAX_DROP: "--max-drop"}
EXAMPLE_OF = {FAIL_UNDER: "0.95", MAX_DROP: "0.005"}

# A drop is a difference of two ratios of counts: a drop equal to the limit in exact arithmetic
# may come out a few units in the last place above it, and must pass.
DROP_TOLERANCE = 1e-12


class Figure(NamedTuple):
    """A figure a gate may check: its key in the options, its attribute of the system's
    ``group`` of figures (``metrics``, or ``tag_metrics`` and ``extra_metrics``, which exist
    only with the option ``needs``), its header in the tables and its key in the ``-f json``
    report's ``metrics``."""

    key: str
    attribute: str
    label: str
    json_key: str
    group: str = "metrics"
    needs: str | None = None

    def value(self, system: Scored) -> float | None:
        """The system's value of this figure (None: undefined, or not computed)."""
        figures = getattr(system, self.group, None)
        return None if figures is None else getattr(figures, self.attribute)


def _beyond(key: str, attribute: str, label: str, option: str) -> Figure:
    """A figure of --tags or --extra (its JSON key is its attribute)."""
    group = "tag_metrics" if option == "--tags" else "extra_metrics"
    return Figure(key, attribute, label, attribute, group, option)


def _sentence_token(key: str, attribute: str, label: str) -> Figure:
    """A figure of conll18_ud_eval.py's Sentences and Tokens: computed with CoNLL-U, sentence
    breaks that differ from the gold's, or --extra, so no option alone decides it."""
    return Figure(key, attribute, label, attribute, "sentence_token_metrics")


FIGURES = {
    figure.key: figure
    for figure in (
        Figure("r", "recall", "R", "recall"),
        Figure("p", "precision", "P", "precision"),
        Figure("f", "f", "F", "f1"),
        Figure("roov", "oov_recall", "R_oov", "oov_recall"),
        Figure("riv", "iv_recall", "R_iv", "iv_recall"),
        _beyond("p_tag", "tag_precision", "P_tag", "--tags"),
        _beyond("r_tag", "tag_recall", "R_tag", "--tags"),
        _beyond("f_tag", "tag_f1", "F_tag", "--tags"),
        _beyond("acc_tag", "tag_accuracy", "Acc_tag", "--tags"),
        _beyond("tnr", "tnr", "TNR", "--extra"),
        _beyond("p_b", "boundary_precision", "P_b", "--extra"),
        _beyond("r_b", "boundary_recall", "R_b", "--extra"),
        _beyond("f_b", "boundary_f1", "F_b", "--extra"),
        _beyond("f_mean", "f_mean", "F_mean", "--extra"),
        _beyond("em_tag", "exact_tagged_match", "EM_tag", "--tags"),
        _beyond("em", "exact_match", "EM", "--extra"),
        _beyond("f_c", "char_f1", "F_c", "--extra"),
        _beyond("f_e", "edge_boundary_f1", "F_e", "--extra"),
        _beyond("f_t", "type_f1", "F_t", "--extra"),
        _sentence_token("f_sent", "sentences_f1", "F_sent"),
        _sentence_token("f_tok", "tokens_f1", "F_tok"),
    )
}
DICTIONARY_FIGURES = ("roov", "riv")  # defined only with a dictionary

# Why each figure can be undefined (its denominator is zero), and what to do about it.
UNDEFINED = {
    "r": ("the gold has no words", "check the gold"),
    "p": ("the prediction has no words", "check the prediction"),
    "roov": (
        "no gold word is out of vocabulary: every one is in the dictionary",
        "give the training word list, not one that holds the gold's words",
    ),
    "riv": ("no gold word is in the dictionary", "check -d/--train and --dict-encoding"),
}
# The figures of --tags and --extra, whose denominators are rarely zero on real input.
UNDEFINED_BEYOND = ("its denominator is zero on this input", "check the inputs")


class Gate(NamedTuple):
    """One ``--fail-under`` or ``--max-drop`` as given: its kind, figure key and limit, and the
    system it is meant for (None: every system)."""

    kind: str
    figure: str
    limit: float
    system: str | None = None

    @property
    def option(self) -> str:
        return OPTION_OF[self.kind]

    @property
    def spelled(self) -> str:
        """``f=0.95`` or ``jieba:f=0.95``, as messages quote it."""
        prefix = "" if self.system is None else f"{self.system}:"
        return f"{prefix}{self.figure}={self.limit}"

    def applies_to(self, name: str) -> bool:
        return self.system is None or self.system == name


class GateOutcome(NamedTuple):
    """A gate checked on one system: its value, the earlier run's (``--max-drop``) and whether
    it passed."""

    gate: Gate
    system: str
    value: float
    previous: float | None
    passed: bool

    def as_dict(self) -> dict[str, object]:
        """An entry of the ``-f json`` report's ``gates``."""
        return {
            "kind": self.gate.kind,
            "system": self.system,
            "figure": self.gate.figure,
            "limit": self.gate.limit,
            "value": self.value,
            "previous": self.previous,
            "passed": self.passed,
        }

    def failure(self) -> str:
        """The line that says why the gate failed (after ``wsscore: ``)."""
        label = FIGURES[self.gate.figure].label
        option = f"{self.gate.option} {self.gate.spelled}"
        if self.previous is None:
            return (
                f"{self.system}: {label} = {self.value:.4f} is below {self.gate.limit} ({option})"
            )
        return (
            f"{self.system}: {label} fell from {self.previous:.4f} to {self.value:.4f} "
            f"({self.value - self.previous:+.4f}, more than {option})"
        )


class Scored(Protocol):
    """A scored system, as the gates read it (``SystemResult``)."""

    @property
    def name(self) -> str: ...

    @property
    def path(self) -> str: ...

    @property
    def metrics(self) -> Metrics: ...


class Gated(Protocol):
    """A report, as the gates read it (``Report``)."""

    @property
    def signature(self) -> str: ...

    @property
    def systems(self) -> Sequence[Scored]: ...

    @property
    def gold(self) -> _HasPath: ...


class _HasPath(Protocol):
    @property
    def path(self) -> str: ...


def parse_gate(kind: str, text: str) -> Gate:
    """``NAME=VALUE`` or ``SYSTEM:NAME=VALUE``; an :class:`InvalidArgument` that quotes
    ``text`` when it is neither (the caller names the option)."""
    left, equals, number = text.rpartition("=")
    system, colon, name = left.rpartition(":")
    key = name.strip().lower()
    if not equals or key not in FIGURES or (colon and not system):
        raise InvalidArgument(
            f"{text!r}: use NAME=VALUE with NAME one of {', '.join(FIGURES)}",
            hint="SYSTEM:NAME=VALUE for the system of that name only",
        )
    try:
        value = RANGES["limit"].parse(number)
    except ValueError:
        raise InvalidArgument(
            f"{text!r}: give {RANGES['limit'].describe()} (e.g. {EXAMPLE_OF[kind]})"
        ) from None
    return Gate(kind, key, value, system if colon else None)


def check_gates(
    report: Gated, gates: Sequence[Gate], previous: PreviousRun | None, warnings: Warnings
) -> list[GateOutcome]:
    """Every gate checked on every system it applies to, in the report's order.

    Refused (exit 2; the caller has printed nothing yet): a gate naming no system of the
    report, a figure this input leaves undefined, a figure the earlier run lacks. A system the
    earlier run does not have, and an earlier run scored with other settings, are warnings.
    """
    refuse_unknown_systems(report, gates)
    refuse_undefined_figures(report, gates)
    if previous is not None and any(gate.kind == MAX_DROP for gate in gates):
        _warn_of_other_settings(report, previous, warnings)
    outcomes = []
    for system in report.systems:
        applying = [gate for gate in gates if gate.applies_to(system.name)]
        outcomes += [_floor(gate, system) for gate in applying if gate.kind == FAIL_UNDER]
        drops = [gate for gate in applying if gate.kind == MAX_DROP]
        if drops:
            outcomes += _drops(drops, system, previous, warnings)
    return outcomes


def _floor(gate: Gate, system: Scored) -> GateOutcome:
    value = FIGURES[gate.figure].value(system)
    assert value is not None  # an undefined figure was refused
    return GateOutcome(gate, system.name, value, None, value >= gate.limit)


def _drops(
    gates: Sequence[Gate], system: Scored, previous: PreviousRun | None, warnings: Warnings
) -> list[GateOutcome]:
    """The --max-drop gates of one system; none, and a warning, when the earlier run does not
    have it (a new system has nothing to fall from)."""
    if previous is None:
        raise InvalidArgument("--max-drop compares with an earlier run: give --previous")
    if system.name not in previous.metrics:
        warnings.warn(
            f"{system.name!r} is not a system of the previous report",
            where=previous.path,
            consequence="its --max-drop is not checked",
        )
        return []
    outcomes = []
    for gate in gates:
        value = FIGURES[gate.figure].value(system)
        assert value is not None  # an undefined figure was refused
        earlier = previous_figure(previous, system.name, gate)
        passed = earlier - value <= gate.limit + DROP_TOLERANCE
        outcomes.append(GateOutcome(gate, system.name, value, earlier, passed))
    return outcomes


def refuse_unknown_systems(report: Gated, gates: Sequence[Gate]) -> None:
    """A gate for one system must name a system of the report (a typo would pass silently)."""
    names = [system.name for system in report.systems]
    for gate in gates:
        if gate.system is not None and gate.system not in names:
            raise InvalidArgument(
                f"{gate.option} {gate.spelled}: no system is named {gate.system!r}",
                hint=f"the systems are {', '.join(map(repr, names))}",
            )


def refuse_undefined_figures(report: Gated, gates: Sequence[Gate]) -> None:
    """A gate on a figure this input leaves undefined cannot be checked: a usage error."""
    for system in report.systems:
        for gate in gates:
            figure = FIGURES[gate.figure]
            if not gate.applies_to(system.name):
                continue
            if figure.value(system) is not None:
                continue
            if getattr(system, figure.group, None) is None:
                raise _not_computed(gate, system)
            cause = gate.figure
            if cause == "f":  # F is undefined when R or P is
                cause = "r" if system.metrics.recall is None else "p"
            why, hint = UNDEFINED.get(cause, UNDEFINED_BEYOND)
            drop = gate.spelled.rpartition("=")[0]
            raise WsscoreError(
                f"{figure.label} is undefined ({why}), so {gate.option} {gate.spelled} "
                "cannot be checked",
                where=report.gold.path if cause in ("r", "roov", "riv") else system.path,
                hint=f"{hint}, or drop {gate.option} {drop}",
            )


def _not_computed(gate: Gate, system: Scored) -> WsscoreError:
    """Sentences and Tokens are left out where nothing sets them apart from words: with plain
    files whose sentence breaks are the gold's and without --extra."""
    figure = FIGURES[gate.figure]
    drop = gate.spelled.rpartition("=")[0]
    return WsscoreError(
        f"{figure.label} is computed only with CoNLL-U, sentence breaks that differ from the "
        f"gold's, or --extra, so {gate.option} {gate.spelled} cannot be checked",
        where=system.path,
        hint=f"give --extra, or drop {gate.option} {drop}",
    )


def previous_figure(previous: PreviousRun, name: str, gate: Gate) -> float:
    """The earlier run's value of the gate's figure for its system ``name``; a
    :class:`WsscoreError` naming the file when it is missing or not a number."""
    figure = FIGURES[gate.figure]
    if name in previous.repeated:
        raise WsscoreError(
            f"the previous report has several systems named {name!r}",
            where=previous.path,
            hint="give each system a --name of its own",
        )
    value = previous.metrics[name].get(figure.json_key)
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise WsscoreError(
            f"the previous report has no {figure.json_key} of {name!r}, so "
            f"{gate.option} {gate.spelled} cannot be checked",
            where=previous.path,
            hint="R_oov and R_iv need a run with -d or --train"
            if gate.figure in DICTIONARY_FIGURES
            else "give a -f json report of wsscore score",
        )
    return float(value)


def _warn_of_other_settings(report: Gated, previous: PreviousRun, warnings: Warnings) -> None:
    """Runs whose settings differ computed their figures differently; files read in another
    encoding or format, or other systems beside, do not change a system's figures."""
    earlier = previous.signature
    if earlier is not None and scoring_settings(earlier) == scoring_settings(report.signature):
        return
    warnings.warn(
        f"the previous report was scored with other settings ({previous.signature}) than "
        f"this run ({report.signature})",
        where=previous.path,
        consequence="--max-drop compares the figures as each run computed them",
    )
