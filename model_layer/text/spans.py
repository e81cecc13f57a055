"""Text as the planner sees it: spans of one language and speed, with pauses between them.

Plain text is one span; an SSML document is many (see `model_layer.text.ssml`).
Consecutive spans that share a language and a speed, with no boundary between
them, form one `Segment`, which is normalized, sanitized and chunked on its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

# Longest pause one <break> may ask for, and the longest run of them in a row:
# more is a mistake or an attempt to buy silence at synthesis prices.
MAX_PAUSE_SECONDS = 10.0


@dataclass(frozen=True)
class Span:
    text: str
    lang: str
    speed: float
    # Seconds of silence asked for before this span; None: the usual gap, if any.
    pause_before: float | None = None
    new_chunk: bool = False  # a paragraph, sentence or break starts here
    protected: bool = False  # already the words to say: no normalization, no lexicon


@dataclass(frozen=True)
class Segment:
    pieces: tuple[tuple[str, bool], ...]  # (text, protected), in order
    lang: str
    speed: float
    pause_before: float | None


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
        last = segments[-1] if segments else None
        piece = (span.text, span.protected)
        if (
            last is not None
            and not span.new_chunk
            and (last.lang, last.speed)
            == (
                span.lang,
                span.speed,
            )
        ):
            segments[-1] = Segment((*last.pieces, piece), last.lang, last.speed, last.pause_before)
        else:
            segments.append(Segment((piece,), span.lang, span.speed, span.pause_before))
    return segments
