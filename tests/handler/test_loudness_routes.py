"""Loudness through the real entry points: buffered, streamed, S3 and direct invoke,
on a calibrated copy of the tiny model (the image build's gain table)."""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import soundfile as sf

import model_layer
from handler.__main__ import LocalContext
from handler.function import SpeechFunction
from handler.runtime.protocol import HttpStream
from handler.streaming import StreamingSpeechFunction
from model_layer import EngineSettings
from model_layer.audio.loudness import db_to_gain, integrated_loudness
from tests.handler.conftest import body_bytes, body_json, url_event

TEXT = (
    "Your order has shipped. It should arrive on Thursday, between nine and noon; "
    "we will text you when the driver is close."
)
CEILING = db_to_gain(-1.0)


@pytest.fixture(scope="module")
def calibrated_functions(
    app: Any, calibrated_model_dir: Path
) -> tuple[SpeechFunction, StreamingSpeechFunction]:
    current = app.function
    # Streams cut like buffered answers (no first clause), so their bytes can be compared;
    # clause-first streaming has its own tests (test_first_clause.py, test_stream_speech.py).
    settings = EngineSettings(warmup=False, stream_first_clause=False)
    synthesizer = model_layer.load(calibrated_model_dir, settings)
    args = (current.settings, synthesizer, lambda: current.s3_client, app.metrics)
    return SpeechFunction(*args), StreamingSpeechFunction(*args)


def speak(function: SpeechFunction, body: dict[str, Any]) -> dict[str, Any]:
    return function.handle(url_event("POST", "/v1/speech", body), LocalContext(120))


def decoded(data: bytes) -> np.ndarray:
    audio, rate = sf.read(io.BytesIO(data), dtype="float32")
    assert rate == 44100
    return audio


@pytest.mark.parametrize("voice", ["F1", "M5"])
def test_presets_are_normalized_by_default(
    calibrated_functions: tuple[SpeechFunction, Any], voice: str
) -> None:
    buffered, _ = calibrated_functions
    response = speak(buffered, {"text": TEXT, "lang": "en", "seed": 3, "voice": voice})
    assert response["statusCode"] == 200
    assert response["headers"]["x-loudness"] == "normalized"
    audio = decoded(body_bytes(response))
    assert abs(integrated_loudness(audio, 44100) - (-16.0)) <= 1.0
    assert np.abs(audio).max() <= CEILING


def test_raw_is_todays_output_byte_for_byte(
    calibrated_functions: tuple[SpeechFunction, Any], invoke: Callable[..., Any]
) -> None:
    buffered, _ = calibrated_functions
    body = {"text": TEXT, "lang": "en", "seed": 3, "format": "flac"}
    today = invoke(url_event("POST", "/v1/speech", body))  # the uncalibrated model
    assert today["headers"]["x-loudness"] == "raw"
    raw = speak(buffered, {**body, "loudness": "raw"})
    assert raw["headers"]["x-loudness"] == "raw"
    assert body_bytes(raw) == body_bytes(today)
    assert body_bytes(speak(buffered, body)) != body_bytes(today)


def test_stream_is_levelled_from_its_first_byte(
    calibrated_functions: tuple[SpeechFunction, StreamingSpeechFunction],
) -> None:
    buffered, streaming = calibrated_functions
    # 4 steps: not above SUPERTONIC_FIRST_CHUNK_STEPS, so the streamed first chunk is
    # denoised as the buffered one is and the bytes can be compared.
    body = {"text": TEXT, "lang": "en", "seed": 4, "steps": 4}
    expected = body_bytes(speak(buffered, body))
    answer = streaming.handle(url_event("POST", "/v1/speech", body), LocalContext(120))
    assert isinstance(answer, HttpStream)
    assert answer.headers["x-loudness"] == "normalized"
    assert b"".join(answer.body) == expected


def test_s3_delivery_and_direct_invoke_say_what_was_applied(
    calibrated_functions: tuple[SpeechFunction, Any],
) -> None:
    buffered, _ = calibrated_functions
    body = {"text": TEXT, "lang": "en", "seed": 5, "delivery": "s3"}
    document = body_json(speak(buffered, body))
    assert document["loudness"] == "normalized"
    direct = buffered.handle({**body, "delivery": "inline", "loudness": "raw"}, LocalContext(120))
    assert direct["x-loudness"] == "raw"


def test_inline_style_that_is_no_preset_stays_raw(
    calibrated_functions: tuple[SpeechFunction, Any], calibrated_model_dir: Path
) -> None:
    buffered, _ = calibrated_functions
    style = json.loads((calibrated_model_dir / "voice_styles" / "F2.json").read_text())
    assert (
        speak(buffered, {"text": TEXT, "lang": "en", "voice": style})["headers"]["x-loudness"]
        == "normalized"
    )  # the same tensors as a preset: its gain
    style["style_ttl"]["data"][0][0][0] += 0.5
    response = speak(buffered, {"text": TEXT, "lang": "en", "voice": style})
    assert response["statusCode"] == 200
    assert response["headers"]["x-loudness"] == "raw"


def test_bad_loudness_is_a_400(calibrated_functions: tuple[SpeechFunction, Any]) -> None:
    buffered, _ = calibrated_functions
    response = speak(buffered, {"text": TEXT, "loudness": "loud"})
    assert response["statusCode"] == 400
    assert body_json(response)["error"]["code"] == "invalid_parameter"
    assert body_json(response)["error"]["param"] == "loudness"


def test_batch_narration_is_levelled_too(
    app: Any, calibrated_model_dir: Path, s3_server: Any, s3_buckets: Any
) -> None:
    from tests.infra.batch import read_audio, read_json, s3_event

    current = app.function
    synthesizer = model_layer.load(calibrated_model_dir, EngineSettings(warmup=False))
    settings = current.settings.model_copy(update={"output_bucket": s3_buckets.output})
    s3 = s3_server.client()
    function = SpeechFunction(settings, synthesizer, lambda: s3, app.metrics)
    for name, extra in (("levelled", {}), ("raw", {"loudness": "raw"})):
        job = {"text": TEXT, "lang": "en", "seed": 2, "format": "wav", **extra}
        s3.put_object(Bucket=s3_buckets.input, Key=f"incoming/{name}.json", Body=json.dumps(job))
        event = s3_event(s3_buckets.input, f"incoming/{name}.json")
        result = function.handle(event, LocalContext(300))
        assert [entry["outcome"] for entry in result["results"]] == ["done"]
    levelled = read_json(s3, s3_buckets.output, "speech/levelled.manifest.json")
    raw = read_json(s3, s3_buckets.output, "speech/raw.manifest.json")
    assert (levelled["loudness"], raw["loudness"]) == ("normalized", "raw")
    _data, audio, rate = read_audio(s3, s3_buckets.output, "speech/levelled.wav")
    samples = audio.astype(np.float32) / 32768.0
    assert abs(integrated_loudness(samples, rate) - (-16.0)) <= 1.0
    assert np.abs(samples).max() <= CEILING
