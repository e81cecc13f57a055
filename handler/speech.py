"""One speech request, whichever API it came through: plan under the deadline, pass the
admission gate (handler/admission.py), synthesize and encode as it decided."""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from handler.admission import (
    Decision,
    Delivery,
    RouteKind,
    admit,
    check_text_length,
    spoken_chars_limit,
)
from handler.config import HandlerSettings
from handler.deadline import Deadline
from handler.errors import InvalidParameterError, codepoint_labels
from handler.observability import logger as log
from handler.observability import metrics
from handler.s3 import PART_SIZE, S3AudioUpload, presign
from handler.schemas import NormalizeResponse, S3DeliveryResponse
from handler.tracing import span
from model_layer import CancelToken, Lexicon, SpeechPlan, Synthesizer
from model_layer.audio import (
    FORMATS,
    AudioEncoder,
    AudioFormat,
    MemorySink,
    PartSink,
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
    text_param: str = "text"  # the request field the text came in, for error messages
    loudness: str = "normalized"
    cache: bool = True  # False: bypass the result cache for this request


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
    loudness: str = "raw"  # what was applied: "normalized" or "raw"
    cache: str = "miss"  # "hit": answered from the result cache (handler/cache.py)

    @property
    def real_time_factor(self) -> float:
        return self.synthesis_seconds / self.duration_seconds if self.duration_seconds else 0.0


def _output_key(settings: HandlerSettings, request_id: str, extension: str) -> str:
    day = datetime.now(UTC).strftime("%Y/%m/%d")
    return f"{settings.output_prefix}{day}/{request_id}.{extension}"


def plan_speech(
    job: SpeechJob,
    synthesizer: Synthesizer,
    *,
    route: RouteKind,
    settings: HandlerSettings,
    deadline: Deadline,
    streamed: bool | None = None,
) -> tuple[SpeechPlan, int]:
    """The job's plan and output sample rate: everything checkable before synthesis. The
    one place planning runs for every route: under the deadline (cancelled at its margin)
    and bounded by what the route may expand the text to. `streamed`: plan as a stream is
    cut (its first clause first); default, when the route streams. /v1/normalize and
    /v1/speech/marks of a streaming function pass True, so they show the audio it sends."""
    if streamed is None:
        streamed = route is RouteKind.stream
    try:
        rate = resolve_sample_rate(job.format, synthesizer.sample_rate, job.sample_rate)
    except ValueError as exc:
        raise InvalidParameterError(str(exc), param="sample_rate") from exc
    with deadline.guard("plan") as cancel, span("plan"):
        plan = plan_job(
            job,
            synthesizer,
            cancel=cancel,
            max_spoken_chars=spoken_chars_limit(route, settings),
            # A streamed answer's first chunk is its first clause: first audio sooner.
            first_clause=streamed and synthesizer.settings.stream_first_clause,
        )
    _record_capped_durations(plan)
    return plan, rate


def _record_capped_durations(plan: SpeechPlan) -> None:
    """Count and log (without the text) chunks whose predicted duration ran away and was
    capped: a rising count on the real weights says which languages and voices need it."""
    capped = sum(chunk.duration_capped for chunk in plan.chunks)
    if not capped:
        return
    metrics.add_metric(name="DurationsCapped", unit=MetricUnit.Count, value=capped)
    log.info(
        "predicted duration capped",
        extra={"chunks_capped": capped, "chunks": len(plan.chunks), "language": plan.lang},
    )


@dataclass(frozen=True)
class AdmittedSpeech:
    """A planned job the admission gate let through, with how it is delivered."""

    job: SpeechJob
    plan: SpeechPlan
    rate: int
    decision: Decision

    @property
    def delivery(self) -> Delivery:
        return self.decision.delivery


def admit_speech(
    job: SpeechJob,
    synthesizer: Synthesizer,
    *,
    route: RouteKind,
    settings: HandlerSettings,
    deadline: Deadline,
) -> AdmittedSpeech:
    """Plan `job` and pass it through the admission gate (which raises the refusal)."""
    check_text_length(job.text, job.text_param, route, settings)
    plan, rate = plan_speech(job, synthesizer, route=route, settings=settings, deadline=deadline)
    decision = admit(
        plan,
        route=route,
        deadline=deadline,
        settings=settings,
        fmt=job.format,
        rate=rate,
        delivery=job.delivery,
    )
    return AdmittedSpeech(job, plan, rate, decision)


def synthesize_speech(
    admitted: AdmittedSpeech,
    *,
    synthesizer: Synthesizer,
    settings: HandlerSettings,
    get_s3_client: Callable[[], Any],
    request_id: str,
    deadline: Deadline,
    s3_key: str | None = None,
    s3_metadata: dict[str, str] | None = None,
) -> SpeechResult:
    """Synthesize an admitted job into memory (inline) or S3, as the gate decided.
    `s3_key`/`s3_metadata`: where S3 delivery writes instead of a key of its own (the
    result cache's entry)."""
    started = time.perf_counter()
    job, plan, rate = admitted.job, admitted.plan, admitted.rate
    spec = FORMATS[job.format]
    dropped = codepoint_labels(plan.dropped)
    audio: bytes | None = None
    s3_response: S3DeliveryResponse | None = None
    with deadline.guard() as cancel:
        if admitted.delivery is Delivery.s3:
            assert settings.output_bucket is not None
            key = s3_key or _output_key(settings, request_id, spec.extension)
            client = get_s3_client()
            upload = S3AudioUpload(
                client,
                settings.output_bucket,
                key,
                spec.content_type,
                s3_metadata or {"request-id": request_id},
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
                loudness=plan.loudness,
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
        loudness=plan.loudness,
    )


def _encode(
    synthesizer: Synthesizer, plan: SpeechPlan, encoder: AudioEncoder, cancel: CancelToken
) -> None:
    """All of the plan's audio through `encoder`, closed at the end; on any failure the
    encoder is aborted, so its sink hands out nothing more."""
    try:
        with span("synthesize"):
            for pcm in synthesizer.stream(plan, cancel):
                with span("encode"):
                    encoder.write(pcm)
            with span("encode"):
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
    max_spoken_chars: int | None = None,
    first_clause: bool = False,
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
        max_spoken_chars=max_spoken_chars,
        loudness=job.loudness,
        first_clause=first_clause,
    )


def normalize_speech(
    job: SpeechJob,
    *,
    synthesizer: Synthesizer,
    settings: HandlerSettings,
    deadline: Deadline,
    streamed: bool = False,
) -> NormalizeResponse:
    """What `synthesize_speech` would read for `job`, with every check it makes on the
    text (language, strict characters, emptiness, the admission limits on the text) and
    its durations (so it can say which chunks the duration guard capped) but no audio;
    planned under the deadline like every route."""
    route = RouteKind.normalize
    check_text_length(job.text, job.text_param, route, settings)
    plan, _rate = plan_speech(
        job, synthesizer, route=route, settings=settings, deadline=deadline, streamed=streamed
    )
    admit(plan, route=route, deadline=deadline, settings=settings)
    return NormalizeResponse(
        normalized=plan.normalized_text,
        language=plan.lang,
        chunks=[chunk.text for chunk in plan.chunks],
        model_inputs=[chunk.model_text for chunk in plan.chunks],
        duration_capped=[chunk.duration_capped for chunk in plan.chunks],
        dropped_characters=codepoint_labels(plan.dropped),
        lexicon_unsupported=[
            *getattr(job.lexicon, "unsupported", ()),
            *synthesizer.lexicon.unsupported,
        ],
    )
