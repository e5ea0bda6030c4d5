"""Every hint that names an option is followed, on a file that gives it (issue 34, item 1).

A refusal's or a warning's hint that names an option of reading (a format, a word separator, a
label order, an encoding, a unit, a ``--mismatch`` policy) must lead to a reading without loss:
followed, the run either gives the number an independent count gives, or is refused again,
never a wrong number. Here each place in the code that writes such a hint (found by reading the
code: :func:`_hint_sites`) has a case: files that make it give the hint, the options of the hint
to follow and the right counts. The options are parsed from the hint as printed; a hint that
names an option without a value (a list of formats) is followed with each value the case gives.
A new hint without a case fails :func:`test_every_hint_that_names_an_option_has_a_case`.
"""

from __future__ import annotations

import ast
import json
import re
import shlex
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import pytest
from click.testing import CliRunner
from conftest import FIXTURES, messages_of

from wsscore.cli.app import cli
from wsscore.inputs.formats import FORMATS

PACKAGE = Path(__file__).resolve().parents[2] / "wsscore"
# Where the readers, the mismatch path and the checks of what a file was read as write hints.
SCOPE = ("inputs", "align", "scoring/mismatch.py", "scoring/opened.py", "scoring/tag_collector.py")
# The options that change how a file is read or a difference is treated.
READING_OPTION = re.compile(
    r"--(?:(?:gold|pred|input)-)?format\b|--(?:(?:gold|pred)-)?word-sep\b"
    r"|--(?:(?:gold|pred)-)?label-order\b|--(?:(?:gold|pred|dict|difficulty)-)?encoding\b"
    r"|--tag-field\b|--tag-sep\b|--mismatch\b|--unit\b"
)
# An option named by its value in an f-string: the option of the file's side or encoding.
DYNAMIC_OPTION = re.compile(r"(?:self\.)?option|[A-Z_]*_OPTIONS?(?:\[\w+\])?")
ADVICE = re.compile(r"\b(?:give|check|needs)\b")


def _hint_sites() -> set[tuple[str, str]]:
    """(module, the function or constant it is in) of every string of :data:`SCOPE` that names
    a reading option in more than its bare name (docstrings aside), or gives the option of a
    file's side as a value in an f-string that advises (``give {option} utf-16-le``)."""
    sites: set[tuple[str, str]] = set()
    for path in _scope_files():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docstrings = {
            id(node.body[0].value)
            for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.FunctionDef, ast.ClassDef))
            and node.body
            and isinstance(node.body[0], ast.Expr)
        }
        module = path.relative_to(PACKAGE).as_posix()
        for owner, node in _owned_nodes(tree, ""):
            if _names_an_option(node, docstrings):
                sites.add((module, owner))
    return sites


def _scope_files() -> list[Path]:
    files: list[Path] = []
    for part in SCOPE:
        path = PACKAGE / part
        files += [path] if path.is_file() else sorted(path.rglob("*.py"))
    return files


def _owned_nodes(node: ast.AST, owner: str):
    """Each node with the name of the function, class or module-level constant it is in."""
    for child in ast.iter_child_nodes(node):
        name = owner
        if isinstance(child, (ast.FunctionDef, ast.ClassDef)):
            name = f"{owner}.{child.name}" if owner else child.name
        elif isinstance(child, (ast.Assign, ast.AnnAssign)) and not owner:
            targets = child.targets if isinstance(child, ast.Assign) else [child.target]
            name = ",".join(t.id for t in targets if isinstance(t, ast.Name))
        yield name, child
        yield from _owned_nodes(child, name)


def _names_an_option(node: ast.AST, docstrings: set[int]) -> bool:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value.strip()
        return (
            id(node) not in docstrings
            and READING_OPTION.search(text) is not None
            and READING_OPTION.fullmatch(text) is None  # an option's name, not a hint
        )
    if isinstance(node, ast.JoinedStr):
        said = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
        values = [ast.unparse(v.value) for v in node.values if isinstance(v, ast.FormattedValue)]
        return ADVICE.search(said) is not None and any(
            DYNAMIC_OPTION.fullmatch(value) for value in values
        )
    return False


