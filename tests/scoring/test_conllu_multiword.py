"""Multi-word tokens against the official CoNLL 2018 evaluation script: the same Words, UPOS
and XPOS counts.

Chinese treebanks have no multi-word tokens, so the test makes them: in the UD Chinese GSD test
and dev sets (``../shared/ud``; skipped without it), pairs of neighbouring words become one
token written as both forms joined, with the two words as its syntactic words; one in three has
its second word's form changed, as ``del`` is ``de`` + ``el``. Systems then treat each token
differently (keep it, write its surface as one word, expand it otherwise, cut it elsewhere, or
make new tokens of plain words) and get some tags wrong. Each system's counts must be the
script's. A small hand-made pair in ``fixtures/formats`` is checked by hand too.
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import FIXTURES, ROOT, conllu_word_rows

from wsscore import InputOptions, score

UD = ROOT.parent / "shared" / "ud"
SCRIPT = UD / "conll18_ud_eval.py"
MWT_GOLD = FIXTURES / "formats" / "mwt.gold.conllu"
MWT_SYSTEM = FIXTURES / "formats" / "mwt.system.conllu"


def _need(path: Path) -> Path:
    if not path.is_file():
        pytest.skip(f"{path} is needed (the shared UD data)")
    return path


def _script(gold: Path, system: Path) -> dict[str, tuple[int, int, int]]:
    """(correct, gold, predicted) of Words, UPOS and XPOS from ``conll18_ud_eval.py -c``."""
    done = subprocess.run(
        [sys.executable, str(_need(SCRIPT)), "-c", str(gold), str(system)],
        capture_output=True,
        text=True,
        check=True,
    )
    counts = {}
    for line in done.stdout.splitlines():
        metric = line.split(" ", 1)[0]
        if metric in ("Words", "UPOS", "XPOS"):
            correct, gold_words, predicted = (int(n) for n in re.findall(r"\d+", line)[:3])
            counts[metric] = (correct, gold_words, predicted)
    return counts


def _wsscore(gold: Path, system: Path) -> dict[str, tuple[int, int, int]]:
    counts = {}
    for column, metric in (("upos", "UPOS"), ("xpos", "XPOS")):
        options = InputOptions(tag_column=column, mismatch="error")
        (result,) = score(gold, [system], inputs=options, tags=True).systems
        assert result.tags is not None
        counts[metric] = (result.tags.tag_correct, result.tags.gold_words, result.tags.pred_words)
        counts["Words"] = (
            result.counts.correct,
            result.counts.gold_words,
            result.counts.pred_words,
        )
    return counts


def test_the_hand_made_pair() -> None:
    """Vamos al(a el) cine / Es del(de el) pueblo / Dámelo / Dámelo(Da me lo) against a
    system that keeps al, writes del as one word, makes the plain Dámelo a token of Dá + melo
    and expands the last one as Da me la: 8 of 12 words right (Vamos a el cine, Es pueblo,
    Da me), with their 8 tags."""
    counts = _wsscore(MWT_GOLD, MWT_SYSTEM)
    assert counts == {"Words": (8, 12, 12), "UPOS": (8, 12, 12), "XPOS": (8, 12, 12)}
    if SCRIPT.is_file():
        assert counts == _script(MWT_GOLD, MWT_SYSTEM)


# --- systems made from GSD -------------------------------------------------------------------

Row = list[str]  # the ten columns of a word line


_sentences = conllu_word_rows


class Token:
    """A surface token and its syntactic words as (form, upos, xpos)."""

    def __init__(self, surface: str, words: list[tuple[str, str, str]], multiword: bool):
        self.surface, self.words, self.multiword = surface, words, multiword


def _gold_tokens(rows: list[Row], rng: random.Random) -> list[Token]:
    tokens, index = [], 0
    while index < len(rows):
        word = rows[index]
        if index + 1 < len(rows) and rng.random() < 0.25:
            second = rows[index + 1]
            form = second[1] + "x" if rng.random() < 1 / 3 else second[1]
            words = [(word[1], word[3], word[4]), (form, second[3], second[4])]
            tokens.append(Token(word[1] + second[1], words, True))
            index += 2
        else:
            tokens.append(Token(word[1], [(word[1], word[3], word[4])], False))
            index += 1
    return tokens


def _system_tokens(gold: list[Token], rng: random.Random) -> list[Token]:
    """Each gold token kept, or changed in one of the ways a system errs."""
    out: list[Token] = []
    index = 0
    while index < len(gold):
        token, choice = gold[index], rng.random()
        tag = token.words[0][1:]
        if token.multiword and choice < 0.3:  # the surface as one plain word
            out.append(Token(token.surface, [(token.surface, *tag)], False))
        elif token.multiword and choice < 0.5:  # expanded otherwise (forms and case)
            cut = rng.randrange(1, len(token.surface)) if len(token.surface) > 1 else 1
            pieces = [token.surface[:cut], token.surface[cut:].upper() or "x"]
            out.append(Token(token.surface, [(p, *tag) for p in pieces], True))
        elif len(token.surface) > 1 and choice < 0.6:  # cut elsewhere into plain words
            cut = rng.randrange(1, len(token.surface))
            for piece in (token.surface[:cut], token.surface[cut:]):
                out.append(Token(piece, [(piece, *tag)], False))
        elif not token.multiword and index + 1 < len(gold) and choice < 0.7:
            following = gold[index + 1]  # a new multi-word token over two gold tokens
            words = [w for t in (token, following) for w in t.words]
            out.append(Token(token.surface + following.surface, words, True))
            index += 1
        else:
            out.append(token)
        index += 1
    return out


def _retagged(tokens: list[Token], rng: random.Random) -> list[Token]:
    for token in tokens:
        token.words = [
            (form, "X", "Y") if rng.random() < 0.15 else (form, upos, xpos)
            for form, upos, xpos in token.words
        ]
    return tokens


def _write(sentences: list[list[Token]], target: Path) -> None:
    lines = []
    for number, tokens in enumerate(sentences, start=1):
        lines.append(f"# sent_id = {number}")
        word = 1
        for token in tokens:
            if token.multiword:
                last = word + len(token.words) - 1
                lines.append(f"{word}-{last}\t{token.surface}" + "\t_" * 8)
            for form, upos, xpos in token.words:
                head, relation = (0, "root") if word == 1 else (1, "dep")
                lines.append(f"{word}\t{form}\t_\t{upos}\t{xpos}\t_\t{head}\t{relation}\t_\t_")
                word += 1
        lines.append("")
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")


@pytest.mark.slow
@pytest.mark.parametrize("split", ["test", "dev"])
def test_systems_made_from_gsd_get_the_script_s_counts(split: str, tmp_path: Path) -> None:
    source = _need(UD / f"zh_gsd-ud-{split}.conllu")
    rng = random.Random(f"multiword-{split}")
    gold_sentences = [_gold_tokens(rows, rng) for rows in _sentences(source)]
    gold = tmp_path / "gold.conllu"
    _write(gold_sentences, gold)
    system = tmp_path / "system.conllu"
    _write([_retagged(_system_tokens(s, rng), rng) for s in gold_sentences], system)
    expected = _script(gold, system)
    correct, gold_words, predicted = expected["Words"]
    assert 0.5 * gold_words < correct < min(gold_words, predicted)  # right and wrong words
    assert expected["UPOS"][0] < correct
    assert _wsscore(gold, system) == expected


def test_only_files_with_multi_word_tokens_take_the_slower_path(tmp_path: Path) -> None:
    """The word alignment of the script runs (a callback per sentence) only when a file has a
    range line; found ahead of scoring, also past the first block of a file."""
    from wsscore.errors import Warnings
    from wsscore.inputs.formats import FormatOptions
    from wsscore.inputs.formatted import FormattedInput, formatted
    from wsscore.inputs.reading import BLOCK_SIZE, open_text

    def opened(path: Path) -> FormattedInput:
        source = open_text(str(path), warnings=Warnings())
        found = formatted(source, "conllu", Warnings(), FormatOptions())
        assert isinstance(found, FormattedInput)
        return found

    word = "1\t字\t_\tX\t_\t_\t0\troot\t_\t_\n\n"
    plain = tmp_path / "plain.conllu"
    plain.write_text(word * (2 * BLOCK_SIZE // len(word.encode())), encoding="utf-8")
    late = tmp_path / "late.conllu"
    late.write_text(plain.read_text(encoding="utf-8") + MWT_GOLD.read_text(encoding="utf-8"))
    assert not opened(plain).has_multiword_tokens
    assert opened(late).has_multiword_tokens
    assert opened(MWT_GOLD).has_multiword_tokens


def test_each_sentence_s_counts_are_the_script_s_too() -> None:
    """The per-sentence counts (the bootstrap's and the paired tests' samples) add up to the
    totals, multi-word tokens included."""
    (result,) = score(MWT_GOLD, [MWT_SYSTEM], keep_sentences=True).systems
    assert result.sentences is not None
    summed = [sum(column) for column in zip(*(c for _, c in result.sentences), strict=True)]
    assert summed[:8] == list(result.counts)[:8]
    assert [counts[:3] for _, counts in result.sentences] == [
        (4, 4, 4),  # Vamos a el cine: all right
        (4, 3, 2),  # Es de el pueblo against Es del pueblo: de and el wrong
        (1, 2, 0),  # Dámelo against Dá + melo
        (3, 3, 2),  # Da me lo against Da me la
    ]


@pytest.mark.slow
def test_multi_word_tokens_past_the_start_of_standard_input_are_refused(tmp_path: Path) -> None:
    """Standard input is read once: only its first block is looked at for range lines."""
    from wsscore.inputs.reading import BLOCK_SIZE

    word = "1\t字\t_\tX\t_\t_\t0\troot\t_\t_\n\n"
    text = word * (2 * BLOCK_SIZE // len(word.encode())) + MWT_GOLD.read_text(encoding="utf-8")
    gold = tmp_path / "gold.conllu"
    gold.write_text(text, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "wsscore", "score", str(gold), "-"],
        input=text,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 2
    assert "give the file as a path" in done.stderr
