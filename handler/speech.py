"""One speech request, whichever API it came through: plan, choose delivery, encode."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from handler.config import HandlerSettings
from handler.errors import (
    AudioTooLargeError,
    DeadlineExceededError,
    InvalidParameterError,
    TextTooLongError,
    codepoint_labels,
)
from handler.schemas import NormalizeResponse, S3DeliveryResponse
from handler.storage import PART_SIZE, S3AudioUpload, presign
from model_layer import CancelToken, Lexicon, SpeechPlan, Synthesizer
from model_layer.audio import (
    FORMATS,
    AudioEncoder,
    AudioFormat,
    MemorySink,
    PartSink,
    estimated_size,
    resolve_sample_rate,
)


@dataclass(frozen=True)
class SpeechJob:
    text: str
    voice: str | Mapping[str, Any]
    lang: str | None = None
    speed: float = 1.05
    steps: int = 8
    format: AudioFormat = AudioFormat.wav
    sample_rate: int | None = None
    seed: int | None = None
    delivery: str = "auto"
    strict: bool = False
    normalize: bool = True
    lexicon: Mapping[str, str] | Lexicon | None = None
    text_type: str = "text"


@dataclass(frozen=True)
class SpeechResult:
    format: AudioFormat
    content_type: str
    sample_rate: int
    duration_seconds: float
    language: str
    seed: int
    dropped_characters: list[str]
    characters: int
    synthesis_seconds: float
    audio: bytes | None = None  # inline delivery
    s3: S3DeliveryResponse | None = None  # S3 delivery

    @property
    def real_time_factor(self) -> float:
        return self.synthesis_seconds / self.duration_seconds if self.duration_seconds else 0.0


def _output_key(settings: HandlerSettings, request_id: str, extension: str) -> str:
    day = datetime.now(UTC).strftime("%Y/%m/%d")
    return f"{settings.output_prefix}{day}/{request_id}.{extension}"


def plan_speech(
    job: SpeechJob, synthesizer: Synthesizer, cancel: CancelToken | None = None
) -> tuple[SpeechPlan, int]:
    """The job's plan and output sample rate: everything checkable before synthesis."""
    try:
        rate = resolve_sample_rate(job.format, synthesizer.sample_rate, job.sample_rate)
    except ValueError as exc:
        raise InvalidParameterError(str(exc), param="sample_rate") from exc
    plan = plan_job(job, synthesizer, cancel=cancel)
    return plan, rate


def estimated_synthesis_seconds(
    plan: SpeechPlan, rtf: float, start: int = 0, stop: int | None = None
) -> float:
    """Synthesis time of chunks [start, stop), from the duration predictor's lengths:
    audio seconds x `rtf` (measured at 8 steps; the steps scale the denoising share)."""
    stop = len(plan.chunks) if stop is None else stop
    samples = sum(plan.chunk_samples(i) + plan.silence_samples for i in range(start, stop))
    step_factor = (plan.steps + 2) / 10
    return samples / plan.sample_rate * rtf * step_factor


def check_fits_deadline(plan: SpeechPlan, settings: HandlerSettings, remaining_ms: int) -> None:
    """Turn away, before any synthesis, speech that cannot be ready before the deadline:
    a clear 4xx now instead of a 504 after the whole timeout was billed."""
    estimate = estimated_synthesis_seconds(plan, settings.estimated_rtf)
    budget = (remaining_ms - settings.deadline_margin_ms) / 1000.0
    if budget <= 0:  # planning used up the time: the deadline's doing, not the text's
        raise DeadlineExceededError("no time left to synthesize after planning")
    if estimate > budget:
        raise TextTooLongError(
            f"about {plan.duration_seconds:.0f} s of audio takes about {estimate:.0f} s to "
            f"synthesize, more than the {budget:.0f} s this invocation has left; "
            "send shorter text, fewer steps, or upload it for batch narration"
        )


