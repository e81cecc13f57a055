"""The deployment-wide lexicon from S3 (LEXICON_S3_URI), fetched once at init.

Parsing and matching belong to model_layer.text.lexicon; this only reads the object.
A lexicon that cannot be fetched or parsed fails the init with a message naming it:
a function that silently ignored its lexicon would read every listed word wrong.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import urlparse

from model_layer import Lexicon, LexiconError, ModelLoadError

# A lexicon is a list of words, not a book: refuse to read more at cold start.
MAX_LEXICON_BYTES = 5 * 1024 * 1024


def parse_s3_uri(uri: str) -> tuple[str, str]:
    parsed = urlparse(uri)
    if parsed.scheme != "s3" or not parsed.netloc or not parsed.path.strip("/"):
        raise ModelLoadError(f"LEXICON_S3_URI must look like s3://bucket/key.json, got {uri!r}")
    return parsed.netloc, parsed.path.lstrip("/")


def fetch_lexicon(client: Any, uri: str) -> Lexicon:
    bucket, key = parse_s3_uri(uri)
    try:
        response = client.get_object(Bucket=bucket, Key=key)
        if int(response.get("ContentLength", 0)) > MAX_LEXICON_BYTES:
            raise ModelLoadError(f"{uri}: lexicon larger than {MAX_LEXICON_BYTES} bytes")
        data = response["Body"].read()
    except ModelLoadError:
        raise
    except Exception as exc:  # botocore's ClientError, connection errors, ...
        raise ModelLoadError(f"{uri}: cannot fetch the lexicon: {exc}") from exc
    try:
        return Lexicon.from_bytes(data, uri)
    except LexiconError as exc:
        raise ModelLoadError(str(exc)) from exc
