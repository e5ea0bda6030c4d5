"""wsscore.Scorer: values checked by hand, every error message word for word, shards, pickling."""

from __future__ import annotations

import pickle

import pytest
from conftest import FIXTURES

from wsscore import (
    InputOptions,
    InvalidArgument,
    Scorer,
    WsscoreError,
    load_dictionary,
    render,
    score,
)

GOLD = [["共同", "创造", "美好", "的", "新", "世纪"], "迈向 充满 希望"]
PRED = ["共同 创造 美好 的 新世纪", ["迈向", "充满希望"]]
# By hand: gold 9 words, predicted 7; correct 共同 创造 美好 的 迈向 = 5.
# Known words {共同, 的}: OOV gold words 7 (创造 美好 新 世纪 迈向 充满 希望), 3 of them correct.
KNOWN = {"共同", "的"}


def test_counts_and_figures_by_hand() -> None:
    scorer = Scorer(dictionary=KNOWN)
    scorer.update(GOLD, PRED)
    counts = scorer.counts
    assert (counts.gold_words, counts.pred_words, counts.correct) == (9, 7, 5)
    assert (counts.oov_words, counts.oov_correct) == (7, 3)
    figures = scorer.compute()
    assert figures["r"] == 5 / 9 and figures["p"] == 5 / 7
    assert figures["f"] == pytest.approx(2 * 5 / (9 + 7), abs=1e-15)
    assert (figures["oov_rate"], figures["r_oov"], figures["r_iv"]) == (7 / 9, 3 / 7, 2 / 2)
    assert figures["c_r"] == pytest.approx(2 * ((5 / 9) * (4 / 9) / 9) ** 0.5, abs=1e-15)
    assert figures["c_p"] == pytest.approx(2 * ((5 / 7) * (2 / 7) / 9) ** 0.5, abs=1e-15)
    assert figures["r_low"] == pytest.approx(5 / 9 - figures["c_r"], abs=1e-15)
    tail = (figures["gold_words"], figures["pred_words"], figures["correct"])
    assert tail == (9, 7, 5) and figures["sentences"] == 2


def test_the_keys_of_compute_for_each_interval_and_analysis() -> None:
    base = ["r", "p", "f", "oov_rate", "r_oov", "r_iv"]
    counts = ["gold_words", "pred_words", "correct", "sentences"]
    bounds = {
        "bakeoff": ["r_low", "r_high", "p_low", "p_high", "c_r", "c_p"],
        "wilson": ["r_low", "r_high", "p_low", "p_high"],
        "bootstrap": ["r_low", "r_high", "p_low", "p_high", "f_low", "f_high"],
        "none": [],
    }
    for ci, keys in bounds.items():
        scorer = Scorer(ci=ci)
        scorer.update(GOLD, PRED)
        assert list(scorer.compute()) == base + keys + counts, ci
        assert scorer.compute()["r_oov"] is None  # no dictionary: no OOV figures
    extra = Scorer(ci="none", extra=True)
    extra.update(GOLD, PRED)
    added = ["tnr", "boundary_precision", "boundary_recall", "boundary_f1", "f_mean"]
    added += ["exact_match", "char_precision", "char_recall", "char_f1"]
    added += ["edge_boundary_precision", "edge_boundary_recall", "edge_boundary_f1"]
    added += ["type_precision", "type_recall", "type_f1"]
    assert list(extra.compute("dev/")) == [f"dev/{key}" for key in base + added + counts]


def test_an_empty_scorer_has_undefined_figures_and_no_report() -> None:
    scorer = Scorer()
    assert scorer.compute()["r"] is None and scorer.compute()["sentences"] == 0
    with pytest.raises(WsscoreError) as raised:
        scorer.report()
    assert str(raised.value) == (
        "the scorer holds no gold word (0 sentence(s) given): call update() or "
        "update_labels() with sentences first"
    )


