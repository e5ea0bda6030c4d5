"""The training dictionary that decides which gold words are out of vocabulary (docs/metrics.md
§3.3)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from collections.abc import Set as AbstractSet

from wsscore.core import backend
from wsscore.errors import Warnings
from wsscore.inputs.reading import TextFile, open_text
from wsscore.inputs.words import split_words

SEGMENTED_LINES_SHARE = 0.2
SEGMENTED_SAMPLE = 2000  # lines looked at to tell a segmented corpus from a word list
OPTION = "--dict-encoding"  # the option that sets a dictionary's encoding, named in hints

# Coverage warnings need this many gold words: a few sentences say little about a dictionary.
COVERAGE_MIN_GOLD_WORDS = 100
# From this OOV rate on, the dictionary covers too little of the gold to be its training word
# list. Measured on SIGHAN 2005 (OOV rate of each test gold, by word tokens):
#   its own training word list .......................... 0.027 (MSR) to 0.074 (CityU)
#   another corpus's list, same script .................. 0.068 (PKU gold, MSR words) to 0.112
#   traditional against simplified (e.g. PKU words for the CityU gold) ... 0.431 to 0.474
#   a wrong file: the unsegmented test input as word list ............... 0.906 to 1.000
#   a wrong encoding: Big5 gold read as GBK 0.962 (CityU), 1.000 (AS); Big5 word list read as
#     GBK 0.779 (AS: punctuation and the commonest characters match by chance), 0.918 (CityU);
#     Big5 word list read as UTF-8 0.9999 (AS)
# 0.7 lies between the worst real use (0.47) and the best wrong input (0.78), with room on both
# sides.
ALMOST_NO_COVERAGE = 0.7


class Dictionary:
    """Known words, with where they came from (for reports and the signature).

    ``lookup`` answers ``word in lookup`` and ``len(lookup)``: a set, or what
    :func:`wsscore.core.backend.load_vocabulary` loads (the C speed-ups' Vocabulary keeps a
    word list as slices of its text instead of a string per entry). ``entries`` is always a set
    of str (made from a Vocabulary on first use).
    """

    __slots__ = ("_entries", "corpus", "encoding", "explained", "lookup", "paths", "source")

    def __init__(
        self,
        lookup: AbstractSet[str] | backend.Vocabulary,
        paths: tuple[str, ...],
        encoding: str,
        source: str,  # "words" (a word list) or "train" (the words of a segmented corpus)
        explained: bool = False,
        corpus: str | None = None,  # the known word list it is (wsscore.inputs.corpora)
    ):
        self.lookup = lookup
        self.paths = paths
        self.encoding = encoding
        self.source = source
        # A warning already said why few gold words will be found in it (a segmented corpus
        # given as a word list): the coverage check need not say it again.
        self.explained = explained
        self.corpus = corpus
        self._entries: AbstractSet[str] | None = None

    @property
    def entries(self) -> AbstractSet[str]:
        if self._entries is None:
            self._entries = backend.vocabulary_entries(self.lookup)
        return self._entries

    def __contains__(self, word: str) -> bool:
        return word in self.lookup

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its entries (the C speed-ups' Vocabulary is loaded again from them)."""
        as_text = not isinstance(self.lookup, AbstractSet)
        state = (self.paths, self.encoding, self.source, self.explained, self.corpus)
        return (_unpickled, (sorted(self.entries), as_text, *state))

    def __len__(self) -> int:
        return len(self.lookup)


def _unpickled(
    entries: list[str],
    as_text: bool,
    paths: tuple[str, ...],
    encoding: str,
    source: str,
    explained: bool,
    corpus: str | None = None,
) -> Dictionary:
    lookup = backend.load_vocabulary("\n".join(entries)) if as_text else frozenset(entries)
    return Dictionary(lookup, paths, encoding, source, explained, corpus)


