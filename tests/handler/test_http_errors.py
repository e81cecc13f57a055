"""Every wrong request gets a clear 4xx with a machine-readable code; never a 500 with a
stack trace; nothing half-written is left in S3."""

from __future__ import annotations

import base64
import json
import threading
from typing import Any

import boto3
import pytest

from handler.admission import Decision, Delivery, RouteKind, admit
from handler.context import LocalContext
from handler.deadline import Deadline
from handler.errors import DeadlineExceededError, SynthesisTooLongError
from handler.s3 import make_s3_client
from tests.handler.conftest import Invoke, body_json, load_event, url_event
from tests.infra.seaweed import S3Server


def error_of(response: dict[str, Any], status: int, code: str) -> dict[str, Any]:
    assert response["statusCode"] == status, response["body"]
    assert response["headers"]["content-type"] == "application/json"
    error = body_json(response)["error"]
    assert error["code"] == code
    assert error["status"] == status
    assert error["message"]
    assert error["request_id"] == response["headers"]["x-request-id"]
    return error


@pytest.mark.parametrize(
    ("event", "status", "code"),
    [
        ("bad-http-invalid-json", 400, "bad_json"),
        ("bad-http-unknown-voice", 400, "unknown_voice"),
        ("bad-http-speed-out-of-range", 400, "invalid_parameter"),
        ("bad-http-wrong-content-type", 415, "unsupported_media_type"),
        ("bad-http-wrong-method", 405, "method_not_allowed"),
        ("bad-http-unknown-route", 404, "route_not_found"),
    ],
)
def test_sample_bad_events(invoke: Invoke, event: str, status: int, code: str) -> None:
    error_of(invoke(load_event(event)), status, code)


def test_method_not_allowed_names_the_allowed_method(invoke: Invoke) -> None:
    response = invoke(load_event("bad-http-wrong-method"))
    assert response["headers"]["allow"] == "POST"


SPEECH_CASES: list[tuple[Any, int, str, str | None]] = [
    ([1, 2, 3], 400, "bad_json", None),
    ({"voice": "M1"}, 400, "invalid_parameter", "text"),
    # An unknown field is not named back: field names are the request's content.
    ({"text": "Hi", "colour": "blue"}, 400, "invalid_parameter", None),
    ({"text": ""}, 400, "empty_text", None),
    ({"text": "   "}, 400, "empty_text", None),
    ({"text": "\u2603\u2603"}, 400, "empty_text", None),
    ({"text": "x" * 20_001}, 400, "text_too_long", "text"),
    ({"text": "Hi", "lang": "xx"}, 400, "unsupported_language", None),
    ({"text": "Hi", "speed": 0.1}, 400, "invalid_parameter", "speed"),
    ({"text": "Hi", "steps": 0}, 400, "invalid_parameter", "steps"),
    ({"text": "Hi", "steps": 101}, 400, "invalid_parameter", "steps"),
    ({"text": "Hi", "format": "aac"}, 400, "invalid_parameter", "format"),
    ({"text": "Hi", "sample_rate": 12345}, 400, "invalid_parameter", "sample_rate"),
    (
        {"text": "Hi", "format": "opus", "sample_rate": 44100},
        400,
        "invalid_parameter",
        "sample_rate",
    ),
    ({"text": "Hi", "seed": -1}, 400, "invalid_parameter", "seed"),
    ({"text": "Hi", "delivery": "email"}, 400, "invalid_parameter", "delivery"),
    ({"text": "Hi", "voice": {"style_ttl": {"data": [[1.0]]}}}, 400, "invalid_parameter", None),
    (
        {"text": "Hi", "voice": {"style_ttl": {"data": [[0.0]]}, "style_dp": {"data": [[0.0]]}}},
        400,
        "invalid_style",
        None,
    ),
    ({"text": "Snow \u2603", "strict": True}, 400, "unsupported_characters", None),
]


@pytest.mark.parametrize(("body", "status", "code", "param"), SPEECH_CASES)
def test_bad_speech_requests(
    invoke: Invoke, body: Any, status: int, code: str, param: str | None
) -> None:
    error = error_of(invoke(url_event("POST", "/v1/speech", body)), status, code)
    if param:
        assert error["param"] == param


