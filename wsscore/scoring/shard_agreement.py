"""Whether the reports of shards can be added, and the signature of their sum.

Shards add up when they were scored the same way: the same systems (by name), the same
signature apart from the encodings (a shard's bytes may be decoded otherwise; its characters,
and so its counts, mean the same), the same dictionary, and the same analyses. What a report
holds only as ratios cannot be added at all: a refusal says which figure and what to do.
"""

from __future__ import annotations

from collections.abc import Sequence

from wsscore.errors import WsscoreError
from wsscore.scoring.shard_documents import ShardReport
from wsscore.signature import DISPLAY_FIELDS, signature_fields

SAME_OPTIONS = "merge only shards scored with the same wsscore and options"
# Signature fields of the interval method: a --ci given to the merge replaces them.
INTERVAL_FIELDS = ("ci", "samples", "seed")


def check_agreement(shards: Sequence[ShardReport], ci: str | None) -> None:
    """Refuse shards that cannot be added, naming the shard, the figure or the difference."""
    for shard in shards:
        _refuse_unmergeable(shard, ci)
        _refuse_two_systems_of_one_name(shard)
    first = shards[0]
    for shard in shards[1:]:
        _same_systems(first, shard)
        _same_signature(first, shard, ci)
        _same_dictionary(first, shard)
        _same_analyses(first, shard)


def _refuse_unmergeable(shard: ShardReport, ci: str | None) -> None:
    if shard.options.match == "diff":
        raise WsscoreError(
            "a report of --match diff cannot be merged: its figures come from the Perl "
            "script's own counters, which the JSON does not hold",
            where=shard.name,
            hint="score the whole test set with --match diff, or the shards with --match span",
        )
    if shard.weighted:
        raise WsscoreError(
            "difficulty-weighted figures (r_b, p_b, f_b) cannot be merged: the JSON holds "
            "their ratios, not the weighted sums",
            where=shard.name,
            hint="score the whole test set with --committee or --difficulty, "
            "or the shards without them",
        )
    if ci == "bootstrap" or (ci is None and shard.options.ci == "bootstrap"):
        raise WsscoreError(
            "bootstrap intervals cannot be merged: they are drawn from the per-sentence "
            "records, which the JSON does not hold",
            where=shard.name,
            hint="give --ci bakeoff, wilson or none to compute the intervals from the merged "
            "counts, or score the whole test set at once for a bootstrap interval",
        )


def _refuse_two_systems_of_one_name(shard: ShardReport) -> None:
    """Systems are matched by name: two of one name could not be told apart."""
    names = [system.name for system in shard.systems]
    for index, name in enumerate(names):
        if name in names[:index]:
            raise WsscoreError(
                f"it has two systems named {name!r}: systems are matched by name",
                where=shard.name,
                hint="score the shards with a different --name for each prediction",
            )


def _same_systems(first: ShardReport, shard: ShardReport) -> None:
    expected = [system.name for system in first.systems]
    found = [system.name for system in shard.systems]
    for name in found:
        if name not in expected:
            raise WsscoreError(
                f"it has a system {name!r} that {first.name} lacks",
                where=shard.name,
                hint="every shard must score the same systems, with the same --name",
            )
    for name in expected:
        if name not in found:
            raise WsscoreError(
                f"it lacks the system {name!r} of {first.name}",
                where=shard.name,
                hint="every shard must score the same systems, with the same --name",
            )


def _same_signature(first: ShardReport, shard: ShardReport, ci: str | None) -> None:
    # The convention chooses columns, not figures (its counts are compared as --extra's).
    ignored = {"enc", *DISPLAY_FIELDS, *(INTERVAL_FIELDS if ci is not None else ())}
    expected = signature_fields(first.signature)
    found = signature_fields(shard.signature)
    for key in [*expected, *(key for key in found if key not in expected)]:
        if key in ignored or _agree(key, expected.get(key), found.get(key)):
            continue
        raise WsscoreError(
            f"its signature has {field_text(found, key)}, but {first.name}'s has "
            f"{field_text(expected, key)}",
            where=shard.name,
            hint=SAME_OPTIONS,
        )


def _agree(key: str, expected: str | None, found: str | None) -> bool:
    """Equal fields, or a known word list's id and ``words`` (a shard of an older wsscore,
    which did not know it); a shard's gold, a part of the test set, is never a known one."""
    if expected == found or key == "corpus":
        return True
    known = any(value is not None and "/" in value for value in (expected, found))
    return key == "dict" and "words" in (expected, found) and known


def field_text(fields: dict[str, str], key: str) -> str:
    """A signature's field as a message quotes it: ``beta:2``, or ``no beta field``."""
    return f"{key}:{fields[key]}" if key in fields else f"no {key} field"


def _same_dictionary(first: ShardReport, shard: ShardReport) -> None:
    """The size and kind of the dictionary (its paths may differ: shards are often scored on
    other machines); the signature has already compared whether there is one."""
    expected, found = first.dictionary, shard.dictionary
    if expected is None or found is None:
        return
    if (found.entries, found.source) != (expected.entries, expected.source):
        raise WsscoreError(
            f"its dictionary has {found.entries} entries ({found.source}), but "
            f"{first.name}'s has {expected.entries} ({expected.source})",
            where=shard.name,
            hint="score every shard with the same dictionary",
        )


def _same_analyses(first: ShardReport, shard: ShardReport) -> None:
    """--extra and --tags are not in the signature: each system must have the same ones."""
    for mine in shard.systems:
        theirs = next(system for system in first.systems if system.name == mine.name)
        for option, here, there in (
            ("--extra", mine.extra, theirs.extra),
            ("--tags", mine.tags, theirs.tags),
        ):
            if (here is None) != (there is None):
                scored, unscored = (shard, first) if here is not None else (first, shard)
                raise WsscoreError(
                    f"system {mine.name!r} was scored with {option} in {scored.name} "
                    f"but without it in {unscored.name}",
                    where=shard.name,
                    hint=f"score every shard with {option}, or none",
                )


def merged_signature(
    shards: Sequence[ShardReport], ci: str | None, conventions: str | None = None
) -> dict[str, str]:
    """The shards' signature, its encodings those of every shard (``gold=utf-8+gb18030``),
    when ``ci`` is given its interval method ``ci`` (without the bootstrap's draws), and when
    ``conventions`` is given that convention (else the first shard's)."""
    fields = signature_fields(shards[0].signature)
    if len(shards) > 1:  # their sum is no known gold (wsscore.inputs.corpora)
        fields.pop("corpus", None)
    dictionaries = {signature_fields(shard.signature).get("dict") for shard in shards}
    if len(dictionaries) > 1:  # a known word list's id and words: shards of two versions
        fields["dict"] = "words"
    if conventions is not None:
        fields["conv"] = conventions  # last, where score() writes it
    if "enc" in fields:
        fields["enc"] = _merged_encodings([signature_fields(s.signature) for s in shards])
    if ci is not None:
        fields = {
            key: (ci if key == "ci" else value)
            for key, value in fields.items()
            if key not in ("samples", "seed")
        }
    return fields


def _merged_encodings(shards: list[dict[str, str]]) -> str:
    values: dict[str, dict[str, None]] = {}
    for fields in shards:
        for item in fields.get("enc", "").split(","):
            role, _, names = item.partition("=")
            seen = values.setdefault(role, {})
            seen.update(dict.fromkeys(names.split("+")))
    return ",".join(f"{role}={'+'.join(names)}" for role, names in values.items())