def load_word_list(
    paths: list[str], encoding: str, *, warnings: Warnings, strict: bool = False
) -> Dictionary:
    """One entry per line, stripped; empty lines ignored; inner white space kept (as `score`)."""
    texts = []
    encodings = []
    explained = False
    for source in _sources(paths, encoding, warnings, strict):
        text = source.read_text()
        encodings.append(source.encoding.name)  # final only once read (reading.TextFile)
        if not text.strip():
            warn_empty(source.name, source.lines_read, warnings)
        texts.append(text)
        sample = [line for line in text.split("\n", SEGMENTED_SAMPLE)[:SEGMENTED_SAMPLE] if line]
        segmented = sum(1 for line in sample if len(line.split()) > 1)
        if segmented >= 5 and segmented > SEGMENTED_LINES_SHARE * len(sample):
            explained = True
            warnings.warn(
                f"{segmented} of the first {len(sample)} lines hold several words: this looks "
                "like a segmented corpus, not a word list, so few gold words will be found in it",
                where=source.name,
                hint="use --train for a segmented training corpus",
            )
    text = "\n".join(texts)
    names = _joined(encodings)
    vocabulary = backend.load_vocabulary(text)
    corpus = _known_word_list(paths)
    return Dictionary(vocabulary, tuple(paths), names, "words", explained, corpus)


def _known_word_list(paths: list[str]) -> str | None:
    """The id of the known training word list that one file given holds (docs/usage.md,
    *Known corpora*), else None."""
    if len(paths) != 1:
        return None
    from wsscore.inputs.corpora import recognised

    return recognised(paths[0], "dictionary")


def load_training_corpus(
    paths: list[str], encoding: str, *, warnings: Warnings, strict: bool = False
) -> Dictionary:
    """The set of words of a segmented training corpus (the bakeoff's definition of OOV)."""
    entries: set[str] = set()
    encodings = []
    for source in _sources(paths, encoding, warnings, strict):
        found = False
        for line in source.lines():
            words = split_words(line)
            found = found or bool(words)
            entries.update(words)
        encodings.append(source.encoding.name)  # final only once read (reading.TextFile)
        if not found:
            warn_empty(source.name, source.lines_read, warnings, kind="corpus")
    return Dictionary(entries, tuple(paths), _joined(encodings), "train")


def training_frequencies(
    paths: list[str], encoding: str, *, warnings: Warnings, strict: bool = False
) -> Counter[str]:
    """How often each word occurs in segmented training corpora (for frequency buckets)."""
    counts: Counter[str] = Counter()
    for source in _sources(paths, encoding, warnings, strict):
        for line in source.lines():
            counts.update(split_words(line))
    return counts


def _sources(
    paths: list[str], encoding: str, warnings: Warnings, strict: bool
) -> Iterator[TextFile]:
    """Each file opened for reading."""
    for path in paths:
        yield open_text(path, encoding, warnings=warnings, strict=strict, option=OPTION)


def warn_empty(
    name: str,
    lines: int,
    warnings: Warnings,
    *,
    kind: str = "word list",
    effect: str = "every gold word is out of vocabulary",
) -> None:
    """A dictionary file without entries (of ``lines`` lines, all blank): say so, or ``effect``
    would follow silently. ``kind`` is what it should have been (``word list``, ``corpus``)."""
    what = "is empty" if not lines else f"holds no words: its {lines} line(s) are blank"
    warnings.warn(
        f"the dictionary {what}",
        where=name,
        hint=f"give the training {kind}; without words, {effect}",
    )


def check_coverage(
    dictionary: Dictionary, gold_words: int, oov_words: list[int], warnings: Warnings
) -> None:
    """Warn when the dictionary holds every gold word (built from the gold?) or almost none
    (a wrong file, or a file read in the wrong encoding): either makes the OOV figures
    meaningless. ``oov_words`` are the gold's OOV words as each system counted them."""
    if gold_words < COVERAGE_MIN_GOLD_WORDS or not oov_words or len(dictionary) == 0:
        return  # too few words to judge; an empty dictionary was reported as it was read
    where = ", ".join(dictionary.paths) or None
    if max(oov_words) == 0:
        warnings.warn(
            "every gold word is in the dictionary: was it built from the gold itself? "
            "OOV figures are meaningless then",
            where=where,
            hint="use the training word list, or --train with the training corpus",
        )
    elif min(oov_words) >= ALMOST_NO_COVERAGE * gold_words and not dictionary.explained:
        warnings.warn(
            "almost no gold word is in the dictionary: wrong file or wrong encoding?",
            where=where,
            hint=f"{min(oov_words)} of {gold_words} gold words are not in it, where a training "
            "word list misses a few in a hundred; check --dict-encoding and --gold-encoding, "
            "or give the training word list",
        )


def _joined(names: list[str]) -> str:
    unique = list(dict.fromkeys(names))
    return "+".join(unique)
