"""Difficulty-weighted scores (Qian, Qiu & Huang 2016) on a committee small enough to compute by
hand, the difficulty file, and the command line."""

from __future__ import annotations

import json
import os
from fractions import Fraction as Fr

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from wsscore import score
from wsscore.cli.app import cli
from wsscore.cli.group import spread_multi_values
from wsscore.metrics.difficulty import decile_of

# Six gold words on two lines; three committee members.
GOLD = ["ab cd e", "fg h ij"]
MEMBERS = [
    ["ab cd e", "fg h ij"],  # all right
    ["a b cd e", "fgh ij"],  # wrong: ab, fg, h
    ["abcd e", "fg h i j"],  # wrong: ab, cd, ij
]
# d = share of members wrong: ab 2/3, cd 1/3, e 0, fg 1/3, h 1/3, ij 1/3.
SYSTEM = ["ab c d e", "fgh i j"]  # right: ab, e
# Recall: Σd = 2, Σd·m = 2/3 (ab) → r_reward 1/3; Σ(1−d) = 4, Σ(1−d)·m = 1/3 + 1 → r_punish 1/3.
# Predicted words and d' (the gold word holding their last character): ab 2/3 (right), c 1/3,
# d 1/3, e 0 (right), fgh 1/3 (h), i 1/3, j 1/3. Σd' = 7/3, Σd'·m' = 2/3 → p_reward 2/7;
# Σ(1−d') = 14/3, Σ(1−d')·m' = 4/3 → p_punish 2/7.
R_REWARD, R_PUNISH = Fr(1, 3), Fr(1, 3)
P_REWARD, P_PUNISH = Fr(2, 7), Fr(2, 7)


def harmonic(a: Fr, b: Fr) -> Fr:
    return 2 * a * b / (a + b)


def test_hand_computed_committee():
    system = score(GOLD, [SYSTEM], committee=MEMBERS, ci="none").systems[0]
    m = system.weighted_metrics
    assert m.r_reward == pytest.approx(float(R_REWARD))
    assert m.r_punish == pytest.approx(float(R_PUNISH))
    assert m.r_b == pytest.approx(float(harmonic(R_REWARD, R_PUNISH)))
    assert m.p_reward == pytest.approx(float(P_REWARD))
    assert m.p_punish == pytest.approx(float(P_PUNISH))
    assert m.p_b == pytest.approx(float(harmonic(P_REWARD, P_PUNISH)))
    r_b, p_b = harmonic(R_REWARD, R_PUNISH), harmonic(P_REWARD, P_PUNISH)
    assert m.f_b == pytest.approx(float(harmonic(r_b, p_b)))  # 4/13
    assert m.f_b == pytest.approx(4 / 13)
    # Deciles: e (d = 0, right) in [0, 0.1); cd, fg, h, ij (1/3, all wrong) in [0.3, 0.4);
    # ab (2/3, right) in [0.6, 0.7).
    assert system.weighted.decile_words == (1, 0, 0, 4, 0, 0, 1, 0, 0, 0)
    assert system.weighted.decile_correct == (1, 0, 0, 0, 0, 0, 1, 0, 0, 0)


def test_a_member_scored_as_a_system_judges_too():
    # The committee's first member is also scored: perfect, and hard words count for it.
    report = score(GOLD, [MEMBERS[0], SYSTEM], committee=MEMBERS, ci="none", sort="none")
    perfect = report.systems[0].weighted_metrics
    assert perfect.r_reward == perfect.r_punish == perfect.p_reward == perfect.p_punish == 1.0
    assert report.systems[1].weighted_metrics.f_b == pytest.approx(4 / 13)


def test_line_breaks_of_members_do_not_matter():
    joined = [["ab cd e fg h ij"], ["a b cd", "e fgh ij"], MEMBERS[2]]
    system = score(GOLD, [["ab c d e fgh", "i j"]], committee=joined, ci="none").systems[0]
    assert system.weighted_metrics.f_b == pytest.approx(4 / 13)
    assert system.weighted_metrics.p_reward == pytest.approx(float(P_REWARD))


@pytest.mark.parametrize(
    ("difficulty", "decile"),
    [(0.0, 0), (0.1, 1), (0.3, 3), (3 / 10, 3), (0.7, 7), (0.99, 9), (1.0, 9), (2 / 3, 6)],
)
def test_deciles(difficulty, decile):
    assert decile_of(difficulty) == decile


