"""X-Ray tracing: nothing imported when off; when on, the spans reach an X-Ray daemon.

The daemon is stood in for by a UDP socket on 127.0.0.1 (the X-Ray SDK sends each finished
subsegment there as one JSON datagram); the function runs for real through
`python -m handler invoke`, with the variables Lambda sets for a sampled trace.
"""

from __future__ import annotations

import json
import socket
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.infra.ports import LOOPBACK
from tests.infra.process import base_env
from tests.infra.seaweed import S3Server

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[1]
TRACE_ID = "Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1"
PROBE = (
    "import sys, runpy\n"
    "sys.argv = ['handler', 'invoke', 'events/direct-invoke.json']\n"
    "try:\n"
    "    runpy.run_module('handler', run_name='__main__')\n"
    "except SystemExit:\n"
    "    pass\n"
    "import handler.tracing\n"
    "loaded = [m for m in sys.modules if m.startswith('aws_xray_sdk')]\n"
    "print('TRACING-MODULES', loaded, handler.tracing._tracer)\n"
)


@pytest.fixture()
def env(tiny_model_dir: Path, tmp_path: Path) -> dict[str, str]:
    return base_env(tmp_path) | {"MODEL_DIR": str(tiny_model_dir), "SUPERTONIC_WARMUP": "false"}


def test_off_by_default_imports_no_tracer(env: dict[str, str]) -> None:
    run = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, env=env, cwd=ROOT
    )
    # The X-Ray SDK (and its botocore patching) never loads; no Tracer is made.
    assert "TRACING-MODULES [] None" in run.stdout, run.stderr[-2000:]


@pytest.fixture()
def daemon() -> Iterator[socket.socket]:
    receiver = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    receiver.bind((LOOPBACK, 0))
    receiver.settimeout(2)
    try:
        yield receiver
    finally:
        receiver.close()


def received_names(receiver: socket.socket) -> list[str]:
    names: list[str] = []

    def walk(document: dict) -> None:
        names.append(document["name"])
        for child in document.get("subsegments", []):
            walk(child)

    try:
        while True:
            _header, _, body = receiver.recv(65_536).decode().partition("\n")
            walk(json.loads(body))
    except TimeoutError:
        return names


def test_on_traces_load_plan_synthesize_encode_and_s3(
    env: dict[str, str], daemon: socket.socket, s3_server: S3Server, tmp_path: Path
) -> None:
    bucket = f"traced-{uuid.uuid4().hex[:10]}"
    s3_server.client().create_bucket(Bucket=bucket)
    event = {"text": "Traced to S3.", "lang": "en", "seed": 1, "delivery": "s3"}
    (tmp_path / "event.json").write_text(json.dumps(event))
    host, port = daemon.getsockname()
    traced_env = env | s3_server.env() | {
        "S3_ENDPOINT_URL": s3_server.endpoint_url,
        "OUTPUT_BUCKET": bucket,
        "POWERTOOLS_TRACE_DISABLED": "false",
        "AWS_XRAY_DAEMON_ADDRESS": f"{host}:{port}",
        # What Lambda sets: the SDK then attaches to the invocation's (sampled) trace.
        "_X_AMZN_TRACE_ID": TRACE_ID,
        "AWS_LAMBDA_FUNCTION_NAME": "supertonic-test",
        "LAMBDA_TASK_ROOT": str(tmp_path),
    }  # fmt: skip
    run = subprocess.run(
        [sys.executable, "-m", "handler", "invoke", str(tmp_path / "event.json")],
        capture_output=True, text=True, env=traced_env, cwd=ROOT, timeout=300,
    )  # fmt: skip

    assert run.returncode == 0, run.stderr[-2000:]
    names = received_names(daemon)
    for span in ("## load", "## plan", "## synthesize", "## encode", "## lambda_handler"):
        assert span in names, names
    assert "s3" in names  # botocore patched: the upload and its parts
