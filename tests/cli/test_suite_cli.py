"""``wsscore suite``: the JSON document, each format's content, --metrics, errors, -o guards."""

from __future__ import annotations

import csv
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, messages_of

from wsscore.cli.app import cli

GOLD_LINES = (FIXTURES / "gold.txt").read_text(encoding="utf-8").splitlines()
PRED_LINES = (FIXTURES / "pred.txt").read_text(encoding="utf-8").splitlines()
BETA_GOLD = ["我们 在 北京 大学 读书", "今天 天气 很 好 。"]
BETA_WORDS = ["我们", "在", "北京", "大学", "今天", "天气", "很", "好", "。"]
BETA_MM = ["我们 在 北京大学 读书", "今天 天气 很好 。"]  # R 6/10, P 6/8, F 2/3
CORPORA = ["alpha", "beta"]
# By mean F: good (1, 1); mix, the gold on alpha and one word per character on beta
# ((1 + 4/13) / 2 = 0.654); mm (42/66 and 2/3: 0.652); chars.
ORDER = ["good", "mix", "mm", "chars"]
FIGURES = ("f1", "recall", "precision", "oov_recall", "iv_recall")
TESTS = ("--samples", "200", "--trials", "500", "--seed", "7")  # small, for speed


def _chars(lines: list[str]) -> list[str]:
    return [" ".join("".join(line.split())) for line in lines]


def _write(path: Path, lines: list[str]) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


MANIFEST = """
[corpora.alpha]
gold = "alpha/gold.txt"
dict = "alpha/words.txt"

[corpora.beta]
gold = "beta/gold.txt"
dict = "beta/words.txt"

[systems]
chars = "out/chars/{corpus}.txt"
mm = "out/mm/{corpus}.txt"
good = "out/good/{corpus}.txt"
mix = { alpha = "out/good/alpha.txt", beta = "out/chars/beta.txt" }
"""


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """alpha: the fixture three times (12 lines); beta: two lines. Four systems, a manifest."""
    root = tmp_path_factory.mktemp("suite_cli")
    alpha = GOLD_LINES * 3
    _write(root / "alpha" / "gold.txt", alpha)
    (root / "alpha" / "words.txt").write_bytes((FIXTURES / "words.txt").read_bytes())
    _write(root / "beta" / "gold.txt", BETA_GOLD)
    _write(root / "beta" / "words.txt", BETA_WORDS)
    _write(root / "out" / "mm" / "alpha.txt", PRED_LINES * 3)
    _write(root / "out" / "mm" / "beta.txt", BETA_MM)
    _write(root / "out" / "good" / "alpha.txt", alpha)
    _write(root / "out" / "good" / "beta.txt", BETA_GOLD)
    _write(root / "out" / "chars" / "alpha.txt", _chars(alpha))
    _write(root / "out" / "chars" / "beta.txt", _chars(BETA_GOLD))
    (root / "suite.toml").write_text(MANIFEST, encoding="utf-8")
    return root


def _snapshot(root: Path) -> dict[Path, bytes]:
    return {path: path.read_bytes() for path in root.rglob("*") if path.is_file()}


@pytest.fixture(autouse=True)
def inputs_untouched(tree: Path):
    """No run of any test modifies a file of the tree (outputs are new files)."""
    before = _snapshot(tree)
    yield
    after = _snapshot(tree)
    assert {path: after.get(path) for path in before} == before


def _run(*args: object, cwd: Path) -> subprocess.CompletedProcess:
    """``wsscore ARGS`` run from ``cwd``, in this process (what is tested is the suite, not
    the process, whose start cost about what a run costs): its status and output in bytes."""
    here = os.getcwd()
    os.chdir(cwd)
    try:
        done = CliRunner().invoke(cli, list(map(str, args)))
    finally:
        os.chdir(here)
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        raise done.exception  # a traceback, which the process would have printed
    return subprocess.CompletedProcess(args, done.exit_code, done.stdout_bytes, done.stderr_bytes)


