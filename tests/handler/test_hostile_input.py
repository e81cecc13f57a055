"""Property tests: whatever arrives (arbitrary JSON, hostile Unicode, huge numbers, deep
nesting, wrong types, odd headers and encodings) ends in a success or a documented 4xx,
never a 500, a stack trace or a server path. The example budget is fixed (the `ci` profile
in tests/conftest.py); `HYPOTHESIS_PROFILE=explore` searches much further."""

from __future__ import annotations

import base64
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from handler.http import MAX_JSON_DEPTH
from tests.handler.conftest import Invoke, body_json, url_event
from tests.handler.hostile_events import (
    assert_well_answered,
    direct_events,
    function_url_events,
    openai_requests,
    speech_requests,
)
from tests.infra.fixtures import LambdaFactory
from tests.infra.lambda_function import LambdaFunction


@given(function_url_events())
def test_function_url_events(invoke: Invoke, event: dict[str, Any]) -> None:
    assert_well_answered(invoke(event), http=True)


@given(speech_requests)
def test_speech_request_bodies(invoke: Invoke, body: dict[str, Any]) -> None:
    assert_well_answered(invoke(url_event("POST", "/v1/speech", body)), http=True)


@given(openai_requests)
def test_openai_request_bodies(invoke: Invoke, body: dict[str, Any]) -> None:
    assert_well_answered(invoke(url_event("POST", "/v1/audio/speech", body)), http=True)


@given(direct_events)
def test_direct_invokes(invoke: Invoke, event: Any) -> None:
    assert_well_answered(invoke(event), http=False)


@pytest.fixture
def strict_runtime(lambda_runtime: LambdaFactory, function_env: dict[str, str]) -> LambdaFunction:
    """The real awslambdaric, with the marshaller of the Python 3.12+ managed runtimes
    (`ensure_ascii=False`), which fails on any response that is not valid UTF-8."""
    return lambda_runtime(
        "handler.app.lambda_handler", {**function_env, "AWS_EXECUTION_ENV": "AWS_Lambda_python3.12"}
    )


@given(st.one_of(function_url_events(), direct_events))
def test_through_the_real_runtime(strict_runtime: LambdaFunction, event: Any) -> None:
    """What the unit properties cannot see: the runtime's own (de)serialisation of events and
    answers, and an invocation that never ends (invoke() gives up with the runtime's log)."""
    result = strict_runtime.invoke(event, wait=60)
    assert result.status == "response", result.body
    http = isinstance(event, dict) and isinstance(event.get("requestContext"), dict)
    assert_well_answered(result.body, http=http and "http" in event["requestContext"])


# The 5xx the properties found, kept as plain examples so each stays fixed by name.
FOUND_5XX: list[tuple[str, str, int, str]] = [
    ("deep arrays", "[" * 100_000 + "]" * 100_000, 400, "bad_json"),
    ("deep objects", '{"text":' + '{"a":' * 5000 + "1" + "}" * 5001, 400, "bad_json"),
    ("5000-digit integer", '{"text": "Hi", "seed": ' + "9" * 5000 + "}", 400, "bad_json"),
    (
        "huge number in an inline style",
        '{"text": "Hi", "voice": {"style_ttl": {"data": [1e999999]}, "style_dp": {"data": [1'
        + "0" * 400
        + "]}}}",
        400,
        "invalid_style",
    ),
]


@pytest.mark.parametrize(("case", "body", "status", "code"), FOUND_5XX)
def test_bodies_that_were_500s(
    invoke: Invoke, case: str, body: str, status: int, code: str
) -> None:
    response = invoke(url_event("POST", "/v1/speech", body))
    assert_well_answered(response, http=True)
    error = body_json(response)["error"]
    assert (error["status"], error["code"]) == (status, code), case


def test_deep_nesting_names_the_limit(invoke: Invoke) -> None:
    error = body_json(
        invoke(url_event("POST", "/v1/speech", '{"text":' + "[" * 50 + "]" * 50 + "}"))
    )["error"]
    assert error["details"] == {"max_depth": MAX_JSON_DEPTH}
    assert "32 levels" in error["message"]


def test_an_inline_voice_is_well_within_the_depth_limit(invoke: Invoke) -> None:
    ttl = {"dims": [1, 50, 256], "data": [[[0.0] * 256] * 50]}
    dp = {"dims": [1, 8, 16], "data": [[[0.0] * 16] * 8]}
    body = {"text": "Hi", "steps": 1, "voice": {"style_ttl": ttl, "style_dp": dp}}
    assert invoke(url_event("POST", "/v1/speech", body))["statusCode"] == 200


@pytest.mark.parametrize(
    ("field", "value"),
    [("body", 5), ("body", {"text": "Hi"}), ("headers", ["a"]), ("rawPath", 7)],
)
def test_function_url_envelope_of_wrong_types(invoke: Invoke, field: str, value: Any) -> None:
    event = url_event("POST", "/v1/speech", {"text": "Hi"})
    event[field] = value
    error = body_json(invoke(event))["error"]
    assert (error["status"], error["code"]) == (400, "unsupported_event")
    assert f"'{field}'" in error["message"]


def test_a_lone_surrogate_is_never_echoed_in_the_error(invoke: Invoke) -> None:
    response = invoke(url_event("POST", "/v1/speech", '{"text": "Hi", "voice": "\\ud800"}'))
    assert_well_answered(response, http=True)
    message = body_json(response)["error"]["message"]
    assert "unknown voice (" in message  # its length, not the request's value
    assert "\ud800" not in message and "\\ud800" not in message


def test_a_utf8_byte_order_mark_is_accepted(invoke: Invoke) -> None:
    body = b"\xef\xbb\xbf" + json.dumps({"text": "Hi", "steps": 1}).encode()
    event = url_event("POST", "/v1/speech", base64.b64encode(body).decode(), isBase64Encoded=True)
    assert invoke(event)["statusCode"] == 200
