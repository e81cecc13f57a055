"""The result cache: speech already made is answered from S3, not synthesized again.

An entry is one object under RESULT_CACHE_PREFIX in OUTPUT_BUCKET, named by the digest of
everything that determines its bytes (model_layer.cache_key: the planned chunks as sent to
the model, the voice's tensors, steps, seed, format, rate, loudness, model revision...).
No request text is in a key, in an object's metadata or in a log line.

- Seeds: with the cache on, a request without `seed` gets one derived from that digest, so
  the same request gives the same audio (and hits); `x-seed` says which.
- A hit costs a HEAD and a GET (or a presigned URL of the entry itself), no engine work.
- A miss stores what it made: inline audio with one PUT after the answer is built; S3
  delivery writes the delivered object as the entry; a stream is teed into a multipart
  upload completed only when the stream completes. S3 makes an object visible only when
  its PUT or completion succeeds, so an entry is complete or absent, never partial, and
  two identical misses at once may both synthesize and both store the same bytes.
- The cache never fails a request: a lookup or store error is logged (with the key
  digest, never the text) and the request is served as if there were no cache.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Any

from handler.admission import Delivery
from handler.config import HandlerSettings
from handler.observability import logger as log
from handler.s3 import PART_SIZE, S3AudioUpload, not_found, presign, s3_call
from handler.schemas import S3DeliveryResponse
from handler.speech import AdmittedSpeech, SpeechJob, SpeechResult
from model_layer import SpeechPlan, Synthesizer
from model_layer.audio import FORMATS, PartSink
from model_layer.cache_key import content_digest, derived_seed, result_key

HIT = "hit"
MISS = "miss"
# Marks every object this function writes, so batch narration never takes it for input.
OWN_OUTPUT_METADATA = {"supertonic-output": "result-cache"}
# A lookup is one quick question: two attempts at most, then the request goes uncached.
_LOOKUP_ATTEMPTS = 2
_STREAM_READ_BYTES = 256 * 1024


@dataclass(frozen=True)
class CacheEntry:
    """Where a request's result lives (or will), and what a lookup found there."""

    bucket: str
    key: str
    admitted: AdmittedSpeech  # with the seed the key was made with
    found: dict[str, Any] | None  # the entry's HEAD answer when it exists
    usable: bool = True  # False after a lookup error: neither read nor written this time

    @property
    def hit(self) -> bool:
        return self.found is not None

    @property
    def digest(self) -> str:
        return self.key.rsplit("/", 1)[-1].split(".", 1)[0]

    def metadata(self, duration_seconds: float) -> dict[str, str]:
        return {**OWN_OUTPUT_METADATA, "duration-seconds": f"{duration_seconds:.6f}"}


def cache_on(settings: HandlerSettings, wanted: bool) -> bool:
    return bool(settings.result_cache and settings.output_bucket and wanted)


def seeded_plan(
    plan: SpeechPlan, job: SpeechJob, rate: int, synthesizer: Synthesizer
) -> tuple[SpeechPlan, str]:
    """`plan` with the seed the cache uses (the request's, else one derived from the
    content), and the entry's digest."""
    content = content_digest(
        plan,
        model_revision=synthesizer.revision,
        precision=synthesizer.settings.precision,
        batch_size=synthesizer.settings.batch_size,
        audio_format=job.format.value,
        sample_rate=rate,
    )
    seed = job.seed if job.seed is not None else derived_seed(content)
    return replace(plan, seed=seed), result_key(content, seed)


def with_cache_seed(
    admitted: AdmittedSpeech, synthesizer: Synthesizer
) -> tuple[AdmittedSpeech, str]:
    plan, digest = seeded_plan(admitted.plan, admitted.job, admitted.rate, synthesizer)
    return replace(admitted, plan=plan), digest


