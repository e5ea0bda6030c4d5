"""``wsscore corpora`` and ``corpus = "ID"`` in suite manifests: the sizes it lists, counted
again here from the files, the hashes, and the refusal of a changed file."""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

import pytest
from conftest import ICWB2, refused_in_one_line, run_wsscore

UD = ICWB2.parent / "ud"
SIGHAN = ("as", "cityu", "msr", "pku")


def need_shared() -> None:
    if not (ICWB2 / "gold").is_dir() or not UD.is_dir():
        pytest.skip("the bakeoff and UD data (../shared/icwb2, ../shared/ud) are not here")


def _listed() -> dict[str, dict[str, object]]:
    done = run_wsscore("corpora", "-f", "json")
    assert done.returncode == 0, done.stderr
    return {corpus["id"]: corpus for corpus in json.loads(done.stdout)["corpora"]}


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8-sig").splitlines()


def _bakeoff_sizes(corpus: str) -> tuple[int, int, int, int]:
    """Sentences (lines with a word), words, their characters and the words not in the
    corpus's own training word list, counted from the UTF-8 files."""
    gold = "as_testing_gold" if corpus == "as" else f"{corpus}_test_gold"
    known = set(map(str.strip, _lines(ICWB2 / "gold" / f"{corpus}_training_words.utf8")))
    words = [word for line in _lines(ICWB2 / "gold" / f"{gold}.utf8") for word in line.split()]
    sentences = sum(1 for line in _lines(ICWB2 / "gold" / f"{gold}.utf8") if line.split())
    oov = sum(1 for word in words if word not in known)
    return sentences, len(words), sum(map(len, words)), oov


def test_the_listed_sizes_are_those_of_the_files() -> None:
    need_shared()
    listed = _listed()
    for corpus in SIGHAN:
        entry = listed[f"sighan2005/{corpus}"]
        sentences, words, characters, oov = _bakeoff_sizes(corpus)
        assert (entry["sentences"], entry["words"], entry["characters"]) == (
            sentences,
            words,
            characters,
        )
        assert entry["oov_words"] == oov
        assert entry["oov_rate"] == oov / words
        assert entry["word_list"] == f"sighan2005/{corpus}-words"
    # The published OOV rates of the bakeoff (Emerson 2005, table 1).
    published = {"as": 0.043, "cityu": 0.074, "msr": 0.026, "pku": 0.058}
    for corpus, rate in published.items():
        assert round(listed[f"sighan2005/{corpus}"]["oov_rate"], 3) == rate  # type: ignore[arg-type]


def test_the_ud_sizes_are_its_sentences_and_words() -> None:
    need_shared()
    listed = _listed()
    for part in ("test", "dev"):
        rows = [line.split("\t") for line in _lines(UD / f"zh_gsd-ud-{part}.conllu")]
        words = [row[1] for row in rows if len(row) == 10 and row[0].isdigit()]
        entry = listed[f"ud/zh_gsd-{part}"]
        assert entry["sentences"] == sum(1 for row in rows if row[0].startswith("# sent_id"))
        assert (entry["words"], entry["characters"]) == (len(words), sum(map(len, words)))
        assert entry["oov_rate"] is None and entry["word_list"] is None
        assert "CC BY-SA 4.0" in str(entry["terms"])


def test_every_listed_hash_is_the_file_s() -> None:
    need_shared()
    for corpus in _listed().values():
        folder = UD if str(corpus["id"]).startswith("ud/") else ICWB2
        for known in corpus["files"]:  # type: ignore[attr-defined]
            data = (folder / known["path"]).read_bytes()
            assert (len(data), hashlib.sha256(data).hexdigest()) == (
                known["bytes"],
                known["sha256"],
            )


