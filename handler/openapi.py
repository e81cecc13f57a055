"""The OpenAPI description of the HTTP API, generated from the request/response models.

`python -m handler openapi` prints it; the copy in the repo (openapi.json) is checked
by a test, so it never drifts from the code.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from handler.errors import ERROR_TABLE, INTERNAL_ERROR
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


def build_openapi() -> dict[str, Any]:
    _, schemas = models_json_schema(
        [
            (model, "validation" if "Request" in model.__name__ else "serialization")
            for model in MODELS
        ],
        ref_template="#/components/schemas/{model}",
    )
    return {
        "openapi": "3.1.0",
        "info": {
            "title": "supertonic-lambda",
            "version": "1",
            "description": "Supertonic 3 text-to-speech on AWS Lambda.",
        },
        "paths": {
            "/v1/speech": {"post": _speech_operation("Synthesize speech", SpeechRequest)},
            "/v1/audio/speech": {
                "post": _speech_operation(
                    "Synthesize speech (OpenAI-compatible)", OpenAISpeechRequest
                )
            },
            "/v1/normalize": {
                "post": {
                    "summary": "Show what /v1/speech would read, without synthesizing",
                    "description": "Same body as /v1/speech; answers the normalized text, "
                    "the language used, the chunks and the characters that would be dropped.",
                    "requestBody": {"required": True, "content": _json(SpeechRequest)},
                    "responses": {
                        "200": {
                            "description": "the text as it will be read",
                            "headers": {
                                "x-language": {
                                    "schema": {"type": "string"},
                                    "description": "language used",
                                }
                            },
                            "content": _json(NormalizeResponse),
                        },
                        **_errors(),
                    },
                }
            },
            "/v1/voices": {
                "get": {
                    "summary": "List voices",
                    "responses": {
                        "200": {"description": "voices", "content": _json(VoicesResponse)}
                    },
                }
            },
            "/v1/health": {
                "get": {
                    "summary": "Health",
                    "responses": {
                        "200": {"description": "health", "content": _json(HealthResponse)}
                    },
                }
            },
        },
        "components": {"schemas": schemas["$defs"]},
    }
