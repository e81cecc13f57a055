"""One uploaded object, from its event to the audio and manifest (or the error report).

Short enough texts are synthesized here and uploaded as they are encoded; longer ones
are handed to segment invocations (handler/batch/segments.py).
"""

from __future__ import annotations

import contextlib

from botocore.exceptions import ClientError

from handler.batch import claims, segments, status
from handler.batch.documents import audio_chapters
from handler.batch.invocation import BatchRuntime, is_bad_input
from handler.batch.jobs import (
    LoadedJob,
    SourceObject,
    SupersededError,
    check_current,
    load_job,
    open_object,
)
from handler.batch.keys import (
    INPUT_SUFFIXES,
    OWN_OUTPUT_METADATA,
    OutputKeys,
    WorkKeys,
    checked_output_name,
    input_name,
    job_id,
    listed_name,
    name_problem,
    report_base,
)
from handler.batch.render import render
from handler.batch.s3io import not_found
from handler.batch.watch import CLAIM_LOST, LEASE_EXPIRED, SUPERSEDED, JobWatch
from handler.deadline import deadline_guard
from handler.errors import InvalidParameterError, StorageUnavailableError
from handler.observability import logger as log


def skip_reason(rt: BatchRuntime, bucket: str, key: str, *, listed: bool = False) -> str | None:
    """Why an event's object is none of our business, before reading it."""
    settings = rt.settings
    if bucket == settings.output_bucket and key.startswith(
        (settings.output_prefix, settings.batch_work_prefix)
    ):
        return "the function's own output"
    suffixes = ", ".join(INPUT_SUFFIXES)
    if listed and listed_name(key, settings.input_prefix) is None:
        return f"not a {suffixes} object"
    if not listed and input_name(key, settings.input_prefix) is None:
        return f"not a {suffixes} object under the input prefix {settings.input_prefix!r}"
    return None


def narrate_upload(
    rt: BatchRuntime,
    bucket: str,
    key: str,
    *,
    listed: bool = False,
    report: dict[str, str] | None = None,
) -> str:
    """Narrate one uploaded object exactly once; returns what happened. Raises only for
    failures a retry can fix (S3 errors, throttling, a claim held by a live invocation).

    `listed`: an existing object an S3 Batch Operations job names, anywhere in its bucket
    (its results are named by its key without the input prefix, if under it, and without
    its suffix). `report`, when given, receives why it was skipped (`reason`), the error
    code of a failed job (`code`) or the finished audio's key (`audio_key`)."""
    report = {} if report is None else report
    reason = skip_reason(rt, bucket, key, listed=listed)
    if reason:
        log.info("batch event skipped", extra={"bucket": bucket, "key": key, "reason": reason})
        report["reason"] = "not_narratable" if "own output" not in reason else "own_output"
        return "skipped"
    name = (listed_name if listed else input_name)(key, rt.settings.input_prefix)
    assert name is not None
    if name_problem(name, rt.settings.output_prefix):
        report["code"] = "invalid_parameter"
        return _report_invalid_key(rt, bucket, key, name)
    try:
        source, answer = open_object(rt.s3, bucket, key)
    except ClientError as exc:
        if not not_found(exc):
            raise
        log.info("batch event skipped", extra={"key": key, "reason": "the object is gone"})
        report["reason"] = "no_such_key"
        return "skipped"
    if source.metadata.get(OWN_OUTPUT_METADATA):
        answer["Body"].close()
        log.info("batch event skipped", extra={"key": key, "reason": "written by this function"})
        report["reason"] = "own_output"
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
    watch = JobWatch(rt.s3, source=source, claim=claim, interval_seconds=rt.lease_seconds / 3)
    inputs: list[str] = []  # the upload's raw strings, which its error report redacts
    try:
        with watch:
            loaded = load_job(
                rt.s3,
                source,
                answer,
                name=name,
                input_prefix=rt.settings.input_prefix,
                output_prefix=rt.settings.output_prefix,
                inputs=inputs,
                max_bytes=rt.settings.batch_max_input_bytes,
                max_chars=rt.settings.batch_max_text_chars,
                max_document_bytes=rt.settings.batch_max_document_bytes,
            )
            keys = OutputKeys(rt.output_bucket, rt.settings.output_prefix + loaded.name)
            report["audio_key"] = keys.audio(loaded.job.format)
            return _narrate(rt, loaded, keys, work, claim, watch)
    except Exception as exc:
        stopped = _stopped(watch, exc)
        if stopped == SUPERSEDED:
            with contextlib.suppress(claims.ClaimLostError):
                claim.update(claims.SUPERSEDED)
            log.info("batch job superseded by a newer upload", extra={"key": key})
            return "superseded"
        if stopped == CLAIM_LOST:
            log.warning("batch job taken over by another invocation", extra={"key": key})
            return "taken over"
        if stopped == LEASE_EXPIRED:
            claim.release()
            raise StorageUnavailableError(
                "the job's lease could not be renewed before it ran out; the job is retried"
            ) from exc
        if not is_bad_input(exc):
            claim.release()
            raise
        try:
            code = rt.report_failure(exc, keys, source, inputs)
            claim.update(claims.FAILED, error=code, report=keys.error)
        except BaseException:
            claim.release()  # the report did not get written: the retry writes it
            raise
        status.write_failed(rt, keys, source, code)
        report["code"] = code
        return "failed"
    except BaseException:
        claim.release()
        raise


