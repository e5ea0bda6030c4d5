"""`run_suite`: every cell is `score` on its pair; means, pooled figures, order, baseline tests."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURE_COUNTS, FIXTURES

from wsscore import InputOptions, compare, score
from wsscore.cli.app import cli
from wsscore.errors import InvalidArgument, Warnings, WsscoreError
from wsscore.inputs.manifest import load_manifest
from wsscore.results import SystemResult
from wsscore.scoring.suite import ALPHA, Suite, SuiteSettings, run_suite

GOLD_LINES = (FIXTURES / "gold.txt").read_text(encoding="utf-8").splitlines()
PRED_LINES = (FIXTURES / "pred.txt").read_text(encoding="utf-8").splitlines()
REPEAT = 3  # alpha is the fixture three times: 12 lines, enough for a significant test

# beta, by hand. Gold: 我们 在 北京 大学 读书 | 今天 天气 很 好 。 (10 words); its word list lacks
# 读书, the one OOV word.
BETA_GOLD = ["我们 在 北京 大学 读书", "今天 天气 很 好 。"]
BETA_WORDS = ["我们", "在", "北京", "大学", "今天", "天气", "很", "好", "。"]
# mm: 我们 在 北京大学 读书 | 今天 天气 很好 。 (8 words); correct: 我们 在 读书 今天 天气 。 (6),
# of which the OOV 读书 (1/1) and five of the nine IV words.
BETA_MM = ["我们 在 北京大学 读书", "今天 天气 很好 。"]
BETA_MM_COUNTS = {"gold_words": 10, "pred_words": 8, "correct": 6, "oov_correct": 1}
BETA_MM_METRICS = {"R": 6 / 10, "P": 6 / 8, "F": 12 / 18, "R_oov": 1.0, "R_iv": 5 / 9}
# chars: one word per character, 16 words; correct: 在 很 好 。 (4, all IV):
# R = 4/10, P = 4/16, F = 2·0.4·0.25 / 0.65 = 4/13.
BETA_CHARS_METRICS = {"R": 4 / 10, "P": 4 / 16, "F": 4 / 13, "R_oov": 0.0, "R_iv": 4 / 9}

SAMPLES, TRIALS, SEED = 200, 500, 7
MANIFEST_ORDER = ["chars", "mm", "good"]  # the worst first: sorting has something to do


def _chars(lines: list[str]) -> list[str]:
    return [" ".join("".join(line.split())) for line in lines]


def _write(path: Path, lines: list[str], encoding: str = "utf-8") -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(("\n".join(lines) + "\n").encode(encoding))
    return path


def _toml(path: Path) -> str:
    return json.dumps(str(path))  # a TOML basic string (paths outside the manifest's directory)


def _manifest(tmp_path: Path, text: str, name: str = "suite.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Three corpora (alpha: the fixture ×3; beta: hand-computed; gamma: the GBK fixture) and
    three systems (chars, mm, good) with an output on each, plus a manifest of them."""
    root = tmp_path_factory.mktemp("suite")
    alpha_gold = GOLD_LINES * REPEAT
    _write(root / "alpha" / "gold.txt", alpha_gold)
    _write(root / "out" / "mm" / "alpha.txt", PRED_LINES * REPEAT)
    _write(root / "out" / "good" / "alpha.txt", alpha_gold)
    _write(root / "out" / "chars" / "alpha.txt", _chars(alpha_gold))
    _write(root / "beta" / "gold.txt", BETA_GOLD)
    _write(root / "beta" / "words.txt", BETA_WORDS)
    _write(root / "out" / "mm" / "beta.txt", BETA_MM)
    _write(root / "out" / "good" / "beta.txt", BETA_GOLD)
    _write(root / "out" / "chars" / "beta.txt", _chars(BETA_GOLD))
    gbk = FIXTURES / "gbk"
    (root / "out" / "mm" / "gamma.txt").write_bytes((gbk / "pred.txt").read_bytes())
    (root / "out" / "good" / "gamma.txt").write_bytes((gbk / "gold.txt").read_bytes())
    _write(root / "out" / "chars" / "gamma.txt", _chars(GOLD_LINES), encoding="gbk")
    _manifest(
        root,
        f"""
[corpora.alpha]
gold = "alpha/gold.txt"
dict = {_toml(FIXTURES / "words.txt")}

[corpora.beta]
gold = "beta/gold.txt"
dictionary = "beta/words.txt"

[corpora.gamma]
gold = {_toml(gbk / "gold.txt")}
dict = {_toml(gbk / "words.txt")}
encoding = "gbk"

[systems]
chars = "out/chars/{{corpus}}.txt"
mm = "out/mm/{{corpus}}.txt"
good = {{ alpha = "out/good/alpha.txt", beta = "out/good/beta.txt", gamma = "out/good/gamma.txt" }}
""",
    )
    return root