# --- following a hint ---------------------------------------------------------------------------

REFUSED = None  # what a followed hint may give instead of counts: a refusal
COUNT_KEYS = ("gold_words", "pred_words", "correct")
FLAGS = {"--strict"}
_OPTION_IN_HINT = re.compile(r"(--[a-z][a-z-]*)(?: ('[^']*'|[^\s,;()']+))?")


def options_in(hint: str) -> list[tuple[str, str | None]]:
    """The options a hint names, each with the value written after it (None for none, or for a
    word of the sentence); one listed in "(or --gold-word-sep, --pred-word-sep)" takes the value
    of the option before the list."""
    found: list[tuple[str, str | None]] = []
    for match in _OPTION_IN_HINT.finditer(hint):
        option, value = match.group(1), match.group(2)
        if value is not None:
            value = shlex.split(value)[0] if value.startswith("'") else value.rstrip(":.")
            if value in ("or", "and", "if", "to", "nor", "makes", "scores", "takes", "whatever"):
                value = None
        if value is None and hint[: match.start()].endswith(("(or ", ", ")) and found:
            value = found[-1][1]
        found.append((option, value))
    return found


class Case(NamedTuple):
    """A run whose refusal or warning gives a hint, and how to follow it.

    ``follow``: the options of the hint to follow (every value the hint names for them is
    tried; ``values`` gives those of an option the hint names without one). ``right``: the
    counts an independent count gives for the reading the hint leads to; every value followed
    must give them or be refused, and at least one must give them (unless ``right`` is None:
    no option reads the file, every one must be refused)."""

    args: list[str]
    said: str  # a piece of the hint this case makes the code give
    follow: tuple[str, ...]
    right: dict[str, int] | None
    values: tuple[str, ...] = ()
    stdin: bytes | None = None
    # convert: the file its output is scored against, with the options followed and --tags.
    scored_against: str | None = None


def _run(args: list[str], stdin: bytes | None = None) -> subprocess.CompletedProcess:
    """The command in this process (the hints and counts are tested, not the process): its
    status and output in bytes, an exception other than an exit raised as its traceback."""
    json_report = ["-f", "json"] if args[0] == "score" else []
    done = CliRunner().invoke(cli, [*args, *json_report], input=stdin)
    if done.exception is not None and not isinstance(done.exception, SystemExit):
        raise done.exception
    return subprocess.CompletedProcess(args, done.exit_code, done.stdout_bytes, done.stderr_bytes)


def _counts(done: subprocess.CompletedProcess, keys: tuple[str, ...]) -> dict[str, int] | None:
    if done.returncode == 2:
        return REFUSED
    assert done.returncode == 0, done.stderr.decode()
    counts = json.loads(done.stdout)["systems"][0]["counts"]
    return {key: counts[key] for key in keys}


def span_count(gold: list[str], pred: list[str]) -> dict[str, int]:
    """The independent count: each line's words as (start, end, word) spans of its text, lines
    paired in order; correct words are those both sides hold; lines past either end count
    their words only."""
    counts = dict.fromkeys(COUNT_KEYS, 0)
    for index in range(max(len(gold), len(pred))):
        gold_spans = _spans(gold[index].split() if index < len(gold) else [])
        pred_spans = _spans(pred[index].split() if index < len(pred) else [])
        counts["gold_words"] += len(gold_spans)
        counts["pred_words"] += len(pred_spans)
        counts["correct"] += len(gold_spans & pred_spans)
    return counts


def _spans(words: list[str]) -> set[tuple[int, int, str]]:
    spans, at = set(), 0
    for word in words:
        spans.add((at, at + len(word), word))
        at += len(word)
    return spans


# --- the cases, by the place that writes the hint ----------------------------------------------

