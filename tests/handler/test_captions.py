"""Captions from /v1/speech/marks: WebVTT and SRT that a strict parser accepts, cues in
order, never overlapping, inside the audio, at most two 42-character lines, the text as the
reader wrote it, speakers as <v Name>; and Amazon Polly's speech-mark lines with byte offsets."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.handler.conftest import url_event

TEXT = (
    "Dr. Smith paid $1,250.50 on 3/14 for the new equipment. "
    "This second sentence is deliberately much longer than one caption line can hold, so "
    "that it must be split into more than one cue by the caption writer, never overlapping. "
    "Ünïcödé text — with a dash — ends it."
)
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
        found.append((start, end, text))
    return found


def _marks(invoke: Any, **body: Any) -> dict[str, Any]:
    answer = invoke(url_event("POST", "/v1/speech/marks", {"lang": "en", "seed": 1, **body}))
    assert answer["statusCode"] == 200, answer["body"][:400]
    return answer


@pytest.mark.parametrize("kind", ["vtt", "srt"])
def test_captions_parse_and_fit_the_audio(invoke: Any, kind: str) -> None:
    answer = _marks(invoke, text=TEXT, format=kind)
    assert answer["headers"]["content-type"].startswith(
        "text/vtt" if kind == "vtt" else "application/x-subrip"
    )
    duration = json.loads(_marks(invoke, text=TEXT)["body"])["duration_seconds"]
    cues = parse_cues(answer["body"], kind)
    assert len(cues) >= 4  # three sentences, the long one over two cues
    previous_end = 0.0
    for start, end, lines in cues:
        assert previous_end <= start < end <= duration + 0.001
        assert all(len(line) <= 42 for line in lines)
        previous_end = end
    written = " ".join(" ".join(lines) for _, _, lines in cues)
    assert "$1,250.50" in written and "Dr. Smith" in written and "Ünïcödé" in written
    assert "twelve" not in written  # what the reader wrote, not the normalized words


def test_vtt_names_the_speakers(invoke: Any) -> None:
    script = [
        {"voice": "M1", "text": "Welcome to the show."},
        {"voice": "F2", "text": "Thanks for having me."},
    ]
    document = _marks(invoke, script=script, format="vtt")["body"]
    assert "<v M1>Welcome to the show.</v>" in document
    assert "<v F2>Thanks for having me.</v>" in document


def test_polly_speech_marks(invoke: Any) -> None:
    text = "Héllo wörld. Second one."
    body = _marks(invoke, text=text, format="polly")["body"]
    lines = [json.loads(line) for line in body.strip().split("\n")]
    assert {line["type"] for line in lines} == {"sentence", "word"}
    raw = text.encode("utf-8")
    for line in lines:
        assert set(line) == {"time", "type", "start", "end", "value"}
        assert raw[line["start"] : line["end"]].decode("utf-8") == line["value"]
    times = [line["time"] for line in lines]
    assert times == sorted(times)
    # A sentence mark is a chunk (here both short sentences); its offsets count bytes.
    assert lines[0] == {
        "time": 0,
        "type": "sentence",
        "start": 0,
        "end": 26,
        "value": text,
    }


def test_json_marks_stay_the_default_and_an_unknown_format_is_a_400(invoke: Any) -> None:
    document = json.loads(_marks(invoke, text=TEXT)["body"])
    assert {"marks", "duration_seconds", "seed", "language"} <= set(document)
    # The /v1/speech body as it is (its audio format) still answers JSON marks.
    as_speech = json.loads(_marks(invoke, text=TEXT, format="mp3")["body"])
    assert as_speech["marks"] == document["marks"]
    bad = invoke(url_event("POST", "/v1/speech/marks", {"text": TEXT, "format": "docx"}))
    assert bad["statusCode"] == 400
    assert json.loads(bad["body"])["error"]["param"].startswith("format")
