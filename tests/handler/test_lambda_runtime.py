"""The image's own entry path: the real awslambdaric client, started exactly as the
image's entry command starts it (`python -m awslambdaric handler.app.lambda_handler`),
against a Runtime API served by the test (the emulator binary is not in any registry
here), invoked with every sample event in events/."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import soundfile as sf

from tests.handler.conftest import EVENTS, load_event, url_event
from tests.infra.batch import upload_sample_input

HANDLER = "handler.app.lambda_handler"

# Expected outcome of each sample event: HTTP status, or the error type raised.
EXPECTED: dict[str, int | str] = {
    "http-speech": 200,
    "http-speech-base64": 200,
    "http-speech-mp3": 200,
    "http-speech-s3": 200,
    "http-speech-ssml": 200,
    "http-openai-speech": 200,
    "http-voices": 200,
    "http-health": 200,
    "bad-http-invalid-json": 400,
    "bad-http-unknown-voice": 400,
    "bad-http-speed-out-of-range": 400,
    "bad-http-wrong-content-type": 415,
    "bad-http-wrong-method": 405,
    "bad-http-unknown-route": 404,
    "bad-http-invalid-ssml": 400,
    "direct-invoke": "inline",
    "direct-invoke-ssml": "inline",
    "http-normalize": 200,
    "direct-normalize": "normalized",
    "s3-put": "batch",
    "sqs-s3-put": "batch",
    "s3-batch-operations": "operations",
    "s3-batch-operations-tasks": "operations",
    "s3-batch-operations-v1": "operations",
}


def test_every_sample_event_is_covered() -> None:
    assert {path.stem for path in EVENTS.glob("*.json")} == set(EXPECTED)


def test_sample_events_through_awslambdaric(
    lambda_runtime, function_env: dict[str, str], s3_server
) -> None:  # type: ignore[no-untyped-def]
    upload_sample_input(s3_server.client())
    function = lambda_runtime(HANDLER, function_env)
    for name, expected in EXPECTED.items():
        result = function.invoke(load_event(name), timeout_ms=60_000)
        if expected == "batch":  # narrated once, the other delivery is a duplicate
            assert result.status == "response", (name, result.body)
            assert result.body.get("batchItemFailures", []) == [], result.body
            continue
        assert result.status == "response", (name, result.body)
        if expected == "operations":  # every listed object narrated
            event = load_event(name)
            assert result.body["invocationId"] == event["invocationId"]
            codes = [(r["taskId"], r["resultCode"]) for r in result.body["results"]]
            assert codes == [(t["taskId"], "Succeeded") for t in event["tasks"]], result.body
            continue
        if expected == "normalized":
            assert result.body["language"] == "en", (name, result.body)
            assert "three point ten point two" in result.body["normalized"]
            continue
        if expected == "inline":
            audio, _ = sf.read(io.BytesIO(base64.b64decode(result.body["audio_base64"])))
            assert len(audio) > 0
            continue
        assert result.body["statusCode"] == expected, (name, result.body)
        assert result.body["headers"]["x-request-id"] == result.request_id
        if expected == 200 and result.body["isBase64Encoded"]:
            assert len(base64.b64decode(result.body["body"])) > 1000


def test_deadline_from_the_runtime_gives_504_and_the_process_lives_on(
    lambda_runtime, function_env
) -> None:  # type: ignore[no-untyped-def]
    env = {**function_env, "DEADLINE_MARGIN_MS": "1000", "MAX_TEXT_CHARS": "50000"}
    env["ESTIMATED_RTF"] = "0.0001"  # a deadline during synthesis, not the up-front refusal
    function = lambda_runtime(HANDLER, env)
    text = "A very long narration keeps the engine busy for a good while. " * 60
    slow = url_event("POST", "/v1/speech", {"text": text, "lang": "en", "steps": 100})
    result = function.invoke(slow, timeout_ms=2500)
    assert result.status == "response"
    assert result.body["statusCode"] == 504
    assert json.loads(result.body["body"])["error"]["code"] == "deadline_exceeded"
    # A response at all proves the handler answered by itself, before the runtime's
    # deadline; the remaining time it saw came from the deadline header.
    again = function.invoke(load_event("http-speech"))
    assert again.body["statusCode"] == 200


def test_broken_model_fails_init_with_a_clear_message(
    lambda_runtime, function_env, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "model"
    (broken / "onnx").mkdir(parents=True)
    function = lambda_runtime(HANDLER, {**function_env, "MODEL_DIR": str(broken)})
    error = function.wait_for_init_error(timeout=60)
    assert error.body["errorType"] == "ModelLoadError"
    assert "missing file(s)" in error.body["errorMessage"]
    assert "onnx/vocoder.onnx" in error.body["errorMessage"]
