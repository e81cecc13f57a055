"""The recipe for a new language (docs/languages.md, "Add a language"), followed for a toy
one: a folder `langs/<code>/` with its spec, its words as data files, and golden rows. The
test builds it in a temporary directory and reads the golden rows through the same loader
the real languages go through, so the recipe cannot drift from the code."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from model_layer.text import langs
from model_layer.text.langs import data, language_module

TOY_SPEC = '''\
"""Toy: a language made up for the recipe's test."""

from model_layer.text.langs import data
from model_layer.text.langs.engine import Currency, Language, LanguageSpec
from model_layer.text.langs.forms import word

_DIGITS = data.words("xx", "digits")


def cardinal(digits: str) -> str | None:
    """Toy numbers are said digit by digit."""
    return " ".join(_DIGITS[int(d)] for d in digits) if digits.isdigit() else None


SPEC = LanguageSpec(
    code="xx",
    cardinal=cardinal,
    decimal_word=word("pip"),
    percent=word("persento"),
    months=data.words("xx", "months"),
    currencies={"EUR": Currency(word("eŭro"), word("cendo"))},
    range_word="ĝis",
)
LANGUAGE = Language(SPEC)
normalize = LANGUAGE.normalize
'''
TOY_DATA = {
    "digits": "nul\nunu\ndu\ntri\nkvar\nkvin\nses\nsep\nok\nnaŭ\n",
    "months": "januaro\nfebruaro\nmarto\naprilo\nmajo\njunio\njulio\naŭgusto\nseptembro\n"
    "oktobro\nnovembro\ndecembro\n",
}
TOY_GOLDEN = """category\tinput\texpected\tnote
cardinal\tMi havas 3 pomojn.\tMi havas tri pomojn.\t
cardinal\t42 katoj\tkvar du katoj\t
percent\t15%\tunu kvin persento\t
range\t5-7 tagoj\tkvin ĝis sep tagoj\t
"""


@pytest.fixture()
def toy_language(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):  # type: ignore[no-untyped-def]
    folder = tmp_path / "xx"
    (folder / "data").mkdir(parents=True)
    (folder / "__init__.py").write_text(TOY_SPEC, encoding="utf-8")
    for name, text in TOY_DATA.items():
        (folder / "data" / f"{name}.tsv").write_text(text, encoding="utf-8")
    (tmp_path / "xx.tsv").write_text(TOY_GOLDEN, encoding="utf-8")
    # What the recipe's steps do to the tree, done to this temporary one: the folder is
    # found by its code, its data beside it, and the code is one the function accepts.
    monkeypatch.setattr(langs, "__path__", [*langs.__path__, str(tmp_path)])
    monkeypatch.setattr(langs, "ALL_LANGUAGE_CODES", (*langs.ALL_LANGUAGE_CODES, "xx"))
    monkeypatch.setattr(data, "LANGS", tmp_path)
    language_module.cache_clear()
    data.rows.cache_clear()
    yield tmp_path
    language_module.cache_clear()
    data.rows.cache_clear()
    sys.modules.pop("model_layer.text.langs.xx", None)


def test_a_toy_language_built_by_the_recipe_reads_its_golden_rows(toy_language: Path) -> None:
    module = language_module("xx")
    assert module is not None
    rows = [
        line.split("\t")
        for line in (toy_language / "xx.tsv").read_text(encoding="utf-8").splitlines()[1:]
    ]
    assert rows
    for _category, written, expected, _note in rows:
        assert module.normalize(written) == expected
    assert {("xx", "digits"), ("xx", "months")} <= data.READ


def test_the_recipe_is_documented_where_a_newcomer_looks() -> None:
    recipe = (Path(__file__).resolve().parents[2] / "docs" / "languages.md").read_text("utf-8")
    for step in ("langs/<code>/__init__.py", "data/", "tests/model_layer/golden/<code>.tsv",
                 "model_layer/constants.py"):  # fmt: skip
        assert step in recipe, step
