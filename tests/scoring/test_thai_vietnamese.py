"""Thai (``best``) and Vietnamese (``vlsp``) files scored end to end, on real tools' output.

fixtures/thai/ holds pythainlp's ``newmm`` and ``longest`` output in BEST layout and a gold
hand-corrected from newmm's; pythainlp_stats.json holds what pythainlp's own benchmark
(``benchmarks.word_tokenization``) counts on each pair, recorded by
tools/make_thai_vietnamese_samples.py (pythainlp is no test dependency). wsscore's word counts
must equal its word level. tltk.txt holds tltk's ``word_segment`` output as printed
(``w|w|<s/>``) for the last 30 lines: its counts against newmm's are checked against a count
made here. fixtures/vietnamese/ holds pyvi's output (plain and tagged) and a
gold hand-corrected from it: its counts are checked against a count made here, independently
of wsscore's readers.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest
from conftest import FIXTURES, messages_of, run_wsscore

from wsscore import InputOptions, score
from wsscore.inputs.encodings import detect
from wsscore.inputs.manifest import load_manifest
from wsscore.scoring.suite import run_suite

THAI = FIXTURES / "thai"
VIETNAMESE = FIXTURES / "vietnamese"
STATS = json.loads((THAI / "pythainlp_stats.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("system", sorted(STATS["systems"]))
def test_thai_word_counts_equal_pythainlps_word_level(system: str) -> None:
    expected = STATS["systems"][system]["total"]["word_level"]
    result = score(THAI / STATS["gold"], [THAI / system]).systems[0]
    assert result.format == "best"  # detected
    counts = result.counts
    assert (counts.gold_words, counts.pred_words, counts.correct) == (
        expected["total_words_in_ref_sample"],
        expected["total_words_in_sample"],
        expected["correctly_tokenized_words"],
    )


@pytest.mark.parametrize("system", sorted(STATS["systems"]))
def test_thai_word_counts_equal_pythainlps_line_by_line(tmp_path: Path, system: str) -> None:
    gold = (THAI / STATS["gold"]).read_text(encoding="utf-8").splitlines()
    predicted = (THAI / system).read_text(encoding="utf-8").splitlines()
    for number, expected in enumerate(STATS["systems"][system]["lines"]):
        (tmp_path / "g.txt").write_text(gold[number] + "\n", encoding="utf-8")
        (tmp_path / "p.txt").write_text(predicted[number] + "\n", encoding="utf-8")
        inputs = InputOptions(input_format="best")
        counts = score(tmp_path / "g.txt", [tmp_path / "p.txt"], inputs=inputs).systems[0].counts
        word_level = expected["word_level"]
        assert (counts.gold_words, counts.pred_words, counts.correct) == (
            word_level["total_words_in_ref_sample"],
            word_level["total_words_in_sample"],
            word_level["correctly_tokenized_words"],
        ), number + 1


def test_thai_recorded_counts_are_the_ones_tested() -> None:
    # The fixture's figures, for a reader of this file (and so that a remade fixture that
    # changes them is noticed): newmm 233 of 255 correct, longest 224 of 255.
    totals = {name: system["total"] for name, system in STATS["systems"].items()}
    assert totals["newmm.best.txt"]["word_level"]["correctly_tokenized_words"] == 233
    assert totals["longest.best.txt"]["word_level"]["correctly_tokenized_words"] == 224
    assert totals["newmm.best.txt"]["char_level"] == {"tp": 247, "fp": 8, "tn": 957, "fn": 8}


def _spans(words: list[str]) -> set[tuple[int, int]]:
    """The character spans of a line's words, one after the other."""
    spans = set()
    at = 0
    for word in words:
        spans.add((at, at + len(word)))
        at += len(word)
    return spans


def _independent_counts(gold: list[list[str]], predicted: list[list[str]]) -> tuple[int, int, int]:
    """Correct, gold and predicted words of two files' words, line by line: the words' spans
    intersected (the lines must spell the same text)."""
    correct = gold_words = pred_words = 0
    for gold_line, pred_line in zip(gold, predicted, strict=True):
        assert "".join(gold_line) == "".join(pred_line)
        gold_spans, pred_spans = _spans(gold_line), _spans(pred_line)
        correct += len(gold_spans & pred_spans)
        gold_words += len(gold_spans)
        pred_words += len(pred_spans)
    return correct, gold_words, pred_words


def _best_words(line: str) -> list[str]:
    """pythainlp's BEST line: every piece between | is a word, but a space (| |)."""
    return [piece for piece in line.split("|") if piece.strip()]


