"""Lambda Managed Instances: awslambdaric with AWS_LAMBDA_MAX_CONCURRENCY forks that many
worker processes, each imports the handler after the fork and serves one invocation at a
time. The real awslambdaric runs here against the test Runtime API, every answer is checked
against its own request, and the per-process S3 client is checked with a real fork."""

from __future__ import annotations

import base64
import io
import json
import os
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import psutil
import pytest
import soundfile as sf

from handler.s3 import per_process
from tests.handler.conftest import url_event

HANDLER = "handler.app.lambda_handler"
WORKERS = 2
# One word per request, found again in its own normalized answer.
MARKERS = ("apple", "basil", "cedar", "delta", "ember", "fjord", "grove", "harbor")


def _maps_mention(pid: int, path: Path) -> bool:
    return str(path) in Path(f"/proc/{pid}/maps").read_text()


def _speech(index: int, delivery: str) -> dict[str, Any]:
    body = {
        "text": f"Request number {index} asks for its own sentence, {index * 7} words long.",
        "voice": ["M1", "F1"][index % 2],
        "seed": 1000 + index,
        "format": "wav",
        "delivery": delivery,
    }
    return url_event("POST", "/v1/speech", body)


def _normalize(index: int) -> dict[str, Any]:
    return {"action": "normalize", "text": f"The {MARKERS[index]} costs ${index}.", "lang": "en"}


@pytest.mark.skipif(not Path("/proc/self/maps").exists(), reason="needs Linux /proc")
def test_two_workers_serve_concurrent_invocations_each_answered_correctly(
    lambda_runtime, function_env: dict[str, str], s3_server
) -> None:  # type: ignore[no-untyped-def]
    function = lambda_runtime(HANDLER, {**function_env, "AWS_LAMBDA_MAX_CONCURRENCY": str(WORKERS)})
    function.api.wait_for_polls(WORKERS)

    # The parent forks before importing the handler: only the workers hold the model.
    model_dir = Path(function_env["MODEL_DIR"])
    parent = psutil.Process(function.process.pid)
    workers = parent.children()
    assert len(workers) == WORKERS
    assert not _maps_mention(parent.pid, model_dir)
    assert all(_maps_mention(worker.pid, model_dir) for worker in workers)

    requests: list[tuple[str, int, dict[str, Any]]] = []
    for index in range(8):
        kind = ("inline", "s3", "normalize")[index % 3]
        event = _normalize(index) if kind == "normalize" else _speech(index, kind)
        requests.append((kind, index, event))
    with ThreadPoolExecutor(max_workers=4) as pool:
        results = list(pool.map(lambda request: function.invoke(request[2]), requests))

    # Both workers had an invocation in hand at once; each process serves one at a time.
    assert function.api.peak_in_flight == WORKERS
    s3 = s3_server.client()
    for (kind, index, _), result in zip(requests, results, strict=True):
        assert result.status == "response", (kind, index, result.body)
        body = result.body
        if kind == "normalize":
            assert body["request_id"] == result.request_id
            assert MARKERS[index] in body["normalized"], body
            continue
        assert body["statusCode"] == 200, body
        headers = body["headers"]
        # Each answer carries its own request's id and seed: no state crossed requests.
        assert headers["x-request-id"] == result.request_id
        assert headers["x-seed"] == str(1000 + index)
        if kind == "inline":
            audio, rate = sf.read(io.BytesIO(base64.b64decode(body["body"])))
        else:
            location = json.loads(body["body"])
            stored = s3.get_object(Bucket=location["bucket"], Key=location["key"])
            audio, rate = sf.read(io.BytesIO(stored["Body"].read()))
        assert rate == int(headers["x-sample-rate"])
        assert len(audio) / rate == pytest.approx(float(headers["x-audio-duration"]), abs=0.01)
    assert len(parent.children()) == WORKERS


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_per_process_makes_a_new_client_in_a_forked_child() -> None:
    made: list[int] = []

    def make() -> object:
        made.append(os.getpid())
        return object()

    get = per_process(make)
    parent_client = get()
    assert get() is parent_client
    read_end, write_end = os.pipe()
    child = os.fork()
    if child == 0:  # pragma: no cover (runs in the child)
        ok = get() is not parent_client and get() is get() and made[-1] == os.getpid()
        os.write(write_end, b"1" if ok else b"0")
        os._exit(0)
    os.close(write_end)
    answer = os.read(read_end, 1)
    os.waitpid(child, 0)
    assert answer == b"1"
    assert get() is parent_client and made == [os.getpid()]