@pytest.fixture(scope="module")
def suite(tree: Path) -> Suite:
    return run_suite(load_manifest(tree / "suite.toml"))


@pytest.fixture(scope="module")
def tested(tree: Path) -> Suite:
    """The same suite with mm as the baseline."""
    settings = SuiteSettings(baseline="mm", samples=SAMPLES, trials=TRIALS, seed=SEED)
    return run_suite(load_manifest(tree / "suite.toml"), settings=settings)


def _pair(tree: Path, corpus: str, system: str) -> tuple[Path, Path, InputOptions]:
    """The gold, the output and the reading options of one cell, as `score` is given them."""
    if corpus == "gamma":
        gbk = FIXTURES / "gbk"
        inputs = InputOptions(dictionary=str(gbk / "words.txt"), encoding="gbk")
        return gbk / "gold.txt", tree / "out" / system / "gamma.txt", inputs
    words = FIXTURES / "words.txt" if corpus == "alpha" else tree / "beta" / "words.txt"
    gold = tree / corpus / "gold.txt"
    return gold, tree / "out" / system / f"{corpus}.txt", InputOptions(dictionary=str(words))


def _figures(result: SystemResult) -> dict[str, object]:
    data = result.as_dict()
    del data["name"], data["path"]
    return data


def _result(suite: Suite, system: str, corpus: str) -> SystemResult:
    row = next(row for row in suite.rows if row.name == system)
    result = row.cells[corpus].result
    assert result is not None
    return result


# --- cells ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("corpus", ["alpha", "beta", "gamma"])
@pytest.mark.parametrize("system", MANIFEST_ORDER)
def test_each_cell_is_what_score_gives_on_its_pair(
    suite: Suite, tree: Path, corpus: str, system: str
) -> None:
    gold, output, inputs = _pair(tree, corpus, system)
    alone = score(gold, [output], inputs=inputs, names=[system]).systems[0]
    cell = _result(suite, system, corpus)
    assert cell.name == system
    assert cell.path == str(output)
    assert _figures(cell) == _figures(alone)
    assert cell.counts == alone.counts


def test_the_hand_computed_counts(suite: Suite) -> None:
    mm = _result(suite, "mm", "beta").counts
    for key, value in BETA_MM_COUNTS.items():
        assert getattr(mm, key) == value, key
    assert mm.oov_words == 1
    chars = _result(suite, "chars", "beta").counts
    assert (chars.gold_words, chars.pred_words, chars.correct) == (10, 16, 4)


@pytest.mark.parametrize(
    ("system", "expected"), [("mm", BETA_MM_METRICS), ("chars", BETA_CHARS_METRICS)]
)
def test_the_hand_computed_metrics(suite: Suite, system: str, expected: dict[str, float]) -> None:
    metrics = _result(suite, system, "beta").metrics
    assert metrics.recall == pytest.approx(expected["R"])
    assert metrics.precision == pytest.approx(expected["P"])
    assert metrics.f == pytest.approx(expected["F"])
    assert metrics.oov_recall == pytest.approx(expected["R_oov"])
    assert metrics.iv_recall == pytest.approx(expected["R_iv"])


def test_the_gbk_corpus_is_read_in_gbk_with_the_fixture_counts(suite: Suite) -> None:
    mm = _result(suite, "mm", "gamma")
    assert mm.encoding == "gbk"
    assert mm.counts.as_dict().items() >= FIXTURE_COUNTS.items()
    alpha = _result(suite, "mm", "alpha").counts
    assert alpha.gold_words == REPEAT * FIXTURE_COUNTS["gold_words"]
    assert alpha.correct == REPEAT * FIXTURE_COUNTS["correct"]


# --- averages and order --------------------------------------------------------------------------