def test_undefined_ratios_are_null():
    # Every member right: every word has difficulty 0, so the reward ratios are undefined.
    system = score(GOLD, [SYSTEM], committee=[GOLD, GOLD], ci="none").systems[0]
    assert system.weighted_metrics.r_reward is None
    assert system.weighted_metrics.p_reward is None
    assert system.weighted_metrics.r_b is None
    assert system.weighted_metrics.f_b is None
    assert system.as_dict()["metrics"]["f_b"] is None


# --- files and the command line -----------------------------------------------------------------


@pytest.fixture
def files(tmp_path):
    def write(name: str, lines: list[str]) -> str:
        path = tmp_path / name
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return str(path)

    gold = write("gold.txt", GOLD)
    members = [write(f"member{i}.txt", lines) for i, lines in enumerate(MEMBERS)]
    system = write("system.txt", SYSTEM)
    return tmp_path, gold, members, system


def test_difficulty_command_writes_the_table(files):
    tmp_path, gold, members, _ = files
    out = tmp_path / "difficulty.tsv"
    result = CliRunner().invoke(cli, ["difficulty", gold, *members, "-o", str(out)])
    assert result.exit_code == 0, result.output
    rows = out.read_text(encoding="utf-8").splitlines()
    assert rows[0] == "line\tstart\tend\tword\tdifficulty"
    parsed = [row.split("\t") for row in rows[1:]]
    assert [(r[0], r[1], r[2], r[3]) for r in parsed] == [
        ("1", "0", "2", "ab"),
        ("1", "2", "4", "cd"),
        ("1", "4", "5", "e"),
        ("2", "0", "2", "fg"),
        ("2", "2", "3", "h"),
        ("2", "3", "5", "ij"),
    ]
    assert [Fr(r[4]).limit_denominator(10) for r in parsed] == [
        Fr(2, 3),
        Fr(1, 3),
        0,
        Fr(1, 3),
        Fr(1, 3),
        Fr(1, 3),
    ]


def test_difficulty_file_gives_the_committees_scores(files):
    tmp_path, gold, members, system = files
    out = str(tmp_path / "difficulty.tsv")
    runner = CliRunner()
    assert runner.invoke(cli, ["difficulty", gold, *members, "-o", out]).exit_code == 0
    by_file = json.loads(
        runner.invoke(cli, ["score", gold, system, "--difficulty", out, "-f", "json"]).output
    )
    by_committee = json.loads(
        runner.invoke(cli, ["score", gold, system, "--committee", *members, "-f", "json"]).output
    )
    for key in ("r_reward", "r_punish", "r_b", "p_reward", "p_punish", "p_b", "f_b"):
        assert by_file["systems"][0]["metrics"][key] == pytest.approx(
            by_committee["systems"][0]["metrics"][key]
        )
    assert by_committee["systems"][0]["metrics"]["f_b"] == pytest.approx(4 / 13)
    deciles = by_committee["systems"][0]["difficulty_deciles"]
    assert [d["gold_words"] for d in deciles] == [1, 0, 0, 4, 0, 0, 1, 0, 0, 0]
    assert deciles[3] == {"low": 0.3, "high": 0.4, "gold_words": 4, "correct": 0, "accuracy": 0.0}
    assert deciles[1]["accuracy"] is None
    assert by_committee["signature"].endswith("|difficulty:committee-3")
    assert by_file["signature"].endswith("|difficulty:file")


def test_committee_takes_every_file_after_it_and_globs(files):
    tmp_path, gold, members, system = files
    runner = CliRunner()
    listed = runner.invoke(
        cli, ["score", gold, system, "--committee", *members, "-f", "json", "-q"]
    )
    pattern = os.path.join(str(tmp_path), "member*.txt")
    globbed = runner.invoke(cli, ["score", gold, system, "--committee", pattern, "-f", "json"])
    assert listed.exit_code == globbed.exit_code == 0
    assert json.loads(globbed.output)["systems"][0]["metrics"]["f_b"] == pytest.approx(4 / 13)
    text = runner.invoke(cli, ["score", gold, system, "--committee", *members, "-f", "text"]).output
    assert "Accuracy by difficulty" in text
    row = next(line for line in text.splitlines() if line.startswith("system.txt") and "(" in line)
    assert row.split()[1:] == [
        "1.000",
        "(1)",
        "—",
        "—",
        "0.000",
        "(4)",
        "—",
        "—",
        "1.000",
        "(1)",
        "—",
        "—",
        "—",
    ]


