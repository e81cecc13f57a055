"""`<OUTPUT_PREFIX><name>.status.json` (issue 18, part 3) on the real S3 server: what a
narration reports while it runs and how it ends, for one invocation and for a split job.

Every status document the function writes is recorded from its S3 client (a botocore
hook sees each PutObject's body), so the tests check the whole sequence, not one read."""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable
from typing import Any

import pytest
from botocore.exceptions import ClientError

from handler.context import LocalContext
from tests.infra.batch import SegmentQueue, read_json, s3_event
from tests.infra.fixtures import S3Buckets
from tests.infra.moto_server import MotoServer
from tests.infra.seaweed import S3Server

LONG_TEXT = "The river ran quietly past the old mill while we talked about the weather. " * 40
PARAGRAPH = (
    "The quick brown fox jumps over the lazy dog near the river bank. It was 3:30 pm on "
    "May 5, 2024, and we paid $12.50 for two tickets. Nobody minded the rain at all. "
)
ISO_UTC = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$")
PATIENCE_S = 300.0  # bounds waits on the function, so a broken one fails instead of hanging


class StatusRecorder:
    """An S3 client for the function that records every status document it writes."""

    def __init__(self, s3_server: S3Server):
        self.client = s3_server.client()
        self.documents: list[dict[str, Any]] = []
        self.changed = threading.Condition()
        self.client.meta.events.register("provide-client-params.s3.PutObject", self._record)

    def _record(self, params: dict[str, Any], **_: Any) -> None:
        if params["Key"].endswith(".status.json"):
            with self.changed:
                self.documents.append(json.loads(params["Body"]))
                self.changed.notify_all()

    def wait_for(self, seen: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        with self.changed:
            found = self.changed.wait_for(
                lambda: next((d for d in self.documents if seen(d)), None), PATIENCE_S
            )
        assert found, f"no status document matched; saw {[d['state'] for d in self.documents]}"
        return found


def _assert_well_formed(document: dict[str, Any]) -> None:
    assert document["state"] in ("running", "assembling", "done", "failed")
    assert ISO_UTC.match(document["updated_at"])
    assert isinstance(document["eta_seconds"], int | float) and document["eta_seconds"] >= 0
    assert 0 <= document["chunks_done"] <= document["chunks_total"]
    assert document["chunks_done"] == sum(s["chunks_done"] for s in document["segments"])
    assert document["audio_seconds_done"] <= document["audio_seconds_total"] + 1e-3
    for segment in document["segments"]:
        assert segment["state"] in ("queued", "running", "done")
        assert 0 <= segment["chunks_done"] <= segment["chunks_total"]


def test_one_invocation_reports_progress_then_done(
    make_function: Callable[..., Any], s3_server: S3Server, s3, s3_buckets: S3Buckets
) -> None:
    """The audio upload's first part is held until the status shows the narration under
    way (some chunks done, not all): the status is written beside synthesis, not after."""
    key = "incoming/progress.txt"
    s3.put_object(
        Bucket=s3_buckets.input,
        Key=key,
        Body=LONG_TEXT.encode(),
        Metadata={"lang": "en", "steps": "1", "speed": "0.8"},
    )
    recorder = StatusRecorder(s3_server)

    def partway(document: dict[str, Any]) -> bool:
        return document["state"] == "running" and document["chunks_done"] > 0

    def hold_until_reported(**_: Any) -> None:
        recorder.wait_for(partway)

    recorder.client.meta.events.register("before-call.s3.UploadPart", hold_until_reported)
    function = make_function(
        s3_client=recorder.client,
        output_bucket=s3_buckets.output,
        batch_part_size_bytes=5 * 1024 * 1024,
        batch_status_interval_seconds=0.05,
    )
    result = function.handle(s3_event(s3_buckets.input, key), LocalContext(PATIENCE_S))
    assert result["results"][0]["outcome"] == "done"

    documents = recorder.documents
    for document in documents:
        _assert_well_formed(document)
    states = [d["state"] for d in documents]
    assert states[0] == "running" and states[-1] == "done"
    assert "done" not in states[:-1]
    done_counts = [d["chunks_done"] for d in documents]
    assert done_counts == sorted(done_counts)
    middle = recorder.wait_for(partway)
    assert middle["chunks_done"] < middle["chunks_total"]
    assert middle["segments"][0]["state"] == "running"

    manifest = read_json(s3, s3_buckets.output, "speech/progress.manifest.json")
    final = read_json(s3, s3_buckets.output, "speech/progress.status.json")
    assert final == documents[-1]
    assert final["manifest"] == "speech/progress.manifest.json"
    assert final["chunks_done"] == final["chunks_total"] == len(manifest["chunks"])
    assert final["audio_seconds_done"] == pytest.approx(manifest["duration_seconds"], abs=0.01)
    assert final["audio_seconds_total"] == pytest.approx(manifest["duration_seconds"], abs=0.01)
    assert final["eta_seconds"] == 0
    assert final["source"] == manifest["source"]
    assert [s["state"] for s in final["segments"]] == ["done"]


def test_a_rejected_upload_ends_failed_with_its_report(
    make_function: Callable[..., Any], s3, s3_buckets: S3Buckets
) -> None:
    s3.put_object(Bucket=s3_buckets.input, Key="incoming/empty.txt", Body=b"  \n")
    function = make_function(output_bucket=s3_buckets.output)
    result = function.handle(s3_event(s3_buckets.input, "incoming/empty.txt"), LocalContext(60))
    assert result["results"][0]["outcome"] == "failed"
    status = read_json(s3, s3_buckets.output, "speech/empty.status.json")
    assert status["state"] == "failed"
    assert status["error_report"] == "speech/empty.error.json"
    assert status["error_code"] == "empty_text"
    report = read_json(s3, s3_buckets.output, status["error_report"])
    assert report["error"]["code"] == "empty_text"


def test_status_writes_that_fail_never_fail_the_narration(
    make_function: Callable[..., Any], s3_server: S3Server, s3, s3_buckets: S3Buckets
) -> None:
    s3.put_object(
        Bucket=s3_buckets.input,
        Key="incoming/quiet.txt",
        Body=b"Status or not, this is read.",
        Metadata={"lang": "en", "steps": "1"},
    )
    refusing = s3_server.client()
    refused: list[str] = []

    def refuse_status(params: dict[str, Any], **_: Any) -> None:
        if params["Key"].endswith(".status.json"):
            refused.append(params["Key"])
            raise ClientError(
                {
                    "Error": {"Code": "ServiceUnavailable", "Message": "injected"},
                    "ResponseMetadata": {"HTTPStatusCode": 503},
                },
                "PutObject",
            )

    refusing.meta.events.register("provide-client-params.s3.PutObject", refuse_status)
    function = make_function(s3_client=refusing, output_bucket=s3_buckets.output)
    result = function.handle(s3_event(s3_buckets.input, "incoming/quiet.txt"), LocalContext(60))
    assert result["results"][0]["outcome"] == "done"
    assert refused  # it tried, and the narration did not care
    assert read_json(s3, s3_buckets.output, "speech/quiet.manifest.json")["segments"] == 1


def test_a_split_job_reports_every_segment_then_assembling_then_done(
    make_function: Callable[..., Any],
    s3_server: S3Server,
    s3,
    s3_buckets: S3Buckets,
    queue: SegmentQueue,
    moto_server: MotoServer,
) -> None:
    key = "incoming/book.txt"
    s3.put_object(
        Bucket=s3_buckets.input,
        Key=key,
        Body=(PARAGRAPH * 5).encode(),
        Metadata={"lang": "en", "steps": "1", "format": "mp3"},
    )
    recorder = StatusRecorder(s3_server)
    function = make_function(
        s3_client=recorder.client,
        output_bucket=s3_buckets.output,
        segment_queue_url=queue.url,
        sqs_endpoint_url=moto_server.endpoint_url,
        estimated_rtf=1.0,
        batch_max_invocation_seconds=6.0,
        batch_status_interval_seconds=0.05,
    )
    first = function.handle(s3_event(s3_buckets.input, key), LocalContext(PATIENCE_S))
    assert first["results"][0]["outcome"] == "segmented"
    queued = recorder.documents[-1]
    total = len(queued["segments"])
    assert total >= 3
    assert queued["state"] == "running" and queued["chunks_done"] == 0
    assert [s["state"] for s in queued["segments"]] == ["queued"] * total
    assert sum(s["chunks_total"] for s in queued["segments"]) == queued["chunks_total"]
    assert queued["eta_seconds"] > 0  # the estimate, before any segment ran

    results = queue.drain(lambda event: function.handle(event, LocalContext(PATIENCE_S)))
    assert all(r["batchItemFailures"] == [] for r in results)
    documents = recorder.documents
    for document in documents:
        _assert_well_formed(document)
    states = [d["state"] for d in documents]
    assert states[-2:] == ["assembling", "done"]
    assert "assembling" not in states[:-2] and "done" not in states[:-1]
    # Each segment's worker reported it running, then done; the entries of the others
    # were kept (a read-modify-write), so the count of finished segments only grows.
    for index in range(total):
        seen = [d["segments"][index]["state"] for d in documents]
        assert "running" in seen and seen[-1] == "done"
    finished = [sum(s["state"] == "done" for s in d["segments"]) for d in documents]
    assert finished == sorted(finished)

    final = read_json(s3, s3_buckets.output, "speech/book.status.json")
    manifest = read_json(s3, s3_buckets.output, "speech/book.manifest.json")
    assert final["manifest"] == "speech/book.manifest.json" and manifest["segments"] == total
    assert final["chunks_done"] == final["chunks_total"] == len(manifest["chunks"])
    assert final["eta_seconds"] == 0