def _run_into(path: Path, *args: object, cwd: Path) -> subprocess.CompletedProcess:
    """A run with its standard output appended to ``path`` (``>> path``)."""
    with open(path, "ab") as sink:
        return subprocess.run(
            [sys.executable, "-m", "wsscore", *map(str, args)],
            stdout=sink,
            stderr=subprocess.PIPE,
            cwd=cwd,
            timeout=60,
            check=False,
        )


def _suite(tree: Path, *args: object, manifest: str = "suite.toml") -> str:
    done = _run("suite", manifest, *args, cwd=tree)
    assert done.returncode == 0, done.stderr.decode()
    return done.stdout.decode("utf-8")


def _refused(tree: Path, *args: object, manifest: str = "suite.toml") -> str:
    """The one line of a run that exits 2 and prints nothing on standard output."""
    done = _run("suite", manifest, *args, cwd=tree)
    assert done.returncode == 2, done.stdout.decode()
    assert done.stdout == b""
    message = done.stderr.decode("utf-8")
    assert message.count("\n") == 1 and message.startswith("wsscore: error: "), message
    return message


@pytest.fixture(scope="module")
def document(tree: Path) -> dict[str, Any]:
    return json.loads(_suite(tree, "-f", "json"))


@pytest.fixture(scope="module")
def tested(tree: Path) -> dict[str, Any]:
    """The JSON document with mm as the baseline."""
    return json.loads(_suite(tree, "-f", "json", "--baseline", "mm", *TESTS))


def _system(document: dict[str, Any], name: str) -> dict[str, Any]:
    return next(system for system in document["systems"] if system["name"] == name)


# --- JSON -----------------------------------------------------------------------------------------


def test_the_json_document_keys(document: dict[str, Any]) -> None:
    assert list(document) == ["version", "signature", "corpora", "systems", "options", "warnings"]
    assert [list(corpus) for corpus in document["corpora"]] == [
        ["name", "gold", "dictionary", "signature"]
    ] * 2
    assert [corpus["name"] for corpus in document["corpora"]] == CORPORA
    for system in document["systems"]:
        assert list(system) == ["name", "results", "complete", "average", "pooled"]
        assert list(system["results"]) == CORPORA
        # The five figures first (more may follow, e.g. of tags, null without them).
        assert list(system["average"])[:5] == list(FIGURES)
        assert list(system["pooled"])[:5] == list(FIGURES)
        assert system["complete"] is True
    assert document["options"] == {"ci": "bakeoff", "beta": 1.0, "baseline": None, "alpha": None}
    assert document["warnings"] == []
    assert document["signature"].endswith("|suite:2|match:span|ci:bakeoff")


def test_systems_come_by_mean_f(document: dict[str, Any]) -> None:
    assert [system["name"] for system in document["systems"]] == ORDER
    means = [system["average"]["f1"] for system in document["systems"]]
    assert means == sorted(means, reverse=True)
    assert _system(document, "mix")["average"]["f1"] == pytest.approx((1 + 4 / 13) / 2)
    assert _system(document, "mm")["average"]["f1"] == pytest.approx((42 / 66 + 2 / 3) / 2)


@pytest.mark.parametrize("corpus", CORPORA)
def test_each_result_is_the_json_of_score(
    tree: Path, document: dict[str, Any], corpus: str
) -> None:
    outputs = [tree / "out" / name / f"{corpus}.txt" for name in ("chars", "mm", "good")]
    names = [arg for name in ("chars", "mm", "good") for arg in ("--name", name)]
    gold, words = tree / corpus / "gold.txt", tree / corpus / "words.txt"
    done = _run("score", gold, *outputs, "-d", words, *names, "-f", "json", cwd=tree)
    assert done.returncode == 0, done.stderr.decode()
    scored = json.loads(done.stdout)
    for result in scored["systems"]:
        assert _system(document, result["name"])["results"][corpus] == result
    info = document["corpora"][CORPORA.index(corpus)]
    assert info["gold"] == scored["gold"]
    assert info["dictionary"] == scored["dictionary"]
    assert info["signature"] == scored["signature"]