GOLD = ["他 来到 北京", "我们 走 。"]
TEN = ["a b"] * 10
FIVE_DIFFER = ["a b"] * 5 + ["a c"] * 5
ONE_DIFFERS = ["a b"] * 9 + ["a c"]
NAGISA_GOLD = FIXTURES / "japanese" / "slash-gold.txt"
NAGISA = FIXTURES / "japanese" / "nagisa.slash.tagged.txt"
VI_GOLD = FIXTURES / "vietnamese" / "gold.vlsp.txt"


def _files(tmp: Path, **texts: str | bytes | list[str]) -> dict[str, str]:
    paths = {}
    for name, text in texts.items():
        path = tmp / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(
                "".join(f"{line}\n" for line in text) if isinstance(text, list) else text,
                encoding="utf-8",
            )
        paths[name] = str(path)
    return paths


def _mismatch_warn(tmp: Path) -> list[Case]:
    files = _files(tmp, gold=TEN, five=FIVE_DIFFER, one=ONE_DIFFERS)
    return [
        # Half the sentences differ: refused under warn, scored by align (b -> c: c is wrong).
        Case(
            ["score", files["gold"], files["five"]],
            "--mismatch align scores it anyway",
            ("--mismatch",),
            span_count(TEN, FIVE_DIFFER),
        ),
        # One differs: a warning, whose hint names the policy that refuses it.
        Case(
            ["score", files["gold"], files["one"]],
            "--mismatch error refuses such input",
            ("--mismatch",),
            REFUSED,
        ),
    ]


def _mismatch_error(tmp: Path) -> list[Case]:
    over = ["a b", "x " * 12_000]
    files = _files(tmp, gold=TEN, five=FIVE_DIFFER, one=ONE_DIFFERS, short=["a b"], over=over)
    error = ["--mismatch", "error"]
    return [
        Case(
            ["score", files["gold"], files["one"], *error],
            "--mismatch warn scores it)",
            ("--mismatch",),
            span_count(TEN, ONE_DIFFERS),
        ),
        Case(
            ["score", files["gold"], files["five"], *error],
            "more than the 10% --mismatch warn",
            ("--mismatch",),
            span_count(TEN, FIVE_DIFFER),
        ),
        Case(
            ["score", files["short"], files["over"], *error],
            "past the gold's end it has more",
            ("--mismatch",),
            span_count(["a b"], over),
        ),
        # Standard input is read once: the hint names both policies that may score it.
        Case(
            ["score", files["gold"], "-", *error],
            "--mismatch warn or align scores it",
            ("--mismatch",),
            span_count(TEN, ONE_DIFFERS),
            stdin="".join(f"{line}\n" for line in ONE_DIFFERS).encode(),
        ),
    ]


def _overrun(tmp: Path) -> list[Case]:
    over = ["a b", "x " * 12_000]
    files = _files(tmp, gold=["a b"], over=over)
    return [
        Case(
            ["score", files["gold"], files["over"]],
            "--mismatch align takes as much again",
            ("--mismatch",),
            span_count(["a b"], over),
        )
    ]


def _vi_kytea() -> bytes:
    """The Vietnamese gold in KyTea's layout without tags, as convert writes it: Hà\\ Nội là."""
    return subprocess.run(
        [sys.executable, "-m", "wsscore", "convert", str(VI_GOLD), "--to", "kytea"],
        capture_output=True,
        check=True,
    ).stdout


