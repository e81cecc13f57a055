"""POST /v1/speech/marks through the real entry point: timings equal to the audio that
/v1/speech gives (decoded) and to the batch manifest, offsets into the request text,
estimated word marks, the same errors as /v1/speech, and no synthesis."""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import soundfile as sf

from handler.context import LocalContext
from tests.handler.conftest import body_bytes, body_json, url_event
from tests.infra.batch import read_json, s3_event
from tests.infra.fixtures import S3Buckets
from tests.infra.seaweed import S3Server

TEXT = (
    "On 3 May 2024 we paid $20.50 for 3 tickets at 7:45 pm. Dr. Smith said it was OK! "
    "Then, after a long and winding walk through the old town, past the cathedral and the "
    "market, we finally sat down for dinner. The soup was cold. Nobody minded; the company "
    "was warm, and the bread was fresh from the oven."
)
FADE_SAMPLES = int(0.005 * 44100)


def marks_of(invoke: Callable[..., Any], body: dict[str, Any]) -> dict[str, Any]:
    response = invoke(url_event("POST", "/v1/speech/marks", body))
    assert response["statusCode"] == 200, response["body"]
    assert response["headers"]["x-language"] == body_json(response)["language"]
    return body_json(response)


def sentences(document: dict[str, Any]) -> list[dict[str, Any]]:
    return [mark for mark in document["marks"] if mark["type"] == "sentence"]


def test_sentence_marks_are_the_decoded_audio_chunk_boundaries(invoke: Callable[..., Any]) -> None:
    body = {"text": TEXT, "lang": "en", "seed": 11, "voice": "F4"}
    document = marks_of(invoke, body)
    speech = invoke(url_event("POST", "/v1/speech", body))
    audio, rate = sf.read(io.BytesIO(body_bytes(speech)), dtype="int16")
    assert document["seed"] == 11 and document["language"] == "en"
    assert document["duration_seconds"] == pytest.approx(len(audio) / rate, abs=1e-6)
    assert float(speech["headers"]["x-audio-duration"]) == pytest.approx(
        document["duration_seconds"], abs=1e-3
    )
    marks = sentences(document)
    assert len(marks) >= 4
    assert marks[0]["start"] == 0.0
    # Between sentences the audio is exact silence; inside each, sound reaches both
    # edges (up to the 5 ms fade every chunk starts and ends with).
    for mark, following in zip(marks, [*marks[1:], None], strict=True):
        start, end = round(mark["start"] * rate), round(mark["end"] * rate)
        voiced = np.flatnonzero(audio[start:end])
        assert voiced[0] <= FADE_SAMPLES and voiced[-1] >= end - start - 1 - FADE_SAMPLES
        if following is not None:
            gap = audio[end : round(following["start"] * rate)]
            assert len(gap) > 0 and not gap.any()


def test_sentence_marks_equal_the_batch_manifest(
    invoke: Callable[..., Any],
    make_function: Callable[..., Any],
    s3_server: S3Server,
    s3_buckets: S3Buckets,
) -> None:
    job = {"text": TEXT, "lang": "en", "seed": 5, "voice": "M2", "format": "flac"}
    s3 = s3_server.client()
    s3.put_object(Bucket=s3_buckets.input, Key="incoming/marks.json", Body=json.dumps(job))
    function = make_function(output_bucket=s3_buckets.output)
    result = function.handle(s3_event(s3_buckets.input, "incoming/marks.json"), LocalContext(300))
    assert [entry["outcome"] for entry in result["results"]] == ["done"]
    manifest = read_json(s3, s3_buckets.output, "speech/marks.manifest.json")
    document = marks_of(invoke, {key: job[key] for key in ("text", "lang", "seed", "voice")})
    marks = sentences(document)
    assert len(marks) == len(manifest["chunks"])
    for mark, chunk in zip(marks, manifest["chunks"], strict=True):
        assert mark["start"] == pytest.approx(chunk["start"], abs=1e-3)
        assert mark["end"] == pytest.approx(chunk["end"], abs=1e-3)
    assert document["duration_seconds"] == pytest.approx(manifest["duration_seconds"], abs=1e-3)