def _stopped(watch: JobWatch, exc: BaseException) -> str | None:
    """Why the job stopped, when it was not an error of its own: superseded by a newer
    upload (found by the watch or by a check before writing), or its claim taken over."""
    if isinstance(exc, SupersededError):
        return SUPERSEDED
    if isinstance(exc, claims.ClaimLostError):
        return CLAIM_LOST
    return watch.reason


def _report_invalid_key(rt: BatchRuntime, bucket: str, key: str, name: str) -> str:
    """A key whose name cannot name the results: the error report goes beside them if its
    own key is valid, else under `<OUTPUT_PREFIX>invalid-keys/` (see report_base)."""
    base = report_base(rt.settings.output_prefix, bucket, key, name)
    keys = OutputKeys(rt.output_bucket, base)
    try:
        checked_output_name(name, rt.settings.output_prefix, param="key")
    except InvalidParameterError as exc:
        rt.report_failure(exc, keys, SourceObject(bucket, key, '""', None))
    return "failed"


def _narrate(
    rt: BatchRuntime,
    loaded: LoadedJob,
    keys: OutputKeys,
    work: WorkKeys,
    claim: claims.Claim,
    watch: JobWatch,
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
    chapters = audio_chapters(loaded.document, plan)
    source_rate = rt.synthesizer.sample_rate
    chapter_files = rt.chapter_files(loaded, chapters, keys, rate, source_rate, claim)
    board = status.board_for(rt, keys, loaded.source, plan, [(0, len(plan.chunks))], mine=0)
    board.start()
    try:
        with deadline_guard(rt.remaining_ms, rt.settings.deadline_margin_ms) as cancel:
            rendered = render(
                rt.synthesizer,
                plan,
                rt.audio_upload(keys, loaded, claim),
                fmt=fmt,
                rate=rate,
                part_size=rt.settings.batch_part_size_bytes,
                cancel=watch.attach(cancel),
                on_chunk=board.advance,
                before_finish=lambda: check_current(rt.s3, loaded.source),
                chapters=chapters,
                chapter_files=chapter_files,
            )
    finally:
        board.stop()
    chapter_keys = chapter_files.keys if chapter_files is not None else ()
    document = rt.finish(
        loaded, plan, keys, rendered, rate=rate, segments=1, chapter_keys=chapter_keys
    )
    claim.update(claims.DONE, manifest=keys.manifest)
    board.finish(status.DONE, manifest=keys.manifest)
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
