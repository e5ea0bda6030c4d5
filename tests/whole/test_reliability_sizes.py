"""Bounded memory on hostile sizes, and an end to every endless input (issue "Reliability",
section 5).

- A prediction that goes on past the end of the gold (endless, junk appended, the wrong file)
  ends with one clear error as soon as it has more text than the gold can match, within the
  limit of its ``--mismatch`` policy (``EXTRA_TEXT_LIMITS``); a little extra text is scored as
  before.
- A long line with one wrong character takes about the memory the same line without it takes.
- Repeated passages (a test set concatenated several times) with long insertions or deletions
  leave every untouched line aligned.

Runs that measure memory go through a small supervisor process whose only child is
``wsscore``, so that ``RUSAGE_CHILDREN`` is that child's peak; a run that has not ended at its
timeout is killed, its status ``"timeout"``. No test here asserts a time (on a shared machine
that fails at random): the times of the same shapes are the benchmarks'
(``benchmarks/bench_long_lines.py``, ``benchmarks/bench_shapes.py``). Every run on files
checks that each input file is byte-identical afterwards. Expected counts are derived from how
the data is built, never from wsscore's own output.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import ROOT, messages_of

from wsscore import InputOptions, score
from wsscore.align import parallel, stretch
from wsscore.align.limits import EXTRA_TEXT_LIMITS
from wsscore.errors import Warnings, WsscoreError

# Disjoint alphabets: junk never matches the gold by chance.
GOLD_CHARS = (
    "的一是在不了有和人中大為上個國我以要他時來用們生到作地於出就分對成會可主發年動同工也能下"
    "過子說產種面而方後多定行學法所民得經十三之進著等部度家電力里如水化高自二理起小物現實"
)
JUNK_CHARS = "乾坤震巽坎離艮兌"


def make_lines(rng: random.Random, count: int, alphabet: str, words: tuple[int, int]) -> list[str]:
    """Lines of ``words`` (min, max) words of 1 to 3 characters each."""
    return [
        " ".join(
            "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 3)))
            for _ in range(rng.randint(*words))
        )
        for _ in range(count)
    ]


def words_of(lines: list[str]) -> int:
    return sum(len(line.split()) for line in lines)


def chars_of(lines: list[str]) -> int:
    return sum(len(line.replace(" ", "")) for line in lines)


def write(path: Path, lines: list[str]) -> Path:
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")
    return path


# --- running the command line as a measured child ------------------------------------------------

SUPERVISOR = r"""
import json, resource, subprocess, sys, tempfile, threading
args, endless, timeout = json.loads(sys.argv[1])
with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
    child = subprocess.Popen(
        [sys.executable, "-m", "wsscore", *args],
        stdin=subprocess.PIPE if endless else subprocess.DEVNULL, stdout=out, stderr=err,
    )
    if endless:
        def chunks():
            # "{n}" in the text counts up, line by line (CoNLL-U word IDs 1, 2, 3...).
            if "{n}" not in endless:
                chunk = endless.encode("utf-8") * 4096
                while True:
                    yield chunk
            n = 0
            while True:
                yield "".join(endless.replace("{n}", str(n := n + 1)) for _ in range(4096)).encode()
        def feed():
            try:
                for chunk in chunks():
                    child.stdin.write(chunk)
            except (BrokenPipeError, OSError, ValueError):
                pass
        threading.Thread(target=feed, daemon=True).start()
    try:
        status = child.wait(timeout)
    except subprocess.TimeoutExpired:
        child.kill()
        child.wait()
        status = "timeout"
    peak_kb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    out.seek(0)
    err.seek(0)
    print(json.dumps({"status": status, "peak_mb": peak_kb / 1024,
                      "stdout": out.read().decode("utf-8", "replace"),
                      "stderr": err.read().decode("utf-8", "replace")}))
