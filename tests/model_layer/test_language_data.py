"""The languages' words as data files (langs/<code>/data/*.tsv): each one read by its
language, each well formed: the same number of columns on every line, no key twice, no
stray whitespace around a cell, Unicode in NFC."""

from __future__ import annotations

import unicodedata
from pathlib import Path

import pytest

from model_layer.constants import ALL_LANGUAGE_CODES
from model_layer.text.langs import data, language_module

FILES = sorted(data.LANGS.glob("*/data/*.tsv"))


def test_every_data_file_is_read_by_its_language() -> None:
    """Importing every language reads every file: none is dead weight, none misnamed."""
    for code in sorted(ALL_LANGUAGE_CODES):
        language_module(code)
        for part in (
            sorted((data.LANGS / code).glob("*.py")) if (data.LANGS / code).is_dir() else ()
        ):
            if part.stem != "__init__":
                __import__(f"model_layer.text.langs.{code}.{part.stem}")
    on_disk = {(path.parent.parent.name, path.stem) for path in FILES}
    assert on_disk - data.READ == set()
    assert len(on_disk) > 250


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.parent.name}/{p.stem}")
def test_a_data_file_is_well_formed(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.endswith("\n") and "\r" not in text
    rows = [line.split("\t") for line in text.split("\n") if line and not line.startswith("#")]
    assert rows, "no entries"
    assert len({len(row) for row in rows}) == 1, "lines of different column counts"
    keys = [row[0] for row in rows]
    assert len(keys) == len(set(keys)), f"twice: {sorted({k for k in keys if keys.count(k) > 1})}"
    for row in rows:
        for cell in row:
            assert cell and cell == cell.strip(), f"empty or padded cell in {row}"
            assert unicodedata.normalize("NFC", cell) == cell, f"not NFC: {cell!r}"


def test_the_loader_refuses_what_it_cannot_mean(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "xx" / "data"
    folder.mkdir(parents=True)
    (folder / "pairs.tsv").write_text("a\tb\na\tc\n", encoding="utf-8")
    (folder / "ragged.tsv").write_text("# a comment\na\tb\nc\n", encoding="utf-8")
    monkeypatch.setattr(data, "LANGS", tmp_path)
    data.rows.cache_clear()
    try:
        with pytest.raises(ValueError, match="a key twice"):
            data.table("xx", "pairs")
        with pytest.raises(ValueError, match="one word a line"):
            data.words("xx", "ragged")
        assert data.rows("xx", "ragged") == (("a", "b"), ("c",))
    finally:
        data.rows.cache_clear()
