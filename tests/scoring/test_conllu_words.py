"""CoNLL-U against the official CoNLL 2018 evaluation script: the same Words, UPOS and XPOS counts.

The system files are made from the real UD Chinese GSD data: each sentence of the test (dev)
split re-segmented by greedy maximum matching with the words of the dev (test) split, so some
words are right and some are not, and re-tagged with the gold's tags where a span is right, every
seventh changed. ``conll18_ud_eval.py -c`` gives the correct, gold and predicted counts of words,
UPOS and XPOS; wsscore must give the same, and the same again when the system is written in
every other format. Skipped without ``../shared/ud``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, conllu_word_rows

from wsscore.segmenters.maxmatch import MaxMatcher

UD = ROOT.parent / "shared" / "ud"
SCRIPT = UD / "conll18_ud_eval.py"


def _need(path: Path) -> Path:
    if not path.is_file():
        pytest.skip(f"{path} is needed (the shared UD data)")
    return path


_rows = conllu_word_rows


def _sentences(conllu: Path) -> list[list[str]]:
    """The FORMs of each sentence."""
    return [[row[1] for row in rows] for rows in _rows(conllu)]


def _as_conllu(sentences: list[list[str]], tags: list[list[tuple[str, str]]] | None = None) -> str:
    lines = []
    for number, words in enumerate(sentences, start=1):
        lines.append(f"# sent_id = mm-{number}")
        for index, word in enumerate(words, start=1):
            head = 0 if index == 1 else 1  # any tree will do: only words and tags are compared
            relation = "root" if index == 1 else "dep"
            upos, xpos = tags[number - 1][index - 1] if tags else ("X", "_")
            lines.append(f"{index}\t{word}\t_\t{upos}\t{xpos}\t_\t{head}\t{relation}\t_\t_")
        lines.append("")
    return "\n".join(lines) + "\n"


def _spans(words: list[str]) -> list[tuple[int, int]]:
    spans, start = [], 0
    for word in words:
        spans.append((start, start + len(word)))
        start += len(word)
    return spans


def _tags_for(gold: list[list[list[str]]], system: list[list[str]]) -> list[list[tuple[str, str]]]:
    """The gold's UPOS and XPOS where a system word has a gold word's span, but every 7th of
    those changed; NOUN/NN elsewhere: some tags right, some wrong, on right and wrong words."""
    tags, seen = [], 0
    for rows, words in zip(gold, system, strict=True):
        by_span = dict(zip(_spans([row[1] for row in rows]), rows, strict=True))
        sentence = []
        for span in _spans(words):
            row = by_span.get(span)
            if row is None:
                sentence.append(("NOUN", "NN"))
                continue
            seen += 1
            upos, xpos = row[3], row[4]
            sentence.append(("PUNCT", "PU") if seen % 7 == 0 else (upos, xpos))
        tags.append(sentence)
    return tags


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


SPLITS = {"test": "dev", "dev": "test"}  # the gold, and the split whose words segment it


@pytest.fixture(scope="module", params=sorted(SPLITS))
def system(request, tmp_path_factory) -> dict[str, Path]:
    """The gold (``files["gold"]``) and the system written in every format."""
    gold = _need(UD / f"zh_gsd-ud-{request.param}.conllu")
    other = _need(UD / f"zh_gsd-ud-{SPLITS[request.param]}.conllu")
    matcher = MaxMatcher({word for words in _sentences(other) for word in words})
    segmented = [matcher.segment("".join(words)) for words in _sentences(gold)]
    directory = tmp_path_factory.mktemp("conllu")
    files = {"gold": gold}
    for fmt, write in FORMATS.items():
        files[fmt] = directory / f"system.{fmt}"
        files[fmt].write_text(write(segmented), encoding="utf-8")
    return files


def _script_words(gold: Path, system: Path, metric: str = "Words") -> tuple[int, int, int]:
    _need(SCRIPT)
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "-c", str(gold), str(system)],
        capture_output=True,
        text=True,
        check=True,
    )
    row = next(line for line in done.stdout.splitlines() if line.startswith(f"{metric} "))
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


@pytest.mark.slow
def test_words_are_counted_as_the_conll18_script_counts_them(system) -> None:
    gold = system["gold"]
    expected = _script_words(gold, system["conllu"])
    correct, gold_words, predicted = expected
    assert gold_words == sum(map(len, _sentences(gold)))  # 12,010 words in the test set
    assert 0 < correct < min(gold_words, predicted)  # a real system: some right, some wrong
    assert _wsscore_words(gold, system["conllu"]) == expected


@pytest.mark.slow
@pytest.mark.parametrize("fmt", [fmt for fmt in FORMATS if fmt != "conllu"])
def test_the_same_system_in_every_format_gives_the_same_counts(system, fmt) -> None:
    gold = system["gold"]
    assert _wsscore_words(gold, system[fmt]) == _script_words(gold, system["conllu"])


@pytest.mark.slow
@pytest.mark.parametrize(("column", "metric"), [("upos", "UPOS"), ("xpos", "XPOS")])
def test_tags_are_counted_as_the_conll18_script_counts_them(
    system, tmp_path: Path, column: str, metric: str
) -> None:
    from wsscore import InputOptions, score

    gold = system["gold"]
    segmented = [line.split() for line in system["words"].read_text("utf-8").splitlines()]
    tagged = tmp_path / "tagged.conllu"
    tagged.write_text(_as_conllu(segmented, _tags_for(_rows(gold), segmented)), "utf-8")
    expected = _script_words(gold, tagged, metric)
    words = _script_words(gold, tagged)
    assert 0 < expected[0] < words[0]  # some tags right, some wrong, on the right words
    result = score(gold, [tagged], inputs=InputOptions(tag_column=column), tags=True).systems[0]
    assert result.tags is not None
    assert (result.tags.tag_correct, result.tags.gold_words, result.tags.pred_words) == expected
    assert result.counts.correct == words[0]
