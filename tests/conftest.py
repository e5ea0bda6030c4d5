"""Shared paths, skips and helpers: tests that need the bakeoff data, perl or GNU diff skip
cleanly without them. Test files share helpers through here, never by importing each other."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import settings

from wsscore.core import backend

# No property test has a time limit: hypothesis's default of 200 ms an example is a timing
# assertion, which a loaded 2-core CI machine fails for no fault of the code (timings belong in
# benchmarks/). A test may still set its own.
settings.register_profile("wsscore", deadline=None)
settings.load_profile("wsscore")

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "fixtures"
ICWB2 = ROOT.parent / "shared" / "icwb2"
SCRIPT_DIFF = "/usr/bin/diff"  # hard-coded in the Perl score script
C_LOCALE = dict(os.environ, LC_ALL="C")


# For the tests of the C speed-ups themselves, or of a property only the C path promises.
needs_c = pytest.mark.skipif(
    backend.NAME != "c", reason="the C speed-ups are not running (not built, or switched off)"
)


# --- what runs once: the tests whose outcome no backend can change ------------------------------
# CI runs every test on the C speed-ups and, under WSSCORE_PURE_PYTHON=1, only what the backend
# could change: the modules below (paths under tests/) get the marker ``backend_independent``,
# which that pass leaves out. A module not listed runs on both, so a new module is safe by
# default; a listed one is held to its listing by ``_BackendGuard``: in the C pass, a test of
# it that reaches the C speed-ups, or starts a process naming wsscore, fails. A module fits the
# list when nothing it checks is computed through ``wsscore.core.backend``: the docs, layers
# and structure, the pure-Python tables and references called directly, readers and writers
# of the formats that have no C path, metrics from given counts.
BACKEND_INDEPENDENT = frozenset(
    {
        "align/test_aligner_parts.py",
        "core/test_records.py",
        "core/test_units.py",
        "inputs/formats/test_format_errors.py",
        "inputs/formats/test_format_readers.py",
        "inputs/formats/test_format_writers.py",
        "inputs/test_api_labels_shortcut.py",
        "inputs/test_manifest.py",
        "inputs/test_tag_map.py",
        "inputs/test_words.py",
        "metrics/test_conventions.py",
        "metrics/test_gates.py",
        "metrics/test_metrics.py",
        "metrics/test_paper_tables.py",
        "metrics/test_signature.py",
        "output/test_destination.py",
        "test_architecture_doc.py",
        "test_docs.py",
        "test_formatting_tables.py",
        "test_layers.py",
        "test_structure.py",
    }
)


TESTS = Path(__file__).resolve().parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    missing = sorted(name for name in BACKEND_INDEPENDENT if not (TESTS / name).is_file())
    if missing:
        raise pytest.UsageError(f"BACKEND_INDEPENDENT lists no test module {', '.join(missing)}")
    for item in items:
        module = item.path.relative_to(TESTS).as_posix() if item.path.is_relative_to(TESTS) else ""
        if module in BACKEND_INDEPENDENT:
            item.add_marker(pytest.mark.backend_independent)


class _BackendGuard:
    """Notes, while installed, whether the C speed-ups are reached (every call to them looks
    its function up on ``backend._SPEEDUPS`` or in ``backend._COUNTING``) or a process naming
    wsscore is started (its backend is out of sight)."""

    def __init__(self) -> None:
        self.reached: list[str] = []
        self._patch = pytest.MonkeyPatch()
        guard, speedups, start = self, backend._SPEEDUPS, subprocess.Popen.__init__

        class Speedups:
            def __getattr__(self, name: str) -> object:
                guard.reached.append(f"_speedups.{name}")
                return getattr(speedups, name)

        def counting(name: str, function):
            def noted(*args, **options):
                guard.reached.append(f"_speedups.{name.lstrip('_')}")
                return function(*args, **options)

            return noted

        def started(process, args, *rest, **options):
            if "wsscore" in (args if isinstance(args, str) else " ".join(map(str, args))):
                guard.reached.append(f"a process: {args}")
            start(process, args, *rest, **options)

        self._patch.setattr(backend, "_SPEEDUPS", Speedups())
        for name, function in vars(backend._COUNTING).items():
            if name.startswith("_"):
                self._patch.setattr(backend._COUNTING, name, counting(name, function))
        self._patch.setattr(subprocess.Popen, "__init__", started)

    def remove(self) -> None:
        self._patch.undo()


_guarding: list[_BackendGuard] = []  # the one installed, while a listed test runs


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    """Before the test's fixtures: those a listed module sets up count as its own work."""
    while _guarding:  # left by a teardown that failed before ours ran
        _guarding.pop().remove()
    if backend.NAME == "c" and item.get_closest_marker("backend_independent"):
        _guarding.append(_BackendGuard())


