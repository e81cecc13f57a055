"""S3 Batch Operations jobs against the real S3 server: every listed object narrated
through the uploads' exactly-once path, one result per task with S3 Batch Operations'
codes, and one bad object never failing the others."""

from __future__ import annotations

import copy
import json
from typing import Any
from urllib.parse import quote_plus

from tests.handler.conftest import EVENTS
from tests.infra.batch import keys_in, read_json
from tests.infra.fixtures import S3Buckets

TEXT = "The library opens at 9:30 on weekdays. Bring your card."


def _event(bucket: str, *keys: str, version: str = "2.0") -> dict[str, Any]:
    template = json.loads((EVENTS / "s3-batch-operations.json").read_text(encoding="utf-8"))
    event = copy.deepcopy(template)
    event["invocationSchemaVersion"] = version
    event["tasks"] = []
    for number, key in enumerate(keys):
        task: dict[str, Any] = {"taskId": f"task-{number}", "s3Key": quote_plus(key, safe="/")}
        task["s3VersionId"] = None
        if version == "1.0":
            task["s3BucketArn"] = f"arn:aws:s3:::{bucket}"
        else:
            task["s3Bucket"] = bucket
        event["tasks"].append(task)
    return event


def _put(s3: Any, bucket: str, key: str, body: bytes | str, **metadata: str) -> None:
    data = body.encode() if isinstance(body, str) else body
    s3.put_object(Bucket=bucket, Key=key, Body=data, Metadata={"steps": "1", **metadata})


def _codes(answer: dict[str, Any]) -> list[tuple[str, str]]:
    return [(r["resultCode"], r["resultString"].split(":")[0]) for r in answer["results"]]


def test_one_task_narrates_an_existing_object(deliver: Any, s3: Any, s3_buckets: S3Buckets) -> None:
    _put(s3, s3_buckets.input, "archive/2023/opening hours.txt", TEXT, format="mp3")
    event = _event(s3_buckets.input, "archive/2023/opening hours.txt")
    answer = deliver(event)
    assert answer["invocationSchemaVersion"] == "2.0"
    assert answer["invocationId"] == event["invocationId"]
    assert answer["treatMissingKeysAs"] == "PermanentFailure"
    assert answer["results"] == [
        {
            "taskId": "task-0",
            "resultCode": "Succeeded",
            "resultString": "done: speech/archive/2023/opening hours.mp3",
        }
    ]
    manifest = read_json(s3, s3_buckets.output, "speech/archive/2023/opening hours.manifest.json")
    assert manifest["source"]["key"] == "archive/2023/opening hours.txt"
    assert "nine thirty" in manifest["normalized_text"]


def test_several_tasks_each_get_their_own_code(
    deliver: Any, s3: Any, s3_buckets: S3Buckets
) -> None:
    _put(s3, s3_buckets.input, "docs/good one.md", "# Title\n\nSome text to read.\n")
    _put(s3, s3_buckets.input, "docs/empty.txt", "   \n")
    _put(s3, s3_buckets.input, "docs/image.png", b"\x89PNG....")
    _put(s3, s3_buckets.input, "docs/Ünïcødé + more.txt", TEXT)
    keys = [
        "docs/good one.md",
        "docs/missing.txt",
        "docs/empty.txt",
        "docs/image.png",
        "docs/Ünïcødé + more.txt",
    ]
    answer = deliver(_event(s3_buckets.input, *keys))
    assert [r["taskId"] for r in answer["results"]] == [f"task-{n}" for n in range(5)]
    assert _codes(answer) == [
        ("Succeeded", "done"),
        ("PermanentFailure", "no_such_key"),
        ("PermanentFailure", "empty_text"),
        ("PermanentFailure", "not_narratable"),
        ("Succeeded", "done"),
    ]
    report = read_json(s3, s3_buckets.output, "speech/docs/empty.error.json")
    assert report["error"]["code"] == "empty_text"
    assert "speech/docs/Ünïcødé + more.manifest.json" in keys_in(s3, s3_buckets.output)


