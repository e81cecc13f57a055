"""Speech marks as captions: WebVTT and SRT cues, and Amazon Polly's speech-mark lines.

Cue text is what the reader wrote (the marks' text is the request's characters), wrapped at
42 characters, at most two lines per cue (the usual broadcast rule): a longer sentence is
split at word boundaries into several cues, its time shared by their characters. Cues never
overlap and stay inside the audio. A cue of another voice (SSML <voice>, a script line) names
its speaker, as WebVTT's `<v Name>`.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, replace

from model_layer.marks import Mark, SpeechMarks

LINE_CHARS = 42
LINES_PER_CUE = 2
CAPTION_FORMATS = ("vtt", "srt", "polly")


@dataclass(frozen=True)
class Cue:
    start: float
    end: float
    lines: tuple[str, ...]
    voice: str | None = None
    # Per line, the estimated start of each word after the cue's first (WebVTT's inline
    # timestamps); empty when the marks have no word marks.
    word_starts: tuple[tuple[float | None, ...], ...] = ()


def cues(marks: SpeechMarks) -> list[Cue]:
    """The sentence marks as cues of at most two 42-character lines, in order, never
    overlapping."""
    found: list[Cue] = []
    words = [mark for mark in marks.marks if mark.type == "word"]
    for mark in marks.marks:
        if mark.type != "sentence" or not mark.text.strip():
            continue
        # Not at hyphens: a line's tokens stay the sentence's whitespace-separated tokens,
        # which the word timestamps are matched to.
        lines = textwrap.wrap(
            " ".join(mark.text.split()), LINE_CHARS, break_long_words=True, break_on_hyphens=False
        )
        groups = [lines[i : i + LINES_PER_CUE] for i in range(0, len(lines), LINES_PER_CUE)]
        total = sum(len(" ".join(group)) for group in groups)
        tokens = _token_starts(mark, words) if words else None
        position = [0, 0]
        start = mark.start
        for group in groups:
            share = len(" ".join(group)) / total if total else 1.0
            end = min(mark.end, start + (mark.end - mark.start) * share)
            starts: tuple[tuple[float | None, ...], ...] = ()
            if tokens is not None:
                starts = tuple(
                    tuple(_clamped(value, start, end) for value in line)
                    for line in _line_word_starts(group, tokens, position)
                )
            found.append(Cue(start, end, tuple(group), mark.voice, starts))
            start = end
    # Rounding to milliseconds must not make neighbours overlap.
    for index in range(1, len(found)):
        previous, cue = found[index - 1], found[index]
        if cue.start < previous.end:
            found[index] = replace(cue, start=previous.end, end=max(previous.end, cue.end))
    return found


def _token_starts(sentence: Mark, words: Sequence[Mark]) -> list[tuple[int, float | None]]:
    """(length, estimated start) of each whitespace-separated token of a sentence: the
    start of the first word mark inside the token (a token such as "—" holds none: None)."""
    inside = [w for w in words if sentence.text_start <= w.text_start < sentence.text_end]
    found: list[tuple[int, float | None]] = []
    for token in re.finditer(r"\S+", sentence.text):
        low = sentence.text_start + token.start()
        high = sentence.text_start + token.end()
        found.append(
            (
                len(token.group()),
                next((w.start for w in inside if low <= w.text_start < high), None),
            )
        )
    return found


def _line_word_starts(
    lines: Sequence[str], tokens: list[tuple[int, float | None]], position: list[int]
) -> tuple[tuple[float | None, ...], ...]:
    """Per line, each token's start, matched to the sentence's tokens by the characters
    consumed (the wrap keeps their order; a word longer than a line is cut into pieces,
    and only its first piece gets its time). `position`: [token index, characters used]."""
    result = []
    for line in lines:
        starts: list[float | None] = []
        for piece in line.split():
            index, used = position
            if index >= len(tokens):
                starts.append(None)
                continue
            length, start = tokens[index]
            starts.append(start if used == 0 else None)
            used += len(piece)
            position[:] = [index + 1, 0] if used >= length else [index, used]
        result.append(tuple(starts))
    return tuple(result)


def _clamped(value: float | None, low: float, high: float) -> float | None:
    """WebVTT's inline timestamps lie strictly inside their cue."""
    return None if value is None or value >= high else max(value, low)


def _timestamp(seconds: float, separator: str) -> str:
    millis = max(0, round(seconds * 1000))
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    secs, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{secs:02d}{separator}{millis:03d}"


def _escape_vtt(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def to_vtt(marks: SpeechMarks) -> str:
    """A WebVTT document of sentence cues (exact: the plan fixes every chunk's time); with
    word marks, each word after a cue's first carries its estimated start as an inline
    timestamp (karaoke-style highlighting), and the header says they are estimates."""
    blocks = ["WEBVTT", "NOTE Sentence cues, timed exactly from the synthesis plan."]
    if any(mark.type == "word" for mark in marks.marks):
        blocks.append(
            "NOTE Word timings (the inline timestamps) are estimated: each sentence's time "
            "shared by its characters."
        )
    for cue in cues(marks):
        last = [cue.start]
        text = "\n".join(
            _vtt_line(line, cue.word_starts[number] if cue.word_starts else (), last)
            for number, line in enumerate(cue.lines)
        )
        if cue.voice is not None:
            text = f"<v {_escape_vtt(cue.voice)}>{text}</v>"
        timing = f"{_timestamp(cue.start, '.')} --> {_timestamp(cue.end, '.')}"
        blocks.append(f"{timing}\n{text}")
    return "\n\n".join(blocks) + "\n"


def _vtt_line(line: str, starts: Sequence[float | None], last: list[float]) -> str:
    """`line` escaped, with `<hh:mm:ss.mmm>` before each word whose start is known and
    later than the last one given (WebVTT requires inline timestamps inside the cue, in
    increasing order). `last`: [the cue's start, then the latest timestamp written]."""
    if not starts:
        return _escape_vtt(line)
    out: list[str] = []
    for token, start in zip(line.split(), starts, strict=True):
        if start is not None and round(start * 1000) > round(last[0] * 1000):
            out.append(f"<{_timestamp(start, '.')}>{_escape_vtt(token)}")
            last[0] = start
        else:
            out.append(_escape_vtt(token))
    return " ".join(out)


def to_srt(marks: SpeechMarks) -> str:
    blocks = []
    for number, cue in enumerate(cues(marks), 1):
        timing = f"{_timestamp(cue.start, ',')} --> {_timestamp(cue.end, ',')}"
        blocks.append(f"{number}\n{timing}\n" + "\n".join(cue.lines))
    return "\n\n".join(blocks) + ("\n" if blocks else "")


def to_polly(marks: SpeechMarks, source: str | None = None) -> str:
    """Amazon Polly's speech marks: one JSON object a line, `time` in milliseconds, `start`
    and `end` as byte offsets (UTF-8) into the text, `value` the text itself. For SSML the
    offsets are into the text with its markup removed (Polly's are into the SSML)."""
    text = marks.source_text if source is None else source
    lines = []
    for mark in _ordered(marks.marks):
        start = len(text[: mark.text_start].encode("utf-8"))
        end = start + len(text[mark.text_start : mark.text_end].encode("utf-8"))
        document = {
            "time": round(mark.start * 1000),
            "type": mark.type,
            "start": start,
            "end": end,
            "value": mark.text,
        }
        lines.append(json.dumps(document, ensure_ascii=False))
    return "\n".join(lines) + ("\n" if lines else "")


def _ordered(marks: Sequence[Mark]) -> list[Mark]:
    return sorted(marks, key=lambda mark: (mark.start, mark.type != "sentence"))
