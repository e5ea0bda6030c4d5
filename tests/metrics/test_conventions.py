"""The named conventions: one list of names, spelled out in the layers that cannot import it
(the command line's choices, the manifest, the API's terms), and what each turns on."""

from __future__ import annotations

import pytest

from wsscore.api_terms import API_ARGUMENTS
from wsscore.cli.options import CONVENTION_CHOICES
from wsscore.errors import InvalidArgument
from wsscore.inputs import manifest
from wsscore.metrics.conventions import (
    CONVENTION_NAMES,
    THAI_UNIT,
    convention_of,
    needs_extra,
)
from wsscore.output.columns import CONVENTION_HEADERS
from wsscore.output.suite import CONVENTION_METRICS, parse_metrics


def test_every_layer_names_the_same_conventions_in_the_same_order():
    assert CONVENTION_NAMES == ("thai", "japanese", "ud", "sighan")
    assert CONVENTION_CHOICES == CONVENTION_NAMES
    assert manifest.CONVENTION_NAMES == CONVENTION_NAMES
    assert API_ARGUMENTS["--conventions"].choices == CONVENTION_NAMES
    assert tuple(CONVENTION_HEADERS) == CONVENTION_NAMES
    assert tuple(CONVENTION_METRICS) == CONVENTION_NAMES


def test_each_conventions_suite_figures_are_valid_metrics():
    for figures in CONVENTION_METRICS.values():
        assert parse_metrics(",".join(figures)) == figures


def test_only_sighan_needs_no_extra_counts():
    assert [needs_extra(name) for name in CONVENTION_NAMES] == [True, True, True, False]
    assert needs_extra(None) is False
    assert convention_of(None) is None


def test_an_unknown_name_is_refused_with_the_names():
    with pytest.raises(InvalidArgument, match=r"unknown convention 'UD'; use one of thai, "):
        convention_of("UD")


def test_the_thai_unit_is_the_character_pythainlp_counts():
    # PyThaiNLP's character-level counts classify every code point (docs/metrics.md §5.13).
    assert THAI_UNIT == "char"
