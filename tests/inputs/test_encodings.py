"""Encoding names, the Big5 decoding rule, detection and the gold crib (docs/architecture.md,
Encodings)."""

from __future__ import annotations

import codecs

import pytest
from conftest import FIXTURE_COUNTS, FIXTURES

from wsscore import InputOptions, score
from wsscore.inputs.encodings import BIG5_STRICT_HANDLER, SUPPORTED_NAMES, detect, lookup

# --- names ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "shown", "codec", "family"),
    [
        ("utf-8", "utf-8", "utf-8", "utf-8"),
        ("UTF8", "utf-8", "utf-8", "utf-8"),
        ("utf_8", "utf-8", "utf-8", "utf-8"),
        ("utf-8-sig", "utf-8-sig", "utf-8", "utf-8"),
        ("utf-16", "utf-16", "utf-16", "utf-16"),
        ("utf-16le", "utf-16-le", "utf-16-le", "utf-16"),
        ("utf-16-be", "utf-16-be", "utf-16-be", "utf-16"),
        # The GB family is decoded with GB18030, a superset of all of them.
        ("gbk", "gbk", "gb18030", "gb"),
        ("gb2312", "gb2312", "gb18030", "gb"),
        ("euc-cn", "euc-cn", "gb18030", "gb"),
        ("EUC_CN", "euc-cn", "gb18030", "gb"),
        ("cp936", "cp936", "gb18030", "gb"),
        ("gb18030", "gb18030", "gb18030", "gb"),
        # The Big5 family: CP950, Big5-HKSCS only for pairs CP950 cannot decode.
        ("big5", "big5", "cp950", "big5"),
        ("cp950", "cp950", "cp950", "big5"),
        ("big5-hkscs", "big5-hkscs", "cp950", "big5"),
        ("big5hkscs", "big5-hkscs", "cp950", "big5"),
        ("hkscs", "big5-hkscs", "cp950", "big5"),
        (" Big5 ", "big5", "cp950", "big5"),
    ],
)
def test_lookup_maps_each_alias_to_its_rule(name, shown, codec, family):
    encoding = lookup(name)
    assert (encoding.name, encoding.codec, encoding.family) == (shown, codec, family)


def test_other_python_codecs_are_accepted_as_they_are():
    encoding = lookup("latin-1")
    assert encoding.family == "other"
    assert encoding.decode(b"caf\xe9") == "café"


def test_unknown_encoding_is_a_value_error_listing_the_names():
    with pytest.raises(ValueError) as caught:
        lookup("klingon")
    message = str(caught.value)
    assert "unknown encoding 'klingon'" in message
    assert SUPPORTED_NAMES in message
    for name in (
        "utf-8",
        "utf-8-sig",
        "utf-16",
        "gbk",
        "gb2312",
        "euc-cn",
        "cp936",
        "gb18030",
        "big5",
        "cp950",
        "big5-hkscs",
        "hkscs",
    ):
        assert name in message


def test_gb_names_decode_gb18030_four_byte_sequences():
    data = "结婚 😀".encode("gb18030")
    assert len("😀".encode("gb18030")) == 4
    for name in ("gbk", "gb2312", "cp936"):
        assert lookup(name).decode(data, strict=True) == "结婚 😀"


# --- the Big5 rule ------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["big5", "cp950", "big5-hkscs", "hkscs"])
def test_a145_is_the_hyphenation_point_of_cp950(name):
    # Plain big5hkscs says U+2022 BULLET; the official UTF-8 AS/CityU files have U+2027.
    assert b"\xa1\x45".decode("big5hkscs") == "\u2022"
    assert lookup(name).decode(b"\xa1\x45") == "\u2027"
    assert lookup(name).decode(b"\xa1\x45", strict=True) == "‧"


@pytest.mark.parametrize(
    ("pair", "char"),
    [(b"\x92\x5d", "哋"), (b"\x9d\xcf", "嘢"), (b"\x9d\xef", "嘅"), (b"\x88\x40", "\u31c0")],
)
def test_hkscs_only_pairs_decode_through_the_fallback(pair, char):
    with pytest.raises(UnicodeDecodeError):
        pair.decode("cp950")
    big5 = lookup("big5")
    assert big5.decode(pair) == char
    assert big5.decode(pair, strict=True) == char
    assert big5.decode(b"\xa6\x62" + pair + b"\xa1\x45") == "在" + char + "‧"
    assert big5.encode(char) == pair  # and back


