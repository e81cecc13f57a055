"""Batch through the one admission gate, and what batch does when a job cannot fit an
invocation or a message cannot be read, on the real S3 server (SeaweedFS) and a real SQS
queue (moto's server):

- a segment invocation asks the gate (BatchRuntime.admit with its chunk range) whether its
  work fits the time it has; when it does not, the job is reported, not retried;
- planning (or the gate's estimate) that cannot fit the function timeout ends in
  `<name>.error.json` and status `failed`, not in exceptions retried into the DLQ;
- a malformed segment message is dropped (logged by its code only) and the rest of the
  SQS batch proceeds.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handler.context import LocalContext
from tests.infra.batch import (
    SegmentQueue,
    keys_in,
    open_multipart_uploads,
    read_json,
    s3_event,
    sqs_event,
)
from tests.infra.fixtures import S3Buckets

PARAGRAPH = (
    "The quick brown fox jumps over the lazy dog near the river bank. It was 3:30 pm on "
    "May 5, 2024, and we paid $12.50 for two tickets. Nobody minded the rain at all. "
)
# Lowered so the tiny model splits short texts (as in test_batch_split.py).
SPLIT = {"estimated_rtf": 1.0, "batch_max_invocation_seconds": 6.0}


def failed_items(result: dict[str, Any]) -> list[Any]:
    return list(result["batchItemFailures"])


# --- 1. segments go through the gate -------------------------------------------------


def test_a_segment_that_does_not_fit_its_invocation_is_refused_by_the_gate_and_reported(
    deliver_segmented, s3, s3_buckets: S3Buckets, queue: SegmentQueue
) -> None:
    s3.put_object(
        Bucket=s3_buckets.input,
        Key="incoming/gate.txt",
        Body=(PARAGRAPH * 6).encode(),
        Metadata={"lang": "en", "steps": "1"},
    )
    first = deliver_segmented(s3_event(s3_buckets.input, "incoming/gate.txt"), **SPLIT)
    assert first["results"][0]["outcome"] == "segmented"
    bodies = queue.bodies()
    assert len(bodies) >= 2
    # The segments were sized for an RTF of 1; the deployment now estimates 10,000x that:
    # the gate, asked with the segment's chunk range, says it cannot fit the time left.
    slower = {**SPLIT, "estimated_rtf": 10_000.0}
    result = deliver_segmented(sqs_event(bodies[0]), **slower)
    assert failed_items(result) == []  # reported, so not redelivered
    report = read_json(s3, s3_buckets.output, "speech/gate.error.json")["error"]
    assert report["code"] == "synthesis_too_long"
    assert report["details"]["stage"] == "segment"
    status = read_json(s3, s3_buckets.output, "speech/gate.status.json")
    assert status["state"] == "failed" and status["error_code"] == "synthesis_too_long"
    # Nothing synthesized, nothing half-written: no audio, no job leftovers, no open upload.
    assert "speech/gate.wav" not in keys_in(s3, s3_buckets.output, "speech/")
    work = keys_in(s3, s3_buckets.output, "batch-work/")
    assert work and all(k.startswith("batch-work/claims/") for k in work), work
    assert open_multipart_uploads(s3, s3_buckets.output) == []
    # The job's other segments, delivered later, are no-ops.
    later = [deliver_segmented(sqs_event(body), **SPLIT) for body in bodies[1:]]
    assert all(failed_items(r) == [] for r in later)
    assert "speech/gate.wav" not in keys_in(s3, s3_buckets.output, "speech/")


# --- 3. out of time: reported, not retried -------------------------------------------


@pytest.mark.parametrize(
    ("remaining_ms", "settings_"),
    [
        (500, {}),  # less than DEADLINE_MARGIN_MS: no time to plan at all
        (2_001, {}),  # 1 ms over the margin: planning is cancelled or leaves nothing
        (2_300, {"batch_max_invocation_seconds": 900.0}),  # the estimate, without a split
    ],
    ids=["no-time", "one-ms", "estimate"],
)
def test_a_job_that_cannot_fit_the_function_timeout_is_reported_not_retried(
    make_function: Callable[..., Any],
    s3,
    s3_buckets: S3Buckets,
    remaining_ms: int,
    settings_: dict[str, Any],
) -> None:
    # No segment queue: the job must fit one invocation, and it cannot.
    function = make_function(output_bucket=s3_buckets.output, **settings_)
    key = "incoming/late.txt"
    s3.put_object(
        Bucket=s3_buckets.input,
        Key=key,
        Body=(PARAGRAPH * 20).encode(),
        Metadata={"lang": "en", "steps": "8"},
    )
    event = s3_event(s3_buckets.input, key)
    # Every retry gets the same timeout: the first delivery reports, the retry is a no-op.
    results = [function.handle(event, LocalContext(remaining_ms / 1000)) for _ in range(2)]
    assert [r["results"][0]["outcome"] for r in results] == ["failed", "duplicate"]
    report = read_json(s3, s3_buckets.output, "speech/late.error.json")["error"]
    assert report["code"] == "synthesis_too_long" and report["status"] == 400
    assert report["details"]["limit"] in ("function timeout", "BATCH_MAX_INVOCATION_SECONDS")
    status = read_json(s3, s3_buckets.output, "speech/late.status.json")
    assert status["state"] == "failed" and status["error_code"] == "synthesis_too_long"
    assert status["error_report"] == "speech/late.error.json"
    assert [k for k in keys_in(s3, s3_buckets.output, "speech/") if "late." in k] == [
        "speech/late.error.json",
        "speech/late.status.json",
    ]
    assert open_multipart_uploads(s3, s3_buckets.output) == []


def test_a_segment_whose_planning_runs_out_of_time_is_reported(
    deliver_segmented, s3, s3_buckets: S3Buckets, queue: SegmentQueue
) -> None:
    s3.put_object(
        Bucket=s3_buckets.input,
        Key="incoming/slowseg.txt",
        Body=(PARAGRAPH * 6).encode(),
        Metadata={"lang": "en", "steps": "1"},
    )
    first = deliver_segmented(s3_event(s3_buckets.input, "incoming/slowseg.txt"), **SPLIT)
    assert first["results"][0]["outcome"] == "segmented"
    body = queue.bodies()[0]
    result = deliver_segmented(sqs_event(body), remaining_ms=500, **SPLIT)
    assert failed_items(result) == []
    report = read_json(s3, s3_buckets.output, "speech/slowseg.error.json")["error"]
    assert report["code"] == "synthesis_too_long"
    assert read_json(s3, s3_buckets.output, "speech/slowseg.status.json")["state"] == "failed"


# --- 4. malformed segment messages ---------------------------------------------------

VALID_JOB = "0" * 40
MALFORMED = [
    {},
    {"job": VALID_JOB},
    {"index": 0},
    {"job": None, "index": 0},
    {"job": VALID_JOB, "index": "0"},
    {"job": VALID_JOB, "index": 1.5},
    {"job": VALID_JOB, "index": -1},
    {"job": VALID_JOB, "index": True},
    {"job": VALID_JOB, "index": 10**30},
    {"job": "../../etc", "index": 0},
    {"job": ["x"], "index": 0},
    {"job": VALID_JOB, "index": 0, "extra": 1},
    [],
    "text",
    7,
    None,
]


def _segment_bodies() -> st.SearchStrategy[Any]:
    scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=50)
    values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3), max_leaves=5)
    mapping = st.dictionaries(st.sampled_from(["job", "index", "x"]), values, max_size=3)
    return (mapping | values).filter(
        lambda v: (
            not (
                isinstance(v, dict)
                and set(v) == {"job", "index"}
                and isinstance(v["job"], str)
                and type(v["index"]) is int
            )
        )
    )


def _check_dropped(
    deliver_segmented: Any,
    s3: Any,
    s3_buckets: S3Buckets,
    queue: SegmentQueue,
    caplog: pytest.LogCaptureFixture,
    bad: list[Any],
) -> None:
    """Malformed segment bodies mixed into a batch with a real job's segment messages."""
    good = queue.bodies()
    caplog.clear()
    bodies = [*({"supertonic_segment": b} for b in bad), *good]
    result = deliver_segmented(sqs_event(*bodies), **SPLIT)
    assert failed_items(result) == []
    logged = [r for r in caplog.records if r.getMessage() == "segment message dropped"]
    assert len(logged) == len(bad)
    assert all(getattr(r, "error_code", None) == "malformed_segment" for r in logged)


