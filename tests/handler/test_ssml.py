"""`text_type: "ssml"` through the real entry point: HTTP, direct invoke and the CLI."""

from __future__ import annotations

import base64
import io
import json
from typing import Any

import pytest
import soundfile as sf

from tests.handler.conftest import Invoke, body_bytes, body_json, load_event, url_event

SSML = (
    '<speak xml:lang="en-US">Hello.<break time="2s"/><lang xml:lang="de">Guten Tag.</lang></speak>'
)


def speech(body: dict[str, Any]) -> dict[str, Any]:
    return url_event("POST", "/v1/speech", {"steps": 2, "seed": 3, **body})


def duration(response: dict[str, Any]) -> float:
    audio, rate = sf.read(io.BytesIO(body_bytes(response)), dtype="float32")
    return len(audio) / rate


def test_http_ssml_returns_audio_with_its_pause(invoke: Invoke) -> None:
    ssml = invoke(speech({"text": SSML, "text_type": "ssml"}))
    assert ssml["statusCode"] == 200, ssml["body"]
    assert ssml["headers"]["content-type"] == "audio/wav"
    assert ssml["headers"]["x-language"] == "en"
    without_pause = invoke(
        speech({"text": SSML.replace('<break time="2s"/>', " "), "text_type": "ssml"})
    )
    # The same speech; the 2 s break replaces the usual 0.2 s gap between chunks.
    assert duration(ssml) - duration(without_pause) == pytest.approx(1.8, abs=2 / 44100)


def test_http_plain_text_reads_tags_as_text(invoke: Invoke) -> None:
    response = invoke(speech({"text": SSML, "lang": "en"}))
    assert response["statusCode"] == 200
    # Read as characters, the markup takes far longer to say than the two greetings.
    ssml = invoke(speech({"text": SSML, "text_type": "ssml"}))
    assert duration(response) > duration(ssml)


def test_http_malformed_ssml_is_400_with_its_position(invoke: Invoke) -> None:
    response = invoke(load_event("bad-http-invalid-ssml"))
    assert response["statusCode"] == 400
    error = body_json(response)["error"]
    assert error["code"] == "invalid_ssml"
    assert error["param"] == "text"
    assert error["details"] == {"line": 2, "column": 9}
    assert error["message"].startswith("invalid SSML at line 2, column 9: unknown tag <emphasis>")


def test_http_entity_declarations_are_400(invoke: Invoke) -> None:
    text = '<!DOCTYPE speak [<!ENTITY x SYSTEM "file:///etc/hostname">]><speak>&x;</speak>'
    response = invoke(speech({"text": text, "text_type": "ssml"}))
    error = body_json(response)["error"]
    assert (response["statusCode"], error["code"]) == (400, "invalid_ssml")
    assert error["details"] == {"line": 1, "column": 1}


def test_http_unknown_text_type_is_invalid_parameter(invoke: Invoke) -> None:
    response = invoke(speech({"text": "Hi.", "text_type": "html"}))
    error = body_json(response)["error"]
    assert (response["statusCode"], error["code"], error["param"]) == (
        400,
        "invalid_parameter",
        "text_type",
    )


def test_openai_route_has_no_ssml(invoke: Invoke) -> None:
    body = {"model": "tts-1", "input": SSML, "voice": "alloy", "text_type": "ssml"}
    response = invoke(url_event("POST", "/v1/audio/speech", body))
    # OpenAI's API has no SSML: the extra field is ignored like OpenAI's own extras,
    # and the input is plain text.
    assert response["statusCode"] == 200


def test_direct_invoke_ssml_sample_event(invoke: Invoke) -> None:
    response = invoke(load_event("direct-invoke-ssml"))
    assert response["delivery"] == "inline", response
    assert response["x-language"] == "en"
    audio, rate = sf.read(io.BytesIO(base64.b64decode(response["audio_base64"])))
    assert rate == 44100
    assert len(audio) / rate == pytest.approx(float(response["x-audio-duration"]), abs=1e-3)
    assert len(audio) / rate > 5


def test_direct_invoke_malformed_ssml_is_an_error_document(invoke: Invoke) -> None:
    response = invoke({"text": "<speak><p>open</speak>", "text_type": "ssml"})
    error = response["error"]
    assert (error["code"], error["status"]) == ("invalid_ssml", 400)
    assert error["details"] == {"line": 1, "column": 17}  # </speak> while <p> is open


def test_http_sample_event_is_valid_ssml(invoke: Invoke) -> None:
    event = load_event("http-speech-ssml")
    assert json.loads(event["body"])["text_type"] == "ssml"
    response = invoke(event)
    assert response["statusCode"] == 200, response["body"]
    assert duration(response) > 5
