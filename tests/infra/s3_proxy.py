"""A fault-injecting HTTP proxy on 127.0.0.1 in front of a real S3 server.

The storage behind it is real (SeaweedFS, with real signatures and multipart uploads); the
proxy stands for what lies between Lambda and S3 on AWS: the network and S3's front end,
which under load answer `503 SlowDown`, answer slowly, or drop a connection. Faults are
chosen per S3 operation (`UploadPart`, `PutObject`, ...) and for a number of requests, so a
test can say "the next two part uploads are throttled" and count the attempts it caused.

It forwards one request per connection and answers with `Connection: close`, so every attempt
a client makes is a connection the proxy sees and can fault.
"""

from __future__ import annotations

import contextlib
import socket
import socketserver
import threading
import time
from collections import Counter
from dataclasses import dataclass
from typing import BinaryIO, Literal
from urllib.parse import parse_qs, urlsplit

from tests.infra.ports import LOOPBACK

# slowdown: answer 503 SlowDown without forwarding; delay: forward, then answer late;
# cut: close the connection without forwarding; drop_answer: forward, then close unanswered.
Action = Literal["slowdown", "delay", "cut", "drop_answer"]
_SLOWDOWN_BODY = (
    b'<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>SlowDown</Code>'
    b"<Message>Please reduce your request rate.</Message>"
    b"<RequestId>fault-proxy</RequestId><HostId>fault-proxy</HostId></Error>"
)
_MAX_HEAD_BYTES = 64 * 1024


def s3_operation(method: str, target: str) -> str:
    """The S3 API operation a path-style request is, from its method and query alone."""
    parts = urlsplit(target)
    query = parse_qs(parts.query, keep_blank_values=True)
    has_key = parts.path.strip("/").count("/") >= 1
    if method == "POST" and "uploads" in query:
        return "CreateMultipartUpload"
    if method == "POST" and "uploadId" in query:
        return "CompleteMultipartUpload"
    if method == "PUT" and "partNumber" in query:
        return "UploadPart"
    if method == "DELETE" and "uploadId" in query:
        return "AbortMultipartUpload"
    if method == "GET" and "uploads" in query:
        return "ListMultipartUploads"
    if has_key:
        verb = {"PUT": "Put", "GET": "Get", "HEAD": "Head", "DELETE": "Delete"}.get(method, method)
        return f"{verb}Object"
    return f"{method}Bucket"


@dataclass
class _Fault:
    operation: str
    action: Action
    remaining: int | None  # None: every matching request
    delay: float


class FaultProxy:
    """`inject(operation, action, times=..., delay=...)` arms a fault; `attempts` counts every
    request seen per operation, faulted or not."""

    def __init__(self, upstream_url: str) -> None:
        upstream = urlsplit(upstream_url)
        self.upstream = (upstream.hostname or LOOPBACK, upstream.port or 80)
        self.attempts: Counter[str] = Counter()
        self._faults: list[_Fault] = []
        self._lock = threading.Lock()
        self._server = _Server(self)
        self._thread = threading.Thread(
            target=self._server.serve_forever, name="s3-fault-proxy", daemon=True
        )
        self._thread.start()

    @property
    def endpoint_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    def inject(
        self, operation: str, action: Action, *, times: int | None = None, delay: float = 0.0
    ) -> None:
        with self._lock:
            self._faults.append(_Fault(operation, action, times, delay))

    def clear(self) -> None:
        with self._lock:
            self._faults.clear()
            self.attempts.clear()

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def _take_fault(self, operation: str) -> _Fault | None:
        with self._lock:
            self.attempts[operation] += 1
            for fault in self._faults:
                if fault.operation == operation and fault.remaining != 0:
                    if fault.remaining is not None:
                        fault.remaining -= 1
                    return fault
        return None

    def _serve(self, client: socket.socket) -> None:
        reader = client.makefile("rb")
        head = _read_head(reader)
        if head is None:
            return
        request_line, headers = head
        method, target, _version = request_line.split(" ", 2)
        if any(k.lower() == "expect" and v.lower() == "100-continue" for k, v in headers):
            client.sendall(b"HTTP/1.1 100 Continue\r\n\r\n")
        length = next((int(v) for k, v in headers if k.lower() == "content-length"), 0)
        body = reader.read(length) if length else b""
        fault = self._take_fault(s3_operation(method, target))
        if fault is not None and fault.action == "cut":
            client.shutdown(socket.SHUT_RDWR)
            return
        if fault is not None and fault.action == "slowdown":
            client.sendall(
                b"HTTP/1.1 503 Slow Down\r\nContent-Type: application/xml\r\n"
                + f"Content-Length: {len(_SLOWDOWN_BODY)}\r\n".encode()
                + b"Connection: close\r\n\r\n"
                + _SLOWDOWN_BODY
            )
            return
        kept = [(k, v) for k, v in headers if k.lower() not in ("expect", "connection")]
        upstream_head = request_line + "\r\n"
        upstream_head += "".join(f"{k}: {v}\r\n" for k, v in kept)
        upstream_head += "Connection: close\r\n\r\n"
        with socket.create_connection(self.upstream, timeout=60) as upstream:
            upstream.sendall(upstream_head.encode("latin-1") + body)
            response = _read_to_end(upstream)
        if fault is not None and fault.action == "drop_answer":
            client.shutdown(socket.SHUT_RDWR)
            return
        if fault is not None and fault.action == "delay":
            # The server has done the work; only its answer is late (a slow front end).
            time.sleep(fault.delay)
        client.sendall(response)


class _Handler(socketserver.BaseRequestHandler):
    server: _Server

    def handle(self) -> None:
        # OSError: the client gave up first (a read timeout), as a real network sees too.
        with contextlib.suppress(OSError):
            self.server.proxy._serve(self.request)


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, proxy: FaultProxy) -> None:
        super().__init__((LOOPBACK, 0), _Handler)
        self.proxy = proxy


def _read_head(reader: BinaryIO) -> tuple[str, list[tuple[str, str]]] | None:
    """The request line and headers, or None if the client closed without sending any."""
    lines: list[str] = []
    size = 0
    while True:
        line = reader.readline(_MAX_HEAD_BYTES)
        if not line:
            return None
        size += len(line)
        if line in (b"\r\n", b"\n") or size > _MAX_HEAD_BYTES:
            break
        lines.append(line.decode("latin-1").rstrip("\r\n"))
    if not lines:
        return None
    headers = [line.split(":", 1) for line in lines[1:] if ":" in line]
    return lines[0], [(name.strip(), value.strip()) for name, value in headers]


def _read_to_end(sock: socket.socket) -> bytes:
    chunks: list[bytes] = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)
