"""Split long text into chunks short enough for the model to read reliably.

The model skips or repeats words on long inputs: measured far fewer errors at
<= ~160 characters per chunk than at the reference's 300. Text is cut at
paragraphs, then sentences, then clause punctuation, then spaces, and only as
a last resort inside a word, so that no chunk exceeds the limit and no
character is lost (chunks differ from the input only in whitespace).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Collection, Iterator
from itertools import pairwise

from model_layer.text.tags import TAG

DEFAULT_MAX_CHARS = 160
# Hangul packs about a syllable of speech into each character, so 120 of them
# take as long to say as ~160 Latin letters (the reference also shortens ko).
# Japanese is denser still: a kanji often stands for two or more morae, and a
# typical kanji/kana mix is spoken at ~6-8 characters per second, so 100
# characters are ~13-16 s of audio, the same as 160 Latin characters.
_MAX_CHARS_BY_LANG = {"ko": 120, "ja": 100}
MIN_MAX_CHARS = 10  # below this the model has too little context to sound natural

_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")
_WHITESPACE = re.compile(r"\s+")

# A run of terminal punctuation plus any closing quotes or brackets. Western,
# Hindi and Arabic marks end a sentence only before whitespace (so "3.5" and
# "a.m." stay whole); CJK marks need no space after them.
# A match starts only where a run starts (the lookbehind) and never gives characters
# back (possessive `++`, `*+`): otherwise a run of n marks not followed by a space is
# rescanned from each of its n positions, O(n^2) (20,000 "." took minutes).
_SENTENCE_END = re.compile(
    r"(?<![.!?…।؟])[.!?…।؟]++[\"'\u201d\u2019»)\]]*+(?=\s)"
    r"|[。\uff01\uff1f]+[\"'\u201d\u2019」』\uff09)]*"
)
# From the reference's chunker: a period after these does not end a sentence.
_ABBREVIATIONS = frozenset((
    "Mr.", "Mrs.", "Ms.", "Dr.", "Prof.", "Sr.", "Jr.", "Ph.D.", "etc.", "e.g.", "i.e.", "vs.",
    "Inc.", "Ltd.", "Co.", "Corp.", "St.", "Ave.", "Blvd.",
))  # fmt: skip
_INITIAL = re.compile(r"(?<!\w)[^\W\d_]\.$")  # "J." in "J. R. R. Tolkien", "S." in "U.S."
_CLAUSE_END = re.compile(r"[,;:](?=\s)|[—\u2013、\uff0c\uff1b\uff1a]")
_SPACE = re.compile(r" ")
_SHORT_WORD_PENALTY = 20
_MAX_COMBINING_BACKOFF = 32  # more combining marks than this on one letter is not text
_PHRASE_END = re.compile(
    r"[.!?…।؟。\uff01\uff1f,;:—\u2013、\uff0c\uff1b\uff1a][\"'\u201d\u2019»)\]」』\uff09]*\s*$"
)

Span = tuple[int, int]

# Expression tags (tags.py) are atomic: never cut inside one, never part one from the
# word it is written against, and one that ends a paragraph stays with its sentence.
_TAG_ONLY_AFTER = re.compile(rf"(?:\s*{TAG.pattern})+[\s.!?…]*")
_TAG_END = re.compile(rf"{TAG.pattern}\s*\Z")


def _parts_tag(text: str, cut: int, end: int) -> bool:
    """Whether a cut at `cut` (in a paragraph ending at `end`) would strand a tag."""
    if _TAG_ONLY_AFTER.fullmatch(text, cut, end):
        return True  # "... funny. <laugh>": the tag ends the sentence before it
    if text[cut : cut + 1] == "<" and TAG.match(text, cut):
        return True
    return text[cut - 2 : cut - 1] == ">" and bool(_TAG_END.search(text, max(0, cut - 20), cut))


def _inside_tag(text: str, cut: int) -> tuple[int, int] | None:
    for m in TAG.finditer(text, max(0, cut - 20), min(len(text), cut + 20)):
        if m.start() < cut < m.end():
            return m.span()
    return None


def default_max_chars(lang: str) -> int:
    return _MAX_CHARS_BY_LANG.get(lang, DEFAULT_MAX_CHARS)


def split_into_chunks(
    text: str,
    lang: str,
    max_chars: int | None = None,
    first_chunk_max_chars: int | None = None,
    first_chunk_min_chars: int | None = None,
    check: Callable[[], None] | None = None,
    *,
    first_clause: bool = False,
    protected: Collection[str] = (),
) -> list[str]:
    """Chunks of at most `max_chars` characters (default per language).

    `first_chunk_max_chars` caps the first chunk lower, so that the first audio
    is ready sooner; it cannot raise the cap above `max_chars`.
    `first_chunk_min_chars` ends the first chunk at the first sentence or clause
    boundary at least that many characters in (a streamed answer's first audio
    is then ready after a clause, not a whole chunk), when there is one within
    `max_chars` that leaves at least as many characters after it. When that first
    sentence or clause runs on past twice the minimum, the first chunk ends instead
    at a space near its middle (within [minimum, twice the minimum], preferably not
    after a short word): the
    first audio waits for at most ~2x the minimum, never for a whole long sentence.
    The rest is chunked as without it. Whitespace runs inside a paragraph become
    single spaces.
    `check` runs before each paragraph and after each chunk is cut (a cancellation
    check that raises when the request's deadline has passed).
    `first_clause` (a streamed answer) instead ends the first chunk at its first clause
    boundary (see `first_clause_end`), never inside one of the `protected` strings (what
    a lexicon said); the rest is chunked as without it.
    """
    limit = default_max_chars(lang) if max_chars is None else max_chars
    first_limit = limit if first_chunk_max_chars is None else min(first_chunk_max_chars, limit)
    if min(limit, first_limit) < MIN_MAX_CHARS:
        raise ValueError(f"chunk limits must be at least {MIN_MAX_CHARS} characters")
    chunks: list[str] = []
    paragraphs = _PARAGRAPH_BREAK.split(text)
    for index, raw in enumerate(paragraphs):
        if check is not None:
            check()
        para = _WHITESPACE.sub(" ", raw).strip()
        start = 0
        cut = None
        if not chunks and first_clause:
            more = any(p.strip() for p in paragraphs[index + 1 :])
            least = _FIRST_CLAUSE_MIN_CHARS_BY_LANG.get(lang, FIRST_CLAUSE_MIN_CHARS)
            cut = first_clause_end(para, first_limit, more, protected, least)
        elif not chunks and first_chunk_min_chars is not None:
            more = any(p.strip() for p in paragraphs[index + 1 :])
            cut = _first_boundary(para, first_chunk_min_chars, first_limit, more)
        if cut is not None:
            chunks.append(para[:cut])
            start = cut
        elif not chunks and first_limit < limit:
            first = _split(para, 0, len(para), first_limit, 0)
            if first:
                chunks.append(para[slice(*first[0])])
                start = first[0][1]
        for a, b in _split(para, start, len(para), limit, 0):
            if check is not None:
                check()
            chunks.append(para[a:b])
    return chunks


def _first_boundary(para: str, min_chars: int, limit: int, more_follows: bool) -> int | None:
    """Where the first chunk of `para` ends: the end of its first sentence or clause
    that is at least `min_chars` and at most `limit` characters long, or, when that
    phrase is longer than twice `min_chars` and more text follows it, a space near its
    middle; the cut leaves at least `min_chars` after it (or another paragraph
    follows). None if there is no such place."""

    def leaves_enough(cut: int) -> bool:
        rest = len(para) - cut
        return rest >= min_chars or (more_follows and rest > 0)

    cuts = sorted({c for level in _LEVELS[:2] for c in level(para, 0, len(para))})
    phrase_end = next((c for c in cuts if c >= min_chars), len(para))
    soft_cap = min(2 * min_chars, limit)
    if phrase_end > soft_cap and (phrase_end < len(para) or more_follows):
        target = max(min_chars, min(min(phrase_end, limit) // 2, soft_cap))
        spaces = (m.start() for m in _SPACE.finditer(para, min_chars, soft_cap + 1))
        word_cuts = [cut for cut in spaces if leaves_enough(cut + 1)]
        if word_cuts:
            return min(word_cuts, key=lambda cut: abs(cut - target) + _ends_weakly(para, cut))
    if phrase_end <= limit and phrase_end < len(para) and leaves_enough(phrase_end):
        return phrase_end
    return None


# A streamed answer's first chunk: what is said before the first clause boundary, at
# least FIRST_CLAUSE_MIN_CHARS long (a lone "Yes," is too little for the model to sound
# natural), at most FIRST_CLAUSE_MAX_WORDS words (text with no clause marks; for scripts
# without spaces, FIRST_CLAUSE_MAX_CHARS characters). A mark ends a clause only where it
# cannot be inside a number or a word: a comma, semicolon or colon (Latin or Arabic)
# before a space, a dash between spaces, or the ideographic comma and the full-width
# comma, semicolon and colon of ja/zh.
# Sentence ends count too (. ! ? … 。 । ؟), as for every chunk.
FIRST_CLAUSE_MIN_CHARS = 8
# Hangul and kana/kanji carry a syllable or more per character (see _MAX_CHARS_BY_LANG).
_FIRST_CLAUSE_MIN_CHARS_BY_LANG = {"ko": 5, "ja": 5}
FIRST_CLAUSE_MAX_WORDS = 12
FIRST_CLAUSE_MAX_CHARS = 40
_FIRST_CLAUSE_END = re.compile(
    r"[,;:\u060c\u061b](?=\s)|(?<=\s)[\u2014\u2013-](?=\s)|[\u3001\uff0c\uff1b\uff1a]"
)


def first_clause_end(
    para: str,
    limit: int,
    more_follows: bool,
    protected: Collection[str] = (),
    min_chars: int = FIRST_CLAUSE_MIN_CHARS,
) -> int | None:
    """Where a streamed answer's first chunk ends in `para`: after its first clause or
    sentence at least `min_chars` long; failing one within the first
    FIRST_CLAUSE_MAX_WORDS words, at the space after them. Never inside an expression tag
    or a `protected` string, never leaving nothing after it (unless another paragraph
    follows); None where there is no such place (the paragraph is then chunked as usual)."""
    guarded = [
        (m.start(), m.end())
        for word in protected
        if len(word) > 1
        for m in re.finditer(re.escape(word), para)
    ]

    def allowed(cut: int) -> bool:
        rest = para[cut:].strip()
        return (
            min_chars <= cut <= limit
            and (bool(rest) or more_follows)
            and cut < len(para)
            and not _parts_tag(para, cut, len(para))
            and _inside_tag(para, cut) is None
            and not any(a < cut < b for a, b in guarded)
        )

    clause_ends = (m.end() for m in _FIRST_CLAUSE_END.finditer(para))
    marks = sorted({*sentence_cuts(para, 0, len(para)), *clause_ends})
    word_limit = _word_limit(para)
    for cut in marks:
        if cut > word_limit:
            break
        if allowed(cut):
            return cut
    if word_limit < len(para) and allowed(word_limit):
        return word_limit
    return None


def _word_limit(para: str) -> int:
    """The offset after FIRST_CLAUSE_MAX_WORDS words (at a space), or after
    FIRST_CLAUSE_MAX_CHARS characters in text written without spaces."""
    spaces = [m.start() for m in _SPACE.finditer(para)]
    if len(spaces) >= FIRST_CLAUSE_MAX_WORDS:
        # The last of the final few words that is no short word leading into the next.
        last = spaces[FIRST_CLAUSE_MAX_WORDS * 2 // 3 - 1 : FIRST_CLAUSE_MAX_WORDS]
        strong = [cut for cut in last if not _ends_weakly(para, cut)]
        return strong[-1] if strong else last[-1]
    if not spaces and len(para) > FIRST_CLAUSE_MAX_CHARS:
        return FIRST_CLAUSE_MAX_CHARS
    return len(para)


def _ends_weakly(text: str, cut: int) -> int:
    """A penalty, in characters of distance, for cutting after a short word: "to", "of",
    "la", "der" mostly lead into what follows, so a pause after them sounds wrong."""
    word_start = text.rfind(" ", 0, cut) + 1
    return _SHORT_WORD_PENALTY if cut - word_start <= 3 else 0


def ends_phrase(chunk: str) -> bool:
    """Whether `chunk` ends at a sentence or clause mark (else it was cut between words)."""
    return bool(_PHRASE_END.search(chunk))


def sentence_cuts(text: str, start: int, end: int) -> Iterator[int]:
    """Where sentences end in text[start:end] (after their marks and closing quotes)."""
    for m in _SENTENCE_END.finditer(text, start, end):
        if m.group()[0] == "." and _is_abbreviation(text, start, m.start() + 1):
            continue
        yield m.end()


def _is_abbreviation(text: str, start: int, period_end: int) -> bool:
    word = text[text.rfind(" ", start, period_end) + 1 : period_end].lstrip("\"'\u201c\u2018«([")
    return word in _ABBREVIATIONS or bool(_INITIAL.search(word) and word[-2].isupper())


def _matches(pattern: re.Pattern[str]) -> Callable[[str, int, int], Iterator[int]]:
    def cuts(text: str, start: int, end: int) -> Iterator[int]:
        return (m.end() for m in pattern.finditer(text, start, end))

    return cuts


clause_cuts = _matches(_CLAUSE_END)  # where clauses end: after "," ";" ":" dashes

# Coarse to fine; a piece too long at one level is split at the next.
_LEVELS: tuple[Callable[[str, int, int], Iterator[int]], ...] = (
    sentence_cuts,
    clause_cuts,
    _matches(_SPACE),
)


def _strip(text: str, start: int, end: int) -> Span:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def _split(text: str, start: int, end: int, limit: int, level: int) -> list[Span]:
    """Greedily pack the pieces between this level's cuts into spans of <= limit."""
    start, end = _strip(text, start, end)
    if end - start <= limit:
        return [(start, end)] if end > start else []
    if level == len(_LEVELS):
        return _hard_cut(text, start, end, limit)
    cuts = _LEVELS[level](text, start, end)
    bounds = [start, *(c for c in cuts if start < c < end and not _parts_tag(text, c, end)), end]
    spans: list[Span] = []
    current: Span | None = None
    for a, b in pairwise(bounds):
        if current is not None:
            merged = _strip(text, current[0], b)
            if merged[1] - merged[0] <= limit:
                current = merged
                continue
            spans.append(current)
            current = None
        piece = _strip(text, a, b)
        if piece[1] - piece[0] <= limit:
            current = piece if piece[1] > piece[0] else None
        else:
            spans.extend(_split(text, a, b, limit, level + 1))
    if current is not None:
        spans.append(current)
    return spans


def _hard_cut(text: str, start: int, end: int, limit: int) -> list[Span]:
    """Cut a run without spaces (a huge word, or CJK text) between characters,
    never between a letter and its combining accent."""
    spans = []
    while end - start > limit:
        cut = start + limit
        # Back off a few characters at most: a run of nothing but combining marks has
        # no letter to keep them with, and backing off through it made one chunk per
        # mark (20,000 chunks for 20,000 marks).
        floor = max(start + 1, cut - _MAX_COMBINING_BACKOFF)
        while cut > floor and unicodedata.combining(text[cut]):
            cut -= 1
        if unicodedata.combining(text[cut]):
            cut = start + limit
        tag = _inside_tag(text, cut)
        if tag is not None:
            cut = tag[0] if tag[0] > start else tag[1]
        spans.append((start, cut))
        start = cut
    spans.append((start, end))
    return spans
