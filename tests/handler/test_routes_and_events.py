"""GET routes, direct invokes, batch events and unknown events, through the real entry point."""

from __future__ import annotations

import base64
import io
import json
from pathlib import Path

import pytest
import soundfile as sf

from handler.openapi import build_openapi
from tests.handler.conftest import Invoke, body_json, load_event

ROOT = Path(__file__).resolve().parents[2]


def test_voices(invoke: Invoke) -> None:
    response = invoke(load_event("http-voices"))
    assert response["statusCode"] == 200
    voices = {v["name"]: v["openai_aliases"] for v in body_json(response)["voices"]}
    assert set(voices) == {"M1", "M2", "M3", "M4", "M5", "F1", "F2", "F3", "F4", "F5"}
    assert "alloy" in voices["F1"]


def test_health_reports_model_and_warmth(make_function) -> None:  # type: ignore[no-untyped-def]
    from handler.context import LocalContext

    function = make_function()
    first = body_json(function.handle(load_event("http-health"), LocalContext(10)))
    second = body_json(function.handle(load_event("http-health"), LocalContext(10)))
    assert first["cold"] is True and second["cold"] is False
    assert first["model_revision"].startswith("synthetic-tiny")
    assert first["sample_rate"] == 44100
    assert len(first["languages"]) == 32 and "na" in first["languages"]
    assert len(first["voices"]) == 10


def test_trailing_slash_is_the_same_route(invoke: Invoke) -> None:
    event = load_event("http-voices")
    event["rawPath"] = "/v1/voices/"
    assert invoke(event)["statusCode"] == 200


def test_direct_invoke_returns_json_with_audio(invoke: Invoke) -> None:
    response = invoke(load_event("direct-invoke"))
    assert response["delivery"] == "inline"
    assert response["content_type"] == "audio/wav"
    assert response["x-seed"] == "7"
    audio, rate = sf.read(io.BytesIO(base64.b64decode(response["audio_base64"])))
    assert rate == 44100 and len(audio) > 0


def test_direct_invoke_error_is_json(invoke: Invoke) -> None:
    response = invoke({"text": "Hi", "speed": 9})
    assert response["error"]["code"] == "invalid_parameter"
    assert response["error"]["status"] == 400


@pytest.mark.parametrize("event", [{}, {"hello": "world"}, [1, 2], "text", None, 7])
def test_unknown_events(invoke: Invoke, event: object) -> None:
    """Answered, not raised: a raised error reaches the caller with the runtime's stack trace."""
    error = invoke(event)["error"]
    assert (error["status"], error["code"]) == (400, "unsupported_event")


def test_openapi_in_repo_is_current() -> None:
    committed = json.loads((ROOT / "openapi.json").read_text(encoding="utf-8"))
    assert committed == build_openapi(), "regenerate with: python -m handler openapi > openapi.json"


def test_openapi_lists_every_route_and_error_status() -> None:
    spec = build_openapi()
    assert set(spec["paths"]) == {
        "/v1/speech",
        "/v1/audio/speech",
        "/v1/normalize",
        "/v1/speech/marks",
        "/v1/voices",
        "/v1/models",
        "/v1/tags",
        "/v1/health",
        "/",  # the playground page, answered when PLAYGROUND is on
    }
    responses = spec["paths"]["/v1/speech"]["post"]["responses"]
    assert {"200", "400", "404", "405", "413", "415", "500", "504"} <= set(responses)
    request = spec["components"]["schemas"]["SpeechRequest"]
    assert request["properties"]["speed"]["minimum"] == 0.7
    assert request["properties"]["steps"]["maximum"] == 100


def test_every_route_is_declared_once_and_answered_by_both_functions() -> None:
    from handler.function import SpeechFunction
    from handler.routes import ROUTES, route_table
    from handler.streaming import StreamingSpeechFunction

    table = route_table()
    assert sum(len(methods) for methods in table.values()) == len(ROUTES)
    for route in ROUTES:
        for function in (SpeechFunction, StreamingSpeechFunction):
            assert callable(getattr(function, route.handler, None)), (function, route.handler)
    # The streaming function answers the speech routes its own way, and only those.
    streamed = {r.handler for r in ROUTES if r.speech}
    overridden = {
        r.handler
        for r in ROUTES
        if getattr(StreamingSpeechFunction, r.handler) is not getattr(SpeechFunction, r.handler)
    }
    assert overridden == streamed
    documented = {
        (method.upper(), path)
        for path, operations in build_openapi()["paths"].items()
        for method in operations
    }
    assert documented == {(route.method, route.path) for route in ROUTES}


def test_a_route_declared_twice_is_refused() -> None:
    from handler.routes import ROUTES, route_table

    with pytest.raises(ValueError, match="declared twice"):
        route_table((*ROUTES, ROUTES[0]))
