"""A strict reader of WebVTT and SRT for the tests: every block well formed, cue times in
order and never overlapping, at most two lines a cue, and a VTT's inline word timestamps
(`<hh:mm:ss.mmm>`) increasing and strictly inside their cue; anything else fails the test.
Returns the cues with the timestamps taken out of the text."""

from __future__ import annotations

import html
import re

_TIME = r"(\d{2}):([0-5]\d):([0-5]\d)[.,](\d{3})"


def _seconds(match: re.Match[str]) -> float:
    hours, minutes, seconds, millis = (int(g) for g in match.groups())
    return hours * 3600 + minutes * 60 + seconds + millis / 1000


def parse_cues(document: str, kind: str) -> list[tuple[float, float, list[str]]]:
    """A strict reader: every block well formed, or the test fails."""
    blocks = document.strip("\n").split("\n\n")
    if kind == "vtt":
        assert blocks[0] == "WEBVTT", blocks[0]
        blocks = [b for b in blocks[1:] if not b.startswith("NOTE")]
    separator = "." if kind == "vtt" else ","
    timing = re.compile(rf"{_TIME} --> {_TIME}".replace("[.,]", re.escape(separator)))
    found = []
    for number, block in enumerate(blocks, 1):
        lines = block.split("\n")
        if kind == "srt":
            assert lines[0] == str(number), block
            lines = lines[1:]
        match = timing.fullmatch(lines[0])
        assert match, f"bad timing line {lines[0]!r}"
        start = _seconds(re.match(_TIME, match.group(0)))  # type: ignore[arg-type]
        end = _seconds(re.search(_TIME + "$", match.group(0)))  # type: ignore[arg-type]
        text = lines[1:]
        assert 1 <= len(text) <= 2, block
        assert start < end, block
        if found:
            assert found[-1][1] <= start, f"cues overlap: {found[-1]} and {block!r}"
        if kind == "vtt":
            text = [_strip_inline_times(line, start, end) for line in text]
            inline = [_seconds(m) for m in re.finditer(_INLINE, block)]
            assert inline == sorted(inline), f"inline timestamps out of order: {block!r}"
        assert all(len(line) <= 42 for line in text), block
        found.append((start, end, text))
    return found


_INLINE = r"<" + _TIME + r">"


def _strip_inline_times(line: str, start: float, end: float) -> str:
    for match in re.finditer(_INLINE, line):
        assert start < _seconds(match) < end, f"inline timestamp outside its cue: {line!r}"
    return html.unescape(re.sub(r"<[^>]*>", "", line))
