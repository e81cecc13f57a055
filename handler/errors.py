"""Every failure maps to a status, a machine-readable code and a message: this table."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Sequence
from functools import lru_cache
from typing import Any

from model_layer import (
    EmptyTextError,
    InvalidRequestError,
    InvalidSsmlError,
    InvalidStyleError,
    NonFiniteAudioError,
    SpokenTextTooLongError,
    SynthesisCancelled,
    UnknownVoiceError,
    UnsupportedLanguageError,
)
from model_layer.documents.model import DocumentError
from model_layer.text import UnsupportedCharactersError


class ApiError(Exception):
    """An error the handler raises itself; its status and code come from ERROR_TABLE."""

    def __init__(self, message: str, *, param: str | None = None, details: Any = None):
        super().__init__(message)
        self.message = message
        self.param = param
        self.details = details


class BadJsonError(ApiError):
    """Maps to code 'bad_json' in ERROR_TABLE."""


class InvalidParameterError(ApiError):
    """Maps to code 'invalid_parameter' in ERROR_TABLE."""


class TextTooLongError(ApiError):
    """Maps to code 'text_too_long' in ERROR_TABLE."""


class SilenceTooLongError(ApiError):
    """Maps to code 'silence_too_long': the planned pauses add up to more than
    MAX_SILENCE_SECONDS."""


class SynthesisTooLongError(ApiError):
    """Maps to code 'synthesis_too_long': the estimated synthesis time does not fit the
    time this invocation has left."""


class RouteNotFoundError(ApiError):
    """Maps to code 'route_not_found' in ERROR_TABLE."""


class MethodNotAllowedError(ApiError):
    """Maps to code 'method_not_allowed' in ERROR_TABLE."""


class PayloadTooLargeError(ApiError):
    """Maps to code 'payload_too_large' in ERROR_TABLE."""


class UnsupportedMediaTypeError(ApiError):
    """Maps to code 'unsupported_media_type' in ERROR_TABLE."""


class AudioTooLargeError(ApiError):
    """Maps to code 'audio_too_large' in ERROR_TABLE."""


class DeadlineExceededError(ApiError):
    """Maps to code 'deadline_exceeded' in ERROR_TABLE."""


class BadFramingError(ApiError):
    """Maps to code 'bad_framing' (`python -m handler serve` only): a Content-Length that is
    no non-negative integer, or several that disagree."""


class LengthRequiredError(ApiError):
    """Maps to code 'length_required' (`python -m handler serve` only): a body sent without a
    Content-Length (chunked uploads included), whose size cannot be checked before reading."""


class UnsupportedEventError(ApiError):
    """Maps to code 'unsupported_event' in ERROR_TABLE."""


class InvalidApiKeyError(ApiError):
    """Maps to code 'invalid_api_key' (401) in ERROR_TABLE: key mode is on and the request
    has no key, or not a known one (handler/api_keys.py)."""


class StorageUnavailableError(ApiError):
    """Maps to code 'storage_unavailable' in ERROR_TABLE: S3 failed or was too slow after
    bounded retries; nothing was left behind, and the same request may simply be sent again."""


# Exception type -> (HTTP status, code). Looked up along the exception's MRO, so the
# most specific entry wins; anything unknown is a 500 whose details are logged, not sent.
ERROR_TABLE: dict[type[BaseException], tuple[int, str]] = {
    BadJsonError: (400, "bad_json"),
    InvalidParameterError: (400, "invalid_parameter"),
    TextTooLongError: (400, "text_too_long"),
    SpokenTextTooLongError: (400, "spoken_text_too_long"),
    SilenceTooLongError: (400, "silence_too_long"),
    SynthesisTooLongError: (400, "synthesis_too_long"),
    EmptyTextError: (400, "empty_text"),
    UnknownVoiceError: (400, "unknown_voice"),
    InvalidStyleError: (400, "invalid_style"),
    UnsupportedLanguageError: (400, "unsupported_language"),
    UnsupportedCharactersError: (400, "unsupported_characters"),
    InvalidSsmlError: (400, "invalid_ssml"),
    InvalidRequestError: (400, "invalid_parameter"),
    UnsupportedEventError: (400, "unsupported_event"),
    BadFramingError: (400, "bad_framing"),
    InvalidApiKeyError: (401, "invalid_api_key"),
    RouteNotFoundError: (404, "route_not_found"),
    MethodNotAllowedError: (405, "method_not_allowed"),
    LengthRequiredError: (411, "length_required"),
    PayloadTooLargeError: (413, "payload_too_large"),
    AudioTooLargeError: (413, "audio_too_large"),
    UnsupportedMediaTypeError: (415, "unsupported_media_type"),
    NonFiniteAudioError: (422, "non_finite_audio"),
    StorageUnavailableError: (503, "storage_unavailable"),
    SynthesisCancelled: (504, "deadline_exceeded"),
    DeadlineExceededError: (504, "deadline_exceeded"),
}
# A document refused by its reader (model_layer/documents) carries its own code.
DOCUMENT_ERRORS: dict[str, int] = {
    "invalid_document": 400,
    "xml_entities_refused": 400,
    "nesting_too_deep": 400,
    "missing_part": 400,
    "document_too_large": 413,
    "archive_bomb": 413,
    "drm_protected": 422,
}
INTERNAL_ERROR = (500, "internal_error")
# Codes whose failure is transient: the body says `retryable: true` and HTTP responses carry
# Retry-After with these seconds.
RETRY_AFTER_SECONDS: dict[str, int] = {"storage_unavailable": 1}


def classify(exc: BaseException) -> tuple[int, str]:
    if isinstance(exc, DocumentError) and exc.code in DOCUMENT_ERRORS:
        return DOCUMENT_ERRORS[exc.code], exc.code
    for cls in type(exc).__mro__:
        if cls in ERROR_TABLE:
            return ERROR_TABLE[cls]
    return INTERNAL_ERROR


def error_message(exc: BaseException, inputs: Sequence[str] = ()) -> str:
    """What a response and the log may say about `exc`: its message with every quoted span
    that came from the request (`inputs`: the request's raw strings) replaced by its
    length. The engine's messages quote what they refuse (a say-as value, a tag, a voice
    name); the README promises a request's text is never echoed or logged.

    The handler's own messages (ApiError, and validation messages, which never carry input
    values) are written without request content and pass unchanged."""
    message = printable(getattr(exc, "message", None) or str(exc))
    if isinstance(exc, ApiError) or not inputs:
        return message

    def length_only(match: re.Match[str]) -> str:
        content = next(group for group in match.groups() if group is not None)
        if content.strip("?/ ") in _vocabulary() or not _from_request(content, inputs):
            return match.group(0)
        return f"({len(content)} characters)"

    return _QUOTED.sub(length_only, message)


# 'x', "x", <x> and <x/> as the engine's messages quote what they refuse.
_QUOTED = re.compile(r"'([^'\n]+)'|\"([^\"\n]+)\"|</?([^<>\n]+?)/?>")


def _from_request(content: str, inputs: Sequence[str]) -> bool:
    """Whether a quoted span carries the request's content: itself, or any word of it (a
    message may quote part of what the request said, e.g. a tag without its attributes)."""
    pieces = {content, *(word for word in _WORDS.findall(content) if len(word) >= 3)}
    for piece in pieces:
        forms = {piece, json.dumps(piece)[1:-1], json.dumps(piece, ensure_ascii=False)[1:-1]}
        if any(form in source for source in inputs for form in forms):
            return True
    return False


_WORDS = re.compile(r"\w+")


@lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    """The API's own words, which messages may quote even when a request used them too:
    the SSML subset's tags, attributes and values, language codes, format names."""
    from model_layer.constants import ALL_LANGUAGE_CODES
    from model_layer.text.ssml import BREAK_STRENGTHS, INTERPRETATIONS, RATE_LABELS

    tags = ("speak", "p", "s", "break", "sub", "say-as", "prosody", "lang")
    # SSML 1.1's other elements: naming one back tells the caller it is outside the subset.
    tags += ("audio", "desc", "emphasis", "lexicon", "lookup", "mark", "meta", "metadata")
    tags += ("phoneme", "token", "w", "voice")
    attributes = ("version", "xml:lang", "xmlns", "xsi:schemaLocation", "time", "strength")
    attributes += ("alias", "interpret-as", "format", "rate")
    formats = ("wav", "flac", "mp3", "opus", "ogg", "pcm", "text", "ssml")
    formats += ("auto", "inline", "s3")
    return frozenset(
        (
            *tags,
            *attributes,
            *INTERPRETATIONS,
            *BREAK_STRENGTHS,
            *RATE_LABELS,
            *formats,
            *ALL_LANGUAGE_CODES,
        )
    )


def error_body(
    exc: BaseException, request_id: str, inputs: Sequence[str] = ()
) -> tuple[int, dict[str, Any]]:
    status, code = classify(exc)
    if status == 500:
        message = f"internal error; quote request id {request_id} when reporting it"
    else:
        message = error_message(exc, inputs)
    error: dict[str, Any] = {
        "code": code,
        "message": message,
        "status": status,
        "request_id": request_id,
    }
    if code in RETRY_AFTER_SECONDS:
        error["retryable"] = True
    param = getattr(exc, "param", None)
    if param:
        error["param"] = param
    details = getattr(exc, "details", None)
    if details is not None and status != 500:
        error["details"] = details
    codepoints = getattr(exc, "codepoints", None)
    if codepoints:
        error["details"] = {"unsupported_characters": codepoint_labels(codepoints)}
    return status, {"error": error}


def codepoint_labels(codepoints: Iterable[int]) -> list[str]:
    """Characters as callers see them in headers and error details: `U+2603`."""
    return [f"U+{cp:04X}" for cp in codepoints]


def printable(text: str) -> str:
    """`text` as valid UTF-8: messages quote the caller's input, which may hold lone
    surrogates (legal in JSON escapes) that no response or log line can encode."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