def test_the_report_is_score_s_on_the_same_sentences() -> None:
    scorer = Scorer(dictionary=KNOWN, ci="bootstrap", samples=200, seed=7, extra=True)
    scorer.update(GOLD[:1], PRED[:1])
    scorer.update(GOLD[1:], PRED[1:])
    report = score(
        GOLD,
        PRED,
        inputs=InputOptions(dictionary=KNOWN, mismatch="error"),
        ci="bootstrap",
        samples=200,
        seed=7,
        extra=True,
    )
    assert scorer.report().as_dict() == report.as_dict()
    for fmt in ("text", "markdown", "tsv"):
        assert render(scorer.report(), fmt) == render(report, fmt)
    named = Scorer(name="jieba")
    named.update(GOLD, PRED)
    assert named.report().systems[0].name == "jieba"
    assert named.report().as_dict()["gold"]["path"] == "<gold>"


def test_labels_give_the_counts_of_words() -> None:
    texts = ["共同创造美好的新世纪", "迈向充满希望"]
    gold_labels = [list("BEBEBESSBE"), "BEBEBE"]
    pred_labels = ["BEBEBESSBE", ["B", "E", "B", "M", "M", "E"]]
    by_labels, by_words = Scorer(dictionary=KNOWN), Scorer(dictionary=KNOWN)
    by_labels.update_labels(texts, gold_labels, pred_labels)
    by_words.update(GOLD, ["共同 创造 美好 的 新 世纪", "迈向 充满希望"])
    assert by_labels == by_words


def test_labels_decode_leniently_as_a_chars_file() -> None:
    scorer = Scorer()
    # BIES and BIO, and an E with no word open: it starts one (as the chars reader does).
    scorer.update_labels(["甲乙丙丁", "戊己"], ["BIIE", "BI"], ["EEBE", "OO"])
    assert scorer.counts == score(["甲乙丙丁", "戊己"], [["甲 乙 丙丁", "戊 己"]]).systems[0].counts


def test_tagged_sentences_and_labels_count_tags() -> None:
    scorer = Scorer(tags=True, tag_map={"NR": "NN"})
    scorer.update([[("中国", "NR"), ("人", "NN")]], [["中国/NN", "人/VV"]])
    scorer.update_labels(["他来"], [["S-PN", "S-VV"]], [["B-PN", "E-PN"]])
    tag_counts = scorer.report().systems[0].tags
    assert tag_counts is not None
    # 中国 right in span and tag (NR read as NN), 人 right in span only; 他来 wrong in span.
    assert (tag_counts.gold_words, tag_counts.pred_words, tag_counts.correct) == (4, 3, 2)
    assert tag_counts.tag_correct == 1
    figures = scorer.compute()
    assert (figures["tag_precision"], figures["tag_recall"], figures["tag_accuracy"]) == (
        1 / 3,
        1 / 4,
        1 / 2,
    )


# --- shards and pickling --------------------------------------------------------------------------


def test_shards_add_up_to_one_scorer_fed_everything() -> None:
    whole, first, second = (Scorer(ci="bootstrap", samples=50) for _ in range(3))
    whole.update(GOLD, PRED)
    first.update(GOLD[:1], PRED[:1])
    second.update(GOLD[1:], PRED[1:])
    assert first + second == whole
    assert sum([first, second]) == whole and sum([whole]) == whole == 0 + whole
    assert (first + second).report().as_dict() == whole.report().as_dict()
    assert first + second != second + first  # the records keep their order


def test_scorers_pickle_with_their_dictionary() -> None:
    scorer = Scorer(dictionary=str(FIXTURES / "words.txt"), ci="bootstrap", tags=True)
    scorer.update(["共同/v 创造/v"], ["共同创造/v"])
    copied = pickle.loads(pickle.dumps(scorer))
    assert copied == scorer
    assert copied.report().as_dict() == scorer.report().as_dict()
    dictionary = load_dictionary(FIXTURES / "words.txt")
    assert dictionary is not None
    restored = pickle.loads(pickle.dumps(dictionary))
    assert restored.entries == dictionary.entries and restored.paths == dictionary.paths


def test_reset_forgets_the_sentences_only() -> None:
    scorer = Scorer(dictionary=KNOWN)
    scorer.update(GOLD, PRED)
    scorer.reset()
    assert scorer == Scorer(dictionary=KNOWN)
    assert scorer.dictionary is not None


