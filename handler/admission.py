"""The admission gate: whether a planned speech job runs, and how its audio is delivered.

Every route goes through here: buffered and streamed HTTP, direct invokes, /v1/normalize,
batch uploads and batch segments. Two moments, one module:

- `check_text_length` before planning: the request's own characters (cheap, no work done);
  `spoken_chars_limit` is what planning may expand them to, so a lexicon or SSML that
  multiplies the text is refused before any duration is predicted for it.
- `admit` after planning (which runs under the deadline, `handler.deadline`): it takes the
  planned job and the time left and returns the delivery decision (inline, stream, S3; for
  batch also whether it must be split into segments) or raises the refusal, each limit its
  own 4xx code naming it:

  | limit | code |
  | --- | --- |
  | MAX_TEXT_CHARS / BATCH_MAX_TEXT_CHARS (request characters) | text_too_long |
  | MAX_SPOKEN_CHARS / BATCH_MAX_SPOKEN_CHARS (characters as read) | spoken_text_too_long |
  | MAX_SILENCE_SECONDS / BATCH_MAX_SILENCE_SECONDS (planned pauses) | silence_too_long |
  | estimated synthesis time vs. the time left (ESTIMATED_RTF) | synthesis_too_long |
  | response or stream size; MAX_AUDIO_BYTES, BATCH_MAX_AUDIO_BYTES (encoded) | audio_too_large |
  | planning used up the time | deadline_exceeded (504) |
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from handler.config import HandlerSettings
from handler.deadline import Deadline
from handler.errors import (
    AudioTooLargeError,
    DeadlineExceededError,
    InvalidParameterError,
    SilenceTooLongError,
    SynthesisTooLongError,
    TextTooLongError,
)
from handler.runtime.protocol import MAX_STREAMED_BYTES
from model_layer import SpeechPlan, SpokenTextTooLongError
from model_layer.audio import AudioFormat, estimated_size


class RouteKind(StrEnum):
    buffered = "buffered"  # HTTP, the whole answer at once (6 MB)
    stream = "stream"  # HTTP on a RESPONSE_STREAM Function URL
    direct = "direct"  # direct invoke: the answer is a JSON document (6 MB)
    normalize = "normalize"  # the text as read, no audio
    batch = "batch"  # an uploaded text, audio into S3 (split into segments if long)
    segment = "segment"  # one segment of a split batch job


class Delivery(StrEnum):
    inline = "inline"
    stream = "stream"
    s3 = "s3"
    none = "none"  # /v1/normalize: nothing to deliver but the text


BATCH_ROUTES = (RouteKind.batch, RouteKind.segment)


@dataclass(frozen=True)
class Decision:
    delivery: Delivery
    synthesis_seconds: float  # estimated, for the chunks this invocation synthesizes
    audio_bytes: int  # estimated encoded size
    budget_seconds: float  # the work this invocation can take on
    split: bool = False  # batch: more than one invocation's work, split into segments


def check_text_length(text: str, param: str, route: RouteKind, settings: HandlerSettings) -> None:
    """The request's own characters, before any work is done on them."""
    if route in BATCH_ROUTES:
        check_length(text, param, settings.batch_max_text_chars, "BATCH_MAX_TEXT_CHARS")
    else:
        check_length(text, param, settings.max_text_chars, "MAX_TEXT_CHARS")


def check_length(text: str, param: str, limit: int, name: str) -> None:
    if len(text) > limit:
        raise TextTooLongError(
            f"{param} has {len(text)} characters; the limit is {limit} ({name})",
            param=param,
            details={"limit": name, "max": limit, "actual": len(text)},
        )


def spoken_chars_limit(route: RouteKind, settings: HandlerSettings) -> int:
    """What planning may expand the text to (passed to the planner, which stops there)."""
    if route in BATCH_ROUTES:
        return settings.batch_max_spoken_chars
    return settings.max_spoken_chars


def silence_seconds(plan: SpeechPlan) -> float:
    samples = sum(chunk.silence_before_samples for chunk in plan.chunks)
    return (samples + plan.trailing_silence_samples) / plan.sample_rate


def estimated_synthesis_seconds(
    plan: SpeechPlan, rtf: float, start: int = 0, stop: int | None = None
) -> float:
    """Synthesis time of chunks [start, stop), from the duration predictor's lengths:
    speech seconds x `rtf` (measured at 8 steps; the steps scale the denoising share).
    Silence costs no model time; it is bounded by its own limit."""
    stop = len(plan.chunks) if stop is None else stop
    samples = sum(plan.chunk_samples(i) + plan.silence_samples for i in range(start, stop))
    step_factor = (plan.steps + 2) / 10
    return samples / plan.sample_rate * rtf * step_factor


