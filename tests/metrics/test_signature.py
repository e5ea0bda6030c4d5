"""The signature: every setting that changes a number, from the settings of a report."""

from __future__ import annotations

from wsscore._version import __version__
from wsscore.metrics.settings import ReportSettings, Statistics
from wsscore.signature import SignedInputs, signature


def test_the_draws_are_signed_only_when_intervals_are_drawn() -> None:
    assert Statistics("bootstrap", samples=200, seed=7).resampling == (200, 7)
    assert Statistics("bakeoff", samples=200, seed=7).resampling is None


def test_every_setting_has_its_place_in_the_signature() -> None:
    settings = ReportSettings(
        "span", Statistics("bootstrap", 2.0, 200, 7), "warn", difficulty="file", tags="upos"
    )
    inputs = SignedInputs(None, "cp950", ["str", "utf-8", "utf-8"], ("conllu", ["words"]))
    assert signature(settings, inputs) == (
        f"wsscore:{__version__}|match:span|ci:bootstrap|samples:200|seed:7|beta:2|dict:none"
        "|enc:gold=cp950,pred=utf-8|fmt:gold=conllu,pred=words|mismatch:warn|tags:upos"
        "|difficulty:file"
    )


def test_plain_settings_give_a_short_signature() -> None:
    settings = ReportSettings("diff", Statistics(), "none")
    inputs = SignedInputs(None, "utf-8", ["str"])
    assert signature(settings, inputs) == (
        f"wsscore:{__version__}|match:diff|ci:bakeoff|dict:none|enc:gold=utf-8,pred=str"
        "|mismatch:none"
    )
