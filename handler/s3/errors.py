"""What an S3 or SQS failure means: the one table of transient errors for every caller
(HTTP delivery and batch narration alike), and the other answers callers test for."""

from __future__ import annotations

from typing import Any

from handler.errors import StorageUnavailableError

# Error codes that say "try again later" rather than "this request is wrong". NoSuchUpload
# is one too: a completion retried after its answer was lost can find the upload gone, and
# a new request (or a retried batch job) starts a new upload. HTTP 5xx and 429 answers are
# transient whatever their code.
TRANSIENT_CODES = frozenset(
    {
        "SlowDown",
        "Throttling",
        "ThrottlingException",
        "RequestThrottled",
        "RequestTimeout",
        "RequestTimeTooSkewed",
        "InternalError",
        "ServiceUnavailable",
        "OperationAborted",
        "NoSuchUpload",
    }
)
# S3 answers a failed If-None-Match / If-Match with 412; a concurrent conditional write
# to the same key can also be refused with 409 (ConditionalRequestConflict).
CONDITION_FAILED_CODES = frozenset({"PreconditionFailed", "ConditionalRequestConflict"})
NOT_FOUND_CODES = frozenset({"NoSuchKey", "404", "NotFound"})


def _response(exc: BaseException) -> dict[str, Any]:
    response = getattr(exc, "response", None)
    return response if isinstance(response, dict) else {}


def error_code(exc: BaseException) -> str:
    return str(_response(exc).get("Error", {}).get("Code", ""))


def http_status(exc: BaseException) -> int:
    status = _response(exc).get("ResponseMetadata", {}).get("HTTPStatusCode")
    return status if isinstance(status, int) else 0


def _is_client_error(exc: BaseException) -> bool:
    from botocore.exceptions import ClientError

    return isinstance(exc, ClientError)


def condition_failed(exc: BaseException) -> bool:
    return _is_client_error(exc) and (
        error_code(exc) in CONDITION_FAILED_CODES or http_status(exc) == 412
    )


def not_found(exc: BaseException) -> bool:
    return _is_client_error(exc) and error_code(exc) in NOT_FOUND_CODES


def is_transient(exc: BaseException) -> bool:
    """S3/SQS 5xx, throttling, timeouts and dropped connections: worth a retry. A botocore
    error of our own making (a bad parameter, no credentials) is not: a retry repeats it."""
    from botocore.exceptions import ConnectionError, HTTPClientError

    if isinstance(exc, StorageUnavailableError):  # s3_call's verdict, already made
        return True
    if _is_client_error(exc):
        status = http_status(exc)
        return status >= 500 or status == 429 or error_code(exc) in TRANSIENT_CODES
    return isinstance(exc, ConnectionError | HTTPClientError)