def test_the_pooled_figures_of_mm_by_hand(document: dict[str, Any]) -> None:
    # alpha: 108 gold words, 90 predicted, 63 correct; beta: 10, 8, 6.
    pooled = _system(document, "mm")["pooled"]
    assert pooled["recall"] == pytest.approx(69 / 118)
    assert pooled["precision"] == pytest.approx(69 / 98)
    assert pooled["f1"] == pytest.approx(138 / 216)


def test_two_jobs_write_the_same_json(tree: Path, tested: dict[str, Any]) -> None:
    again = json.loads(_suite(tree, "-f", "json", "--baseline", "mm", *TESTS, "-j", "2"))
    assert again == tested


# --- text -----------------------------------------------------------------------------------------


def _table_rows(text: str) -> tuple[list[str], list[list[str]]]:
    """The header cells and the rows of the text table (cells split on runs of spaces)."""
    lines = text.split("\n")
    header = re.split(r"\s{2,}", lines[0].strip())
    assert set(lines[1]) <= {"-", " "}
    rows = []
    for line in lines[2:]:
        if not line:
            break
        rows.append(re.split(r"\s{2,}", line.strip()))
    return header, rows


def test_text_header_rows_and_values(tree: Path, document: dict[str, Any]) -> None:
    text = _suite(tree, "-f", "text")
    header, rows = _table_rows(text)
    assert header == ["System", "alpha F", "beta F", "Mean F", "Pooled F"]
    assert [row[0] for row in rows] == ORDER
    for row in rows:
        system = _system(document, row[0])
        expected = [system["results"][c]["metrics"]["f1"] for c in CORPORA]
        expected += [system["average"]["f1"], system["pooled"]["f1"]]
        assert row[1:] == [f"{value:.3f}" for value in expected]
    assert "Mean: the average of the corpora's figures" in text
    assert text.rstrip("\n").split("\n")[-1] == f"signature: {document['signature']}"


@pytest.mark.slow
def test_the_default_format_off_a_terminal_is_text(tree: Path) -> None:
    assert _suite(tree) == _suite(tree, "-f", "text")


def test_metrics_f_and_roov(tree: Path, document: dict[str, Any]) -> None:
    header, rows = _table_rows(_suite(tree, "-f", "text", "--metrics", "f,roov"))
    groups = [*CORPORA, "Mean", "Pooled"]
    assert header == ["System", *(f"{g} {f}" for g in groups for f in ("F", "R_oov"))]
    mm = next(row for row in rows if row[0] == "mm")
    system = _system(document, "mm")
    expected = []
    for corpus in CORPORA:
        metrics = system["results"][corpus]["metrics"]
        expected += [metrics["f1"], metrics["oov_recall"]]
    for average in (system["average"], system["pooled"]):
        expected += [average["f1"], average["oov_recall"]]
    assert mm[1:] == [f"{value:.3f}" for value in expected]
    assert mm[2] == "0.333"  # R_oov of the fixture: 2 of 6 (×3)


def test_metrics_r_and_ci_add_c_r_columns(tree: Path, document: dict[str, Any]) -> None:
    header, rows = _table_rows(_suite(tree, "-f", "text", "--metrics", "r,ci"))
    assert header == [
        "System",
        "alpha R",
        "alpha c_r",
        "beta R",
        "beta c_r",
        "Mean R",
        "Pooled R",
    ]
    for row in rows:
        system = _system(document, row[0])
        for index, corpus in enumerate(CORPORA):
            metrics = system["results"][corpus]["metrics"]
            assert row[1 + 2 * index] == f"{metrics['recall']:.3f}"
            assert row[2 + 2 * index] == f"±{metrics['recall_ci']['half_width']:.4f}"


