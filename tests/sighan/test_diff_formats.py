"""``--match diff`` on every input format: the Perl-style counter is handed each sentence's words.

A prediction (or gold) in tagged, chars, CoNLL-U or JSONL form must give the counts of the same
words as a words file, and, with the bakeoff's Perl ``score`` script at hand, the script's own
summary on that words file. Each formatted file is written here from the words, independently of
wsscore's readers and of ``wsscore convert``.
"""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest
from conftest import (
    C_LOCALE,
    FIXTURES,
    need_gnu_diff,
    need_script,
    run_perl_script,
    run_wsscore,
)

GOLD, PRED, WORDS = FIXTURES / "gold.txt", FIXTURES / "pred.txt", FIXTURES / "words.txt"
FORMATS = ("tagged", "chars", "conllu", "jsonl")


@pytest.fixture(autouse=True)
def _gnu_diff() -> None:
    need_gnu_diff()


def _wsscore(*args: object) -> subprocess.CompletedProcess:
    return run_wsscore(*args, env=C_LOCALE, text=False)


def _ok(done: subprocess.CompletedProcess) -> bytes:
    assert done.returncode == 0, done.stderr.decode("utf-8", "replace")
    assert done.stdout
    return done.stdout


def _sentences(path: Path) -> list[list[str]]:
    return [line.split() for line in path.read_text("utf-8").splitlines() if line.strip()]


def _tagged(sentences: list[list[str]]) -> str:
    return "".join(" ".join(f"{word}/NN" for word in words) + "\n" for words in sentences)


def _chars(sentences: list[list[str]]) -> str:
    blocks = []
    for words in sentences:
        rows = []
        for word in words:
            positions = ["S"] if len(word) == 1 else ["B", *"M" * (len(word) - 2), "E"]
            rows += [
                f"{char}\t{position}-NN\n" for char, position in zip(word, positions, strict=True)
            ]
        blocks.append("".join(rows))
    return "\n".join(blocks) + "\n"


def _conllu(sentences: list[list[str]]) -> str:
    blocks = []
    for words in sentences:
        rows = [f"# text = {''.join(words)}\n"]
        rows += [f"{n}\t{word}\t_\tX\tNN\t_\t_\t_\t_\t_\n" for n, word in enumerate(words, 1)]
        blocks.append("".join(rows))
    return "\n".join(blocks) + "\n"


def _jsonl(sentences: list[list[str]]) -> str:
    return "".join(json.dumps(words, ensure_ascii=False) + "\n" for words in sentences)


WRITERS = {"tagged": _tagged, "chars": _chars, "conllu": _conllu, "jsonl": _jsonl}


def _write_as(fmt: str, words_file: Path, directory: Path) -> Path:
    """``words_file``'s sentences in format ``fmt``, under the same base name (the Perl script
    prints a file's base name, so the summaries can be compared as they are)."""
    target = directory / fmt / words_file.name
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(WRITERS[fmt](_sentences(words_file)), encoding="utf-8")
    return target


def _json(*args: object) -> dict:
    return json.loads(_ok(_wsscore("score", "-f", "json", *args)))


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_prediction_in_any_format_counts_as_its_words(fmt: str, tmp_path: Path) -> None:
    pred = _write_as(fmt, PRED, tmp_path)
    words = _json("--match", "diff", "-d", WORDS, GOLD, PRED)["systems"][0]
    formatted = _json("--match", "diff", "-d", WORDS, GOLD, pred)["systems"][0]
    assert formatted["format"] == fmt
    assert formatted["counts"] == words["counts"]
    assert formatted["metrics"] == words["metrics"]
    assert words["counts"]["correct"] == 21  # not a trivial case: 36 gold words, 30 predicted


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_gold_in_any_format_counts_as_its_words(fmt: str, tmp_path: Path) -> None:
    gold = _write_as(fmt, GOLD, tmp_path)
    words = _json("--match", "diff", "-d", WORDS, GOLD, PRED)
    formatted = _json("--match", "diff", "-d", WORDS, gold, PRED)
    assert formatted["gold"]["format"] == fmt
    assert formatted["gold"]["lines"] == words["gold"]["lines"] == 4
    assert formatted["systems"][0]["counts"] == words["systems"][0]["counts"]


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
def test_a_formatted_prediction_gives_the_perl_scripts_summary(fmt: str, tmp_path: Path) -> None:
    script = need_script()
    expected = _ok(run_perl_script(script, WORDS, GOLD, PRED))
    pred = _write_as(fmt, PRED, tmp_path)
    ours = _ok(_wsscore("score", "--match", "diff", "-f", "sighan", "-d", WORDS, GOLD, pred))
    assert ours == expected[expected.index(b"=== SUMMARY:\n") :]


