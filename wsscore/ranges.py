"""The range of every number an option of the command line or an argument of the Python API
takes: one table, :data:`RANGES`, so that the two can never disagree.

The command line's options check their values against it when the command line is parsed
(``wsscore.cli.options``: a usage error, exit 2, before anything is read), and the API's entry
points with :func:`check_numbers` (an :class:`~wsscore.errors.InvalidArgument`), in the same
words: ``--samples 0`` and ``score(samples=0)`` are refused as ``a whole number from 1 to
100000``. docs/api.md lists the ranges.
"""

from __future__ import annotations

import math
import operator
from typing import NamedTuple

from wsscore.errors import InvalidArgument


class NumberRange(NamedTuple):
    """The values a number may take: ``low`` to ``high``, both included; a whole number, or
    (``whole`` False) any finite number."""

    low: float
    high: float
    whole: bool = True

    def describe(self) -> str:
        """``a whole number from 1 to 100000``, as every refusal words it."""
        kind = "a whole number" if self.whole else "a number"
        return f"{kind} from {shown(self.low)} to {shown(self.high)}"

    def refusal(self, value: object) -> str | None:
        """Why ``value`` (a Python number) is out of this range, or None when it is in it."""
        if not self.holds(value):
            return f"{shown(value)} is not {self.describe()}"
        return None

    def holds(self, value: object) -> bool:
        """Whether ``value`` is a number (a whole one if ``whole``) within the bounds."""
        if isinstance(value, bool) or not _is_number(value, self.whole):
            return False
        return bool(self.low <= value <= self.high)  # type: ignore[operator]  # nan: False

    def parse(self, text: str) -> float:
        """The number a command line's ``text`` gives; ValueError with the refusal if none
        in this range."""
        try:
            value: float = int(text) if self.whole else float(text)
        except ValueError:
            raise ValueError(f"{shown(text)} is not {self.describe()}") from None
        refusal = self.refusal(value)
        if refusal is not None:
            raise ValueError(refusal)
        return value


def _is_number(value: object, whole: bool) -> bool:
    """Whether ``value`` is an integer (``whole``: any type with ``__index__``, numpy's too) or
    a real number."""
    try:
        operator.index(value)  # type: ignore[arg-type]
        return True
    except TypeError:
        if whole:
            return False
    try:
        float(value)  # type: ignore[arg-type]
    except (TypeError, ValueError):
        return False
    return not isinstance(value, (str, bytes))


# The longest value a message quotes whole: a longer one (a 5000-digit number) is cut.
SHOWN = 30


def shown(value: object) -> str:
    """A bound or a value as a message quotes it: a number as a command line writes it (1000
    for 1000.0, 0.001, nan, inf; a longer int by its number of digits: Python cannot even
    write one of more than 4300), anything else as Python does, cut past :data:`SHOWN`
    characters."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 100:
        try:
            digits = f"{len(str(abs(value)))}"
        except ValueError:  # past Python's limit on converting an int to text
            digits = f"about {int(value.bit_length() * math.log10(2)) + 1}"
        return f"a{' negative' if value < 0 else ''} number of {digits} digits"
    if isinstance(value, float) and math.isfinite(value) and value.is_integer():
        return str(int(value)) if abs(value) < 1e16 else repr(value)
    if isinstance(value, (int, float)):
        return str(value)  # at most 31 digits (100 bits), or a float's repr
    text = repr(value)
    return text if len(text) <= SHOWN else text[: SHOWN - 1] + "…"


# Every number an option or argument takes. Why the bounds are where they are:
RANGES: dict[str, NumberRange] = {
    # β weighs recall β times as much as precision; beyond these bounds F_β is R or P to every
    # printed digit, and β² overflows or underflows a float long before that matters.
    "beta": NumberRange(0.001, 1000, whole=False),
    # Bootstrap samples (score, report, compare, suite): their percentiles are kept, 8 bytes a
    # sample, and each sample draws every sentence: 100,000 keep the memory flat and take
    # seconds on a test set of the bakeoff; more would take hours and tell nothing more.
    "samples": NumberRange(1, 100_000),
    # Randomization trials (compare, suite): counted as they are drawn, in constant memory; a
    # million resolve p-values to 1e-6 in seconds.
    "trials": NumberRange(1, 1_000_000),
    # The random draws' seed: 32 bits, as every JSON reader and other tools keep it exactly.
    "seed": NumberRange(0, 2**32 - 1),
    # Worker processes (0: all cores).
    "jobs": NumberRange(0, 256),
    # Decimals of a ratio: a float's 15-17 significant digits hold ten decimals of a ratio
    # exactly.
    "digits": NumberRange(0, 10),
    # The most frequent wrong words shown per error class, and the worst lines listed
    # (`errors`): past these, no list is read.
    "top": NumberRange(0, 1_000_000),
    "per_line": NumberRange(0, 1_000_000),
    # Sentences the report's browser keeps (it also keeps under 24 MB of them, whatever N).
    "max_sentences": NumberRange(0, 10_000_000),
    # A feature field of a mecab or kytea token (UniDic's lines have about 30).
    "tag_field": NumberRange(1, 100),
    # The VALUE of --fail-under and --max-drop: a ratio.
    "limit": NumberRange(0, 1, whole=False),
}

# The options of the command line that take a number of RANGES, and its name there.
OPTION_RANGES: dict[str, str] = {
    "--beta": "beta",
    "--samples": "samples",
    "--trials": "trials",
    "--seed": "seed",
    "--jobs": "jobs",
    "--digits": "digits",
    "--top": "top",
    "--per-line": "per_line",
    "--max-sentences": "max_sentences",
    "--tag-field": "tag_field",
    "--fail-under": "limit",
    "--max-drop": "limit",
}


def check_numbers(**arguments: object) -> None:
    """Refuse the first of ``arguments`` (API arguments named as :data:`RANGES` names them)
    whose value is out of its range: ``samples must be a whole number from 1 to 100000, not
    0``."""
    for name, value in arguments.items():
        if not RANGES[name].holds(value):
            raise InvalidArgument(f"{name} must be {RANGES[name].describe()}, not {shown(value)}")


TAG_FIELD_HINT = f"give a field number ({RANGES['tag_field'].describe()}), or a range such as 1-2"


def parse_field_range(text: str) -> tuple[int, int]:
    """``--tag-field``: ``N`` or ``N-M`` (the first and the last field), each in the range of
    ``tag_field``, N <= M; a ValueError that says why not."""
    fields = RANGES["tag_field"]
    first, dash, last = text.strip().partition("-")
    parts = (first, last) if dash else (first,)
    if not all(part.isdigit() and part.isascii() for part in parts):
        raise ValueError(f"unknown tag field {text!r}: give a field N or a range N-M (1-2)")
    # Longer than the bound's digits: out of range without converting it (int() has a limit).
    widest = len(str(int(fields.high)))
    numbers = [int(part) if len(part) <= widest else math.inf for part in parts]
    if not all(fields.low <= number <= fields.high for number in numbers):
        raise ValueError(f"tag field {text!r} is out of range: a field is {fields.describe()}")
    low, high = int(numbers[0]), int(numbers[-1])
    if high < low:
        raise ValueError(f"tag field {text!r} ends before it starts: give N-M with N <= M")
    return low, high