"""


def run_measured(*args: str | Path, endless: str | None = None, timeout: float = 30) -> dict:
    """Run ``wsscore ARGS`` (standard input: ``endless`` repeated forever, if given, with
    ``{n}`` in it counting up from 1); its exit
    status (``"timeout"`` when killed at ``timeout``), peak memory in MB, standard output and
    error. Every file among the
    arguments must be byte-identical afterwards."""
    files = [Path(a) for a in args if isinstance(a, Path)]
    before = [path.read_bytes() for path in files]
    spec = json.dumps([[str(a) for a in args], endless, timeout])
    result = subprocess.run(
        [sys.executable, "-c", SUPERVISOR, spec],
        capture_output=True,
        cwd=ROOT,
        timeout=timeout + 30,
        check=True,
    )
    assert [path.read_bytes() for path in files] == before, "an input file was changed"
    return json.loads(result.stdout)


def one_error_line(run: dict) -> str:
    lines = messages_of(run["stderr"])  # each its first line and its detail
    assert len(lines) == 1, run["stderr"]
    assert lines[0].startswith("wsscore: error: "), lines[0]
    return lines[0]


def counts_of(run: dict) -> dict[str, int]:
    assert run["status"] == 0, run["stderr"]
    return json.loads(run["stdout"])["systems"][0]["counts"]


def allowed(policy: str, gold_lines: list[str]) -> int:
    """The documented limit of text past the gold's end: a share of its characters, a floor."""
    limit = EXTRA_TEXT_LIMITS[policy]
    return max(limit.floor, int(limit.share * chars_of(gold_lines)))


@pytest.fixture(scope="module")
def gold_2000(tmp_path_factory) -> tuple[Path, list[str]]:
    lines = make_lines(random.Random(1), 2000, GOLD_CHARS, (5, 15))
    return write(tmp_path_factory.mktemp("gold") / "gold.txt", lines), lines


# --- 1. text past the end of the gold ------------------------------------------------------------


@pytest.mark.parametrize("policy", ["warn", "align"])
def test_an_endless_prediction_ends_with_an_error_at_the_limit(gold_2000, policy):
    gold, gold_lines = gold_2000
    run = run_measured("score", gold, "-", "--mismatch", policy, endless="乾 坤\n")
    assert run["status"] == 2, run
    assert run["peak_mb"] < 200, run
    line = one_error_line(run)
    # The junk differs from the first gold line on: one stretch holds the whole gold, and the
    # prediction ("乾坤", 2 characters a line) may exceed it by the limit. The error comes at
    # the first line past that: 2 * lines > gold characters + limit.
    gold_chars = chars_of(gold_lines)
    limit = allowed(policy, gold_lines)
    reached = (gold_chars + limit) // 2 + 1
    assert "<stdin>: the prediction goes on past the end of the gold: " in line
    assert f"the gold ends at line 2000, and by line {reached} the prediction has" in line
    assert f"(the limit is {limit}: " in line
    assert "several files concatenated, or the wrong file?" in line


def test_an_endless_prediction_under_error_is_refused_at_its_first_line(gold_2000):
    gold, _ = gold_2000
    run = run_measured("score", gold, "-", "--mismatch", "error", endless="乾 坤\n")
    assert run["status"] == 2 and run["peak_mb"] < 200, run
    line = one_error_line(run)
    assert "prediction line 1 col 1 has '乾'" in line
    # Its lines are counted no further than 2 * 2000 + 10,000 more than read.
    counted = re.search(r"the gold has 2000 lines, the prediction more than (\d+);", line)
    assert counted is not None and int(counted.group(1)) > 14_000, line


@pytest.mark.slow
@pytest.mark.parametrize("blank", ["\n", " \n"])
def test_endless_empty_lines_end_too(gold_2000, tmp_path, blank):
    from wsscore.align.limits import BLANK_LINES_PAST_END

    gold, gold_lines = gold_2000
    run = run_measured("score", gold, "-", endless=blank)  # a stretch from the first line
    assert run["status"] == 2 and run["peak_mb"] < 200, run
    line = one_error_line(run)
    assert "the prediction goes on past the end of the gold" in line
    assert f"lines of white space (the limit is {BLANK_LINES_PAST_END:,})" in line
    # After the gold's lines, past its end: lines of white space are not text, but they end.
    pred = write(tmp_path / "pred.txt", gold_lines)
    with pred.open("a", encoding="utf-8") as more:
        more.write(blank * (BLANK_LINES_PAST_END + 1))
    run = run_measured("score", gold, pred)
    assert run["status"] == 2 and run["peak_mb"] < 200, run
    line = one_error_line(run)
    assert f"by line {2000 + BLANK_LINES_PAST_END + 1} the prediction has " in line
    assert f"has {BLANK_LINES_PAST_END + 1:,} lines of white space" in line


