"""CoNLL-U against the official CoNLL 2018 evaluation script: the same Words counts.

The system files are made from the real UD Chinese GSD data: each test sentence re-segmented by
greedy maximum matching with the words of the dev split (so some words are right and some are
not), written as CoNLL-U. ``conll18_ud_eval.py -c`` gives the correct, gold and predicted word
counts; wsscore must give the same, and the same again when the system is written in every
other format. Skipped without ``../shared/ud``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT

from wsscore.segmenters.maxmatch import MaxMatcher

UD = ROOT.parent / "shared" / "ud"
SCRIPT = UD / "conll18_ud_eval.py"


def _need(path: Path) -> Path:
    if not path.is_file():
        pytest.skip(f"{path} is needed (the shared UD data)")
    return path


def _sentences(conllu: Path) -> list[list[str]]:
    """The FORMs of each sentence, read here independently of wsscore's reader."""
    sentences, words = [], []
    for line in conllu.read_text(encoding="utf-8").splitlines():
        if not line:
            if words:
                sentences.append(words)
            words = []
        elif not line.startswith("#"):
            columns = line.split("\t")
            if columns[0].isdigit():
                words.append(columns[1])
    if words:
        sentences.append(words)
    return sentences


def _as_conllu(sentences: list[list[str]]) -> str:
    lines = []
    for number, words in enumerate(sentences, start=1):
        lines.append(f"# sent_id = mm-{number}")
        for index, word in enumerate(words, start=1):
            head = 0 if index == 1 else 1  # any tree will do: only Words are compared
            relation = "root" if index == 1 else "dep"
            lines.append(f"{index}\t{word}\t_\tX\t_\t_\t{head}\t{relation}\t_\t_")
        lines.append("")
    return "\n".join(lines) + "\n"


def _as_chars(sentences: list[list[str]]) -> str:
    rows = []
    for words in sentences:
        for word in words:
            labels = ["S"] if len(word) == 1 else ["B", *["M"] * (len(word) - 2), "E"]
            rows += [f"{char}\t{label}" for char, label in zip(word, labels, strict=True)]
        rows.append("")
    return "\n".join(rows) + "\n"


FORMATS = {
    "conllu": _as_conllu,
    "words": lambda sentences: "".join(" ".join(words) + "\n" for words in sentences),
    "tagged": lambda sentences: "".join(
        " ".join(f"{word}/X" for word in words) + "\n" for words in sentences
    ),
    "jsonl": lambda sentences: "".join(
        json.dumps(words, ensure_ascii=False) + "\n" for words in sentences
    ),
    "chars": _as_chars,
}


@pytest.fixture(scope="module")
def system(tmp_path_factory) -> dict[str, Path]:
    gold = _need(UD / "zh_gsd-ud-test.conllu")
    dev = _need(UD / "zh_gsd-ud-dev.conllu")
    matcher = MaxMatcher({word for words in _sentences(dev) for word in words})
    segmented = [matcher.segment("".join(words)) for words in _sentences(gold)]
    directory = tmp_path_factory.mktemp("conllu")
    files = {}
    for fmt, write in FORMATS.items():
        files[fmt] = directory / f"system.{fmt}"
        files[fmt].write_text(write(segmented), encoding="utf-8")
    return files


def _script_words(gold: Path, system: Path) -> tuple[int, int, int]:
    _need(SCRIPT)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "-c", str(gold), str(system)],
        capture_output=True,
        text=True,
        check=True,
    )
    row = next(line for line in done.stdout.splitlines() if line.startswith("Words"))
    correct, gold_words, predicted = (int(n) for n in re.findall(r"\d+", row)[:3])
    return correct, gold_words, predicted


def _wsscore_words(gold: Path, system: Path) -> tuple[int, int, int]:
    done = subprocess.run(
        [sys.executable, "-m", "wsscore", "score", str(gold), str(system), "-f", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    data = json.loads(done.stdout)
    counts = data["systems"][0]["counts"]
    assert data["gold"]["format"] == "conllu"
    return counts["correct"], counts["gold_words"], counts["pred_words"]


def test_words_are_counted_as_the_conll18_script_counts_them(system) -> None:
    gold = UD / "zh_gsd-ud-test.conllu"
    expected = _script_words(gold, system["conllu"])
    correct, gold_words, predicted = expected
    assert gold_words == 12_010  # the test set's words, as the script reports them
    assert 0 < correct < min(gold_words, predicted)  # a real system: some right, some wrong
    assert _wsscore_words(gold, system["conllu"]) == expected


@pytest.mark.parametrize("fmt", [fmt for fmt in FORMATS if fmt != "conllu"])
def test_the_same_system_in_every_format_gives_the_same_counts(system, fmt) -> None:
    gold = UD / "zh_gsd-ud-test.conllu"
    assert _wsscore_words(gold, system[fmt]) == _script_words(gold, system["conllu"])
