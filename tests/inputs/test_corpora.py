"""Corpora known by their content (wsscore.inputs.corpora): the official files in every encoding
are named; a copy one line short, or of the same size with other bytes, is not, and a near copy
is told how it differs. Runs on both backends (the scores go through wsscore.score)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import FIXTURES, ICWB2, run_wsscore

from wsscore import InputOptions, Warnings, merge_reports, score
from wsscore.errors import WsscoreError
from wsscore.inputs import corpora
from wsscore.inputs.corpora import recognised
from wsscore.inputs.corpus_registry import ROLES, KnownFile, known_files
from wsscore.signature import scoring_settings, signature_fields

UD = ICWB2.parent / "ud"


def _shared(known: KnownFile) -> Path:
    return (UD if known.id.startswith("ud/") else ICWB2) / known.path


def need_shared() -> None:
    if not (ICWB2 / "gold").is_dir() or not UD.is_dir():
        pytest.skip("the bakeoff and UD data (../shared/icwb2, ../shared/ud) are not here")


@pytest.mark.parametrize("known", known_files(), ids=lambda known: known.path)
def test_every_official_file_in_every_encoding_is_named(known: KnownFile) -> None:
    need_shared()
    path = str(_shared(known))
    assert recognised(path, known.role) == known.id
    other_roles = [role for role in ROLES if role != known.role]
    assert all(recognised(path, role) is None for role in other_roles)


def test_the_registry_lists_every_file_the_data_ships() -> None:
    need_shared()
    shipped = {f"gold/{p.name}" for p in (ICWB2 / "gold").iterdir()}
    shipped |= {f"testing/{p.name}" for p in (ICWB2 / "testing").iterdir()}
    shipped |= {p.name for p in UD.glob("*.conllu")}
    assert {known.path for known in known_files()} == shipped


def test_a_file_of_another_size_is_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    def hashed(path: str) -> str:
        raise AssertionError(f"{path} was hashed")

    monkeypatch.setattr(corpora, "file_sha256", hashed)
    assert recognised(str(FIXTURES / "gold.txt"), "gold") is None
    assert recognised("-", "gold") is None
    assert recognised("no/such/file", "gold") is None
    assert corpora.near_golds(str(FIXTURES / "gold.txt")) == []


def _pku(tmp_path: Path, lines: list[bytes], name: str = "pku_test_gold.utf8") -> str:
    path = tmp_path / name
    path.write_bytes(b"".join(lines))
    return str(path)


def _score_told(gold: str) -> tuple[str | None, list[str]]:
    """What a run says of ``gold``: its corpus and its warnings."""
    report = score(gold, gold, inputs=InputOptions(warnings=Warnings(quiet=True)))
    return report.gold.corpus, report.warnings


def _told(gold: str, encoding: str = "utf-8") -> tuple[str | None, list[str]]:
    """The same, without scoring it (cheaper for the tests of the near copies themselves)."""
    warnings = Warnings(quiet=True)
    return corpora.gold_corpus(gold, encoding, warnings), warnings.messages


@pytest.mark.parametrize("name", ["pku_test_gold.utf8", "gold.txt"])
def test_a_copy_one_line_short_is_not_named_and_is_told_so(tmp_path: Path, name: str) -> None:
    need_shared()
    lines = (ICWB2 / "gold" / "pku_test_gold.utf8").read_bytes().splitlines(keepends=True)
    corpus, told = _score_told(_pku(tmp_path, lines[:-1], name))
    assert corpus is None
    assert len(told) == 1, told
    assert "not the official sighan2005/pku gold, so the report names no corpus" in told[0]
    assert f"it has {len(lines) - 1:,} lines to the official {len(lines):,}" in told[0]
    assert f"differs first at line {len(lines):,}" in told[0]


def test_a_line_left_out_in_the_middle_is_placed(tmp_path: Path) -> None:
    need_shared()
    lines = (ICWB2 / "gold" / "msr_test_gold.txt").read_bytes().splitlines(keepends=True)
    gold = _pku(tmp_path, lines[:1000] + lines[1001:], "mine.txt")  # GBK, by its size alone
    corpus, told = _told(gold, "gbk")
    assert corpus is None
    assert "not the official sighan2005/msr gold" in told[0]
    assert f"{len(lines) - 1:,} lines to the official {len(lines):,}" in told[0]
    assert "differs first at line 1,001" in told[0]


def test_a_file_of_the_same_size_with_other_bytes_is_not_named(tmp_path: Path) -> None:
    need_shared()
    lines = (ICWB2 / "gold" / "pku_test_gold.utf8").read_bytes().splitlines(keepends=True)
    # In the middle: fewer than half of the lines equal before it, and after it.
    lines[972] = lines[972].replace("，".encode(), "。".encode(), 1)  # as many bytes
    gold = _pku(tmp_path, lines)
    assert Path(gold).stat().st_size == (ICWB2 / "gold" / "pku_test_gold.utf8").stat().st_size
    corpus, told = _told(gold)
    assert corpus is None
    assert f"it has the official {len(lines):,} lines, and differs first at line 973" in told[0]


def test_a_copy_with_other_line_ends_is_told_its_lines_are_equal(tmp_path: Path) -> None:
    need_shared()
    lines = (ICWB2 / "gold" / "msr_test_gold.utf8").read_bytes().replace(b"\r\n", b"\n")
    gold = tmp_path / "msr_test_gold.utf8"
    gold.write_bytes(lines)
    corpus, told = _told(str(gold))
    assert corpus is None
    assert "it has the official 3,985 lines, all equal, in other bytes (line ends" in told[0]


def test_a_file_unlike_any_is_not_told_anything(tmp_path: Path) -> None:
    need_shared()
    # The size of the PKU gold, but nothing of its text: not a near copy of it.
    size = (ICWB2 / "gold" / "pku_test_gold.utf8").stat().st_size
    gold = tmp_path / "other.txt"
    line = "我们  是  学生\n".encode()
    gold.write_bytes(line * (size // len(line)))
    corpus, told = _told(str(gold))
    assert corpus is None and told == []


def test_a_near_copy_does_not_stop_a_strict_run(tmp_path: Path) -> None:
    need_shared()
    lines = (ICWB2 / "gold" / "pku_test_gold.utf8").read_bytes().splitlines(keepends=True)
    gold = _pku(tmp_path, lines[:100])  # by its name: a part of the gold, told so
    done = run_wsscore("score", gold, gold, "--strict", "-q")
    assert done.returncode == 0, done.stderr
    assert "not the official sighan2005/pku gold" in done.stderr
    assert f"it has 100 lines to the official {len(lines):,}" in done.stderr
    assert "differs first at line 101" in done.stderr


# --- the report: JSON and signature ------------------------------------------------------------


def test_a_known_gold_and_word_list_are_named_in_the_json_and_the_signature() -> None:
    need_shared()
    gold = ICWB2 / "gold" / "pku_test_gold.txt"  # GBK: named in its original encoding too
    words = ICWB2 / "gold" / "pku_training_words.utf8"
    report = score(str(gold), str(gold), dictionary=str(words))
    document = report.as_dict()
    assert document["gold"]["corpus"] == "sighan2005/pku"  # type: ignore[index]
    assert document["dictionary"]["corpus"] == "sighan2005/pku-words"  # type: ignore[index]
    assert document["dictionary"]["source"] == "words"  # type: ignore[index]
    fields = signature_fields(report.signature)
    assert fields["corpus"] == "sighan2005/pku"
    assert fields["dict"] == "sighan2005/pku-words"
    assert report.systems[0].counts.gold_words == 104372


def test_a_ud_gold_is_named() -> None:
    need_shared()
    gold = str(UD / "zh_gsd-ud-test.conllu")
    report = score(gold, gold)
    assert report.gold.corpus == "ud/zh_gsd-test"
    assert "corpus:ud/zh_gsd-test|dict:none" in report.signature


def test_an_unknown_gold_has_no_corpus_key_and_the_signature_stays_as_it_was() -> None:
    gold, words = str(FIXTURES / "gold.txt"), str(FIXTURES / "words.txt")
    report = score(gold, gold, dictionary=words)
    document = report.as_dict()
    assert "corpus" not in document["gold"]  # type: ignore[operator]
    assert "corpus" not in document["dictionary"]  # type: ignore[operator]
    assert "corpus:" not in report.signature
    assert "|dict:words|" in report.signature


def test_a_signature_naming_corpora_has_the_settings_of_one_before_them() -> None:
    new = "wsscore:0.1.0|match:span|ci:bakeoff|corpus:sighan2005/pku|dict:sighan2005/pku-words|"
    new += "enc:gold=utf-8,pred=utf-8,dict=utf-8|mismatch:warn"
    old = "wsscore:0.1.0|match:span|ci:bakeoff|dict:words|enc:gold=gbk,pred=gbk|mismatch:warn"
    assert scoring_settings(new) == scoring_settings(old)
    trained = old.replace("dict:words", "dict:train")
    assert scoring_settings(new) != scoring_settings(trained)


def _named_report(tmp_path: Path) -> tuple[Path, Path]:
    """A report that names a known gold and word list, and the same report as wsscore wrote it
    before known corpora existed. The word list is the official one; the gold is the small
    fixture, named as a run on the official gold names it (a reader does not hash files)."""
    words = ICWB2 / "gold" / "pku_training_words.utf8"
    document = score(str(FIXTURES / "gold.txt"), str(FIXTURES / "pred.txt"), dictionary=str(words))
    document = document.as_dict()
    document["gold"]["corpus"] = "sighan2005/pku"  # type: ignore[index]
    signature = str(document["signature"])
    document["signature"] = signature.replace("|dict:", "|corpus:sighan2005/pku|dict:")
    new = tmp_path / "new.json"
    new.write_text(json.dumps(document), encoding="utf-8")
    document["signature"] = (
        str(document["signature"])
        .replace("corpus:sighan2005/pku|", "")
        .replace("dict:sighan2005/pku-words", "dict:words")
    )
    del document["gold"]["corpus"]  # type: ignore[attr-defined]
    del document["dictionary"]["corpus"]  # type: ignore[attr-defined]
    old = tmp_path / "old.json"
    old.write_text(json.dumps(document), encoding="utf-8")
    return new, old


def test_reports_before_known_corpora_still_merge_alone_and_with_new_ones(tmp_path: Path) -> None:
    need_shared()
    new, old = _named_report(tmp_path)
    alone = merge_reports([str(new)])
    assert alone.gold.corpus == "sighan2005/pku"
    assert signature_fields(alone.signature)["dict"] == "sighan2005/pku-words"
    before = merge_reports([str(old)])
    assert before.gold.corpus is None and "corpus" not in signature_fields(before.signature)
    mixed = merge_reports([str(old), str(new)])  # the same counts twice: warned of, in it
    assert mixed.gold.corpus is None
    assert signature_fields(mixed.signature)["dict"] == "words"
    assert mixed.dictionary is not None and mixed.dictionary.corpus is None
    # A merged report is read again as a shard: its fields agree with its signature.
    again = tmp_path / "merged.json"
    again.write_text(json.dumps(mixed.as_dict()), encoding="utf-8")
    words = 2 * alone.systems[0].counts.gold_words
    assert merge_reports([str(again)]).systems[0].counts.gold_words == words


def test_a_previous_report_before_known_corpora_has_the_same_settings(tmp_path: Path) -> None:
    need_shared()
    _, old = _named_report(tmp_path)
    gold, pred = FIXTURES / "gold.txt", FIXTURES / "pred.txt"
    words = ICWB2 / "gold" / "pku_training_words.utf8"
    args = ("score", gold, pred, "-d", words, "--max-drop", "f=0.01", "-q")
    done = run_wsscore(*args, "--previous", old)
    assert done.returncode == 0, done.stderr
    assert "other settings" not in done.stderr


def test_a_report_whose_corpus_fields_disagree_with_its_signature_is_refused(
    tmp_path: Path,
) -> None:
    need_shared()
    new, _ = _named_report(tmp_path)
    document = json.loads(new.read_text(encoding="utf-8"))
    document["gold"]["corpus"] = "sighan2005/msr"
    new.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(WsscoreError, match=r"gold\.corpus"):
        merge_reports([str(new)])