def _tltk_words(line: str) -> list[str]:
    """tltk's line, w|w|<s/>w|<s/>: <s/> is a space of the text, and breaks as | does."""
    return [piece for piece in line.replace("<s/>", "|").split("|") if piece.strip()]


TLTK = THAI / "tltk.txt"


def _newmm_of_tltk(tmp_path: Path) -> Path:
    """newmm's lines of the text that tltk's sample segments: its last 30."""
    lines = (THAI / "newmm.best.txt").read_text(encoding="utf-8").splitlines()
    kept = tmp_path / "newmm30.best.txt"
    kept.write_text("".join(f"{line}\n" for line in lines[-30:]), encoding="utf-8")
    return kept


def test_tltk_as_printed_is_scored_against_newmm(tmp_path: Path) -> None:
    # Refused on 0.1.0 (read as words, with a hint, --pred-word-sep '|', that fails on <s/>).
    newmm = _newmm_of_tltk(tmp_path)
    expected = _independent_counts(
        [_best_words(line) for line in newmm.read_text(encoding="utf-8").splitlines()],
        [_tltk_words(line) for line in TLTK.read_text(encoding="utf-8").splitlines()],
    )
    # tltk joins and splits otherwise than newmm: 209 of newmm's 246 words are tltk's too.
    assert expected == (209, 246, 254)
    for inputs in (InputOptions(), InputOptions(pred_format="best")):
        result = score(newmm, [TLTK], inputs=inputs).systems[0]
        assert result.format == "best"
        counts = result.counts
        assert (counts.correct, counts.gold_words, counts.pred_words) == expected
        assert counts.misaligned_chars == 0
    run = run_wsscore("score", newmm, TLTK, "-f", "json")
    assert run.returncode == 0, run.stderr
    system = json.loads(run.stdout)["systems"][0]
    assert system["format"] == "best"
    cli = system["counts"]
    assert (cli["correct"], cli["gold_words"], cli["pred_words"]) == expected
    # As gold (tltk's sample is a segmentation like any other): the same words, swapped.
    swapped = score(TLTK, [newmm]).systems[0].counts
    assert (swapped.correct, swapped.gold_words, swapped.pred_words) == (209, 254, 246)


def test_tltk_of_every_line_of_the_text(tmp_path: Path) -> None:
    # The 31 lines (tltk's output of the first one, which the sample leaves out, written here
    # as tltk 1.11 printed it): 216 of newmm's 255 words, tltk 262.
    first = "ผม|ชอบ|กิน|ข้าวผัดกุ้ง|ที่|ร้านอาหาร|ใกล้|บ้าน|<s/>\n"
    whole = tmp_path / "tltk31.txt"
    whole.write_text(first + TLTK.read_text(encoding="utf-8"), encoding="utf-8")
    newmm = THAI / "newmm.best.txt"
    expected = _independent_counts(
        [_best_words(line) for line in newmm.read_text(encoding="utf-8").splitlines()],
        [_tltk_words(line) for line in whole.read_text(encoding="utf-8").splitlines()],
    )
    assert expected == (216, 255, 262)
    counts = score(newmm, [whole]).systems[0].counts
    assert (counts.correct, counts.gold_words, counts.pred_words) == expected


def test_tltk_converted_and_back_keeps_its_words_and_spaces(tmp_path: Path) -> None:
    as_best = run_wsscore("convert", TLTK, "--to", "best")
    assert as_best.returncode == 0, as_best.stderr
    # <s/> is written as BEST writes a space of the text; the line's end has none to keep.
    lines = as_best.stdout.splitlines()
    assert lines[9] == "เด็กๆ| |กำลัง|เล่น|ฟุตบอล|อยู่|ใน|สนาม|หลัง|โรงเรียน|"
    assert lines[29] == "ใน|ปี| |พ.ศ.| |2567| |มี|นักท่องเที่ยว|มา|เชียงใหม่|มาก|ขึ้น|"
    for other in ("conllu", "words", "jsonl", "best"):
        there = tmp_path / f"there.{other}"
        converted = run_wsscore("convert", TLTK, "--to", other, "-o", there)
        assert converted.returncode == 0, converted.stderr
        run = run_wsscore("score", TLTK, there, "--pred-format", other, "-f", "json")
        assert run.returncode == 0, (other, run.stderr)
        counts = json.loads(run.stdout)["systems"][0]["counts"]
        assert counts["correct"] == counts["gold_words"] == counts["pred_words"] == 254, other
    conllu = (tmp_path / "there.conllu").read_text(encoding="utf-8").splitlines()
    assert "# text = ในปี พ.ศ. 2567 มีนักท่องเที่ยวมาเชียงใหม่มากขึ้น" in conllu


