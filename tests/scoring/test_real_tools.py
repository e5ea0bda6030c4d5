"""Real segmenters' output, exactly as each tool prints it, scored against the UD gold sample.

fixtures/tools/ holds the first 30 sentences of the UD Chinese GSD test set (gold.conllu) and
what jieba, rjieba, thulac, snownlp and pkuseg print for their text (fixtures/tools/README.md says
how each file was made). wsscore must read each file as printed and give the correct, gold and
predicted word counts, and the tag-correct counts where there are tags, that conll18_ud_eval.py
gives on the same words. Those counts are recorded below (EXPECTED), so that the tests run
without ../shared; with ../shared/ud the recorded counts are checked against the script itself,
on a CoNLL-U file built here from each sample's words (read by this file's own small readers,
independently of wsscore's).

Tags: the tools tag with their own sets (jieba's and thulac's n, v, x, ...), which equal no UD
tag; TAG_MAP turns the common ones into UPOS, given to wsscore as --tag-map and written into the
system's UPOS column for the script, so that some tags are right and some wrong.
"""

from __future__ import annotations

import importlib.util
import json
import os
import re
import subprocess
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from conftest import FIXTURES, ROOT

from wsscore import InputOptions, score

TOOLS = FIXTURES / "tools"
GOLD = TOOLS / "gold.conllu"
CONLL18 = ROOT.parent / "shared" / "ud" / "conll18_ud_eval.py"

TAG_MAP = {
    "n": "NOUN",
    "t": "NOUN",
    "q": "NOUN",
    "v": "VERB",
    "vn": "VERB",
    "a": "ADJ",
    "d": "ADV",
    "m": "NUM",
    "p": "ADP",
    "f": "ADP",
    "r": "PRON",
    "c": "CCONJ",
    "u": "PART",
    "uj": "PART",
    "ul": "PART",
    "nr": "PROPN",
    "ns": "PROPN",
    "nt": "PROPN",
    "nz": "PROPN",
    "np": "PROPN",
    "x": "PUNCT",
    "w": "PUNCT",
    "eng": "X",
}

Token = tuple[str, str | None]  # a word and its tag (None: the format has no tags)


# --- this file's own readers of the samples, as a user would split what the tool printed ----


def _words(separator: str | None) -> Callable[[str], list[Token]]:
    """Words split by ``separator`` (None: runs of white space); white-space tokens are the
    text's spaces, not words."""

    def read(line: str) -> list[Token]:
        return [(word, None) for word in line.split(separator) if word.strip()]

    return read


def _tagged(tag_sep: str, separator: str = " ") -> Callable[[str], list[Token]]:
    """``word<tag_sep>tag`` tokens joined by ``separator``; a token whose word is white space
    (jieba's `` /x`` between two words: ``a/eng  /x b/eng``) is a space of the text."""

    def read(line: str) -> list[Token]:
        tokens = []
        for token in line.split(separator):
            word, _, tag = token.rpartition(tag_sep)
            if word.strip():
                tokens.append((word, tag))
        return tokens

    return read


def _json_words(line: str) -> list[Token]:
    return [(word, None) for word in json.loads(line) if word.strip()]


def _json_pairs(line: str) -> list[Token]:
    return [(word, tag) for word, tag in json.loads(line) if word.strip()]


@dataclass(frozen=True)
class Sample:
    """A tool's output file, how a user reads it with wsscore, and how this file reads it."""

    name: str
    read: Callable[[str], list[Token]]
    options: dict[str, Any] = field(default_factory=dict)  # InputOptions for the prediction

    @property
    def path(self) -> Path:
        return TOOLS / self.name

    def sentences(self, path: Path | None = None) -> list[list[Token]]:
        text = (path or self.path).read_text("utf-8")
        return [self.read(line) for line in text.splitlines()]

    @property
    def tagged(self) -> bool:
        return any(tag is not None for sentence in self.sentences() for _, tag in sentence)


SAMPLES = [
    Sample("jieba.cut.txt", _words(None)),
    Sample("rjieba.cut.txt", _words(None)),
    Sample("snownlp.words.txt", _words(None)),
    Sample("pkuseg.txt", _words(None)),
    Sample("jieba.cli.txt", _words(" / "), {"pred_format": "words", "pred_word_sep": " / "}),
    Sample(
        "jieba.cli-pos.txt",
        _tagged("_", " / "),
        {"pred_format": "tagged", "tag_sep": "_", "pred_word_sep": " / "},
    ),
    Sample("jieba.posseg.txt", _tagged("/"), {"pred_format": "tagged", "tag_sep": "/"}),
    Sample("thulac.txt", _tagged("_"), {"pred_format": "tagged", "tag_sep": "_"}),
    Sample("jieba.lcut.jsonl", _json_words, {"pred_format": "jsonl"}),
    Sample("jieba.posseg.jsonl", _json_pairs, {"pred_format": "jsonl"}),
]

# conll18_ud_eval.py's counts on each sample (correct, gold, predicted: Words, and UPOS with
# TAG_MAP for the tagged ones), recorded by test_the_recorded_counts_are_the_scripts.
EXPECTED: dict[str, dict[str, tuple[int, int, int]]] = {
    "jieba.cut.txt": {"Words": (561, 750, 692)},
    "rjieba.cut.txt": {"Words": (562, 750, 690)},
    "snownlp.words.txt": {"Words": (469, 750, 887)},
    "pkuseg.txt": {"Words": (542, 750, 683)},
    "jieba.cli.txt": {"Words": (561, 750, 692)},
    "jieba.cli-pos.txt": {"Words": (605, 750, 739), "UPOS": (419, 750, 739)},
    "jieba.posseg.txt": {"Words": (605, 750, 739), "UPOS": (419, 750, 739)},
    "thulac.txt": {"Words": (473, 750, 663), "UPOS": (332, 750, 663)},
    "jieba.lcut.jsonl": {"Words": (561, 750, 692)},
    "jieba.posseg.jsonl": {"Words": (605, 750, 739), "UPOS": (419, 750, 739)},
}


