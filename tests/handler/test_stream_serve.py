"""`python -m handler serve`: the streaming function over real HTTP on 127.0.0.1."""

from __future__ import annotations

import http.client
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.handler.conftest import body_bytes, url_event
from tests.infra.local_server import local_server
from tests.infra.ports import LOOPBACK
from tests.infra.process import ManagedProcess

pytestmark = pytest.mark.slow
SOCKET_TIMEOUT = 2.0
TEXT = "Streaming over HTTP. The first clause leaves, and the rest of it follows, chunk by chunk."


@pytest.fixture(scope="module")
def served(
    tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[int, ManagedProcess]]:
    workdir = tmp_path_factory.mktemp("serve")
    with local_server(tiny_model_dir, workdir, "--socket-timeout", str(SOCKET_TIMEOUT)) as served:
        yield served


@pytest.fixture()
def server(served: tuple[int, ManagedProcess]) -> int:
    return served[0]


def request(port: int, method: str, path: str, body: Any = None) -> http.client.HTTPResponse:
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=60)
    payload = json.dumps(body).encode() if body is not None else None
    connection.request(method, path, payload, {"content-type": "application/json"})
    return connection.getresponse()


def test_speech_streams_the_buffered_audio(server: int, invoke) -> None:  # type: ignore[no-untyped-def]
    # 4 steps: the first chunk streamed with as many steps as buffered (first_chunk_steps).
    body = {"text": TEXT, "lang": "en", "seed": 11, "steps": 4}
    response = request(server, "POST", "/v1/speech", body)

    assert response.status == 200
    assert response.getheader("transfer-encoding") == "chunked"
    assert response.getheader("content-type") == "audio/wav"
    assert response.read() == body_bytes(invoke(url_event("POST", "/v1/speech", body)))


def test_errors_and_other_routes_answer_json(server: int) -> None:
    unknown = request(server, "POST", "/v1/speech", {"text": "hi", "voice": "nobody"})
    health = request(server, "GET", "/v1/health")
    missing = request(server, "GET", "/nowhere")

    assert unknown.status == 400 and json.loads(unknown.read())["error"]["code"] == "unknown_voice"
    assert health.status == 200 and json.loads(health.read())["status"] == "ok"
    assert (
        missing.status == 404 and json.loads(missing.read())["error"]["code"] == "route_not_found"
    )


def test_a_client_that_leaves_stops_its_synthesis_not_the_server(
    served: tuple[int, ManagedProcess],
) -> None:
    server, process = served
    body = {"text": TEXT * 6, "lang": "en", "steps": 40}
    leaving = request(server, "POST", "/v1/speech", body)
    assert leaving.status == 200
    assert leaving.read(100)  # audio started
    leaving.close()

    after = request(server, "POST", "/v1/speech", {"text": "Still here.", "lang": "en"})
    assert after.status == 200 and after.read()[:4] == b"RIFF"
    # The first request's synthesis stops at its next write to the closed connection.
    process.wait_until(
        lambda: "client went away" in process.logs(), timeout=120, what="the synthesis to stop"
    )
    assert "stream closed before its end" in process.logs()


# --- class 7 of issue 15: one client never stalls another -------------------------------
def _raw(port: int, data: bytes, timeout: float = 60) -> socket.socket:
    client = socket.create_connection((LOOPBACK, port), timeout=timeout)
    client.sendall(data)
    return client


def _answer_of(client: socket.socket) -> tuple[int, bytes]:
    """Status and everything the server sent until it closed the connection."""
    received = b""
    while chunk := client.recv(65536):
        received += chunk
    client.close()
    head, _, body = received.partition(b"\r\n\r\n")
    return int(head.split(b" ", 2)[1]), body


def _health(port: int) -> int:
    response = request(port, "GET", "/v1/health")
    response.read()
    return response.status


def test_a_client_that_stops_reading_blocks_no_one(server: int) -> None:
    body = json.dumps({"text": TEXT * 12, "lang": "en", "steps": 2, "format": "wav"}).encode()
    stalled = _raw(
        server,
        b"POST /v1/speech HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + b"Content-Length: %d\r\n\r\n%b" % (len(body), body),
    )
    stalled.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    assert stalled.recv(16).startswith(b"HTTP/1.1 200")  # its stream began; now it stops
    try:
        for _ in range(3):
            assert _health(server) == 200
        short = request(server, "POST", "/v1/speech", {"text": "Me too.", "lang": "en"})
        assert short.status == 200 and short.read()[:4] == b"RIFF"
    finally:
        stalled.close()


def test_a_client_that_never_sends_its_body_blocks_no_one(server: int) -> None:
    silent = _raw(server, b"POST /v1/speech HTTP/1.1\r\nHost: x\r\nContent-Length: 500\r\n\r\n{")
    assert _health(server) == 200
    # Its socket timeout ends it: the server closes the connection without an answer.
    assert silent.recv(1024) == b""
    silent.close()
    assert _health(server) == 200


@pytest.mark.parametrize(
    ("headers", "status", "code"),
    [
        (b"Content-Length: abc\r\n", 400, "bad_framing"),
        (b"Content-Length: -1\r\n", 400, "bad_framing"),
        (b"Content-Length: 1e3\r\n", 400, "bad_framing"),
        (b"Content-Length: 5\r\nContent-Length: 6\r\n", 400, "bad_framing"),
        (b"", 411, "length_required"),
        (b"Transfer-Encoding: chunked\r\n", 411, "length_required"),
        (b"Content-Length: 268435456\r\n", 413, "payload_too_large"),
        (b"Content-Length: 99999999999999999999999999\r\n", 413, "payload_too_large"),
    ],
    ids=["abc", "negative", "float", "two", "missing", "chunked", "256MB", "huge"],
)
def test_bad_framing_is_answered_before_any_body_is_read(
    server: int, headers: bytes, status: int, code: str
) -> None:
    # No body follows: an answer proves the size was decided from the headers alone.
    client = _raw(server, b"POST /v1/speech HTTP/1.1\r\nHost: x\r\n" + headers + b"\r\n")
    answered, body = _answer_of(client)
    assert answered == status
    assert json.loads(body)["error"]["code"] == code
    assert _health(server) == 200


@pytest.mark.parametrize("clients", [4])
def test_concurrent_clients_are_served_independently(server: int, clients: int) -> None:
    import concurrent.futures

    def speak(index: int) -> bytes:
        body = {"text": f"Client number {index} speaks.", "lang": "en", "seed": index, "steps": 2}
        response = request(server, "POST", "/v1/speech", body)
        assert response.status == 200
        return response.read()

    with concurrent.futures.ThreadPoolExecutor(clients) as pool:
        together = list(pool.map(speak, range(clients)))
    alone = [speak(index) for index in range(clients)]
    assert together == alone  # no request saw another's context, seed or deadline
