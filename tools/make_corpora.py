"""Write wsscore/inputs/known_corpora.py and wsscore/inputs/corpus_lines.py: the corpora wsscore
knows by the SHA-256 of their bytes, from the data folders as distributed.

    python tools/make_corpora.py ../shared       (needs ruff, which formats what it writes)

``../shared`` holds ``icwb2/`` (the SIGHAN 2005 bakeoff data: ``gold/``, ``testing/``) and
``ud/`` (UD Chinese GSD). Only facts about the files are written (sizes, hashes, counts, and a
two-byte digest of each gold line for telling how a near copy differs), never their text.

Sizes are counted as the bakeoff counts them: a sentence is a line with a word, a word a run of
non-space characters (U+3000 included), characters those of the words; OOV words are the gold
words that are not in the corpus's own training word list. UD counts its sentences and
syntactic words (the FORM of each word line; ranges and empty nodes left out).
"""

from __future__ import annotations

import base64
import hashlib
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
KNOWN = ROOT / "wsscore" / "inputs" / "known_corpora.py"
LINES = ROOT / "wsscore" / "inputs" / "corpus_lines.py"

SIGHAN_URL = "http://sighan.cs.uchicago.edu/bakeoff2005/"
SIGHAN_TERMS = "research use only, by the corpus providers' terms"
UD_URL = "https://github.com/UniversalDependencies/UD_Chinese-GSD"
UD_TERMS = "UD 2.17, CC BY-SA 4.0"
# The original encoding of each bakeoff corpus's .txt files (the .utf8 ones are UTF-8).
SIGHAN = {"as": "big5", "cityu": "big5-hkscs", "msr": "gbk", "pku": "gbk"}
SIGHAN_TITLES = {
    "as": "Academia Sinica",
    "cityu": "City University of Hong Kong",
    "msr": "Microsoft Research",
    "pku": "Peking University",
}
UD_PARTS = ("test", "dev")
UD_RELEASE = "UD 2.17"


def sighan_files(corpus: str) -> list[tuple[str, str, str]]:
    """(id, role, path in the folder without the extension) of a bakeoff corpus's files."""
    gold = "as_testing_gold" if corpus == "as" else f"{corpus}_test_gold"
    return [
        (f"sighan2005/{corpus}", "gold", f"gold/{gold}"),
        (f"sighan2005/{corpus}-words", "dictionary", f"gold/{corpus}_training_words"),
        (f"sighan2005/{corpus}-input", "input", f"testing/{corpus}_test"),
    ]


def text_lines(path: Path) -> list[str]:
    """The lines of a UTF-8 file as wsscore reads them: no BOM, no CR before the line feed."""
    text = path.read_bytes().decode("utf-8").removeprefix("\ufeff")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line.removesuffix("\r") for line in lines]


def line_digest(line: str) -> bytes:
    return hashlib.blake2b(line.encode("utf-8"), digest_size=2).digest()


def file_row(corpus_id: str, role: str, encoding: str, path: Path, relative: str) -> tuple:
    data = path.read_bytes()
    return (corpus_id, role, encoding, relative, len(data), hashlib.sha256(data).hexdigest())


def sighan_sizes(gold: Path, words: Path) -> tuple[int, int, int, int]:
    known = {line.strip() for line in text_lines(words)} - {""}
    sentences = words_count = characters = oov = 0
    for line in text_lines(gold):
        tokens = line.split()
        sentences += bool(tokens)
        words_count += len(tokens)
        characters += sum(map(len, tokens))
        oov += sum(1 for token in tokens if token not in known)
    return sentences, words_count, characters, oov


def ud_sizes(gold: Path) -> tuple[int, int, int, None]:
    sentences = words = characters = 0
    in_sentence = False
    for line in text_lines(gold):
        if not line.strip():
            sentences += in_sentence
            in_sentence = False
            continue
        columns = line.split("\t")
        if line.startswith("#") or not columns[0].isdigit():
            continue
        in_sentence = True
        words += 1
        characters += len(columns[1])
    return sentences + in_sentence, words, characters, None


