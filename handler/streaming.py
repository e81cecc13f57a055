"""Speech answered as a stream (Function URL InvokeMode RESPONSE_STREAM).

The request is checked and planned first, so every error found before the first byte
(validation, unknown voice, text too long, a plan too large even for a stream) is the
same 4xx JSON answer as in buffered mode. Then the status and headers leave, and the
audio follows chunk by chunk as each is synthesized and encoded. A failure after the
first byte ends the stream with the Runtime API's error trailers, and is logged and
counted; it is never reported as a success.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import replace
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit, single_metric

from handler.deadline import deadline_guard
from handler.errors import AudioTooLargeError, classify, codepoint_labels
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
from handler.runtime.protocol import MAX_STREAMED_BYTES, HttpStream
from handler.schemas import OpenAISpeechRequest, SpeechRequest
from handler.speech import SpeechJob, SpeechResult, check_fits_deadline, plan_speech
from model_layer import SpeechPlan
from model_layer.audio import FORMATS, estimated_size
from model_layer.audio.streaming import StreamingEncoder


class StreamingSpeechFunction(SpeechFunction):
    """SpeechFunction whose speech routes stream; every other answer is the buffered
    one, sent through the stream in one piece. Events other than HTTP (direct invoke,
    S3) are answered exactly as in buffered mode."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.routes["/v1/speech"]["POST"] = self._stream_speech
        self.routes["/v1/audio/speech"]["POST"] = self._stream_openai_speech

    def handle(self, event: Any, context: Any) -> Any:
        response = super().handle(event, context)
        if event_kind(event) != "http":
            return response
        stream = response.pop("stream", None)
        return stream if stream is not None else HttpStream.from_response(response)

    def _stream_speech(self, request: HttpRequest) -> dict[str, Any]:
        body = parse_json_body(request, SpeechRequest)
        return self._stream(job_from_speech_request(body, self.settings.max_text_chars))

    def _stream_openai_speech(self, request: HttpRequest) -> dict[str, Any]:
        body = parse_json_body(request, OpenAISpeechRequest)
        return self._stream(job_from_openai_request(body, self.settings.max_text_chars))

    def _stream(self, job: SpeechJob) -> dict[str, Any]:
        if job.delivery == "s3":
            return audio_response(self._speak(job), self.request_id)
        remaining = self._context.get_remaining_time_in_millis
        with deadline_guard(remaining, self.settings.deadline_margin_ms) as cancel:
            plan, rate = plan_speech(job, self.synthesizer, cancel)
        check_fits_deadline(plan, self.settings, remaining())
        estimate = estimated_size(job.format, plan.duration_seconds, rate)
        if estimate > MAX_STREAMED_BYTES:
            if job.delivery == "auto" and self.settings.output_bucket:
                return audio_response(self._speak(job), self.request_id)
            raise AudioTooLargeError(
                f"about {plan.duration_seconds:.0f} s of {job.format.value} "
                f"(~{estimate / 1e6:.0f} MB) exceeds a streamed response's 200 MB",
                param="delivery",
            )
        announced = _announced_result(job, plan, rate)
        headers = {"content-type": announced.content_type}
        headers.update(speech_headers(announced, self.request_id))
        body = self._audio(job, plan, rate, remaining)
        # _handle_http adds x-request-id to these headers: the stream shares the dict.
        return {"statusCode": 200, "headers": headers, "stream": HttpStream(200, headers, body)}

    def _audio(
        self, job: SpeechJob, plan: SpeechPlan, rate: int, remaining: Callable[[], int]
    ) -> Iterator[bytes]:
        started = time.perf_counter()
        encoder = StreamingEncoder(
            job.format, self.synthesizer.sample_rate, rate, total_frames=plan.total_samples
        )
        sent = 0
        try:
            with (
                deadline_guard(remaining, self.settings.deadline_margin_ms) as cancel,
                closing(self.synthesizer.stream(plan, cancel, streamed=True)) as chunks,
            ):
                for index, pcm in enumerate(chunks):
                    piece = encoder.write(pcm)
                    # The time each chunk's audio leaves: tests order it against arrival.
                    log.debug("chunk streamed", extra={"chunk": index, "at": time.time()})
                    sent += len(piece)
                    yield piece
                piece = encoder.close()
            sent += len(piece)
            yield piece
        except GeneratorExit:
            encoder.abort()
            log.warning("stream closed before its end", extra={"bytes_sent": sent})
            self._count_stream_failure("stream_closed")
            raise
        except Exception as exc:
            encoder.abort()
            status, code = classify(exc)
            log.exception(
                "stream failed after its first byte",
                extra={"bytes_sent": sent, "error_code": code, "status": status},
            )
            self._count_stream_failure(code)
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

    def _count_stream_failure(self, code: str) -> None:
        with single_metric(
            name="StreamErrors", unit=MetricUnit.Count, value=1, namespace=self.metrics.namespace
        ) as metric:
            metric.add_dimension(name="ErrorCode", value=code)


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
    )
