"""The corpora wsscore knows by their content, as records: each file a known corpus ships
(:class:`KnownFile`) and each known gold's sizes and source (:class:`KnownCorpus`), from the
generated registry (:mod:`wsscore.inputs.known_corpora`); and a known corpus's files found in a
data folder, checked against their SHA-256 (:func:`official_file`, for suite manifests).

Apart from :mod:`wsscore.inputs.corpora`, which recognises a file on every run: making these
records' classes costs more than a run of a small file may spend on it."""

from __future__ import annotations

import os
from typing import NamedTuple

from wsscore.errors import WsscoreError
from wsscore.inputs.corpora import file_sha256
from wsscore.inputs.known_corpora import CORPORA, FILES

ROLES = ("gold", "dictionary", "input")


class KnownFile(NamedTuple):
    """A file a known corpus ships: its id (the corpus's, ``-words`` for its training word
    list, ``-input`` for its unsegmented test text), its role, its encoding, where it is in the
    data folder as distributed, its size in bytes and the SHA-256 of its bytes."""

    id: str
    role: str  # one of ROLES
    encoding: str
    path: str
    size: int
    sha256: str

    @property
    def name(self) -> str:
        return self.path.rpartition("/")[2]


class KnownCorpus(NamedTuple):
    """A known gold: its sizes as the bakeoff counts them (tools/make_corpora.py), its words
    that are not in its own training word list (None without one), and where the data comes
    from."""

    id: str
    title: str
    words_id: str | None  # the id of its training word list
    sentences: int
    words: int
    characters: int
    oov_words: int | None
    source: str
    terms: str

    @property
    def oov_rate(self) -> float | None:
        return None if self.oov_words is None else self.oov_words / self.words


def known_files() -> list[KnownFile]:
    return [KnownFile(*row) for row in FILES]


def known_corpora() -> list[KnownCorpus]:
    return [KnownCorpus(*row) for row in CORPORA]


def corpus_named(corpus_id: str) -> KnownCorpus | None:
    return next((corpus for corpus in known_corpora() if corpus.id == corpus_id), None)


def official_file(file_id: str, folder: str) -> str:
    """The path of the known file ``file_id`` in ``folder`` (the data as distributed, in its
    own layout or all in one folder; UTF-8 first, else the original encoding), its bytes
    checked against their SHA-256. A missing or changed file is a WsscoreError."""
    candidates = [known for known in known_files() if known.id == file_id]
    looked = []
    for known in candidates:
        for path in dict.fromkeys(
            (os.path.join(folder, known.path), os.path.join(folder, known.name))
        ):
            if not os.path.isfile(path):
                looked.append(path)
                continue
            if os.path.getsize(path) == known.size and file_sha256(path) == known.sha256:
                return path
            raise WsscoreError(
                f"{path} is not the official {file_id} file: its bytes differ from those "
                "`wsscore corpora` lists",
                hint="restore the file as distributed, or name it with gold = … (dict = …) to "
                "score it as it is",
            )
    others = f" and {len(looked) - 1} other places" if len(looked) > 1 else ""
    raise WsscoreError(
        f"no {file_id} file in {folder} (looked for {looked[0]}{others})",
        hint="data names the folder of the data as distributed: for SIGHAN 2005, the one "
        "that holds gold/ and testing/",
    )
