"""--jobs: worker processes give the single-process result in every figure."""

from __future__ import annotations

import json
import random

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wsscore import InputOptions, score
from wsscore.align import parallel
from wsscore.cli.app import cli

VOCABULARY = [
    "中国",
    "人民",
    "银行",
    "的",
    "了",
    "发展",
    "经济",
    "北京大学",
    "在",
    "和",
    "，",
    "。",
]


# Before the fixture below lowers it for every test.
MIN_PARALLEL_BYTES = parallel.MIN_PARALLEL_BYTES


@pytest.fixture(autouse=True)
def small_files_go_parallel(monkeypatch):
    # The pool starts only for large golds; these tests use small ones.
    monkeypatch.setattr(parallel, "MIN_PARALLEL_BYTES", 0)


def _corpus(lines: int, seed: int) -> list[list[str]]:
    rng = random.Random(seed)
    return [[rng.choice(VOCABULARY) for _ in range(rng.randint(1, 15))] for _ in range(lines)]


def _segment(sentences: list[list[str]], seed: int, error_rate: float) -> list[str]:
    """A prediction: the gold's words, some split into characters or merged with the next."""
    rng = random.Random(seed)
    out = []
    for words in sentences:
        text = "".join(words)
        cuts = set()
        position = 0
        for word in words:
            position += len(word)
            cuts.add(position)
        for position in range(1, len(text)):
            if rng.random() < error_rate:
                cuts ^= {position}
        line, previous = [], 0
        for position in sorted(cuts | {len(text)}):
            if position > previous:
                line.append(text[previous:position])
            previous = position
        out.append(" ".join(line))
    return out


def _write(path, lines: list[str], encoding: str = "utf-8") -> str:
    path.write_bytes(("\n".join(lines) + "\n").encode(encoding))
    return str(path)


def _same(a, b) -> None:
    assert a.gold == b.gold
    assert [s.name for s in a.systems] == [s.name for s in b.systems]
    for x, y in zip(a.systems, b.systems, strict=True):
        assert x.counts == y.counts
        assert x.metrics == y.metrics
        assert x.pred_lines == y.pred_lines
        assert x.sentences == y.sentences
    assert a.signature == b.signature
    assert a.warnings == b.warnings


@pytest.fixture(scope="module")
def corpus():
    return _corpus(3000, seed=1)


def test_jobs_give_the_same_report(tmp_path, corpus, monkeypatch):
    gold = _write(tmp_path / "gold.txt", [" ".join(words) for words in corpus])
    preds = [
        _write(tmp_path / f"p{k}.txt", _segment(corpus, seed=k, error_rate=0.1)) for k in range(3)
    ]
    words = _write(tmp_path / "words.txt", VOCABULARY[:6])
    calls = []
    original = parallel.score_parallel
    monkeypatch.setattr(
        parallel, "score_parallel", lambda *a, **k: calls.append(1) or original(*a, **k)
    )
    one = score(gold, preds, inputs=InputOptions(dictionary=words), jobs=1, keep_sentences=True)
    assert not calls
    two = score(gold, preds, inputs=InputOptions(dictionary=words), jobs=2, keep_sentences=True)
    assert calls
    _same(one, two)
    assert one.systems[0].counts.correct < one.systems[0].counts.gold_words  # not trivial


def test_the_chunks_really_are_scored_apart(tmp_path, corpus):
    gold = _write(tmp_path / "gold.txt", [" ".join(words) for words in corpus])
    pred = _write(tmp_path / "pred.txt", _segment(corpus, seed=5, error_rate=0.2))
    one = score(gold, [pred], jobs=1)
    result = parallel.score_parallel(
        parallel_file(gold),
        [parallel_file(pred)],
        None,
        2,
        by_sentence=True,
        stop_at_first_mismatch=False,
    )
    assert result is not None
    assert result.totals[0] == one.systems[0].counts
    assert [line for line, _ in result.sentences[0]] == list(range(1, len(corpus) + 1))


def parallel_file(path: str):
    from wsscore.errors import Warnings
    from wsscore.inputs.reading import open_text

    return open_text(path, "auto", warnings=Warnings(quiet=True))


