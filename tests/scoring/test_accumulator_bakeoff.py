"""On the SIGHAN 2005 data: the gold and a prediction read as lists of sentences and fed to a
Scorer in batches give every figure of `wsscore score GOLD PRED -d WORDS -f json`.

The prediction is the bakeoff's maximum-matching baseline of the gold's text
(`wsscore segment --from-gold`). What differs is only what names the inputs: the command's gold
and system carry their paths and the encoding they were read in; the scorer's are called
``<gold>`` and ``<prediction 1>``, read as ``str`` (and the signature's ``enc:`` part says so).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import gold_path, run_wsscore

from wsscore import Scorer

BATCH = 32
CORPORA = ("pku", "msr")


@pytest.fixture(scope="module")
def baselines(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path, Path]]:
    """Per corpus: its UTF-8 gold, training word list and maximum-matching baseline."""
    from conftest import need_icwb2

    data = need_icwb2()
    out = tmp_path_factory.mktemp("baseline")
    made = {}
    for corpus in CORPORA:
        gold = gold_path(data, corpus, "utf8")
        words = data / "gold" / f"{corpus}_training_words.utf8"
        pred = out / f"{corpus}_mm.utf8"
        done = run_wsscore("segment", "--from-gold", gold, "-d", words, "-o", pred)
        assert done.returncode == 0, done.stderr
        made[corpus] = (gold, words, pred)
    return made


def _named_apart(report: dict[str, object]) -> dict[str, object]:
    """The report without what names its inputs (paths, names, encodings, and the known
    corpus a gold file is: sentences held in memory are none)."""
    data = json.loads(json.dumps(report))
    fields = data["signature"].split("|enc:")[0].split("|")
    data["signature"] = "|".join(field for field in fields if not field.startswith("corpus:"))
    named = ("path", "encoding", "corpus")
    data["gold"] = {k: v for k, v in data["gold"].items() if k not in named}
    for system in data["systems"]:
        for key in ("name", "path", "encoding"):
            del system[key]
    return data


@pytest.mark.slow
@pytest.mark.parametrize("corpus", CORPORA)
@pytest.mark.parametrize("ci", ["bakeoff", "wilson", "bootstrap"])
def test_every_figure_is_the_command_s(baselines, corpus: str, ci: str) -> None:  # type: ignore[no-untyped-def]
    gold, words, pred = baselines[corpus]
    done = run_wsscore(
        "score", gold, pred, "-d", words, "-f", "json", "--ci", ci, "--mismatch", "error"
    )
    assert done.returncode == 0, done.stderr
    expected = json.loads(done.stdout)
    gold_sentences = [line.split() for line in gold.read_text("utf-8").splitlines()]
    pred_sentences = pred.read_text("utf-8").splitlines()  # strings of words
    scorer = Scorer(dictionary=words, ci=ci)
    for start in range(0, len(gold_sentences), BATCH):
        end = start + BATCH
        scorer.update(gold_sentences[start:end], pred_sentences[start:end])
    found = scorer.report().as_dict()
    assert _named_apart(found) == _named_apart(expected)
    assert found["signature"].split("|enc:")[1] == "gold=str,pred=str,dict=utf-8|mismatch:error"  # type: ignore[union-attr]
    figures = scorer.compute()
    metrics = expected["systems"][0]["metrics"]
    assert (figures["r"], figures["p"], figures["f"]) == (
        metrics["recall"],
        metrics["precision"],
        metrics["f1"],
    )
    assert (figures["r_low"], figures["p_high"]) == (
        metrics["recall_ci"]["low"],
        metrics["precision_ci"]["high"],
    )
