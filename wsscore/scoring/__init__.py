"""The runs behind the public API: score, the accumulating Scorer, compare, errors, suites."""