def _mismatch_hint(tmp: Path) -> list[Case]:
    kytea = _vi_kytea()
    vi_words = [line.replace("_", "") for line in VI_GOLD.read_text("utf-8").splitlines()]
    files = _files(
        tmp,
        vi=kytea,
        gold=GOLD,
        jieba=["他 / 来到 / 北京", "我们 /   / 走 / 。"],
        pipes=["他|来到|北京", "我们|走|。"],
        spaced_gold=["他 | 来到 | 北京", "我们 | 走 | 。"],
    )
    return [
        # KyTea's layout without tags (Hà\ Nội là) given as words: its escaped spaces are in
        # words; the separator \ would keep the text and cut them (issue 34: F 0.686).
        Case(
            ["score", str(VI_GOLD), files["vi"], "--pred-format", "words"],
            "give --pred-format kytea",
            ("--pred-format", "--pred-word-sep"),
            span_count(vi_words, vi_words),
        ),
        Case(
            ["score", files["gold"], files["jieba"]],
            "give --pred-word-sep ' / '",
            ("--pred-word-sep",),
            span_count(GOLD, GOLD),
        ),
        Case(
            ["score", files["gold"], files["pipes"]],
            "give --pred-word-sep '|'",
            ("--pred-word-sep",),
            span_count(GOLD, GOLD),
        ),
        Case(
            ["score", files["spaced_gold"], files["gold"]],
            "give --gold-word-sep ' | '",
            ("--gold-word-sep",),
            span_count(GOLD, GOLD),
        ),
    ]


def _nagisa_words(path: Path) -> list[str]:
    """nagisa's lines as words, read apart: tokens joined by single spaces, each split at its
    last /; a word of white space only is none, and white space in a word is dropped."""
    lines = []
    for line in path.read_text("utf-8").splitlines():
        words = ("".join(t.rpartition("/")[0].split()) for t in line.split(" "))
        lines.append(" ".join(word for word in words if word))
    return lines


def _other_format(tmp: Path) -> list[Case]:
    gold = NAGISA_GOLD.read_text("utf-8").splitlines()
    files = _files(
        tmp,
        long_gold=["東京 に"] * 250 + ["A / B"],
        long=["東京/名詞 に/助詞"] * 250 + ["A/名詞 //補助記号 B/名詞"],
    )
    return [
        Case(
            ["score", str(NAGISA_GOLD), str(NAGISA), "--pred-format", "kytea"],
            "give --pred-format tagged",
            ("--pred-format",),
            span_count(gold, _nagisa_words(NAGISA)),
        ),
        Case(
            ["score", files["long_gold"], files["long"]],
            "where it was read as kytea",
            ("--pred-format",),
            span_count(["東京 に"] * 250 + ["A / B"], ["東京 に"] * 250 + ["A / B"]),
        ),
    ]


def _tagged_word_sep(tmp: Path) -> list[Case]:
    files = _files(tmp, gold=GOLD, pos=["他_r / 来到_v / 北京_ns", "我们_r /  _x / 走_v / 。_x"])
    return [
        Case(
            ["score", files["gold"], files["pos"], "--pred-format", "tagged"],
            "give --word-sep ' / '",
            ("--word-sep", "--gold-word-sep", "--pred-word-sep"),
            span_count(GOLD, GOLD),
        )
    ]


def _not_tagged(tmp: Path) -> list[Case]:
    files = _files(tmp, gold=GOLD, words=GOLD)
    return [
        Case(
            ["score", files["gold"], files["words"], "--pred-format", "tagged"],
            "use --input-format words (or --gold-format, --pred-format)",
            ("--input-format", "--gold-format", "--pred-format"),
            span_count(GOLD, GOLD),
        )
    ]


def _not_mecab(tmp: Path) -> list[Case]:
    files = _files(tmp, gold=GOLD, words=GOLD)
    return [
        Case(
            ["score", files["gold"], files["words"], "--pred-format", "mecab"],
            "if the file is not MeCab output",
            ("--input-format", "--gold-format", "--pred-format"),
            span_count(GOLD, GOLD),
            values=("words",),
        )
    ]


def _not_conllu(tmp: Path) -> list[Case]:
    files = _files(tmp, gold=GOLD, tabs=["他\t来到\t北京", "我们\t走\t。"])
    return [
        Case(
            ["score", files["gold"], files["tabs"], "--pred-format", "conllu"],
            "give the file's format with --input-format",
            ("--input-format", "--gold-format", "--pred-format"),
            span_count(GOLD, GOLD),
            values=("words",),
        )
    ]


