"""The Function URL API (payload format 2.0): routing, body parsing, responses."""

from __future__ import annotations

import base64
import binascii
import codecs
import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, get_args

from pydantic import BaseModel, ValidationError

from handler.admission import check_length
from handler.errors import (
    BadJsonError,
    InvalidParameterError,
    MethodNotAllowedError,
    PayloadTooLargeError,
    RouteNotFoundError,
    UnsupportedEventError,
    UnsupportedMediaTypeError,
)
from handler.openai_compat import model_speed, voice_name
from handler.routes import Route
from handler.schemas import LexiconEntry, OpenAISpeechRequest, SpeechRequest, VoiceBlend
from handler.speech import SpeechJob, SpeechResult
from model_layer import Lexicon, LexiconError, UnsupportedLanguageError
from model_layer.audio import AudioFormat
from model_layer.provenance import provenance_headers

# The deepest request the API needs is an inline voice (6 levels); anything far deeper is an
# attack on the parser's recursion, answered 400 before it can become a 500.
MAX_JSON_DEPTH = 32


@dataclass(frozen=True)
class HttpRequest:
    method: str
    path: str
    headers: Mapping[str, str]
    body: bytes

    @classmethod
    def from_event(cls, event: Mapping[str, Any], max_body_bytes: int) -> HttpRequest:
        http = _event_field(event["requestContext"], "http", Mapping, {})
        raw = _event_field(event, "body", str, "")
        # Decoding is bounded by the check: base64 is 4/3 of the bytes it carries.
        if len(raw) > max_body_bytes * 4 // 3 + 4:
            raise PayloadTooLargeError(f"request body exceeds {max_body_bytes} bytes")
        if event.get("isBase64Encoded"):
            try:
                body = base64.b64decode(raw, validate=True)
            except (binascii.Error, ValueError) as exc:
                raise BadJsonError("request body is not valid base64") from exc
        else:
            # A lone surrogate (possible only in a direct invoke) must fail as bad JSON below.
            body = raw.encode("utf-8", "surrogatepass")
        if len(body) > max_body_bytes:
            raise PayloadTooLargeError(f"request body exceeds {max_body_bytes} bytes")
        headers = _event_field(event, "headers", Mapping, {})
        if not all(isinstance(item, str) for pair in headers.items() for item in pair):
            raise UnsupportedEventError("malformed Function URL event: headers must be strings")
        return cls(
            method=_event_field(http, "method", str, "GET").upper(),
            path=_event_field(event, "rawPath", str, "") or _event_field(http, "path", str, "/"),
            headers={name.lower(): value for name, value in headers.items()},
            body=body,
        )


def _event_field(container: Mapping[str, Any], name: str, kind: type, default: Any) -> Any:
    """A field of a Function URL event, which AWS always fills with the right types; a direct
    invoke can send anything in that shape, and gets a 400 for it."""
    value = container.get(name)
    if value is None:
        return default
    if not isinstance(value, kind):
        expected = "an object" if kind is Mapping else "a string"
        raise UnsupportedEventError(f"malformed Function URL event: '{name}' must be {expected}")
    return value


def parse_json_body(request: HttpRequest, model: type[BaseModel]) -> Any:
    content_type = request.headers.get("content-type", "application/json")
    media_type = content_type.split(";", 1)[0].strip().lower()
    if media_type != "application/json" and not media_type.endswith("+json"):
        raise UnsupportedMediaTypeError(
            f"content type '{media_type}' is not supported; send application/json"
        )
    # Windows tools (PowerShell, Notepad) start UTF-8 files with a byte-order mark.
    body = request.body.removeprefix(codecs.BOM_UTF8)
    return validate(loads_json(body or b"null", "request body"), model)


def loads_json(data: bytes | str, what: str) -> Any:
    """A JSON document from a request or an uploaded job file, every way it can be wrong
    answered as bad_json: malformed, not UTF-8, nested past the parser's recursion, or a
    number Python refuses to convert (more than 4,300 digits, a CPU-exhaustion guard)."""
    try:
        return json.loads(data)
    except RecursionError as exc:
        raise _too_deep(what) from exc
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise BadJsonError(f"{what} is not valid JSON: {_position(exc)}") from exc
    except ValueError as exc:
        raise BadJsonError(f"{what} has a number with too many digits") from exc


def _position(exc: ValueError) -> str:
    """Where the JSON went wrong, without quoting it."""
    if isinstance(exc, json.JSONDecodeError):
        return f"{exc.msg} at line {exc.lineno}, column {exc.colno}"
    if isinstance(exc, UnicodeDecodeError):
        return f"not UTF-8 at byte {exc.start}"
    return "malformed"


def validate(document: Any, model: type[BaseModel]) -> Any:
    if not isinstance(document, dict):
        raise BadJsonError("request body must be a JSON object")
    if _nested_deeper_than(document, MAX_JSON_DEPTH):
        raise _too_deep()
    try:
        return model.model_validate(document)
    except ValidationError as exc:
        first = exc.errors(include_url=False, include_input=False)[0]
        loc = first["loc"]
        message = first["msg"]
        if first["type"] == "extra_forbidden":  # its name is the request's, not ours
            loc, unknown = loc[:-1], str(loc[-1])
            message = f"an unknown field ({len(unknown)} characters) is not permitted"
        param = _param_path(loc, _field_names(model)) or None
        if param == "lang":
            raise UnsupportedLanguageError(f"lang: {first['msg']}") from exc
        raise InvalidParameterError(
            f"{param}: {message}" if param else message, param=param
        ) from exc