@pytest.mark.slow
@pytest.mark.parametrize("fmt", FORMATS)
def test_wsscore_sighan_prints_the_same_blocks_for_a_formatted_prediction(
    fmt: str, tmp_path: Path
) -> None:
    # Absolute paths: the script's layout prints base names, the same for both files.
    pred = _write_as(fmt, PRED, tmp_path)
    words = _ok(_wsscore("sighan", "--match", "diff", WORDS, GOLD, PRED.resolve()))
    assert _ok(_wsscore("sighan", "--match", "diff", WORDS, GOLD, pred.resolve())) == words


@pytest.mark.slow
def test_multiword_tokens_give_their_words_when_they_spell_the_token(tmp_path: Path) -> None:
    # same.conllu has 3-4 广播电台 = 广播 + 电台: the words file has the two words.
    same = FIXTURES / "formats"
    words = _json("--match", "diff", same / "same.words.txt", same / "same.words.txt")
    conllu = _json("--match", "diff", same / "same.words.txt", same / "same.conllu")
    assert conllu["systems"][0]["counts"] == words["systems"][0]["counts"]
    assert conllu["systems"][0]["counts"]["pred_words"] == 17


def test_multiword_tokens_that_words_do_not_spell_are_refused() -> None:
    # "al" = "a" + "el": the script compares words and has no way to count these as
    # conll18_ud_eval.py does; one line, exit 2, and the way out.
    formats = FIXTURES / "formats"
    done = _wsscore(
        "score", "--match", "diff", formats / "mwt.gold.conllu", formats / "mwt.system.conllu"
    )
    assert done.returncode == 2 and done.stdout == b""
    message = done.stderr.decode("utf-8")
    assert message.count("\n") == 1
    assert "mwt.gold.conllu, sentence 1: --match diff cannot score the multi-word token 'al'" in (
        message
    )
    assert "use --match span" in message


@pytest.mark.slow
@pytest.mark.parametrize("match", ["span", "diff"])
def test_oov_counts_are_null_without_a_dictionary(match: str) -> None:
    # The Perl script calls every word OOV without a dictionary, span none: neither means
    # anything, and the JSON says so the same way in both modes, as the OOV metrics do.
    system = _json("--match", match, GOLD, PRED)["systems"][0]
    for key in ("oov_words", "oov_correct", "iv_words", "iv_correct"):
        assert system["counts"][key] is None, key
    assert system["metrics"]["oov_recall"] is None
    assert system["counts"]["gold_words"] == 36


@pytest.mark.slow
def test_oov_counts_agree_with_a_dictionary() -> None:
    span = _json("--match", "span", "-d", WORDS, GOLD, PRED)["systems"][0]["counts"]
    diff = _json("--match", "diff", "-d", WORDS, GOLD, PRED)["systems"][0]["counts"]
    keys = ("oov_words", "oov_correct", "iv_words", "iv_correct")
    assert [span[key] for key in keys] == [diff[key] for key in keys] == [6, 2, 30, 19]


@pytest.mark.slow
def test_a_word_separator_is_read_before_the_counter_sees_the_words() -> None:
    # jieba's command line prints "w / w": with --pred-word-sep ' / ' its words are those of
    # jieba.cut joined by spaces (a space of the text, "   " there, is a separator for both).
    tools = FIXTURES / "tools"
    gold = tools / "gold.conllu"
    cut = _json("--match", "diff", gold, tools / "jieba.cut.txt")["systems"][0]
    cli = _json("--match", "diff", "--pred-word-sep", " / ", gold, tools / "jieba.cli.txt")
    assert cli["systems"][0]["counts"] == cut["counts"]
    assert cut["counts"]["correct"] == 561  # conll18_ud_eval.py's count (test_real_tools.py)
