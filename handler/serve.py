"""`python -m handler serve [--port 8080]`: the streaming function on http://127.0.0.1, no AWS.

Each HTTP request becomes the Function URL event Lambda would send (payload format
2.0), goes to the same entry point the streaming image runs, and the answer is sent as
HTTP/1.1 chunked transfer: the status and headers first, then audio as each chunk is
encoded. One request at a time, as one Lambda environment serves them. A failure after
the first byte ends the connection without the last chunk, so the client sees an
incomplete body, never a success; a client that goes away stops the synthesis.
"""

from __future__ import annotations

import base64
import threading
import time
import uuid
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import urlsplit

from handler.context import LocalContext
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

    def _serve(self) -> None:
        length = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(length) if length else b""
        event = function_url_event(
            self.command, self.path, dict(self.headers.items()), body, self.client_address[0]
        )
        # One request at a time, as one Lambda environment serves them; connections
        # kept alive by other clients wait here rather than block the server.
        with self.server.one_at_a_time:
            self._answer(event)

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
        except OSError:
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


class LocalServer(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, port: int, timeout_seconds: float) -> None:
        from handler.stream_app import lambda_handler  # the init phase: loads the model

        super().__init__((LOOPBACK, port), _RequestHandler)
        self._handler = lambda_handler
        self._context = LocalContext
        self._timeout = timeout_seconds
        self.one_at_a_time = threading.Lock()

    def answer(self, event: dict[str, Any]) -> HttpStream:
        answer = self._handler(event, self._context(self._timeout))
        return answer if isinstance(answer, HttpStream) else HttpStream.from_response(answer)


def serve(port: int, timeout_seconds: float) -> None:
    server = LocalServer(port, timeout_seconds)
    host, bound = server.server_address[:2]
    print(f"serving on http://{host}:{bound} (Ctrl-C stops)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
