"""`wsscore segment` and the BASE/TOP rows of `wsscore score`, on the fixtures, by hand."""

import json

from click.testing import CliRunner
from conftest import FIXTURES

from wsscore.cli.app import cli

GOLD, PRED, WORDS = (str(FIXTURES / name) for name in ("gold.txt", "pred.txt", "words.txt"))
# Maximum matching with fixtures/words.txt, worked out by hand: 好好考虑 is one entry, 一下 and
# 读书 and 生命 are not (so 一 下, 读 书, 生 命).
BASELINE = [
    "结婚 的 和 尚未 结婚 的 都 应该 好好考虑 一 下 人生 大事 ",
    "我们 在 北京 大学 读 书 ",
    "今天 天气 很 好 。 ",
    "他 说 ： “ 研究 生 命 起源 ” 是 一 门 学问 。 ",
]


def test_segment_from_gold_by_hand(tmp_path):
    result = CliRunner().invoke(cli, ["segment", "-d", WORDS, "--from-gold", GOLD])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines() == BASELINE


def test_segment_reads_standard_input_and_writes_the_asked_encoding(tmp_path):
    target = tmp_path / "out.txt"
    result = CliRunner().invoke(
        cli,
        ["segment", "-d", WORDS, "--output-encoding", "gbk", "-o", str(target)],
        input="今天天气很好。\n".encode(),
    )
    assert result.exit_code == 0, result.output
    assert target.read_bytes() == "今天 天气 很 好 。 \n".encode("gbk")


def test_baseline_and_topline_rows(tmp_path):
    result = CliRunner().invoke(
        cli, ["score", GOLD, PRED, "-d", WORDS, "--baseline", "--topline", "-f", "json"]
    )
    assert result.exit_code == 0, result.output
    systems = {s["name"]: s["counts"] for s in json.loads(result.output)["systems"]}
    assert [s["name"] for s in json.loads(result.output)["systems"]] == ["TOP", "BASE", "pred.txt"]
    # BASE: 10 + 4 + 5 + 12 correct of 36 gold and 13 + 6 + 5 + 14 predicted words.
    assert (systems["BASE"]["gold_words"], systems["BASE"]["pred_words"]) == (36, 38)
    assert systems["BASE"]["correct"] == 31
    # TOP: the gold's own words as the dictionary give the gold back here.
    assert systems["TOP"]["correct"] == systems["TOP"]["pred_words"] == 36


def test_baseline_needs_a_dictionary_and_a_gold_file():
    runner = CliRunner()
    result = runner.invoke(cli, ["score", GOLD, PRED, "--baseline"])
    assert result.exit_code == 2 and "needs the training dictionary" in result.output
    result = runner.invoke(cli, ["score", "-", PRED, "--topline"], input=b"x\n")
    assert result.exit_code == 2
    assert "--baseline or --topline reads the gold twice, so it must be a file" in result.output
