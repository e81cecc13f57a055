"""Speech marks as captions: WebVTT and SRT cues, and Amazon Polly's speech-mark lines.

Cue text is what the reader wrote (the marks' text is the request's characters), wrapped at
42 characters, at most two lines per cue (the usual broadcast rule): a longer sentence is
split at word boundaries into several cues, its time shared by their characters. Cues never
overlap and stay inside the audio. A cue of another voice (SSML <voice>, a script line) names
its speaker, as WebVTT's `<v Name>`.
"""

from __future__ import annotations

import json
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


def cues(marks: SpeechMarks) -> list[Cue]:
    """The sentence marks as cues of at most two 42-character lines, in order, never
    overlapping."""
    found: list[Cue] = []
    for mark in marks.marks:
        if mark.type != "sentence" or not mark.text.strip():
            continue
        lines = textwrap.wrap(" ".join(mark.text.split()), LINE_CHARS, break_long_words=True)
        groups = [lines[i : i + LINES_PER_CUE] for i in range(0, len(lines), LINES_PER_CUE)]
        total = sum(len(" ".join(group)) for group in groups)
        start = mark.start
        for group in groups:
            share = len(" ".join(group)) / total if total else 1.0
            end = min(mark.end, start + (mark.end - mark.start) * share)
            found.append(Cue(start, end, tuple(group), mark.voice))
            start = end
    # Rounding to milliseconds must not make neighbours overlap.
    for index in range(1, len(found)):
        previous, cue = found[index - 1], found[index]
        if cue.start < previous.end:
            found[index] = replace(cue, start=previous.end, end=max(previous.end, cue.end))
    return found


def _timestamp(seconds: float, separator: str) -> str:
    millis = max(0, round(seconds * 1000))
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    secs, millis = divmod(rest, 1000)
    return f"{hours:02d}:{minutes:02d}:{secs:02d}{separator}{millis:03d}"


def _escape_vtt(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def to_vtt(marks: SpeechMarks) -> str:
    """A WebVTT document of sentence cues (exact: the plan fixes every chunk's time)."""
    blocks = ["WEBVTT", "NOTE Sentence cues, timed exactly from the synthesis plan."]
    for cue in cues(marks):
        text = "\n".join(_escape_vtt(line) for line in cue.lines)
        if cue.voice is not None:
            text = f"<v {_escape_vtt(cue.voice)}>{text}</v>"
        timing = f"{_timestamp(cue.start, '.')} --> {_timestamp(cue.end, '.')}"
        blocks.append(f"{timing}\n{text}")
    return "\n\n".join(blocks) + "\n"


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