@pytest.mark.slow
def test_metrics_f_and_ci_need_the_bootstrap(tree: Path) -> None:
    message = _refused(tree, "--metrics", "f,ci")
    assert "--metrics" in message and "--ci bakeoff" in message and "bootstrap" in message
    text = _suite(tree, "-f", "text", "--metrics", "f,ci", "--ci", "bootstrap", "--samples", "50")
    header, rows = _table_rows(text)
    assert header[:3] == ["System", "alpha F", "alpha c_f"]
    assert header[-2:] == ["Mean F", "Pooled F"]
    document = json.loads(
        _suite(tree, "-f", "json", "--ci", "bootstrap", "--samples", "50", "--metrics", "f,ci")
    )
    mm = next(row for row in rows if row[0] == "mm")
    interval = _system(document, "mm")["results"]["alpha"]["metrics"]["f1_ci"]
    assert mm[2] == f"[{interval['low']:.4f}, {interval['high']:.4f}]"
    assert interval["low"] < 42 / 66 < interval["high"]


def test_an_unknown_metric_is_refused(tree: Path) -> None:
    message = _refused(tree, "--metrics", "f,xx")
    assert "'xx'" in message and "--metrics" in message


def test_text_marks_cells_against_the_baseline(tree: Path, tested: dict[str, Any]) -> None:
    text = _suite(tree, "-f", "text", "--baseline", "mm", *TESTS)
    _, rows = _table_rows(text)
    cells = {row[0]: row[1:3] for row in rows}
    chars_f = _system(tested, "chars")["results"]["alpha"]["metrics"]["f1"]
    assert cells["good"] == ["1.000▲", "1.000"]
    assert cells["mix"] == ["1.000▲", "0.308"]
    assert cells["chars"] == [f"{chars_f:.3f}▼", "0.308"]
    assert cells["mm"] == ["0.636", "0.667"]
    assert (
        "▲/▼: F significantly better/worse than mm's (approximate randomization, 500 trials" in text
    )


def test_the_table_format_shows_the_same_rows(tree: Path) -> None:
    text = _suite(tree, "-f", "table")
    lines = [line for line in text.split("\n") if line.startswith("│")]
    names = [line.strip("│").split("│")[0].strip() for line in lines]
    assert names == ORDER
    assert "0.636" in lines[2] and "Pooled" in text


# --- markdown and LaTeX ---------------------------------------------------------------------------


def test_markdown_sets_the_best_of_each_column_in_bold(
    tree: Path, document: dict[str, Any]
) -> None:
    text = _suite(tree, "-f", "markdown", "--metrics", "f,r,p")
    lines = text.split("\n")
    headers = [f"{group} {f}" for group in [*CORPORA, "Mean", "Pooled"] for f in ("F", "R", "P")]
    assert lines[0] == "| System | " + " | ".join(headers) + " |"
    assert lines[1] == "|:---|" + "---:|" * 12
    rows = [line.strip("|").split(" | ") for line in lines[2:6]]
    assert [row[0].strip() for row in rows] == ORDER
    for column in range(1, 13):
        cells = [row[column].strip() for row in rows]
        values = [float(cell.strip("*")) for cell in cells]
        best = max(values)
        assert [cell.startswith("**") for cell in cells] == [v == best for v in values], column
    # On beta, mm's precision (0.750) is second to good's; on alpha, mix ties with good.
    assert rows[1][1].strip() == "**1.000**" and rows[2][6].strip() == "0.750"
    assert f"Signature: `{document['signature']}`" in text


def _names_with_bars(tmp_path: Path, tree: Path) -> Path:
    """A manifest with a corpus and a system whose names hold a | (quoted TOML keys)."""
    path = tmp_path / "bars.toml"
    path.write_text(
        f"""
[corpora."x|y"]
gold = "{tree / "beta" / "gold.txt"}"
[systems]
"mm|v2" = "{tree / "out" / "mm" / "beta.txt"}"
plain = "{tree / "out" / "good" / "beta.txt"}"
""",
        encoding="utf-8",
    )
    return path


