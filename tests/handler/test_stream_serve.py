"""`python -m handler serve`: the streaming function over real HTTP on 127.0.0.1."""

from __future__ import annotations

import http.client
import json
import socket
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.handler.conftest import body_bytes, url_event
from tests.infra.ports import LOOPBACK, free_port
from tests.infra.process import ManagedProcess, base_env

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
TEXT = "Streaming over HTTP. The first clause leaves, and the rest of it follows, chunk by chunk."


@pytest.fixture(scope="module")
def served(
    tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[int, ManagedProcess]]:
    port = free_port()
    workdir = tmp_path_factory.mktemp("serve")
    env = base_env(workdir) | {"MODEL_DIR": str(tiny_model_dir), "SUPERTONIC_WARMUP": "false"}
    process = ManagedProcess(
        "handler serve",
        [sys.executable, "-m", "handler", "serve", "--port", str(port)],
        env=env,
        cwd=ROOT,
        log_path=workdir / "serve.log",
    )
    try:
        process.wait_until(lambda: _answers(port), timeout=60, what="the local server")
        yield port, process
    finally:
        process.stop()


@pytest.fixture()
def server(served: tuple[int, ManagedProcess]) -> int:
    return served[0]


def _answers(port: int) -> bool:
    try:
        socket.create_connection((LOOPBACK, port), timeout=1).close()
    except OSError:
        return False
    return True


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
    # Served one at a time: the first request had ended before this one began.
    assert "stream closed before its end" in process.logs()
    assert "client went away" in process.logs()
