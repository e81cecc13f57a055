"""Speech marks from a plan alone: when each chunk's speech starts and ends, and which
characters of the request's text it reads, without synthesizing anything.

Timings are exact: `Synthesizer.stream` yields, per chunk, the planned silence before it
and then exactly `chunk_samples` samples, so the plan fixes every boundary. Text offsets
come from aligning each chunk (cut from the spoken, normalized text) with the request's
text (markup removed), one chunk at a time in a window around where the previous one
ended; the alignment is local, so its cost grows linearly with the text.

Word marks are estimates: a sentence's time spread over its characters (of the request's
text, as written), so a word's share is its share of the sentence's characters.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from difflib import SequenceMatcher

from model_layer.synthesizer import SpeechPlan

# Words for estimated marks: runs of letters/digits, with inner apostrophes, hyphens and
# the separators of numbers and times ("don't", "20.50", "7:45", "1,000", "24/7").
_WORD = re.compile(r"\w+(?:['\u2019\-.,:/]\w+)*")
# Scripts written without spaces: each character is a word for the estimate.
_UNSPACED = re.compile(r"[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]")
# A chunk's start is found by aligning its first _HEAD_CHARS spoken characters with the
# request's text near where it should be; a match of fewer than _MIN_ANCHOR characters
# is no evidence. _WINDOW_SLACK: extra characters searched, as normalization can make
# text longer ("$20" -> "twenty dollars") or shorter.
_HEAD_CHARS = 40
_MIN_ANCHOR = 3
_WINDOW_SLACK = 60
# A written word ("1,250,000", "https://…" is longer, but is never cut inside) for
# `_word_start`: farther back than this, a start is left where the alignment put it.
_MAX_WORD_CHARS = 24


@dataclass(frozen=True)
class Mark:
    type: str  # "sentence" or "word"
    text: str  # the request's characters [text_start, text_end)
    start: float  # seconds into the audio
    end: float
    text_start: int
    text_end: int
    estimated: bool = False
    duration_capped: bool = False  # sentence marks: the guard replaced its duration
    voice: str | None = None  # the speaker: its SSML <voice> (or script line); None: the request's


@dataclass(frozen=True)
class SpeechMarks:
    language: str
    duration_seconds: float
    seed: int
    source_text: str  # the request's text, markup removed: what offsets point into
    marks: tuple[Mark, ...]


def chunk_times(plan: SpeechPlan) -> list[tuple[float, float]]:
    """(start, end) seconds of each chunk's speech in the audio `stream()` yields."""
    times = []
    position = 0
    for index, chunk in enumerate(plan.chunks):
        position += chunk.silence_before_samples
        start = position
        position += plan.chunk_samples(index)
        times.append((start / plan.sample_rate, position / plan.sample_rate))
    return times


def _find_head(source: str, head: str, lo: int, hi: int, cut_after: str = "") -> int | None:
    """Where in source[lo:hi] the text `head` (the spoken start of a chunk) begins: the
    first character aligned with it, moved back by the spoken characters before it.

    Spoken words before the anchor can be many more than the written characters they
    came from ("2024" is "twenty twenty-four"), so going back by their count can land
    inside an earlier number. When the previous chunk was cut after punctuation
    (`cut_after`), the chunk starts after the last such mark (and its space) before the
    anchor: the cut was made there, and a mark is written the same in both texts."""
    matcher = SequenceMatcher(None, source[lo:hi], head, autojunk=False)
    blocks = [block for block in matcher.get_matching_blocks() if block.size >= _MIN_ANCHOR]
    if not blocks:
        return None
    anchor, before = lo + blocks[0].a, blocks[0].b
    if before == 0:
        return anchor
    if cut_after and not cut_after.isalnum():
        mark = source.rfind(cut_after, lo - 1, anchor)
        if mark >= 0 and (mark + 1 == len(source) or source[mark + 1].isspace()):
            return mark + 1
    return anchor - before


