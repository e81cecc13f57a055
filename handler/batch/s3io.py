"""Small S3 and SQS helpers for batch narration: JSON objects, conditional writes, and
telling a transient failure (retry) from a permanent one."""

from __future__ import annotations

import json
from functools import lru_cache
from typing import Any

from botocore.exceptions import BotoCoreError, ClientError

from handler.batch.keys import OWN_OUTPUT_METADATA
from handler.errors import StorageUnavailableError

# S3 answers a failed If-None-Match / If-Match with 412; a concurrent conditional write
# to the same key can also be refused with 409 (ConditionalRequestConflict).
_CONDITION_FAILED = {"PreconditionFailed", "ConditionalRequestConflict"}
_TRANSIENT_CODES = {
    "SlowDown",
    "Throttling",
    "ThrottlingException",
    "RequestThrottled",
    "RequestTimeout",
    "RequestTimeTooSkewed",
    "InternalError",
    "ServiceUnavailable",
    "OperationAborted",
}
_NOT_FOUND = {"NoSuchKey", "404", "NotFound"}


def error_code(exc: ClientError) -> str:
    return str(exc.response.get("Error", {}).get("Code", ""))


def condition_failed(exc: BaseException) -> bool:
    return isinstance(exc, ClientError) and (
        error_code(exc) in _CONDITION_FAILED
        or exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") == 412
    )


def not_found(exc: BaseException) -> bool:
    return isinstance(exc, ClientError) and error_code(exc) in _NOT_FOUND


def is_transient(exc: BaseException) -> bool:
    """S3/SQS 5xx, throttling, timeouts and dropped connections: worth a retry."""
    if isinstance(exc, StorageUnavailableError):  # the shared S3 wrapper's verdict
        return True
    if isinstance(exc, ClientError):
        status = exc.response.get("ResponseMetadata", {}).get("HTTPStatusCode") or 0
        return status >= 500 or status == 429 or error_code(exc) in _TRANSIENT_CODES
    return isinstance(exc, BotoCoreError)


def own_metadata(request_id: str, **extra: str) -> dict[str, str]:
    return {OWN_OUTPUT_METADATA: "1", "request-id": request_id, **extra}


def put_json(
    client: Any,
    bucket: str,
    key: str,
    document: Any,
    metadata: dict[str, str],
    **condition: str,
) -> str:
    """PUT a JSON document (optionally with IfNoneMatch / IfMatch); returns its ETag."""
    answer = client.put_object(
        Bucket=bucket,
        Key=key,
        Body=json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8"),
        ContentType="application/json",
        Metadata=metadata,
        **condition,
    )
    return str(answer["ETag"])


def get_json(client: Any, bucket: str, key: str) -> tuple[Any, str]:
    """A JSON document and its ETag."""
    answer = client.get_object(Bucket=bucket, Key=key)
    return json.loads(answer["Body"].read()), str(answer["ETag"])


def get_json_or_none(client: Any, bucket: str, key: str) -> Any:
    try:
        return get_json(client, bucket, key)[0]
    except ClientError as exc:
        if not_found(exc):
            return None
        raise


@lru_cache(maxsize=2)
def sqs_client(endpoint_url: str | None) -> Any:
    """Made on first use like the S3 client: only split jobs send messages."""
    import boto3
    from botocore.config import Config

    # total_max_attempts counts the first try (botocore's max_attempts counts retries only:
    # 3 there would be 4 attempts), the same rule as the S3 client's S3_MAX_ATTEMPTS.
    config = Config(retries={"total_max_attempts": 3, "mode": "standard"})
    return boto3.client("sqs", endpoint_url=endpoint_url, config=config)
