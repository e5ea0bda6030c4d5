"""``wsscore corpora``: the corpora wsscore knows by their content, their sizes, their files'
hashes and where the data comes from (:mod:`wsscore.inputs.corpora`)."""

from __future__ import annotations

from wsscore._version import __version__
from wsscore.inputs.corpus_registry import KnownCorpus, KnownFile, known_corpora, known_files
from wsscore.output.json_text import to_json
from wsscore.output.present import render_tables
from wsscore.output.tables import Document, Note, Table, TableColumn

CORPORA_FORMATS = ("table", "text", "markdown", "latex", "tsv", "csv", "json")
NONE = "–"  # a figure a corpus has not (UD ships no training word list here)


def files_of(corpus: KnownCorpus) -> list[KnownFile]:
    """The corpus's files: its gold, and its word list and test input (``ID-words``,
    ``ID-input``), in every encoding."""
    return [
        known
        for known in known_files()
        if known.id == corpus.id or known.id.startswith(corpus.id + "-")
    ]


def corpora_dict() -> dict[str, object]:
    """The ``-f json`` document (docs/usage.md, *Known corpora*)."""
    corpora = [
        {
            "id": corpus.id,
            "title": corpus.title,
            "word_list": corpus.words_id,
            "sentences": corpus.sentences,
            "words": corpus.words,
            "characters": corpus.characters,
            "oov_words": corpus.oov_words,
            "oov_rate": corpus.oov_rate,
            "source": corpus.source,
            "terms": corpus.terms,
            "files": [_file_dict(known) for known in files_of(corpus)],
        }
        for corpus in known_corpora()
    ]
    return {"version": __version__, "corpora": corpora}


def _file_dict(known: KnownFile) -> dict[str, object]:
    return {
        "id": known.id,
        "role": known.role,
        "encoding": known.encoding,
        "path": known.path,
        "bytes": known.size,
        "sha256": known.sha256,
    }


def render_corpora(fmt: str, *, color: bool = False, width: int | None = None) -> str:
    if fmt == "json":
        return to_json(corpora_dict())
    return render_tables(fmt, corpora_document, corpora_data, color=color, width=width)


def _rate(corpus: KnownCorpus) -> str:
    rate = corpus.oov_rate
    return NONE if rate is None else f"{rate:.3f}"


def corpora_document() -> Document:
    corpora = known_corpora()
    sizes = Table(
        [
            TableColumn("Corpus", right=False),
            TableColumn("Sentences"),
            TableColumn("Words"),
            TableColumn("Characters"),
            TableColumn("OOV rate"),
            TableColumn("Word list", right=False),
        ],
        [
            [
                corpus.id,
                f"{corpus.sentences:,}",
                f"{corpus.words:,}",
                f"{corpus.characters:,}",
                _rate(corpus),
                corpus.words_id or NONE,
            ]
            for corpus in corpora
        ],
        title="Known corpora (a gold or word list whose bytes are one of these is named)",
    )
    files = Table(
        [
            TableColumn("File", right=False),
            TableColumn("Role", right=False),
            TableColumn("Encoding", right=False),
            TableColumn("Path", right=False, words=True),
            TableColumn("Bytes"),
            TableColumn("SHA-256", right=False),
        ],
        [
            [known.id, known.role, known.encoding, known.path, f"{known.size:,}", known.sha256]
            for known in known_files()
        ],
        title="Their files",
    )
    sources = dict.fromkeys(
        f"{corpus.id.partition('/')[0]}/…: {corpus.source} ({corpus.terms})" for corpus in corpora
    )
    notes = [Note(source) for source in sources]
    return Document([sizes, files], notes, f"wsscore:{__version__}", sections=True)


def corpora_data() -> Table:
    """One row per file with its corpus's sizes, exact values (tsv, csv)."""
    headers = ["corpus", "sentences", "words", "characters", "oov_words", "oov_rate", "file"]
    headers += ["role", "encoding", "path", "bytes", "sha256", "source"]
    rows = [
        [
            corpus.id,
            str(corpus.sentences),
            str(corpus.words),
            str(corpus.characters),
            "" if corpus.oov_words is None else str(corpus.oov_words),
            "" if corpus.oov_rate is None else repr(corpus.oov_rate),
            known.id,
            known.role,
            known.encoding,
            known.path,
            str(known.size),
            known.sha256,
            corpus.source,
        ]
        for corpus in known_corpora()
        for known in files_of(corpus)
    ]
    return Table([TableColumn(header) for header in headers], rows)
