"""The Lambda Runtime API, served on loopback so the real awslambdaric can run under test.

It speaks what awslambdaric 4.2.2 sends: its native client (aws-lambda-cpp over libcurl) polls
`GET /2018-06-01/runtime/invocation/next` and posts `.../invocation/{id}/response` or
`.../invocation/{id}/error` with a Content-Length body; the Python side posts
`/2018-06-01/runtime/init/error` with http.client and insists on 202 Accepted.

It also takes streamed responses as Lambda does for RESPONSE_STREAM functions
(`Lambda-Runtime-Function-Response-Mode: streaming`, chunked transfer encoding, error
trailers): the chunked framing is parsed strictly, byte for byte, and each chunk is
recorded with the wall-clock time it arrived.
"""

from __future__ import annotations

import base64
import json
import queue
import re
import sys
import threading
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal

from tests.infra.ports import LOOPBACK

_PREFIX = "/2018-06-01/runtime"
_RESULT_PATH = re.compile(rf"^{_PREFIX}/invocation/(?P<id>[^/]+)/(?P<kind>response|error)$")
# How often blocked waits look up from their queue or event to notice shutdown or an abort.
_POLL_S = 0.05
_ACCOUNT_ID = "123456789012"


def _parse_body(raw: bytes) -> Any:
    try:
        return json.loads(raw)
    except ValueError:
        return raw.decode(errors="replace")


_HTTP_INTEGRATION = "application/vnd.awslambda.http-integration-response"
_PRELUDE_DELIMITER = b"\x00" * 8
_CHUNK_SIZE = re.compile(rb"^([0-9a-f]+)\r\n$")
_TRAILER_FIELD = re.compile(rb"^([A-Za-z0-9-]+): ?(.*)\r\n$")


class FramingError(ValueError):
    """A streamed body that is not exactly valid HTTP/1.1 chunked framing."""


class StreamDropped(Exception):
    """The server hung up on a stream on purpose (RuntimeAPIServer.drop_streams_after)."""


@dataclass(frozen=True)
class StreamChunk:
    data: bytes
    arrived_at: float
    """time.time() when the whole chunk had arrived."""


@dataclass(frozen=True)
class ChunkedBody:
    chunks: tuple[StreamChunk, ...]
    trailers: dict[str, str]
    wire: bytes
    """The body exactly as it was sent: sizes, CRLFs, the last chunk and trailers."""


def read_chunked(
    rfile: Any, declared_trailers: set[str], drop_after: int | None = None
) -> ChunkedBody:
    """Parse chunked framing strictly (RFC 9112 section 7.1): lower-case hex sizes with no
    extensions, CRLF after every size and every chunk, a zero-size last chunk, then only
    trailer fields the request declared in its Trailer header, then CRLF."""
    wire = bytearray()
    chunks: list[StreamChunk] = []

    def line() -> bytes:
        raw = rfile.readline(65537)
        wire.extend(raw)
        if not raw.endswith(b"\r\n"):
            raise FramingError(f"line not ended by CRLF: {raw[:80]!r}")
        return raw

    while True:
        size_line = line()
        match = _CHUNK_SIZE.match(size_line)
        if match is None:
            raise FramingError(f"bad chunk-size line {size_line[:80]!r}")
        size = int(match[1], 16)
        if size == 0:
            break
        data = rfile.read(size)
        wire.extend(data)
        if len(data) != size:
            raise FramingError(f"chunk of {size} bytes ended after {len(data)}")
        end = rfile.read(2)
        wire.extend(end)
        if end != b"\r\n":
            raise FramingError(f"chunk data not followed by CRLF but {end!r}")
        chunks.append(StreamChunk(data, time.time()))
        if drop_after is not None and len(chunks) >= drop_after:
            raise StreamDropped(f"hung up after {len(chunks)} chunks")
    trailers: dict[str, str] = {}
    while (field_line := line()) != b"\r\n":
        match = _TRAILER_FIELD.match(field_line)
        if match is None:
            raise FramingError(f"bad trailer field {field_line[:80]!r}")
        name = match[1].decode().lower()
        if name not in declared_trailers:
            raise FramingError(f"trailer {name} was not declared in the Trailer header")
        trailers[name] = match[2].decode("latin-1")
    return ChunkedBody(tuple(chunks), trailers, bytes(wire))


