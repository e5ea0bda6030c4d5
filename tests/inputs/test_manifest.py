"""The manifest of ``wsscore suite``: its schema, its resolved paths, one clear error a mistake."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from wsscore import InputOptions
from wsscore.errors import WsscoreError
from wsscore.inputs.manifest import CorpusEntry, Manifest, load_manifest

# The files every manifest below may name, relative to the manifest's directory.
FILES = (
    "gold/pku.utf8",
    "gold/msr.utf8",
    "gold/pku_words.utf8",
    "gold/extra_words.utf8",
    "gold/msr_training.utf8",
    "out/jieba/pku.txt",
    "out/jieba/msr.txt",
    "mm_pku.txt",
    "mm_msr.txt",
)

# Two corpora and a system with an output for each: what the error cases change one part of.
BASE = """
[corpora.pku]
gold = "gold/pku.utf8"
[corpora.msr]
gold = "gold/msr.utf8"
[systems]
jieba = "out/jieba/{corpus}.txt"
"""


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    for name in FILES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("甲 乙\n", encoding="utf-8")
    return tmp_path


def write(directory: Path, text: str, name: str = "suite.toml") -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def fails(path: Path | str, *, allow_missing: bool = False) -> WsscoreError:
    with pytest.raises(WsscoreError) as caught:
        load_manifest(path, allow_missing=allow_missing)
    return caught.value


def test_a_full_manifest_resolves_every_value(tree: Path) -> None:
    path = write(
        tree,
        """
[defaults]
encoding = "utf-8"
mismatch = "error"
tags = true
tag_column = "xpos"

[corpora.pku]
gold = "gold/pku.utf8"
dict = ["gold/pku_words.utf8", "gold/extra_words.utf8"]
format = "tagged"
tag_sep = "_"
drop_first_token = true
tags = false

[corpora.msr]
gold = "gold/msr.utf8"
train = "gold/msr_training.utf8"
encoding = "gbk"
gold_encoding = "gb18030"
pred_encoding = "utf-8-sig"
dict_encoding = "auto"
gold_format = "words"
pred_format = "conllu"
mismatch = "align"

[systems]
jieba = "out/jieba/{corpus}.txt"
mm = { pku = "mm_pku.txt", msr = "mm_msr.txt" }
""",
    )
    manifest = load_manifest(path)
    assert manifest.path == str(path)
    pku, msr = manifest.corpora
    assert (pku.name, pku.gold, pku.tags) == ("pku", str(tree / "gold/pku.utf8"), False)
    assert pku.settings == {
        "encoding": "utf-8",
        "mismatch": "error",
        "tag_column": "xpos",
        "dictionary": [str(tree / "gold/pku_words.utf8"), str(tree / "gold/extra_words.utf8")],
        "input_format": "tagged",
        "tag_sep": "_",
        "drop_first_token": True,
    }
    assert (msr.name, msr.gold, msr.tags) == ("msr", str(tree / "gold/msr.utf8"), True)
    assert msr.settings == {
        "encoding": "gbk",  # the corpus's own value wins over the default
        "mismatch": "align",
        "tag_column": "xpos",
        "train": str(tree / "gold/msr_training.utf8"),
        "gold_encoding": "gb18030",
        "pred_encoding": "utf-8-sig",
        "dict_encoding": "auto",
        "gold_format": "words",
        "pred_format": "conllu",
    }
    jieba, mm = manifest.systems
    assert jieba.name == "jieba" and jieba.outputs == {
        "pku": str(tree / "out/jieba/pku.txt"),
        "msr": str(tree / "out/jieba/msr.txt"),
    }
    assert mm.name == "mm" and mm.outputs == {
        "pku": str(tree / "mm_pku.txt"),
        "msr": str(tree / "mm_msr.txt"),
    }


def test_inputs_puts_a_corpus_settings_on_the_command_line_options(tree: Path) -> None:
    path = write(
        tree,
        BASE.replace(
            'gold = "gold/pku.utf8"',
            'gold = "gold/pku.utf8"\ndictionary = "gold/pku_words.utf8"\nformat = "tagged"\n'
            'tag_sep = "_"\nmismatch = "align"',
        ),
    )
    pku, msr = load_manifest(path).corpora
    base = InputOptions(encoding="gbk", mismatch="error", strict=True)
    options = pku.inputs(base)
    assert options.dictionary == str(tree / "gold/pku_words.utf8")
    assert (options.input_format, options.tag_sep, options.mismatch) == ("tagged", "_", "align")
    assert (options.encoding, options.strict) == ("gbk", True)  # from the base, not set here
    assert options.warnings is base.warnings
    assert msr.inputs(base) == base  # nothing set: the base unchanged


def test_a_corpus_sets_word_separators(tree: Path) -> None:
    path = write(
        tree,
        BASE.replace('gold = "gold/pku.utf8"', 'gold = "gold/pku.utf8"\npred_word_sep = " / "'),
    )
    pku, _ = load_manifest(path).corpora
    options = pku.inputs(InputOptions(word_sep="|"))
    assert options.pred_format_options.word_sep == " / "
    assert options.gold_format_options.word_sep == "|"


def test_defaults_lists_are_not_shared_between_corpora(tree: Path) -> None:
    path = write(tree, '[defaults]\ndict = ["gold/pku_words.utf8"]\n' + BASE)
    pku, msr = load_manifest(path).corpora
    assert pku.settings["dictionary"] == msr.settings["dictionary"]
    assert pku.settings["dictionary"] is not msr.settings["dictionary"]


def test_names_keep_the_manifest_order(tree: Path) -> None:
    for name in ("zeta.txt", "alpha.txt", "mid.txt"):
        (tree / name).write_text("甲\n", encoding="utf-8")
    path = write(
        tree,
        """