def _params() -> list[Any]:
    return [pytest.param(s, id=s.name) for s in SAMPLES]


# --- the reference -------------------------------------------------------------------------


def _conll18() -> ModuleType:
    if not CONLL18.is_file():
        pytest.skip(f"{CONLL18} is needed (the shared UD data)")
    spec = importlib.util.spec_from_file_location("conll18_ud_eval", CONLL18)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _as_conllu(sentences: list[list[Token]]) -> str:
    """A CoNLL-U file the script accepts: the words, their (mapped) tag as UPOS, any tree."""
    lines = []
    for number, tokens in enumerate(sentences, start=1):
        lines.append(f"# sent_id = {number}")
        for index, (word, tag) in enumerate(tokens, start=1):
            upos = TAG_MAP.get(tag, tag) if tag is not None else "X"
            head, relation = (0, "root") if index == 1 else (1, "dep")
            lines.append(f"{index}\t{word}\t_\t{upos}\t_\t_\t{head}\t{relation}\t_\t_")
        lines.append("")
    return "\n".join(lines) + "\n"


def _script_counts(
    sample: Sample, tmp_path: Path, gold: Path = GOLD, path: Path | None = None
) -> dict[str, tuple[int, int, int]]:
    conll18 = _conll18()
    system = tmp_path / "system.conllu"
    system.write_text(_as_conllu(sample.sentences(path)), encoding="utf-8")
    evaluation = conll18.evaluate(
        conll18.load_conllu_file(str(gold)), conll18.load_conllu_file(str(system))
    )
    metrics = ("Words", "UPOS") if sample.tagged else ("Words",)
    return {
        metric: (
            evaluation[metric].correct,
            evaluation[metric].gold_total,
            evaluation[metric].system_total,
        )
        for metric in metrics
    }


# --- the tests -------------------------------------------------------------------------------


def _wsscore_counts(
    sample: Sample, gold: Path = GOLD, path: Path | None = None
) -> dict[str, tuple[int, int, int]]:
    inputs = InputOptions(gold_format="conllu", tag_column="upos", **sample.options)
    system = score(gold, [path or sample.path], inputs=inputs, tags=sample.tagged, tag_map=TAG_MAP)
    result = system.systems[0]
    counts = {"Words": (result.counts.correct, result.counts.gold_words, result.counts.pred_words)}
    if sample.tagged:
        assert result.tags is not None
        counts["UPOS"] = (result.tags.tag_correct, result.tags.gold_words, result.tags.pred_words)
    return counts


@pytest.mark.parametrize("sample", _params())
def test_each_tool_output_gives_the_scripts_counts(sample: Sample) -> None:
    expected = EXPECTED[sample.name]
    assert _wsscore_counts(sample) == expected
    correct, gold_words, predicted = expected["Words"]
    assert 0 < correct < min(gold_words, predicted)  # a real system: some right, some wrong
    if "UPOS" in expected:
        assert 0 < expected["UPOS"][0] < correct  # some tags right, some wrong


@pytest.mark.parametrize("sample", _params())
def test_the_recorded_counts_are_the_scripts(sample: Sample, tmp_path: Path) -> None:
    assert _script_counts(sample, tmp_path) == EXPECTED[sample.name]


@pytest.mark.parametrize("sample", _params())
def test_each_sample_is_the_gold_text(sample: Sample) -> None:
    """The samples are what the README says: the tools' cut of the gold's own text."""
    gold = [
        "".join(line.split("\t")[1] for line in block.splitlines() if line[:1].isdigit())
        for block in GOLD.read_text("utf-8").split("\n\n")
        if block.strip()
    ]
    ours = ["".join(word for word, _ in tokens) for tokens in sample.sentences()]
    assert [re.sub(r"\s", "", text) for text in ours] == gold


# --- the whole UD test set, when the tools are at hand ------------------------------------------


@pytest.fixture(scope="module")
def whole_outputs(tmp_path_factory) -> Path:
    """Every tool's output on all 500 sentences of the UD test set, made by make_samples.py
    with the Python named by WSSCORE_TOOLS_PYTHON (an environment that has the tools; they are
    no test dependency), in a temporary directory: whole outputs are never kept."""
    tools_python = os.environ.get("WSSCORE_TOOLS_PYTHON")
    ud_test = ROOT.parent / "shared" / "ud" / "zh_gsd-ud-test.conllu"
    if not tools_python or not ud_test.is_file():
        pytest.skip("set WSSCORE_TOOLS_PYTHON to a Python with the tools, with ../shared/ud")
    directory = tmp_path_factory.mktemp("whole")
    subprocess.run(
        [tools_python, str(TOOLS / "make_samples.py"), str(ud_test), "500"],
        cwd=directory,
        capture_output=True,
        check=True,
    )
    return directory


@pytest.mark.parametrize("sample", _params())
def test_whole_outputs_give_the_scripts_counts(
    sample: Sample, whole_outputs: Path, tmp_path: Path
) -> None:
    path = whole_outputs / sample.name
    if not path.is_file():
        pytest.skip(f"{sample.name} was not made (its tool is missing)")
    gold = whole_outputs / "gold.conllu"
    expected = _script_counts(sample, tmp_path, gold, path)
    assert _wsscore_counts(sample, gold, path) == expected
    assert expected["Words"][1] == 12010  # every word of the test set
