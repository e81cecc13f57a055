"""What OpenAI's speech API does that ours does not, in one place: its voice names, its speed
range, its Server-Sent Events, and its model list.

OpenAI's `POST /v1/audio/speech` with `stream_format: "sse"` answers `text/event-stream`:
`speech.audio.delta` events carrying base64 audio in the requested format, then one
`speech.audio.done` with `usage`. This model has no tokens, so usage counts characters of
input (`input_tokens`) and nothing for output.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable, Iterator
from contextlib import closing
from typing import Any

from model_layer.constants import MAX_SPEED, MIN_SPEED

# Every built-in OpenAI voice mapped onto a preset, so existing clients work unchanged.
OPENAI_VOICES: dict[str, str] = {
    "alloy": "F1",
    "ash": "M2",
    "ballad": "M3",
    "cedar": "M4",
    "coral": "F2",
    "echo": "M1",
    "fable": "M4",
    "marin": "F3",
    "nova": "F3",
    "onyx": "M5",
    "sage": "F4",
    "shimmer": "F5",
    "verse": "M3",
}
# The ids `model` may name; any value is accepted, these are what GET /v1/models lists.
MODEL_IDS = ("supertonic-3", "tts-1", "tts-1-hd", "gpt-4o-mini-tts")
MODELS_CREATED = 1_753_228_800  # 2025-07-23, the release the weights come from
OPENAI_MIN_SPEED, OPENAI_MAX_SPEED = 0.25, 4.0
# Audio per delta event in a buffered answer: small enough for a player to start on.
SSE_PIECE_BYTES = 48 * 1024


def voice_name(voice: str) -> str:
    """An OpenAI voice name's preset; any other name is passed on as given."""
    return OPENAI_VOICES.get(voice.lower(), voice)


def model_speed(speed: float) -> float:
    """OpenAI's 0.25-4.0 held to the model's range (0.7-2.0): outside it the model drops
    or smears words, so the nearest speed it says well is used instead."""
    return min(max(speed, MIN_SPEED), MAX_SPEED)


def models_document() -> dict[str, Any]:
    return {
        "object": "list",
        "data": [
            {"id": name, "object": "model", "created": MODELS_CREATED, "owned_by": "supertonic"}
            for name in MODEL_IDS
        ],
    }


def _event(document: dict[str, Any]) -> bytes:
    return b"data: " + json.dumps(document, separators=(",", ":")).encode() + b"\n\n"


def _delta(audio: bytes) -> bytes:
    return _event({"type": "speech.audio.delta", "audio": base64.b64encode(audio).decode()})


def _done(input_chars: int) -> bytes:
    usage = {"input_tokens": input_chars, "output_tokens": 0, "total_tokens": input_chars}
    return _event({"type": "speech.audio.done", "usage": usage})


def sse_body(audio: bytes, input_chars: int) -> bytes:
    """A whole answer as an event stream (the buffered Function URL sends it at once)."""
    pieces = [audio[i : i + SSE_PIECE_BYTES] for i in range(0, len(audio), SSE_PIECE_BYTES)]
    return b"".join(_delta(piece) for piece in pieces) + _done(input_chars)


def sse_stream(audio: Iterable[bytes], input_chars: int) -> Iterator[bytes]:
    """Each piece of a streamed answer as it comes, then the closing event; closing this
    closes `audio` (so its synthesis stops with the stream)."""
    with closing(iter(audio)) as pieces:  # type: ignore[type-var]
        for piece in pieces:
            if piece:
                yield _delta(piece)
        yield _done(input_chars)
