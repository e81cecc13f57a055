"""`python -m bench langid`: the short-text identification benchmark, run for real."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.__main__ import main
from bench.langid import DEFAULT_SET, kind, read_set
from model_layer.constants import LANGUAGES


def test_the_set_covers_every_language_with_sentences_and_short_texts() -> None:
    rows = read_set(DEFAULT_SET)
    assert {lang for lang, _ in rows} == {*LANGUAGES, "default"}
    for lang in LANGUAGES:
        texts = [text for row_lang, text in rows if row_lang == lang]
        if lang in ("ko", "ja", "el", "hi", "ar"):  # settled by script: a few suffice
            assert len(texts) >= 4, lang
            continue
        sentences = [text for text in texts if kind(text) == "sentence"]
        assert len(sentences) >= 6, lang
        assert all(2 <= len(text.split()) <= 8 for text in sentences), lang
        assert any(kind(text) == "short" for text in texts), lang


def test_the_command_prints_before_and_after_per_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    small = tmp_path / "set.tsv"
    small.write_text(
        "# comment\npt\tA loja abre no domingo?\ndefault\t42\nen\tSee you soon\n", "utf-8"
    )
    assert main(["langid", "--set", str(small), "--runs", "1"]) == 0
    out = capsys.readouterr().out
    # main's detector sent the Portuguese question to the default; the evidence does not.
    assert "| pt | 0/1 | 1/1 |" in out
    assert "| default | | | 1/1 | 1/1 | 1/1 | 1/1 |" in out
    assert "| **all** |" in out and "| 2/3 | 3/3 |" in out
    assert "init, median of 1 fresh interpreters" in out
