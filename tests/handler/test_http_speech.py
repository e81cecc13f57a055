"""POST /v1/speech and /v1/audio/speech through the real entry point."""

from __future__ import annotations

import io
import json
import urllib.request

import numpy as np
import pytest
import soundfile as sf

from tests.handler.conftest import Invoke, body_bytes, body_json, load_event, url_event
from tests.infra.seaweed import S3Server


def decode(audio: bytes) -> tuple[np.ndarray, int]:
    data, rate = sf.read(io.BytesIO(audio), dtype="float32")
    return data, rate


def test_sample_event_returns_playable_wav(invoke: Invoke) -> None:
    response = invoke(load_event("http-speech"))
    assert response["statusCode"] == 200
    headers = response["headers"]
    assert headers["content-type"] == "audio/wav"
    audio, rate = decode(body_bytes(response))
    assert rate == 44100 == int(headers["x-sample-rate"])
    assert audio.ndim == 1
    # The header has millisecond precision.
    assert len(audio) == pytest.approx(float(headers["x-audio-duration"]) * rate, abs=rate / 1000)
    assert headers["x-language"] == "en"
    assert int(headers["x-seed"]) >= 0
    assert headers["x-request-id"]
    assert np.abs(audio).max() > 0.01


def test_base64_request_body(invoke: Invoke) -> None:
    response = invoke(load_event("http-speech-base64"))
    assert response["statusCode"] == 200
    assert response["headers"]["content-type"] == "audio/flac"
    assert response["headers"]["x-seed"] == "42"
    _, rate = decode(body_bytes(response))
    assert rate == 44100


@pytest.mark.parametrize(
    ("fmt", "content_type", "rate"),
    [
        ("wav", "audio/wav", 44100),
        ("flac", "audio/flac", 44100),
        ("mp3", "audio/mpeg", 44100),
        ("opus", "audio/ogg; codecs=opus", 48000),
        ("ogg", "audio/ogg; codecs=vorbis", 44100),
    ],
)
def test_every_container_format_decodes(
    invoke: Invoke, fmt: str, content_type: str, rate: int
) -> None:
    body = {"text": "Format check.", "lang": "en", "format": fmt, "steps": 2, "seed": 1}
    response = invoke(url_event("POST", "/v1/speech", body))
    assert response["statusCode"] == 200, response["body"]
    assert response["headers"]["content-type"] == content_type
    audio, decoded_rate = decode(body_bytes(response))
    assert decoded_rate == rate
    duration = float(response["headers"]["x-audio-duration"])
    assert len(audio) / rate == pytest.approx(duration, abs=0.08)  # codec padding


def test_raw_pcm_and_resampling(invoke: Invoke) -> None:
    body = {"text": "Raw samples.", "lang": "en", "format": "pcm", "sample_rate": 16000, "seed": 2}
    response = invoke(url_event("POST", "/v1/speech", body))
    assert response["headers"]["content-type"] == "audio/pcm"
    samples = np.frombuffer(body_bytes(response), dtype="<i2")
    duration = float(response["headers"]["x-audio-duration"])
    assert response["headers"]["x-sample-rate"] == "16000"
    assert len(samples) == pytest.approx(duration * 16000, abs=16)


def test_same_seed_same_bytes(invoke: Invoke) -> None:
    body = {"text": "Reproducible.", "lang": "en", "seed": 99, "steps": 3}
    first = invoke(url_event("POST", "/v1/speech", body))
    second = invoke(url_event("POST", "/v1/speech", body))
    assert body_bytes(first) == body_bytes(second)


def test_dropped_characters_are_reported_in_a_header(invoke: Invoke) -> None:
    body = {"text": "Snow \u2603 falls.", "lang": "en", "seed": 1}
    response = invoke(url_event("POST", "/v1/speech", body))
    assert response["statusCode"] == 200
    assert response["headers"]["x-dropped-characters"] == "U+2603"


def test_inline_style_voice(invoke: Invoke, tiny_model_dir) -> None:  # type: ignore[no-untyped-def]
    style = json.loads((tiny_model_dir / "voice_styles" / "M3.json").read_text())
    by_value = invoke(url_event("POST", "/v1/speech", {"text": "Hi.", "voice": style, "seed": 4}))
    by_name = invoke(url_event("POST", "/v1/speech", {"text": "Hi.", "voice": "M3", "seed": 4}))
    assert body_bytes(by_value) == body_bytes(by_name)


