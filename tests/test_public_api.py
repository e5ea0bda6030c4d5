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


# --- a report at the prompt and in a notebook -----------------------------------------------


def test_print_shows_the_table_the_command_prints() -> None:
    # Printed by a script of its own, as a user runs one: the same table as `score -f text`.
    import subprocess
    import sys

    call = f"wsscore.score({str(GOLD)!r}, {str(PRED)!r}, dictionary={str(WORDS)!r})"
    script = f"import wsscore; print({call})"
    printed = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    command = run_wsscore("score", GOLD, PRED, "-d", WORDS, "-f", "text")
    assert printed.returncode == 0, printed.stderr
    assert printed.stdout == command.stdout + "\n"  # print() adds its own newline
    assert "R_oov" in printed.stdout.splitlines()[0]


def test_a_scorer_s_and_a_merged_report_print_the_same_way() -> None:
    scorer = Scorer()
    scorer.update(["共同 创造 美好"], ["共同 创造美好"])
    report = scorer.report()
    assert str(report) == render(report, "text")
    assert "<table" in report._repr_html_()


def test_the_repr_is_short_and_names_the_figures() -> None:
    one = score(GOLD, PRED, names=["jieba"])
    assert repr(one) == "<Report on 'gold.txt': 'jieba' R=0.583 P=0.700 F=0.636>"
    assert repr(one["jieba"]) == "<SystemResult 'jieba' R=0.583 P=0.700 F=0.636>"
    five = score(GOLD, [PRED] * 5, names=list("abcde"))
    assert repr(five).endswith("'c' R=0.583 P=0.700 F=0.636, … 2 more>")
    assert len(repr(five)) < 120


def test_a_notebook_shows_the_scores_table_of_the_report_page() -> None:
    report = score(GOLD, [PRED, PRED], names=["jieba", "a<b"], dictionary=str(WORDS))
    html = report._repr_html_()
    assert html.startswith("<div") and html.count("<table") == 1
    assert "<td>jieba</td>" in html and "<td>a&lt;b</td>" in html  # names escaped
    assert ">R_oov</th>" in html  # the figures of a dictionary
    assert ">0.636</td>" in html
    with pytest.raises(InvalidArgument, match="digits does not apply to html"):
        render(report, "html", digits=2)


def test_to_pandas_gives_a_row_per_system_with_every_figure() -> None:
    pytest.importorskip("pandas")
    report = score(GOLD, [PRED, PRED], names=["a", "b"], dictionary=str(WORDS), extra=True)
    frame = report.to_pandas()
    assert list(frame.index) == ["a", "b"]
    entry = report.as_dict()["systems"][0]
    for key, value in {**entry["metrics"], **entry["counts"]}.items():
        if isinstance(value, dict):
            assert frame.loc["a", f"{key}_low"] == value["low"], key
            assert frame.loc["a", f"{key}_high"] == value["high"], key
        elif value is not None:
            assert frame.loc["a", key] == value, key
    assert frame.loc["b", "f1"] == report["b"].f


def test_to_pandas_without_pandas_says_how_to_install_it(monkeypatch) -> None:
    import sys

    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    with pytest.raises(ImportError, match=r"^pip install pandas to use Report\.to_pandas\(\)"):
        score(GOLD, PRED).to_pandas()