def test_an_undecodable_byte_is_kept_and_re_encodes_to_itself():
    big5 = lookup("big5")
    data = b"\xa1\x45 \x80 \xa4\x40\x9d\xcf"
    text = big5.decode(data)
    assert text == "‧ \udc80 一嘢"
    assert big5.encode(text) == data
    with pytest.raises(UnicodeDecodeError):
        big5.decode(data, strict=True)


def test_undecodable_bytes_round_trip_in_the_other_families():
    for name, data in (("utf-8", "结婚".encode() + b"\xff\x80"), ("gbk", b"\xbd\xe1\x80\xff")):
        encoding = lookup(name)
        text = encoding.decode(data)
        assert "\udcff" in text
        assert encoding.encode(text) == data


def test_the_hkscs_fixture_decodes_to_the_official_characters_and_back():
    data = (FIXTURES / "hkscs" / "gold.txt").read_bytes()
    encoding = lookup("big5-hkscs")
    text = encoding.decode(data, strict=True)
    assert text.splitlines()[4] == "佢哋 去咗 旺角 ‧ 買 嘢 嘅"
    assert encoding.encode(text) == data


# --- detection ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("path", "expected"),
    [
        ("gold.txt", "utf-8"),
        ("pred.txt", "utf-8"),
        ("words.txt", "utf-8"),
        ("gbk/gold.txt", "gbk"),
        ("gbk/pred.txt", "gbk"),
        ("gbk/words.txt", "gbk"),
        ("big5/gold.txt", "cp950"),
        ("big5/pred.txt", "cp950"),
        ("big5/words.txt", "cp950"),
        ("hkscs/gold.txt", "big5-hkscs"),
        ("hkscs/words.txt", "big5-hkscs"),
        ("hkscs/pred.txt", "utf-8-sig"),
    ],
)
def test_detect_names_each_fixture(path, expected):
    sample = (FIXTURES / path).read_bytes()
    assert detect(sample, complete=True).name == expected


