"""The runtime loop: init once, then next invocation -> handler -> buffered or streamed answer."""

from __future__ import annotations

import http.client
import importlib
import json
import logging
import os
import sys
import time
from collections.abc import Callable
from typing import Any

from handler.runtime.client import Invocation, RuntimeApiError, RuntimeClient
from handler.runtime.protocol import (
    HTTP_INTEGRATION_CONTENT_TYPE,
    HttpStream,
    error_document,
    error_trailers,
    send_body,
)

log = logging.getLogger("handler.runtime")
Handler = Callable[[Any, Any], Any]


class LambdaContext:
    """What the Python runtime passes as `context`, from the invocation's headers and
    the environment Lambda sets."""

    def __init__(self, invocation: Invocation) -> None:
        env = os.environ.get
        self.aws_request_id = invocation.request_id
        self.invoked_function_arn = invocation.function_arn
        self.function_name = env("AWS_LAMBDA_FUNCTION_NAME", "")
        self.function_version = env("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST")
        # A string, as awslambdaric gives it.
        self.memory_limit_in_mb = env("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "")
        self.log_group_name = env("AWS_LAMBDA_LOG_GROUP_NAME", "")
        self.log_stream_name = env("AWS_LAMBDA_LOG_STREAM_NAME", "")
        self.client_context = _json_or_none(invocation.client_context)
        self.identity = _json_or_none(invocation.cognito_identity)
        self._deadline_ms = invocation.deadline_ms

    def get_remaining_time_in_millis(self) -> int:
        return max(0, self._deadline_ms - int(time.time() * 1000))


def _json_or_none(value: str | None) -> Any:
    return json.loads(value) if value else None


def serve_one(client: RuntimeClient, handler: Handler) -> None:
    invocation = client.next_invocation()
    request_id = invocation.request_id
    if invocation.trace_id:
        os.environ["_X_AMZN_TRACE_ID"] = invocation.trace_id
    else:
        os.environ.pop("_X_AMZN_TRACE_ID", None)
    try:
        event = json.loads(invocation.payload) if invocation.payload else {}
        result = handler(event, LambdaContext(invocation))
        if not isinstance(result, HttpStream):
            body = json.dumps(result).encode("utf-8")
    except Exception as exc:
        log.exception("invocation %s failed", request_id)
        client.post_error(request_id, error_document(exc) | {"requestId": request_id})
        return
    if isinstance(result, HttpStream):
        stream_response(client, request_id, result)
        return
    try:
        client.post_response(request_id, body)
    except RuntimeApiError:
        # Refused (over 6 MB, say): Lambda answers the caller; the loop goes on.
        log.exception("invocation %s: the Runtime API refused the response", request_id)


def stream_response(client: RuntimeClient, request_id: str, answer: HttpStream) -> None:
    """Prelude first, then each piece of the body as it is produced.

    A failure of the body after the prelude ends the stream with the error trailers,
    so Lambda records a failed invocation; a broken connection to the Runtime API
    closes the body (stopping whatever produces it) and is not retried.
    """
    try:
        stream = client.open_stream(request_id, HTTP_INTEGRATION_CONTENT_TYPE)
        stream.write(answer.prelude())
        failure = send_body(answer, stream.write)
        if failure is not None:
            log.error(
                "invocation %s failed after %d bytes: %r", request_id, stream.bytes_sent, failure
            )
        stream.finish(error_trailers(failure) if failure is not None else None)
    except (OSError, http.client.HTTPException, RuntimeApiError):
        answer.close()
        client.reset()
        log.exception("invocation %s: the response stream to the Runtime API broke", request_id)


def load_handler(spec: str) -> Handler:
    """`package.module.function`, imported now: this is the init phase."""
    module_name, _, function_name = spec.rpartition(".")
    module = importlib.import_module(module_name)
    return getattr(module, function_name)


def init_error_document(exc: BaseException) -> dict[str, Any]:
    document = error_document(exc)
    if isinstance(exc, ImportError):
        document["errorType"] = "Runtime.ImportModuleError"
    elif isinstance(exc, AttributeError):
        document["errorType"] = "Runtime.HandlerNotFound"
    return document


def main(spec: str, address: str | None = None, max_invocations: int | None = None) -> int:
    logging.basicConfig(stream=sys.stdout, level=logging.INFO, format="%(levelname)s %(message)s")
    client = RuntimeClient(address or os.environ["AWS_LAMBDA_RUNTIME_API"])
    try:
        handler = load_handler(spec)
    except Exception as exc:
        log.exception("init failed")
        # Lambda discards an environment whose init failed; exiting is the contract.
        client.post_init_error(init_error_document(exc))
        return 1
    served = 0
    while max_invocations is None or served < max_invocations:
        serve_one(client, handler)
        served += 1
    return 0