def _in_chunks(gold: str, pred: str) -> bool:
    """Whether the worker processes' result stands (else one process scores it all)."""
    result = parallel.score_parallel(
        parallel_file(gold),
        [parallel_file(pred)],
        None,
        2,
        by_sentence=False,
        stop_at_first_mismatch=False,
    )
    return result is not None


def test_line_breaks_that_differ(tmp_path, corpus):
    # The prediction moves a word to the next line every 50 lines (as the official MSR test
    # input does with a quotation mark): counts stay exact, whatever the cuts.
    gold_lines = [" ".join(words) for words in corpus]
    pred_lines = _segment(corpus, seed=3, error_rate=0.05)
    for i in range(0, len(pred_lines) - 1, 50):
        words = pred_lines[i].split()
        if len(words) > 1:
            pred_lines[i] = " ".join(words[:-1])
            pred_lines[i + 1] = words[-1] + " " + pred_lines[i + 1]
    gold = _write(tmp_path / "gold.txt", gold_lines)
    pred = _write(tmp_path / "pred.txt", pred_lines)
    one = score(gold, [pred], jobs=1, keep_sentences=True)
    two = score(gold, [pred], jobs=2, keep_sentences=True)
    _same(one, two)
    assert one.systems[0].counts.misaligned_chars == 0
    assert _in_chunks(gold, pred)


def test_every_line_moved_falls_back_to_one_process(tmp_path, corpus):
    # No two equal line pairs anywhere: no cut can be placed; the result is still the same.
    gold_lines = [" ".join(words) for words in corpus]
    text = " ".join(gold_lines).split()
    pred_lines = [" ".join(text[i : i + 7]) for i in range(0, len(text), 7)]
    gold = _write(tmp_path / "gold.txt", gold_lines)
    pred = _write(tmp_path / "pred.txt", pred_lines)
    _same(score(gold, [pred], jobs=1), score(gold, [pred], jobs=2))
    assert not _in_chunks(gold, pred)


def test_differing_characters_and_bad_bytes_fall_back(tmp_path, corpus):
    gold_lines = [" ".join(words) for words in corpus]
    pred_lines = _segment(corpus, seed=4, error_rate=0.05)
    pred_lines[1500] = "X" + pred_lines[1500]
    gold = _write(tmp_path / "gold.txt", gold_lines)
    pred = _write(tmp_path / "pred.txt", pred_lines)
    one = score(gold, [pred], jobs=1)
    two = score(gold, [pred], jobs=2)
    _same(one, two)
    assert two.systems[0].counts.misaligned_chars == 1
    assert two.warnings and "1 character(s) on 1 line(s) differ" in two.warnings[0]
    assert not _in_chunks(gold, pred)
    raw = (tmp_path / "pred.txt").read_bytes().replace(b"X", b"\xff", 1)
    (tmp_path / "bad.txt").write_bytes(raw)
    _same(
        score(gold, [str(tmp_path / "bad.txt")], jobs=1),
        score(gold, [str(tmp_path / "bad.txt")], jobs=2),
    )


def test_legacy_encodings_and_bootstrap(tmp_path, corpus):
    gold = _write(tmp_path / "gold.txt", [" ".join(words) for words in corpus], "gbk")
    pred = _write(tmp_path / "pred.txt", _segment(corpus, seed=6, error_rate=0.1), "gb18030")
    one = score(gold, [pred], ci="bootstrap", samples=200, jobs=1)
    two = score(gold, [pred], ci="bootstrap", samples=200, jobs=2)
    _same(one, two)


@pytest.mark.slow
def test_cli_jobs_zero_means_every_core(tmp_path, corpus):
    gold = _write(tmp_path / "gold.txt", [" ".join(words) for words in corpus])
    pred = _write(tmp_path / "pred.txt", _segment(corpus, seed=8, error_rate=0.1))
    runner = CliRunner()
    outputs = [
        runner.invoke(cli, ["score", gold, pred, "-f", "json", "-j", jobs]).output
        for jobs in ("1", "2", "0")
    ]
    assert outputs[0] == outputs[1] == outputs[2]
    assert json.loads(outputs[0])["systems"][0]["counts"]["gold_words"] == sum(map(len, corpus))
    compared = [
        runner.invoke(
            cli, ["compare", gold, pred, gold, "--trials", "100", "-f", "json", "-j", jobs]
        ).output
        for jobs in ("1", "2")
    ]
    assert compared[0] == compared[1]