@pytest.mark.parametrize("system", MANIFEST_ORDER)
def test_the_mean_is_the_average_of_the_corpora_figures(suite: Suite, system: str) -> None:
    row = next(row for row in suite.rows if row.name == system)
    metrics = [_result(suite, system, corpus).metrics for corpus in ("alpha", "beta", "gamma")]
    names = {
        "f1": "f",
        "recall": "recall",
        "precision": "precision",
        "oov_recall": "oov_recall",
        "iv_recall": "iv_recall",
    }
    assert set(row.average.mean) >= set(names)
    for key, attribute in names.items():
        values = [getattr(m, attribute) for m in metrics]
        assert row.average.mean[key] == pytest.approx(sum(values) / 3, abs=1e-12), key


def test_the_mean_f_of_mm_by_hand(suite: Suite) -> None:
    row = next(row for row in suite.rows if row.name == "mm")
    # alpha and gamma are the fixture (F = 42/66), beta is 12/18.
    assert row.average.mean["f1"] == pytest.approx((42 / 66 + 12 / 18 + 42 / 66) / 3)


@pytest.mark.parametrize("system", MANIFEST_ORDER)
def test_the_pooled_figures_come_from_the_summed_counts(suite: Suite, system: str) -> None:
    row = next(row for row in suite.rows if row.name == system)
    counts = [_result(suite, system, corpus).counts for corpus in ("alpha", "beta", "gamma")]
    gold = sum(c.gold_words for c in counts)
    pred = sum(c.pred_words for c in counts)
    correct = sum(c.correct for c in counts)
    oov = sum(c.oov_words for c in counts)
    oov_correct = sum(c.oov_correct for c in counts)
    recall, precision = correct / gold, correct / pred
    pooled = row.average.pooled
    assert pooled is not None
    assert pooled.recall == pytest.approx(recall, abs=1e-12)
    assert pooled.precision == pytest.approx(precision, abs=1e-12)
    assert pooled.f == pytest.approx(2 * precision * recall / (precision + recall), abs=1e-12)
    assert pooled.oov_recall == pytest.approx(oov_correct / oov, abs=1e-12)
    assert pooled.iv_recall == pytest.approx((correct - oov_correct) / (gold - oov), abs=1e-12)


def test_the_pooled_f_of_mm_by_hand(suite: Suite) -> None:
    pooled = next(row for row in suite.rows if row.name == "mm").average.pooled
    assert pooled is not None
    # 4 × the fixture (36 gold, 30 predicted, 21 correct) plus beta (10, 8, 6).
    assert pooled.recall == pytest.approx(90 / 154)
    assert pooled.precision == pytest.approx(90 / 128)
    assert pooled.f == pytest.approx(180 / 282)


def test_rows_are_sorted_by_mean_f(suite: Suite) -> None:
    assert [row.name for row in suite.rows] == ["good", "mm", "chars"]
    means = [row.average.mean["f1"] for row in suite.rows]
    assert means == sorted(means, reverse=True)  # type: ignore[type-var]
    assert means[0] == 1.0
    assert suite.corpora == ["alpha", "beta", "gamma"]
    assert suite.incomplete == []


def test_incomplete_rows_come_last_without_averages(tree: Path) -> None:
    # partial has the gold on alpha (F = 1, better than everyone) but nothing on beta or gamma;
    # absent's files do not exist at all; late's file for beta does not exist.
    path = _manifest(
        tree,
        (tree / "suite.toml").read_text(encoding="utf-8")
        + 'partial = { alpha = "out/good/alpha.txt" }\n'
        + 'absent = "out/absent/{corpus}.txt"\n'
        + 'late = { alpha = "out/mm/alpha.txt", beta = "no.txt", gamma = "out/mm/gamma.txt" }\n',
        "missing.toml",
    )
    with pytest.raises(WsscoreError, match="allow-missing"):
        load_manifest(path)
    suite = run_suite(load_manifest(path, allow_missing=True))
    assert [row.name for row in suite.rows] == ["good", "mm", "chars", "partial", "absent", "late"]
    assert suite.incomplete == ["partial", "absent", "late"]
    for row in suite.rows[3:]:
        assert not row.complete
        assert set(row.average.mean) >= {"f1", "recall", "precision", "oov_recall", "iv_recall"}
        assert all(value is None for value in row.average.mean.values())
        assert row.average.pooled is None
    partial = suite.rows[3]
    assert partial.cells["beta"].result is None and partial.cells["gamma"].result is None
    alpha = partial.cells["alpha"].result
    assert alpha is not None and alpha.metrics.f == 1.0
    assert all(cell.result is None for cell in suite.rows[4].cells.values())
    document = suite.as_dict()
    absent = document["systems"][4]  # type: ignore[index]
    assert absent["results"] == {"alpha": None, "beta": None, "gamma": None}
    assert absent["complete"] is False and absent["pooled"] is None