def test_the_same_task_twice_is_narrated_once(deliver: Any, s3: Any, s3_buckets: S3Buckets) -> None:
    _put(s3, s3_buckets.input, "once.txt", TEXT)
    event = _event(s3_buckets.input, "once.txt")
    assert _codes(deliver(event)) == [("Succeeded", "done")]
    outputs = [k for k in keys_in(s3, s3_buckets.output, "speech/") if "status" not in k]
    etags = {k: s3.head_object(Bucket=s3_buckets.output, Key=k)["ETag"] for k in outputs}
    assert _codes(deliver(event)) == [("Succeeded", "already narrated (or narrating)")]
    again = {k: s3.head_object(Bucket=s3_buckets.output, Key=k)["ETag"] for k in outputs}
    assert again == etags


def test_an_upload_and_a_listing_of_the_same_object_share_one_job(
    deliver: Any, s3: Any, s3_buckets: S3Buckets
) -> None:
    """The claim is the object's (bucket, key, ETag): an upload event first, then a job
    listing the same object, narrate it once."""
    from tests.infra.batch import s3_event

    _put(s3, s3_buckets.input, "incoming/shared.txt", TEXT)
    assert (
        deliver(s3_event(s3_buckets.input, "incoming/shared.txt"))["results"][0]["outcome"]
        == "done"
    )
    assert _codes(deliver(_event(s3_buckets.input, "incoming/shared.txt"))) == [
        ("Succeeded", "already narrated (or narrating)")
    ]


def test_schema_1_0_and_malformed_events(deliver: Any, s3: Any, s3_buckets: S3Buckets) -> None:
    _put(s3, s3_buckets.input, "v1/notes.txt", TEXT)
    assert _codes(deliver(_event(s3_buckets.input, "v1/notes.txt", version="1.0"))) == [
        ("Succeeded", "done")
    ]
    event = _event(s3_buckets.input, "v1/notes.txt", version="3.0")
    assert _codes(deliver(event)) == [("PermanentFailure", "unsupported_schema")]
    broken = _event(s3_buckets.input, "v1/notes.txt")
    broken["tasks"] = [{"taskId": "t"}, "not a task", {"s3Key": "x.txt", "s3Bucket": "b"}]
    assert _codes(deliver(broken)) == [
        ("PermanentFailure", "malformed_task"),
        ("PermanentFailure", "malformed_task"),
        ("PermanentFailure", "malformed_task"),
    ]
    no_tasks = {"invocationSchemaVersion": "2.0", "invocationId": "x", "tasks": "nope"}
    answer = deliver(no_tasks)
    assert answer["error"]["code"] == "unsupported_event"


def test_no_time_left_is_a_temporary_failure(deliver: Any, s3: Any, s3_buckets: S3Buckets) -> None:
    _put(s3, s3_buckets.input, "late.txt", TEXT)
    answer = deliver(_event(s3_buckets.input, "late.txt"), remaining_ms=5_000)
    assert _codes(answer) == [("TemporaryFailure", "deadline")]
    assert keys_in(s3, s3_buckets.output, "speech/") == []


def test_a_bucket_arn_with_region_and_account(deliver: Any, s3: Any, s3_buckets: S3Buckets) -> None:
    """AWS's own schema 1.0 example names the bucket arn:aws:s3:region:account:name."""
    _put(s3, s3_buckets.input, "v1/arn.txt", TEXT)
    event = _event(s3_buckets.input, "v1/arn.txt", version="1.0")
    event["tasks"][0]["s3BucketArn"] = f"arn:aws:s3:us-east-1:123456789012:{s3_buckets.input}"
    assert _codes(deliver(event)) == [("Succeeded", "done")]


def test_a_later_task_waits_for_its_own_invocation_when_time_is_short(
    make_function: Any, s3: Any, s3_buckets: S3Buckets
) -> None:
    """With less than half the invocation left, a second task is retried on its own rather
    than started short of time; the first one ran."""
    import itertools

    from handler.batch.invocation import BatchRuntime
    from handler.batch.operations import handle_batch_operations

    _put(s3, s3_buckets.input, "two/first.txt", TEXT)
    _put(s3, s3_buckets.input, "two/second.txt", TEXT)
    function = make_function(output_bucket=s3_buckets.output)
    clock = itertools.chain([60_000, 60_000], itertools.repeat(25_000))
    runtime = BatchRuntime(
        settings=function.settings,
        synthesizer=function.synthesizer,
        s3=function.s3_client,
        request_id="two-tasks",
        remaining_ms=lambda: next(clock),
    )
    event = _event(s3_buckets.input, "two/first.txt", "two/second.txt")
    answer = handle_batch_operations(runtime, event)
    assert _codes(answer) == [("Succeeded", "done"), ("TemporaryFailure", "deadline")]
