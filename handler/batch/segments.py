"""Texts too long for one invocation: split at chunk boundaries, synthesized in parallel
invocations fed by the segment queue, then assembled into one object.

Every segment writes its audio as raw PCM16 at the output rate under the job's private
prefix, then a completion marker. The invocation that finds every marker present
takes the assembly claim (`If-None-Match: *`, so exactly one does), streams the
segments in order through the requested encoder into one multipart upload, writes the
manifest, and deletes the intermediates. No database: S3's strongly consistent
listing and conditional writes decide who is last.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from functools import cached_property
from itertools import pairwise
from typing import Any

from botocore.exceptions import ClientError

from handler.batch import claims, status
from handler.batch.documents import audio_chapters
from handler.batch.invocation import BatchRuntime, is_bad_input
from handler.batch.jobs import (
    InvalidInputObjectError,
    LoadedJob,
    SourceObject,
    SupersededError,
    check_current,
    load_job,
    open_object,
    source_from,
)
from handler.batch.keys import OutputKeys, WorkKeys
from handler.batch.render import Rendered, assemble, render
from handler.batch.s3io import (
    condition_failed,
    get_json,
    get_json_or_none,
    not_found,
    put_json,
    sqs_client,
)
from handler.batch.watch import CLAIM_LOST, SUPERSEDED, JobWatch
from handler.deadline import deadline_guard
from handler.observability import logger as log
from model_layer import SpeechPlan
from model_layer.audio import AudioFormat

MESSAGE_KEY = "supertonic_segment"
_SQS_BATCH = 10
_DELETE_BATCH = 1000


def split(rt: BatchRuntime, plan: SpeechPlan, limit: float) -> list[tuple[int, int]]:
    """Chunk ranges whose estimated synthesis takes at most `limit` seconds, cut only
    where a denoising batch starts, so the segments join into exactly the audio one
    invocation would make."""
    bounds = [*rt.synthesizer.batch_starts(plan), len(plan.chunks)]
    ranges: list[tuple[int, int]] = []
    start, spent = 0, 0.0
    for first, end in pairwise(bounds):
        cost = rt.estimated_seconds(plan, first, end)
        if first > start and spent + cost > limit:
            ranges.append((start, first))
            start, spent = first, 0.0
        spent += cost
    ranges.append((start, len(plan.chunks)))
    return ranges


def start(
    rt: BatchRuntime,
    loaded: LoadedJob,
    plan: SpeechPlan,
    rate: int,
    keys: OutputKeys,
    work: WorkKeys,
    limit: float,
) -> int:
    """Write the job descriptor and queue one message per segment; returns their number."""
    # The gate (BatchRuntime.admit) decided the split, and refused it without a queue.
    queue = rt.settings.segment_queue_url
    assert queue, "admission splits a job only when SEGMENT_QUEUE_URL is configured"
    ranges = split(rt, plan, limit)
    descriptor = {
        "job": work.job,
        "source": loaded.source.describe(),
        "text_etag": loaded.text_source.etag,
        "name": loaded.name,
        "output_base": keys.base,
        "format": loaded.job.format.value,
        "sample_rate": rate,
        "chunks": len(plan.chunks),
        "segments": ranges,
        "request_id": rt.request_id,
        "started_at": time.time(),
    }
    put_json(rt.s3, rt.output_bucket, work.descriptor, descriptor, rt.metadata())
    # Every segment queued: the status shows the whole job before the first one starts.
    status.board_for(rt, keys, loaded.source, plan, ranges).write()
    messages = [
        {"Id": str(i), "MessageBody": json.dumps({MESSAGE_KEY: {"job": work.job, "index": i}})}
        for i in range(len(ranges))
    ]
    for first in range(0, len(messages), _SQS_BATCH):
        answer = sqs_client(rt.settings.sqs_endpoint_url).send_message_batch(
            QueueUrl=queue, Entries=messages[first : first + _SQS_BATCH]
        )
        if answer.get("Failed"):
            raise RuntimeError(f"the segment queue refused messages: {answer['Failed']}")
    return len(ranges)


class SegmentRun:
    """One segment message: synthesize the segment unless done, then assemble if last."""

    def __init__(self, rt: BatchRuntime, job: str, index: int):
        self.rt = rt
        self.work = WorkKeys(rt.settings.batch_work_prefix, job)
        self.index = index
        self.bucket = rt.output_bucket
        self.inputs: list[str] = []  # the upload's raw strings, which a report redacts

    @cached_property
    def descriptor(self) -> dict[str, Any]:
        return get_json(self.rt.s3, self.bucket, self.work.descriptor)[0]

    @cached_property
    def keys(self) -> OutputKeys:
        return OutputKeys(self.bucket, self.descriptor["output_base"])

    @cached_property
    def planned(self) -> tuple[LoadedJob, SpeechPlan, int]:
        """The job as it started: the same object versions, so the same plan and noise."""
        rt, descriptor = self.rt, self.descriptor
        pinned = source_from(descriptor["source"])
        try:
            source, answer = open_object(
                rt.s3, pinned.bucket, pinned.key, if_match=pinned.etag, version_id=pinned.version_id
            )
        except ClientError as exc:
            if not_found(exc) or condition_failed(exc):
                raise SupersededError(
                    f"{pinned.key} was replaced or deleted while its narration ran"
                ) from exc
            raise
        loaded = load_job(
            rt.s3,
            source,
            answer,
            name=descriptor["name"],
            input_prefix=rt.settings.input_prefix,
            max_bytes=rt.settings.batch_max_input_bytes,
            max_chars=rt.settings.batch_max_text_chars,
            max_document_bytes=rt.settings.batch_max_document_bytes,
            text_etag=descriptor["text_etag"],
            inputs=self.inputs,
        )
        plan, rate = rt.plan(loaded.job)
        if len(plan.chunks) != descriptor["chunks"]:
            raise InvalidInputObjectError(
                f"the text now plans as {len(plan.chunks)} chunks, not {descriptor['chunks']}: "
                "the model or its settings changed while the narration ran"
            )
        return loaded, plan, rate

    @cached_property
    def source(self) -> SourceObject:
        return source_from(self.descriptor["source"])

    def run(self) -> str:
        state = get_json_or_none(self.rt.s3, self.bucket, self.work.claim)
        if state is None or state.get("state") != claims.SEGMENTED:
            log.info(
                "segment skipped", extra={"job": self.work.job, "state": state and state["state"]}
            )
            return "skipped"
        if self.index >= len(self.descriptor["segments"]):  # not a message start() wrote
            log.warning(
                "segment message dropped",
                extra={"job": self.work.job, "error_code": "malformed_segment"},
            )
            return "dropped"
        watch = JobWatch(
            self.rt.s3,
            source=self.source,
            claim=None,
            interval_seconds=self.rt.lease_seconds / 3,
        )
        try:
            with watch:
                # A newer upload of the key makes this whole job moot: no segment starts.
                check_current(self.rt.s3, self.source)
                if not self._exists(self.work.segment_done(self.index)):
                    self._render(watch)
                return self._assemble_if_last()
        except Exception as exc:
            if isinstance(exc, SupersededError) or watch.reason == SUPERSEDED:
                return self._superseded()
            if not is_bad_input(exc):
                raise
            code = self.rt.report_failure(exc, self.keys, self.source, self.inputs)
            claims.settle(
                self.rt.s3,
                self.bucket,
                self.work.claim,
                claims.FAILED,
                self.rt.metadata(),
                error=code,
            )
            status.write_failed(self.rt, self.keys, self.source, code)
            self._delete_intermediates()
            return "failed"

    def _superseded(self) -> str:
        """Leave the newer upload's results alone; drop this job's own leftovers."""
        try:
            claims.settle(
                self.rt.s3, self.bucket, self.work.claim, claims.SUPERSEDED, self.rt.metadata()
            )
        except ClientError as exc:
            if not (condition_failed(exc) or not_found(exc)):
                raise
        self._delete_intermediates()
        log.info("split job superseded by a newer upload", extra={"job": self.work.job})
        return "superseded"

    def _exists(self, key: str) -> bool:
        try:
            self.rt.s3.head_object(Bucket=self.bucket, Key=key)
        except ClientError as exc:
            if not_found(exc):
                return False
            raise
        return True

    def _render(self, watch: JobWatch) -> None:
        rt = self.rt
        _loaded, plan, rate = self.planned
        first, end = self.descriptor["segments"][self.index]
        # The one admission gate: this segment's work must fit the time this invocation has.
        rt.admit(plan, AudioFormat.pcm, rate, segment=(first, end))
        ranges = [tuple(pair) for pair in self.descriptor["segments"]]
        board = status.board_for(rt, self.keys, self.source, plan, ranges, mine=self.index)
        board.start()
        try:
            with deadline_guard(rt.remaining_ms, rt.settings.deadline_margin_ms) as cancel:
                rendered = render(
                    rt.synthesizer,
                    plan,
                    rt.upload(self.work.segment_audio(self.index), AudioFormat.pcm),
                    fmt=AudioFormat.pcm,
                    rate=rate,
                    part_size=rt.settings.batch_part_size_bytes,
                    cancel=watch.attach(cancel),
                    start=first,
                    stop=end,
                    on_chunk=board.advance,
                )
        finally:
            board.stop()
        marker = {
            "index": self.index,
            "chunks": rendered.chunks,
            "frames": rendered.frames,
            "synthesis_seconds": rendered.synthesis_seconds,
        }
        try:
            put_json(
                rt.s3,
                self.bucket,
                self.work.segment_done(self.index),
                marker,
                rt.metadata(),
                IfNoneMatch="*",
            )
        except ClientError as exc:
            if not condition_failed(exc):  # a duplicate delivery finished it first: same audio
                raise
        board.segment_done()
        log.info(
            "segment done",
            extra={
                "job": self.work.job,
                "index": self.index,
                "chunks": end - first,
                "synthesis_seconds": round(rendered.synthesis_seconds, 3),
            },
        )

    def _done_markers(self) -> Iterator[str]:
        pages = self.rt.s3.get_paginator("list_objects_v2").paginate(
            Bucket=self.bucket, Prefix=self.work.done_prefix
        )
        for page in pages:
            for item in page.get("Contents", []):
                yield item["Key"]

    def _assemble_if_last(self) -> str:
        total = len(self.descriptor["segments"])
        if sum(1 for _ in self._done_markers()) < total:
            return "segment done"
        rt = self.rt
        claim = claims.acquire(
            rt.s3,
            self.bucket,
            self.work.assembly_claim,
            owner=rt.request_id,
            lease_seconds=rt.lease_seconds,
            metadata=rt.metadata(),
        )
        if isinstance(claim, dict):
            return "segment done"
        # The assembler renews its own lease; a retry after its crash takes over (and
        # aborts its upload) like a retry of a whole job does.
        watch = JobWatch(
            rt.s3, source=self.source, claim=claim, interval_seconds=rt.lease_seconds / 3
        )
        try:
            with watch:
                self._assemble(total, claim, watch)
        except Exception as exc:
            if isinstance(exc, claims.ClaimLostError) or watch.reason == CLAIM_LOST:
                log.warning("assembly taken over", extra={"job": self.work.job})
                return "taken over"
            claim.release()
            raise
        except BaseException:
            claim.release()
            raise
        return "assembled"

    def _assemble(self, total: int, claim: claims.Claim, watch: JobWatch) -> None:
        rt, keys = self.rt, self.keys
        loaded, plan, rate = self.planned
        markers = [get_json(rt.s3, self.bucket, self.work.segment_done(i))[0] for i in range(total)]
        fmt = AudioFormat(self.descriptor["format"])
        ranges = [tuple(pair) for pair in self.descriptor["segments"]]
        board = status.board_for(rt, keys, self.source, plan, ranges)
        board.finish(status.ASSEMBLING)
        started = time.perf_counter()
        chapters = audio_chapters(loaded.document, plan)
        chapter_files = rt.chapter_files(loaded, chapters, keys, rate, rate, claim)
        with deadline_guard(rt.remaining_ms, rt.settings.deadline_margin_ms) as cancel:
            frames = assemble(
                rt.s3,
                self.bucket,
                [self.work.segment_audio(i) for i in range(total)],
                rt.audio_upload(keys, loaded, claim),
                fmt=fmt,
                rate=rate,
                part_size=rt.settings.batch_part_size_bytes,
                cancel=watch.attach(cancel),
                before_finish=lambda: check_current(rt.s3, self.source),
                chapters=chapters,
                chapter_files=chapter_files,
            )
        rendered = Rendered(
            chunks=[tuple(chunk) for m in markers for chunk in m["chunks"]],
            frames=frames,
            synthesis_seconds=sum(m["synthesis_seconds"] for m in markers),
        )
        rt.finish(
            loaded,
            plan,
            keys,
            rendered,
            rate=rate,
            segments=total,
            chapter_keys=chapter_files.keys if chapter_files is not None else (),
            assembly_seconds=round(time.perf_counter() - started, 3),
            job_request_id=self.descriptor["request_id"],
        )
        claims.settle(
            rt.s3, self.bucket, self.work.claim, claims.DONE, rt.metadata(), manifest=keys.manifest
        )
        board.finish(status.DONE, manifest=keys.manifest)
        self._delete_intermediates()
        log.info(
            "split narration assembled",
            extra={"job": self.work.job, "segments": total, "audio_key": keys.audio(fmt)},
        )

    def _delete_intermediates(self) -> None:
        """Everything under the job's directory (segment audio, markers, the descriptor,
        the assembly claim) and any upload still open there, e.g. a killed segment's;
        the job's claim stays, so later deliveries stay no-ops."""
        rt = self.rt
        uploads = rt.s3.list_multipart_uploads(Bucket=self.bucket, Prefix=self.work.job_dir)
        claims.abort_uploads(
            rt.s3,
            [
                {"bucket": self.bucket, "key": upload["Key"], "upload_id": upload["UploadId"]}
                for upload in uploads.get("Uploads", [])
            ],
        )
        pages = rt.s3.get_paginator("list_objects_v2").paginate(
            Bucket=self.bucket, Prefix=self.work.job_dir
        )
        keys = [item["Key"] for page in pages for item in page.get("Contents", [])]
        for first in range(0, len(keys), _DELETE_BATCH):
            self.rt.s3.delete_objects(
                Bucket=self.bucket,
                Delete={
                    "Objects": [{"Key": k} for k in keys[first : first + _DELETE_BATCH]],
                    "Quiet": True,
                },
            )
