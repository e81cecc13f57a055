"""Normalize long text in bounded blocks, so that its cost is linear in its length.

A language's rules are dozens of regular expressions and small loops, written by
different hands and added to over time. One of them that is quadratic on some
run of characters (spaces before "°C", digits before a counter, a run of "!")
turned 20,000 characters into minutes of work. Each known case is fixed in its
rule; this module makes the whole class impossible instead: the normalizer only
ever sees blocks of at most `BLOCK_CHARS` characters, so whatever a rule does
within a block, the work per character is bounded by a constant.

Blocks end where a reader would pause anyway: after a sentence and the space that
follows it, else after a clause mark, else at a space, and only in a run without
any space (20,000 digits, dots or emoji) between two characters, never between a
letter and its combining mark nor inside an emoji sequence. A sentence is never
cut unless it is longer than `BLOCK_CHARS`, which no ordinary sentence is, so a
rule that reads a few words together ("5 1/2 km", "Dr. Smith") sees them together.

Between blocks the caller's `check` runs: planning stops there when the request's
deadline has passed (`CancelToken.check` raises `SynthesisCancelled`).
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Iterator

from model_layer.text import chunking

# Long enough for any real sentence; short enough that a rule quadratic within its
# block costs milliseconds, not seconds.
BLOCK_CHARS = 500
# A cut found before this share of the window would make blocks tiny: look for a
# weaker kind of cut instead (and every window advances by at least this much).
_MIN_SHARE = 4
# How far a hard cut may move back to keep a grapheme whole; a longer run of
# combining marks or joiners is cut anyway (it has no reading to keep).
_MAX_GRAPHEME_BACKOFF = 32

CancelCheck = Callable[[], None]


def split_blocks(text: str, max_chars: int = BLOCK_CHARS) -> Iterator[str]:
    """Consecutive pieces of `text`, each at most `max_chars` long; joined, they are
    `text` exactly. Linear: each window is scanned once, and it advances by at least
    a quarter of its length."""
    if max_chars < 2 * _MIN_SHARE:
        raise ValueError(f"max_chars must be at least {2 * _MIN_SHARE}")
    start = 0
    while len(text) - start > max_chars:
        cut = _block_end(text, start, start + max_chars)
        yield text[start:cut]
        start = cut
    if start < len(text) or not text:
        yield text[start:]


def _block_end(text: str, start: int, end: int) -> int:
    """Where the block starting at `start` ends, at most `end`."""
    earliest = start + (end - start) // _MIN_SHARE
    for kind in (_sentence_cuts, chunking.clause_cuts):
        cut = None
        for mark_end in kind(text, start, end):
            after = _after_spaces(text, mark_end, end)
            if after < end and not _joins_previous(text, after):
                cut = after
        if cut is not None and cut > earliest:
            return cut
    for pos in range(end - 1, earliest, -1):
        if text[pos].isspace() and not _joins_previous(text, pos + 1):
            return pos + 1
    return _grapheme_boundary(text, start, end)


def _sentence_cuts(text: str, start: int, end: int) -> Iterator[int]:
    """The chunker's sentence ends, less those after a period that may not end one:
    an ordinal or list number ("am 3. Mai", "1. Kapitel") or a short word, which may
    be an abbreviation the chunker's list lacks ("z. B.", "usw.", "Nr.")."""
    for cut in chunking.sentence_cuts(text, start, end):
        mark = cut
        while mark > start and text[mark - 1] in _CLOSERS:
            mark -= 1
        if text[mark - 1] != ".":
            yield cut
            continue
        word_start = mark - 1
        while word_start > start and text[word_start - 1].isalpha():
            word_start -= 1
        word = text[word_start : mark - 1]
        if len(word) >= _MIN_WORD_BEFORE_PERIOD and (
            word_start == start or text[word_start - 1].isspace()
        ):
            yield cut


_CLOSERS = "\"')]}»\u201d\u2019"
_MIN_WORD_BEFORE_PERIOD = 4


def _after_spaces(text: str, pos: int, end: int) -> int:
    """The whitespace after a sentence or clause goes with it, so the next block
    starts with a word."""
    while pos < end and text[pos].isspace():
        pos += 1
    return pos


def _grapheme_boundary(text: str, start: int, end: int) -> int:
    cut = end
    floor = max(start + 1, end - _MAX_GRAPHEME_BACKOFF)
    while cut > floor and _joins_previous(text, cut):
        cut -= 1
    return cut if not _joins_previous(text, cut) else end


def _joins_previous(text: str, pos: int) -> bool:
    """Whether the character at `pos` belongs with the one before it."""
    ch, before = text[pos], text[pos - 1]
    return (
        unicodedata.combining(ch) != 0
        or unicodedata.category(ch) in ("Mn", "Mc", "Me")
        or ch in "\u200d\u200c"
        or before == "\u200d"
        or "\ufe00" <= ch <= "\ufe0f"
        or "\U0001f3fb" <= ch <= "\U0001f3ff"  # skin-tone modifiers
        or "\U000e0020" <= ch <= "\U000e007f"  # tag characters (flag sequences)
        or (_regional(ch) and _regional(before))
    )


def _regional(ch: str) -> bool:
    return "\U0001f1e6" <= ch <= "\U0001f1ff"


def normalize_in_blocks(
    text: str, normalize: Callable[[str], str], check: CancelCheck | None = None
) -> str:
    """`normalize` applied to each block of `text`, `check` before each one."""
    out: list[str] = []
    for block in split_blocks(text):
        if check is not None:
            check()
        out.append(normalize(block))
    return "".join(out)
