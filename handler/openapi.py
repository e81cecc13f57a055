"""The OpenAPI description of the HTTP API, generated from the request/response models.

`python -m handler openapi` prints it; the copy in the repo (openapi.json) is checked
by a test, so it never drifts from the code.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from handler.errors import ERROR_TABLE, INTERNAL_ERROR
from handler.routes import ROUTES, Route
from handler.schemas import (
    ErrorResponse,
    HealthResponse,
    NormalizeResponse,
    OpenAISpeechRequest,
    S3DeliveryResponse,
    SpeechRequest,
    VoicesResponse,
)

AUDIO_TYPES = ["audio/wav", "audio/flac", "audio/mpeg", "audio/ogg", "audio/pcm"]
MODELS: list[type[BaseModel]] = [
    SpeechRequest,
    OpenAISpeechRequest,
    S3DeliveryResponse,
    NormalizeResponse,
    VoicesResponse,
    HealthResponse,
    ErrorResponse,
]


def _ref(model: type[BaseModel]) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{model.__name__}"}


def _json(model: type[BaseModel]) -> dict[str, Any]:
    return {"application/json": {"schema": _ref(model)}}


def _errors() -> dict[str, Any]:
    codes: dict[int, set[str]] = {}
    for status, code in [*ERROR_TABLE.values(), INTERNAL_ERROR]:
        codes.setdefault(status, set()).add(code)
    return {
        str(status): {
            "description": "error codes: " + ", ".join(sorted(names)),
            "content": _json(ErrorResponse),
        }
        for status, names in sorted(codes.items())
    }


def _speech_operation(summary: str, request: type[BaseModel]) -> dict[str, Any]:
    return {
        "summary": summary,
        "requestBody": {"required": True, "content": _json(request)},
        "responses": {
            "200": {
                "description": "Audio inline (base64 in the Lambda envelope), or a presigned "
                "S3 URL as JSON when the audio does not fit a 6 MB response or delivery is 's3'.",
                "headers": {
                    name: {"schema": {"type": "string"}, "description": text}
                    for name, text in {
                        "x-request-id": "Lambda request id",
                        "x-audio-duration": "seconds of audio",
                        "x-sample-rate": "output sample rate",
                        "x-language": "language used",
                        "x-seed": "seed used; send it back to get the same audio",
                        "x-dropped-characters": "unsupported characters removed, as U+XXXX",
                        "x-loudness": "normalized (the voice's calibrated gain) or raw",
                        "x-cache": "hit: answered from the result cache; miss: synthesized",
                        "x-ai-generated": "always 'true': the audio is machine-generated",
                        "x-ai-model": "the model that made it, with its revision",
                    }.items()
                },
                "content": {
                    **{t: {"schema": {"type": "string", "format": "binary"}} for t in AUDIO_TYPES},
                    **_json(S3DeliveryResponse),
                },
            },
            **_errors(),
        },
    }


def _operation(route: Route) -> dict[str, Any]:
    if route.speech:
        assert route.request is not None
        operation = _speech_operation(route.summary, route.request)
    else:
        ok: dict[str, Any] = {"description": route.summary}
        if route.response is not None:
            ok["content"] = _json(route.response)
        elif route.media_type is not None:
            ok["content"] = {route.media_type: {"schema": {"type": "string"}}}
        if route.headers:
            ok["headers"] = {
                name: {"schema": {"type": "string"}, "description": text}
                for name, text in route.headers.items()
            }
        operation = {"summary": route.summary, "responses": {"200": ok}}
        if route.request is not None:
            operation["requestBody"] = {"required": True, "content": _json(route.request)}
            operation["responses"].update(_errors())
    if route.description:
        operation["description"] = route.description
    return operation


def build_openapi() -> dict[str, Any]:
    models = list(MODELS)
    for route in ROUTES:
        for model in (route.request, route.response):
            if model is not None and model not in models:
                models.append(model)
    _, schemas = models_json_schema(
        [
            (model, "validation" if "Request" in model.__name__ else "serialization")
            for model in models
        ],
        ref_template="#/components/schemas/{model}",
    )
    paths: dict[str, dict[str, Any]] = {}
    for route in ROUTES:
        paths.setdefault(route.path, {})[route.method.lower()] = _operation(route)
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "supertonic-lambda",
            "version": "1",
            "description": "Supertonic 3 text-to-speech on AWS Lambda.",
        },
        "paths": paths,
        "components": {"schemas": schemas["$defs"]},
    }