def test_malformed_segment_messages_are_dropped_and_the_batch_proceeds(
    deliver_segmented,
    s3,
    s3_buckets: S3Buckets,
    queue: SegmentQueue,
    caplog: pytest.LogCaptureFixture,
) -> None:
    s3.put_object(
        Bucket=s3_buckets.input,
        Key="incoming/mixed.txt",
        Body=(PARAGRAPH * 6).encode(),
        Metadata={"lang": "en", "steps": "1"},
    )
    first = deliver_segmented(s3_event(s3_buckets.input, "incoming/mixed.txt"), **SPLIT)
    assert first["results"][0]["outcome"] == "segmented"
    good = queue.bodies()
    job = good[0]["supertonic_segment"]["job"]
    # An index the job never had is dropped too (it would raise IndexError on every retry).
    bad = [*MALFORMED, {"job": job, "index": len(good)}]
    _check_dropped(deliver_segmented, s3, s3_buckets, queue, caplog, bad)
    # The good messages in the same batch assembled the narration.
    manifest = read_json(s3, s3_buckets.output, "speech/mixed.manifest.json")
    assert manifest["segments"] == len(good)


@settings(
    max_examples=40,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(bad=st.lists(_segment_bodies(), min_size=1, max_size=4))
def test_generated_malformed_segment_messages_never_fail_the_batch(
    deliver_segmented, caplog: pytest.LogCaptureFixture, bad: list[Any]
) -> None:
    caplog.clear()
    bodies = [{"supertonic_segment": b} for b in bad] + [json.dumps({"unrelated": 1})]
    result = deliver_segmented(sqs_event(*bodies))
    assert failed_items(result) == []
    logged = [r for r in caplog.records if r.getMessage() == "segment message dropped"]
    assert len(logged) == len(bad)