def test_spread_multi_values():
    assert spread_multi_values(["score", "g", "s", "--committee", "a", "b", "-f", "json"]) == [
        "score",
        "g",
        "s",
        "--committee",
        "a",
        "--committee",
        "b",
        "-f",
        "json",
    ]
    assert spread_multi_values(["--committee", "a", "--", "b"]) == ["--committee", "a", "--", "b"]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--committee", "MEMBER0"], "a committee needs at least 2 members"),
        (["--committee", "/nonexistent/*.txt"], "no file matches the --committee pattern"),
        (["--committee", "MEMBER0", "MEMBER1", "--difficulty", "GOLD"], "not both"),
    ],
)
def test_committee_errors(files, args, message):
    _, gold, members, system = files
    args = [a.replace("MEMBER0", members[0]).replace("MEMBER1", members[1]) for a in args]
    args = [gold if a == "GOLD" else a for a in args]
    result = CliRunner().invoke(cli, ["score", gold, system, *args])
    assert result.exit_code == 2
    assert message in result.output
    assert "Traceback" not in result.output


def test_a_difficulty_file_of_another_gold_is_refused(files, tmp_path):
    _, gold, _, system = files
    bad = tmp_path / "bad.tsv"
    bad.write_text(
        "line\tstart\tend\tword\tdifficulty\n1\t0\t2\tab\t0.5\n1\t2\t3\tc\t0.5\n", "utf-8"
    )
    result = CliRunner().invoke(cli, ["score", gold, system, "--difficulty", str(bad)])
    assert result.exit_code == 2
    assert f"{bad}:3" in result.output
    assert "does not match the gold" in result.output
    short = tmp_path / "short.tsv"
    short.write_text("1\t0\t2\tab\t1.5\n", "utf-8")
    result = CliRunner().invoke(cli, ["score", gold, system, "--difficulty", str(short)])
    assert result.exit_code == 2
    assert "outside [0, 1]" in result.output


@st.composite
def committees(draw):
    """A gold line and committee members of the same characters."""
    text = draw(st.text(alphabet="甲乙丙丁", min_size=1, max_size=12))

    def segmentation():
        cuts = draw(st.lists(st.booleans(), min_size=len(text) - 1, max_size=len(text) - 1))
        return text[0] + "".join(
            (" " if cut else "") + c for c, cut in zip(text[1:], cuts, strict=True)
        )

    return segmentation(), [segmentation() for _ in range(draw(st.integers(2, 4)))], segmentation()


def _spans(line: str) -> list[tuple[int, int]]:
    spans, position = [], 0
    for word in line.split():
        spans.append((position, position + len(word)))
        position += len(word)
    return spans


@pytest.mark.slow
@settings(max_examples=200, deadline=None)
@given(committees())
def test_weighted_scores_equal_a_direct_computation(case):
    gold, members, system = case
    gold_spans = _spans(gold)
    member_spans = [set(_spans(m)) for m in members]
    d = {g: Fr(sum(g not in m for m in member_spans), len(members)) for g in gold_spans}
    system_spans = _spans(system)
    right = set(system_spans) & set(gold_spans)

    def containing(char: int) -> tuple[int, int]:
        return next(g for g in gold_spans if g[0] <= char < g[1])

    def ratio(weights, marks):
        total = sum(weights)
        return (
            None if total == 0 else sum(w for w, m in zip(weights, marks, strict=True) if m) / total
        )

    r_marks = [g in right for g in gold_spans]
    p_marks = [s in right for s in system_spans]
    dp = [d[containing(s[1] - 1)] for s in system_spans]
    expected = {
        "r_reward": ratio([d[g] for g in gold_spans], r_marks),
        "r_punish": ratio([1 - d[g] for g in gold_spans], r_marks),
        "p_reward": ratio(dp, p_marks),
        "p_punish": ratio([1 - x for x in dp], p_marks),
    }
    got = score([gold], [[system]], committee=[[m] for m in members], ci="none").systems[0]
    for key, value in expected.items():
        actual = getattr(got.weighted_metrics, key)
        if value is None:
            assert actual is None, key
        else:
            assert actual == pytest.approx(float(value)), key
