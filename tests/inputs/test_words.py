from wsscore.inputs.words import spans_of, split_words


def test_splits_on_every_unicode_white_space_run():
    assert split_words("结婚  的\u3000和\t尚未\u00a0结婚 \r") == [
        "结婚",
        "的",
        "和",
        "尚未",
        "结婚",
    ]


def test_separators_that_are_not_white_space_stay_in_words():
    # str.split() would cut at U+001C-U+001F; they are not Unicode White_Space.
    assert split_words("a\x1cb c") == ["a\x1cb", "c"]


def test_byte_order_mark_is_not_text():
    assert split_words("\ufeff他 说") == ["他", "说"]


def test_empty_and_blank_lines_have_no_words():
    assert split_words("") == []
    assert split_words(" \u3000 \r") == []


def test_spans_are_character_offsets_without_white_space():
    assert spans_of(["结婚", "的", "和尚"]) == [(0, 2), (2, 3), (3, 5)]
    assert spans_of(["ab"], offset=7) == [(7, 9)]
