from conftest import FIXTURES

from wsscore import score


def test_progress_reports_the_bytes_of_the_gold_read(tmp_path):
    seen = []
    score(FIXTURES / "gold.txt", [FIXTURES / "pred.txt"], progress=seen.append)
    assert seen and seen[-1] == (FIXTURES / "gold.txt").stat().st_size


def test_no_progress_bar_off_a_terminal_or_for_small_files(tmp_path):
    from wsscore.cli.progress import gold_progress

    with gold_progress(str(FIXTURES / "gold.txt"), quiet=False) as callback:
        assert callback is None  # pytest's stderr is not a terminal, and the file is small
