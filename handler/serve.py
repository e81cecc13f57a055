"""`python -m handler serve [--port 8080]`: the streaming function on http://127.0.0.1, no AWS.

Each HTTP request becomes the Function URL event Lambda would send (payload format
2.0), goes to the same entry point the streaming image runs, and the answer is sent as
HTTP/1.1 chunked transfer: the status and headers first, then audio as each chunk is
encoded. Each client is served on its own thread, so one that stalls (sends slowly, or
stops reading a long stream) holds only its own request: every socket has a timeout, after
which its synthesis stops. A body's size is decided from Content-Length before a byte of it
is read: missing (or chunked) is 411, malformed 400, over MAX_BODY_BYTES 413. A failure
after the first byte ends the connection without the last chunk, so the client sees an
incomplete body, never a success; a client that goes away stops the synthesis.
"""

from __future__ import annotations

import base64
import json
import os
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from handler.context import LocalContext
from handler.errors import (
    ApiError,
    BadFramingError,
    LengthRequiredError,
    PayloadTooLargeError,
    error_body,
)
from handler.runtime.protocol import HttpStream, send_body

LOOPBACK = "127.0.0.1"


def function_url_event(
    method: str, target: str, headers: dict[str, str], body: bytes, source_ip: str
) -> dict[str, Any]:
    """The payload-2.0 event a Function URL sends for this request."""
    url = urlsplit(target)
    try:
        text, encoded = body.decode("utf-8"), False
    except UnicodeDecodeError:
        text, encoded = base64.b64encode(body).decode("ascii"), True
    now = time.time()
    return {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": url.path or "/",
        "rawQueryString": url.query,
        "headers": {name.lower(): value for name, value in headers.items()},
        "requestContext": {
            "accountId": "anonymous",
            "apiId": "local",
            "domainName": f"{LOOPBACK}",
            "http": {
                "method": method,
                "path": url.path or "/",
                "protocol": "HTTP/1.1",
                "sourceIp": source_ip,
                "userAgent": headers.get("User-Agent", ""),
            },
            "requestId": str(uuid.uuid4()),
            "routeKey": "$default",
            "stage": "$default",
            "time": time.strftime("%d/%b/%Y:%H:%M:%S +0000", time.gmtime(now)),
            "timeEpoch": int(now * 1000),
        },
        "body": text,
        "isBase64Encoded": encoded,
    }


class _RequestHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server: LocalServer

    def do_GET(self) -> None:
        self._serve()

    def do_POST(self) -> None:
        self._serve()

    def do_PUT(self) -> None:
        self._serve()

    def do_DELETE(self) -> None:
        self._serve()

    def setup(self) -> None:
        # Every read and write on this client's socket gives up after this long: a client
        # that stops reading (or sending) cannot hold its thread, or its synthesis, forever.
        self.timeout = self.server.socket_timeout
        super().setup()

    def _serve(self) -> None:
        try:
            length = body_length(
                self.command,
                self.headers.get_all("Content-Length") or [],
                self.headers.get("Transfer-Encoding"),
                self.server.max_body_bytes,
            )
        except ApiError as exc:
            self._refuse(exc)
            return
        try:
            body = self.rfile.read(length) if length else b""
        except TimeoutError:
            self.close_connection = True
            self.log_message("client sent its body too slowly; dropped")
            return
        if len(body) < length:  # the client closed before sending all it announced
            self.close_connection = True
            return
        event = function_url_event(
            self.command, self.path, dict(self.headers.items()), body, self.client_address[0]
        )
        self._answer(event)

    def _refuse(self, exc: ApiError) -> None:
        """An answer before the body was read: the connection cannot be reused, since
        what follows on it is that unread body."""
        status, document = error_body(exc, "local")
        payload = json.dumps(document).encode("utf-8")
        self.close_connection = True
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(payload)
        self.wfile.flush()

    def _answer(self, event: dict[str, Any]) -> None:
        answer = self.server.answer(event)
        self.send_response(answer.status)
        for name, value in answer.headers.items():
            self.send_header(name, value)
        for cookie in answer.cookies:
            self.send_header("Set-Cookie", cookie)
        self.send_header("Transfer-Encoding", "chunked")
        self.end_headers()
        try:
            failure = send_body(answer, self._write_chunk)
        except OSError:  # the client left, or stopped reading past the socket timeout
            self.close_connection = True
            self.log_message("client went away; synthesis stopped")
            return
        if failure is not None:
            # No last chunk: the client sees the body end early, not a success.
            self.close_connection = True
            self.log_message("stream failed: %r", failure)
            return
        self.wfile.write(b"0\r\n\r\n")
        self.wfile.flush()

    def _write_chunk(self, data: bytes) -> None:
        self.wfile.write(b"%x\r\n%b\r\n" % (len(data), data))
        self.wfile.flush()


def body_length(method: str, lengths: list[str], transfer_encoding: str | None, limit: int) -> int:
    """The body's size from its Content-Length, checked before any of it is read."""
    if transfer_encoding is not None and transfer_encoding.strip().lower() != "identity":
        raise LengthRequiredError("send the body with a Content-Length, not chunked")
    values = {value.strip() for value in lengths}
    if not values:
        if method in ("POST", "PUT"):
            raise LengthRequiredError(f"a {method} needs a Content-Length")
        return 0
    if len(values) > 1:
        raise BadFramingError("Content-Length is given more than once, with different values")
    (value,) = values
    if not value.isdigit() or not value.isascii():
        raise BadFramingError("Content-Length must be a non-negative integer")
    if len(value) > 20 or int(value) > limit:
        raise PayloadTooLargeError(f"request body exceeds {limit} bytes")
    return int(value)


class LocalServer(ThreadingHTTPServer):
    daemon_threads = True
    # The socket timeout of each client; long enough for any pause between audio chunks.
    socket_timeout = 60.0

    def __init__(
        self, port: int, timeout_seconds: float, socket_timeout: float | None = None
    ) -> None:
        from handler.stream_app import function, lambda_handler  # the init phase

        super().__init__((LOOPBACK, port), _RequestHandler)
        if socket_timeout is not None:
            self.socket_timeout = socket_timeout
        self._handler = lambda_handler
        self._context = LocalContext
        self._timeout = timeout_seconds
        self.max_body_bytes = function.settings.max_body_bytes

    def answer(self, event: dict[str, Any]) -> HttpStream:
        answer = self._handler(event, self._context(self._timeout))
        return answer if isinstance(answer, HttpStream) else HttpStream.from_response(answer)


def serve(port: int, timeout_seconds: float, socket_timeout: float = 60.0) -> None:
    # The playground is always on locally (the settings are read once, at the import below).
    os.environ["PLAYGROUND"] = "true"
    server = LocalServer(port, timeout_seconds, socket_timeout)
    host, bound = server.server_address[:2]
    print(f"serving on http://{host}:{bound} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
