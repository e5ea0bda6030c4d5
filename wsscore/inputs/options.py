"""How the inputs of a run are read: one value shared by the library and the command line.

Every entry point (:func:`wsscore.score`, :func:`wsscore.compare`, :func:`wsscore.analyse`, the
``sighan`` layout and ``--match diff``) reads a gold, predictions and perhaps a dictionary the
same way; :class:`InputOptions` says how, once.

>>> from wsscore import InputOptions, score
>>> inputs = InputOptions(dictionary="words.txt", encoding="gbk", mismatch="error")
>>> report = score("gold.txt", ["system.txt"], inputs=inputs)
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable

from wsscore.errors import InvalidArgument, Warnings
from wsscore.inputs.dictionary import Dictionary, load_training_corpus, load_word_list
from wsscore.inputs.formats import FormatOptions
from wsscore.inputs.formats.model import check_options
from wsscore.inputs.formatted import check_format

# Where known words come from: paths of word lists, a loaded Dictionary, or a set of words.
DictionarySource = str | os.PathLike | Iterable[str | os.PathLike] | Dictionary | set | frozenset
PathsSource = str | os.PathLike | Iterable[str | os.PathLike]
Loader = Callable[..., Dictionary]

MISMATCH_POLICIES = ("warn", "error", "align")

# The options that set each file's encoding, named in hints about it (committee members are
# read with --pred-encoding, like the predictions).
GOLD_OPTION = "--gold-encoding"
PRED_OPTION = "--pred-encoding"
DIFFICULTY_OPTION = "--difficulty-encoding"


class InputOptions:
    """The dictionary, the encodings and the policies that every scoring entry point shares.

    ``dictionary``: word-list paths (one word per line), a :class:`Dictionary`, or a set of
    words; ``train``: segmented training corpora whose words form the dictionary (both may be
    given: their words are joined). ``encoding`` is the encoding of every input (``auto``
    detects each file); ``gold_encoding``, ``pred_encoding``, ``dict_encoding`` and
    ``difficulty_encoding`` (a difficulty file's) override it for one kind of input.
    ``mismatch`` is what happens when a prediction's characters differ from the gold's:
    ``warn`` (count the words touching them as wrong, refused beyond 10% of sentences),
    ``error`` or ``align`` (without limit). ``strict`` turns warnings into errors;
    ``warnings`` collects them (a quiet collector by default; the command line prints them).
    ``input_format`` is the format of the gold and the predictions (``auto``, the default,
    detects each file; or ``words``, ``tagged``, ``chars``, ``conllu``, ``jsonl``);
    ``gold_format`` and ``pred_format`` override it for one side. ``tag_sep`` is the separator
    of ``word/TAG`` tokens (detected when None); ``drop_first_token`` drops the paragraph id
    that starts each line of People's Daily files; ``tag_column`` is the CoNLL-U column of the
    tags (``upos`` or ``xpos``). ``label_order`` is the order of position and tag in the labels
    of ``chars`` files, ``pos-tag`` (``B-NN``) or ``tag-pos`` (``NN-B``), decided per file from
    its labels when None; ``gold_label_order`` and ``pred_label_order`` override it for one
    side. ``word_sep`` separates the words of words and tagged files besides white space
    (jieba's command line prints ``他 / 来到``: ``" / "``); ``gold_word_sep`` and
    ``pred_word_sep`` override it for one side. In-memory lines are always words.

    An unknown ``mismatch`` or format raises :class:`~wsscore.errors.InvalidArgument`. The value is
    immutable: :meth:`replace` gives a changed copy (sharing the warnings collector).
    """

    # A plain class, not a dataclass: building a dataclass costs a millisecond of every run's
    # start-up, and the command line starts once per scored file in CI loops.
    __slots__ = (
        "dict_encoding",
        "dictionary",
        "difficulty_encoding",
        "drop_first_token",
        "encoding",
        "gold_encoding",
        "gold_format",
        "gold_label_order",
        "gold_word_sep",
        "input_format",
        "label_order",
        "mismatch",
        "pred_encoding",
        "pred_format",
        "pred_label_order",
        "pred_word_sep",
        "strict",
        "tag_column",
        "tag_sep",
        "train",
        "warnings",
        "word_sep",
    )
    FIELDS = (
        "dictionary",
        "train",
        "encoding",
        "gold_encoding",
        "pred_encoding",
        "dict_encoding",
        "mismatch",
        "strict",
        "input_format",
        "gold_format",
        "pred_format",
        "tag_sep",
        "drop_first_token",
        "tag_column",
        "warnings",
        "difficulty_encoding",  # the constructor takes these last (positional callers)
        "label_order",
        "gold_label_order",
        "pred_label_order",
        "word_sep",
        "gold_word_sep",
        "pred_word_sep",
    )
    # The fields that say how inputs are read: all but the warnings collector, which is where
    # messages go (not compared, not shown).
    COMPARED = tuple(name for name in FIELDS if name != "warnings")

    dictionary: DictionarySource | None
    train: PathsSource | None
    encoding: str
    gold_encoding: str | None
    pred_encoding: str | None
    dict_encoding: str | None
    mismatch: str
    strict: bool
    input_format: str
    gold_format: str | None
    pred_format: str | None
    tag_sep: str | None
    drop_first_token: bool
    tag_column: str
    warnings: Warnings
    difficulty_encoding: str | None
    label_order: str | None
    gold_label_order: str | None
    pred_label_order: str | None
    word_sep: str | None
    gold_word_sep: str | None
    pred_word_sep: str | None

    def __init__(
        self,
        dictionary: DictionarySource | None = None,
        train: PathsSource | None = None,
        encoding: str = "auto",
        gold_encoding: str | None = None,
        pred_encoding: str | None = None,
        dict_encoding: str | None = None,
        mismatch: str = "warn",
        strict: bool = False,
        input_format: str = "auto",
        gold_format: str | None = None,
        pred_format: str | None = None,
        tag_sep: str | None = None,
        drop_first_token: bool = False,
        tag_column: str = "upos",
        warnings: Warnings | None = None,
        difficulty_encoding: str | None = None,
        label_order: str | None = None,
        gold_label_order: str | None = None,
        pred_label_order: str | None = None,
        word_sep: str | None = None,
        gold_word_sep: str | None = None,
        pred_word_sep: str | None = None,
    ):
        if mismatch not in MISMATCH_POLICIES:
            raise InvalidArgument(f"mismatch must be one of {MISMATCH_POLICIES}, not {mismatch!r}")
        values = {
            # Paths given as a generator are listed once, so that checking them does not use
            # them up.
            "dictionary": _listed(dictionary),
            "train": _listed(train),
            "encoding": encoding,
            "gold_encoding": gold_encoding,
            "pred_encoding": pred_encoding,
            "dict_encoding": dict_encoding,
            "mismatch": mismatch,
            "strict": strict,
            "input_format": check_format(input_format),
            "gold_format": gold_format and check_format(gold_format),
            "pred_format": pred_format and check_format(pred_format),
            "tag_sep": tag_sep,
            "drop_first_token": drop_first_token,
            "tag_column": tag_column,
            "warnings": warnings if warnings is not None else Warnings(quiet=True),
            "difficulty_encoding": difficulty_encoding,
            "label_order": label_order,
            "gold_label_order": gold_label_order,
            "pred_label_order": pred_label_order,
            "word_sep": word_sep,
            "gold_word_sep": gold_word_sep,
            "pred_word_sep": pred_word_sep,
        }
        for name, value in values.items():
            object.__setattr__(self, name, value)
        for side in (self.gold_format_options, self.pred_format_options):
            check_options("words", side)  # the readers' own rules for their options

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"InputOptions is immutable: use .replace({name}=…)")

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.COMPARED)
        return f"InputOptions({shown})"

    def __eq__(self, other: object) -> bool:
        # The warnings collector is where messages go, not how inputs are read: not compared.
        if not isinstance(other, InputOptions):
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.COMPARED)

    __hash__ = None  # type: ignore[assignment]  # equal values may hold unhashable lists

    def __reduce__(self) -> tuple[type[InputOptions], tuple[object, ...]]:
        """Pickled as its constructor's arguments (worker processes get a copy): the default
        way would set the slots one by one, which an immutable value refuses."""
        return (InputOptions, tuple(getattr(self, name) for name in self.FIELDS))

    def replace(self, **changes: object) -> InputOptions:
        """A copy with ``changes`` (the same warnings collector unless one is given)."""
        values = {name: getattr(self, name) for name in self.FIELDS}
        unknown = set(changes) - set(values)
        if unknown:
            raise InvalidArgument(f"InputOptions has no option {', '.join(sorted(unknown))}")
        values.update(changes)
        return InputOptions(**values)

    @property
    def for_gold(self) -> str:
        """The encoding the gold is read in."""
        return self.gold_encoding or self.encoding

    @property
    def for_predictions(self) -> str:
        """The encoding predictions (and committee members) are read in."""
        return self.pred_encoding or self.encoding

    @property
    def gold_format_used(self) -> str:
        """The format the gold is read in (``auto``: detected)."""
        return self.gold_format or self.input_format

    @property
    def pred_format_used(self) -> str:
        """The format predictions (and committee members) are read in."""
        return self.pred_format or self.input_format

    @property
    def format_options(self) -> FormatOptions:
        """How files are read, without a side's own word separator (see ``gold_format_options``
        and ``pred_format_options``)."""
        return FormatOptions(
            tag_sep=self.tag_sep,
            drop_first_token=self.drop_first_token,
            tag_column=self.tag_column,
            label_order=self.label_order,
            word_sep=self.word_sep,
        )

    @property
    def gold_format_options(self) -> FormatOptions:
        """How the gold is read: its label order and word separator may be its own."""
        return self.format_options._replace(
            label_order=self.gold_label_order or self.label_order,
            word_sep=_either(self.gold_word_sep, self.word_sep),
        )

    @property
    def pred_format_options(self) -> FormatOptions:
        """How predictions (and committee members) are read."""
        return self.format_options._replace(
            label_order=self.pred_label_order or self.label_order,
            word_sep=_either(self.pred_word_sep, self.word_sep),
        )

    @property
    def for_dictionary(self) -> str:
        """The encoding word lists and training corpora are read in."""
        return self.dict_encoding or self.encoding

    @property
    def for_difficulty(self) -> str:
        """The encoding a difficulty file (``wsscore difficulty``'s) is read in."""
        return self.difficulty_encoding or self.encoding

    def dictionary_paths(self) -> list[str]:
        """The files among ``dictionary`` and ``train`` (for the standard-input check)."""
        return [*self.word_list_paths(), *_paths_in(self.train)]

    def train_paths(self) -> list[str]:
        """The training-corpus files given as ``train``."""
        return _paths_in(self.train)

    def word_list_paths(self) -> list[str]:
        """The word-list files given as ``dictionary`` (none for a Dictionary or a set)."""
        return _paths_in(self.dictionary)

    def load_dictionary(self) -> Dictionary | None:
        """The known words, read once: None without a dictionary and training corpus."""
        if isinstance(self.dictionary, Dictionary) and self.train is None:
            return self.dictionary
        if isinstance(self.dictionary, (set, frozenset)) and self.train is None:
            return Dictionary(frozenset(self.dictionary), (), "str", "words")
        parts: list[Dictionary] = []
        if self.dictionary is not None:
            parts.append(self._read(load_word_list, self.dictionary))
        if self.train is not None:
            parts.append(self._read(load_training_corpus, self.train))
        if not parts:
            return None
        return parts[0] if len(parts) == 1 else _joined(parts)

    def with_dictionary(self, dictionary: Dictionary | None) -> InputOptions:
        """These options with the dictionary already loaded (so it is read once, not again)."""
        return self.replace(dictionary=dictionary, train=None)

    def _read(self, load: Loader, source: DictionarySource) -> Dictionary:
        if isinstance(source, Dictionary):
            return source
        if isinstance(source, (set, frozenset)):
            return Dictionary(frozenset(source), (), "str", "words")
        return load(
            _paths_in(source), self.for_dictionary, warnings=self.warnings, strict=self.strict
        )


def _either(own: str | None, shared: str | None) -> str | None:
    """A side's own value, else the shared one (an empty string is a value: refused)."""
    return own if own is not None else shared


def _joined(parts: list[Dictionary]) -> Dictionary:
    return Dictionary(
        frozenset().union(*(part.entries for part in parts)),
        tuple(path for part in parts for path in part.paths),
        "+".join(dict.fromkeys(part.encoding for part in parts)),
        "words+train",
    )


def _listed(value: object) -> object:
    if value is None or isinstance(value, (str, os.PathLike, Dictionary, set, frozenset, list)):
        return value
    if isinstance(value, Iterable):
        return list(value)
    raise InvalidArgument(f"expected a path, paths, a Dictionary or a set of words, not {value!r}")


def _paths_in(value: object) -> list[str]:
    if value is None or isinstance(value, (Dictionary, set, frozenset)):
        return []
    if isinstance(value, (str, os.PathLike)):
        return [os.fspath(value)]
    return [os.fspath(v) for v in value if isinstance(v, (str, os.PathLike))]  # type: ignore[attr-defined]


def load_dictionary(
    dictionary: DictionarySource | None = None,
    train: PathsSource | None = None,
    *,
    encoding: str = "auto",
    warnings: Warnings | None = None,
    strict: bool = False,
) -> Dictionary | None:
    """A dictionary from word-list files, training corpora, or a set of words (None without
    any): what :meth:`InputOptions.load_dictionary` reads, to pass on as a :class:`Dictionary`."""
    options = InputOptions(
        dictionary=dictionary,
        train=train,
        dict_encoding=encoding,
        strict=strict,
        warnings=warnings if warnings is not None else Warnings(),
    )
    return options.load_dictionary()
