"""Batch narration's S3 and SQS helpers: the shared S3 layer (handler.s3, one table of
transient errors for every caller) plus the metadata that marks the function's own output."""

from __future__ import annotations

from handler.batch.keys import OWN_OUTPUT_METADATA
from handler.s3 import (
    condition_failed,
    error_code,
    get_json,
    get_json_or_none,
    is_transient,
    not_found,
    put_json,
    sqs_client,
)

__all__ = [
    "condition_failed",
    "error_code",
    "get_json",
    "get_json_or_none",
    "is_transient",
    "not_found",
    "own_metadata",
    "put_json",
    "sqs_client",
]


def own_metadata(request_id: str, **extra: str) -> dict[str, str]:
    return {OWN_OUTPUT_METADATA: "1", "request-id": request_id, **extra}