def _word_start(text: str, position: int, floor: int) -> int:
    """`position`, or the start of the word it falls inside: chunks are cut between words,
    so a start inside one ("10:3|0") is an alignment error. Not past `floor` (the previous
    chunk's start), and not far: text written without spaces has no word starts to find."""
    if position >= len(text) or text[position - 1].isspace() or text[position].isspace():
        return position
    space = max(text.rfind(" ", floor + 1, position), text.rfind("\n", floor + 1, position))
    return space + 1 if space >= 0 and position - space <= _MAX_WORD_CHARS else position


def _skip_space(text: str, position: int, stop: int) -> int:
    while position < stop and text[position].isspace():
        position += 1
    return position


def _trim_space(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1].isspace():
        end -= 1
    return end


def _segment_spans(source: str, spoken: str, chunks: list[str]) -> list[tuple[int, int]]:
    """[start, end) in `source` of each chunk cut from `spoken` (its normalized form):
    each chunk starts where the next one's head aligns, searched near where the ratio of
    the two texts' lengths puts it; the first starts at the text's start, the last ends
    at its end."""
    ratio = len(source) / max(1, len(spoken))
    starts = [_skip_space(source, 0, len(source))]
    for previous, chunk in itertools.pairwise(chunks):
        expected = starts[-1] + len(previous) * ratio
        lo = min(len(source), max(starts[-1] + 1, int(starts[-1] + 0.25 * len(previous) * ratio)))
        hi = min(len(source), int(expected + 0.5 * len(previous) * ratio) + _WINDOW_SLACK)
        cut_after = previous.rstrip()[-1:]
        found = _find_head(source, chunk[:_HEAD_CHARS], lo, hi, cut_after)
        start = round(expected) if found is None else found
        start = _word_start(source, min(max(start, starts[-1] + 1), len(source)), starts[-1])
        starts.append(_skip_space(source, start, len(source)))
    ends = [*starts[1:], len(source)]
    return [
        (start, _trim_space(source, start, end)) for start, end in zip(starts, ends, strict=True)
    ]


def sentence_spans(plan: SpeechPlan) -> list[tuple[int, int]]:
    """Per chunk, its [start, end) in the request's text (markup removed)."""
    spans: list[tuple[int, int]] = []
    base = 0
    for number, (source, spoken) in enumerate(plan.segment_texts):
        texts = [chunk.text for chunk in plan.chunks if chunk.segment == number]
        if texts:
            spans.extend((base + a, base + b) for a, b in _segment_spans(source, spoken, texts))
        base += len(source)
    return spans


def _words(text: str, start: int, end: int) -> list[tuple[int, int]]:
    """[start, end) of each word in text[start:end]; in scripts written without spaces,
    of each character."""
    words = []
    for match in _WORD.finditer(text, start, end):
        if _UNSPACED.search(match.group()):
            words.extend((i, i + 1) for i in range(match.start(), match.end()))
        else:
            words.append(match.span())
    return words


def speech_marks(plan: SpeechPlan, *, word_marks: bool = False) -> SpeechMarks:
    source_text = "".join(source for source, _ in plan.segment_texts)
    marks: list[Mark] = []
    for chunk, (start, end), (text_start, text_end) in zip(
        plan.chunks, chunk_times(plan), sentence_spans(plan), strict=True
    ):
        marks.append(
            Mark(
                "sentence",
                source_text[text_start:text_end],
                round(start, 6),
                round(end, 6),
                text_start,
                text_end,
                duration_capped=chunk.duration_capped,
                voice=chunk.voice,
            )
        )
        if not word_marks or text_end <= text_start:
            continue
        per_char = (end - start) / (text_end - text_start)
        for word_start, word_end in _words(source_text, text_start, text_end):
            marks.append(
                Mark(
                    "word",
                    source_text[word_start:word_end],
                    round(start + (word_start - text_start) * per_char, 6),
                    round(start + (word_end - text_start) * per_char, 6),
                    word_start,
                    word_end,
                    estimated=True,
                    voice=chunk.voice,
                )
            )
    return SpeechMarks(
        language=plan.lang,
        duration_seconds=round(plan.duration_seconds, 6),
        seed=plan.seed,
        source_text=source_text,
        marks=tuple(marks),
    )