@dataclass(frozen=True)
class InvocationResult:
    request_id: str
    status: Literal["response", "error"]
    body: Any
    """The posted body parsed as JSON, else as text."""
    raw_body: bytes
    headers: dict[str, str]
    """Headers of the runtime's POST, names lower-cased."""
    duration: float
    """Seconds from handing the event to the runtime until its result arrived."""
    deadline_ms: int
    """The epoch-milliseconds deadline sent in Lambda-Runtime-Deadline-Ms."""
    stream: ChunkedBody | None = None
    """Set for a streamed response (raw_body is then the de-chunked body)."""

    @property
    def error_trailer(self) -> dict[str, Any] | None:
        """The error a stream ended with (type and decoded body), if it did."""
        if self.stream is None or "lambda-runtime-function-error-type" not in self.stream.trailers:
            return None
        encoded = self.stream.trailers.get("lambda-runtime-function-error-body", "")
        return {
            "type": self.stream.trailers["lambda-runtime-function-error-type"],
            "body": json.loads(base64.b64decode(encoded)) if encoded else None,
        }

    def http_integration(self) -> tuple[dict[str, Any], bytes]:
        """(prelude, body) of a Function URL streamed response: JSON, 8 NULs, body."""
        if self.headers.get("content-type") != _HTTP_INTEGRATION:
            raise ValueError(f"content type is {self.headers.get('content-type')!r}")
        head, delimiter, body = self.raw_body.partition(_PRELUDE_DELIMITER)
        if not delimiter:
            raise ValueError("no 8-NUL delimiter after the prelude")
        return json.loads(head), body


@dataclass(frozen=True)
class InitError:
    body: Any
    raw_body: bytes
    headers: dict[str, str]


class RuntimeInitFailed(RuntimeError):
    def __init__(self, init_error: InitError) -> None:
        super().__init__(f"the runtime reported an init error: {init_error.body}")
        self.init_error = init_error


@dataclass
class _Invocation:
    request_id: str
    payload: bytes
    timeout_ms: int
    done: threading.Event = field(default_factory=threading.Event)
    result: InvocationResult | None = None
    started: float = 0.0
    deadline_ms: int = 0
    # Set when invoke() gave up: /next skips the event if it is still queued, and a late
    # result is refused as it would be after a real timeout.
    abandoned: bool = False


class _Handler(BaseHTTPRequestHandler):
    # HTTP/1.1 because libcurl keeps the connection alive between invocations.
    protocol_version = "HTTP/1.1"
    server: _Server

    def log_message(self, format: str, *args: Any) -> None:
        """Silenced: pytest would show every poll of /next on stderr."""

    def _reply(self, status: HTTPStatus, body: dict[str, Any]) -> None:
        payload = json.dumps(body).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def _read_body(self) -> tuple[bytes, ChunkedBody | None] | None:
        if self.headers.get("Transfer-Encoding", "").lower() == "chunked":
            return self._read_stream()
        length = self.headers.get("Content-Length")
        if length is None:
            self._reply(HTTPStatus.LENGTH_REQUIRED, {"errorMessage": "Content-Length required"})
            return None
        return self.rfile.read(int(length)), None

    def _read_stream(self) -> tuple[bytes, ChunkedBody] | None:
        mode = self.headers.get("Lambda-Runtime-Function-Response-Mode")
        declared = {
            name.strip().lower()
            for name in self.headers.get("Trailer", "").split(",")
            if name.strip()
        }
        try:
            if mode != "streaming":
                raise FramingError(f"chunked body with response mode {mode!r}, not 'streaming'")
            stream = read_chunked(self.rfile, declared, self.server.api.drop_streams_after)
        except StreamDropped:
            self.close_connection = True
            self.connection.close()
            return None
        except FramingError as exc:
            self.server.api.framing_errors.append(str(exc))
            self.close_connection = True
            self._reply(
                HTTPStatus.BAD_REQUEST,
                {"errorType": "InvalidChunkedBody", "errorMessage": str(exc)},
            )
            return None
        return b"".join(chunk.data for chunk in stream.chunks), stream

    def do_GET(self) -> None:
        if self.path != f"{_PREFIX}/invocation/next":
            self._reply(HTTPStatus.NOT_FOUND, {"errorMessage": f"unknown path {self.path}"})
            return
        invocation = self.server.api.take_next()
        if invocation is None:
            # Shutting down: drop the connection instead of inventing an event.
            self.close_connection = True
            return
        self.send_response(HTTPStatus.OK)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(invocation.payload)))
        for name, value in self.server.api.invocation_headers(invocation).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(invocation.payload)

    def do_POST(self) -> None:
        received = self._read_body()
        if received is None:
            return
        body, stream = received
        headers = {name.lower(): value for name, value in self.headers.items()}
        if self.path == f"{_PREFIX}/init/error":
            self.server.api.record_init_error(InitError(_parse_body(body), body, headers))
            self._reply(HTTPStatus.ACCEPTED, {"status": "OK"})
            return
        match = _RESULT_PATH.match(self.path)
        if match is None:
            self._reply(HTTPStatus.NOT_FOUND, {"errorMessage": f"unknown path {self.path}"})
            return
        kind: Literal["response", "error"] = "response" if match["kind"] == "response" else "error"
        if not self.server.api.record_result(match["id"], kind, body, headers, stream):
            self._reply(
                HTTPStatus.BAD_REQUEST,
                {"errorType": "InvalidRequestID", "errorMessage": "unknown or finished request"},
            )
            return
        self._reply(HTTPStatus.ACCEPTED, {"status": "OK"})


