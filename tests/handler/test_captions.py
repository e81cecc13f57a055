"""Captions from /v1/speech/marks: WebVTT and SRT that a strict parser accepts, cues in
order, never overlapping, inside the audio, at most two 42-character lines, the text as the
reader wrote it, speakers as <v Name>; and Amazon Polly's speech-mark lines with byte offsets."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from tests.handler.conftest import url_event
from tests.infra.captions import parse_cues

TEXT = (
    "Dr. Smith paid $1,250.50 on 3/14 for the new equipment. "
    "This second sentence is deliberately much longer than one caption line can hold, so "
    "that it must be split into more than one cue by the caption writer, never overlapping. "
    "Ünïcödé text — with a dash — ends it."
)


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


def test_vtt_word_timestamps_are_inside_their_cues_and_said_to_be_estimates(invoke: Any) -> None:
    document = _marks(invoke, text=TEXT, format="vtt", word_marks=True)["body"]
    assert "NOTE Word timings (the inline timestamps) are estimated" in document
    plain = _marks(invoke, text=TEXT, format="vtt")["body"]
    assert "estimated" not in plain and not re.search(r"<\d\d:", plain)
    cues = parse_cues(document, "vtt")  # strict: inside the cue, increasing
    assert len(re.findall(r"<\d\d:\d\d:\d\d\.\d{3}>", document)) >= 20
    # Taken out, the words are the same cues as without them.
    assert cues == parse_cues(plain, "vtt")


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
