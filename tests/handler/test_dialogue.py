"""Several voices in one request: SSML <voice> and the dialogue script, through the real
entry point. Chunk voices follow the markup and never mix; marks name each speaker; an
unknown voice is a 400 (its name counted, not echoed, as every error message treats request
text); 10,000 switches are a 400; levels stay within 1 LU."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import model_layer
from model_layer import EngineSettings
from model_layer.audio.loudness import integrated_loudness
from model_layer.marks import chunk_times
from tests.handler.conftest import url_event

SCRIPT = [
    {"voice": "M1", "text": "Welcome to the show. Today we talk about trains."},
    {"voice": "F2", "text": "Thanks for having me! I love trains, honestly."},
    {"voice": "M3", "text": "Und ich bin der Gast aus Berlin. Guten Tag!", "lang": "de"},
    {"voice": "F2", "text": "Let us start with the fastest ones.", "speed": 1.2},
]


def _post(invoke: Any, path: str, **body: Any) -> dict[str, Any]:
    answer = invoke(url_event("POST", path, {"lang": "en", "seed": 3, **body}))
    assert answer["statusCode"] == 200, answer["body"][:500]
    return answer


def test_a_script_marks_each_speaker(invoke: Any) -> None:
    marks = json.loads(_post(invoke, "/v1/speech/marks", script=SCRIPT)["body"])["marks"]
    sentences = [mark for mark in marks if mark["type"] == "sentence"]
    speakers = [mark["voice"] for mark in sentences]
    # In script order, each line its own chunks: none spans two speakers.
    assert speakers[0] == "M1" and speakers[-1] == "F2"
    collapsed = [v for i, v in enumerate(speakers) if i == 0 or speakers[i - 1] != v]
    assert collapsed == ["M1", "F2", "M3", "F2"]
    by_voice = {mark["voice"]: mark["text"] for mark in sentences}
    assert "Berlin" in by_voice["M3"] and "trains" in by_voice["M1"]
    starts = [mark["start"] for mark in sentences]
    assert starts == sorted(starts)
    audio = _post(invoke, "/v1/speech", script=SCRIPT, format="wav")
    assert audio["headers"]["content-type"] == "audio/wav"


def test_ssml_voice_switches_mid_paragraph_and_nests(invoke: Any) -> None:
    ssml = (
        "<speak><p>The host says hello, <voice name='F1'>the guest answers, "
        "<voice name='M2'>and a caller joins,</voice> back to the guest</voice> "
        "and the host closes.</p></speak>"
    )
    normalized = json.loads(_post(invoke, "/v1/normalize", text=ssml, text_type="ssml")["body"])
    assert len(normalized["chunks"]) == 5
    marks = json.loads(
        _post(invoke, "/v1/speech/marks", text=ssml, text_type="ssml", voice="M4")["body"]
    )["marks"]
    assert [mark["voice"] for mark in marks] == [None, "F1", "M2", "F1", None]


@pytest.mark.parametrize(
    ("body", "code", "says"),
    [
        ({"text": "<speak><voice name='Nobody'>Hi.</voice></speak>", "text_type": "ssml"},
         "unknown_voice", "unknown voice (6 characters)"),
        ({"text": "<speak>" + "<voice name='F1'>a</voice>" * 600 + "</speak>",
          "text_type": "ssml"}, "invalid_ssml", "at most 500 <voice>"),
        ({"text": "<speak>" + "<voice name='F1'>a</voice>" * 10_000 + "</speak>",
          "text_type": "ssml"}, "text_too_long", "MAX_TEXT_CHARS"),
        ({"script": [{"voice": "F1", "text": "a"}] * 10_000}, "invalid_parameter", "500"),
        ({"text": "Hello", "script": SCRIPT}, "invalid_parameter", "either text or script"),
        ({"script": [{"voice": "M1*0.5+X*0.5", "text": "Hi."}]}, "unknown_voice", "presets are"),
    ],
)  # fmt: skip
def test_bad_voices_are_4xx(invoke: Any, body: dict[str, Any], code: str, says: str) -> None:
    answer = invoke(url_event("POST", "/v1/speech", {"lang": "en", **body}))
    assert answer["statusCode"] in (400, 413), answer["body"][:300]
    error = json.loads(answer["body"])["error"]
    assert error["code"] == code and says in error["message"], error


def test_voices_keep_one_level(calibrated_model_dir: Path) -> None:
    synthesizer = model_layer.load(calibrated_model_dir, EngineSettings(warmup=False))
    lines = "".join(
        f"<p><voice name='{voice}'>This line is long enough to measure its loudness well, "
        f"spoken by one voice of the show.</voice></p>"
        for voice in ("M1", "F2", "M3")
    )
    audio, plan = synthesizer.synthesize(f"<speak>{lines}</speak>", text_type="ssml", seed=2)
    levels: dict[str, list[np.ndarray]] = {}
    for chunk, (start, end) in zip(plan.chunks, chunk_times(plan), strict=True):
        part = audio[int(start * plan.sample_rate) : int(end * plan.sample_rate)]
        levels.setdefault(str(chunk.voice), []).append(part)
    loudness = [
        integrated_loudness(np.concatenate(parts), plan.sample_rate) for parts in levels.values()
    ]
    assert len(loudness) == 3
    assert max(loudness) - min(loudness) <= 1.0, loudness


def test_a_script_as_a_batch_job(deliver: Any, s3: Any, s3_buckets: Any) -> None:
    from tests.handler.test_batch import outcome, upload
    from tests.infra.batch import read_json, s3_event

    job = {"script": SCRIPT, "lang": "en", "steps": 1, "output": "show/episode 1"}
    upload(s3, s3_buckets.input, "incoming/episode.json", json.dumps(job))
    assert outcome(deliver(s3_event(s3_buckets.input, "incoming/episode.json"))) == ["done"]
    manifest = read_json(s3, s3_buckets.output, "speech/show/episode 1.manifest.json")
    assert "Berlin" in manifest["normalized_text"] and manifest["duration_seconds"] > 1