def test_offsets_point_into_the_request_text(invoke: Callable[..., Any]) -> None:
    marks = sentences(marks_of(invoke, {"text": TEXT, "lang": "en"}))
    normalized = body_json(invoke(url_event("POST", "/v1/normalize", {"text": TEXT, "lang": "en"})))
    assert len(marks) == len(normalized["chunks"]) >= 3
    for mark, chunk in zip(marks, normalized["chunks"], strict=True):
        assert TEXT[mark["text_start"] : mark["text_end"]] == mark["text"]
        # Each mark is the request's own text of exactly what its chunk reads.
        again = {"text": mark["text"], "lang": "en"}
        assert body_json(invoke(url_event("POST", "/v1/normalize", again)))["normalized"] == chunk
    assert marks[0]["text"].startswith("On 3 May 2024")
    assert marks[-1]["text"].endswith("fresh from the oven.")
    # In order, not overlapping, covering the whole text.
    assert all(a["text_end"] < b["text_start"] for a, b in itertools.pairwise(marks))
    assert "".join(mark["text"] for mark in marks).replace(" ", "") == TEXT.replace(" ", "")


def test_ssml_offsets_are_into_the_text_without_markup(invoke: Callable[..., Any]) -> None:
    ssml = (
        "<speak><p>Welcome to the show.</p><break time='1s'/><s>We start "
        "<prosody rate='slow'>very slowly</prosody> today.</s></speak>"
    )
    document = marks_of(invoke, {"text": ssml, "text_type": "ssml", "lang": "en"})
    marks = sentences(document)
    texts = [mark["text"] for mark in marks]
    assert texts[0] == "Welcome to the show."
    assert "very slowly" in " ".join(texts) and all("<" not in text for text in texts)
    # The break's second of silence sits between the first two marks.
    assert marks[1]["start"] - marks[0]["end"] == pytest.approx(1.0, abs=1e-3)


def test_word_marks_are_estimates_inside_their_sentence(invoke: Callable[..., Any]) -> None:
    document = marks_of(invoke, {"text": TEXT, "lang": "en", "word_marks": True})
    sentence = None
    words = 0
    for mark in document["marks"]:
        if mark["type"] == "sentence":
            sentence = mark
            assert mark["estimated"] is False
            continue
        words += 1
        assert sentence is not None and mark["estimated"] is True
        assert sentence["text_start"] <= mark["text_start"] < mark["text_end"]
        assert mark["text_end"] <= sentence["text_end"]
        assert sentence["start"] <= mark["start"] < mark["end"] <= sentence["end"] + 1e-6
        assert TEXT[mark["text_start"] : mark["text_end"]] == mark["text"]
    assert words == len(TEXT.split())
    assert not any(m["type"] == "word" for m in marks_of(invoke, {"text": TEXT})["marks"])


def test_marks_synthesize_nothing(invoke: Callable[..., Any], app: Any) -> None:
    engine = app.function.synthesizer.engine
    calls: list[str] = []
    original = engine.denoise

    def spy(*args: Any, **kwargs: Any) -> Any:  # counts; a real engine call underneath
        calls.append("denoise")
        return original(*args, **kwargs)

    engine.denoise = spy
    try:
        marks_of(invoke, {"text": TEXT, "lang": "en"})
    finally:
        del engine.denoise
    assert calls == []


def test_marks_refuse_what_speech_refuses(invoke: Callable[..., Any]) -> None:
    for body, code in [
        ({"text": "   "}, "empty_text"),
        ({"text": "Hi", "voice": "Q9"}, "unknown_voice"),
        ({"text": "Hi", "word_marks": "yes please"}, "invalid_parameter"),
        ({"text": "<speak>Hi", "text_type": "ssml"}, "invalid_ssml"),
    ]:
        response = invoke(url_event("POST", "/v1/speech/marks", body))
        assert 400 <= response["statusCode"] < 500
        assert body_json(response)["error"]["code"] == code


def test_direct_invoke_action_marks(app: Any) -> None:
    answer = app.lambda_handler(
        {"action": "marks", "text": "Hi. Bye now.", "lang": "en"}, LocalContext(60)
    )
    assert [mark["text"] for mark in answer["marks"]] == ["Hi. Bye now."]
    assert answer["marks"][0]["text_start"] == 0 and "request_id" in answer
