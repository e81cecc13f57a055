# ruff: noqa: RUF001  (the test data is multilingual text, look-alike letters included)
"""`sanitize`: unsupported characters are mapped or dropped, never fatal by default."""

from __future__ import annotations

import random

import pytest

from model_layer.text import (
    SanitizedText,
    TextIndexer,
    UnsupportedCharactersError,
    preprocess,
    sanitize,
)
from tests.model_layer.test_text_prepare import make_table


@pytest.fixture(scope="module")
def indexer() -> TextIndexer:
    return TextIndexer(make_table())


def test_supported_text_is_unchanged(indexer: TextIndexer) -> None:
    text = "Hello, world! Ünïcödé 안녕 こんにちは"
    assert sanitize(text, indexer, "en") == SanitizedText(text, ())


def test_drops_and_reports_unsupported(indexer: TextIndexer) -> None:
    result = sanitize("Hello ☃ world ✈", indexer, "en")
    assert result.dropped == (0x2603, 0x2708)
    assert result.text.split() == ["Hello", "world"]


def test_dropped_symbol_between_words_leaves_a_space(indexer: TextIndexer) -> None:
    result = sanitize("fly✈away and ☃☃snow ⌘", indexer, None)
    assert result.text.split() == ["fly", "away", "and", "snow"]
    assert result.dropped == (0x2318, 0x2603, 0x2708)


def test_look_alikes_and_compatibility_forms_are_mapped(indexer: TextIndexer) -> None:
    # U+201C and U+3000 are kept: `preprocess` already turns them into '"' and ' '.
    result = sanitize("a\u2212b \u201ehi\u201c \u2032x\u200by \u3000z \u2022 w", indexer, "en")
    assert result.dropped == ()
    assert result.text == "a-b \"hi\u201c 'xy \u3000z , w"


def test_unsupported_accent_falls_back_to_base_letter(indexer: TextIndexer) -> None:
    # U+1E09 is outside the fixture's ranges, but its NFKD form (c + two marks) is not.
    assert sanitize("\u1e09", indexer, None).text == "\u1e09"
    table = make_table()
    table[0x0327] = -1  # the cedilla mark is unknown to this model
    result = sanitize("fa\u00e7ade", TextIndexer(table), "fr")
    assert result == SanitizedText("facade", ())


def test_every_output_character_is_supported(indexer: TextIndexer) -> None:
    rng = random.Random(5)
    pool = [*map(chr, range(0x20, 0x3000)), "😀", "🇺🇸", "𝐀", "\ufe0f", "\U00020000"]
    text = "".join(rng.choices(pool, k=5000))
    result = sanitize(text, indexer, "en")
    prepared = preprocess(result.text, "en")
    assert all(indexer.supported(ch) for ch in prepared)
    assert list(result.dropped) == sorted(set(result.dropped))


def test_strict_raises_with_codepoints(indexer: TextIndexer) -> None:
    with pytest.raises(UnsupportedCharactersError) as info:
        sanitize("Hello ☃ world ✈", indexer, "en", strict=True)
    assert info.value.codepoints == (0x2603, 0x2708)
    assert "U+2603 '☃'" in str(info.value) and "U+2708 '✈'" in str(info.value)
    assert isinstance(info.value, ValueError)


def test_only_unsupported_characters_give_empty_text(indexer: TextIndexer) -> None:
    result = sanitize("☃✈⌘", indexer, "en")
    assert result.text.strip() == ""
    assert result.dropped == (0x2318, 0x2603, 0x2708)


def test_unknown_language_is_rejected(indexer: TextIndexer) -> None:
    with pytest.raises(ValueError, match="xx"):
        sanitize("hi", indexer, "xx")


def test_long_text_runs(indexer: TextIndexer) -> None:
    rng = random.Random(1)
    pool = [*"abcdefghij ,.", "☃", "é", "가", "\u2212", "😀"]
    text = "".join(rng.choices(pool, k=100_000))
    result = sanitize(text, indexer, "en")
    assert result.dropped == (0x2603, 0x1F600)
    assert len(result.text) > 80_000