# --- the baseline --------------------------------------------------------------------------------


@pytest.mark.parametrize("corpus", ["alpha", "beta", "gamma"])
@pytest.mark.parametrize("system", ["chars", "good"])
def test_baseline_tests_are_those_of_compare(
    tested: Suite, tree: Path, corpus: str, system: str
) -> None:
    gold, output, inputs = _pair(tree, corpus, system)
    _, baseline, _ = _pair(tree, corpus, "mm")
    expected = compare(
        gold, baseline, [output], inputs=inputs, samples=SAMPLES, trials=TRIALS, seed=SEED
    ).systems[0]
    row = next(row for row in tested.rows if row.name == system)
    test = row.cells[corpus].test
    assert test is not None
    assert test.tests_dict() == expected.tests_dict()
    assert test.randomization_f.p_value == expected.randomization_f.p_value


def test_the_baseline_has_no_test_and_no_verdict(tested: Suite) -> None:
    mm = next(row for row in tested.rows if row.name == "mm")
    assert all(cell.test is None and cell.verdict == 0 for cell in mm.cells.values())


def test_verdicts_follow_the_p_value_and_the_sign(tested: Suite) -> None:
    seen = set()
    for row in tested.rows:
        for cell in row.cells.values():
            if cell.test is None:
                continue
            test = cell.test.randomization_f
            assert test.p_value is not None and test.difference is not None
            expected = 0
            if test.p_value < ALPHA:
                expected = 1 if test.difference > 0 else -1
            assert cell.verdict == expected
            seen.add(cell.verdict)
    assert seen == {1, -1, 0}  # each case shows up


def test_on_twelve_lines_good_is_better_and_chars_worse(tested: Suite) -> None:
    cells = {row.name: row.cells for row in tested.rows}
    assert cells["good"]["alpha"].verdict == 1
    assert cells["chars"]["alpha"].verdict == -1
    # Two lines: no randomization test can reach 0.05 (at best 2/4 of the swaps tie).
    assert cells["good"]["beta"].verdict == 0
    assert cells["chars"]["beta"].verdict == 0


def test_the_json_names_the_verdict_and_the_p_values(tested: Suite) -> None:
    document = tested.as_dict()
    good = next(s for s in document["systems"] if s["name"] == "good")  # type: ignore[union-attr]
    alpha = good["results"]["alpha"]
    assert alpha["baseline_test"]["baseline"] == "mm"
    assert alpha["baseline_test"]["verdict"] == "better"
    p_value = alpha["baseline_test"]["approximate_randomization"]["f1"]["p_value"]
    assert (
        p_value
        == next(r for r in tested.rows if r.name == "good")
        .cells["alpha"]
        .test.randomization_f.p_value
    )  # type: ignore[union-attr]
    assert document["options"] == {"ci": "bakeoff", "beta": 1.0, "baseline": "mm", "alpha": ALPHA}
    assert "|baseline:mm" in tested.signature and f"|trials:{TRIALS}" in tested.signature


def test_an_unknown_baseline_is_refused(tree: Path) -> None:
    with pytest.raises(InvalidArgument, match="'nope' is not a system"):
        run_suite(load_manifest(tree / "suite.toml"), settings=SuiteSettings(baseline="nope"))


# --- processes -----------------------------------------------------------------------------------


def test_two_jobs_give_the_same_document_as_one(tree: Path, tested: Suite) -> None:
    settings = SuiteSettings(baseline="mm", samples=SAMPLES, trials=TRIALS, seed=SEED)
    seen: list[str] = []
    parallel = run_suite(
        load_manifest(tree / "suite.toml"),
        settings=settings,
        jobs=2,
        on_corpus=lambda run: seen.append(run.name),
    )
    assert parallel.as_dict() == tested.as_dict()
    assert sorted(seen) == ["alpha", "beta", "gamma"]


# --- per-corpus settings and warnings ------------------------------------------------------------

# People's Daily: a paragraph id first, word/TAG tokens. Gold 6 + 5 words once the ids are dropped.
PD_GOLD = [
    "19980101-01-001-001/m  迈向/v  充满/v  希望/n  的/u  新/a  世纪/n",
    "19980101-01-001-002/m  中国/ns  人民/n  的/u  新年/t  讲话/n",
]
# 新世纪 joins two words; 讲话 has the wrong tag: 9 of 11 words right, 8 with their tags.
PD_PRED = [
    "19980101-01-001-001/m  迈向/v  充满/v  希望/n  的/u  新世纪/n",
    "19980101-01-001-002/m  中国/ns  人民/n  的/u  新年/t  讲话/v",
]


