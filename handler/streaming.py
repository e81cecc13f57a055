"""Speech answered as a stream (Function URL InvokeMode RESPONSE_STREAM).

The request is checked and planned first, and its first chunk synthesized and encoded,
so every error found before the first byte (validation, unknown voice, text too long, a
plan too large even for a stream, non-finite audio or the deadline in the first chunk) is
the same JSON answer as in buffered mode. Then the status and headers leave, and the
audio follows chunk by chunk as each is synthesized and encoded. A failure after the
first byte ends the stream with the Runtime API's error trailers, and is logged and
counted; it is never reported as a success.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from contextlib import closing
from dataclasses import replace
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit, single_metric

from handler.admission import Delivery, RouteKind
from handler.cache import StreamTee, cache_on, hit_headers_result, look_up, open_hit, stream_hit
from handler.deadline import Deadline
from handler.errors import classify, codepoint_labels
from handler.function import SpeechFunction, event_kind
from handler.http import (
    HttpRequest,
    audio_response,
    job_from_openai_request,
    job_from_speech_request,
    parse_json_body,
    speech_headers,
)
from handler.observability import logger as log
from handler.openai_compat import sse_stream
from handler.runtime.protocol import HttpStream
from handler.schemas import OpenAISpeechRequest, SpeechRequest
from handler.speech import SpeechJob, SpeechResult
from handler.tracing import span
from model_layer import SpeechPlan
from model_layer.audio import FORMATS
from model_layer.audio.streaming import StreamingEncoder


class StreamingSpeechFunction(SpeechFunction):
    """SpeechFunction whose speech routes stream; every other answer is the buffered
    one, sent through the stream in one piece. Events other than HTTP (direct invoke,
    S3) are answered exactly as in buffered mode."""

    streams_speech = True

    def handle(self, event: Any, context: Any) -> Any:
        response = super().handle(event, context)
        if event_kind(event) != "http":
            return response
        stream = response.pop("stream", None)
        return stream if stream is not None else HttpStream.from_response(response)

    # The speech routes of handler/routes.py, answered as streams.
    def post_speech(self, request: HttpRequest) -> dict[str, Any]:
        body = parse_json_body(request, SpeechRequest)
        return self._stream(job_from_speech_request(body))

    def post_openai_speech(self, request: HttpRequest) -> dict[str, Any]:
        body = parse_json_body(request, OpenAISpeechRequest)
        response = self._stream(job_from_openai_request(body))
        stream = response.get("stream")
        if body.stream_format != "sse" or not isinstance(stream, HttpStream):
            return response  # audio as it comes, or delivered to S3 (a JSON answer)
        headers = {**stream.headers, "content-type": "text/event-stream"}
        headers["cache-control"] = "no-cache"
        events = HttpStream(200, headers, sse_stream(stream.body, len(body.input)))
        return {**response, "headers": headers, "stream": events}

    def _stream(self, job: SpeechJob) -> dict[str, Any]:
        admitted = self._admit(job, RouteKind.stream)
        if admitted.delivery is not Delivery.stream:  # S3, asked for or too large to stream
            return audio_response(self._deliver(admitted), self.request_id)
        tee: StreamTee | None = None
        if cache_on(self.settings, job.cache):
            client = self.s3_client
            entry = look_up(
                admitted, synthesizer=self.synthesizer, settings=self.settings, client=client
            )
            admitted = entry.admitted  # with the seed the cache uses
            cached = open_hit(entry, client) if entry.hit else None
            if cached is not None:  # a hit: the entry's bytes, straight from S3
                found = hit_headers_result(entry)
                headers = {"content-type": found.content_type}
                headers.update(speech_headers(found, self.request_id))
                stream = HttpStream(200, headers, self._cached_audio(cached, found))
                return {"statusCode": 200, "headers": headers, "stream": stream}
            # A stream whose first chunk takes fewer steps (SUPERTONIC_FIRST_CHUNK_STEPS) is
            # not the audio the key names: it is served, but not stored as the entry.
            first_steps = self.synthesizer.settings.first_chunk_steps
            if entry.usable and not 0 < first_steps < admitted.plan.steps:
                tee = StreamTee(entry, client, FORMATS[job.format].content_type)
        plan, rate = admitted.plan, admitted.rate
        announced = _announced_result(job, plan, rate)
        headers = {"content-type": announced.content_type}
        headers.update(speech_headers(announced, self.request_id))
        body = _primed(self._audio(job, plan, rate, self.deadline, tee))
        # _handle_http adds x-request-id to these headers: the stream shares the dict.
        return {"statusCode": 200, "headers": headers, "stream": HttpStream(200, headers, body)}

    def _cached_audio(self, body: Any, found: SpeechResult) -> Iterator[bytes]:
        sent = 0
        try:
            for piece in stream_hit(body):
                sent += len(piece)
                yield piece
        except GeneratorExit:
            self._stream_ended_early(sent)
            raise
        except Exception as exc:
            self._stream_ended_early(sent, exc)
            raise
        else:
            self._record_speech(found)
        finally:
            self.metrics.flush_metrics()

    def _audio(
        self,
        job: SpeechJob,
        plan: SpeechPlan,
        rate: int,
        deadline: Deadline,
        tee: StreamTee | None = None,
    ) -> Iterator[bytes]:
        """`tee`: the result cache's upload, fed every byte and completed only when the
        stream completes."""
        started = time.perf_counter()
        encoder = StreamingEncoder(
            job.format, self.synthesizer.sample_rate, rate, total_frames=plan.total_samples
        )
        sent = 0
        # False until the first piece is handed out: _primed takes it before the status
        # leaves, so a failure until then is the handler's own JSON error, not the stream's.
        streaming = False
        try:
            with (
                deadline.guard() as cancel,
                closing(self.synthesizer.stream(plan, cancel, streamed=True)) as chunks,
                span("synthesize"),
            ):
                for index, pcm in enumerate(chunks):
                    with span("encode"):
                        piece = encoder.write(pcm)
                    if tee is not None:
                        tee.write(piece)
                    # The time each chunk's audio leaves: tests order it against arrival.
                    log.debug("chunk streamed", extra={"chunk": index, "at": time.time()})
                    sent += len(piece)
                    streaming = True
                    yield piece
                piece = encoder.close()
            if tee is not None:
                tee.write(piece)
            sent += len(piece)
            streaming = True
            yield piece
            if tee is not None:
                tee.finish()
        except GeneratorExit:
            encoder.abort()
            if tee is not None:
                tee.abort()
            self._stream_ended_early(sent)
            raise
        except Exception as exc:
            encoder.abort()
            if tee is not None:
                tee.abort()
            if not streaming:  # before the status: answered (and counted) as JSON
                raise
            self._stream_ended_early(sent, exc)
            raise
        else:
            done = replace(
                _announced_result(job, plan, rate),
                duration_seconds=encoder.duration_seconds,
                synthesis_seconds=time.perf_counter() - started,
            )
            self._record_speech(done)
        finally:
            # The handler returned before the stream ran; its metrics leave with it.
            self.metrics.flush_metrics()

    def _stream_ended_early(self, sent: int, exc: Exception | None = None) -> None:
        """Log and count a stream that ended after its status left: the client closed it
        (`exc` None) or it failed; either way the client has a truncated body."""
        if exc is None:
            log.warning("stream closed before its end", extra={"bytes_sent": sent})
            code = "stream_closed"
        else:
            status, code = classify(exc)
            log.exception(
                "stream failed after its first byte",
                extra={"bytes_sent": sent, "error_code": code, "status": status},
            )
        with single_metric(
            name="StreamErrors", unit=MetricUnit.Count, value=1, namespace=self.metrics.namespace
        ) as metric:
            metric.add_dimension(name="ErrorCode", value=code)


def _primed(body: Iterator[bytes]) -> Iterator[bytes]:
    """`body` with its first piece already made: the first chunk synthesized and encoded
    (non-finite audio refused, the deadline checked) while an error can still be a JSON
    status. Closing the result closes `body` (its encoder, cache tee and spans end)."""
    first = next(body)

    def rest() -> Iterator[bytes]:
        with closing(body):
            yield first
            yield from body

    return rest()


def _announced_result(job: SpeechJob, plan: SpeechPlan, rate: int) -> SpeechResult:
    """What the headers say before synthesis: the plan fixes the duration."""
    return SpeechResult(
        format=job.format,
        content_type=FORMATS[job.format].content_type,
        sample_rate=rate,
        duration_seconds=plan.duration_seconds,
        language=plan.lang,
        seed=plan.seed,
        dropped_characters=codepoint_labels(plan.dropped),
        characters=len(job.text),
        synthesis_seconds=0.0,
        loudness=plan.loudness,
    )