@st.composite
def inputs(draw):
    lines = draw(st.integers(2, 40))
    sentences = _corpus(lines, draw(st.integers(0, 10**6)))
    pred = _segment(sentences, draw(st.integers(0, 10**6)), draw(st.floats(0, 0.5)))
    moves = draw(st.lists(st.integers(0, lines - 2), max_size=4))
    for i in moves:  # move a line break
        words = pred[i].split()
        if len(words) > 1:
            pred[i] = " ".join(words[:-1])
            pred[i + 1] = words[-1] + " " + pred[i + 1]
    return [" ".join(words) for words in sentences], pred


@pytest.mark.slow
@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(inputs())
def test_property_jobs_do_not_change_anything(tmp_path, pair):
    gold_lines, pred_lines = pair
    gold = _write(tmp_path / "gold.txt", gold_lines)
    pred = _write(tmp_path / "pred.txt", pred_lines)
    _same(
        score(gold, [pred], jobs=1, keep_sentences=True),
        score(gold, [pred], jobs=3, keep_sentences=True),
    )


def _moved_breaks(lines: list[str], every: int) -> list[str]:
    """The same text with a line break moved every ``every`` lines (the line's last word goes
    to the next line): such lines are aligned with their words, not counted in one go."""
    out = list(lines)
    for at in range(every, len(out) - 1, every):
        words = out[at].split()
        if len(words) > 1:
            out[at], out[at + 1] = " ".join(words[:-1]), words[-1] + " " + out[at + 1]
    return out


@pytest.mark.slow
def test_extra_and_the_error_analysis_in_parts_are_those_of_one_process(
    tmp_path, corpus, monkeypatch
):
    from wsscore.scoring.error_analysis import analyse

    gold = _write(tmp_path / "gold.txt", [" ".join(words) for words in corpus])
    preds = [
        _write(tmp_path / "p0.txt", _segment(corpus, seed=3, error_rate=0.1)),
        _write(tmp_path / "p1.txt", _moved_breaks(_segment(corpus, seed=4, error_rate=0.2), 97)),
    ]
    inputs = InputOptions(dictionary=_write(tmp_path / "words.txt", VOCABULARY[:6]))
    calls = []
    original = parallel.score_parallel

    def recorded(*args, **kwargs):
        result = original(*args, **kwargs)
        calls.append((kwargs["analysis"], result))
        return result

    monkeypatch.setattr(parallel, "score_parallel", recorded)
    one = score(gold, preds, inputs=inputs, extra=True, jobs=1)
    two = score(gold, preds, inputs=inputs, extra=True, jobs=2)
    # The workers' parts were taken (not thrown away for the single-process run).
    assert calls and all(analysis and result for analysis, result in calls)
    _same(one, two)
    assert [s.extra for s in one.systems] == [s.extra for s in two.systems]
    assert one.systems[1].extra.crossing_errors > 0
    # The distinct words of every chunk, joined in the parent (docs/metrics.md §5.11).
    assert [s.types for s in one.systems] == [s.types for s in two.systems]
    assert all(s.types is not None and s.types.types_pred for s in two.systems)
    for pred in preds:
        calls.clear()
        single = analyse(gold, pred, inputs=inputs, top=10_000, per_line=25, jobs=1)
        parts = analyse(gold, pred, inputs=inputs, top=10_000, per_line=25, jobs=2)
        assert calls and all(analysis and result for analysis, result in calls)
        assert single.as_dict() == parts.as_dict()
        assert single.wrong_words > 0 and single.lines