@pytest.mark.parametrize(
    ("other", "message"),
    [
        (Scorer(ci="wilson"), "ci ('bakeoff' against 'wilson')"),
        (Scorer(beta=2.0), "beta (1.0 against 2.0)"),
        (Scorer(extra=True), "extra (False against True)"),
        (Scorer(tag_map={"a": "b"}), "tag_map (() against (('a', 'b'),))"),
        (Scorer(name="b"), "name (None against 'b')"),
        (Scorer(dictionary={"的"}), "dictionary (their words differ)"),
    ],
)
def test_scorers_with_other_settings_do_not_add(other: Scorer, message: str) -> None:
    with pytest.raises(InvalidArgument) as raised:
        Scorer() + other
    assert str(raised.value) == (
        f"cannot add scorers whose settings differ: {message}; "
        "scorers add up only when made with the same arguments"
    )


# --- every message of the API ---------------------------------------------------------------------


def _message(call) -> str:  # type: ignore[no-untyped-def]
    with pytest.raises(WsscoreError) as raised:
        call()
    return str(raised.value)


@pytest.mark.parametrize(
    ("gold", "pred", "message"),
    [
        (
            "共同",
            ["共同"],
            "gold_batch is a str, not a list of sentences (each a str of words or a list of words)",
        ),
        ([["共同", ["创造"]]], ["共同创造"], "gold_batch[0][1] is a list, not a word (a str)"),
        ([["共同", 3]], ["共同3"], "gold_batch[0][1] is an int, not a word (a str)"),
        (["共同"], [["共", ""]], "pred_batch[0][1] is an empty word: leave it out"),
        (["共同"], [[""]], "pred_batch[0][0] is an empty word: leave it out"),
        (
            ["共同"],
            [["共 同"]],
            "pred_batch[0][0] ('共 同') holds white space (' '): give each word on its own",
        ),
        (
            ["共同"],
            [["共\u3000", "同"]],
            "pred_batch[0][0] ('共\\u3000') holds white space "
            "('\\u3000'): give each word on its own",
        ),
        (
            ["共\n同"],
            ["共同"],
            "gold_batch[0] holds a line break: give each sentence as an item of its own",
        ),
        (
            [{"共同"}],
            ["共同"],
            "gold_batch[0] is a set, not a sentence (a str of words or a list of words)",
        ),
        (
            ["共同", "创造"],
            ["共同"],
            "gold_batch has 2 sentence(s) and pred_batch 1: give one "
            "predicted sentence per gold sentence, in the same order",
        ),
    ],
)
def test_wrong_sentences_are_named_by_argument_and_place(gold, pred, message) -> None:  # type: ignore[no-untyped-def]
    assert _message(lambda: Scorer().update(gold, pred)) == message


@pytest.mark.parametrize(
    ("pred", "what"),
    [
        ("共 周", "character 2 is '周' where the gold has '同'"),
        ("共", "it ends after 1 character(s), where the gold has '同'"),
        ("共同 们", "it goes on past the gold's 2 character(s) with '们'"),
    ],
)
def test_a_prediction_of_other_characters_is_refused(pred: str, what: str) -> None:
    scorer = Scorer()
    message = _message(lambda: scorer.update(["我 们", "共同"], ["我们", pred]))
    assert message == (
        f"pred_batch[1] holds other characters than gold_batch[1]: {what} (a predicted "
        "sentence must hold its gold sentence's characters; score() with "
        'InputOptions(mismatch="align") scores predictions whose text differs)'
    )
    assert scorer.counts.gold_words == 0  # nothing of the batch was counted


@pytest.mark.parametrize(
    ("gold", "message"),
    [
        (
            ["共同/v 创造"],
            "gold_batch[0][1] ('创造') is not word/TAG: with tags=True every word carries a tag",
        ),
        (
            [[("共同", "v", "x")]],
            "gold_batch[0][0] is a tuple, not a tagged word (a (word, tag) pair or word/TAG)",
        ),
        ([[("共同", "")]], "gold_batch[0][0]'s tag is an empty word: leave it out"),
        (
            [[("共同", "v v")]],
            "gold_batch[0][0]'s tag ('v v') holds white space (' '): give each word on its own",
        ),
        (
            [3],
            "gold_batch[0] is an int, not a tagged sentence (a list of (word, tag) pairs, or "
            "word/TAG tokens in a str or a list)",
        ),
    ],
)
def test_wrong_tagged_sentences_are_named(gold, message) -> None:  # type: ignore[no-untyped-def]
    assert _message(lambda: Scorer(tags=True).update(gold, ["共同/v"])) == message