def look_up(
    admitted: AdmittedSpeech,
    *,
    synthesizer: Synthesizer,
    settings: HandlerSettings,
    client: Any,
) -> CacheEntry:
    assert settings.output_bucket is not None
    admitted, digest = with_cache_seed(admitted, synthesizer)
    key = f"{settings.result_cache_prefix}{digest}.{FORMATS[admitted.job.format].extension}"
    try:
        with s3_call("looking up the result cache", max_attempts=_LOOKUP_ATTEMPTS):
            found = client.head_object(Bucket=settings.output_bucket, Key=key)
    except Exception as exc:
        if not_found(exc):
            return CacheEntry(settings.output_bucket, key, admitted, None)
        _log_failure("lookup", digest, exc)
        return CacheEntry(settings.output_bucket, key, admitted, None, usable=False)
    if not found.get("ContentLength"):
        return CacheEntry(settings.output_bucket, key, admitted, None)
    return CacheEntry(settings.output_bucket, key, admitted, found)


def _log_failure(what: str, digest: str, exc: BaseException) -> None:
    log.warning(
        "result cache unavailable; serving uncached",
        extra={"cache_action": what, "cache_key": digest, "reason": type(exc).__name__},
    )


def _duration(entry: CacheEntry) -> float:
    assert entry.found is not None
    try:
        return float(entry.found.get("Metadata", {}).get("duration-seconds", ""))
    except ValueError:
        return entry.admitted.plan.duration_seconds


def hit_result(
    entry: CacheEntry, *, settings: HandlerSettings, client: Any, request_id: str
) -> SpeechResult | None:
    """The answer from the entry, inline or as a presigned URL of it, as the gate decided
    (inline when it fits); None when the entry cannot be read (then: synthesize)."""
    admitted = entry.admitted
    plan, job = admitted.plan, admitted.job
    spec = FORMATS[job.format]
    duration = _duration(entry)
    size = int(entry.found["ContentLength"]) if entry.found else 0
    base = _result(entry, duration)
    if admitted.delivery is Delivery.s3 or size > settings.inline_audio_limit_bytes:
        if not settings.output_bucket:
            return None
        url, expires_at = presign(client, entry.bucket, entry.key, settings.presign_expiry_seconds)
        return replace(
            base,
            s3=S3DeliveryResponse(
                url=url,
                expires_at=expires_at,
                expires_in=settings.presign_expiry_seconds,
                bucket=entry.bucket,
                key=entry.key,
                content_type=spec.content_type,
                format=job.format.value,
                sample_rate=admitted.rate,
                duration_seconds=round(duration, 3),
                language=plan.lang,
                seed=plan.seed,
                dropped_characters=base.dropped_characters,
                request_id=request_id,
                loudness=plan.loudness,  # type: ignore[arg-type]
            ),
        )
    try:
        with s3_call("reading the result cache", max_attempts=_LOOKUP_ATTEMPTS):
            body = client.get_object(Bucket=entry.bucket, Key=entry.key)["Body"]
            try:
                audio = body.read()
            finally:
                body.close()
    except Exception as exc:
        _log_failure("read", entry.digest, exc)
        return None
    if len(audio) != size:  # replaced between HEAD and GET: not what was looked up
        return None
    return replace(base, audio=audio)


def _result(entry: CacheEntry, duration: float) -> SpeechResult:
    from handler.errors import codepoint_labels

    admitted = entry.admitted
    plan, job = admitted.plan, admitted.job
    return SpeechResult(
        format=job.format,
        content_type=FORMATS[job.format].content_type,
        sample_rate=admitted.rate,
        duration_seconds=duration,
        language=plan.lang,
        seed=plan.seed,
        dropped_characters=codepoint_labels(plan.dropped),
        characters=len(job.text),
        synthesis_seconds=0.0,
        loudness=plan.loudness,
        cache=HIT,
    )


def store_inline(entry: CacheEntry, result: SpeechResult, client: Any) -> None:
    """Keep a miss's inline audio as the entry (one PUT: visible whole or not at all)."""
    if not entry.usable or result.audio is None:
        return
    try:
        with s3_call("storing in the result cache", max_attempts=_LOOKUP_ATTEMPTS):
            client.put_object(
                Bucket=entry.bucket,
                Key=entry.key,
                Body=result.audio,
                ContentType=result.content_type,
                Metadata=entry.metadata(result.duration_seconds),
            )
    except Exception as exc:
        _log_failure("store", entry.digest, exc)