@pytest.mark.slow
@pytest.mark.parametrize(
    ("policy", "junk_line"),
    [("warn", "乾坤 震巽坎"), ("align", "乾坤 震巽坎"), ("warn", "離")],
)
def test_junk_appended_is_refused_at_the_line_past_the_limit(
    tmp_path, gold_2000, policy, junk_line
):
    gold, gold_lines = gold_2000
    # 8 MB of junk after the gold: reading all of it took seconds and gigabytes before.
    junk = [junk_line] * 800_000
    pred = write(tmp_path / "pred.txt", gold_lines + junk)
    run = run_measured("score", gold, pred, "--mismatch", policy)
    assert run["status"] == 2 and run["peak_mb"] < 150, run
    line = one_error_line(run)
    # The gold is matched exactly; the junk adds len(junk_line) characters a line past its end.
    size = len(junk_line.replace(" ", ""))
    over = allowed(policy, gold_lines) // size + 1  # the first junk line beyond the limit
    assert f"the gold ends at line 2000, and by line {2000 + over} the prediction" in line
    assert f"has {over * size} characters more than the gold can match" in line
    advice = "--mismatch align takes as much again as the gold"
    assert (advice in line) == (policy == "warn")


@pytest.mark.parametrize(
    ("policy", "extra_chars", "refused"),
    [
        ("warn", 40, False),  # a few words past the end: scored as before
        ("warn", 10_000, False),  # exactly the floor
        ("warn", 10_001, True),
        ("align", 200_000, False),
        ("align", 200_001, True),
        ("error", 1, True),
    ],
)
def test_text_past_the_end_is_scored_exactly_up_to_the_limit(policy, extra_chars, refused):
    rng = random.Random(2)
    gold = make_lines(rng, 300, GOLD_CHARS, (3, 8))  # its 10% is below the floor
    # Extra lines of words of 2 characters, the last one cut to reach ``extra_chars``.
    extra_words = ["乾坤"] * (extra_chars // 2) + ["離"] * (extra_chars % 2)
    extra = [" ".join(extra_words[k : k + 50]) for k in range(0, len(extra_words), 50)]
    if refused:
        with pytest.raises(WsscoreError):
            score(
                gold,
                [gold + extra],
                inputs=InputOptions(mismatch=policy, warnings=Warnings(quiet=True)),
            )
        return
    report = score(
        gold,
        [gold + extra],
        inputs=InputOptions(mismatch=policy, warnings=Warnings(quiet=True)),
        keep_sentences=True,
    )
    counts = report.systems[0].counts
    gold_words, extra_count = words_of(gold), len(extra_words)
    assert counts.as_tuple() == (
        gold_words,
        gold_words + extra_count,
        gold_words,  # correct
        0,
        0,
        0,  # substitutions
        extra_count,  # insertions
        0,  # deletions
        1,  # one sentence: the one after the gold's last
        extra_chars,
    )
    last = report.systems[0].sentences[-1]
    assert last == (301, (0, extra_count, 0, 0, 0, 0, extra_count, 0, 1, extra_chars))


@pytest.mark.parametrize("last_line", ["same", "differs"])
@pytest.mark.parametrize("blank", ["", "  \u3000\t"])
def test_lines_of_white_space_past_the_end_are_not_text(last_line, blank):
    # 30,000 of them after a gold of 300 lines (its limit: the floor, 10,000 characters) were
    # counted as characters and refused ("PKU's gold with 30,000 trailing blank lines").
    rng = random.Random(6)
    gold = make_lines(rng, 300, GOLD_CHARS, (3, 8))
    pred = list(gold)
    if last_line == "differs":  # a stretch is open when the gold ends
        pred[-1] = "乾" + pred[-1][1:]
    report = score(
        gold,
        [pred + [blank] * 30_000],
        inputs=InputOptions(warnings=Warnings(quiet=True)),
    )
    counts = report.systems[0].counts
    words = words_of(gold)
    differs = last_line == "differs"
    assert (counts.gold_words, counts.pred_words) == (words, words)
    assert counts.correct == words - differs
    assert (counts.misaligned_lines, counts.misaligned_chars) == (differs, differs)


@pytest.mark.slow
def test_pku_with_blank_lines_after_its_end_is_scored(tmp_path, icwb2):
    gold = icwb2 / "gold" / "pku_test_gold.utf8"
    pred = tmp_path / "pred.txt"
    pred.write_bytes(gold.read_bytes() + b"\n" * 30_000)
    counts = counts_of(run_measured("score", gold, pred, "-f", "json"))
    words = len(gold.read_text(encoding="utf-8").split())
    assert counts["gold_words"] == counts["pred_words"] == counts["correct"] == words
    assert counts["misaligned_chars"] == 0


@pytest.mark.slow
def test_a_prediction_of_another_text_with_long_lines_stays_bounded(tmp_path, gold_2000):
    gold, gold_lines = gold_2000
    # The first 100 lines right, then junk lines of 100,000 characters each, 100 MB in all:
    # the differing stretch reads them only while they may still match the gold.
    junk = [" ".join(["乾坤震巽坎"] * 20_000)] * 100
    pred = write(tmp_path / "pred.txt", gold_lines[:100] + junk)
    run = run_measured("score", gold, pred, "--mismatch", "align")
    assert run["status"] == 2 and run["peak_mb"] < 200, run
    assert "the prediction goes on past the end of the gold" in one_error_line(run)


def test_jobs_give_the_same_refusal(tmp_path, gold_2000, monkeypatch):
    gold, gold_lines = gold_2000
    pred = write(tmp_path / "pred.txt", gold_lines + ["乾坤 震巽坎"] * 20_000)
    before = pred.read_bytes(), gold.read_bytes()
    monkeypatch.setattr(parallel, "MIN_PARALLEL_BYTES", 0)  # a chunk ends inside the gold
    messages = []
    for jobs in (1, 2):
        with pytest.raises(WsscoreError) as raised:
            score(gold, [pred], jobs=jobs)
        messages.append(str(raised.value))
    assert messages[0] == messages[1]
    assert "the gold ends at line 2000, and by line 4001 the prediction" in messages[0]
    assert (pred.read_bytes(), gold.read_bytes()) == before


# --- 2. one wrong character in a long line -------------------------------------------------------


@pytest.fixture(scope="module")
def long_line(tmp_path_factory) -> tuple[Path, Path, Path, int]:
    """A 5 MB gold line of 700,000 words, the same as prediction, and with one character of its
    middle word changed."""
    rng = random.Random(3)
    words = [
        "".join(rng.choice(GOLD_CHARS) for _ in range(rng.choice((1, 2, 2, 3))))
        for _ in range(700_000)
    ]
    folder = tmp_path_factory.mktemp("long")
    gold = write(folder / "gold.txt", [" ".join(words)])
    same = write(folder / "same.txt", [" ".join(words)])
    middle = len(words) // 2
    words[middle] = "乾" + words[middle][1:]
    wrong = write(folder / "wrong.txt", [" ".join(words)])
    return gold, same, wrong, len(words)


@pytest.mark.slow
@pytest.mark.parametrize("extra", [[], ["--extra"]], ids=["plain", "extra"])
def test_one_wrong_character_costs_about_what_the_line_costs(long_line, extra, monkeypatch):
    gold, same, wrong, words = long_line
    options = ["--mismatch", "align", "-f", "json", *extra]
    # With --extra too, the line's common ends are counted in C, boundaries and all, and only
    # its middle word by word (it was the whole line in Python: 0.8 GB for a 12 MB line).
    base = run_measured("score", gold, same, *options)
    hit = run_measured("score", gold, wrong, *options)
    assert counts_of(base)["correct"] == words
    counts = counts_of(hit)
    # Only the word holding the changed character is wrong, and it is one substitution.
    assert (counts["gold_words"], counts["pred_words"], counts["correct"]) == (
        words,
        words,
        words - 1,
    )
    assert (counts["substitutions"], counts["insertions"], counts["deletions"]) == (1, 0, 0)
    assert (counts["misaligned_lines"], counts["misaligned_chars"]) == (1, 1)
    if extra:
        # The changed word is the one wrong word, with no predicted boundary inside (merged);
        # every boundary is still found: its neighbours end and start at its edges.
        assert (counts["merged_errors"], counts["split_errors"], counts["crossing_errors"]) == (
            1,
            0,
            0,
        )
        assert counts["gold_boundaries"] == counts["correct_boundaries"] == words - 1
    # Before: 10 times the memory (half a gigabyte here) and 8 times the time (the time is
    # benchmarks/bench_long_lines.py's "one character changed" row).
    assert hit["peak_mb"] <= 1.5 * base["peak_mb"] + 30, (base, hit)


def positions_cases() -> list[tuple[str, int, str]]:
    return [
        ("first word", 0, "change"),
        ("second word", 1, "change"),
        ("middle", 1500, "change"),
        ("last word", 2999, "change"),
        ("inserted character", 1500, "insert"),
        ("deleted word", 1500, "delete"),
        ("resegmented next to it", 1500, "merge"),
    ]


@pytest.mark.parametrize("line_after", [False, True], ids=["last line", "line after"])
@pytest.mark.parametrize(("name", "at", "edit"), positions_cases())
def test_cutting_a_long_line_changes_no_number(monkeypatch, name, at, edit, line_after):
    """The common ends of a long stretch are counted apart (stretch._Cut); every count,
    per-sentence record, word mark and place named must be what the whole stretch gives."""
    rng = random.Random(4)
    words = [
        "".join(rng.choice(GOLD_CHARS) for _ in range(rng.choice((1, 2, 3)))) for _ in range(3000)
    ]
    dictionary = set(rng.sample(words, 1000))
    changed = list(words)
    if edit == "change":
        changed[at] = "乾" + changed[at][1:]
    elif edit == "insert":
        changed[at] = changed[at] + "乾"
    elif edit == "delete":
        del changed[at]
    else:
        changed[at : at + 2] = [changed[at] + changed[at + 1]]
        changed[at + 3] = "坤" + changed[at + 3]
    after = ["結 束"] if line_after else []  # else the stretch ends inside the long line
    gold = ["開 始", " ".join(words), *after]
    pred = ["開 始", " ".join(changed[:2000]) + "\u3000" + " ".join(changed[2000:]), *after]

    def run() -> tuple:
        details: list = []
        report = score(
            gold,
            [pred],
            inputs=InputOptions(
                dictionary=dictionary, mismatch="align", warnings=Warnings(quiet=True)
            ),
            keep_sentences=True,
            on_detail=lambda _, detail: details.append(detail),
        )
        system = report.systems[0]
        return system.counts, system.sentences, system.divergences, details

    cuts = []
    find = stretch._Cut.find

    def spy(*args):
        cuts.append(find(*args))
        return cuts[-1]

    monkeypatch.setattr(stretch._Cut, "find", spy)
    cut = run()
    assert any(found is not None for found in cuts), "the long line was not cut"
    if edit == "change":  # one word wrong, one substitution, one character differs
        counts = cut[0]
        gold_words = len(words) + 2 + 2 * len(after)
        assert (counts.gold_words, counts.pred_words, counts.correct) == (
            gold_words,
            gold_words,
            gold_words - 1,
        )
        assert (counts.substitutions, counts.insertions, counts.deletions) == (1, 0, 0)
        assert (counts.misaligned_lines, counts.misaligned_chars) == (1, 1)
    monkeypatch.setattr(stretch, "CUT_MIN_CHARS", 10**9)
    assert cut == run()


# --- 3. repeated passages ------------------------------------------------------------------------


def repeated_cases() -> dict[str, tuple[list[str], list[str], set[int], dict[int, int]]]:
    """gold, prediction, the gold lines (1-based) the prediction lacks, and the lines before
    which junk is inserted with its word count (their own words stay right), by construction."""
    rng = random.Random(5)
    base = make_lines(rng, 200, GOLD_CHARS, (15, 25))
    other = make_lines(rng, 3000, GOLD_CHARS, (15, 25))  # a passage of another text
    junk = make_lines(rng, 3000, JUNK_CHARS, (3, 8))
    gold = base * 4
    at = 277  # inside the second copy
    twenty = base * 20
    mixed_gold = gold[:at] + other[:1000] + gold[at:600]
    mixed_pred = (
        gold[:50] + junk[1000:2500] + gold[50:at] + gold[at:420] + gold[480:600] + junk[2500:2600]
    )
    return {
        # (a) 3,000 junk lines inserted in the second copy; also 300, and with 20 copies (both
        # took a whole copy for the junk before)
        "junk inserted": (gold, gold[:at] + junk + gold[at:], set(), {at + 1: words_of(junk)}),
        "300 junk lines inserted": (
            gold,
            gold[:at] + junk[:300] + gold[at:],
            set(),
            {at + 1: words_of(junk[:300])},
        ),
        "junk inserted, 20 copies": (
            twenty,
            twenty[:at] + junk + twenty[at:],
            set(),
            {at + 1: words_of(junk)},
        ),
        # (b) a passage of 3,000 lines the prediction lacks; 60 lines deleted in a copy
        "passage deleted": (
            base * 2 + base[:120] + other + base[120:] + base,
            base * 4,
            set(range(521, 3521)),
            {},
        ),
        "60 lines deleted": (gold, gold[:at] + gold[at + 60 :], set(range(at + 1, at + 61)), {}),
        # (c) junk inserted in the first copy, a passage the prediction lacks, 60 lines
        # deleted, junk past the end
        "mixed": (
            mixed_gold,
            mixed_pred,
            set(range(at + 1, at + 1001)) | set(range(1421, 1481)),
            {51: words_of(junk[1000:2500])},
        ),
    }


@pytest.mark.parametrize("case", list(repeated_cases()))
def test_repeated_passages_keep_every_untouched_line_aligned(case):
    gold, pred, missing, inserted = repeated_cases()[case]
    report = score(
        gold,
        [pred],
        inputs=InputOptions(mismatch="align", warnings=Warnings(quiet=True)),
        keep_sentences=True,
    )
    records = dict(report.systems[0].sentences)
    for number, line in enumerate(gold, 1):
        words = len(line.split())
        record = records[number]
        if number in missing:
            assert record == (words, 0, 0, 0, 0, 0, 0, words, 1, len(line.replace(" ", ""))), number
        elif number in inserted:
            junk_words = inserted[number]
            assert record[:3] == (words, words + junk_words, words), number
            assert record[6:9] == (junk_words, 0, 1), number
        else:
            assert record == (words, words, words, 0, 0, 0, 0, 0, 0, 0), number
    # Totals by construction: the junk is inserted, the missing lines deleted, nothing else.
    gold_words, pred_words = words_of(gold), words_of(pred)
    missing_words = sum(len(gold[number - 1].split()) for number in missing)
    junk_words = pred_words - (gold_words - missing_words)
    counts = report.systems[0].counts
    assert (counts.correct, counts.substitutions) == (gold_words - missing_words, 0)
    assert (counts.insertions, counts.deletions) == (junk_words, missing_words)


# --- 4. endless lines and sentences, refused while they are read (issue 21, item 8) --------------

# Word lines numbered 1, 2, 3...: a sentence that never ends, each line valid CoNLL-U.
CONLLU_WORD = "{n}\t乾\t_\tX\t_\t_\t0\troot\t_\t_\n"


@pytest.mark.slow
@pytest.mark.parametrize(
    ("endless", "options", "refusal"),
    [
        ("乾坤 震巽 ", [], "<stdin>:1: line is longer than "),
        (CONLLU_WORD, ["--pred-format", "conllu"], "<stdin>:1: the sentence that starts here "),
        ("乾 B\n坤 E\n", ["--pred-format", "chars"], "<stdin>:1: the sentence that starts here "),
        (CONLLU_WORD, [], "<stdin>:1: the sentence that starts here "),  # detected as conllu
        ("乾\t名詞\n", ["--pred-format", "mecab"], "<stdin>:1: the sentence that starts here "),
    ],
)
def test_an_endless_line_or_sentence_is_refused_as_it_grows(gold_2000, endless, options, refusal):
    gold, _ = gold_2000
    run = run_measured("score", gold, "-", *options, endless=endless)
    assert run["status"] == 2, run
    line = one_error_line(run)
    assert refusal in line
    if "sentence" in refusal:  # the end of a sentence of its format is named
        end = "an EOS line ends a mecab" if "mecab" in options else "a blank line ends a"
        assert f"({end}" in line, line
    # Bounded by what the gold can match: its size, and the most the aligner takes past its end.
    assert "has not ended" in line and "what its gold can match" in line


@pytest.mark.slow
def test_an_endless_conllu_gold_is_refused_at_the_sentence_limit(gold_2000):
    from wsscore.inputs.formats import MAX_SENTENCE_CHARS

    gold, _ = gold_2000
    run = run_measured("score", "-", gold, "--gold-format", "conllu", endless=CONLLU_WORD)
    assert run["status"] == 2, run
    line = one_error_line(run)
    # A gold from a stream is held to what its prediction can match, as a prediction is to
    # what its gold can (issue 34, item 6), below the default.
    size = gold.stat().st_size
    most = min(MAX_SENTENCE_CHARS, size + EXTRA_TEXT_LIMITS["align"].allowed(size))
    assert f"<stdin>:1: the sentence that starts here has more than {most:,} " in line


def test_a_prediction_of_the_whole_gold_in_one_line_is_within_the_limits(tmp_path, gold_2000):
    # The tightest a prediction's line may be: every gold character and the spaces, once.
    gold, gold_lines = gold_2000
    pred = write(tmp_path / "pred.txt", [" ".join(gold_lines)])
    counts = counts_of(run_measured("score", gold, pred, "-f", "json"))
    assert counts["gold_words"] == counts["pred_words"] == counts["correct"] == words_of(gold_lines)


@pytest.mark.slow
def test_a_prediction_may_give_a_long_gold_line_as_one_sentence(tmp_path):
    # A gold line of 1.2 million characters: more than a CoNLL-U sentence holds by default
    # (MAX_SENTENCE_CHARS), but what its gold can match bounds a prediction, not the default.
    words = ["乾坤"] * 600_000
    gold = write(tmp_path / "gold.txt", [" ".join(words)])
    rows = "".join(f"{i}\t{word}\t_\tX\t_\t_\t0\tdep\t_\t_\n" for i, word in enumerate(words, 1))
    pred = tmp_path / "pred.conllu"
    pred.write_text(rows, encoding="utf-8")
    counts = counts_of(run_measured("score", gold, pred, "-f", "json", timeout=120))
    assert counts["gold_words"] == counts["pred_words"] == counts["correct"] == 600_000


# --- 5. a prediction that ends early, and an endless gold (issue 34, item 6) ---------------------

# A gold of one character a line: the most lines, and so the most work, for its size. Fewer
# for the plain Python reference, which takes longer a line: the stretch the old code kept
# (about 470 bytes a line) would still be 70 MB, past the bound of 30 MB more than the base run.
ONE_CHARACTER_LINES = 400_000
PYTHON_LINES = 150_000


@pytest.fixture(scope="module")
def one_character_gold(tmp_path_factory) -> Path:
    return write(tmp_path_factory.mktemp("ends") / "gold.txt", ["字"] * ONE_CHARACTER_LINES)


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["c", "python"])
def test_a_prediction_that_ends_early_costs_about_what_reading_the_gold_costs(
    tmp_path, one_character_gold, backend, monkeypatch
):
    lines = ONE_CHARACTER_LINES
    if backend == "python":
        monkeypatch.setenv("WSSCORE_PURE_PYTHON", "1")
        lines = PYTHON_LINES
        one_character_gold = write(tmp_path / "gold.txt", ["字"] * lines)
    pred = write(tmp_path / "pred.txt", ["字"] * 4)
    # The gold's lines past the prediction's end were all kept in one differing stretch: 0.7 GB
    # and 30 seconds for 1.5 million of them; now they are counted as they are read (the time:
    # benchmarks/bench_shapes.py's row of a prediction of its first 4 lines).
    base = run_measured("score", one_character_gold, one_character_gold, "-f", "json")
    run = run_measured("score", one_character_gold, pred, "--mismatch", "align", "-f", "json")
    missing = lines - 4
    counts = counts_of(run)
    assert (counts["gold_words"], counts["pred_words"], counts["correct"]) == (lines, 4, 4)
    assert (counts["deletions"], counts["misaligned_lines"], counts["misaligned_chars"]) == (
        missing,
        missing,
        missing,
    )
    assert run["peak_mb"] <= base["peak_mb"] + 30, (base, run)
    refused = run_measured("score", one_character_gold, pred)
    assert refused["status"] == 2 and refused["peak_mb"] <= base["peak_mb"] + 30, refused
    assert f"{missing} of {lines} sentences" in one_error_line(refused)


