"""`python -m handler status s3://bucket/key` against a real S3 server (SeaweedFS)."""

from __future__ import annotations

import json
import subprocess
import sys
import uuid
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from handler.cli.status import candidate_keys, summary
from tests.infra.process import base_env
from tests.infra.seaweed import S3Server

ROOT = Path(__file__).resolve().parents[2]
RUNNING = {
    "state": "running",
    "chunks_done": 12,
    "chunks_total": 30,
    "audio_seconds_done": 95.2,
    "audio_seconds_total": 240,
    "eta_seconds": 80,
    "updated_at": "2026-12-03T10:00:00Z",
    "segments": [{"index": 0, "state": "done"}, {"index": 1, "state": "running"}],
}


def test_summary_line() -> None:
    now = datetime(2026, 12, 3, 10, 0, 4, tzinfo=UTC)
    line = summary(RUNNING, now=now)
    assert line.startswith("running    [###########")
    assert "12/30 chunks  40%" in line and "ETA 1m20s" in line
    assert "1m35s/4m00s of audio" in line and "(updated 4s ago)" in line
    assert "segments 1/2 done" in line
    done = summary(RUNNING | {"state": "done", "chunks_done": 30, "manifest": "m.json"}, now=now)
    assert "30/30 chunks 100%" in done and "ETA" not in done and "manifest: m.json" in done
    failed = summary(
        RUNNING | {"state": "failed", "error_report": "e.json", "error_code": "invalid_ssml"},
        now=now + timedelta(hours=2),
    )
    assert "ETA" not in failed and "(updated 2h00m ago)" in failed
    assert "error_report: e.json" in failed and "error_code: invalid_ssml" in failed


def test_candidate_keys() -> None:
    assert candidate_keys("speech/book.status.json") == ["speech/book.status.json"]
    assert candidate_keys("speech/book.mp3") == [
        "speech/book.mp3.status.json",
        "speech/book.status.json",
    ]
    assert candidate_keys("speech/book") == ["speech/book.status.json"]


@pytest.fixture()
def bucket(s3_server: S3Server) -> str:
    name = f"status-{uuid.uuid4().hex[:10]}"
    s3_server.client().create_bucket(Bucket=name)
    return name


def put(s3_server: S3Server, bucket: str, key: str, document: dict[str, Any]) -> None:
    s3_server.client().put_object(Bucket=bucket, Key=key, Body=json.dumps(document).encode())


def status_cli(s3_server: S3Server, tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    env = base_env(tmp_path) | s3_server.env() | {"S3_ENDPOINT_URL": s3_server.endpoint_url}
    return subprocess.run(
        [sys.executable, "-m", "handler", "status", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.slow
def test_status_from_s3(s3_server: S3Server, bucket: str, tmp_path: Path) -> None:
    put(s3_server, bucket, "speech/book.status.json", RUNNING)
    put(s3_server, bucket, "speech/bad.status.json", RUNNING | {"state": "failed"})

    running = status_cli(s3_server, tmp_path, f"s3://{bucket}/speech/book.mp3")
    failed = status_cli(s3_server, tmp_path, f"s3://{bucket}/speech/bad.status.json")
    missing = status_cli(s3_server, tmp_path, f"s3://{bucket}/speech/none.status.json")
    malformed = status_cli(s3_server, tmp_path, "book.status.json")

    assert running.returncode == 0, running.stderr
    printed, _, bar = running.stdout.rpartition(f"s3://{bucket}/speech/book.status.json\n")
    assert json.loads(printed) == RUNNING
    assert "12/30 chunks  40%" in bar and "ETA 1m20s" in bar
    assert failed.returncode == 1 and failed.stdout.splitlines()[-1].startswith("failed")
    assert missing.returncode == 2 and "no status at" in missing.stderr
    assert malformed.returncode == 2 and "expected s3://bucket/key" in malformed.stderr


@pytest.mark.slow
def test_watch_follows_the_job_until_it_ends(
    s3_server: S3Server, bucket: str, tmp_path: Path
) -> None:
    put(s3_server, bucket, "speech/watched.status.json", RUNNING)
    env = base_env(tmp_path) | s3_server.env() | {"S3_ENDPOINT_URL": s3_server.endpoint_url}
    watcher = subprocess.Popen(
        [sys.executable, "-m", "handler", "status", f"s3://{bucket}/speech/watched",
         "--watch", "0.2"],
        stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT,
    )  # fmt: skip
    try:
        assert watcher.stdout is not None
        seen = ""
        while "running" not in seen:  # the first report is out: the job ends now
            seen += watcher.stdout.readline()
        done = RUNNING | {"state": "done", "chunks_done": 30, "manifest": "speech/w.manifest.json"}
        put(s3_server, bucket, "speech/watched.status.json", done)
        assert watcher.wait(timeout=120) == 0
        output = seen + watcher.stdout.read()
    finally:
        watcher.kill()
    assert "30/30 chunks 100%" in output and "manifest: speech/w.manifest.json" in output