def open_hit(entry: CacheEntry, client: Any) -> Any | None:
    """The entry's body, opened before any byte of the answer leaves (so a failure here
    still falls back to synthesis); None when it cannot be read."""
    try:
        with s3_call("reading the result cache", max_attempts=_LOOKUP_ATTEMPTS):
            answer = client.get_object(Bucket=entry.bucket, Key=entry.key)
    except Exception as exc:
        _log_failure("read", entry.digest, exc)
        return None
    if entry.found and answer.get("ETag") != entry.found.get("ETag"):
        answer["Body"].close()  # replaced since the lookup: not the entry that was found
        return None
    return answer["Body"]


def stream_hit(body: Any) -> Iterator[bytes]:
    """The entry's bytes as they arrive from S3 (RESPONSE_STREAM mode)."""
    try:
        while data := body.read(_STREAM_READ_BYTES):
            yield data
    finally:
        body.close()


def hit_headers_result(entry: CacheEntry) -> SpeechResult:
    """What a streamed hit's headers say."""
    return _result(entry, _duration(entry))


class StreamTee:
    """A streamed miss copied into a multipart upload of the entry, completed only when the
    stream completes (`finish`), aborted otherwise. Its own failure stops the copy, is
    logged, and never touches the stream."""

    def __init__(self, entry: CacheEntry, client: Any, content_type: str) -> None:
        self.entry = entry
        # The duration a stream announces is the plan's; a multipart upload takes its
        # metadata when it starts, before the encoder's count is known.
        duration = entry.admitted.plan.duration_seconds
        self._upload: S3AudioUpload | None = S3AudioUpload(
            client, entry.bucket, entry.key, content_type, entry.metadata(duration)
        )
        self._sink: PartSink | None = PartSink(self._on_part, part_size=PART_SIZE)
        self._error: BaseException | None = None

    def _on_part(self, number: int, data: bytes) -> None:
        if self._upload is None:
            return
        try:
            self._upload.on_part(number, data)
        except Exception as exc:
            self._error = exc

    def write(self, data: bytes) -> None:
        if self._sink is not None and data:
            self._sink.write(data)
            self._check()

    def finish(self) -> None:
        if self._sink is None or self._upload is None:
            return
        try:
            self._sink.close()
            self._check()
            if self._upload is not None:
                self._upload.finish()
        except Exception as exc:
            self._fail(exc)
        self._sink = self._upload = None

    def abort(self) -> None:
        if self._upload is not None:
            self._upload.abort()
        self._sink = self._upload = None

    def _check(self) -> None:
        if self._error is not None:
            self._fail(self._error)

    def _fail(self, exc: BaseException) -> None:
        _log_failure("store", self.entry.digest, exc)
        self.abort()


def run_cached(
    admitted: AdmittedSpeech,
    *,
    synthesizer: Synthesizer,
    settings: HandlerSettings,
    client: Callable[[], Any],
    request_id: str,
    synthesize: Callable[[AdmittedSpeech, str | None, dict[str, str] | None], SpeechResult],
) -> SpeechResult:
    """A buffered answer (inline or S3) through the cache: the entry when there is one, else
    `synthesize(admitted, s3_key, s3_metadata)` and the result stored as the entry."""
    if not cache_on(settings, admitted.job.cache):
        return synthesize(admitted, None, None)
    s3 = client()
    entry = look_up(admitted, synthesizer=synthesizer, settings=settings, client=s3)
    if entry.hit:
        result = hit_result(entry, settings=settings, client=s3, request_id=request_id)
        if result is not None:
            return result
    if not entry.usable:
        return replace(synthesize(entry.admitted, None, None), cache=MISS)
    if entry.admitted.delivery is Delivery.s3:
        # The delivered object is the entry: written whole under the cache prefix.
        metadata = entry.metadata(entry.admitted.plan.duration_seconds)
        return replace(synthesize(entry.admitted, entry.key, metadata), cache=MISS)
    result = replace(synthesize(entry.admitted, None, None), cache=MISS)
    store_inline(entry, result, s3)
    return result
