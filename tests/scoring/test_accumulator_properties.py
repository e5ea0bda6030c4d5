"""Properties of wsscore.Scorer: for random corpora cut at random into batches and shards, the
scorer (shards summed with ``+``, pickled on the way) gives score()'s counts, figures and JSON,
bootstrap intervals included; labels give the counts of words; tags those of tagged files."""

from __future__ import annotations

import pickle
import tempfile
from itertools import pairwise
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wsscore import InputOptions, Scorer, score

WORD = st.text(alphabet="甲乙丙丁戊ab", min_size=1, max_size=3)
SENTENCE = st.lists(WORD, max_size=5)


@st.composite
def corpora(draw: st.DrawFn) -> tuple[list[list[str]], list[list[str]]]:
    """Gold sentences (one word at least in all) and a prediction of the same characters, cut
    at random."""
    gold = draw(st.lists(SENTENCE, min_size=1, max_size=12))
    if not any(gold):
        gold[0] = [draw(WORD)]
    pred = []
    for sentence in gold:
        text = "".join(sentence)
        cuts = sorted(draw(st.sets(st.integers(1, max(1, len(text) - 1)), max_size=len(text))))
        edges = [0, *(cut for cut in cuts if 0 < cut < len(text)), len(text)]
        pred.append([text[a:b] for a, b in pairwise(edges) if b > a])
    return gold, pred


def cut(items: list, draw: st.DrawFn) -> list[list]:  # type: ignore[type-arg]
    """``items`` cut into consecutive pieces at random places (empty pieces included)."""
    places = sorted(draw(st.lists(st.integers(0, len(items)), max_size=4)))
    edges = [0, *places, len(items)]
    return [items[a:b] for a, b in pairwise(edges)]


def accumulated(
    gold: list[list[str]], pred: list[list[str]], draw: st.DrawFn, **options: object
) -> Scorer:
    """A scorer per shard, each fed its batches (gold as word lists, predictions as strings),
    pickled and unpickled, then summed."""
    pairs = list(zip(gold, pred, strict=True))
    shards = []
    for shard in cut(pairs, draw):
        scorer = Scorer(**options)  # type: ignore[arg-type]
        for batch in cut(shard, draw):
            scorer.update([g for g, _ in batch], [" ".join(p) for _, p in batch])
        shards.append(pickle.loads(pickle.dumps(scorer)))
    return sum(shards[1:], shards[0])


@settings(max_examples=60, deadline=None)
@given(corpora(), st.data(), st.sampled_from(["bakeoff", "wilson", "bootstrap", "none"]))
def test_batches_and_shards_give_score_s_report(corpus, data, ci) -> None:  # type: ignore[no-untyped-def]
    gold, pred = corpus
    known = data.draw(st.sets(WORD, max_size=6))
    extra = data.draw(st.booleans())
    options = {"dictionary": known, "ci": ci, "samples": 50, "seed": 3, "extra": extra}
    total = accumulated(gold, pred, data.draw, **options)
    report = score(
        gold,
        pred,
        inputs=InputOptions(dictionary=known, mismatch="error"),
        ci=ci,
        samples=50,
        seed=3,
        extra=extra,
    )
    assert total.counts == report.systems[0].counts
    assert total.report().as_dict() == report.as_dict()
    whole = Scorer(**options)  # type: ignore[arg-type]
    whole.update(gold, pred)
    assert whole == total


def _labels(sentence: list[str]) -> str:
    return "".join(
        "S" if len(word) == 1 else "B" + "M" * (len(word) - 2) + "E" for word in sentence
    )


@settings(max_examples=60, deadline=None)
@given(corpora(), st.sets(WORD, max_size=6), st.booleans())
def test_labels_and_words_give_the_same_counts(corpus, known, extra) -> None:  # type: ignore[no-untyped-def]
    gold, pred = corpus
    by_words = Scorer(dictionary=known, extra=extra, ci="bootstrap")
    by_words.update(gold, pred)
    by_labels = Scorer(dictionary=known, extra=extra, ci="bootstrap")
    texts = ["".join(sentence) for sentence in gold]
    by_labels.update_labels(texts, [_labels(s) for s in gold], [list(_labels(s)) for s in pred])
    assert by_labels == by_words