@pytest.hookimpl(trylast=True)
def pytest_runtest_teardown(item: pytest.Item) -> None:
    """After the fixtures' teardown: a listed test that reached the backend fails here."""
    if _guarding:
        guard = _guarding.pop()
        guard.remove()
        if guard.reached:
            pytest.fail(
                f"{item.path.relative_to(TESTS)} is in BACKEND_INDEPENDENT (tests/conftest.py) "
                f"but reached the backend ({guard.reached[0]}): take it off that list",
                pytrace=False,
            )


def need_icwb2() -> Path:
    if not (ICWB2 / "gold").is_dir():
        pytest.skip("the SIGHAN bakeoff data (../shared/icwb2) is not here")
    return ICWB2


def need_perl() -> str:
    perl = shutil.which("perl")
    if perl is None or shutil.which("diff") is None:
        pytest.skip("perl and GNU diff are needed for the differential tests")
    return perl


@pytest.fixture
def icwb2() -> Path:
    return need_icwb2()


# --- the reference scripts' runs, made once ------------------------------------------------------
# The bakeoff's Perl scripts give the same output whichever backend wsscore runs on, so a run of
# one is kept in pytest's cache directory by what it reads (the script, its files' names and
# bytes, standard input, the locale) and reused by the other xdist worker and by the suite's
# second pass (WSSCORE_PURE_PYTHON=1): CI runs each once. A stale entry cannot be reused: its
# key holds every byte the run reads. Without the cache (-p no:cacheprovider) every run is made.
_reference_runs: Path | None = None


def pytest_configure(config: pytest.Config) -> None:
    global _reference_runs
    cache = getattr(config, "cache", None)
    shared = cache is not None and sys.platform != "win32"  # the workers share it by fcntl locks
    _reference_runs = Path(cache.mkdir("reference-runs")) if shared else None


def reference_directory(name: str) -> Path | None:
    """A directory of the cache whose path is the same in every run (for a file a reference
    script names inside its own text), or None without the cache."""
    if _reference_runs is None:
        return None
    directory = _reference_runs / name
    directory.mkdir(exist_ok=True)
    return directory


def run_reference(
    command: list[str | Path],
    *,
    stdin: Path | None = None,
    env: dict[str, str] | None = None,
    wait: bool = True,
) -> subprocess.CompletedProcess | None:
    """``subprocess.run(command)`` of a reference script, its output captured; from the cache
    when the same script has read the same bytes before. A ``Path`` in ``command`` is a file
    it reads, keyed by its base name (which the scripts print) and its bytes. Without ``wait``,
    None when another worker is making the same run (to make another one meanwhile)."""
    import hashlib

    key = hashlib.sha256(repr((env or {}).get("LC_ALL")).encode())
    for part in [*command, *([stdin] if stdin is not None else [])]:
        key.update(b"\0" + os.fsencode(part.name if isinstance(part, Path) else part))
        if isinstance(part, Path):
            key.update(hashlib.sha256(part.read_bytes()).digest())
    if _reference_runs is None:
        return _run_with_input(command, stdin, env)
    stored = _reference_runs / key.hexdigest()
    import fcntl

    # One worker makes a run; the other, wanting it at the same time, waits for it.
    with open(stored.with_suffix(".lock"), "w") as lock:
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB))
        except BlockingIOError:
            return None
        if not stored.with_suffix(".rc").exists():  # the return code is written last
            done = _run_with_input(command, stdin, env)
            _write_whole(stored.with_suffix(".out"), done.stdout)
            _write_whole(stored.with_suffix(".err"), done.stderr)
            _write_whole(stored.with_suffix(".rc"), str(done.returncode).encode())
    code = int(stored.with_suffix(".rc").read_text())
    out, err = stored.with_suffix(".out").read_bytes(), stored.with_suffix(".err").read_bytes()
    return subprocess.CompletedProcess(command, code, out, err)


