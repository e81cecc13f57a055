"""`python -m bench.journals`: the run journals' summary lists every journal, and the
committed SUMMARY.md is the one the generator writes."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.journals import RESULTS, SUMMARY_NAME, journal_entry, main, render_summary


def test_a_journal_gives_its_title_and_opening_sentence() -> None:
    text = "# Cold start\n\n| a | b |\n\nImports cost 0.3 s. The rest is load.\nMore.\n"
    assert journal_entry(text) == ("Cold start", "Imports cost 0.3 s.")


def test_a_long_opening_is_cut_at_a_word_and_keeps_code_closed() -> None:
    text = "# T\n\n`python -m bench --cases " + "word " * 80 + "`\n"
    title, sentence = journal_entry(text)
    assert title == "T"
    assert sentence.endswith("` …")
    assert len(sentence) <= 205


def test_a_file_without_a_title_is_refused() -> None:
    with pytest.raises(ValueError, match="title"):
        journal_entry("no heading\n")


def test_the_summary_links_every_journal_and_not_itself(tmp_path: Path) -> None:
    (tmp_path / "b-run.md").write_text("# Run B\n\nB was measured.\n", encoding="utf-8")
    (tmp_path / "a-run.md").write_text("# Run A\n\nA | pipe.\n", encoding="utf-8")
    (tmp_path / SUMMARY_NAME).write_text("# old\n", encoding="utf-8")
    main(["--results", str(tmp_path)])
    rows = [line for line in (tmp_path / SUMMARY_NAME).read_text().splitlines() if "](" in line]
    assert rows == [
        "| [Run A](a-run.md) | A \\| pipe. |",
        "| [Run B](b-run.md) | B was measured. |",
    ]


def test_the_committed_summary_is_current() -> None:
    journals = [path for path in RESULTS.glob("*.md") if path.name != SUMMARY_NAME]
    assert len(journals) >= 8
    assert (RESULTS / SUMMARY_NAME).read_text(encoding="utf-8") == render_summary()