@settings(max_examples=60, deadline=None)
@given(corpora(), st.sampled_from(["bakeoff", "bootstrap"]))
def test_labels_without_texts_count_spans_as_with_them(corpus, ci) -> None:  # type: ignore[no-untyped-def]
    """Without texts (as seqeval takes labels) a word is its span of positions: the counts and
    the per-sentence records are those of the same labels with their texts."""
    gold, pred = corpus
    gold_labels, pred_labels = [_labels(s) for s in gold], [list(_labels(s)) for s in pred]
    with_texts, alone = Scorer(ci=ci), Scorer(ci=ci)
    with_texts.update_labels(["".join(s) for s in gold], gold_labels, pred_labels)
    alone.update_labels(None, gold_labels, pred_labels)
    assert alone.counts == with_texts.counts
    assert alone.metrics() == with_texts.metrics()


TAG = st.sampled_from(["NN", "VV", "PU"])


@settings(
    max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(corpora(), st.data())
def test_tags_as_score_counts_them_in_tagged_files(corpus, data) -> None:  # type: ignore[no-untyped-def]
    gold, pred = corpus
    gold_tagged = [[(word, data.draw(TAG)) for word in sentence] for sentence in gold]
    pred_tagged = [[f"{word}/{data.draw(TAG)}" for word in sentence] for sentence in pred]
    tag_map = data.draw(st.sampled_from([None, {"VV": "NN"}]))
    known = data.draw(st.sets(WORD, max_size=4))
    scorer = Scorer(dictionary=known, tags=True, tag_map=tag_map, ci="none")
    for batch in cut(list(zip(gold_tagged, pred_tagged, strict=True)), data.draw):
        scorer.update([g for g, _ in batch], [p for _, p in batch])
    with tempfile.TemporaryDirectory() as folder:
        gold_file, pred_file = Path(folder, "gold.txt"), Path(folder, "pred.txt")
        gold_file.write_text(
            "".join(" ".join(f"{w}/{t}" for w, t in s) + "\n" for s in gold_tagged), "utf-8"
        )
        pred_file.write_text("".join(" ".join(s) + "\n" for s in pred_tagged), "utf-8")
        inputs = InputOptions(dictionary=known, mismatch="error", input_format="tagged")
        report = score(gold_file, pred_file, inputs=inputs, tags=True, tag_map=tag_map, ci="none")
    mine, theirs = scorer.report().as_dict()["systems"][0], report.as_dict()["systems"][0]
    for key in ("counts", "metrics", "tags"):
        assert mine[key] == theirs[key], key  # type: ignore[index]
    # Counted again here, span by span: a word is tag-correct with its span and mapped tag.
    split = [[tuple(token.rsplit("/", 1)) for token in s] for s in pred_tagged]
    right = sum(
        len(_tagged_spans(g, tag_map) & _tagged_spans(p, tag_map))  # type: ignore[arg-type]
        for g, p in zip(gold_tagged, split, strict=True)
    )
    assert mine["counts"]["tag_correct"] == right  # type: ignore[index]


def _tagged_spans(
    sentence: list[tuple[str, str]], tag_map: dict[str, str] | None
) -> set[tuple[int, int, str]]:
    spans, start = set(), 0
    for word, tag in sentence:
        spans.add((start, start + len(word), (tag_map or {}).get(tag, tag)))
        start += len(word)
    return spans


@settings(max_examples=40, deadline=None)
@given(corpora(), st.data(), st.sampled_from(["bakeoff", "wilson", "none"]))
def test_scorer_shards_merged_as_json_give_score_s_report(corpus, data, ci) -> None:  # type: ignore[no-untyped-def]
    # The three ways to the figures of a sharded test set agree: each shard accumulated in
    # batches by a Scorer and written as JSON, the JSON documents added by merge_reports, and
    # one score() call on the whole.
    from wsscore import merge_reports

    gold, pred = corpus
    known = data.draw(st.sets(WORD, max_size=6))
    pairs = list(zip(gold, pred, strict=True))
    documents = []
    for shard in cut(pairs, data.draw):
        scorer = Scorer(dictionary=known, ci=ci, name="system")
        for batch in cut(shard, data.draw):
            scorer.update([g for g, _ in batch], [p for _, p in batch])
        if scorer.counts.gold_words:  # a shard without a gold word has no report
            documents.append(scorer.report().as_dict())
    whole = score(
        gold,
        [pred],
        inputs=InputOptions(dictionary=known, mismatch="error"),
        names=["system"],
        ci=ci,
    )
    merged = merge_reports(documents, ci=ci)
    (expected,), (found,) = whole.as_dict()["systems"], merged.as_dict()["systems"]
    assert found["counts"] == expected["counts"]
    assert found["metrics"] == expected["metrics"]
    assert merged.gold.words == whole.gold.words
    assert merged.gold.sentences == whole.gold.sentences
