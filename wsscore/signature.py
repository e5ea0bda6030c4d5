"""The reproducibility signature printed with every score, in the style of sacrebleu."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from wsscore._version import __version__

if TYPE_CHECKING:  # the gates read signatures: their options' help needs no dictionary
    from wsscore.inputs.dictionary import Dictionary
    from wsscore.metrics.settings import ReportSettings


class SignedInputs(NamedTuple):
    """What the signature records of the inputs: the dictionary, the encodings the gold and
    the predictions (in the order given) were read in, and their formats."""

    dictionary: Dictionary | None
    gold_encoding: str
    pred_encodings: Sequence[str]
    formats: tuple[str, Sequence[str]] = ("words", ())
    corpus: str | None = None  # the known gold it is (wsscore.inputs.corpora)


def signature(settings: ReportSettings, inputs: SignedInputs) -> str:
    """``key:value|…``: everything that changes a number wsscore prints.

    Example::

        wsscore:0.1.0|match:span|ci:bakeoff|dict:words|enc:gold=cp950,pred=utf-8,dict=cp950|mismatch:warn
    """
    statistics = settings.statistics
    parts = [f"wsscore:{__version__}", f"match:{settings.match}", f"ci:{statistics.ci}"]
    if statistics.resampling is not None:
        samples, seed = statistics.resampling
        parts += [f"samples:{samples}", f"seed:{seed}"]
    if statistics.beta != 1.0:
        parts.append(f"beta:{statistics.beta:g}")
    parts.append(_encodings_and_dictionary(inputs))
    fmt = _formats(*inputs.formats)
    if fmt is not None:
        parts.append(fmt)
    parts.append(f"mismatch:{settings.mismatch}")
    if settings.tags is not None:  # "upos" or "xpos" (CoNLL-U's column), "+map" with a tag map
        parts.append(f"tags:{settings.tags}")
    if settings.difficulty is not None:  # "committee-K" or "file": where difficulties came from
        parts.append(f"difficulty:{settings.difficulty}")
    unit = unit_field(settings.unit)
    if unit is not None:
        parts.append(unit)
    if settings.normalize != "none":  # only when given: older signatures stay as they were
        parts.append(f"norm:{settings.normalize}")
    if settings.conventions is not None:  # only when given: older signatures stay as they were
        parts.append(f"conv:{settings.conventions}")
    return "|".join(parts)


def unit_field(unit: str) -> str | None:
    """``unit:syllable``, or ``unit:grapheme@16.0`` with the Unicode version of the grapheme
    tables (another version may cut other clusters); None for ``char``, so that the
    signatures of runs in code points stay as they were before units existed."""
    if unit == "char":
        return None
    if unit == "grapheme":
        from wsscore.core.units import UNICODE_VERSION

        return f"unit:grapheme@{UNICODE_VERSION}"
    return f"unit:{unit}"


def _encodings_and_dictionary(inputs: SignedInputs) -> str:
    """``corpus:…|dict:…|enc:gold=…,pred=…,dict=…``: the corpus only for a known gold, and a
    known word list by its id (``dict:sighan2005/pku-words``) in place of ``words``."""
    dictionary = inputs.dictionary
    encodings = [f"gold={inputs.gold_encoding}"]
    # Lines given in memory ("str": BASE and TOP rows, API callers) were never decoded.
    decoded = [name for name in inputs.pred_encodings if name != "str"]
    decoded = decoded or list(inputs.pred_encodings)
    if decoded:
        encodings.append("pred=" + "+".join(dict.fromkeys(decoded)))
    if dictionary is not None:
        encodings.append(f"dict={dictionary.encoding}")
    source = dictionary.corpus or dictionary.source if dictionary is not None else "none"
    corpus = f"corpus:{inputs.corpus}|" if inputs.corpus is not None else ""
    return f"{corpus}dict:{source}|enc:" + ",".join(encodings)


def _formats(gold: str, predictions: Sequence[str]) -> str | None:
    """``fmt:gold=conllu,pred=words``, or None when every input is words (the signatures of
    plain files stay as they were before formats existed)."""
    if gold == "words" and all(fmt == "words" for fmt in predictions):
        return None
    pred = "+".join(dict.fromkeys(predictions)) or "words"
    return f"fmt:gold={gold},pred={pred}"


# The fields of a signature that describe the files (how they were encoded, in which format,
# which known gold they are) rather than how their figures were computed: the same scoring
# reads alike without them.
FILE_FIELDS = ("enc", "fmt", "corpus")
# The fields that say how a report is shown, not how its figures were computed: a named
# convention chooses columns (the counts its figures need are compared apart, as --extra's).
DISPLAY_FIELDS = ("conv",)


def signature_fields(signature: str) -> dict[str, str]:
    """``key:value|…`` as a dict in order (``enc:gold=utf-8,pred=…`` keeps its value whole)."""
    fields = {}
    for part in signature.split("|"):
        key, _, value = part.partition(":")
        fields[key] = value
    return fields


def scoring_settings(signature: str) -> dict[str, str]:
    """The fields of a signature that change how figures are computed (the files' encodings
    and formats, and the convention that chose the columns, left out): two runs with equal
    settings computed their figures alike."""
    left_out = (*FILE_FIELDS, *DISPLAY_FIELDS)
    fields = signature_fields(signature)
    if "/" in fields.get("dict", ""):  # a known word list (sighan2005/pku-words) is a word list
        fields["dict"] = "words"
    return {key: value for key, value in fields.items() if key not in left_out}