class _Server(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, api: RuntimeAPIServer) -> None:
        super().__init__((LOOPBACK, 0), _Handler)
        self.api = api

    def handle_error(self, request: Any, client_address: Any) -> None:
        # A runtime stopped while its keep-alive connection is open resets it; that is the
        # normal end of a test, not a server fault worth a traceback.
        if isinstance(sys.exc_info()[1], ConnectionError):
            return
        super().handle_error(request, client_address)


class RuntimeAPIServer:
    """One function's Runtime API; `invoke` queues an event and waits for the runtime's answer."""

    def __init__(self, function_name: str = "test-function", region: str = "us-east-1") -> None:
        self.function_arn = f"arn:aws:lambda:{region}:{_ACCOUNT_ID}:function:{function_name}"
        self._pending: queue.Queue[_Invocation] = queue.Queue()
        self._active: dict[str, _Invocation] = {}
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._init_error: InitError | None = None
        # Multi-concurrency (AWS_LAMBDA_MAX_CONCURRENCY): several worker processes poll /next
        # at once, each on its own server thread; these say how many, and how many
        # invocations were handed out and not yet answered at the same moment.
        self._waiting_polls = 0
        self.peak_in_flight = 0
        self._init_error_seen = threading.Event()
        self.framing_errors: list[str] = []
        self.drop_streams_after: int | None = None
        """Hang up on a streamed response after this many chunks (a broken connection)."""
        """Streamed bodies refused for their framing (a test expects none)."""
        self._server = _Server(self)
        self._thread = threading.Thread(
            target=self._server.serve_forever,
            kwargs={"poll_interval": 0.1},
            name="lambda-runtime-api",
            daemon=True,
        )
        self._thread.start()

    @property
    def address(self) -> str:
        """host:port, the value for AWS_LAMBDA_RUNTIME_API."""
        host, port = self._server.server_address[:2]
        return f"{host}:{port}"

    @property
    def init_error(self) -> InitError | None:
        return self._init_error

    def stop(self) -> None:
        self._stopping.set()
        self._server.shutdown()
        self._server.server_close()
        self._thread.join(timeout=5)

    def __enter__(self) -> RuntimeAPIServer:
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def invoke(
        self,
        event: Any,
        timeout_ms: int = 60_000,
        wait: float | None = None,
        abort: Callable[[], str | None] | None = None,
    ) -> InvocationResult:
        """Queue `event` and block until the runtime posts its response or error.

        `timeout_ms` only sets the deadline header (the function's configured timeout); nothing
        kills a handler that overruns it. `wait` bounds this call, by default the deadline plus
        15 s for a cold start. `abort` is polled and, when it returns a reason (the runtime
        process died, say), the wait ends with that reason.
        """
        payload = event if isinstance(event, bytes) else json.dumps(event).encode()
        invocation = _Invocation(str(uuid.uuid4()), payload, timeout_ms)
        self._pending.put(invocation)
        limit = timeout_ms / 1000 + 15 if wait is None else wait
        give_up = time.monotonic() + limit
        while not invocation.done.wait(_POLL_S):
            if self._init_error is not None:
                self._abandon(invocation)
                raise RuntimeInitFailed(self._init_error)
            if self.framing_errors:
                self._abandon(invocation)
                raise FramingError(f"streamed response refused: {self.framing_errors[-1]}")
            reason = abort() if abort is not None else None
            if reason is None and time.monotonic() >= give_up:
                state = "was never taken" if invocation.started == 0.0 else "got no result"
                reason = f"invocation {invocation.request_id} {state} within {limit:.1f} s"
            if reason is not None:
                self._abandon(invocation)
                raise TimeoutError(reason)
        assert invocation.result is not None
        return invocation.result

    def _abandon(self, invocation: _Invocation) -> None:
        with self._lock:
            invocation.abandoned = True
            self._active.pop(invocation.request_id, None)

    def wait_for_init_error(self, timeout: float = 30.0) -> InitError:
        if not self._init_error_seen.wait(timeout):
            raise TimeoutError(f"no POST to {_PREFIX}/init/error within {timeout:.0f} s")
        assert self._init_error is not None
        return self._init_error

    @property
    def waiting_polls(self) -> int:
        """GET /next requests blocked waiting for an event right now: one per idle worker."""
        with self._lock:
            return self._waiting_polls

    def wait_for_polls(self, count: int, timeout: float = 60.0) -> None:
        """Until `count` runtime workers are idle and polling (their init phases done)."""
        give_up = time.monotonic() + timeout
        while self.waiting_polls < count:
            if self._init_error is not None:
                raise RuntimeInitFailed(self._init_error)
            if time.monotonic() >= give_up:
                raise TimeoutError(f"{self.waiting_polls} of {count} workers polling /next")
            time.sleep(_POLL_S)

    # Called from request-handler threads.

    def take_next(self) -> _Invocation | None:
        """Block until an event is queued; None once the server is stopping."""
        with self._lock:
            self._waiting_polls += 1
        try:
            return self._take_next()
        finally:
            with self._lock:
                self._waiting_polls -= 1

    def _take_next(self) -> _Invocation | None:
        while not self._stopping.is_set():
            try:
                invocation = self._pending.get(timeout=_POLL_S)
            except queue.Empty:
                continue
            with self._lock:
                if invocation.abandoned:
                    continue
                invocation.started = time.monotonic()
                invocation.deadline_ms = int(time.time() * 1000) + invocation.timeout_ms
                self._active[invocation.request_id] = invocation
                self.peak_in_flight = max(self.peak_in_flight, len(self._active))
            return invocation
        return None

    def invocation_headers(self, invocation: _Invocation) -> dict[str, str]:
        epoch = int(time.time())
        return {
            "Lambda-Runtime-Aws-Request-Id": invocation.request_id,
            "Lambda-Runtime-Deadline-Ms": str(invocation.deadline_ms),
            "Lambda-Runtime-Invoked-Function-Arn": self.function_arn,
            "Lambda-Runtime-Trace-Id": (
                f"Root=1-{epoch:08x}-{uuid.uuid4().hex[:24]};"
                f"Parent={uuid.uuid4().hex[:16]};Sampled=0"
            ),
        }

    def record_result(
        self,
        request_id: str,
        status: Literal["response", "error"],
        body: bytes,
        headers: dict[str, str],
        stream: ChunkedBody | None = None,
    ) -> bool:
        with self._lock:
            invocation = self._active.pop(request_id, None)
        if invocation is None:
            return False
        invocation.result = InvocationResult(
            request_id=request_id,
            status=status,
            body=_parse_body(body),
            raw_body=body,
            headers=headers,
            duration=time.monotonic() - invocation.started,
            deadline_ms=invocation.deadline_ms,
            stream=stream,
        )
        invocation.done.set()
        return True

    def record_init_error(self, init_error: InitError) -> None:
        self._init_error = init_error
        self._init_error_seen.set()