@pytest.mark.parametrize(
    ("texts", "gold", "pred", "message"),
    [
        (
            ["共同"],
            ["BE"],
            ["B"],
            "pred_labels[0] has 1 label(s) for the 2 character(s) of "
            "texts[0]: give one label per character",
        ),
        (
            ["共同"],
            ["BE", "S"],
            ["BE"],
            "gold_labels has 2 label sequence(s) for 1 text(s): "
            "give one label sequence per text, in the same order",
        ),
        (
            ["共同"],
            ["BX"],
            ["BE"],
            "gold_labels[0][1] is 'X', not a label (a label is B, M, I, "
            "E, S or O, alone or joined with a tag as B-NN or NN-B)",
        ),
        (
            ["共 "],
            ["BE"],
            ["BE"],
            "texts[0][1] (' ') holds white space (' '): give each word on its own",
        ),
        ([3], ["BE"], ["BE"], "texts[0] is an int, not a text (a str)"),
        (
            ["共同"],
            [3],
            ["BE"],
            "gold_labels[0] is an int, not labels (a list of labels, or a str of one-letter "
            "labels)",
        ),
    ],
)
def test_wrong_labels_are_named(texts, gold, pred, message) -> None:  # type: ignore[no-untyped-def]
    assert _message(lambda: Scorer().update_labels(texts, gold, pred)) == message


def test_labels_without_tags_are_refused_when_tags_are_scored() -> None:
    message = _message(lambda: Scorer(tags=True).update_labels(["共同"], ["BE"], ["BE"]))
    assert message == "gold_labels carry no tag and tags=True: give labels with tags, as B-NN"
    assert _message(lambda: Scorer().update_labels(["ab"], ["BE"], ["BE"], label_order="x")) == (
        "label_order must be one of ('pos-tag', 'tag-pos'), not 'x'"
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (
            {"ci": "sometimes"},
            "ci must be one of ('bakeoff', 'wilson', 'bootstrap', 'none'), not 'sometimes'",
        ),
        ({"beta": 0}, "beta must be a number from 0.001 to 1000, not 0"),
        (
            {"ci": "bootstrap", "samples": 0},
            "samples must be a whole number from 1 to 100000, not 0",
        ),
        (
            {"name": "a\tb"},
            "name 'a\\tb' holds a tab (a label is one line of text: remove the tab or line break)",
        ),
        ({"name": 3}, "name is an int, not a str"),
        ({"tag_map": {"a": 1}}, "tag_map must map tags (str) to tags (str)"),
        ({"dictionary": {1, 2}}, "dictionary holds a value that is not a word (a str)"),
        (
            {"dictionary": ["共同", "创造"]},
            "dictionary is a list, read as paths of word lists, and '共同' is no file (give the "
            "words as a set (dictionary=set(words)), or paths of word lists)",
        ),
    ],
)
def test_wrong_settings_are_refused(arguments, message) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidArgument) as raised:
        Scorer(**arguments)
    assert str(raised.value) == message


def test_labels_without_texts_by_hand() -> None:
    # gold 甲乙|丙|丁戊, predicted 甲乙|丙丁|戊: one word of three right, as spans (0,2) (2,3)
    # (3,5) against (0,2) (2,4) (4,5); the characters are never needed.
    scorer = Scorer()
    scorer.update_labels(None, ["BESBE"], [list("BEBES")])
    counts = scorer.counts
    assert (counts.correct, counts.gold_words, counts.pred_words) == (1, 3, 3)


@pytest.mark.parametrize(
    ("options", "named"), [({"dictionary": {"甲乙"}}, "a dictionary"), ({"extra": True}, "extra")]
)
def test_labels_without_texts_refused_where_the_words_matter(options, named) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(InvalidArgument, match=f"^give the texts: .*Scorer with {named}"):
        Scorer(**options).update_labels(None, ["BE"], ["SS"])


def test_labels_without_texts_a_length_is_checked_against_the_gold_s() -> None:
    with pytest.raises(
        InvalidArgument, match=r"pred_labels\[0\] has 3 label\(s\) for the 2 gold_labels\[0\]"
    ):
        Scorer().update_labels(None, ["BE"], ["SSS"])