def test_markdown_escapes_a_bar_in_a_system_name(tmp_path: Path, tree: Path) -> None:
    text = _suite(tmp_path, "-f", "markdown", manifest=str(_names_with_bars(tmp_path, tree)))
    row = next(line for line in text.split("\n") if line.startswith("| mm"))
    assert row.startswith("| mm\\|v2 | ")


@pytest.mark.slow
def test_markdown_escapes_a_bar_in_a_corpus_name(tmp_path: Path, tree: Path) -> None:
    text = _suite(tmp_path, "-f", "markdown", manifest=str(_names_with_bars(tmp_path, tree)))
    header, rule = text.split("\n")[:2]
    assert header.startswith("| System | x\\|y F | ")
    unescaped = re.split(r"(?<!\\)\|", header.strip("|"))
    assert len(unescaped) == rule.count("|") - 1


@pytest.mark.slow
def test_latex_groups_bold_marks_and_caption(tree: Path, tested: dict[str, Any]) -> None:
    text = _suite(
        tree, "-f", "latex", "--baseline", "mm", *TESTS, "--caption", r"Systems \& corpora"
    )
    assert text.startswith(f"% signature: {tested['signature']}\n")
    for group in (*CORPORA, "Mean", "Pooled"):
        assert f"\\multicolumn{{1}}{{c}}{{{group}}}" in text
    assert r"\cmidrule(lr){2-2} \cmidrule(lr){3-3}" in text
    assert "System & $F$ & $F$ & $F$ & $F$ \\\\" in text
    rows = {line.split(" & ")[0]: line for line in text.split("\n") if " & " in line}
    # On alpha (12 lines) good and mix beat mm, chars loses; on beta (2 lines) nothing is
    # significant.
    assert _system(tested, "mix")["results"]["alpha"]["baseline_test"]["verdict"] == "better"
    assert _system(tested, "chars")["results"]["alpha"]["baseline_test"]["verdict"] == "worse"
    assert rows["good"].startswith(r"good & \textbf{1.000$^\uparrow$} & \textbf{1.000} & ")
    assert rows["mix"].startswith(r"mix & \textbf{1.000$^\uparrow$} & 0.308 & ")
    chars_f = _system(tested, "chars")["results"]["alpha"]["metrics"]["f1"]
    assert rows["chars"].startswith(f"chars & {chars_f:.3f}$^\\downarrow$ & 0.308 & ")
    assert rows["mm"] == (
        f"mm & 0.636 & 0.667 & {(42 / 66 + 2 / 3) / 2:.3f} & {138 / 216:.3f} \\\\"
    )
    assert r"$\uparrow$/$\downarrow$: F significantly better/worse than mm's" in text
    assert "\\caption{Systems \\& corpora}\n\\label{tab:wsscore-suite}\n\\end{table}\n" in text


def test_latex_without_a_caption_has_no_label(tree: Path) -> None:
    text = _suite(tree, "-f", "latex")
    assert r"\caption" not in text and r"\label" not in text
    assert r"\begin{tabular}{lrrrr}" in text and text.endswith("\\end{table}\n")


def test_latex_heads_every_figure(tree: Path) -> None:
    # One map of headers for every LaTeX table: the suite's own once missed these (a KeyError).
    text = _suite(tree, "-f", "latex", "--metrics", "f,em,fsent,ftok,fc,fe,ft")
    assert r"$F$ & EM & $F_{\mathrm{sent}}$ & $F_{\mathrm{tok}}$ & $F_c$ & $F_e$ & $F_t$" in text


# --- CSV and TSV ----------------------------------------------------------------------------------