def _run_with_input(
    command: list[str | Path], stdin: Path | None, env: dict[str, str] | None
) -> subprocess.CompletedProcess:
    with open(stdin if stdin is not None else os.devnull, "rb") as given:
        return subprocess.run(list(map(str, command)), stdin=given, capture_output=True, env=env)


@pytest.fixture(scope="session")
def mm_baselines(tmp_path_factory) -> dict[str, Path]:
    """The bakeoff's maximum-matching baseline on each test set, made with its own mwseg.pl.

    mwseg.pl is byte-oriented, so it runs on the legacy-encoded files (.txt), as in the bakeoff.
    """
    return _mwseg_outputs("txt", tmp_path_factory.mktemp("mm"))


def _mwseg_outputs(ext: str, out: Path) -> dict[str, Path]:
    data = need_icwb2()
    need_perl()
    made: dict[str, Path] = {}
    # Each xdist worker first makes the runs no other worker is making, then waits for the
    # rest: two workers make two at once, and each run is made once.
    for wait in (False, True):
        for corpus in ("as", "cityu", "msr", "pku"):
            if corpus in made:
                continue
            done = run_reference(
                [
                    "perl",
                    data / "scripts" / "mwseg.pl",
                    data / "gold" / f"{corpus}_training_words.{ext}",
                ],
                stdin=data / "testing" / f"{corpus}_test.{ext}",
                wait=wait,
            )
            if done is not None:
                assert done.returncode == 0, done.stderr
                made[corpus] = out / f"{corpus}_mm.{ext}"
                made[corpus].write_bytes(done.stdout)
    return made


def gold_path(data: Path, corpus: str, extension: str) -> Path:
    name = "as_testing_gold" if corpus == "as" else f"{corpus}_test_gold"
    return data / "gold" / f"{name}.{extension}"


# --- the project's own small fixtures and their hand-computed counts ----------------------------

# gold.txt vs pred.txt with words.txt, the same in gbk/ and big5/ (a traditional text).
FIXTURE_COUNTS = {
    "gold_words": 36,
    "pred_words": 30,
    "correct": 21,
    "oov_words": 6,
    "oov_correct": 2,
    "substitutions": 9,
    "insertions": 0,
    "deletions": 6,
    "misaligned_lines": 0,
    "misaligned_chars": 0,
}
# hkscs/: Big5-HKSCS gold and word list, UTF-8 prediction with a BOM and U+3000 separators.
HKSCS_COUNTS = {
    "gold_words": 43,
    "pred_words": 37,
    "correct": 25,
    "oov_words": 8,
    "oov_correct": 2,
    "substitutions": 11,
    "insertions": 1,
    "deletions": 7,
    "misaligned_lines": 0,
    "misaligned_chars": 0,
}


@pytest.fixture
def fixture_copy(tmp_path) -> Path:
    """A private copy of fixtures/ (for tests that write next to inputs or watch them)."""
    target = tmp_path / "fixtures"
    shutil.copytree(FIXTURES, target)
    return target


# --- the Perl score script ----------------------------------------------------------------------


def run_wsscore(
    *args: object, env: dict[str, str] | None = None, text: bool = True
) -> subprocess.CompletedProcess:
    """``wsscore ARGS`` as a user runs it: its status and output, never raising.

    Run in this process, through the command's click group (a process's start cost more than
    most of these runs), unless ``env`` is given (a backend or locale of its own): an exception
    other than an exit is raised, as the traceback a process would print. Tests of the process
    itself (its entry point, signals, closed streams) start one of their own."""
    if env is None:
        from click.testing import CliRunner

        from wsscore.cli.app import cli

        done = CliRunner().invoke(cli, list(map(str, args)))
        if done.exception is not None and not isinstance(done.exception, SystemExit):
            raise done.exception
        if text:
            return subprocess.CompletedProcess(args, done.exit_code, done.stdout, done.stderr)
        return subprocess.CompletedProcess(
            args, done.exit_code, done.stdout_bytes, done.stderr_bytes
        )
    return subprocess.run(
        [sys.executable, "-m", "wsscore", *map(str, args)],
        capture_output=True,
        text=text,
        env=env,
        check=False,
    )