def _wrong_format(tmp: Path) -> list[Case]:
    kytea = _vi_kytea()
    files = _files(tmp, vi=kytea)
    words = [line.replace("_", "") for line in VI_GOLD.read_text("utf-8").splitlines()]
    # The list of formats: each is followed; only kytea reads the file, the others refuse.
    return [
        Case(
            ["score", str(VI_GOLD), files["vi"], "--pred-format", "words"],
            "if one is wrong, give --gold-format or --pred-format",
            ("--pred-format",),
            span_count(words, words),
            values=FORMATS,
        )
    ]


def _label_orders(tmp: Path) -> list[Case]:
    files = _files(
        tmp,
        pos=["他 B-r", "来 B-v", "到 E-v", ""],
        tag=["他 r-B", "来 v-B", "到 v-E", ""],
        either=["他 B-S", "来 B-E", ""],
        mixed=["他 B-S", "来 B-E", "到 B-NN", ""],
    )
    return [
        Case(
            ["score", files["pos"], files["tag"], "--label-order", "pos-tag"],
            "give this file its own order with --gold-label-order tag-pos",
            ("--gold-label-order", "--pred-label-order"),
            span_count(["他 来到"], ["他 来到"]),
        ),
    ]


def _undecided(tmp: Path) -> list[Case]:
    files = _files(tmp, gold=["他 来"], either=["他 B-S", "来 B-E", ""])
    return [
        Case(
            ["score", files["gold"], files["either"], "--pred-format", "chars"],
            "give --label-order pos-tag (labels as B-NN) or --label-order tag-pos",
            ("--label-order",),
            span_count(["他 来"], ["他 来"]),
        )
    ]


def _read_both_ways(tmp: Path) -> list[Case]:
    files = _files(tmp, gold=["他 来 到"], mixed=["他 B-S", "来 B-E", "到 B-NN", ""])
    return [
        Case(
            ["score", files["gold"], files["mixed"], "--pred-format", "chars"],
            "give --label-order if the labels are in the other order",
            ("--label-order",),
            span_count(["他 来 到"], ["他 来 到"]),
            values=("pos-tag", "tag-pos"),
        )
    ]


def _grapheme(tmp: Path) -> list[Case]:
    files = _files(tmp, gold=["กำไป"], chars=["กำ B", "ไป E", ""])
    return [
        Case(
            [
                "score",
                files["gold"],
                files["chars"],
                "--pred-format",
                "chars",
                "--unit",
                "grapheme",
            ],
            "give --unit char",
            ("--unit",),
            span_count(["กำไป"], ["กำไป"]),
        )
    ]


def _coverage(tmp: Path) -> list[Case]:
    words = [f"词{chr(0x4E00 + n)}" for n in range(120)]
    files = _files(
        tmp,
        gold=[" ".join(words)],
        pred=[" ".join(words)],
        dictionary="".join(f"{w}\n" for w in words).encode("gbk"),
    )
    case = ["score", files["gold"], files["pred"], "-d", files["dictionary"]]
    right = span_count([" ".join(words)], [" ".join(words)]) | {"oov_words": 0}
    return [
        Case(
            [*case, "--dict-encoding", "latin-1"],
            "check --dict-encoding and --gold-enc",
            ("--dict-encoding",),
            right,
            values=("gbk",),
        )
    ]


TEXT = "他 来到 北京\n我们 走 。\n"


