"""A dialogue script, `"script": [{"voice": "M1", "text": "…"}, …]`, read as the SSML it
means: each line a paragraph in its own `<voice>` (and `<lang>`, `<prosody>` where the
line asks), a pause between lines. One path for scripts and SSML: the same chunking (no
chunk mixes voices), marks with each line's speaker, the same limits."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol
from xml.sax.saxutils import escape, quoteattr

DEFAULT_PAUSE_MS = 300


class ScriptLineLike(Protocol):
    voice: str
    text: str
    lang: str | None
    speed: float | None


def script_to_ssml(
    lines: Sequence[ScriptLineLike], request_speed: float, pause_ms: int = DEFAULT_PAUSE_MS
) -> str:
    parts = ["<speak>"]
    for number, line in enumerate(lines):
        if number:
            parts.append(f'<break time="{pause_ms}ms"/>')
        text = escape(line.text)
        if line.speed is not None:
            text = f'<prosody rate="{line.speed / request_speed:.6g}">{text}</prosody>'
        if line.lang is not None:
            text = f"<lang xml:lang={quoteattr(line.lang)}>{text}</lang>"
        parts.append(f"<p><voice name={quoteattr(line.voice)}>{text}</voice></p>")
    parts.append("</speak>")
    return "".join(parts)
