"""The languages' words as data files (langs/<code>/data/*.tsv): each one read by its
language, each well formed: the same number of columns on every line, no key twice, no
stray whitespace around a cell, Unicode in NFC."""

from __future__ import annotations

import importlib
import unicodedata
from pathlib import Path

import pytest

from model_layer.constants import ALL_LANGUAGE_CODES
from model_layer.text.langs import common, data, language_module

FILES = sorted(data.LANGS.glob("*/data/*.tsv"))


def test_every_data_file_is_read_by_its_language() -> None:
    """Importing every language and every shared reader (`shapes/`, the language
    identifier's evidence) reads every file: none is dead weight, none misnamed."""
    import model_layer.text.langid_evidence
    import model_layer.text.shapes

    readers = [model_layer.text.langid_evidence, common]
    for module in sorted(Path(model_layer.text.shapes.__file__).parent.glob("*.py")):
        readers.append(importlib.import_module(f"model_layer.text.shapes.{module.stem}"))
    # a shared reader reads a language's file when first asked: ask for every language
    for reader in readers:
        for value in vars(reader).values():
            for table in value.values() if isinstance(value, dict) else (value,):
                if isinstance(table, data.ByLanguage):
                    assert len(list(table.values())) == len(table)
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


def test_nouns_and_shared_tables_read_as_the_rules_use_them(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for code, text in {
        "xx": "km\tm\tkilometr\tkilometry\tkilometrów\nproc\tn\tprocent\tprocent\tprocent\n",
        "yy": "kg\tf\tkilo\tkilos\tkilos\n",
    }.items():
        (tmp_path / code / "data").mkdir(parents=True)
        (tmp_path / code / "data" / "units.tsv").write_text(text, encoding="utf-8")
        (tmp_path / code / "data" / "shape.words.tsv").write_text("a\tA\nb\tB\n", "utf-8")
        (tmp_path / code / "data" / "shape.set.tsv").write_text(f"{code}\nz\n", "utf-8")
    (tmp_path / "xx" / "data" / "short.tsv").write_text("km\tm\n", encoding="utf-8")
    monkeypatch.setattr(data, "LANGS", tmp_path)
    for cached in (data.rows, data.nouns, data.files):
        cached.cache_clear()
    try:
        units = data.nouns("xx", "units")
        assert units["km"].forms == ("kilometr", "kilometry", "kilometrów")
        # a padded row says its one form in every class
        assert [units["proc"].form(i) for i in range(5)] == ["procent"] * 5
        assert units["proc"].gender == "n"
        assert [data.nouns("yy", "units")["kg"].form(i) for i in range(4)] == [
            "kilo",
            "kilos",
            "kilos",
            "kilos",
        ]
        with pytest.raises(ValueError, match="at least one form"):
            data.nouns("xx", "short")
        assert data.languages_with("shape.words") == ("xx", "yy")
        lazy = data.tables("shape.words")
        assert lazy["yy"] == {"a": "A", "b": "B"}
        # only the language asked for is read
        assert ("yy", "shape.words") in data.READ and ("xx", "shape.words") not in data.READ
        assert "zz" not in lazy and lazy.get("zz") is None and len(lazy) == 2
        assert data.tables("shape.words") == {
            "xx": {"a": "A", "b": "B"},
            "yy": {"a": "A", "b": "B"},
        }
        assert data.word_sets("shape.set")["yy"] == frozenset({"yy", "z"})
    finally:
        for cached in (data.rows, data.nouns, data.files):
            cached.cache_clear()
