"""Differential: MeCab's own evaluator, mecab-system-eval (Debian's mecab-utils), against
wsscore on the real Japanese outputs of fixtures/japanese/.

Its level 0 compares surfaces, level N the surface and feature fields 1..N; a token is right
when it starts where the gold's does and is equal at that level. Its precision and recall
counts are wsscore's words (level 0), ``--tags`` (level 1) and ``--tags --tag-field 1-N``
(level N). It counts a space as a character and wsscore does not (a space is never a
character), so the pairs are the sentences where no token of either file holds white space.
The test is skipped without the tool (``apt-get install -y mecab-utils``).
"""

from __future__ import annotations

import gzip
import json
import re
import subprocess
from pathlib import Path

import pytest
from conftest import FIXTURES, need_mecab_system_eval, run_wsscore

JAPANESE = FIXTURES / "japanese"
LEVEL = re.compile(r"LEVEL (\d+):\s+[\d.]+\((\d+)/(\d+)\) [\d.]+\((\d+)/(\d+)\)")


def _mecab_text(path: Path) -> str:
    data = path.read_bytes()
    return (gzip.decompress(data) if path.suffix == ".gz" else data).decode("utf-8")


def _sentences(text: str) -> list[list[str]]:
    """The token lines of each sentence, EOS left out."""
    sentences: list[list[str]] = [[]]
    for line in text.splitlines():
        if line == "EOS":
            sentences.append([])
        else:
            sentences[-1].append(line)
    return sentences[:-1]


def _without_spaces(sentence: list[str]) -> bool:
    return not any(re.search(r"\s", line.partition("\t")[0]) for line in sentence)


def _pair_without_spaces(gold: Path, pred: Path, folder: Path) -> tuple[Path, Path, int]:
    """The sentences of both files where no token holds white space, written to ``folder``."""
    gold_sentences = _sentences(_mecab_text(gold))
    pred_sentences = _sentences(_mecab_text(pred))
    kept = [
        (g, p)
        for g, p in zip(gold_sentences, pred_sentences, strict=True)
        if _without_spaces(g) and _without_spaces(p)
    ]
    paths = folder / "gold.mecab", folder / "pred.mecab"
    for path, side in zip(paths, zip(*kept, strict=True), strict=True):
        path.write_text("".join("".join(f"{t}\n" for t in s) + "EOS\n" for s in side), "utf-8")
    return paths[0], paths[1], len(kept)


def _system_eval(tool: str, gold: Path, pred: Path, level: int) -> dict[str, int]:
    """mecab-system-eval's counts at ``level``: (right, predicted, gold). It is asked for level
    0 first, as its default ("0 -1") does: it advances through both files by the length of the
    first level's string, which is the surface only at level 0 (asked for level 1 alone, it
    moves by surface and tag and loses its place where tags differ in length). Its exit status
    is 1 even when it succeeds (its main returns true), so its output is what is checked."""
    output = subprocess.run(
        [tool, "-l", f"0 {level}", str(pred), str(gold)],
        capture_output=True,
        text=True,
        check=False,
    ).stdout
    match = LEVEL.findall(output)[-1]
    assert match[0] == str(level) and match[1] == match[3]
    return {"correct": int(match[1]), "pred_words": int(match[2]), "gold_words": int(match[4])}


def _wsscore(gold: Path, pred: Path, *options: str) -> dict[str, int]:
    result = run_wsscore("score", gold, pred, "-f", "json", *options)
    assert result.returncode == 0, result.stderr
    counts = json.loads(result.stdout)["systems"][0]["counts"]
    if "--tags" in options:
        return {
            "correct": counts["tag_correct"],
            "pred_words": counts["tag_pred_words"],
            "gold_words": counts["tag_gold_words"],
        }
    return {key: counts[key] for key in ("correct", "pred_words", "gold_words")}


@pytest.mark.parametrize("name", ["fugashi.mecab.gz", "sudachi.mecab"])
def test_mecab_system_eval_levels_equal_wsscore_counts(name: str, tmp_path: Path) -> None:
    tool = need_mecab_system_eval()
    gold, pred, kept = _pair_without_spaces(JAPANESE / "gold.mecab", JAPANESE / name, tmp_path)
    assert kept >= 25  # of 31: those with Machine/Deep Learning or a full-width space are left out
    words = _wsscore(gold, pred)
    assert words == _system_eval(tool, gold, pred, 0)
    assert words["correct"] < words["gold_words"]  # the pair differs: the test can tell
    tags = _wsscore(gold, pred, "--tags")
    assert tags == _system_eval(tool, gold, pred, 1)
    assert tags["correct"] < words["correct"]  # some tags differ too
    assert _wsscore(gold, pred, "--tags", "--tag-field", "1-2") == _system_eval(tool, gold, pred, 2)