def _read_then(line: str) -> tuple[int, int, int, int]:
    """The excess, the limit, the gold's characters it is a share of, and the floor, from a
    refusal of a gold that goes on past the prediction's end."""
    found = re.search(
        r"the gold has (\d+) characters more than the prediction can match \(the limit is "
        r"(\d+): \d+% of the (\d+) characters of the gold read by then, and at least (\d+)\)",
        line,
    )
    assert found is not None, line
    excess, limit, chars, floor = map(int, found.groups())
    return excess, limit, chars, floor


@pytest.mark.slow
@pytest.mark.parametrize(("policy", "share"), [("warn", 0.1), ("align", 1.0)])
def test_an_endless_gold_is_refused_past_the_end_of_the_prediction(tmp_path, policy, share):
    pred = write(tmp_path / "pred.txt", ["字 字", "字"])
    run = run_measured("score", "-", pred, "--mismatch", policy, endless="字\n")
    assert run["status"] == 2 and run["peak_mb"] < 200, run
    line = one_error_line(run)
    assert line.startswith(
        "wsscore: error: <stdin>: the gold goes on past the end of the prediction: the "
        "prediction ends at line 2, and by line "
    ), line
    excess, limit, chars, floor = _read_then(line)
    assert floor == EXTRA_TEXT_LIMITS[policy].floor
    assert limit == max(floor, int(share * chars)) < excess
    assert "is the gold's stream endless, or the prediction cut short?" in line