def test_per_corpus_encoding_and_format_are_honoured(tmp_path: Path) -> None:
    gbk = FIXTURES / "gbk"
    _write(tmp_path / "pd" / "gold.txt", PD_GOLD)
    _write(tmp_path / "pd" / "pred.txt", PD_PRED)
    path = _manifest(
        tmp_path,
        f"""
[defaults]
encoding = "utf-8"

[corpora.gbk]
gold = {_toml(gbk / "gold.txt")}
dict = {_toml(gbk / "words.txt")}
encoding = "gbk"

[corpora.pd]
gold = "pd/gold.txt"
format = "tagged"
drop_first_token = true
tags = true

[systems]
mm = {{ gbk = {_toml(gbk / "pred.txt")}, pd = "pd/pred.txt" }}
""",
    )
    # The command line's UTF-8 is overridden by the corpus's GBK.
    suite = run_suite(load_manifest(path), InputOptions(encoding="utf-8"))
    on_gbk = score(
        gbk / "gold.txt",
        [gbk / "pred.txt"],
        inputs=InputOptions(dictionary=str(gbk / "words.txt"), encoding="gbk"),
        names=["mm"],
    ).systems[0]
    pd_inputs = InputOptions(encoding="utf-8", input_format="tagged", drop_first_token=True)
    on_pd = score(
        tmp_path / "pd" / "gold.txt",
        [tmp_path / "pd" / "pred.txt"],
        inputs=pd_inputs,
        names=["mm"],
        tags=True,
    ).systems[0]
    assert _figures(_result(suite, "mm", "gbk")) == _figures(on_gbk)
    assert _figures(_result(suite, "mm", "pd")) == _figures(on_pd)
    pd = _result(suite, "mm", "pd")
    assert pd.format == "tagged"
    assert (pd.counts.gold_words, pd.counts.pred_words, pd.counts.correct) == (11, 10, 9)
    assert pd.tags is not None  # tags = true scored them
    assert "tags" in pd.as_dict()
    assert _result(suite, "mm", "gbk").counts.as_dict().items() >= FIXTURE_COUNTS.items()


def test_a_corpus_warning_comes_back_with_its_name(tmp_path: Path) -> None:
    gold = GOLD_LINES * REPEAT
    typo = list(gold)
    typo[1] = typo[1].replace("北京", "北惊")  # one character of twelve lines differs
    _write(tmp_path / "typo" / "gold.txt", gold)
    _write(tmp_path / "typo" / "sys.txt", typo)
    _write(tmp_path / "clean" / "gold.txt", BETA_GOLD)
    _write(tmp_path / "clean" / "sys.txt", BETA_MM)
    path = _manifest(
        tmp_path,
        """
[corpora.clean]
gold = "clean/gold.txt"
[corpora.typo]
gold = "typo/gold.txt"
[systems]
sys = "{corpus}/sys.txt"
""",
    )
    collector = Warnings(quiet=True)
    suite = run_suite(load_manifest(path), InputOptions(warnings=collector))
    alone = score(tmp_path / "typo" / "gold.txt", [tmp_path / "typo" / "sys.txt"], names=["sys"])
    assert alone.warnings  # the differing character is warned about
    assert suite.warnings == [f"typo: {message}" for message in alone.warnings]
    assert collector.messages == suite.warnings
    assert suite.as_dict()["warnings"] == suite.warnings
    counts = _result(suite, "sys", "typo").counts
    assert (counts.misaligned_chars, counts.misaligned_lines) == (1, 1)
    assert _figures(_result(suite, "sys", "typo")) == _figures(alone.systems[0])


def test_the_signature_and_the_corpora_of_the_json(suite: Suite, tree: Path) -> None:
    document = suite.as_dict()
    assert list(document) == ["version", "signature", "corpora", "systems", "options", "warnings"]
    assert document["signature"].endswith("|suite:3|match:span|ci:bakeoff")  # type: ignore[union-attr]
    corpora = document["corpora"]
    assert [c["name"] for c in corpora] == ["alpha", "beta", "gamma"]  # type: ignore[union-attr, index]
    gamma = corpora[2]  # type: ignore[index]
    assert gamma["gold"]["encoding"] == "gbk"
    assert gamma["dictionary"]["entries"] == 30
    gold, output, inputs = _pair(tree, "beta", "mm")
    assert corpora[1]["signature"] == score(gold, [output], inputs=inputs).signature  # type: ignore[index]


