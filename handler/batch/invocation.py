"""What one batch invocation works with (settings, clients, model) and the steps all share."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from botocore.exceptions import ClientError

from handler.admission import Decision, RouteKind, admit, estimated_synthesis_seconds
from handler.batch.chapter_files import ChapterFiles
from handler.batch.claims import Claim
from handler.batch.jobs import LoadedJob, SourceObject, SupersededError, check_current
from handler.batch.keys import MAX_KEY_BYTES, OutputKeys, chapter_keys_fit
from handler.batch.manifest import error_report, manifest
from handler.batch.render import RecordedUpload, Rendered
from handler.batch.s3io import condition_failed, not_found, own_metadata, put_json
from handler.config import HandlerSettings
from handler.deadline import Deadline
from handler.errors import (
    DeadlineExceededError,
    InvalidParameterError,
    SynthesisTooLongError,
    classify,
    error_message,
)
from handler.observability import logger as log
from handler.s3 import S3AudioUpload
from handler.speech import SpeechJob, plan_speech
from model_layer import SpeechPlan, SynthesisCancelled, Synthesizer
from model_layer.audio import FORMATS, AudioFormat
from model_layer.audio.chapters import Chapter
from model_layer.captions import to_srt, to_vtt
from model_layer.marks import SpeechMarks, speech_marks

_CAPTIONS: dict[str, tuple[Callable[[SpeechMarks], str], str]] = {
    "vtt": (to_vtt, "text/vtt; charset=utf-8"),
    "srt": (to_srt, "application/x-subrip; charset=utf-8"),
}


class BatchNotConfiguredError(RuntimeError):
    """The function has no OUTPUT_BUCKET: a deployment problem, retried until fixed."""


class OutOfTimeError(SynthesisTooLongError):
    """Planning, or the gate's estimate after it, did not fit the invocation's time
    (code synthesis_too_long). On the HTTP routes that is a 504 the caller may send
    again; in batch every retry gets the same function timeout and the same text, so it
    would fail the same way until the event lands in the dead-letter queue: it is
    reported in `<name>.error.json` instead."""


# What the deadline raises while planning (handler.deadline) or admitting (the gate).
_OUT_OF_TIME = (DeadlineExceededError, SynthesisCancelled)


@dataclass
class BatchRuntime:
    settings: HandlerSettings
    synthesizer: Synthesizer
    s3: Any
    request_id: str
    remaining_ms: Callable[[], int]

    @property
    def output_bucket(self) -> str:
        if not self.settings.output_bucket:
            raise BatchNotConfiguredError("batch narration needs OUTPUT_BUCKET")
        return self.settings.output_bucket

    @property
    def lease_seconds(self) -> float:
        """A claim's lease: short, and renewed by its live holder (handler/batch/watch.py),
        so a retry after a crash takes over within about this long."""
        return self.settings.batch_lease_seconds

    def metadata(self, **extra: str) -> dict[str, str]:
        return own_metadata(self.request_id, **extra)

    @property
    def deadline(self) -> Deadline:
        return Deadline(self.remaining_ms, self.settings.deadline_margin_ms)

    def plan(self, job: SpeechJob) -> tuple[SpeechPlan, int]:
        """Planned under the deadline, bounded by the batch limits (handler/admission.py);
        planning that runs out of time is reported, not retried (OutOfTimeError)."""
        try:
            return plan_speech(
                job,
                self.synthesizer,
                route=RouteKind.batch,
                settings=self.settings,
                deadline=self.deadline,
            )
        except _OUT_OF_TIME as exc:
            raise OutOfTimeError(
                "planning the text did not finish within the function's time (its timeout "
                "less DEADLINE_MARGIN_MS); every retry would run out the same way: send a "
                "shorter text, or split it into several uploads",
                param="text",
                details={"limit": "function timeout", "stage": "planning"},
            ) from exc

    def admit(
        self, plan: SpeechPlan, fmt: AudioFormat, rate: int, segment: tuple[int, int] | None = None
    ) -> Decision:
        """The admission gate's decision for a planned upload (`split`: too long for one
        invocation) or one segment of it; raises the refusal (a 4xx: reported). A job or
        segment that cannot fit the time an invocation has is reported too: a retry gets
        the same function timeout (OutOfTimeError)."""
        try:
            return admit(
                plan,
                route=RouteKind.segment if segment else RouteKind.batch,
                deadline=self.deadline,
                settings=self.settings,
                fmt=fmt,
                rate=rate,
                segment=segment,
            )
        except _OUT_OF_TIME as exc:
            stage = "segment" if segment else "planning"
            raise OutOfTimeError(
                f"{'this segment' if segment else 'the text'} does not fit the function's "
                f"time (its timeout less DEADLINE_MARGIN_MS): {error_message(exc)}",
                param="text",
                details={"limit": "function timeout", "stage": stage},
            ) from exc

    def estimated_seconds(self, plan: SpeechPlan, start: int = 0, stop: int | None = None) -> float:
        return estimated_synthesis_seconds(plan, self.settings.estimated_rtf, start, stop)

    def upload(
        self,
        key: str,
        fmt: AudioFormat,
        on_start: Callable[[str], None] | None = None,
        **metadata: str,
    ) -> S3AudioUpload:
        """`on_start(upload_id)` when a multipart upload begins (claims record it)."""
        content_type = FORMATS[fmt].content_type
        if on_start is not None:
            return RecordedUpload(
                self.s3,
                self.output_bucket,
                key,
                content_type,
                self.metadata(**metadata),
                on_start=on_start,
            )
        return S3AudioUpload(
            self.s3, self.output_bucket, key, content_type, self.metadata(**metadata)
        )

    def audio_upload(
        self, keys: OutputKeys, loaded: LoadedJob, claim: Claim | None = None
    ) -> S3AudioUpload:
        return self.job_upload(keys.audio(loaded.job.format), loaded, claim)

    def job_upload(self, key: str, loaded: LoadedJob, claim: Claim | None) -> S3AudioUpload:
        """An upload of the job's audio at `key`, recorded in its claim when there is one
        (a retry after a crash aborts what it names)."""
        on_start = None
        if claim is not None:
            record = claim.record_upload
            on_start = lambda upload_id: record(self.output_bucket, key, upload_id)  # noqa: E731
        etag = loaded.source.etag.strip('"')
        return self.upload(key, loaded.job.format, on_start, **{"source-etag": etag})

    def chapter_files(
        self,
        loaded: LoadedJob,
        chapters: Sequence[Chapter],
        keys: OutputKeys,
        rate: int,
        source_rate: int,
        claim: Claim | None = None,
    ) -> ChapterFiles | None:
        """With `"split": "chapters"` and a document with chapters: their own files, each
        upload recorded in the claim as the whole one's is (a crash's retry aborts it)."""
        if loaded.request.split != "chapters" or not chapters:
            return None
        fmt = loaded.job.format
        if not chapter_keys_fit(keys, fmt, len(chapters)):
            raise InvalidParameterError(
                f"the result's name leaves no room for {len(chapters)} chapter files within "
                f"S3's {MAX_KEY_BYTES}-byte keys: use a shorter name (or output)",
                param="split",
            )

        return ChapterFiles(
            chapters,
            lambda number: self.job_upload(keys.chapter_audio(number, fmt), loaded, claim),
            fmt=fmt,
            source_rate=source_rate,
            rate=rate,
            part_size=self.settings.batch_part_size_bytes,
        )

    def finish(
        self,
        loaded: LoadedJob,
        plan: SpeechPlan,
        keys: OutputKeys,
        rendered: Rendered,
        *,
        rate: int,
        segments: int,
        chapter_keys: Sequence[str] = (),
        **extra: Any,
    ) -> dict[str, Any]:
        """Write the manifest, last, once the audio is complete; a report of an earlier
        failed version of the same name would now only mislead, so it goes. Not when a
        newer upload replaced the source meanwhile: its job's manifest is the one to keep
        (SupersededError).

        The write is conditional on the manifest being the one there before the source
        was checked (`If-Match` on its ETag, `If-None-Match: *` when there was none), so
        a newer job that wrote its manifest in between makes this write fail rather
        than be overwritten."""
        document = manifest(
            loaded,
            plan,
            keys,
            rendered,
            rate=rate,
            model_revision=self.synthesizer.revision,
            request_id=self.request_id,
            segments=segments,
            chapter_keys=chapter_keys,
        )
        document.update(extra)
        # Not over a newer upload's captions: checked here, and again before the manifest.
        check_current(self.s3, loaded.source)
        document["captions"] = self._write_captions(plan, keys)
        for _attempt in range(3):
            previous = self._etag_or_none(keys.bucket, keys.manifest)
            check_current(self.s3, loaded.source)
            condition = {"IfMatch": previous} if previous else {"IfNoneMatch": "*"}
            try:
                put_json(
                    self.s3, keys.bucket, keys.manifest, document, self.metadata(), **condition
                )
                break
            except ClientError as exc:
                if not condition_failed(exc):
                    raise
                # Someone wrote it meanwhile: a newer job (the next check says so), or an
                # older one in its own last moment (then this one, the newest, writes again).
        else:
            raise SupersededError(f"{keys.manifest} kept changing while this job wrote it")
        self.s3.delete_object(Bucket=keys.bucket, Key=keys.error)
        return document

    def _write_captions(self, plan: SpeechPlan, keys: OutputKeys) -> dict[str, Any]:
        """WebVTT and SRT beside the audio, before the manifest (which says the job is
        complete). Cue text is what the reader wrote; the plan times them exactly, as it
        timed the audio; the VTT's word timestamps are estimates and its header says so."""
        marks = speech_marks(plan, word_marks=True)
        for form, (render_captions, content_type) in _CAPTIONS.items():
            self.s3.put_object(
                Bucket=keys.bucket,
                Key=keys.captions(form),
                Body=render_captions(marks).encode("utf-8"),
                ContentType=content_type,
                Metadata=self.metadata(),
            )
        return {form: keys.captions(form) for form in _CAPTIONS} | {"word_timing": "estimated"}

    def _etag_or_none(self, bucket: str, key: str) -> str | None:
        try:
            return str(self.s3.head_object(Bucket=bucket, Key=key)["ETag"])
        except ClientError as exc:
            if not_found(exc):
                return None
            raise

    def report_failure(
        self,
        exc: BaseException,
        keys: OutputKeys,
        source: SourceObject,
        inputs: Sequence[str] = (),
    ) -> str:
        """Write `<name>.error.json` for input that cannot succeed; returns its code.
        `inputs` are the upload's raw strings (jobs.load_job collects them): the report
        and the log line redact them exactly as the HTTP routes do (errors.error_message),
        so neither quotes request content (an unknown voice, a say-as value)."""
        _status, code = classify(exc)
        log.warning(
            "batch input rejected",
            extra={
                "error_code": code,
                "key": source.key,
                "report": keys.error,
                "reason": error_message(exc, inputs),
            },
        )
        put_json(
            self.s3,
            keys.bucket,
            keys.error,
            error_report(exc, self.request_id, source, inputs),
            self.metadata(),
        )
        return code


def is_bad_input(exc: BaseException) -> bool:
    """Errors no retry can fix (4xx in the one error table): reported, never retried."""
    status, _code = classify(exc)
    return 400 <= status < 500
