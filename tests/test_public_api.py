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


# --- one call from Python -------------------------------------------------------------------

WORDS = FIXTURES / "words.txt"


def test_one_call_gives_the_figures_by_their_short_names() -> None:
    # The fixture by hand: 21 of 36 gold words right, 30 predicted; 6 gold words OOV, 2 of
    # them right; 19 of the 30 IV words right.
    report = score(GOLD, PRED, dictionary=str(WORDS))
    assert (report.r, report.p) == (21 / 36, 21 / 30)
    assert report.f == pytest.approx(2 * 21 / (36 + 30))
    assert (report.oov_rate, report.r_oov, report.r_iv) == (6 / 36, 2 / 6, 19 / 30)
    assert report["pred.txt"].f == report.f == report.systems[0].metrics.f


def test_a_report_of_several_systems_is_asked_by_name() -> None:
    report = score(GOLD, [PRED, PRED], names=["a", "b"])
    assert report["b"].r == 21 / 36
    with pytest.raises(AttributeError, match=r"^take one system first: report\['a'\]\.f "):
        report.f  # noqa: B018
    with pytest.raises(KeyError, match="no system is named 'c': the report's are 'a', 'b'"):
        report["c"]


def test_a_reading_field_given_twice_is_refused() -> None:
    assert score(GOLD, PRED, mismatch="error", inputs=InputOptions(mismatch="error")).f
    with pytest.raises(InvalidArgument, match=r"^mismatch is given twice, mismatch='align' and"):
        score(GOLD, PRED, mismatch="align", inputs=InputOptions(mismatch="error"))


def test_dir_lists_the_public_api_and_nothing_else() -> None:
    import wsscore.output  # a submodule once loaded is no public name

    assert dir(wsscore) == sorted(wsscore.__all__)


def test_the_one_line_call_in_a_fresh_process() -> None:
    import subprocess
    import sys

    code = (
        "import wsscore; "
        f"r = wsscore.score({str(GOLD)!r}, {str(PRED)!r}, dictionary={str(WORDS)!r}); "
        "print(round(r.f, 4), round(r.r_oov, 4))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "0.6364 0.3333\n", "")
