"""Sentences and Tokens against the official CoNLL 2018 evaluation script, on real UD data.

The gold is UD Chinese GSD (test, then dev). The prediction is made here from it, independently
of wsscore: every tenth sentence merged with the next, every twentieth (another) split in
two, all sentences re-numbered with their ``# sent_id`` and ``# text`` rewritten; inside them, every
fifth word merged with the next (every third such merge written as a multi-word token whose
syntactic words are the two gold words) and every seventh word of two characters or more split
after its first character. ``conll18_ud_eval.py -c`` gives the correct, gold and predicted
counts of its Tokens, Sentences and Words rows, ``-v`` their F1 (in percent, two decimals);
wsscore must give the same counts and F1, for the prediction in CoNLL-U and, without its
multi-word tokens, in the words format. Skipped without ``../shared/ud``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import NamedTuple

import pytest
from conftest import ROOT, conllu_word_rows

UD = ROOT.parent / "shared" / "ud"
SCRIPT = UD / "conll18_ud_eval.py"
ROWS = ("Tokens", "Sentences", "Words")


def _need(path: Path) -> Path:
    if not path.is_file():
        pytest.skip(f"{path} is needed (the shared UD data)")
    return path


class Token(NamedTuple):
    form: str
    words: tuple[str, ...]  # more than one: a multi-word token


def _resegmented(words: list[str], seen: list[int]) -> list[Token]:
    """A sentence's words merged and split (``seen``: the merges so far, across sentences)."""
    tokens: list[Token] = []
    index = 0
    while index < len(words):
        word = words[index]
        if index % 5 == 4 and index + 1 < len(words):
            pair = (word, words[index + 1])
            seen[0] += 1
            parts = pair if seen[0] % 3 == 0 else ("".join(pair),)
            tokens.append(Token("".join(pair), parts))
            index += 2
            continue
        if index % 7 == 6 and len(word) > 1:
            tokens += [Token(word[0], (word[0],)), Token(word[1:], (word[1:],))]
        else:
            tokens.append(Token(word, (word,)))
        index += 1
    return tokens


def _rebroken(sentences: list[list[Token]]) -> list[list[Token]]:
    """Every tenth sentence merged with the next, every twentieth (another) split in two."""
    result: list[list[Token]] = []
    index = 0
    while index < len(sentences):
        sentence = sentences[index]
        if index % 10 == 3 and index + 1 < len(sentences):
            result.append(sentence + sentences[index + 1])
            index += 2
            continue
        if index % 20 == 7 and len(sentence) > 1:
            middle = len(sentence) // 2
            result += [sentence[:middle], sentence[middle:]]
        else:
            result.append(sentence)
        index += 1
    return result


def _as_conllu(sentences: list[list[Token]], *, multiword: bool) -> str:
    lines = []
    for number, tokens in enumerate(sentences, start=1):
        lines.append(f"# sent_id = moved-{number}")
        lines.append(f"# text = {''.join(token.form for token in tokens)}")
        word_id = 0
        for token in tokens:
            parts = token.words if multiword else (token.form,)
            if len(parts) > 1:
                last = word_id + len(parts)
                lines.append(f"{word_id + 1}-{last}\t{token.form}" + "\t_" * 8)
            for part in parts:
                word_id += 1
                head, relation = (0, "root") if word_id == 1 else (1, "dep")
                lines.append(f"{word_id}\t{part}\t_\tX\t_\t_\t{head}\t{relation}\t_\t_")
        lines.append("")
    return "\n".join(lines) + "\n"


def _prediction(gold: Path) -> list[list[Token]]:
    seen = [0]
    forms = [[row[1] for row in rows] for rows in conllu_word_rows(gold)]
    return _rebroken([_resegmented(words, seen) for words in forms])


class Row(NamedTuple):
    correct: int
    gold: int
    pred: int


def _script(gold: Path, system: Path, option: str) -> dict[str, list[str]]:
    done = subprocess.run(
        [sys.executable, str(_need(SCRIPT)), option, str(gold), str(system)],
        capture_output=True,
        text=True,
        check=True,
    )
    return {
        line.split("|")[0].strip(): re.findall(r"[\d.]+", line.split("|", 1)[1])
        for line in done.stdout.splitlines()
        if line.split("|")[0].strip() in ROWS
    }


def _wsscore(gold: Path, system: Path) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "wsscore", "score", str(gold), str(system), "-f", "json"],
        capture_output=True,
        text=True,
        check=True,
    )
    found = json.loads(done.stdout)["systems"][0]
    return {**found["counts"], **found["metrics"]}


def _rows(found: dict[str, object]) -> dict[str, Row]:
    return {
        "Tokens": Row(found["tokens_correct"], found["tokens_gold"], found["tokens_pred"]),
        "Sentences": Row(
            found["sentences_correct"], found["sentences_gold"], found["sentences_pred"]
        ),
        "Words": Row(found["correct"], found["gold_words"], found["pred_words"]),
    }  # type: ignore[arg-type]


@pytest.fixture(scope="module", params=["test", "dev"])
def moved(request, tmp_path_factory) -> tuple[Path, Path, Path]:
    """The gold, the prediction in CoNLL-U, and the prediction's tokens as words."""
    gold = _need(UD / f"zh_gsd-ud-{request.param}.conllu")
    sentences = _prediction(gold)
    directory = tmp_path_factory.mktemp("moved")
    conllu, words = directory / "moved.conllu", directory / "moved.txt"
    conllu.write_text(_as_conllu(sentences, multiword=True), encoding="utf-8")
    words.write_text(
        "".join(" ".join(token.form for token in tokens) + "\n" for tokens in sentences),
        encoding="utf-8",
    )
    return gold, conllu, words


@pytest.mark.slow
def test_tokens_sentences_and_words_are_the_conll18_scripts(moved) -> None:
    gold, conllu, _ = moved
    counts = {
        name: Row(*map(int, values[:3])) for name, values in _script(gold, conllu, "-c").items()
    }
    sentences = counts["Sentences"]
    assert 0 < sentences.correct < min(sentences.gold, sentences.pred)  # breaks moved
    assert sentences.gold > sentences.pred  # a merge per ten sentences, a split per twenty
    tokens, words = counts["Tokens"], counts["Words"]
    assert tokens.pred < words.pred and words.correct > tokens.correct  # multi-word tokens
    found = _wsscore(gold, conllu)
    assert _rows(found) == counts
    percents = {name: float(values[2]) for name, values in _script(gold, conllu, "-v").items()}
    assert round(100 * found["sentences_f1"], 2) == percents["Sentences"]  # type: ignore[operator]
    assert round(100 * found["tokens_f1"], 2) == percents["Tokens"]  # type: ignore[operator]
    assert round(100 * found["f1"], 2) == percents["Words"]  # type: ignore[operator]


@pytest.mark.slow
def test_the_prediction_as_words_has_the_scripts_sentences_and_tokens(moved) -> None:
    gold, conllu, words = moved
    counts = {
        name: Row(*map(int, values[:3])) for name, values in _script(gold, conllu, "-c").items()
    }
    found = _rows(_wsscore(gold, words))
    # As words, the multi-word tokens are words: Words are the script's Tokens.
    assert found == {**counts, "Words": counts["Tokens"]}