def admit(
    plan: SpeechPlan,
    *,
    route: RouteKind,
    deadline: Deadline,
    settings: HandlerSettings,
    fmt: AudioFormat = AudioFormat.wav,
    rate: int | None = None,
    delivery: str = "auto",
    segment: tuple[int, int] | None = None,
) -> Decision:
    """The one admission decision for a planned job; raises the refusal.

    `delivery` is what the caller asked for ("auto", "inline", "s3"); `segment` is the
    chunk range a segment invocation synthesizes.
    """
    batch = route in BATCH_ROUTES
    _check_spoken(plan, route, settings)
    _check_silence(plan, batch, settings)
    budget = deadline.budget_seconds()
    if budget <= 0:  # planning used up the time: the deadline's doing, not the text's
        raise DeadlineExceededError("no time left to synthesize after planning")
    if route is RouteKind.normalize:
        return Decision(Delivery.none, 0.0, 0, budget)

    rate = rate or plan.sample_rate
    start, stop = segment or (0, len(plan.chunks))
    estimate = estimated_synthesis_seconds(plan, settings.estimated_rtf, start, stop)
    size = estimated_size(fmt, plan.duration_seconds, rate)
    described = f"about {plan.duration_seconds:.0f} s of {fmt.value} (~{size / 1e6:.1f} MB)"
    max_bytes, bytes_name = (
        (settings.batch_max_audio_bytes, "BATCH_MAX_AUDIO_BYTES")
        if batch
        else (settings.max_audio_bytes, "MAX_AUDIO_BYTES")
    )
    if size > max_bytes:
        raise AudioTooLargeError(
            f"{described} is more than the {max_bytes / 1e6:.0f} MB limit ({bytes_name}); "
            "send shorter text or use a compressed format",
            details={"limit": bytes_name, "max": max_bytes, "estimated": size},
        )

    if batch:
        budget = min(settings.batch_max_invocation_seconds, budget)
        split = route is RouteKind.batch and estimate > budget
        if split and not settings.segment_queue_url:
            raise SynthesisTooLongError(
                f"about {estimate:.0f} s of synthesis is more than one invocation takes on "
                "(BATCH_MAX_INVOCATION_SECONDS, or the time left), and no SEGMENT_QUEUE_URL "
                "is configured to split it",
                details={"limit": "BATCH_MAX_INVOCATION_SECONDS", "max": budget},
            )
        if route is RouteKind.segment and estimate > budget:
            raise DeadlineExceededError(
                f"the segment needs about {estimate:.0f} s of synthesis, more than the "
                f"{budget:.0f} s this invocation has left"
            )
        return Decision(Delivery.s3, estimate, size, budget, split=split)

    if estimate > budget:
        raise SynthesisTooLongError(
            f"about {plan.duration_seconds:.0f} s of audio takes about {estimate:.0f} s to "
            f"synthesize, more than the {budget:.0f} s this invocation has left; "
            "send shorter text, fewer steps, or upload it for batch narration",
            details={"limit": "time left", "max": round(budget, 3), "estimated": estimate},
        )
    return Decision(_delivery(route, delivery, size, described, settings), estimate, size, budget)


def _check_spoken(plan: SpeechPlan, route: RouteKind, settings: HandlerSettings) -> None:
    limit = spoken_chars_limit(route, settings)
    spoken = len(plan.normalized_text)
    if spoken > limit:
        raise SpokenTextTooLongError(spoken, limit)


def _check_silence(plan: SpeechPlan, batch: bool, settings: HandlerSettings) -> None:
    limit, name = (
        (settings.batch_max_silence_seconds, "BATCH_MAX_SILENCE_SECONDS")
        if batch
        else (settings.max_silence_seconds, "MAX_SILENCE_SECONDS")
    )
    silence = silence_seconds(plan)
    if silence > limit:
        raise SilenceTooLongError(
            f"the text plans {silence:.0f} s of pauses, more than the {limit:.0f} s limit "
            f"({name}); use fewer or shorter <break> elements",
            param="text",
            details={"limit": name, "max": limit, "planned": round(silence, 3)},
        )


def _delivery(
    route: RouteKind, asked: str, size: int, described: str, settings: HandlerSettings
) -> Delivery:
    """Inline, streamed or S3, from what was asked, the size and the route's own limit."""
    if asked == "s3":
        if not settings.output_bucket:
            raise InvalidParameterError(
                "delivery 's3' is unavailable: the function has no OUTPUT_BUCKET", param="delivery"
            )
        return Delivery.s3
    streamed = route is RouteKind.stream
    limit = MAX_STREAMED_BYTES if streamed else settings.inline_audio_limit_bytes
    answer = "a streamed response's 200 MB" if streamed else "a 6 MB response"
    if size <= limit:
        return Delivery.stream if streamed else Delivery.inline
    if asked == "auto" and settings.output_bucket:
        return Delivery.s3
    if asked == "auto":
        raise AudioTooLargeError(
            f"{described} does not fit {answer} and no OUTPUT_BUCKET is configured; "
            "use a compressed format or shorter text",
            details={"limit": "response size", "max": limit, "estimated": size},
        )
    raise AudioTooLargeError(
        f"{described} does not fit {answer}; use delivery 's3', a compressed format or "
        "shorter text",
        param="delivery",
        details={"limit": "response size", "max": limit, "estimated": size},
    )
