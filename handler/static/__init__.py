"""The playground page (`GET /`): one self-contained HTML document.

The page, its style and its script are kept as three files here for editing, and joined
into one document when first served: nothing is fetched by the browser but the API itself.
The Content-Security-Policy allows exactly that inline style and script by their SHA-256
hashes (no 'unsafe-inline', no nonces to keep secret), and nothing else: no other origin,
no frames, no forms posting anywhere, no plugins.
"""

from __future__ import annotations

import base64
import hashlib
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

STYLE_SLOT = "/*STYLE*/"
SCRIPT_SLOT = "/*SCRIPT*/"


@dataclass(frozen=True)
class Page:
    html: str
    content_security_policy: str


def _source(name: str) -> str:
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")


def _sha256_source(text: str) -> str:
    digest = hashlib.sha256(text.encode("utf-8")).digest()
    return f"'sha256-{base64.b64encode(digest).decode('ascii')}'"


def content_security_policy(style: str, script: str) -> str:
    directives = {
        "default-src": "'none'",
        "script-src": _sha256_source(script),
        "style-src": _sha256_source(style),
        # The API is this page's own origin.
        "connect-src": "'self'",
        # Results play from a blob: URL; audio too large for a response plays from its
        # presigned S3 URL (https:).
        "media-src": "'self' blob: https:",
        "img-src": "'self' data:",
        "base-uri": "'none'",
        "form-action": "'none'",
        "frame-ancestors": "'none'",
    }
    return "; ".join(f"{name} {value}" for name, value in directives.items())


@cache
def playground_page() -> Page:
    style = _source("playground.css")
    script = _source("playground.js")
    html = _source("playground.html")
    # The slots are filled in one pass each, so neither source can fill the other's slot.
    head, tail = html.split(SCRIPT_SLOT)
    html = head.replace(STYLE_SLOT, style) + script + tail
    return Page(html=html, content_security_policy=content_security_policy(style, script))


def playground_response() -> dict[str, Any]:
    """The page as a Function URL response."""
    page = playground_page()
    return {
        "statusCode": 200,
        "headers": {
            "content-type": "text/html; charset=utf-8",
            "content-security-policy": page.content_security_policy,
            "x-content-type-options": "nosniff",
            "referrer-policy": "no-referrer",
            "cache-control": "no-cache",
        },
        "body": page.html,
        "isBase64Encoded": False,
    }
