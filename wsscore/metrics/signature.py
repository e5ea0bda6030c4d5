"""The reproducibility signature printed with every score, in the style of sacrebleu."""

from __future__ import annotations

from collections.abc import Sequence

from wsscore._version import __version__
from wsscore.inputs.dictionary import Dictionary


def signature(
    *,
    match: str,
    ci: str,
    beta: float,
    dictionary: Dictionary | None,
    gold_encoding: str,
    pred_encodings: Sequence[str],
    mismatch: str,
    resampling: tuple[int, int] | None = None,
    difficulty: str | None = None,
    formats: tuple[str, Sequence[str]] = ("words", ()),
    tags: str | None = None,
) -> str:
    """``key:value|…``: everything that changes a number wsscore prints.

    Example::

        wsscore:0.1.0|match:span|ci:bakeoff|dict:words|enc:gold=cp950,pred=utf-8,dict=cp950|mismatch:warn
    """
    parts = [f"wsscore:{__version__}", f"match:{match}", f"ci:{ci}"]
    if resampling is not None:
        samples, seed = resampling
        parts += [f"samples:{samples}", f"seed:{seed}"]
    if beta != 1.0:
        parts.append(f"beta:{beta:g}")
    parts.append(f"dict:{dictionary.source if dictionary is not None else 'none'}")
    encodings = [f"gold={gold_encoding}"]
    # Lines given in memory ("str": BASE and TOP rows, API callers) were never decoded.
    decoded = [name for name in pred_encodings if name != "str"] or list(pred_encodings)
    if decoded:
        encodings.append("pred=" + "+".join(dict.fromkeys(decoded)))
    if dictionary is not None:
        encodings.append(f"dict={dictionary.encoding}")
    parts.append("enc:" + ",".join(encodings))
    fmt = _formats(*formats)
    if fmt is not None:
        parts.append(fmt)
    parts.append(f"mismatch:{mismatch}")
    if tags is not None:  # "upos" or "xpos" (CoNLL-U's column), "+map" with a tag map
        parts.append(f"tags:{tags}")
    if difficulty is not None:  # "committee-K" or "file": where the word difficulties came from
        parts.append(f"difficulty:{difficulty}")
    return "|".join(parts)


def _formats(gold: str, predictions: Sequence[str]) -> str | None:
    """``fmt:gold=conllu,pred=words``, or None when every input is words (the signatures of
    plain files stay as they were before formats existed)."""
    if gold == "words" and all(fmt == "words" for fmt in predictions):
        return None
    pred = "+".join(dict.fromkeys(predictions)) or "words"
    return f"fmt:gold={gold},pred={pred}"