def test_bootstraps_and_paired_tests_in_threads_are_those_of_one(tmp_path, corpus, monkeypatch):
    """With --jobs, the systems' bootstraps (score) and tests against the baseline (compare)
    run in threads: each system's intervals and p-values are those of one thread."""
    import concurrent.futures

    from wsscore import compare

    gold = _write(tmp_path / "gold.txt", [" ".join(words) for words in corpus[:800]])
    preds = [
        _write(tmp_path / f"p{k}.txt", _segment(corpus[:800], seed=k, error_rate=0.05 * (k + 1)))
        for k in range(4)
    ]
    pools = []
    original = concurrent.futures.ThreadPoolExecutor

    def counted(workers):
        pools.append(workers)
        return original(workers)

    monkeypatch.setattr(concurrent.futures, "ThreadPoolExecutor", counted)
    one = score(gold, preds, ci="bootstrap", samples=200, jobs=1)
    assert not pools
    two = score(gold, preds, ci="bootstrap", samples=200, jobs=2)
    assert pools == [2]
    _same(one, two)
    assert len({s.metrics.f_ci for s in one.systems}) == 4  # four different intervals
    alone = compare(gold, preds[0], preds[1:], samples=200, trials=500, jobs=1)
    threaded = compare(gold, preds[0], preds[1:], samples=200, trials=500, jobs=2)
    assert pools == [2, 2]
    assert alone.as_dict() == threaded.as_dict()


def test_the_cuts_offsets_are_where_their_line_starts_in_every_file(tmp_path, corpus):
    """The plan reads each file once and takes the cuts' offsets from the lines it read after
    each candidate: they are the offsets of the cut's line, counted from the start."""
    gold = _write(tmp_path / "gold.txt", [" ".join(words) for words in corpus])
    preds = [
        _write(tmp_path / "p0.txt", _moved_breaks(_segment(corpus, seed=1, error_rate=0.1), 7)),
        _write(tmp_path / "p1.txt", _segment(corpus, seed=2, error_rate=0.3), "gb18030"),
    ]
    files = [parallel_file(path) for path in (gold, *preds)]
    cuts = parallel.plan(files[0], files[1:], 6)
    assert cuts is not None and len(cuts) > 1
    for cut in cuts:
        assert cut.line % 7 != 0  # not where p0's line break moved
        expected = [parallel._line_starts(path, [cut.line])[0] for path in (gold, *preds)]
        assert list(cut.offsets) == expected
    chunks = parallel.tasks(
        files[0], files[1:], cuts, by_sentence=False, stop_at_first_mismatch=False
    )
    assert [chunk.first_line for chunk in chunks] == [1, *(cut.line + 1 for cut in cuts)]
    for file in files:
        file.close()


def test_below_the_size_where_workers_pay_off_one_process_scores_and_debug_says_so(
    tmp_path, corpus, monkeypatch
):
    gold = _write(tmp_path / "gold.txt", [" ".join(words) for words in corpus])
    pred = _write(tmp_path / "pred.txt", _segment(corpus, seed=5, error_rate=0.1))
    size = (tmp_path / "gold.txt").stat().st_size
    monkeypatch.setattr(parallel, "MIN_PARALLEL_BYTES", size + 1)
    calls = []
    monkeypatch.setattr(parallel, "score_parallel", lambda *a, **k: calls.append(1))
    runner = CliRunner()
    quiet = runner.invoke(cli, ["score", gold, pred, "-f", "json", "-j", "2"])
    debug = runner.invoke(cli, ["score", gold, pred, "-f", "json", "-j", "2", "--debug"])
    single = runner.invoke(cli, ["score", gold, pred, "-f", "json"])
    assert not calls  # no pool
    assert quiet.stdout == debug.stdout == single.stdout
    assert quiet.stderr == single.stderr == ""
    megabytes = f"{size / 1e6:.1f} MB"
    assert debug.stderr == (
        f"wsscore: debug: -j 2: {megabytes} of gold is below the {megabytes} where workers "
        "pay off; scoring in one process\n"
    )


def test_debug_says_when_the_chunks_are_thrown_away(tmp_path, corpus):
    gold = _write(tmp_path / "gold.txt", [" ".join(words) for words in corpus])
    pred_lines = _segment(corpus, seed=4, error_rate=0.05)
    pred_lines[1500] = "X" + pred_lines[1500]
    pred = _write(tmp_path / "pred.txt", pred_lines)
    result = CliRunner().invoke(cli, ["score", gold, pred, "-q", "-j", "2", "--debug"])
    assert "-j 2: the chunks' characters differ from the gold's" in result.stderr


def test_the_help_names_the_size_where_workers_start():
    help_text = CliRunner().invoke(cli, ["score", "--help"], terminal_width=200).output
    assert f"a gold of {MIN_PARALLEL_BYTES // 10**6} MB or more" in help_text
