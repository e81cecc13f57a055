"""One S3 layer, one table of transient errors: what HTTP delivery answers 503 for is
exactly what batch narration retries."""

from __future__ import annotations

import pytest
from botocore.exceptions import (
    ClientError,
    EndpointConnectionError,
    NoCredentialsError,
    ParamValidationError,
    ReadTimeoutError,
)

from handler.batch import s3io
from handler.errors import StorageUnavailableError
from handler.s3 import is_transient, s3_call
from handler.s3.errors import TRANSIENT_CODES


def client_error(code: str, status: int) -> ClientError:
    return ClientError(
        {"Error": {"Code": code, "Message": "m"}, "ResponseMetadata": {"HTTPStatusCode": status}},
        "PutObject",
    )


TRANSIENT = [
    *(client_error(code, 400) for code in sorted(TRANSIENT_CODES)),
    client_error("", 500),
    client_error("Whatever", 503),
    client_error("TooManyRequests", 429),
    EndpointConnectionError(endpoint_url="http://127.0.0.1:1"),
    ReadTimeoutError(endpoint_url="http://127.0.0.1:1"),
]
PERMANENT = [
    client_error("AccessDenied", 403),
    client_error("NoSuchBucket", 404),
    client_error("PreconditionFailed", 412),
    ParamValidationError(report="bad"),
    NoCredentialsError(),
    ValueError("not storage at all"),
]


@pytest.mark.parametrize("exc", TRANSIENT, ids=repr)
def test_transient_failures_are_503_over_http_and_retried_in_batch(exc: Exception) -> None:
    assert is_transient(exc) and s3io.is_transient(exc)
    with pytest.raises(StorageUnavailableError) as raised, s3_call("storing the audio"):
        raise exc
    assert raised.value.__cause__ is exc
    assert "while storing the audio" in str(raised.value)
    assert is_transient(raised.value)  # batch retries what the HTTP wrapper already judged


@pytest.mark.parametrize("exc", PERMANENT, ids=repr)
def test_permanent_failures_pass_through_unchanged(exc: Exception) -> None:
    assert not is_transient(exc)
    with pytest.raises(type(exc)) as raised, s3_call("storing the audio"):
        raise exc
    assert raised.value is exc


def test_batch_uses_the_shared_layer_not_a_copy() -> None:
    import handler.s3 as shared

    for name in ("is_transient", "condition_failed", "not_found", "put_json", "get_json"):
        assert getattr(s3io, name) is getattr(shared, name)
