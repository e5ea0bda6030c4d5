"""What `import wsscore` offers: the names users handle, one exception type for bad arguments."""

from __future__ import annotations

import json

import pytest
from conftest import FIXTURES, run_wsscore

import wsscore
from wsscore import (
    InputOptions,
    InvalidArgument,
    Scorer,
    WsscoreError,
    analyse,
    compare,
    render,
    score,
)

GOLD, PRED = FIXTURES / "gold.txt", FIXTURES / "pred.txt"


def test_every_public_name_is_there() -> None:
    for name in wsscore.__all__:
        assert getattr(wsscore, name) is not None, name
    with pytest.raises(AttributeError):
        wsscore.no_such_name  # noqa: B018


def test_render_is_the_function_even_once_the_renderers_are_imported() -> None:
    import wsscore.output  # the renderers' package: its name must not hide the function

    report = score(GOLD, [PRED])
    assert callable(render) and wsscore.render is render
    assert render(report, "text").startswith("System")


def test_invalid_arguments_raise_one_documented_exception_type() -> None:
    assert issubclass(InvalidArgument, WsscoreError) and issubclass(InvalidArgument, ValueError)
    report = score(GOLD, [PRED])
    bad_calls = [
        lambda: score(GOLD, [PRED], ci="sometimes"),
        lambda: score(GOLD, [PRED], beta=0),
        lambda: score(GOLD, [PRED], sort="colour"),
        lambda: score(GOLD, [PRED], names=["a", "b"]),
        lambda: score(GOLD, [PRED], committee=[PRED], difficulty=PRED),
        lambda: InputOptions(mismatch="sometimes"),
        lambda: compare(GOLD, PRED, [PRED], samples=0),
        lambda: analyse(GOLD, PRED, top=-1),
        lambda: render(report, "yaml"),
        lambda: score([["甲", 1]], [["甲1"]]),
        lambda: Scorer(ci="sometimes"),
        lambda: Scorer().update("甲", "甲"),
    ]
    for call in bad_calls:
        with pytest.raises(InvalidArgument):
            call()


def test_an_input_problem_is_a_wsscore_error_naming_the_file(tmp_path) -> None:
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    with pytest.raises(WsscoreError, match=r"empty\.txt: the prediction is empty"):
        score(GOLD, [empty])


def test_metrics_f1_is_the_jsons_f1_on_the_command_line():
    run = run_wsscore("score", GOLD, PRED, "-f", "json", "--ci", "bootstrap", "--samples", 50)
    printed = json.loads(run.stdout)["systems"][0]["metrics"]
    metrics = score(GOLD, [PRED], ci="bootstrap", samples=50).systems[0].metrics
    assert metrics.f1 == metrics.f == printed["f1"]
    assert metrics.f1_ci is not None and metrics.f1_ci.as_dict() == printed["f1_ci"]
