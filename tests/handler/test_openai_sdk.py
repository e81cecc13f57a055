"""OpenAI's conventions on POST /v1/audio/speech, checked with the official `openai` SDK
against `python -m handler serve` (the streaming function on real sockets), and the
buffered function through its entry point: audio, streamed audio, Server-Sent Events,
every OpenAI voice name, custom-voice objects, OpenAI's speed range, `instructions`,
and GET /v1/models."""

from __future__ import annotations

import base64
import io
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import openai
import pytest
import soundfile as sf

from handler.openai_compat import OPENAI_VOICES
from tests.handler.conftest import url_event
from tests.infra.local_server import local_server
from tests.infra.ports import LOOPBACK

TEXT = "Hello there. This answer comes from the OpenAI SDK, one clause at a time."


@pytest.fixture(scope="module")
def client(tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    with local_server(tiny_model_dir, tmp_path_factory.mktemp("openai-serve")) as (port, _):
        yield openai.OpenAI(base_url=f"http://{LOOPBACK}:{port}/v1", api_key="not-checked")


def _events(lines: list[str]) -> list[dict[str, Any]]:
    return [json.loads(line[len("data: ") :]) for line in lines if line.startswith("data: ")]


def test_the_sdk_gets_audio(client: Any) -> None:
    answer = client.audio.speech.create(
        model="tts-1", voice="alloy", input=TEXT, response_format="wav"
    )
    audio, rate = sf.read(io.BytesIO(answer.content))
    assert rate == 44100 and len(audio) > rate // 2
    assert answer.response.headers["content-type"] == "audio/wav"


def test_the_sdk_streams_audio(client: Any) -> None:
    with client.audio.speech.with_streaming_response.create(
        model="gpt-4o-mini-tts", voice="coral", input=TEXT, response_format="pcm"
    ) as answer:
        pieces = list(answer.iter_bytes())
        seconds = float(answer.headers["x-audio-duration"])
    pcm = b"".join(pieces)
    # OpenAI's pcm: 24 kHz, 16-bit mono, no header.
    assert len(pcm) == pytest.approx(seconds * 24_000 * 2, abs=96)  # x-audio-duration: ms


def test_the_sdk_reads_server_sent_events(client: Any) -> None:
    with client.audio.speech.with_streaming_response.create(
        model="gpt-4o-mini-tts",
        voice="marin",
        input=TEXT,
        response_format="pcm",
        stream_format="sse",
        instructions="Speak cheerfully.",  # accepted and ignored
    ) as answer:
        assert answer.headers["content-type"] == "text/event-stream"
        seconds = float(answer.headers["x-audio-duration"])
        events = _events(list(answer.iter_lines()))
    kinds = [event["type"] for event in events]
    assert kinds[-1] == "speech.audio.done" and set(kinds[:-1]) == {"speech.audio.delta"}
    assert len(kinds) >= 3  # the first clause, the rest, the end
    assert events[-1]["usage"] == {
        "input_tokens": len(TEXT),
        "output_tokens": 0,
        "total_tokens": len(TEXT),
    }
    pcm = b"".join(base64.b64decode(event["audio"]) for event in events[:-1])
    assert len(pcm) == pytest.approx(seconds * 24_000 * 2, abs=96)  # x-audio-duration: ms


def test_the_sdk_lists_models(client: Any) -> None:
    ids = {model.id for model in client.models.list()}
    assert {"tts-1", "tts-1-hd", "gpt-4o-mini-tts", "supertonic-3"} <= ids


def test_the_sdk_sees_openai_errors_for_bad_requests(client: Any) -> None:
    with pytest.raises(openai.BadRequestError) as caught:
        client.audio.speech.create(model="tts-1", voice="nobody", input=TEXT)
    assert caught.value.status_code == 400
    assert caught.value.body["code"] == "unknown_voice"


def _openai(invoke: Any, **body: Any) -> dict[str, Any]:
    request = {"model": "tts-1", "input": "Short and sweet.", "voice": "alloy", **body}
    return invoke(url_event("POST", "/v1/audio/speech", request))


def test_every_openai_voice_names_a_preset(invoke: Any) -> None:
    assert set(OPENAI_VOICES) == {
        "alloy", "ash", "ballad", "cedar", "coral", "echo", "fable", "marin", "nova", "onyx",
        "sage", "shimmer", "verse",
    }  # fmt: skip
    for name in ("cedar", "marin", "ALLOY"):
        assert _openai(invoke, voice=name, response_format="wav")["statusCode"] == 200, name
    assert _openai(invoke, voice={"id": "F2"}, response_format="wav")["statusCode"] == 200
    unknown = _openai(invoke, voice={"id": "voice_1234"})
    assert unknown["statusCode"] == 400
    assert json.loads(unknown["body"])["error"]["code"] == "unknown_voice"


def test_openai_speeds_are_held_to_the_models_range(invoke: Any) -> None:
    def seconds(speed: float) -> float:
        answer = _openai(invoke, speed=speed, response_format="wav")
        assert answer["statusCode"] == 200, answer["body"]
        return float(answer["headers"]["x-audio-duration"])

    assert seconds(4.0) == seconds(2.0)
    assert seconds(0.25) == seconds(0.7)
    assert seconds(0.25) > seconds(1.0) > seconds(4.0)
    for bad in (0.2, 4.5):
        answer = _openai(invoke, speed=bad)
        assert answer["statusCode"] == 400
        error = json.loads(answer["body"])["error"]
        assert error["code"] == "invalid_parameter" and error["param"] == "speed"


def test_buffered_server_sent_events(invoke: Any) -> None:
    answer = _openai(invoke, response_format="mp3", stream_format="sse")
    assert answer["statusCode"] == 200
    assert answer["headers"]["content-type"] == "text/event-stream"
    assert answer["isBase64Encoded"] is False
    events = _events(answer["body"].splitlines())
    assert events[-1]["type"] == "speech.audio.done"
    mp3 = b"".join(base64.b64decode(event["audio"]) for event in events[:-1])
    assert mp3[:3] == b"ID3"  # the provenance tag opens the MP3
    audio, rate = sf.read(io.BytesIO(mp3))
    seconds = float(answer["headers"]["x-audio-duration"])
    assert len(audio) / rate == pytest.approx(seconds, abs=0.06)  # MP3 pads its last frame