def test_unsupported_characters_are_listed(invoke: Invoke) -> None:
    body = {"text": "Snow \u2603 and \u2708", "strict": True}
    error = error_of(invoke(url_event("POST", "/v1/speech", body)), 400, "unsupported_characters")
    assert error["details"] == {"unsupported_characters": ["U+2603", "U+2708"]}


@pytest.mark.parametrize(
    ("body", "param"),
    [
        ({"input": "Hi", "voice": "alloy"}, "model"),
        (
            {"model": "tts-1", "input": "Hi", "voice": "alloy", "response_format": "aac"},
            "response_format",
        ),
        ({"model": "tts-1", "input": "Hi", "voice": "alloy", "speed": 4.5}, "speed"),
        ({"model": "tts-1", "input": "x" * 4097, "voice": "alloy"}, "input"),
    ],
)
def test_bad_openai_requests(invoke: Invoke, body: dict[str, Any], param: str) -> None:
    error = error_of(invoke(url_event("POST", "/v1/audio/speech", body)), 400, "invalid_parameter")
    assert error["param"] == param


def test_openai_unknown_voice(invoke: Invoke) -> None:
    body = {"model": "tts-1", "input": "Hi", "voice": "marvin"}
    error_of(invoke(url_event("POST", "/v1/audio/speech", body)), 400, "unknown_voice")


def test_oversized_body_is_413(invoke: Invoke) -> None:
    body = json.dumps({"text": "a" * 1_100_000})
    error_of(invoke(url_event("POST", "/v1/speech", body)), 413, "payload_too_large")


def test_invalid_base64_body(invoke: Invoke) -> None:
    event = url_event("POST", "/v1/speech", "%%%not base64%%%", isBase64Encoded=True)
    error_of(invoke(event), 400, "bad_json")


def test_base64_body_that_is_not_utf8(invoke: Invoke) -> None:
    event = url_event(
        "POST", "/v1/speech", base64.b64encode(b"\xff\xfe\x00").decode(), isBase64Encoded=True
    )
    error_of(invoke(event), 400, "bad_json")


def test_inline_delivery_of_too_much_audio_is_413(make_function) -> None:  # type: ignore[no-untyped-def]
    function = make_function(inline_audio_limit_bytes=20_000)
    body = {"text": "Too long for the tiny inline limit here.", "delivery": "inline"}
    error = error_of(
        function.handle(url_event("POST", "/v1/speech", body), LocalContext(60)),
        413,
        "audio_too_large",
    )
    assert error["param"] == "delivery"


def test_s3_delivery_without_a_bucket(make_function) -> None:  # type: ignore[no-untyped-def]
    function = make_function(output_bucket=None)
    body = {"text": "Where to?", "delivery": "s3"}
    error = error_of(
        function.handle(url_event("POST", "/v1/speech", body), LocalContext(60)),
        400,
        "invalid_parameter",
    )
    assert "OUTPUT_BUCKET" in error["message"]


def _leftovers(s3_server: S3Server, bucket: str) -> tuple[list[str], list[str]]:
    client = s3_server.client()
    objects = [o["Key"] for o in client.list_objects_v2(Bucket=bucket).get("Contents", [])]
    uploads = [u["Key"] for u in client.list_multipart_uploads(Bucket=bucket).get("Uploads", [])]
    return objects, uploads


def test_deadline_cancels_and_leaves_nothing_in_s3(make_function, s3_server: S3Server) -> None:  # type: ignore[no-untyped-def]
    bucket = "deadline-" + threading.get_ident().__str__()[-6:]
    s3_server.client().create_bucket(Bucket=bucket)
    function = make_function(
        output_bucket=bucket,
        deadline_margin_ms=1000,
        max_text_chars=50_000,
        estimated_rtf=0.0001,  # past the up-front estimate, to the deadline
    )
    text = "A very long narration keeps the engine busy for a good while. " * 60
    body = {"text": text, "lang": "en", "steps": 100, "delivery": "s3", "seed": 1}
    # 3 s before Lambda's deadline, with 1 s kept back: 2 s to work, enough to plan even on
    # a loaded machine, far from enough for ~240 s of audio at 100 steps.
    response = function.handle(url_event("POST", "/v1/speech", body), LocalContext(3))
    error_of(response, 504, "deadline_exceeded")
    assert _leftovers(s3_server, bucket) == ([], [])
    # The process serves the next invocation normally.
    ok = function.handle(
        url_event("POST", "/v1/speech", {"text": "Next one.", "steps": 1}), LocalContext(60)
    )
    assert ok["statusCode"] == 200


