"""Per-sentence analyses: a SentenceCollector is collected in chunks with --jobs, a plain
callback keeps the run in one process, and lines that agree reach a collector in bulk only
when nothing else wants their details."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conftest import FIXTURES

from wsscore.align import parallel
from wsscore.core import backend
from wsscore.core.records import Gather, SentenceDetail
from wsscore.scoring.collecting import EqualLinesReceiver, SentenceCollector
from wsscore.scoring.request import Callbacks, Parallelism, ScoreRequest
from wsscore.scoring.scorer import score_request

WORDS = ["中国", "人民", "银行", "的", "了", "发展", "经济", "北京大学", "在", "，", "。"]


class _Lines:
    """Counts the sentences it is given, one by one or in bulk, and which lines they were."""

    bulk_gather = Gather.COUNTS  # the lines alone

    def __init__(self, bulk: bool = False) -> None:
        self.bulk = bulk
        self.lines: list[int] = []
        self.in_bulk = 0
        self.absorbed = 0

    def __call__(self, system: int, detail: SentenceDetail, /) -> None:
        self.lines.append(detail.line)

    def chunk_copy(self) -> _Lines:
        return _Lines(self.bulk)

    def chunk_state(self) -> tuple[list[int], int]:
        return self.lines, self.in_bulk

    def absorb(self, state: tuple[list[int], int], /) -> None:
        lines, in_bulk = state
        self.absorbed += 1
        self.lines += lines
        self.in_bulk += in_bulk

    def equal_lines_receiver(self) -> EqualLinesReceiver | None:
        return self._equal_lines if self.bulk else None

    def _equal_lines(self, system: int, first: int, gold: list[str], *_: object) -> None:
        self.in_bulk += len(gold)


def _declared(collector: SentenceCollector[tuple[list[int], int]]) -> ScoreRequest:
    return ScoreRequest(parallelism=Parallelism(2), collector=collector)


@pytest.fixture
def files(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[str, str]:
    monkeypatch.setattr(parallel, "MIN_PARALLEL_BYTES", 0)  # small files go to the workers
    rng = random.Random(7)
    gold = [[rng.choice(WORDS) for _ in range(rng.randint(1, 12))] for _ in range(3000)]
    pred = [" ".join(words) if k % 5 else "".join(words) for k, words in enumerate(gold)]
    (tmp_path / "gold.txt").write_text("".join(" ".join(w) + "\n" for w in gold), "utf-8")
    (tmp_path / "pred.txt").write_text("".join(line + "\n" for line in pred), "utf-8")
    return str(tmp_path / "gold.txt"), str(tmp_path / "pred.txt")


def test_a_collector_is_collected_in_chunks_with_every_line_once(files) -> None:
    gold, pred = files
    collector = _Lines()
    report = score_request(gold, [pred], None, _declared(collector))
    assert collector.absorbed >= 2  # the workers' parts were taken
    assert collector.lines == list(range(1, report.gold.sentences + 1))


def test_a_plain_callback_keeps_the_run_in_one_process(files, monkeypatch) -> None:
    gold, pred = files

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("a callback that cannot be split went to the workers")

    monkeypatch.setattr(parallel, "score_parallel", never)
    seen: list[int] = []
    request = ScoreRequest(
        parallelism=Parallelism(2),
        callbacks=Callbacks(on_detail=lambda _, detail: seen.append(detail.line)),
    )
    report = score_request(gold, [pred], None, request)
    assert seen == list(range(1, report.gold.sentences + 1))


@pytest.mark.parametrize("callback", [False, True])
def test_lines_in_bulk_only_when_the_collector_alone_wants_them(callback: bool) -> None:
    gold, pred = FIXTURES / "gold.txt", FIXTURES / "pred.txt"
    collector = _Lines(bulk=True)
    callbacks = Callbacks(on_detail=lambda _, detail: None) if callback else Callbacks()
    request = ScoreRequest(callbacks=callbacks, collector=collector)
    report = score_request(gold, [pred], None, request)
    assert len(collector.lines) + collector.in_bulk == report.gold.sentences
    if callback:
        assert collector.in_bulk == 0
    elif backend.NAME == "c":  # the C speed-ups find the lines that agree
        assert collector.in_bulk > 0