@pytest.mark.parametrize(("fmt", "delimiter"), [("csv", ","), ("tsv", "\t")])
def test_delimited_rows_hold_the_json_values(
    tree: Path, tested: dict[str, Any], fmt: str, delimiter: str
) -> None:
    text = _suite(tree, "-f", fmt, "--baseline", "mm", *TESTS)
    rows = list(csv.reader(io.StringIO(text), delimiter=delimiter))
    assert rows[0] == [
        "system",
        "corpus",
        "gold_words",
        "pred_words",
        "correct",
        *FIGURES,
        "p_value",
    ]
    expected_keys = [(s, c) for s in ORDER for c in [*CORPORA, "mean", "pooled"]]
    assert [(row[0], row[1]) for row in rows[1:]] == expected_keys
    for row in rows[1:]:
        system = _system(tested, row[0])
        if row[1] in CORPORA:
            result = system["results"][row[1]]
            counts, metrics = result["counts"], result["metrics"]
            assert row[2:5] == [str(counts[k]) for k in ("gold_words", "pred_words", "correct")]
            assert [float(v) for v in row[5:10]] == [metrics[k] for k in FIGURES]
            test = result.get("baseline_test")
            if test is None:
                assert row[10] == ""
            else:
                p_value = test["approximate_randomization"]["f1"]["p_value"]
                assert float(row[10]) == p_value
        else:
            figures = system["average" if row[1] == "mean" else "pooled"]
            assert row[2:5] == ["", "", ""] and row[10] == ""
            assert [float(v) for v in row[5:10]] == [figures[k] for k in FIGURES]


def test_csv_p_values_are_given_for_tested_cells_only(tree: Path) -> None:
    rows = list(csv.reader(io.StringIO(_suite(tree, "-f", "csv", "--baseline", "mm", *TESTS))))
    p_values = {(row[0], row[1]): row[10] for row in rows[1:] if row[1] in CORPORA}
    assert p_values[("mm", "alpha")] == "" and p_values[("mm", "beta")] == ""
    assert float(p_values[("good", "alpha")]) < 0.05
    assert float(p_values[("good", "beta")]) > 0.05


# --- missing outputs ------------------------------------------------------------------------------


def _with_partial(tree: Path, tmp_path: Path) -> Path:
    path = tmp_path / "partial.toml"
    text = MANIFEST.replace('"alpha/', f'"{tree}/alpha/').replace('"beta/', f'"{tree}/beta/')
    text = text.replace('"out/', f'"{tree}/out/')
    path.write_text(text + f'partial = "{tree}/out/partial/{{corpus}}.txt"\n', encoding="utf-8")
    (tmp_path / "out").mkdir()
    return path


def test_a_missing_output_is_an_error_that_names_it(tmp_path: Path, tree: Path) -> None:
    manifest = _with_partial(tree, tmp_path)
    message = _refused(tmp_path, manifest=str(manifest))
    assert "partial.toml" in message
    assert "no output file" in message and "out/partial/alpha.txt" in message
    assert "--allow-missing" in message


@pytest.mark.slow
def test_allow_missing_leaves_a_dash_and_a_footnote(
    tmp_path: Path, tree: Path, document: dict[str, Any]
) -> None:
    manifest = str(_with_partial(tree, tmp_path))
    text = _suite(tmp_path, "-f", "text", "--allow-missing", manifest=manifest)
    _, rows = _table_rows(text)
    assert [row[0] for row in rows] == [*ORDER, "partial"]
    assert rows[-1] == ["partial", "–", "–", "–", "–"]
    assert rows[0][1:] == ["1.000"] * 4
    assert "–: no output; averages are over complete rows only (partial has none)." in text
    data = json.loads(_suite(tmp_path, "-f", "json", "--allow-missing", manifest=manifest))
    partial = _system(data, "partial")
    assert partial["results"] == {"alpha": None, "beta": None}
    assert partial["complete"] is False
    assert set(FIGURES) <= set(partial["average"]) and partial["pooled"] is None
    assert all(value is None for value in partial["average"].values())
    assert data["systems"][:-1] == document["systems"]  # the other rows are unchanged