def _encodings(tmp: Path) -> list[Case]:
    files = _files(
        tmp,
        gold=GOLD,
        utf16=TEXT.encode("utf-16"),
        le=TEXT.encode("utf-16-le"),
        gbk=TEXT.encode("gbk"),
        damaged="他 来到 北京\n我们 走 ".encode() + b"\xff\n",
        cut=TEXT.encode()[:-2],
    )
    right = span_count(GOLD, GOLD)
    gold = files["gold"]
    return [
        Case(
            ["score", gold, files["utf16"], "--pred-encoding", "utf-32"],
            "give the right --pred-encoding",
            ("--pred-encoding",),
            right,
            values=("utf-16", "utf-32"),
        ),
        Case(
            ["score", gold, files["le"], "--pred-encoding", "utf-16"],
            "needs --pred-encoding utf-16-le or utf-16-be",
            ("--pred-encoding",),
            right,
        ),
        Case(
            ["score", gold, files["le"]],
            "give --pred-encoding utf-16-le",
            ("--pred-encoding",),
            right,
        ),
        Case(
            ["score", gold, files["gbk"], "--pred-encoding", "utf-8"],
            "give --pred-encoding gbk",
            ("--pred-encoding",),
            right,
        ),
        # Damaged or cut short: no encoding reads them; every one followed is refused.
        Case(
            ["score", gold, files["damaged"], "--strict"],
            "or drop --strict to keep such",
            ("--pred-encoding",),
            REFUSED,
            values=("utf-8", "gb18030"),
        ),
        Case(
            ["score", gold, files["damaged"]],
            "--strict makes this an error",
            ("--strict",),
            REFUSED,
        ),
        Case(
            ["score", gold, files["cut"]],
            "if it is complete, check --pred-encoding",
            ("--pred-encoding",),
            REFUSED,
            values=("utf-8", "gb18030"),
        ),
    ]


def _tag_separator(tmp: Path) -> list[Case]:
    files = _files(tmp, source="東京\t名詞/固有,一般\nに\t助詞\nEOS\n")
    right = span_count(["東京 に"], ["東京 に"]) | {"tag_correct": 2}
    return [
        Case(
            ["convert", files["source"], "--to", "tagged"],
            "give --tag-sep _",
            ("--tag-sep",),
            right,
            scored_against=files["source"],
        )
    ]


def _no_syllables(tmp: Path) -> list[Case]:
    files = _files(tmp, gold=GOLD, pred=GOLD)
    return [
        Case(
            ["score", files["gold"], files["pred"], "--unit", "syllable"],
            "or use --unit char",
            ("--unit",),
            span_count(GOLD, GOLD),
        )
    ]


def _no_tags(tmp: Path) -> list[Case]:
    # Half its tags are not a tagged file's (动词): detected as words, which carry no tags.
    files = _files(
        tmp,
        gold=["他/r 来到/v 北京/ns", "我们/r 走/v 。/x"],
        pred=["他/r 来到/动词 北京/ns", "我们/r 走/动词 。/x"],
    )
    right = span_count(GOLD, GOLD) | {"tag_correct": 4}
    return [
        Case(
            ["score", files["gold"], files["pred"], "--tags"],
            "or --gold-format/--pred-format if its format was detected wrongly",
            ("--gold-format", "--pred-format"),
            right,
            values=("tagged",),
        )
    ]


def _field_out_of_range(tmp: Path) -> list[Case]:
    # MeCab lines of one feature field: --tag-field 2 is past it, and the hint names field 1.
    files = _files(tmp, gold=["東京\t名詞", "に\t助詞", "いる\t動詞", "EOS"])
    words = ["東京 に いる"]
    return [
        Case(
            ["score", files["gold"], files["gold"], "--tags", "--tag-field", "2"],
            "(give --tag-field 1)",
            ("--tag-field",),
            span_count(words, words) | {"tag_correct": 3},
        )
    ]