def test_the_text_lists_the_sizes_the_hashes_and_the_sources() -> None:
    need_shared()
    done = run_wsscore("corpora")
    assert done.returncode == 0, done.stderr
    pku = next(line for line in done.stdout.splitlines() if line.startswith("sighan2005/pku "))
    sentences, words, characters, oov = _bakeoff_sizes("pku")
    assert pku.split() == [
        "sighan2005/pku",
        f"{sentences:,}",
        f"{words:,}",
        f"{characters:,}",
        f"{oov / words:.3f}",
        "sighan2005/pku-words",
    ]
    gbk = hashlib.sha256((ICWB2 / "gold" / "pku_test_gold.txt").read_bytes()).hexdigest()
    assert gbk in done.stdout
    assert "http://sighan.cs.uchicago.edu/bakeoff2005/" in done.stdout
    assert "https://github.com/UniversalDependencies/UD_Chinese-GSD" in done.stdout
    markdown = run_wsscore("corpora", "-f", "markdown").stdout
    assert "| sighan2005/pku | 1,944 | 104,372 |" in markdown


# --- suite manifests ---------------------------------------------------------------------------


def _manifest(tmp_path: Path, corpus: str, data: Path | None) -> Path:
    gold = ICWB2 / "gold" / "pku_test_gold.utf8"
    shutil.copyfile(gold, tmp_path / "out_pku.txt")
    folder = f'data = "{data}"\n' if data is not None else ""
    manifest = tmp_path / "m.toml"
    manifest.write_text(
        f'[corpora.pku]\ncorpus = "{corpus}"\n{folder}[systems]\nme = "out_{{corpus}}.txt"\n',
        encoding="utf-8",
    )
    return manifest


def test_a_manifest_names_a_corpus_found_in_its_data_folder(tmp_path: Path) -> None:
    need_shared()
    done = run_wsscore("suite", _manifest(tmp_path, "sighan2005/pku", ICWB2), "-f", "json")
    assert done.returncode == 0, done.stderr
    corpus = json.loads(done.stdout)["corpora"][0]
    assert corpus["gold"]["corpus"] == "sighan2005/pku"
    assert corpus["dictionary"]["paths"] == [str(ICWB2 / "gold" / "pku_training_words.utf8")]
    assert "|corpus:sighan2005/pku|dict:sighan2005/pku-words|" in corpus["signature"]


def test_a_changed_file_in_the_data_folder_is_refused(tmp_path: Path) -> None:
    need_shared()
    data = tmp_path / "data"
    (data / "gold").mkdir(parents=True)
    lines = (ICWB2 / "gold" / "pku_test_gold.utf8").read_bytes().splitlines(keepends=True)
    (data / "gold" / "pku_test_gold.utf8").write_bytes(b"".join(lines[:-1]))
    shutil.copyfile(ICWB2 / "gold" / "pku_training_words.utf8", data / "pku_training_words.utf8")
    line = refused_in_one_line("suite", _manifest(tmp_path, "sighan2005/pku", data))
    assert "corpora.pku.corpus:" in line
    assert f"{data / 'gold' / 'pku_test_gold.utf8'} is not the official sighan2005/pku file" in line
    assert "restore the file as distributed" in line
    # Restored, it is found; the word list is found in the folder itself.
    shutil.copyfile(ICWB2 / "gold" / "pku_test_gold.utf8", data / "gold" / "pku_test_gold.utf8")
    done = run_wsscore("suite", _manifest(tmp_path, "sighan2005/pku", data))
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize(
    ("corpus", "data", "said"),
    [
        ("sighan2005/pkx", True, "is not a known corpus (did you mean 'sighan2005/pku'?)"),
        ("sighan2005/pku", False, "no data folder to find it in"),
    ],
)
def test_an_unknown_corpus_or_no_data_folder_is_refused(
    tmp_path: Path, corpus: str, data: bool, said: str
) -> None:
    need_shared()
    line = refused_in_one_line("suite", _manifest(tmp_path, corpus, ICWB2 if data else None))
    assert said in line


def test_a_data_folder_without_the_files_is_refused(tmp_path: Path) -> None:
    need_shared()
    line = refused_in_one_line("suite", _manifest(tmp_path, "sighan2005/msr", tmp_path))
    assert f"no sighan2005/msr file in {tmp_path}" in line