def _vlsp_spans(path: Path) -> list[set[tuple[int, int]]]:
    """Each line's words as character spans, read here without wsscore: a token's characters
    are its syllables without the _ (and without a /TAG, which pyvi's tags never hold)."""
    spans = []
    for line in path.read_text(encoding="utf-8").splitlines():
        at = 0
        words = set()
        for token in line.split():
            word = token.rsplit("/", 1)[0] if "/" in token[1:] else token
            length = len(word.replace("_", ""))
            words.add((at, at + length))
            at += length
        spans.append(words)
    return spans


@pytest.mark.parametrize("system", ["pyvi.vlsp.txt", "pyvi.pos.vlsp.txt"])
def test_vietnamese_counts_equal_an_independent_count(system: str) -> None:
    gold = _vlsp_spans(VIETNAMESE / "gold.vlsp.txt")
    predicted = _vlsp_spans(VIETNAMESE / system)
    expected = (
        sum(map(len, gold)),
        sum(map(len, predicted)),
        sum(len(g & p) for g, p in zip(gold, predicted, strict=True)),
    )
    # pyvi split 8 words of two syllables that the gold joins, and split kỳ nghỉ hè elsewhere.
    assert expected == (259, 267, 249)
    result = score(VIETNAMESE / "gold.vlsp.txt", [VIETNAMESE / system]).systems[0]
    assert result.format == "vlsp"
    counts = result.counts
    assert (counts.gold_words, counts.pred_words, counts.correct) == expected


def test_vietnamese_tags_of_pyvi_are_read(tmp_path: Path) -> None:
    pos = VIETNAMESE / "pyvi.pos.vlsp.txt"
    lines = pos.read_text(encoding="utf-8").splitlines()
    # Every line's first tag made wrong: 30 of the 267 words lose their tag.
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("".join(line.replace("/", "/X", 1) + "\n" for line in lines), "utf-8")
    assert sum(line.split()[0].count("/") for line in lines) == 30
    result = score(pos, [wrong], tags=True).systems[0]
    assert result.tags is not None
    assert result.tags.as_counts()["tag_correct"] == 267 - 30
    assert result.counts.correct == result.counts.gold_words == 267


def test_stdin_gz_and_thai_legacy_encodings(tmp_path: Path) -> None:
    gold, newmm = THAI / "gold.best.txt", THAI / "newmm.best.txt"
    expected = run_wsscore("score", gold, newmm, "-q")
    assert expected.returncode == 0 and expected.stdout.strip() == "0.914"
    packed = tmp_path / "newmm.best.txt.gz"
    packed.write_bytes(gzip.compress(newmm.read_bytes()))
    assert run_wsscore("score", gold, packed, "-q").stdout == expected.stdout
    for encoding in ("tis-620", "cp874"):
        legacy = tmp_path / f"newmm.{encoding}.txt"
        legacy.write_bytes(newmm.read_text(encoding="utf-8").encode(encoding))
        run = run_wsscore("score", gold, legacy, "--pred-encoding", encoding, "-q")
        assert (run.returncode, run.stdout) == (0, expected.stdout), run.stderr
    import subprocess
    import sys

    piped = subprocess.run(
        [sys.executable, "-m", "wsscore", "score", str(gold), "-", "-q"],
        input=newmm.read_bytes(),
        capture_output=True,
        check=False,
    )
    assert piped.stdout.decode() == expected.stdout


@pytest.mark.parametrize("encoding", ["tis-620", "cp874"])
def test_thai_legacy_encodings_are_detected(tmp_path: Path, encoding: str) -> None:
    text = (THAI / "newmm.best.txt").read_text(encoding="utf-8")
    if encoding == "cp874":
        text = text.replace("ผม|", "\u201cผม\u201d|", 1)  # quotes CP874 adds to TIS-620
    legacy = tmp_path / "legacy.txt"
    legacy.write_bytes(text.encode(encoding))
    assert detect(legacy.read_bytes(), complete=True).name == encoding
    report = score(THAI / "newmm.best.txt", [legacy], inputs=InputOptions(mismatch="align"))
    assert report.systems[0].encoding == encoding
    if encoding == "tis-620":
        assert report.systems[0].counts.correct == report.systems[0].counts.gold_words


