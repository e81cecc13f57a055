"""The deployed wiring of batch narration in template.yaml: the segment queue, its
dead-letter queue, the SQS event, and permissions no wider than the code needs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from cfnlint.decode import decode

from handler.config import HandlerSettings

TEMPLATE = Path(__file__).resolve().parents[2] / "template.yaml"


@pytest.fixture(scope="module")
def template() -> dict[str, Any]:
    decoded, errors = decode(str(TEMPLATE))
    assert not errors, errors
    return decoded


def _function(template: dict[str, Any]) -> dict[str, Any]:
    return template["Resources"]["TtsFunction"]["Properties"]


def _statement(template: dict[str, Any], sid: str) -> dict[str, Any]:
    (document,) = [p for p in _function(template)["Policies"] if isinstance(p, dict)]
    (statement,) = [s for s in document["Statement"] if s.get("Sid") == sid]
    return statement


def test_segment_queue_has_its_own_dead_letter_queue(template) -> None:
    queue = template["Resources"]["SegmentQueue"]["Properties"]
    assert queue["RedrivePolicy"]["deadLetterTargetArn"] == {
        "Fn::GetAtt": ["SegmentDeadLetterQueue", "Arn"]
    }
    assert 1 <= queue["RedrivePolicy"]["maxReceiveCount"] <= 5
    # A message must not come back while its invocation may still run.
    assert queue["VisibilityTimeout"] >= template["Parameters"]["Timeout"]["MaxValue"]
    assert template["Resources"]["SegmentDeadLetterQueue"]["Type"] == "AWS::SQS::Queue"


def test_segments_feed_the_function_one_at_a_time_with_partial_failures(template) -> None:
    mapping = template["Resources"]["SegmentEventSource"]
    assert mapping["Type"] == "AWS::Lambda::EventSourceMapping"
    assert mapping["Properties"] == {
        "FunctionName": {"Ref": "TtsFunction"},
        "EventSourceArn": {"Fn::GetAtt": ["SegmentQueue", "Arn"]},
        "BatchSize": 1,
        "FunctionResponseTypes": ["ReportBatchItemFailures"],
        "ScalingConfig": {"MaximumConcurrency": {"Ref": "SegmentMaxConcurrency"}},
    }
    # A SAM SQS event would attach a managed policy that reads every queue.
    events = _function(template)["Events"].values()
    assert all(event["Type"] != "SQS" for event in events)
    env = _function(template)["Environment"]["Variables"]
    assert env["SEGMENT_QUEUE_URL"] == {"Ref": "SegmentQueue"}


def test_batch_permissions_are_scoped(template) -> None:
    env = _function(template)["Environment"]["Variables"]
    work_prefix = env["BATCH_WORK_PREFIX"]
    assert work_prefix == HandlerSettings().batch_work_prefix
    work = _statement(template, "BatchWorkObjects")
    assert work["Resource"] == {"Fn::Sub": f"${{OutputBucket.Arn}}/{work_prefix}*"}
    assert set(work["Action"]) == {
        "s3:PutObject",
        "s3:GetObject",
        "s3:DeleteObject",
        "s3:AbortMultipartUpload",
    }
    deletes = _statement(template, "ReplaceOwnErrorReports")
    assert deletes["Action"] == "s3:DeleteObject"
    # Error reports, and the chapter files of a failed "split": "chapters" job; never audio.
    assert deletes["Resource"] == [
        {"Fn::Sub": "${OutputBucket.Arn}/${OutputPrefix}*.error.json"},
        {"Fn::Sub": "${OutputBucket.Arn}/${OutputPrefix}*.chapter-*"},
    ]
    send = _statement(template, "QueueSegments")
    assert send == {
        "Sid": "QueueSegments",
        "Effect": "Allow",
        "Action": "sqs:SendMessage",
        "Resource": {"Fn::GetAtt": ["SegmentQueue", "Arn"]},
    }
    poll = _statement(template, "PollSegments")
    assert poll["Resource"] == {"Fn::GetAtt": ["SegmentQueue", "Arn"]}
    assert set(poll["Action"]) == {
        "sqs:ReceiveMessage",
        "sqs:DeleteMessage",
        "sqs:ChangeMessageVisibility",
        "sqs:GetQueueAttributes",
    }
    # The work prefix is not under the output prefix's default, so users never see it.
    assert not work_prefix.startswith(template["Parameters"]["OutputPrefix"]["Default"])


def test_one_book_cannot_take_every_reserved_slot(template) -> None:
    """Segments of split jobs run at most SegmentMaxConcurrency at once, by default fewer
    than the reserved concurrency, so the Function URL keeps slots of its own."""
    parameters = template["Parameters"]
    limit = parameters["SegmentMaxConcurrency"]
    assert limit["MinValue"] == 2  # the least SQS event source mappings accept
    assert 2 <= limit["Default"] < parameters["ReservedConcurrency"]["Default"]


def test_open_multipart_uploads_are_aborted_by_the_bucket_as_a_backstop(template) -> None:
    rules = template["Resources"]["OutputBucket"]["Properties"]["LifecycleConfiguration"]["Rules"]
    aborting = [
        rule
        for rule in rules
        if "AbortIncompleteMultipartUpload" in rule and rule["Status"] == "Enabled"
    ]
    if any("Prefix" not in rule for rule in aborting):  # one rule for the whole bucket
        return
    # Otherwise every prefix the function opens multipart uploads under has its own rule
    # (the result cache's merge gave each prefix its own expiry): the audio, the batch
    # work directory (segments) and the cache.
    covered = {json.dumps(rule["Prefix"], sort_keys=True) for rule in aborting}
    written = [{"Ref": "OutputPrefix"}, "batch-work/", {"Ref": "ResultCachePrefix"}]
    assert {json.dumps(prefix, sort_keys=True) for prefix in written} <= covered, covered
    assert aborting[0]["AbortIncompleteMultipartUpload"]["DaysAfterInitiation"] == 1


def test_batch_can_tell_missing_objects_and_list_its_open_uploads(template) -> None:
    tell = _statement(template, "TellDeletedInputs")
    assert tell["Action"] == "s3:ListBucket"
    uploads = _statement(template, "ListOwnUploads")
    assert uploads["Action"] == "s3:ListBucketMultipartUploads"
    assert uploads["Resource"] == {"Fn::GetAtt": ["OutputBucket", "Arn"]}