def synthesize_speech(
    job: SpeechJob,
    *,
    synthesizer: Synthesizer,
    settings: HandlerSettings,
    get_s3_client: Callable[[], Any],
    request_id: str,
    cancel: CancelToken,
    remaining_ms: Callable[[], int],
) -> SpeechResult:
    started = time.perf_counter()
    plan, rate = plan_speech(job, synthesizer, cancel)
    check_fits_deadline(plan, settings, remaining_ms())
    spec = FORMATS[job.format]
    estimate = estimated_size(job.format, plan.duration_seconds, rate)
    too_large = estimate > settings.inline_audio_limit_bytes
    to_s3 = job.delivery == "s3" or (job.delivery == "auto" and too_large)
    size = f"about {plan.duration_seconds:.0f} s of {job.format.value} (~{estimate / 1e6:.1f} MB)"
    if to_s3 and not settings.output_bucket:
        if job.delivery == "s3":
            raise InvalidParameterError(
                "delivery 's3' is unavailable: the function has no OUTPUT_BUCKET", param="delivery"
            )
        raise AudioTooLargeError(
            f"{size} does not fit a 6 MB response and no OUTPUT_BUCKET is configured; "
            "use a compressed format or shorter text"
        )
    if not to_s3 and too_large:
        raise AudioTooLargeError(
            f"{size} does not fit a 6 MB response; "
            "use delivery 's3', a compressed format or shorter text",
            param="delivery",
        )

    dropped = codepoint_labels(plan.dropped)
    audio: bytes | None = None
    s3_response: S3DeliveryResponse | None = None
    if to_s3:
        assert settings.output_bucket is not None
        key = _output_key(settings, request_id, spec.extension)
        client = get_s3_client()
        upload = S3AudioUpload(
            client,
            settings.output_bucket,
            key,
            spec.content_type,
            {"request-id": request_id},
            cancel=cancel,
        )
        sink: PartSink = PartSink(upload.on_part, part_size=PART_SIZE)
        encoder = AudioEncoder(job.format, synthesizer.sample_rate, sink, rate)
        try:
            _encode(synthesizer, plan, encoder, cancel)
            cancel.check()
            upload.finish()
        except BaseException:
            upload.abort()
            raise
        url, expires_at = presign(
            client, settings.output_bucket, key, settings.presign_expiry_seconds
        )
        s3_response = S3DeliveryResponse(
            url=url,
            expires_at=expires_at,
            expires_in=settings.presign_expiry_seconds,
            bucket=settings.output_bucket,
            key=key,
            content_type=spec.content_type,
            format=job.format.value,
            sample_rate=rate,
            duration_seconds=round(encoder.duration_seconds, 3),
            language=plan.lang,
            seed=plan.seed,
            dropped_characters=dropped,
            request_id=request_id,
        )
    else:
        memory = MemorySink()
        encoder = AudioEncoder(job.format, synthesizer.sample_rate, memory, rate)
        _encode(synthesizer, plan, encoder, cancel)
        audio = memory.getvalue()

    return SpeechResult(
        format=job.format,
        content_type=spec.content_type,
        sample_rate=rate,
        duration_seconds=encoder.duration_seconds,
        language=plan.lang,
        seed=plan.seed,
        dropped_characters=dropped,
        characters=len(job.text),
        synthesis_seconds=time.perf_counter() - started,
        audio=audio,
        s3=s3_response,
    )


def _encode(
    synthesizer: Synthesizer, plan: SpeechPlan, encoder: AudioEncoder, cancel: CancelToken
) -> None:
    """All of the plan's audio through `encoder`, closed at the end; on any failure the
    encoder is aborted, so its sink hands out nothing more."""
    try:
        for pcm in synthesizer.stream(plan, cancel):
            encoder.write(pcm)
        encoder.close()
    except BaseException:
        encoder.abort()
        raise


def plan_job(
    job: SpeechJob,
    synthesizer: Synthesizer,
    *,
    cancel: CancelToken | None = None,
    durations: bool = True,
) -> SpeechPlan:
    return synthesizer.plan(
        job.text,
        voice=job.voice,
        lang=job.lang,
        speed=job.speed,
        steps=job.steps,
        seed=job.seed,
        strict=job.strict,
        normalize=job.normalize,
        lexicon=job.lexicon,
        cancel=cancel,
        durations=durations,
        text_type=job.text_type,
    )


def normalize_speech(job: SpeechJob, *, synthesizer: Synthesizer) -> NormalizeResponse:
    """What `synthesize_speech` would read for `job`, with every check it makes on the
    text (language, strict characters, emptiness) but no duration prediction or audio."""
    plan = plan_job(job, synthesizer, durations=False)
    return NormalizeResponse(
        normalized=plan.normalized_text,
        language=plan.lang,
        chunks=[chunk.text for chunk in plan.chunks],
        model_inputs=[chunk.model_text for chunk in plan.chunks],
        dropped_characters=codepoint_labels(plan.dropped),
    )
