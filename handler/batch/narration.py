"""One uploaded object, from its event to the audio and manifest (or the error report).

Short enough texts are synthesized here and uploaded as they are encoded; longer ones
are handed to segment invocations (handler/batch/segments.py).
"""

from __future__ import annotations

from botocore.exceptions import ClientError

from handler.batch import claims, segments
from handler.batch.jobs import LoadedJob, load_job, open_object
from handler.batch.keys import OWN_OUTPUT_METADATA, OutputKeys, WorkKeys, input_name, job_id
from handler.batch.render import render
from handler.batch.runtime import BatchRuntime, is_bad_input
from handler.batch.s3io import not_found
from handler.deadline import deadline_guard
from handler.observability import logger as log


def skip_reason(rt: BatchRuntime, bucket: str, key: str) -> str | None:
    """Why an event's object is none of our business, before reading it."""
    settings = rt.settings
    if bucket == settings.output_bucket and key.startswith(
        (settings.output_prefix, settings.batch_work_prefix)
    ):
        return "the function's own output"
    if input_name(key, settings.input_prefix) is None:
        return f"not a .txt or .json object under the input prefix {settings.input_prefix!r}"
    return None


def narrate_upload(rt: BatchRuntime, bucket: str, key: str) -> str:
    """Narrate one uploaded object exactly once; returns what happened. Raises only for
    failures a retry can fix (S3 errors, throttling, a claim held by a live invocation)."""
    reason = skip_reason(rt, bucket, key)
    if reason:
        log.info("batch event skipped", extra={"bucket": bucket, "key": key, "reason": reason})
        return "skipped"
    name = input_name(key, rt.settings.input_prefix)
    assert name is not None
    try:
        source, answer = open_object(rt.s3, bucket, key)
    except ClientError as exc:
        if not not_found(exc):
            raise
        log.info("batch event skipped", extra={"key": key, "reason": "the object is gone"})
        return "skipped"
    if source.metadata.get(OWN_OUTPUT_METADATA):
        answer["Body"].close()
        log.info("batch event skipped", extra={"key": key, "reason": "written by this function"})
        return "skipped"

    work = WorkKeys(rt.settings.batch_work_prefix, job_id(bucket, key, source.etag))
    claim = claims.acquire(
        rt.s3,
        rt.output_bucket,
        work.claim,
        owner=rt.request_id,
        lease_seconds=rt.lease_seconds,
        metadata=rt.metadata(),
        source=source.describe(),
    )
    if isinstance(claim, dict):
        answer["Body"].close()
        log.info(
            "batch event is a duplicate",
            extra={"key": key, "etag": source.etag, "state": claim.get("state")},
        )
        return "duplicate"

    keys = OutputKeys(rt.output_bucket, rt.settings.output_prefix + name)
    try:
        loaded = load_job(
            rt.s3,
            source,
            answer,
            name=name,
            input_prefix=rt.settings.input_prefix,
            max_bytes=rt.settings.batch_max_input_bytes,
            max_chars=rt.settings.batch_max_text_chars,
        )
        keys = OutputKeys(rt.output_bucket, rt.settings.output_prefix + loaded.name)
        return _narrate(rt, loaded, keys, work, claim)
    except Exception as exc:
        if not is_bad_input(exc):
            claim.release()
            raise
        try:
            code = rt.report_failure(exc, keys, source)
            claim.update(claims.FAILED, error=code, report=keys.error)
        except BaseException:
            claim.release()  # the report did not get written: the retry writes it
            raise
        return "failed"
    except BaseException:
        claim.release()
        raise


def _narrate(
    rt: BatchRuntime, loaded: LoadedJob, keys: OutputKeys, work: WorkKeys, claim: claims.Claim
) -> str:
    plan, rate = rt.plan(loaded.job)
    decision = rt.admit(plan, loaded.job.format, rate)
    # What this invocation has left is what every invocation of the function gets
    # (the timeout), so the gate's budget also sizes the segments.
    if decision.split:
        count = segments.start(rt, loaded, plan, rate, keys, work, decision.budget_seconds)
        claim.update(claims.SEGMENTED, segments=count)
        log.info(
            "batch job split",
            extra={
                "key": loaded.source.key,
                "segments": count,
                "estimated_seconds": decision.synthesis_seconds,
            },
        )
        return "segmented"

    fmt = loaded.job.format
    with deadline_guard(rt.remaining_ms, rt.settings.deadline_margin_ms) as cancel:
        rendered = render(
            rt.synthesizer,
            plan,
            rt.audio_upload(keys, loaded),
            fmt=fmt,
            rate=rate,
            part_size=rt.settings.batch_part_size_bytes,
            cancel=cancel,
        )
    document = rt.finish(loaded, plan, keys, rendered, rate=rate, segments=1)
    claim.update(claims.DONE, manifest=keys.manifest)
    log.info(
        "batch narration done",
        extra={
            "key": loaded.source.key,
            "audio_key": keys.audio(fmt),
            "audio_seconds": document["duration_seconds"],
            "synthesis_seconds": document["synthesis_seconds"],
        },
    )
    return "done"