def test_openai_compatible_route(invoke: Invoke) -> None:
    response = invoke(load_event("http-openai-speech"))
    assert response["statusCode"] == 200
    assert response["headers"]["content-type"] == "audio/mpeg"
    _, rate = decode(body_bytes(response))
    assert rate == 44100


def test_openai_voice_maps_to_its_preset(invoke: Invoke) -> None:
    openai = {
        "model": "tts-1",
        "input": "Mapped voice.",
        "voice": "alloy",
        "response_format": "wav",
    }
    # The OpenAI route has no seed, so compare durations: they depend on voice only.
    alloy = invoke(url_event("POST", "/v1/audio/speech", openai))
    preset = invoke(
        url_event("POST", "/v1/speech", {"text": "Mapped voice.", "voice": "F1", "speed": 1.0})
    )
    assert alloy["headers"]["x-audio-duration"] == preset["headers"]["x-audio-duration"]


def test_openai_pcm_is_24khz(invoke: Invoke) -> None:
    body = {"model": "tts-1", "input": "Telephone.", "voice": "onyx", "response_format": "pcm"}
    response = invoke(url_event("POST", "/v1/audio/speech", body))
    assert response["headers"]["x-sample-rate"] == "24000"
    samples = np.frombuffer(body_bytes(response), dtype="<i2")
    assert len(samples) == pytest.approx(
        float(response["headers"]["x-audio-duration"]) * 24000, abs=24
    )


def test_s3_delivery_gives_a_presigned_url(
    invoke: Invoke, s3_server: S3Server, output_bucket: str
) -> None:
    response = invoke(load_event("http-speech-s3"))
    assert response["statusCode"] == 200
    answer = body_json(response)
    assert answer["delivery"] == "s3"
    assert answer["bucket"] == output_bucket
    assert answer["key"].startswith("speech/") and answer["key"].endswith(".opus")
    assert answer["expires_in"] == 900
    assert answer["expires_at"].endswith("Z")
    with urllib.request.urlopen(answer["url"], timeout=10) as fetched:
        audio, rate = decode(fetched.read())
    assert rate == 48000
    assert len(audio) / rate == pytest.approx(answer["duration_seconds"], abs=0.08)
    head = s3_server.client().head_object(Bucket=output_bucket, Key=answer["key"])
    assert head["ContentType"] == "audio/ogg; codecs=opus"


def test_auto_delivery_moves_large_audio_to_s3(
    make_function, s3_server: S3Server, output_bucket: str
) -> None:  # type: ignore[no-untyped-def]
    from handler.context import LocalContext

    function = make_function(inline_audio_limit_bytes=20_000)
    body = {"text": "This is long enough to exceed a tiny inline limit.", "lang": "en", "seed": 3}
    response = function.handle(url_event("POST", "/v1/speech", body), LocalContext(60))
    answer = body_json(response)
    assert answer["delivery"] == "s3"
    data = s3_server.client().get_object(Bucket=output_bucket, Key=answer["key"])["Body"].read()
    assert data[:4] == b"RIFF"


def test_long_audio_streams_as_multipart(
    make_function, s3_server: S3Server, output_bucket: str
) -> None:  # type: ignore[no-untyped-def]
    """Audio larger than one 8 MiB part goes up as a multipart upload, part 1 last."""
    from handler.context import LocalContext

    function = make_function(max_text_chars=50_000)
    text = "Every sentence here adds a few more seconds of audio to the narration. " * 40
    body = {"text": text, "lang": "en", "seed": 5, "steps": 1, "delivery": "s3"}
    answer = body_json(function.handle(url_event("POST", "/v1/speech", body), LocalContext(300)))
    obj = s3_server.client().get_object(Bucket=output_bucket, Key=answer["key"])
    data = obj["Body"].read()
    assert len(data) > 8 * 1024 * 1024
    assert "-" in obj["ETag"]  # a multipart object's ETag carries its part count
    audio, rate = decode(data)
    assert len(audio) / rate == pytest.approx(answer["duration_seconds"], abs=0.01)
