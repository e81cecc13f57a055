"""Text as the planner sees it: spans of one language and speed, with pauses between them.

Plain text is one span; an SSML document is many (see `model_layer.text.ssml`).
Consecutive spans that share a language and a speed, with no boundary between
them, form one `Segment`, which is normalized, sanitized and chunked on its own.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

# Longest pause one <break> may ask for, and the longest run of them in a row:
# more is a mistake or an attempt to buy silence at synthesis prices.
MAX_PAUSE_SECONDS = 10.0

_LEADING_PUNCTUATION = re.compile(
    r"[\s.,;:!?\u2026)\]}\"'\u00bb\u201d\u2019\u3002\u3001\uff01\uff1f]*"
)


@dataclass(frozen=True)
class Span:
    text: str
    lang: str
    speed: float
    # Seconds of silence asked for before this span; None: the usual gap, if any.
    pause_before: float | None = None
    new_chunk: bool = False  # a paragraph, sentence or break starts here
    protected: bool = False  # already the words to say: no normalization, no lexicon
    voice: str | None = None  # SSML <voice name>; None: the request's voice


@dataclass(frozen=True)
class Segment:
    pieces: tuple[tuple[str, bool], ...]  # (text, protected), in order
    lang: str
    speed: float
    pause_before: float | None
    voice: str | None = None  # SSML <voice name>; None: the request's voice


@dataclass(frozen=True)
class SpokenText:
    lang: str  # the language of the whole, reported to the caller
    spans: tuple[Span, ...]
    trailing_pause: float = 0.0  # seconds of silence after the last span

    @property
    def segments(self) -> tuple[Segment, ...]:
        return tuple(group_segments(self.spans))


def plain_text(text: str, lang: str, speed: float) -> SpokenText:
    return SpokenText(lang, (Span(text, lang, speed),))


def add_pauses(first: float | None, second: float | None) -> float | None:
    """Two pauses in a row (e.g. around an empty span) add up, within the cap."""
    if first is None or second is None:
        return second if first is None else first
    return min(first + second, MAX_PAUSE_SECONDS)


def group_segments(spans: Iterable[Span]) -> list[Segment]:
    segments: list[Segment] = []
    for span in spans:
        text = span.text
        if segments and not span.new_chunk:
            last = segments[-1]
            if last.voice != span.voice:
                # Chunks never mix voices: another voice is another segment, always.
                segments.append(
                    Segment(
                        ((text, span.protected),),
                        span.lang,
                        span.speed,
                        span.pause_before,
                        span.voice,
                    )
                )
                continue
            if (last.lang, last.speed) != (span.lang, span.speed):
                # Punctuation that closes the previous words ("!", ", and") stays with
                # them: alone at the start of a chunk it would be read as a sound.
                closing = _LEADING_PUNCTUATION.match(text).group()
                if closing.strip():
                    segments[-1] = _extended(last, (closing, True))
                    text = text[len(closing) :]
                if not text.strip():
                    continue
            else:
                segments[-1] = _extended(last, (text, span.protected))
                continue
        segments.append(
            Segment(((text, span.protected),), span.lang, span.speed, span.pause_before, span.voice)
        )
    return segments


def _extended(segment: Segment, piece: tuple[str, bool]) -> Segment:
    return Segment(
        (*segment.pieces, piece), segment.lang, segment.speed, segment.pause_before, segment.voice
    )