@pytest.mark.parametrize(
    "sample",
    [
        "ผม|กิน|".encode("tis-620"),  # too few marks to tell: not taken for Thai
        (FIXTURES / "gbk" / "gold.txt").read_bytes(),
        (FIXTURES / "big5" / "gold.txt").read_bytes(),
        bytes(range(0xA1, 0xFB)) * 4,  # every TIS-620 byte, marks anywhere
    ],
)
def test_other_bytes_are_not_taken_for_thai(sample: bytes) -> None:
    assert detect(sample, complete=True).name not in ("tis-620", "cp874")


def test_a_format_given_overrides_detection() -> None:
    # Read as words, the BEST gold is one word a line: no longer this prediction's text.
    run = run_wsscore(
        "score", THAI / "gold.best.txt", THAI / "newmm.best.txt", "--gold-format", "words"
    )
    assert run.returncode == 2
    assert len(messages_of(run.stderr)) == 1 and "Traceback" not in run.stderr
    inputs = InputOptions(pred_format="vlsp", gold_format="vlsp")
    result = score(VIETNAMESE / "gold.vlsp.txt", [VIETNAMESE / "pyvi.vlsp.txt"], inputs=inputs)
    assert result.systems[0].counts.correct == 249


def test_malformed_line_is_one_line_on_the_command_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.txt"
    bad.write_text("ผม|กิน|\nผม||กิน|\n", encoding="utf-8")
    run = run_wsscore("score", bad, bad, "--input-format", "best")
    assert run.returncode == 2
    assert run.stderr == (
        f"wsscore: error: {bad}:2:4: an empty word: two | with nothing between them (remove "
        "one of the two |; a space of the text is written | |)\n"
    )


@pytest.mark.parametrize(
    ("source", "fmt"),
    [(THAI / "gold.best.txt", "best"), (VIETNAMESE / "gold.vlsp.txt", "vlsp")],
)
def test_convert_round_trips(tmp_path: Path, source: Path, fmt: str) -> None:
    same = run_wsscore("convert", source, "--to", fmt)
    assert same.returncode == 0, same.stderr
    if fmt == "vlsp":
        assert same.stdout == source.read_text(encoding="utf-8")  # identical
    for other in ("conllu", "words", "jsonl"):
        there = tmp_path / f"there.{other}"
        converted = run_wsscore("convert", source, "--to", other, "-o", there)
        assert converted.returncode == 0, converted.stderr
        back = run_wsscore("convert", there, "--to", fmt)
        assert back.returncode == 0, back.stderr
        again = tmp_path / f"back.{fmt}"
        again.write_text(back.stdout, encoding="utf-8")
        # The same words, read back: the scores of the file against itself are perfect.
        run = run_wsscore("score", source, again, "-q")
        assert run.stdout.strip() == "1.000", (other, run.stderr)


def test_best_converted_to_itself_gives_the_same_words_and_spaces() -> None:
    run = run_wsscore("convert", THAI / "gold.best.txt", "--to", "best")
    lines = run.stdout.splitlines()
    assert lines[10] == "เด็ก| |ๆ| |กำลัง|เล่น|ฟุตบอล|อยู่|ใน|สนาม|หลัง|โรงเรียน|"
    # The spans' tags are not kept (they are no text); their words are.
    assert lines[20] == "กรุงเทพมหานคร|เป็น|เมืองหลวง|ของ|ประเทศไทย|"


def test_vlsp_to_conllu_writes_forms_with_spaces() -> None:
    run = run_wsscore("convert", VIETNAMESE / "gold.vlsp.txt", "--to", "conllu")
    lines = run.stdout.splitlines()
    assert lines[:4] == [
        "# sent_id = 1",
        "# text = Hà Nội là thủ đô của Việt Nam .",
        "1\tHà Nội\t_\t_\t_\t_\t0\troot\t_\t_",
        "2\tlà\t_\t_\t_\t_\t1\tdep\t_\t_",
    ]


def test_a_suite_mixes_them(tmp_path: Path) -> None:
    manifest = tmp_path / "suite.toml"
    manifest.write_text(
        f"""
[corpora.thai]
gold = "{THAI / "gold.best.txt"}"
format = "best"

[corpora.vi]
gold = "{VIETNAMESE / "gold.vlsp.txt"}"

[systems]
tool = {{ thai = "{THAI / "newmm.best.txt"}", vi = "{VIETNAMESE / "pyvi.vlsp.txt"}" }}
""",
        encoding="utf-8",
    )
    suite = run_suite(load_manifest(manifest), InputOptions())
    [row] = suite.rows
    results = {corpus: cell.result for corpus, cell in row.cells.items()}
    assert results["thai"] is not None and results["vi"] is not None
    assert results["thai"].counts.correct == 233
    assert (results["vi"].counts.correct, results["vi"].format) == (249, "vlsp")
