"""What one batch invocation works with, and the steps every path shares."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from handler.admission import Decision, RouteKind, admit, estimated_synthesis_seconds
from handler.batch.jobs import LoadedJob, SourceObject
from handler.batch.keys import OutputKeys
from handler.batch.manifest import error_report, manifest
from handler.batch.render import Rendered
from handler.batch.s3io import own_metadata, put_json
from handler.config import HandlerSettings
from handler.deadline import Deadline
from handler.errors import classify
from handler.observability import logger as log
from handler.s3 import S3AudioUpload
from handler.speech import SpeechJob, plan_speech
from model_layer import SpeechPlan, Synthesizer
from model_layer.audio import FORMATS, AudioFormat


class BatchNotConfiguredError(RuntimeError):
    """The function has no OUTPUT_BUCKET: a deployment problem, retried until fixed."""


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
        """A claim is ours until our deadline: after it Lambda has certainly stopped us."""
        return self.remaining_ms() / 1000.0

    def metadata(self, **extra: str) -> dict[str, str]:
        return own_metadata(self.request_id, **extra)

    @property
    def deadline(self) -> Deadline:
        return Deadline(self.remaining_ms, self.settings.deadline_margin_ms)

    def plan(self, job: SpeechJob) -> tuple[SpeechPlan, int]:
        """Planned under the deadline, bounded by the batch limits (handler/admission.py)."""
        return plan_speech(
            job,
            self.synthesizer,
            route=RouteKind.batch,
            settings=self.settings,
            deadline=self.deadline,
        )

    def admit(
        self, plan: SpeechPlan, fmt: AudioFormat, rate: int, segment: tuple[int, int] | None = None
    ) -> Decision:
        """The admission gate's decision for a planned upload (`split`: too long for one
        invocation) or one segment of it; raises the refusal (a 4xx: reported)."""
        return admit(
            plan,
            route=RouteKind.segment if segment else RouteKind.batch,
            deadline=self.deadline,
            settings=self.settings,
            fmt=fmt,
            rate=rate,
            segment=segment,
        )

    def estimated_seconds(self, plan: SpeechPlan, start: int = 0, stop: int | None = None) -> float:
        return estimated_synthesis_seconds(plan, self.settings.estimated_rtf, start, stop)

    def upload(self, key: str, fmt: AudioFormat, **metadata: str) -> S3AudioUpload:
        content_type = FORMATS[fmt].content_type
        return S3AudioUpload(
            self.s3, self.output_bucket, key, content_type, self.metadata(**metadata)
        )

    def audio_upload(self, keys: OutputKeys, loaded: LoadedJob) -> S3AudioUpload:
        fmt = loaded.job.format
        return self.upload(keys.audio(fmt), fmt, **{"source-etag": loaded.source.etag.strip('"')})

    def finish(
        self,
        loaded: LoadedJob,
        plan: SpeechPlan,
        keys: OutputKeys,
        rendered: Rendered,
        *,
        rate: int,
        segments: int,
        **extra: Any,
    ) -> dict[str, Any]:
        """Write the manifest, last, once the audio is complete; a report of an earlier
        failed version of the same name would now only mislead, so it goes."""
        document = manifest(
            loaded,
            plan,
            keys,
            rendered,
            rate=rate,
            model_revision=self.synthesizer.revision,
            request_id=self.request_id,
            segments=segments,
        )
        document.update(extra)
        put_json(self.s3, keys.bucket, keys.manifest, document, self.metadata())
        self.s3.delete_object(Bucket=keys.bucket, Key=keys.error)
        return document

    def report_failure(self, exc: BaseException, keys: OutputKeys, source: SourceObject) -> str:
        """Write `<name>.error.json` for input that cannot succeed; returns its code."""
        _status, code = classify(exc)
        log.warning(
            "batch input rejected",
            extra={"error_code": code, "reason": str(exc), "key": source.key, "report": keys.error},
        )
        put_json(
            self.s3,
            keys.bucket,
            keys.error,
            error_report(exc, self.request_id, source),
            self.metadata(),
        )
        return code


def is_bad_input(exc: BaseException) -> bool:
    """Errors no retry can fix (4xx in the one error table): reported, never retried."""
    status, _code = classify(exc)
    return 400 <= status < 500
