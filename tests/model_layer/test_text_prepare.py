# ruff: noqa: RUF001  (the test data is multilingual text, look-alike letters included)
"""`preprocess` and `TextIndexer.encode` against the official supertonic package."""

from __future__ import annotations

import json
import random
from pathlib import Path

import numpy as np
import pytest
from supertonic.core import UnicodeProcessor

from model_layer.constants import ALL_LANGUAGE_CODES, INDEXER_SIZE
from model_layer.text import TextIndexer, preprocess

# Latin, combining marks, Greek, Cyrillic, Arabic, Devanagari, Hangul jamo, CJK
# punctuation and kana, Han, Hangul syllables, and the ellipsis.
SUPPORTED_RANGES = [(0x20, 0x7E), (0xC0, 0x24F), (0x300, 0x36F), (0x370, 0x3FF), (0x400, 0x4FF),
                    (0x600, 0x6FF), (0x900, 0x97F), (0x1100, 0x11FF), (0x3000, 0x30FF),
                    (0x4E00, 0x9FFF), (0xAC00, 0xD7A3), (0x2026, 0x2026)]  # fmt: skip


def make_table() -> list[int]:
    table = [-1] * INDEXER_SIZE
    next_id = 1
    for lo, hi in SUPPORTED_RANGES:
        for code in range(lo, hi + 1):
            table[code] = next_id
            next_id += 1
    return table


@pytest.fixture(scope="module")
def table() -> list[int]:
    return make_table()


@pytest.fixture(scope="module")
def official(table: list[int], tmp_path_factory: pytest.TempPathFactory) -> UnicodeProcessor:
    path = tmp_path_factory.mktemp("indexer") / "unicode_indexer.json"
    path.write_text(json.dumps(table))
    return UnicodeProcessor(str(path))


SAMPLES = [
    "Hello, world",
    "  Hello ,  world !  ",
    "He said “hi” — and ‘left’…",
    "e.g., this; i.e., that @ home",
    "Ünïcödé ñ ç ß ﬁ ① ㎏ Å",
    "emoji 😀 here ☃ ✈ 🇺🇸 flag",
    "a__b [c] |d| /e/ #f → g ← h",
    "♥ love © 2024 \\ back",
    "\"\"double\"\" ''single'' ``tick``",
    "ends with quote'",
    "안녕하세요 세계",
    "こんにちは、世界。",
    "Привет мир",
    "مرحبا بالعالم؟",
    "नमस्ते दुनिया।",
    "Γειά σου κόσμε",
    "tabs\tand\nnewlines\r\n here",
    "",
    "   ",
    "?",
    "Mr. Smith paid $5.50 (approx.) at 3:30 p.m.",
    "‑ non-breaking – en — em ¯ macron ´ acute",
    "x ,y .z !w ?v ;u :t 's",
    "closing 》",
]
ALPHABET = (
    "abcXYZ 019.,!?;:'\"`_-–—[]|/#@\\()…\t\n\u00a0\u3000é\u0301ﬁ①😀☃♥©“”‘’´→←e.g.,i.e.,"
    "가나こカ漢ПрΑα؟।"
)


def random_strings(count: int, seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choices(ALPHABET, k=rng.randint(0, 40))) for _ in range(count)]


@pytest.mark.parametrize("lang", [None, "en", "ko", "ja", "de", "ar", "na"])
def test_preprocess_equals_official(official: UnicodeProcessor, lang: str | None) -> None:
    for text in SAMPLES:
        assert preprocess(text, lang) == official._preprocess_text(text, lang), text


def test_preprocess_equals_official_on_random_strings(official: UnicodeProcessor) -> None:
    for text in random_strings(2000):
        assert preprocess(text, "en") == official._preprocess_text(text, "en"), repr(text)


def test_preprocess_rejects_unknown_language() -> None:
    with pytest.raises(ValueError, match="xx"):
        preprocess("hi", "xx")
    for code in ALL_LANGUAGE_CODES:
        assert preprocess("a", code) == f"<{code}>a.</{code}>"


def test_encode_equals_official(official: UnicodeProcessor, table: list[int]) -> None:
    indexer = TextIndexer(table)
    batches = [SAMPLES[:5], SAMPLES[10:16], ["a"], random_strings(50, seed=3)]
    for batch in batches:
        prepared = [preprocess(t, "en") for t in batch]
        ids, mask = indexer.encode(prepared)
        ref_ids, ref_mask = official(batch, "en")
        assert ids.dtype == np.int64 and mask.dtype == np.float32
        np.testing.assert_array_equal(ids, ref_ids)
        np.testing.assert_array_equal(mask, ref_mask)


def test_encode_shapes_and_unsupported_ids(table: list[int]) -> None:
    indexer = TextIndexer(table)
    ids, mask = indexer.encode(["ab", "abcd", "\u2603"])
    assert ids.shape == (3, 4) and mask.shape == (3, 1, 4)
    assert mask[0, 0].tolist() == [1, 1, 0, 0]
    assert ids[2, 0] == -1  # like the reference; sanitize is the guard


def test_encode_rejects_non_bmp_and_empty_batch(table: list[int]) -> None:
    indexer = TextIndexer(table)
    with pytest.raises(ValueError, match="U\\+1F600"):
        indexer.encode(["a\U0001f600"])
    with pytest.raises(ValueError):
        indexer.encode([])


def test_supported(table: list[int]) -> None:
    indexer = TextIndexer(table)
    assert indexer.supported("a") and indexer.supported("가")
    assert not indexer.supported("\u2603") and not indexer.supported("\U0001f600")


@pytest.mark.parametrize(
    "content",
    ["{}", "[1, 2, 3]", "not json", json.dumps([True] * INDEXER_SIZE), json.dumps(["a"] * 65536)],
)
def test_from_file_names_the_bad_file(tmp_path: Path, content: str) -> None:
    path = tmp_path / "bad_indexer.json"
    path.write_text(content)
    with pytest.raises(ValueError, match=r"bad_indexer\.json"):
        TextIndexer.from_file(path)


def test_from_file_missing_and_valid(tmp_path: Path, table: list[int]) -> None:
    with pytest.raises(ValueError, match=r"missing\.json"):
        TextIndexer.from_file(tmp_path / "missing.json")
    path = tmp_path / "ok.json"
    path.write_text(json.dumps(table))
    assert TextIndexer.from_file(path).supported("a")