CASES: dict[tuple[str, str], Callable[[Path], list[Case]]] = {
    ("scoring/mismatch.py", "check_mismatch"): _mismatch_warn,
    ("scoring/mismatch.py", "_policy_that_scores"): _mismatch_error,
    ("align/limits.py", "EXTRA_TEXT_LIMITS"): _overrun,
    ("inputs/other_readings.py", "mismatch_hint"): _mismatch_hint,
    ("inputs/shared_layout.py", "explained_refusal"): _other_format,
    ("inputs/formats/tagged.py", "_hint"): _tagged_word_sep,
    ("inputs/formats/tagged.py", "NOT_TAGGED_HINT"): _not_tagged,
    ("inputs/formats/mecab.py", "LINE_HINT"): _not_mecab,
    ("inputs/formats/conllu.py", "_check_other_line"): _not_conllu,
    ("inputs/formatted.py", "WRONG_FORMAT_HINT"): _wrong_format,
    ("inputs/formats/chars.py", "LabelOrder._contradiction_hint"): _label_orders,
    ("inputs/formats/chars.py", "LabelOrder.undecided"): _undecided,
    ("inputs/formats/chars.py", "LabelOrder.warn_if_it_mattered"): _read_both_ways,
    ("inputs/formats/chars.py", "_check_grapheme"): _grapheme,
    ("inputs/dictionary.py", "check_coverage"): _coverage,
    ("inputs/formats/writers.py", "_tagged_token"): _tag_separator,
    ("scoring/opened.py", "unit_of"): _no_syllables,
    ("scoring/tag_collector.py", "_no_tags"): _no_tags,
    ("scoring/tag_collector.py", "_field_out_of_range"): _field_out_of_range,
    ("inputs/reading.py", "TextFile._blocks_incremental"): _encodings,
    ("inputs/reading.py", "_codec_error"): _encodings,
    ("inputs/reading.py", "refuse_nul"): _encodings,
    ("inputs/reading.py", "_refuse_another_encoding"): _encodings,
    ("inputs/reading.py", "TextFile._decode"): _encodings,
    ("inputs/reading.py", "_Undecodable.report"): _encodings,
    ("inputs/reading.py", "_refuse_cut_character"): _encodings,
}


def test_every_hint_that_names_an_option_has_a_case() -> None:
    assert _hint_sites() == set(CASES)


@pytest.mark.slow  # a wsscore process per reading followed: seconds a site
@pytest.mark.parametrize("site", sorted(set(CASES.values()), key=lambda make: make.__name__))
def test_a_hint_followed_gives_the_right_number_or_a_refusal(tmp_path: Path, site) -> None:
    for case in site(tmp_path):
        _check(case)


def _check(case: Case) -> None:
    first = _run(case.args, case.stdin)
    said = first.stderr.decode()
    assert case.said in said, said
    keys = COUNT_KEYS + tuple(key for key in (case.right or {}) if key not in COUNT_KEYS)
    line = next(message for message in messages_of(said) if case.said in message)
    followed = [
        (option, value)
        for option, given in options_in(line)
        if option in case.follow
        for value in ((given,) if given is not None or option in FLAGS else case.values)
    ]
    assert followed, f"{case.said}: no option of {case.follow} in {said}"
    gave_right = False
    for option, value in dict.fromkeys(followed):
        extra = [option] if option in FLAGS else [option, value]
        done = _run([*case.args, *extra], case.stdin)
        if case.scored_against is not None and done.returncode == 0:
            written = Path(case.scored_against).with_suffix(".converted")
            written.write_bytes(done.stdout)
            tagged = ["--pred-format", "tagged", "--tags"]
            done = _run(["score", case.scored_against, str(written), *tagged, *extra])
        found = _counts(done, keys)
        assert found in (REFUSED, case.right), (option, value, found, case.right)
        gave_right |= found is not REFUSED
    assert gave_right == (case.right is not None), case.said


def test_no_hint_on_the_kytea_layout_leads_to_a_wrong_number(tmp_path: Path) -> None:
    """Issue 34: ``Hà\\ Nội là`` read as words was told ``give --pred-word-sep '\\'``, which
    gave F 0.686 and no warning. Every option its refusal names for the prediction, followed,
    gives the independent count or a refusal; detection itself reads it as KyTea's."""
    case = _mismatch_hint(tmp_path)[0]
    said = _run(case.args).stderr.decode()
    named = [(o, v) for o, v in options_in(said) if o.startswith("--pred-") and v is not None]
    assert named
    for option, value in named:
        found = _counts(_run([*case.args, option, value]), COUNT_KEYS)
        assert found in (REFUSED, case.right), (option, value, found)
    detected = _counts(_run(case.args[:3]), COUNT_KEYS)
    assert detected == case.right