[corpora.zeta]
gold = "zeta.txt"
[corpora.alpha]
gold = "alpha.txt"
[corpora.mid]
gold = "mid.txt"
[systems]
z_sys = "{corpus}.txt"
a_sys = { mid = "mid.txt", zeta = "zeta.txt", alpha = "alpha.txt" }
""",
    )
    manifest = load_manifest(path)
    assert [corpus.name for corpus in manifest.corpora] == ["zeta", "alpha", "mid"]
    assert [system.name for system in manifest.systems] == ["z_sys", "a_sys"]
    # Outputs follow the corpus order, whatever order a system's table names them in.
    assert [list(system.outputs) for system in manifest.systems] == [["zeta", "alpha", "mid"]] * 2


def test_paths_are_relative_to_the_manifest_absolute_or_from_home(
    tree: Path, tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    elsewhere = tmp_path_factory.mktemp("elsewhere")
    absolute = elsewhere / "msr_gold.utf8"
    absolute.write_text("甲\n", encoding="utf-8")
    home = tmp_path_factory.mktemp("home")
    (home / "words.utf8").write_text("甲\n", encoding="utf-8")
    monkeypatch.setenv("HOME", str(home))
    (tree / "conf").mkdir()
    path = write(
        tree / "conf",
        f"""
[corpora.pku]
gold = "../gold/pku.utf8"
dict = "~/words.utf8"
[corpora.msr]
gold = '{absolute}'
[systems]
jieba = "../out/jieba/{{corpus}}.txt"
""",
    )
    monkeypatch.chdir(elsewhere)  # not the manifest's directory: paths still resolve from it
    pku, msr = load_manifest(path).corpora
    assert pku.gold == str(tree / "gold/pku.utf8")  # normalised: no "conf/.."
    assert pku.settings["dictionary"] == str(home / "words.utf8")
    assert msr.gold == str(absolute)


def test_a_manifest_given_relative_is_named_as_given_and_its_paths_made_absolute(
    tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    write(tree, BASE)
    monkeypatch.chdir(tree)
    manifest = load_manifest("suite.toml")
    assert manifest.path == "suite.toml"
    assert manifest.corpora[0].gold == str(tree / "gold/pku.utf8")
    assert os.path.isabs(manifest.systems[0].outputs["msr"] or "")
    write(tree, BASE.replace("pku.utf8", "nope.utf8"))
    assert fails("suite.toml").where == "suite.toml"


def test_literal_braces_in_a_pattern(tree: Path) -> None:
    (tree / "out/{corpus}").mkdir()
    for corpus in ("pku", "msr"):
        (tree / f"out/{{corpus}}/{corpus}.txt").write_text("甲\n", encoding="utf-8")
    path = write(tree, BASE.replace("out/jieba/{corpus}.txt", "out/{{corpus}}/{corpus}.txt"))
    outputs = load_manifest(path).systems[0].outputs
    assert outputs == {
        "pku": str(tree / "out/{corpus}/pku.txt"),
        "msr": str(tree / "out/{corpus}/msr.txt"),
    }


def test_a_byte_order_mark_is_allowed(tree: Path) -> None:
    path = tree / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + BASE.encode("utf-8"))
    assert [corpus.name for corpus in load_manifest(path).corpora] == ["pku", "msr"]


def test_allow_missing_leaves_empty_cells_for_absent_outputs(tree: Path) -> None:
    (tree / "out/jieba/msr.txt").unlink()
    path = write(tree, BASE + 'mm = { pku = "mm_pku.txt" }\n')
    jieba, mm = load_manifest(path, allow_missing=True).systems
    assert jieba.outputs == {"pku": str(tree / "out/jieba/pku.txt"), "msr": None}
    assert mm.outputs == {"pku": str(tree / "mm_pku.txt"), "msr": None}
    # Without it, the first missing output is the error.
    error = fails(path)
    assert "out/jieba/msr.txt" in error.message and "'jieba'" in error.message
    assert "--allow-missing" in str(error)


def test_allow_missing_does_not_excuse_a_missing_gold_or_a_directory(tree: Path) -> None:
    path = write(tree, BASE.replace("gold/msr.utf8", "gold/gone.utf8"))
    assert (
        "corpora.msr.gold: no such file gold/gone.utf8" in fails(path, allow_missing=True).message
    )
    (tree / "out/jieba/msr.txt").unlink()
    (tree / "out/jieba/msr.txt").mkdir()
    error = fails(write(tree, BASE), allow_missing=True)
    assert "systems.jieba" in error.message and "is a directory" in error.message


# --- errors ---------------------------------------------------------------------------------

CORPUS = BASE.replace('[corpora.msr]\ngold = "gold/msr.utf8"\n', "")  # pku alone


def corpus_with(lines: str) -> str:
    """The one-corpus manifest with ``lines`` added to [corpora.pku]."""
    return CORPUS.replace('gold = "gold/pku.utf8"', f'gold = "gold/pku.utf8"\n{lines}')


ERRORS = [
    # top level
    ("unknown-top", "corpus = 1\n" + BASE, ["corpus: unknown key", "did you mean 'corpora'?"]),
    ("no-corpora", '[systems]\njieba = "x"\n', ["no [corpora] table"]),
    ("no-systems", '[corpora.pku]\ngold = "gold/pku.utf8"\n', ["no [systems] table"]),
    (
        "empty-corpora",
        "[corpora]\n[systems]" + BASE.split("[systems]")[1],
        ["corpora: the table is empty"],
    ),
    ("empty-systems", CORPUS.split("jieba")[0], ["systems: the table is empty"]),
    (
        "corpora-type",
        "corpora = 3\n" + BASE.split("[corpora.pku]")[0],
        ["corpora: expected a table"],
    ),
    ("defaults-type", "defaults = 'utf-8'\n" + BASE, ["defaults: expected a table, not a string"]),
    # names
    ("empty-corpus-name", BASE.replace("corpora.msr", 'corpora.""'), ['corpora."": an empty name']),
    ("empty-system-name", BASE + '"" = "x"\n', ['systems."": an empty name']),
    (
        "corpus-type",
        '[corpora]\nmsr = "gold/msr.utf8"\n[systems]\njieba = "x"\n',
        [
            "corpora.msr: expected a table, not a string 'gold/msr.utf8'",
            '[corpora.msr] with gold = "…"',
        ],
    ),
    # unknown keys
    (
        "unknown-corpus-key",
        corpus_with('glod = "x"'),
        ["corpora.pku.glod: unknown key", "did you mean 'gold'?"],
    ),
    (
        "unknown-default-key",
        "[defaults]\nencodng = 'gbk'\n" + BASE,
        ["defaults.encodng: unknown key", "did you mean 'encoding'?"],
    ),
    (
        "unknown-far-key",
        corpus_with("colour = true"),
        ["corpora.pku.colour: unknown key", "the keys allowed are gold, dict, dictionary, train"],
    ),
    (
        "gold-in-defaults",
        "[defaults]\ngold = 'gold/pku.utf8'\n" + BASE,
        ["defaults.gold: each corpus has its own gold"],
    ),
    # gold, dictionaries, training corpora
    (
        "no-gold",
        BASE.replace('gold = "gold/msr.utf8"', 'dict = "gold/pku_words.utf8"'),
        ["corpora.msr: no gold"],
    ),
    (
        "gold-type",
        BASE.replace('"gold/msr.utf8"', "3"),
        ["corpora.msr.gold: expected a path (a string), not an integer 3"],
    ),
    ("gold-empty", BASE.replace('"gold/msr.utf8"', '""'), ["corpora.msr.gold: an empty path"]),
    (
        "gold-missing",
        BASE.replace("gold/msr.utf8", "gold/nope.utf8"),
        ["corpora.msr.gold: no such file gold/nope.utf8 (looked for {root}/gold/nope.utf8)"],
    ),
    (
        "gold-directory",
        BASE.replace("gold/msr.utf8", "gold"),
        ["corpora.msr.gold: gold is a directory"],
    ),
    (
        "dict-and-dictionary",
        corpus_with('dict = "gold/pku_words.utf8"\ndictionary = "gold/pku_words.utf8"'),
        ["corpora.pku: both dict and dictionary"],
    ),
    (
        "dict-missing",
        corpus_with('dict = "gold/none.utf8"'),
        ["corpora.pku.dict: no such file gold/none.utf8"],
    ),
    (
        "dict-list-missing",
        corpus_with('dict = ["gold/pku_words.utf8", "gold/none.utf8"]'),
        ["corpora.pku.dict[1]: no such file gold/none.utf8"],
    ),
    (
        "dict-list-type",
        corpus_with('dictionary = ["gold/pku_words.utf8", 2]'),
        ["corpora.pku.dictionary[1]: expected a path (a string), not an integer 2"],
    ),
    ("dict-empty-list", corpus_with("dict = []"), ["corpora.pku.dict: an empty array"]),
    (
        "train-type",
        corpus_with("train = true"),
        ["corpora.pku.train: expected a path or an array of paths, not a boolean true"],
    ),
    (
        "train-missing-default",
        "[defaults]\ntrain = 'none.utf8'\n" + BASE,
        ["defaults.train: no such file none.utf8"],
    ),
    # other settings
    (
        "tags-type",
        corpus_with('tags = "yes"'),
        ["corpora.pku.tags: expected true or false, not a string 'yes'"],
    ),
    (
        "drop-type",
        corpus_with("drop_first_token = 1"),
        ["corpora.pku.drop_first_token: expected true or false, not an integer 1"],
    ),
    (
        "format-value",
        corpus_with('format = "xml"'),
        [
            "corpora.pku.format: expected one of auto, words, tagged, chars, conllu, jsonl, mecab, "
            "kytea, best, vlsp, not 'xml'"
        ],
    ),
    (
        "format-near",
        corpus_with('pred_format = "conll"'),
        ["corpora.pku.pred_format", "did you mean 'conllu'?"],
    ),
    (
        "format-type",
        corpus_with("gold_format = 1"),
        ["corpora.pku.gold_format: expected one of", "not an integer"],
    ),
    (
        "mismatch-value",
        "[defaults]\nmismatch = 'ignore'\n" + BASE,
        ["defaults.mismatch: expected one of warn, error, align, not 'ignore'"],
    ),
    (
        "tag-column-value",
        corpus_with('tag_column = "deprel"'),
        ["corpora.pku.tag_column: expected one of upos, xpos"],
    ),
    (
        "tag-sep-long",
        corpus_with('tag_sep = "//"'),
        ["corpora.pku.tag_sep: expected one character", "'//'"],
    ),
    (
        "tag-sep-space",
        corpus_with('tag_sep = " "'),
        ["corpora.pku.tag_sep: expected one character"],
    ),
    (
        "word-sep-empty",
        corpus_with('pred_word_sep = ""'),
        ["corpora.pku.pred_word_sep: expected a string that is not empty"],
    ),
    (
        "encoding-value",
        corpus_with('encoding = "klingon"'),
        ["corpora.pku.encoding: unknown encoding 'klingon'", "gb18030"],
    ),
    (
        "encoding-type",
        corpus_with("dict_encoding = 8"),
        ["corpora.pku.dict_encoding: expected an encoding name"],
    ),
    # systems
    (
        "system-type",
        BASE + "mm = 3\n",
        ["systems.mm: expected a path pattern or a table of paths by corpus, not an integer 3"],
    ),
    (
        "placeholder",
        BASE + 'mm = "out/{name}/{corpus}.txt"\n',
        [
            "systems.mm: unknown placeholder {name} in 'out/{name}/{corpus}.txt'",
            "write {{ and }} for literal braces",
        ],
    ),
    ("placeholder-empty", BASE + 'mm = "out/{}.txt"\n', ["systems.mm: unknown placeholder {}"]),
    (
        "placeholder-spec",
        BASE + 'mm = "out/{corpus:>4}.txt"\n',
        ["unknown placeholder {corpus:>4}"],
    ),
    (
        "open-brace",
        BASE + 'mm = "out/{corpus.txt"\n',
        ["systems.mm: a '{' without its '}' at character 5"],
    ),
    (
        "close-brace",
        BASE + 'mm = "out}/{corpus}.txt"\n',
        ["systems.mm: a '}' without its '{' at character 4"],
    ),
    ("pattern-empty", BASE + 'mm = ""\n', ["systems.mm: an empty path"]),
    (
        "table-unknown-corpus",
        BASE + 'mm = { pku = "mm_pku.txt", pkx = "x" }\n',
        [
            "systems.mm.pkx: names an unknown corpus 'pkx' (corpora: pku, msr)",
            "did you mean 'pku'?",
        ],
    ),
    ("table-empty", BASE + "mm = {}\n", ["systems.mm: the table is empty"]),
    (
        "table-type",
        BASE + "mm = { pku = 1 }\n",
        ["systems.mm.pku: expected a path (a string), not an integer 1"],
    ),
    (
        "table-no-output",
        BASE + 'mm = { pku = "mm_pku.txt" }\n',
        [
            "system 'mm' has no output for corpus 'msr'",
            'add msr = "…" to systems.mm, or pass --allow-missing to leave that cell empty',
        ],
    ),
    (
        "output-missing",
        BASE.replace("out/jieba/{corpus}", "out/{corpus}"),
        [
            "systems.jieba: no output file out/pku.txt of system 'jieba' for corpus 'pku' "
            "(looked for {root}/out/pku.txt)",
            "or pass --allow-missing to leave that cell empty",
        ],
    ),
    (
        "output-directory",
        BASE + 'mm = { pku = "out" }\n',
        ["systems.mm: the output for corpus 'pku', out, is a directory"],
    ),
    # a name that is not a bare key is quoted in the key path
    (
        "quoted-name",
        BASE.replace("corpora.msr", 'corpora."msr 2"').replace("msr.utf8", "x.utf8"),
        ['corpora."msr 2".gold: no such file gold/x.utf8'],
    ),
]


@pytest.mark.parametrize(
    ("text", "expected"), [case[1:] for case in ERRORS], ids=[case[0] for case in ERRORS]
)
def test_each_mistake_is_one_error_naming_its_key(
    tree: Path, text: str, expected: list[str]
) -> None:
    path = write(tree, text)
    error = fails(path)
    assert error.where == str(path)
    shown = str(error)
    assert "\n" not in shown
    for fragment in expected:
        assert fragment.replace("{root}", str(tree)) in shown


@pytest.mark.parametrize(
    ("text", "place", "message"),
    [
        ("[corpora.pku]\ngold = \n", "2:8", "Invalid value"),
        ('[corpora.pku]\ngold = "x"\n[corpora.pku]\n', "3:13", "Cannot declare"),
        ('[corpora.pku]\ngold = "gold', "2:13", "Unterminated string"),
        ("[corpora.pku]\ngold = ", "2:8", "Invalid value"),  # "at end of document"
    ],
)
def test_a_syntax_error_is_located_at_its_line_and_column(
    tmp_path: Path, text: str, place: str, message: str
) -> None:
    path = write(tmp_path, text)
    error = fails(path)
    assert error.where == f"{path}:{place}"
    assert error.message.startswith("TOML syntax error: " + message)
    assert "(at line" not in error.message  # the place is in where, not said twice


def test_a_manifest_that_is_not_utf8_is_located_at_its_first_bad_byte(tmp_path: Path) -> None:
    path = tmp_path / "legacy.toml"
    path.write_bytes('[corpora.pku]\ngold = "金"\n'.encode("gbk"))
    error = fails(path)
    assert error.where == f"{path}:2:9"
    assert "not UTF-8" in error.message


def test_a_missing_or_unreadable_manifest_is_an_error(tmp_path: Path) -> None:
    missing = fails(tmp_path / "none.toml")
    assert missing.where == str(tmp_path / "none.toml")
    assert f"no such manifest file (looked for {tmp_path / 'none.toml'})" in missing.message
    assert "is a directory" in fails(tmp_path).message


def test_the_result_types(tree: Path) -> None:
    manifest = load_manifest(write(tree, BASE))
    assert isinstance(manifest, Manifest) and isinstance(manifest.corpora[0], CorpusEntry)
    with pytest.raises(AttributeError):
        manifest.corpora[0].tags = True  # type: ignore[misc]
