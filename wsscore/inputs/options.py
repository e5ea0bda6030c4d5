"""How the inputs of a run are read: one value shared by the library and the command line.

Every entry point (:func:`wsscore.score`, :func:`wsscore.compare`, :func:`wsscore.analyse`, the
``sighan`` layout and ``--match diff``) reads a gold, predictions and perhaps a dictionary the
same way; :class:`InputOptions` says how, once.

>>> from wsscore import InputOptions, score
>>> inputs = InputOptions(dictionary="words.txt", encoding="gbk", mismatch="error")
>>> report = score("gold.txt", ["system.txt"], inputs=inputs)
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from wsscore.api_terms import in_api_terms
from wsscore.errors import InvalidArgument, Warnings
from wsscore.inputs.dictionary import Dictionary, load_training_corpus, load_word_list
from wsscore.inputs.formats import FormatOptions
from wsscore.inputs.formats.model import TagFields, check_options, parse_tag_field
from wsscore.inputs.formatted import check_format
from wsscore.inputs.sources import Reading

if TYPE_CHECKING:
    from wsscore.inputs.normalize import Normalizing

# Where known words come from: paths of word lists, a loaded Dictionary, or a set of words.
PathLike = os.PathLike[str]
DictionarySource = (
    str | PathLike | Iterable[str | PathLike] | Dictionary | set[str] | frozenset[str]
)
PathsSource = str | PathLike | Iterable[str | PathLike]
Loader = Callable[..., Dictionary]

MISMATCH_POLICIES = ("warn", "error", "align")

# The options that set each file's encoding, named in hints about it (committee members are
# read with --pred-encoding, like the predictions).
GOLD_OPTION = "--gold-encoding"
PRED_OPTION = "--pred-encoding"
DIFFICULTY_OPTION = "--difficulty-encoding"


def _quiet_warnings() -> Warnings:
    return Warnings(quiet=True)


def _set(options: InputOptions, name: str, value: object) -> None:
    """Set a field while the frozen value is being built (to its checked or listed form)."""
    object.__setattr__(options, name, value)


@dataclass(frozen=True)
class InputOptions:
    """The dictionary, the encodings and the policies that every scoring entry point shares.

    Known words:

    - ``dictionary``: word-list paths (one word per line), a :class:`Dictionary`, or a set of
      words; paths given as a generator are listed once.
    - ``train``: segmented training corpora whose words form the dictionary (both may be given:
      their words are joined).

    Encodings (``auto`` detects each file):

    - ``encoding``: the encoding of every input.
    - ``gold_encoding``, ``pred_encoding`` (predictions and committee members),
      ``dict_encoding`` (word lists and training corpora) and ``difficulty_encoding`` (a
      difficulty file's): override it for one kind of input.

    Policies:

    - ``mismatch``: what happens when a prediction's characters differ from the gold's:
      ``warn`` (count the words touching them as wrong, refused beyond 10% of sentences),
      ``error`` or ``align`` (without limit).
    - ``strict``: turns warnings into errors.
    - ``warnings``: collects them (a quiet collector by default; the command line prints them).
      It is where messages go, not how inputs are read: neither compared nor shown.

    Formats (in-memory lines are always words):

    - ``input_format``: the format of the gold and the predictions (``auto``, the default,
      detects each file; or ``words``, ``tagged``, ``chars``, ``conllu``, ``jsonl``, ``mecab``,
      ``kytea``, ``best``, ``vlsp``);
      ``gold_format`` and ``pred_format`` override it for one side.
    - ``tag_sep``: the separator of ``word/TAG`` tokens (detected when None).
    - ``drop_first_token``: drops the paragraph id that starts each line of People's Daily
      files.
    - ``tag_column``: the CoNLL-U column of the tags (``upos`` or ``xpos``).
    - ``tag_field``: the field of a mecab or kytea token that holds its tag, from 1 (MeCab's
      first feature after the tab; KyTea's part of speech, 2 its reading), or a range of them
      (``"1-2"``, joined by ``-``: ``名詞-普通名詞``); kept as a
      :class:`~wsscore.inputs.formats.model.TagFields`.
    - ``unit``: what a boundary can fall between, for the boundary figures, TNR, the
      character-level counts and the ``chars`` format: ``char`` (a code point), ``grapheme``
      (an extended grapheme cluster) or ``syllable`` (the gold's syllables: ``vlsp``, or
      CoNLL-U FORMs holding spaces); None, the default, is ``syllable`` for a ``vlsp`` gold and
      ``char`` otherwise. Word spans, and so P, R and F, never depend on it.
    - ``normalize``: the text rewritten alike in the gold, the predictions and the dictionary
      before scoring, as papers preprocess their gold: ``none`` (the default), ``width``,
      ``digits``, ``latin``, steps joined by ``+``, or ``mccws`` (``width+digits+latin``);
      docs/metrics.md §1.8.
    - ``label_order``: the order of position and tag in the labels of ``chars`` files,
      ``pos-tag`` (``B-NN``) or ``tag-pos`` (``NN-B``), decided per file from its labels when
      None; ``gold_label_order`` and ``pred_label_order`` override it for one side.
    - ``word_sep``: separates the words of words and tagged files besides white space
      (jieba's command line prints ``他 / 来到``: ``" / "``); ``gold_word_sep`` and
      ``pred_word_sep`` override it for one side.

    An unknown ``mismatch`` or format raises :class:`~wsscore.errors.InvalidArgument`. The value is
    immutable: :meth:`replace` gives a changed copy (sharing the warnings collector).
    """

    # The order is the constructor's, positional callers included: the fields added later
    # (difficulty_encoding onwards) come last.
    dictionary: DictionarySource | None = None
    train: PathsSource | None = None
    encoding: str = "auto"
    gold_encoding: str | None = None
    pred_encoding: str | None = None
    dict_encoding: str | None = None
    mismatch: str = "warn"
    strict: bool = False
    input_format: str = "auto"
    gold_format: str | None = None
    pred_format: str | None = None
    tag_sep: str | None = None
    drop_first_token: bool = False
    tag_column: str = "upos"
    warnings: Warnings = field(default_factory=_quiet_warnings, compare=False, repr=False)
    difficulty_encoding: str | None = None
    label_order: str | None = None
    gold_label_order: str | None = None
    pred_label_order: str | None = None
    word_sep: str | None = None
    gold_word_sep: str | None = None
    pred_word_sep: str | None = None
    tag_field: int | str | TagFields = 1
    unit: str | None = None
    normalize: str = "none"

    # Equal values may hold unhashable lists of paths: not hashable at all.
    __hash__ = None  # type: ignore[assignment]

    @in_api_terms("InputOptions", parameters=())
    def __post_init__(self) -> None:
        if self.mismatch not in MISMATCH_POLICIES:
            raise InvalidArgument(
                f"mismatch must be one of {MISMATCH_POLICIES}, not {self.mismatch!r}"
            )
        # Paths given as a generator are listed once, so that checking them does not use
        # them up.
        _set(self, "dictionary", _listed(self.dictionary))
        _set(self, "train", _listed(self.train))
        _set(self, "input_format", check_format(self.input_format))
        _set(self, "gold_format", self.gold_format and check_format(self.gold_format))
        _set(self, "pred_format", self.pred_format and check_format(self.pred_format))
        if self.warnings is None:  # given as None: the quiet default
            _set(self, "warnings", _quiet_warnings())
        _set(self, "tag_field", parse_tag_field(self.tag_field))
        for side in (self.gold_format_options, self.pred_format_options):
            check_options("words", side)  # the readers' own rules for their options
        if self.normalize != "none":  # the plain run does not even import the rewriting
            from wsscore.inputs.normalize import profile_of

            _set(self, "normalize", profile_of(self.normalize))

    def replace(self, **changes: Any) -> InputOptions:
        """A copy with ``changes`` (the same warnings collector unless one is given)."""
        unknown = set(changes) - {option.name for option in fields(self)}
        if unknown:
            raise InvalidArgument(f"InputOptions has no option {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **changes)

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
            tag_field=parse_tag_field(self.tag_field),
            unit=self.unit,
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
    def gold_reading(self) -> Reading:
        """How the gold is read."""
        return Reading(
            self.for_gold,
            self.warnings,
            self.strict,
            GOLD_OPTION,
            self.gold_format_used,
            self.gold_format_options,
            self.normalizing(),
        )

    @property
    def pred_reading(self) -> Reading:
        """How predictions (and committee members) are read."""
        return Reading(
            self.for_predictions,
            self.warnings,
            self.strict,
            PRED_OPTION,
            self.pred_format_used,
            self.pred_format_options,
            self.normalizing(),
        )

    def normalizing(self) -> Normalizing | None:
        """How the inputs' text is rewritten (``normalize``), word by word; None for ``none``."""
        if self.normalize == "none":
            return None
        from wsscore.inputs.normalize import Normalizing

        return Normalizing(self.normalize)

    @property
    def difficulty_reading(self) -> Reading:
        """How a difficulty file is read: a plain table of words."""
        return Reading(self.for_difficulty, self.warnings, self.strict, DIFFICULTY_OPTION)

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

    @in_api_terms("InputOptions", parameters=())
    def load_dictionary(self) -> Dictionary | None:
        """The known words, read once: None without a dictionary and training corpus."""
        if isinstance(self.dictionary, Dictionary) and self.train is None:
            return self.dictionary
        if isinstance(self.dictionary, (set, frozenset)) and self.train is None:
            return self._normalized(Dictionary(frozenset(self.dictionary), (), "str", "words"))
        parts: list[Dictionary] = []
        if self.dictionary is not None:
            parts.append(self._read(load_word_list, self.dictionary))
        if self.train is not None:
            parts.append(self._read(load_training_corpus, self.train))
        if not parts:
            return None
        return self._normalized(parts[0] if len(parts) == 1 else _joined(parts))

    def _normalized(self, dictionary: Dictionary) -> Dictionary:
        """The words read, rewritten as the gold is (``normalize``): a Dictionary given
        already loaded is taken as it is."""
        normalizing = self.normalizing()
        return dictionary if normalizing is None else normalizing.dictionary(dictionary)

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


@in_api_terms("load_dictionary", renames={"dict_encoding": "encoding"})
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
