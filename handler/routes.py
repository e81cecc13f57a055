"""Every HTTP route, declared once: the buffered function, the streaming function and the
OpenAPI description all read this table.

Adding a route is one `Route(...)` line here plus the method that answers it on
`handler.function.SpeechFunction` (named by `handler`); a test checks that every route's
method exists and that openapi.json lists exactly these routes.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from pydantic import BaseModel

from handler.schemas import (
    HealthResponse,
    ModelsResponse,
    NormalizeResponse,
    OpenAISpeechRequest,
    SpeechMarksRequest,
    SpeechMarksResponse,
    SpeechRequest,
    TagsResponse,
    VoicesResponse,
)


@dataclass(frozen=True)
class Route:
    method: str
    path: str
    handler: str  # the SpeechFunction method that answers it: (request) -> response
    summary: str
    description: str = ""
    request: type[BaseModel] | None = None  # the JSON body it takes
    response: type[BaseModel] | None = None  # the JSON body of its 200 answer
    media_type: str | None = None  # a 200 body that is not JSON (e.g. "text/html")
    # Audio inline or a presigned S3 URL; streamed when the Function URL streams.
    speech: bool = False
    headers: Mapping[str, str] = field(default_factory=dict)  # 200 headers it sets


ROUTES: tuple[Route, ...] = (
    Route(
        "POST", "/v1/speech", "post_speech", "Synthesize speech", request=SpeechRequest, speech=True
    ),
    Route(
        "POST",
        "/v1/audio/speech",
        "post_openai_speech",
        "Synthesize speech (OpenAI-compatible)",
        request=OpenAISpeechRequest,
        speech=True,
    ),
    Route(
        "POST",
        "/v1/normalize",
        "post_normalize",
        "Show what /v1/speech would read, without synthesizing",
        description="Same body as /v1/speech; answers the normalized text, the language "
        "used, the chunks and the characters that would be dropped.",
        request=SpeechRequest,
        response=NormalizeResponse,
        headers={"x-language": "language used"},
    ),
    Route(
        "POST",
        "/v1/speech/marks",
        "post_speech_marks",
        "Sentence (and estimated word) timings, without synthesizing",
        description="Same body as /v1/speech plus word_marks; answers when each sentence "
        "of the audio /v1/speech would give starts and ends, with offsets into the text "
        "(SSML: markup removed). Planning only.",
        request=SpeechMarksRequest,
        response=SpeechMarksResponse,
        headers={"x-language": "language used", "x-seed": "seed /v1/speech would use"},
    ),
    Route("GET", "/v1/voices", "get_voices", "List voices", response=VoicesResponse),
    Route(
        "GET",
        "/v1/models",
        "get_models",
        "List models (OpenAI-compatible)",
        description="The model ids POST /v1/audio/speech accepts as `model`; any id selects "
        "Supertonic 3.",
        response=ModelsResponse,
    ),
    Route("GET", "/v1/tags", "get_tags", "List expression tags", response=TagsResponse),
    Route("GET", "/v1/health", "get_health", "Health", response=HealthResponse),
    Route(
        "GET",
        "/",
        "get_playground",
        "Playground page (when PLAYGROUND is on)",
        media_type="text/html",
    ),
)


def route_table(routes: tuple[Route, ...] = ROUTES) -> dict[str, dict[str, Route]]:
    """path -> method -> route, for dispatch."""
    table: dict[str, dict[str, Route]] = {}
    for route in routes:
        methods = table.setdefault(route.path, {})
        if route.method in methods:
            raise ValueError(f"route {route.method} {route.path} is declared twice")
        methods[route.method] = route
    return table