LONG_NARRATION = "A long narration that needs far more time than this invocation has. " * 40


def test_speech_that_cannot_finish_in_time_is_refused_before_synthesis(  # type: ignore[no-untyped-def]
    make_function, s3_server: S3Server
) -> None:
    bucket = "estimate-" + threading.get_ident().__str__()[-6:]
    s3_server.client().create_bucket(Bucket=bucket)
    function = make_function(output_bucket=bucket, estimated_rtf=0.4)
    body = {"text": LONG_NARRATION, "lang": "en", "steps": 1, "delivery": "s3", "seed": 1}
    # ~190 s of audio at 0.4 x (1 + 2) / 10 is ~23 s of synthesis; 10 s remain, 2 s kept back.
    response = function.handle(url_event("POST", "/v1/speech", body), LocalContext(10))
    error = error_of(response, 400, "synthesis_too_long")
    assert "this invocation has left" in error["message"]
    assert "s of audio takes about" in error["message"] and "batch narration" in error["message"]
    assert _leftovers(s3_server, bucket) == ([], [])
    # With the time for it, the same request is synthesized: the estimate refused it.
    ok = function.handle(url_event("POST", "/v1/speech", body), LocalContext(120))
    assert ok["statusCode"] == 200, ok["body"]
    assert body_json(ok)["duration_seconds"] > 100


def test_time_used_up_by_planning_is_a_deadline_not_a_long_text(make_function) -> None:  # type: ignore[no-untyped-def]
    function = make_function()
    plan = function.synthesizer.plan("A short sentence.", lang="en", steps=1, seed=1)
    margin = function.settings.deadline_margin_ms

    def decide(remaining_ms: int) -> Decision:
        deadline = Deadline(lambda: remaining_ms, margin)
        return admit(plan, route=RouteKind.buffered, deadline=deadline, settings=function.settings)

    with pytest.raises(DeadlineExceededError, match="after planning"):
        decide(margin)
    assert decide(margin + 60_000).delivery is Delivery.inline  # fits
    with pytest.raises(SynthesisTooLongError, match="this invocation has left"):
        decide(margin + 1)


def test_no_time_left_is_504_at_once(invoke: Invoke) -> None:
    error = error_of(
        invoke(url_event("POST", "/v1/speech", {"text": "Hi"}), remaining_ms=1500),
        504,
        "deadline_exceeded",
    )
    assert "ms remain" in error["message"]


def test_internal_error_is_500_with_request_id_and_no_trace(
    make_function, s3_server: S3Server
) -> None:  # type: ignore[no-untyped-def]
    # Storage that refuses our signature is the operator's mistake, not a transient fault.
    wrong_key = boto3.session.Session().client(
        "s3",
        endpoint_url=s3_server.endpoint_url,
        region_name=s3_server.region,
        aws_access_key_id=s3_server.access_key,
        aws_secret_access_key="not-the-secret",
    )
    function = make_function(s3_client=wrong_key)
    context = LocalContext(60)
    response = function.handle(
        url_event("POST", "/v1/speech", {"text": "Hi", "delivery": "s3"}), context
    )
    error = error_of(response, 500, "internal_error")
    assert context.aws_request_id in error["message"]
    assert "Traceback" not in response["body"] and "Signature" not in response["body"]
    assert "retry-after" not in response["headers"]


def test_unreachable_storage_is_503_retryable(make_function) -> None:  # type: ignore[no-untyped-def]
    from handler.config import HandlerSettings

    # A real client whose endpoint refuses connections: storage fails mid-request.
    broken = make_s3_client(HandlerSettings(s3_endpoint_url="http://127.0.0.1:9"))
    function = make_function(s3_client=broken)
    response = function.handle(
        url_event("POST", "/v1/speech", {"text": "Hi", "delivery": "s3"}), LocalContext(60)
    )
    error = error_of(response, 503, "storage_unavailable")
    assert error["retryable"] is True
    assert response["headers"]["retry-after"] == "1"
    assert "Traceback" not in response["body"] and "127.0.0.1" not in response["body"]