def test_detect_recognises_utf16_by_its_bom():
    text = "结婚  的\r\n"
    for bom, codec in ((codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be")):
        assert detect(bom + text.encode(codec), complete=True).name == "utf-16"


def test_detect_ignores_a_character_cut_at_the_end_of_an_incomplete_sample():
    data = (FIXTURES / "gold.txt").read_bytes()
    cut = data.index("我".encode()) + 1  # inside the first character of line 2
    assert detect(data[:cut], complete=False).name == "utf-8"


def test_a_damaged_utf8_file_is_still_utf8():
    # A stray byte must not turn a UTF-8 file into GBK mojibake: it is kept and reported.
    data = (FIXTURES / "pred.txt").read_bytes().replace("我".encode(), b"\x80\xff", 1)
    assert detect(data, complete=True).name == "utf-8"
    data = (FIXTURES / "gold.txt").read_bytes() + b"\xe7\xbb\r\n"  # a cut character
    assert detect(data, complete=True).name == "utf-8"


@pytest.mark.parametrize("path", ["gbk/gold.txt", "big5/gold.txt", "hkscs/gold.txt"])
def test_legacy_files_are_not_mistaken_for_damaged_utf8(path):
    data = (FIXTURES / path).read_bytes()
    assert detect(data * 20, complete=True).family != "utf-8"


def test_the_gold_crib_resolves_bytes_that_are_both_gbk_and_big5():
    line = "今天 天氣\n".encode("cp950")
    # Both strict decodings succeed: the bytes alone do not say which encoding they are in.
    as_gb = line.decode("gb18030")
    as_big5 = line.decode("cp950", BIG5_STRICT_HANDLER)
    assert as_big5 == "今天 天氣\n"
    assert detect(line, complete=True).family == "gb"  # without a crib: the wrong guess
    assert as_gb != as_big5
    # The gold's characters decide.
    big5_gold = frozenset((FIXTURES / "big5" / "gold.txt").read_text(encoding="cp950"))
    assert detect(line, complete=True, crib=big5_gold).name == "cp950"
    # The crib really decides: characters of the GB reading make the same bytes GB.
    assert detect(line, complete=True, crib=frozenset(as_gb)).family == "gb"


def test_score_uses_the_gold_as_crib_for_a_short_prediction(tmp_path):
    gold = tmp_path / "gold.txt"
    gold.write_text("今天  天  氣\n", encoding="utf-8")
    pred = tmp_path / "pred.txt"
    pred.write_bytes("今天 天氣\n".encode("cp950"))
    assert detect(pred.read_bytes(), complete=True).family == "gb"  # alone: the wrong guess
    report = score(gold, [pred])
    system = report.systems[0]
    assert system.encoding == "cp950"
    counts = system.counts
    assert (counts.gold_words, counts.pred_words, counts.correct) == (3, 2, 1)
    assert counts.misaligned_chars == 0


def test_detected_fixture_encodings_score_identically():
    for directory in ("", "gbk/", "big5/"):
        report = score(
            FIXTURES / f"{directory}gold.txt",
            [FIXTURES / f"{directory}pred.txt"],
            inputs=InputOptions(dictionary=FIXTURES / f"{directory}words.txt"),
        )
        counts = report.systems[0].counts
        assert {key: getattr(counts, key) for key in FIXTURE_COUNTS} == FIXTURE_COUNTS


# --- a wrong decoding named where texts differ (issue 34, item 9) --------------------------------

# Characters that Big5 and GBK both encode, each with other bytes.
BOTH = "中國人民大學我們的時間來說會為這個國家經濟發展"


def _lines(count: int) -> list[str]:
    return [
        " ".join(BOTH[(k * 7 + j * 3) % len(BOTH)] + BOTH[(k + j) % len(BOTH)] for j in range(5))
        for k in range(count)
    ]


def test_a_mix_of_big5_and_gbk_lines_names_the_encoding_read_and_its_option(tmp_path):
    # The Big5 lines of a file read as GBK show private-use characters: the message named
    # neither the encoding nor --pred-encoding.
    from wsscore.errors import WsscoreError

    lines = _lines(40)
    gold = tmp_path / "gold.txt"
    gold.write_text("\n".join(lines) + "\n", encoding="utf-8")
    pred = tmp_path / "pred.txt"
    pred.write_bytes(
        b"".join(
            line.encode("big5" if k % 2 == 0 else "gbk") + b"\n" for k, line in enumerate(lines)
        )
    )
    with pytest.raises(WsscoreError) as raised:
        score(gold, pred)
    message = str(raised.value)
    assert "pred.txt's differing text holds U+E" in message, message
    assert (
        ", a private-use character, as a wrong decoding gives: it was read as gbk; if that is "
        in message
    )
    assert "not its encoding, give InputOptions(pred_encoding=...) with it" in message


def test_the_encoding_hint_followed_scores_the_file_exactly(tmp_path):
    from wsscore.errors import Warnings

    lines = _lines(40)
    gold = tmp_path / "gold.txt"
    gold.write_text("\n".join(lines) + "\n", encoding="utf-8")
    pred = tmp_path / "pred.txt"
    pred.write_bytes("\n".join(lines).encode("big5") + b"\n")
    warnings = Warnings(quiet=True)
    options = InputOptions(pred_encoding="gbk", mismatch="align", warnings=warnings)
    score(gold, pred, inputs=options)
    differing = [m for m in warnings.messages if "differ from the gold" in m]
    assert len(differing) == 1 and "it was read as gbk" in differing[0], warnings.messages
    assert "give InputOptions(pred_encoding=...) with it" in differing[0]
    counts = score(gold, pred, inputs=InputOptions(pred_encoding="big5")).systems[0].counts
    words = sum(len(line.split()) for line in lines)
    assert (counts.gold_words, counts.pred_words, counts.correct) == (words, words, words)
    assert counts.misaligned_chars == 0