# --- errors ---------------------------------------------------------------------------------------


def test_an_unknown_baseline_is_refused(tree: Path) -> None:
    message = _refused(tree, "--baseline", "nope")
    assert "--baseline 'nope' is not a system of the manifest" in message
    assert "chars, mm, good, mix" in message


def test_a_syntax_error_names_the_manifest_line_and_column(tmp_path: Path) -> None:
    (tmp_path / "broken.toml").write_text('[corpora.a]\ngold = "g.txt"\n[systems\n')
    message = _refused(tmp_path, manifest="broken.toml")
    assert message.startswith("wsscore: error: broken.toml:3:9: TOML syntax error")


def test_match_diff_is_refused(tree: Path) -> None:
    assert "--match span" in _refused(tree, "--match", "diff")


@pytest.mark.parametrize(
    ("target", "role"),
    [
        ("out/mm/beta.txt", "the output of mm on beta"),
        ("alpha/gold.txt", "the gold of alpha"),
        ("beta/words.txt", "the dictionary of beta"),
        ("suite.toml", "the manifest"),
    ],
)
def test_an_output_onto_an_input_is_refused(tree: Path, target: str, role: str) -> None:
    before = (tree / target).read_bytes()
    message = _refused(tree, "-f", "json", "-o", target)
    assert f"-o {target} is the same file as {role}" in message
    assert (tree / target).read_bytes() == before


def test_o_writes_what_standard_output_shows(tree: Path, tmp_path: Path) -> None:
    written = tmp_path / "table.md"
    done = _run("suite", "suite.toml", "-f", "markdown", "-o", written, cwd=tree)
    assert done.returncode == 0 and done.stdout == b""
    assert written.read_text(encoding="utf-8") == _suite(tree, "-f", "markdown")


def test_standard_output_appended_to_an_input_is_refused(tmp_path: Path, tree: Path) -> None:
    target = tmp_path / "beta.txt"
    target.write_bytes((tree / "out" / "mm" / "beta.txt").read_bytes())
    manifest = tmp_path / "one.toml"
    manifest.write_text(
        f'[corpora.beta]\ngold = "{tree}/beta/gold.txt"\n[systems]\nmm = "beta.txt"\n',
        encoding="utf-8",
    )
    done = _run_into(target, "suite", manifest, "-f", "text", cwd=tmp_path)
    assert target.read_bytes() == (tree / "out" / "mm" / "beta.txt").read_bytes()
    assert done.returncode == 2


def test_a_file_named_like_the_baseline_system_is_no_input(tree: Path, tmp_path: Path) -> None:
    suite = tree / "suite.toml"
    done = _run_into(tmp_path / "good", "suite", suite, "--baseline", "good", *TESTS, cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode()
    assert (tmp_path / "good").read_text(encoding="utf-8").startswith("System")


# --- warnings -------------------------------------------------------------------------------------


def test_a_corpus_warning_is_printed_with_its_name(tmp_path: Path, tree: Path) -> None:
    typo = GOLD_LINES * 3
    typo[1] = typo[1].replace("北京", "北惊")  # one character differs, on one line of twelve
    _write(tmp_path / "typo.txt", typo)
    manifest = tmp_path / "typo.toml"
    manifest.write_text(
        f'[corpora.alpha]\ngold = "{tree}/alpha/gold.txt"\n[systems]\ntypo = "typo.txt"\n',
        encoding="utf-8",
    )
    done = _run("suite", manifest, "-f", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr.decode()
    printed = messages_of(done.stderr.decode("utf-8"))
    assert printed and all(line.startswith("wsscore: warning: alpha: ") for line in printed)
    data = json.loads(done.stdout)
    assert data["warnings"] == [line.removeprefix("wsscore: warning: ") for line in printed]
    assert data["systems"][0]["results"]["alpha"]["counts"]["misaligned_chars"] == 1