# CSI sequences (colours, cursor) and OSC ones (hyperlinks), which take no columns.
TERMINAL_ESCAPES = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07\x1b]*(\x07|\x1b\\)")


def on_terminal(
    args: list[object], columns: int, cwd: Path | None = None, *, stderr_too: bool = False
) -> tuple[int, str, bytes]:
    """``wsscore ARGS`` on a pseudo-terminal ``columns`` wide: its exit status, what the terminal
    shows (escapes removed) and its standard error, which is the terminal too with
    ``stderr_too`` (then b"")."""
    import fcntl
    import pty
    import struct
    import termios

    leader, follower = pty.openpty()
    fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 40, columns, 0, 0))
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
    env["TERM"] = "xterm-256color"
    process = subprocess.Popen(
        [sys.executable, "-m", "wsscore", *map(str, args)],
        stdin=subprocess.DEVNULL,
        stdout=follower,
        stderr=follower if stderr_too else subprocess.PIPE,
        cwd=cwd,
        env=env,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    status = process.wait(timeout=120)
    stderr = process.stderr.read() if process.stderr else b""
    text = b"".join(chunks).decode("utf-8").replace("\r\n", "\n")
    return status, TERMINAL_ESCAPES.sub("", text), stderr


def messages_of(stderr: str) -> list[str]:
    """The messages on standard error: each its first line (what is wrong, what to do) and the
    indented lines of detail after it, joined by newlines."""
    messages: list[str] = []
    for line in stderr.splitlines():
        if line.startswith("  ") and messages:
            messages[-1] += "\n" + line
        else:
            messages.append(line)
    return messages


def one_message(stderr: str) -> str:
    """The one message on standard error (its first line and its detail)."""
    messages = messages_of(stderr)
    assert len(messages) == 1, stderr
    return messages[0]


def refused_in_one_line(*args: object) -> str:
    """The one message of a refusal: exit status 2, nothing on standard output, no traceback."""
    done = run_wsscore(*args)
    assert done.returncode == 2, done.stderr
    assert done.stdout == "" and "Traceback" not in done.stderr
    return one_message(done.stderr)


def need_gnu_diff() -> str:
    """The path of GNU diff, which ``--match diff`` runs; the test is skipped without it."""
    found = shutil.which("diff")
    if found is None:
        pytest.skip("GNU diff is needed for --match diff")
    if b"GNU diffutils" not in subprocess.run([found, "--version"], capture_output=True).stdout:
        pytest.skip(f"{found} is not GNU diff")
    return found


def need_script() -> Path:
    data = need_icwb2()
    need_perl()
    try:
        version = subprocess.run([SCRIPT_DIFF, "--version"], capture_output=True).stdout
    except OSError:
        version = b""
    if b"GNU diffutils" not in version:
        pytest.skip(f"the script runs {SCRIPT_DIFF}, which is not GNU diff here")
    return data / "scripts" / "score"


def run_perl_script(
    script: Path, dictionary: Path, gold: Path, test: Path
) -> subprocess.CompletedProcess:
    done = run_reference(["perl", script, dictionary, gold, test], env=C_LOCALE)
    assert done is not None  # waited for
    return done


@pytest.fixture(scope="session")
def minimal_script(tmp_path_factory) -> Path:
    """A copy of the script that runs ``diff --minimal`` and prints its raw counters to stderr.

    Two marked changes (the script's licence asks modifications to be marked): ``$diff`` names a
    wrapper that adds ``--minimal``, and before the summary a line ``RAW`` with ``$Ins $Del
    $Subst $Truecount $Testcount $RawRecall $RawPrecision $OOV $OOVMISSED $IV $IVMISSED``
    goes to stderr (the summary prints most of them only as rounded ratios).
    """
    original = need_script().read_bytes()
    # In the cache, its path (which the script's text names) is the same in every run.
    directory = reference_directory("minimal") or tmp_path_factory.mktemp("minimal")
    wrapper = _write_whole(
        directory / "diff-minimal",
        f'#!/bin/sh\nexec {SCRIPT_DIFF} --minimal "$@"\n'.encode(),
        executable=True,
    )
    diff_line = f'$diff = "{SCRIPT_DIFF}";'.encode()
    summary_line = b'print "=== SUMMARY:\\n";'
    if original.count(diff_line) != 1 or original.count(summary_line) != 1:
        pytest.fail("the script is not the bakeoff's: its $diff or summary line is not found")
    counters = "\\t".join(
        f"${name}"
        for name in (
            "Ins Del Subst Truecount Testcount RawRecall RawPrecision OOV OOVMISSED IV IVMISSED"
        ).split()
    )
    modified = original.replace(
        diff_line,
        f'$diff = "{wrapper}";  # MODIFIED by the wsscore tests: diff --minimal'.encode(),
    ).replace(
        summary_line,
        f'print STDERR "RAW\\t{counters}\\n";  # MODIFIED by the wsscore tests\n'.encode()
        + summary_line,
    )
    return _write_whole(directory / "score-minimal", modified)


def _write_whole(path: Path, data: bytes, *, executable: bool = False) -> Path:
    """``path`` with ``data``, replaced at once: another worker may be reading or running it."""
    partial = path.with_name(f"{path.name}.{os.getpid()}")
    partial.write_bytes(data)
    if executable:
        partial.chmod(0o755)
    os.replace(partial, path)
    return path


@dataclass(frozen=True)
class Raw:
    """The script's counters, from the RAW line of :func:`minimal_script`."""

    insertions: int
    deletions: int
    substitutions: int
    true_count: int
    test_count: int
    recall_correct: int
    precision_correct: int
    oov: int
    oov_missed: int
    iv: int
    iv_missed: int


def raw_counters(stderr: bytes) -> Raw:
    lines = [line for line in stderr.split(b"\n") if line.startswith(b"RAW\t")]
    assert len(lines) == 1, stderr
    return Raw(*map(int, lines[0].split(b"\t")[1:]))


def conllu_word_rows(conllu: Path) -> list[list[list[str]]]:
    """The word lines of each sentence of a CoNLL-U file, split into columns (read here
    independently of wsscore, for the differential tests against conll18_ud_eval.py)."""
    sentences, rows = [], []
    for line in conllu.read_text(encoding="utf-8").splitlines():
        if not line:
            if rows:
                sentences.append(rows)
            rows = []
        elif not line.startswith("#"):
            columns = line.split("\t")
            if columns[0].isdigit():
                rows.append(columns)
    if rows:
        sentences.append(rows)
    return sentences


@pytest.fixture(autouse=True)
def _width_of_a_pipe(monkeypatch: pytest.MonkeyPatch) -> None:
    """pytest-xdist's workers run with COLUMNS=80 in their environment, a serial run without
    it; the table format fits the width shutil.get_terminal_size reads (COLUMNS first). The
    width is pinned to what a pipe gets without COLUMNS, 120 columns, so that no test depends
    on how the suite is run (the terminal tests set their own width, on a pseudo-terminal)."""
    monkeypatch.setenv("COLUMNS", "120")


# --- mecab-system-eval (Debian's mecab-utils) ----------------------------------------------------

MECAB_SYSTEM_EVAL = ("/usr/lib/mecab/mecab-system-eval", "/usr/libexec/mecab/mecab-system-eval")


def need_mecab_system_eval() -> str:
    """The path of MeCab's evaluator (``apt-get install mecab-utils``); skipped without it."""
    found = shutil.which("mecab-system-eval")
    for path in (found, *MECAB_SYSTEM_EVAL):
        if path and os.access(path, os.X_OK):
            return path
    pytest.skip("mecab-system-eval is needed (apt-get install mecab-utils)")
