"""Batch narration: S3 uploads (direct or through SQS) in, audio and a manifest out.

`handle_batch_event` is the entry for S3 and SQS events, `handle_batch_operations_event`
for S3 Batch Operations jobs; function.py calls them.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any, Protocol
from urllib.parse import unquote_plus

from pydantic import BaseModel, ConfigDict, Field, StrictInt, ValidationError

from handler.batch.invocation import BatchRuntime
from handler.batch.narration import narrate_upload
from handler.batch.s3io import is_transient
from handler.batch.segments import MESSAGE_KEY, SegmentRun
from handler.config import HandlerSettings
from handler.events import malformed_records
from handler.observability import logger as log
from model_layer import Synthesizer

if TYPE_CHECKING:
    from aws_lambda_powertools.utilities.data_classes import SQSRecord

__all__ = ["handle_batch_event", "handle_batch_operations_event"]


class BatchHost(Protocol):
    """What the function offers batch narration (handler.function.SpeechFunction)."""

    settings: HandlerSettings
    synthesizer: Synthesizer

    @property
    def s3_client(self) -> Any: ...


def handle_batch_operations_event(
    host: BatchHost, event: dict[str, Any], context: Any
) -> dict[str, Any]:
    """An S3 Batch Operations invocation (handler/batch/operations.py)."""
    from handler.batch.operations import handle_batch_operations

    return handle_batch_operations(_runtime(host, context), event)


def _runtime(host: BatchHost, context: Any) -> BatchRuntime:
    return BatchRuntime(
        settings=host.settings,
        synthesizer=host.synthesizer,
        s3=host.s3_client,
        request_id=getattr(context, "aws_request_id", "local"),
        remaining_ms=lambda: int(context.get_remaining_time_in_millis()),
    )


def handle_batch_event(host: BatchHost, event: dict[str, Any], context: Any) -> dict[str, Any]:
    rt = _runtime(host, context)
    if event["Records"][0].get("eventSource") == "aws:sqs":
        # Imported on the first batch event, not at init: Powertools' batch utilities
        # (with the event and parser models they pull in) took 0.6-0.8 s to import on a
        # loaded 2-CPU machine, a cost HTTP-only traffic never needs.
        from aws_lambda_powertools.utilities.batch import (
            BatchProcessor,
            EventType,
            process_partial_response,
        )

        processor = BatchProcessor(event_type=EventType.SQS, raise_on_entire_batch_failure=False)
        return dict(
            process_partial_response(
                event, lambda record: _handle_message(rt, record), processor, context
            )
        )
    # Async S3 invocation: raising makes Lambda retry the whole event, which the claims
    # make safe, so every record is tried before the first transient failure is raised.
    results, failure = _handle_s3_event(rt, event)
    if failure is not None:
        raise failure
    return {"results": results}


def _handle_s3_event(
    rt: BatchRuntime, event: dict[str, Any]
) -> tuple[list[dict[str, str]], Exception | None]:
    from aws_lambda_powertools.utilities.data_classes import S3Event

    results: list[dict[str, str]] = []
    failure: Exception | None = None
    for record in S3Event(event).records:
        bucket = record.s3.bucket.name
        key = unquote_plus(record.s3.get_object.key)
        if not record.event_name.startswith("ObjectCreated"):
            log.info("batch event skipped", extra={"key": key, "reason": record.event_name})
            results.append({"bucket": bucket, "key": key, "outcome": "skipped"})
            continue
        try:
            outcome = narrate_upload(rt, bucket, key)
        except Exception as exc:
            _log_retry(exc, key)
            failure = failure or exc
            outcome = "retry"
        results.append({"bucket": bucket, "key": key, "outcome": outcome})
    return results, failure


class SegmentTask(BaseModel):
    """A segment message's body under MESSAGE_KEY, as segments.start writes it."""

    model_config = ConfigDict(extra="forbid")

    job: str = Field(pattern=r"^[0-9a-f]{40}$")  # keys.job_id: names the job's S3 keys
    index: StrictInt = Field(ge=0, lt=1_000_000)


def _handle_message(rt: BatchRuntime, record: SQSRecord) -> Any:
    """One SQS message: a segment task, or an S3 event routed through a queue. Raising
    marks only this message failed, so SQS delivers it again."""
    try:
        body = json.loads(record.body)
    except json.JSONDecodeError:
        body = None
    if isinstance(body, dict) and MESSAGE_KEY in body:
        try:
            task = SegmentTask.model_validate(body[MESSAGE_KEY])
        except ValidationError:
            # No retry can read it: dropped (the rest of the SQS batch proceeds), logged by
            # its code only; the message may carry anything, so none of it is quoted.
            log.warning(
                "segment message dropped",
                extra={"message_id": record.message_id, "error_code": "malformed_segment"},
            )
            return "dropped"
        try:
            return SegmentRun(rt, task.job, task.index).run()
        except Exception as exc:
            _log_retry(exc, f"segment {task.index} of job {task.job}")
            raise
    if isinstance(body, dict) and isinstance(body.get("Records"), list):
        if problem := malformed_records(body):  # no retry can read it
            log.warning(
                "message skipped", extra={"message_id": record.message_id, "reason": problem}
            )
            return "skipped"
        results, failure = _handle_s3_event(rt, body)
        if failure is not None:
            raise failure
        return results
    # S3 sends an s3:TestEvent when a notification is configured; nothing else is ours.
    log.info(
        "message skipped",
        extra={"message_id": record.message_id, "reason": "neither an S3 event nor a segment"},
    )
    return "skipped"


def _log_retry(exc: Exception, what: str) -> None:
    if is_transient(exc):
        log.warning("transient failure; retried", extra={"item": what, "reason": str(exc)})
    else:
        # Not bad input (that is reported) and not S3 being briefly unwell: a deployment
        # or code fault, retried until the dead-letter queue keeps the event.
        log.exception("unexpected failure; retried", extra={"item": what})
