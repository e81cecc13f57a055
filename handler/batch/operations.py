"""S3 Batch Operations' "Invoke AWS Lambda function": narrate objects that already exist,
listed in a CSV manifest or an S3 Inventory report, through the same exactly-once job path
as uploads. Each task gets its own result code; one bad object never fails the others.

Result codes (S3 Batch Operations' own): Succeeded for a narration done, split into
segments that finish on their own, or already done by an earlier delivery;
TemporaryFailure for what a retry can fix (S3 unwell, a claim a live invocation holds,
no time left), which Batch Operations retries; PermanentFailure for the rest, with the
error code in `resultString`.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote_plus

from handler.batch.invocation import BatchRuntime
from handler.batch.narration import narrate_upload
from handler.batch.s3io import is_transient
from handler.observability import logger as log
from handler.s3.errors import error_code

SUCCEEDED, TEMPORARY, PERMANENT = "Succeeded", "TemporaryFailure", "PermanentFailure"
SCHEMA_VERSIONS = ("1.0", "2.0")
# A task is not started with less time than this left: it would be cut off mid-job.
_MIN_TASK_MS = 20_000


def is_batch_operations_event(event: Any) -> bool:
    return isinstance(event, dict) and "invocationSchemaVersion" in event and "tasks" in event


def _bucket(task: dict[str, Any]) -> str | None:
    if isinstance(task.get("s3Bucket"), str) and task["s3Bucket"]:
        return str(task["s3Bucket"])  # schema 2.0
    # Schema 1.0: arn:aws:s3:::name, and in AWS's own example arn:aws:s3:region:account:name.
    arn = task.get("s3BucketArn")
    if isinstance(arn, str) and arn.startswith("arn:"):
        return arn.rsplit(":", 1)[1] or None
    return None


def _result(task_id: str, code: str, text: str) -> dict[str, str]:
    # resultString lands in the job's completion report: short, no request content.
    return {"taskId": task_id, "resultCode": code, "resultString": text[:1000]}


def run_task(rt: BatchRuntime, task: Any, min_start_ms: int = _MIN_TASK_MS) -> dict[str, str]:
    task_id = str(task.get("taskId", "")) if isinstance(task, dict) else ""
    if not isinstance(task, dict) or not task_id:
        return _result(task_id, PERMANENT, "malformed_task: no taskId")
    bucket, key = _bucket(task), task.get("s3Key")
    if bucket is None or not isinstance(key, str) or not key:
        return _result(task_id, PERMANENT, "malformed_task: no bucket or key")
    key = unquote_plus(key)  # URL-encoded, as in the CSV manifest
    if rt.remaining_ms() < min_start_ms:
        return _result(task_id, TEMPORARY, "deadline: too little time left to start")
    report: dict[str, str] = {}
    try:
        outcome = narrate_upload(rt, bucket, key, listed=True, report=report)
    except Exception as exc:
        if is_transient(exc):
            log.warning("batch operations task retried", extra={"task": task_id})
            return _result(task_id, TEMPORARY, "storage_unavailable: retry")
        code = error_code(exc) if hasattr(exc, "response") else None
        if code in ("AccessDenied", "403", "AllAccessDisabled"):
            return _result(
                task_id, PERMANENT, "access_denied: the function may not read or write it"
            )
        log.exception("batch operations task failed", extra={"task": task_id})
        return _result(task_id, PERMANENT, "internal_error: see the function's log")
    audio = report.get("audio_key", "")
    answers = {
        "done": (SUCCEEDED, f"done: {audio}"),
        "segmented": (SUCCEEDED, f"segmented: {audio} is written when its segments finish"),
        "duplicate": (SUCCEEDED, "already narrated (or narrating): nothing written again"),
        "superseded": (SUCCEEDED, "superseded: a newer version of the object is narrated"),
        "taken over": (TEMPORARY, "taken over by another invocation: retry"),
        "failed": (PERMANENT, f"{report.get('code', 'failed')}: see the error report"),
        "skipped": (PERMANENT, f"{report.get('reason', 'skipped')}"),
    }
    code, text = answers.get(outcome, (PERMANENT, outcome))
    return _result(task_id, code, text)


def handle_batch_operations(rt: BatchRuntime, event: dict[str, Any]) -> dict[str, Any]:
    """The answer to one invocation: a result for every task, in order (the caller checked
    that `tasks` is a list). Never raises for a task's failure; a schema version this
    function does not know fails every task permanently, saying so."""
    version = event.get("invocationSchemaVersion")
    tasks: list[Any] = event["tasks"]
    if version not in SCHEMA_VERSIONS:
        known = " or ".join(SCHEMA_VERSIONS)
        results = [
            _result(
                str(task.get("taskId", "")) if isinstance(task, dict) else "",
                PERMANENT,
                f"unsupported_schema: invocationSchemaVersion must be {known}",
            )
            for task in tasks
        ]
    else:
        # The first task has the whole invocation. A later one starts only while half of
        # that is left: started short of time, its planning could run out and be reported
        # as synthesis_too_long, a permanent failure that is not the object's.
        half = max(_MIN_TASK_MS, rt.remaining_ms() // 2)
        results = [
            run_task(rt, task, _MIN_TASK_MS if number == 0 else half)
            for number, task in enumerate(tasks)
        ]
    return {
        "invocationSchemaVersion": str(version),
        "treatMissingKeysAs": PERMANENT,
        "invocationId": str(event.get("invocationId", "")),
        "results": results,
    }