@pytest.mark.slow
def test_an_endless_gold_under_error_is_refused_at_its_first_line_past_the_prediction(tmp_path):
    pred = write(tmp_path / "pred.txt", ["字 字", "字"])
    run = run_measured("score", "-", pred, "--mismatch", "error", endless="字\n")
    assert run["status"] == 2 and run["peak_mb"] < 200, run
    line = one_error_line(run)
    assert "gold line 4 col 1 has '字', the prediction has ended (after line 2)" in line
    # The gold is read on to count its lines no further than 2 * 2 + 10,000 lines.
    counted = re.search(r"the gold has more than (\d+) lines, the prediction 2;", line)
    assert counted is not None and int(counted.group(1)) > 10_004, line


@pytest.mark.slow
def test_an_endless_gold_line_is_refused_at_what_the_predictions_can_match(tmp_path):
    from wsscore.scoring.opened import BYTES_PER_CHARACTER

    pred = write(tmp_path / "pred.txt", ["字 字", "字"])
    size = pred.stat().st_size
    run = run_measured("score", "-", pred, endless="字 ")
    assert run["status"] == 2 and run["peak_mb"] < 200, run
    most = BYTES_PER_CHARACTER * (size + EXTRA_TEXT_LIMITS["align"].allowed(size))
    line = one_error_line(run)
    assert f"<stdin>:1: line is longer than {most:,} bytes and has not ended" in line
    assert "a gold's read from a stream what its predictions can" in line
