"""An HTTP client of the Runtime API over one keep-alive connection, as awslambdaric keeps."""

from __future__ import annotations

import http.client
import json
from collections.abc import Mapping
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any

from handler.runtime.protocol import (
    API_VERSION,
    HEADER_CLIENT_CONTEXT,
    HEADER_COGNITO_IDENTITY,
    HEADER_DEADLINE_MS,
    HEADER_ERROR_TYPE,
    HEADER_FUNCTION_ARN,
    HEADER_REQUEST_ID,
    HEADER_RESPONSE_MODE,
    HEADER_TRACE_ID,
    RESPONSE_MODE_STREAMING,
    TRAILER_ERROR_BODY,
)


class RuntimeApiError(RuntimeError):
    """The Runtime API refused a request (it answers 4xx/5xx with a JSON reason)."""


@dataclass(frozen=True)
class Invocation:
    request_id: str
    deadline_ms: int
    function_arn: str
    trace_id: str | None
    client_context: str | None
    cognito_identity: str | None
    payload: bytes


class ResponseStream:
    """One streamed `/response` POST: every `write` is one HTTP chunk, sent at once."""

    def __init__(self, connection: http.client.HTTPConnection) -> None:
        self._connection = connection
        self.bytes_sent = 0

    def write(self, data: bytes) -> None:
        if not data:
            return  # a zero-length chunk would end the body
        self._connection.send(b"%x\r\n%b\r\n" % (len(data), data))
        self.bytes_sent += len(data)

    def finish(self, trailers: Mapping[str, str] | None = None) -> None:
        """The last chunk, the trailers (an error after the first byte), then the answer."""
        fields = b"".join(f"{k}: {v}\r\n".encode("latin-1") for k, v in (trailers or {}).items())
        self._connection.send(b"0\r\n" + fields + b"\r\n")
        response = self._connection.getresponse()
        body = response.read()
        if response.status != HTTPStatus.ACCEPTED:
            raise RuntimeApiError(f"streamed response refused: {response.status} {body!r}")


class RuntimeClient:
    def __init__(self, address: str) -> None:
        host, _, port = address.rpartition(":")
        self._host, self._port = host, int(port)
        self._connection: http.client.HTTPConnection | None = None

    def _conn(self) -> http.client.HTTPConnection:
        if self._connection is None:
            # No timeout: /next blocks while the environment is frozen between events.
            self._connection = http.client.HTTPConnection(self._host, self._port)
        return self._connection

    def reset(self) -> None:
        """Drop the connection (after a broken stream); the next call opens a new one."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def _call(
        self,
        method: str,
        path: str,
        body: bytes | None = None,
        headers: Mapping[str, str] | None = None,
    ) -> http.client.HTTPResponse:
        try:
            connection = self._conn()
            connection.request(method, f"/{API_VERSION}/runtime/{path}", body, dict(headers or {}))
            return connection.getresponse()
        except (OSError, http.client.HTTPException):
            self.reset()
            raise

    def next_invocation(self) -> Invocation:
        response = self._call("GET", "invocation/next")
        payload = response.read()
        if response.status != HTTPStatus.OK:
            raise RuntimeApiError(f"invocation/next answered {response.status}: {payload!r}")
        header = response.headers.get
        return Invocation(
            request_id=header(HEADER_REQUEST_ID, ""),
            deadline_ms=int(header(HEADER_DEADLINE_MS, "0")),
            function_arn=header(HEADER_FUNCTION_ARN, ""),
            trace_id=header(HEADER_TRACE_ID),
            client_context=header(HEADER_CLIENT_CONTEXT),
            cognito_identity=header(HEADER_COGNITO_IDENTITY),
            payload=payload,
        )

    def _post(self, path: str, body: bytes, headers: Mapping[str, str]) -> None:
        response = self._call("POST", path, body, headers)
        answer = response.read()
        if response.status != HTTPStatus.ACCEPTED:
            raise RuntimeApiError(f"{path} answered {response.status}: {answer!r}")

    def post_response(self, request_id: str, body: bytes) -> None:
        self._post(f"invocation/{request_id}/response", body, {"Content-Type": "application/json"})

    def post_error(self, request_id: str, error: dict[str, Any]) -> None:
        self._post_error(f"invocation/{request_id}/error", error)

    def post_init_error(self, error: dict[str, Any]) -> None:
        self._post_error("init/error", error)

    def _post_error(self, path: str, error: dict[str, Any]) -> None:
        headers = {"Content-Type": "application/json", HEADER_ERROR_TYPE: error["errorType"]}
        self._post(path, json.dumps(error).encode("utf-8"), headers)

    def open_stream(self, request_id: str, content_type: str) -> ResponseStream:
        """Start a streamed response; its headers leave with the first chunk."""
        connection = self._conn()
        try:
            connection.putrequest(
                "POST", f"/{API_VERSION}/runtime/invocation/{request_id}/response"
            )
            connection.putheader(HEADER_RESPONSE_MODE, RESPONSE_MODE_STREAMING)
            connection.putheader("Transfer-Encoding", "chunked")
            connection.putheader("Trailer", f"{HEADER_ERROR_TYPE}, {TRAILER_ERROR_BODY}")
            connection.putheader("Content-Type", content_type)
            connection.endheaders()
        except (OSError, http.client.HTTPException):
            self.reset()
            raise
        return ResponseStream(connection)