def collect(shared: Path) -> tuple[list[tuple], list[tuple], dict[str, bytes]]:
    files, corpora, digests = [], [], {}
    icwb2 = shared / "icwb2"
    for corpus, original in SIGHAN.items():
        rows = sighan_files(corpus)
        for corpus_id, role, stem in rows:
            for extension, encoding in ((".utf8", "utf-8"), (".txt", original)):
                relative = stem + extension
                files.append(file_row(corpus_id, role, encoding, icwb2 / relative, relative))
        gold, words = (icwb2 / f"{rows[i][2]}.utf8" for i in (0, 1))
        title = f"SIGHAN 2005 bakeoff, {SIGHAN_TITLES[corpus]} (test gold)"
        sizes = sighan_sizes(gold, words)
        corpora.append((rows[0][0], title, rows[1][0], *sizes, SIGHAN_URL, SIGHAN_TERMS))
        digests[rows[0][0]] = b"".join(map(line_digest, text_lines(gold)))
    for part in UD_PARTS:
        corpus_id, name = f"ud/zh_gsd-{part}", f"zh_gsd-ud-{part}.conllu"
        files.append(file_row(corpus_id, "gold", "utf-8", shared / "ud" / name, name))
        title = f"UD Chinese GSD, {part} set ({UD_RELEASE})"
        sizes = ud_sizes(shared / "ud" / name)
        corpora.append((corpus_id, title, None, *sizes, UD_URL, UD_TERMS))
        digests[corpus_id] = b"".join(map(line_digest, text_lines(shared / "ud" / name)))
    return files, corpora, digests


HEADER = '''"""GENERATED by tools/make_corpora.py from the data as distributed ({what}):
    python tools/make_corpora.py ../shared
Never edit it by hand: run the tool. It holds facts about the files, never their text."""
'''


def known_source(files: list[tuple], corpora: list[tuple]) -> str:
    out = [HEADER.format(what="sizes, hashes and counts"), ""]
    out.append("# (id, role, encoding, path in the data folder, bytes, SHA-256)")
    out.append("FILES = (")
    out += [f"    {row!r}," for row in files]
    out.append(")")
    out.append("# (id, title, word list, sentences, words, characters, OOV words, source, terms)")
    out.append("CORPORA = (")
    for row in corpora:
        out.append("    (")
        out += [f"        {value!r}," for value in row]
        out.append("    ),")
    out.append(")")
    out.append("# Every known file's size: a file of another size is none of them (not hashed).")
    out.append(f"SIZES = frozenset({sorted(row[4] for row in files)!r})")
    return "\n".join(out) + "\n"


def lines_source(digests: dict[str, bytes]) -> str:
    out = [HEADER.format(what="a digest of each gold line"), ""]
    out.append("# Each gold's lines (as read: no BOM, no CR), 2 bytes of BLAKE2b each, in base64.")
    out.append("DIGESTS = {")
    for corpus_id, digest in digests.items():
        text = base64.b64encode(digest).decode("ascii")
        out.append(f"    {corpus_id!r}: (")
        out += [f'        "{text[start : start + 88]}"' for start in range(0, len(text), 88)]
        out.append("    ),")
    out.append("}")
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/make_corpora.py SHARED_FOLDER", file=sys.stderr)
        return 2
    files, corpora, digests = collect(Path(argv[0]))
    KNOWN.write_text(known_source(files, corpora), encoding="utf-8")
    LINES.write_text(lines_source(digests), encoding="utf-8")
    # In the project's layout (double quotes, one value a line where a row is too long).
    ruff = [sys.executable, "-m", "ruff", "format", str(KNOWN), str(LINES)]
    return subprocess.run(ruff, check=False).returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