def test_equal_means_keep_the_manifest_order(tree: Path) -> None:
    path = _manifest(
        tree,
        """
[corpora.beta]
gold = "beta/gold.txt"
[systems]
second = "out/mm/{corpus}.txt"
first = "out/mm/{corpus}.txt"
best = "out/good/{corpus}.txt"
""",
        "ties.toml",
    )
    suite = run_suite(load_manifest(path))
    assert [row.name for row in suite.rows] == ["best", "second", "first"]


def test_without_a_word_list_somewhere_oov_averages_are_undefined(tree: Path) -> None:
    path = _manifest(
        tree,
        """
[corpora.alpha]
gold = "alpha/gold.txt"
dict = "beta/words.txt"
[corpora.beta]
gold = "beta/gold.txt"
[systems]
mm = "out/mm/{corpus}.txt"
""",
        "nodict.toml",
    )
    (row,) = run_suite(load_manifest(path)).rows
    assert row.cells["alpha"].result.metrics.oov_recall is not None  # type: ignore[union-attr]
    assert row.cells["beta"].result.metrics.oov_recall is None  # type: ignore[union-attr]
    assert row.average.mean["oov_recall"] is None and row.average.mean["iv_recall"] is None
    assert row.average.pooled is not None
    assert row.average.pooled.oov_recall is None
    assert row.average.pooled.recall == pytest.approx((63 + 6) / (108 + 10))


def test_the_figures_of_extra_average_and_pool(tree: Path) -> None:
    # em, fc, fe, ft (docs/metrics.md §5.8–5.11): each corpus scored with --extra; the mean of
    # the corpora's figures; pooled from the summed counts, except the types (they do not add).
    extra = run_suite(load_manifest(tree / "suite.toml"), settings=SuiteSettings(extra=True))
    row = next(row for row in extra.rows if row.name == "mm")
    results = [row.cells[corpus].result for corpus in ("alpha", "beta", "gamma")]
    assert all(result is not None and result.extra is not None for result in results)
    figures = [result.extra_metrics for result in results]  # type: ignore[union-attr]
    for key in ("exact_match", "char_f1", "edge_boundary_f1", "type_f1"):
        values = [getattr(found, key) for found in figures]
        assert row.average.mean[key] == pytest.approx(sum(values) / 3), key
    totals = [result.extra for result in results]  # type: ignore[union-attr]
    tp, fp, fn = (sum(getattr(t, f"char_{k}") for t in totals) for k in ("tp", "fp", "fn"))
    pooled = row.average.pooled_extra
    assert pooled is not None
    assert pooled.char_f1 == pytest.approx(2 * tp / (2 * tp + fp + fn))
    exact = sum(t.exact_sentences for t in totals)
    assert pooled.exact_match == pytest.approx(exact / sum(t.sentences for t in totals))
    assert pooled.type_f1 is None
    document = extra.as_dict()["systems"]
    mm = next(system for system in document if system["name"] == "mm")
    assert mm["average"]["type_f1"] == row.average.mean["type_f1"]
    assert mm["pooled"]["type_f1"] is None
    assert mm["pooled"]["char_f1"] == pooled.char_f1
    # Without them the document keeps its keys.
    plain = run_suite(load_manifest(tree / "suite.toml")).as_dict()["systems"][0]
    assert "type_f1" not in plain["average"] and "char_f1" not in plain["pooled"]


def test_the_extra_metrics_on_the_command_line(tree: Path) -> None:
    result = CliRunner().invoke(
        cli, ["suite", str(tree / "suite.toml"), "--metrics", "f,em,fc,fe,ft", "-f", "text"]
    )
    assert result.exit_code == 0, result.output
    header, _, good, mm = result.output.splitlines()[:4]
    assert header.split()[:6] == ["System", "alpha", "F", "alpha", "EM", "alpha"]
    assert header.split()[-2:] == ["Pooled", "F_t"]
    assert good.split()[1:6] == ["1.000"] * 5
    assert good.split()[-1] == "—"  # no pooled type F: distinct words do not add up
    # mm on alpha (the fixture ×3): no exact sentence; F_t = 2·19/(33 + 28), docs/metrics.md §5.11.
    assert mm.split()[1:6] == ["0.636", "0.000", "0.848", "0.865", f"{38 / 61:.3f}"]