def _param_path(loc: tuple[int | str, ...], known: frozenset[str]) -> str:
    """The failing field's path as `a.b.3.c`, with every part that is not one of the API's
    own names (a lexicon word used as a key, an unknown field) shown as `*`: error messages
    and logs never carry request content."""
    return ".".join(str(part) if isinstance(part, int) or part in known else "*" for part in loc)


@lru_cache(maxsize=8)
def _field_names(model: type[BaseModel]) -> frozenset[str]:
    """The field names (and union tags) of `model` and every model inside it."""
    names: set[str] = {"mapping", "entries"}
    pending: list[Any] = [model]
    seen: set[Any] = set()
    while pending:
        kind = pending.pop()
        if kind in seen:
            continue
        seen.add(kind)
        if isinstance(kind, type) and issubclass(kind, BaseModel):
            for name, field in kind.model_fields.items():
                names.add(name)
                pending.append(field.annotation)
        pending.extend(get_args(kind))
    return frozenset(names)


def _too_deep(what: str = "request body") -> BadJsonError:
    return BadJsonError(
        f"{what} nests objects and arrays more than {MAX_JSON_DEPTH} levels deep",
        details={"max_depth": MAX_JSON_DEPTH},
    )


def _nested_deeper_than(document: Any, limit: int) -> bool:
    """Without recursion, so a direct invoke's deep event cannot exhaust the stack here."""
    pending: list[tuple[Any, int]] = [(document, 1)]
    while pending:
        value, depth = pending.pop()
        children = value.values() if isinstance(value, dict) else value
        if depth > limit:
            return True
        pending.extend((child, depth + 1) for child in children if isinstance(child, dict | list))
    return False


def job_from_speech_request(request: SpeechRequest, max_text_chars: int | None = None) -> SpeechJob:
    """The job a request asks for. Its length is checked by the admission gate, or here
    against `max_text_chars` (batch job files: BATCH_MAX_TEXT_CHARS) when given."""
    if max_text_chars is not None:
        check_length(request.text, "text", max_text_chars, "BATCH_MAX_TEXT_CHARS")
    voice: str | dict[str, Any]
    if isinstance(request.voice, str):
        voice = request.voice
    elif isinstance(request.voice, VoiceBlend):
        voice = request.voice.as_text()
    else:
        voice = request.voice.model_dump()
    return SpeechJob(
        text=request.text,
        voice=voice,
        lang=request.lang,
        speed=request.speed,
        steps=request.steps,
        format=AudioFormat(request.format),
        sample_rate=request.sample_rate,
        seed=request.seed,
        delivery=request.delivery,
        strict=request.strict,
        normalize=request.normalize,
        lexicon=_lexicon(request.lexicon),
        text_type=request.text_type,
        loudness=request.loudness,
        cache=request.cache,
    )


def _lexicon(entries: dict[str, str] | list[LexiconEntry] | str | None) -> Lexicon | None:
    if entries is None:
        return None
    if isinstance(entries, str):
        try:
            return Lexicon.from_pls(entries, "lexicon")
        except LexiconError as exc:
            raise InvalidParameterError(str(exc), param="lexicon") from None
    if isinstance(entries, dict):
        return Lexicon.from_mapping(entries)
    return Lexicon.from_document({"entries": [entry.model_dump() for entry in entries]})


def job_from_openai_request(request: OpenAISpeechRequest) -> SpeechJob:
    # OpenAI's pcm is 24 kHz 16-bit mono; clients play it assuming that rate.
    rate = 24_000 if request.response_format == "pcm" else None
    return SpeechJob(
        text=request.input,
        voice=voice_name(request.voice if isinstance(request.voice, str) else request.voice.id),
        speed=model_speed(request.speed),
        format=AudioFormat(request.response_format),
        sample_rate=rate,
        text_param="input",
    )


def json_response(
    status: int, document: Any, headers: Mapping[str, str] | None = None
) -> dict[str, Any]:
    return {
        "statusCode": status,
        "headers": {"content-type": "application/json", **(headers or {})},
        "body": json.dumps(document, ensure_ascii=False),
        "isBase64Encoded": False,
    }


def speech_headers(result: SpeechResult, request_id: str) -> dict[str, str]:
    headers = {
        "x-request-id": request_id,
        "x-audio-duration": f"{result.duration_seconds:.3f}",
        "x-sample-rate": str(result.sample_rate),
        "x-language": result.language,
        "x-seed": str(result.seed),
        "x-loudness": result.loudness,
        "x-cache": result.cache,
        **provenance_headers(),  # x-ai-generated, x-ai-model: the licence's disclosure
    }
    if result.dropped_characters:
        headers["x-dropped-characters"] = ",".join(result.dropped_characters)
    return headers


def audio_response(result: SpeechResult, request_id: str) -> dict[str, Any]:
    headers = speech_headers(result, request_id)
    if result.s3 is not None:
        return json_response(200, result.s3.model_dump(), headers)
    assert result.audio is not None
    return {
        "statusCode": 200,
        "headers": {"content-type": result.content_type, **headers},
        "body": base64.b64encode(result.audio).decode("ascii"),
        "isBase64Encoded": True,
    }


def find_route(routes: Mapping[str, Mapping[str, Route]], request: HttpRequest) -> Route:
    path = request.path.rstrip("/") or "/"
    methods = routes.get(path)
    if methods is None:
        raise RouteNotFoundError(f"no route {path}; routes are {', '.join(sorted(routes))}")
    route = methods.get(request.method)
    if route is None:
        allowed = ", ".join(sorted(methods))
        raise MethodNotAllowedError(
            f"{request.method} is not allowed on {path}; use {allowed}", details={"allow": allowed}
        )
    return route
