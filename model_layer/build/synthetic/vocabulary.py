"""The synthetic unicode indexer: which BMP codepoints get a token id.

The ranges are whole Unicode blocks rather than "assigned characters only", so the
table never depends on the `unicodedata` version of the Python that generated it.
They cover what the reference text preparation can emit for the 31 languages: it
applies NFKD first, so accented Latin letters arrive as base letter + combining mark
and Hangul syllables arrive as conjoining jamo. Everything else (controls, Hebrew,
Thai, dingbats U+2600-U+27BF, private use, Hangul syllables themselves) stays -1 so
that callers meet unsupported characters exactly as with the published table.
"""

from __future__ import annotations

from model_layer.constants import INDEXER_SIZE

UNSUPPORTED = -1

# Inclusive codepoint ranges, ascending and disjoint; ids are dense in this order.
SUPPORTED_RANGES: tuple[tuple[int, int], ...] = (
    (0x0020, 0x007E),  # ASCII printable: space, letters, digits, punctuation, < > /
    (0x00A0, 0x00FF),  # Latin-1 Supplement
    (0x0100, 0x024F),  # Latin Extended-A and -B
    (0x02B0, 0x02FF),  # Spacing modifier letters (NFKD output of some letters)
    (0x0300, 0x036F),  # Combining diacritical marks (NFKD output of accented letters)
    (0x0370, 0x03FF),  # Greek and Coptic
    (0x0400, 0x052F),  # Cyrillic and Cyrillic Supplement
    (0x0600, 0x06FF),  # Arabic
    (0x0900, 0x097F),  # Devanagari
    (0x1100, 0x11FF),  # Hangul Jamo (NFKD output of Hangul syllables)
    (0x1E00, 0x1EFF),  # Latin Extended Additional (Vietnamese)
    (0x1F00, 0x1FFF),  # Greek Extended
    (0x2000, 0x206F),  # General punctuation (ellipsis, dashes, quotes)
    (0x20A0, 0x20CF),  # Currency symbols
    (0x3000, 0x303F),  # CJK symbols and punctuation
    (0x3040, 0x30FF),  # Hiragana and Katakana
    (0x4E00, 0x9FFF),  # CJK unified ideographs
    (0xFF00, 0xFFEF),  # Halfwidth and fullwidth forms
)


def build_indexer() -> list[int]:
    """Codepoint -> token id for all 65,536 BMP codepoints, -1 where unsupported."""
    table = [UNSUPPORTED] * INDEXER_SIZE
    next_id = 0
    for first, last in SUPPORTED_RANGES:
        for codepoint in range(first, last + 1):
            table[codepoint] = next_id
            next_id += 1
    return table


def vocab_size() -> int:
    """Number of token ids, i.e. rows of each character embedding table."""
    return sum(last - first + 1 for first, last in SUPPORTED_RANGES)
