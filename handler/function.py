"""The function itself: one object holding the loaded model, dispatching every event shape."""

from __future__ import annotations

import base64
from collections.abc import Callable, Mapping
from typing import Any

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.metrics import MetricUnit, single_metric

from handler.batch import handle_batch_event
from handler.config import HandlerSettings
from handler.deadline import deadline_guard
from handler.errors import (
    RETRY_AFTER_SECONDS,
    InvalidParameterError,
    MethodNotAllowedError,
    UnsupportedEventError,
    classify,
    error_body,
    printable,
)
from handler.http import (
    HttpRequest,
    Route,
    audio_response,
    find_route,
    job_from_openai_request,
    job_from_speech_request,
    json_response,
    parse_json_body,
    speech_headers,
    validate,
)
from handler.observability import logger as log
from handler.schemas import (
    OPENAI_VOICES,
    HealthResponse,
    OpenAISpeechRequest,
    SpeechRequest,
    VoiceInfo,
    VoicesResponse,
)
from handler.speech import SpeechJob, SpeechResult, normalize_speech, synthesize_speech
from model_layer import Synthesizer
from model_layer.constants import ALL_LANGUAGE_CODES

# `{"action": ..., "text": ...}` in a direct invoke; speech when absent.
DIRECT_ACTIONS = ("speech", "normalize")


def event_kind(event: Any) -> str:
    if not isinstance(event, Mapping):
        return "unknown"
    if isinstance(event.get("requestContext"), Mapping) and "http" in event["requestContext"]:
        return "http"
    records = event.get("Records")
    if isinstance(records, list) and records and isinstance(records[0], Mapping):
        source = records[0].get("eventSource")
        return {"aws:s3": "s3", "aws:sqs": "sqs"}.get(str(source), "unknown")
    if "text" in event:
        return "direct"
    return "unknown"


class SpeechFunction:
    def __init__(
        self,
        settings: HandlerSettings,
        synthesizer: Synthesizer,
        make_s3_client: Callable[[], Any],
        metrics: Metrics,
    ):
        self.settings = settings
        self.synthesizer = synthesizer
        self._make_s3_client = make_s3_client
        self.metrics = metrics
        self.invocations = 0
        self.routes: dict[str, dict[str, Route]] = {
            "/v1/speech": {"POST": self._post_speech},
            "/v1/audio/speech": {"POST": self._post_openai_speech},
            "/v1/normalize": {"POST": self._post_normalize},
            "/v1/voices": {"GET": self._get_voices},
            "/v1/health": {"GET": self._get_health},
        }
        # The invocation being served. awslambdaric runs one invocation at a time per
        # process, also in its multi-concurrency mode (one forked process per concurrent
        # request, each with its own SpeechFunction), so this never sees two at once.
        self._context: Any = None

    # --- entry -----------------------------------------------------------------
    def handle(self, event: Any, context: Any) -> Any:
        self.invocations += 1
        self._context = context
        kind = event_kind(event)
        if kind == "http":
            return self._handle_http(event)
        if kind == "direct":
            return self._handle_direct(event)
        if kind in ("s3", "sqs"):
            return handle_batch_event(self, event, context)
        # Returned like a direct invoke's errors: a raised error would reach the caller as
        # the runtime's error document, stack trace and file paths included.
        unsupported = UnsupportedEventError(
            "unrecognised event: expected a Function URL request, an S3/SQS event or {text: ...}"
        )
        return self._error(unsupported)[1]

    @property
    def s3_client(self) -> Any:
        # The factory decides the caching (handler.storage.per_process in the app).
        return self._make_s3_client()

    @s3_client.setter
    def s3_client(self, client: Any) -> None:
        """A fixed client (benchmarks and tests stand S3 in with one)."""
        self._make_s3_client = lambda: client

    @property
    def request_id(self) -> str:
        return getattr(self._context, "aws_request_id", "local")

    def _remaining_ms(self) -> int:
        return int(self._context.get_remaining_time_in_millis())

    # --- HTTP ------------------------------------------------------------------
    def _handle_http(self, event: Mapping[str, Any]) -> dict[str, Any]:
        try:
            request = HttpRequest.from_event(event, self.settings.max_body_bytes)
            response = find_route(self.routes, request)(request)
        except Exception as exc:
            status, body = self._error(exc)
            response = json_response(status, body)
            if isinstance(exc, MethodNotAllowedError):
                response["headers"]["allow"] = str(exc.details["allow"])
            retry_after = RETRY_AFTER_SECONDS.get(body["error"]["code"])
            if retry_after is not None:
                response["headers"]["retry-after"] = str(retry_after)
        response["headers"]["x-request-id"] = self.request_id
        return response

    def _post_speech(self, request: HttpRequest) -> dict[str, Any]:
        job = job_from_speech_request(
            parse_json_body(request, SpeechRequest), self.settings.max_text_chars
        )
        return audio_response(self._speak(job), self.request_id)

    def _post_openai_speech(self, request: HttpRequest) -> dict[str, Any]:
        body = parse_json_body(request, OpenAISpeechRequest)
        job = job_from_openai_request(body, self.settings.max_text_chars)
        return audio_response(self._speak(job), self.request_id)

    def _post_normalize(self, request: HttpRequest) -> dict[str, Any]:
        job = job_from_speech_request(
            parse_json_body(request, SpeechRequest), self.settings.max_text_chars
        )
        result = normalize_speech(job, synthesizer=self.synthesizer)
        return json_response(200, result.model_dump(), {"x-language": result.language})

    def _get_voices(self, _request: HttpRequest) -> dict[str, Any]:
        aliases: dict[str, list[str]] = {}
        for alias, preset in OPENAI_VOICES.items():
            aliases.setdefault(preset, []).append(alias)
        voices = [
            VoiceInfo(name=name, openai_aliases=aliases.get(name, []))
            for name in self.synthesizer.voices
        ]
        return json_response(200, VoicesResponse(voices=voices).model_dump())

    def _get_health(self, _request: HttpRequest) -> dict[str, Any]:
        health = HealthResponse(
            model_revision=self.synthesizer.revision,
            weights_sha256=self.synthesizer.weights_sha256,
            sample_rate=self.synthesizer.sample_rate,
            languages=list(ALL_LANGUAGE_CODES),
            voices=list(self.synthesizer.voices),
            cold=self.invocations == 1,
        )
        return json_response(200, health.model_dump())

    # --- direct invoke -----------------------------------------------------------
    def _handle_direct(self, event: Mapping[str, Any]) -> dict[str, Any]:
        request = dict(event)
        action = request.pop("action", "speech")
        try:
            if action not in DIRECT_ACTIONS:
                raise InvalidParameterError(
                    f"action must be one of {', '.join(DIRECT_ACTIONS)}, got {action!r}",
                    param="action",
                )
            job = job_from_speech_request(
                validate(request, SpeechRequest), self.settings.max_text_chars
            )
            if action == "normalize":
                normalized = normalize_speech(job, synthesizer=self.synthesizer)
                return {"request_id": self.request_id, **normalized.model_dump()}
            result = self._speak(job)
        except Exception as exc:
            return self._error(exc)[1]
        document: dict[str, Any] = {
            "request_id": self.request_id,
            **speech_headers(result, self.request_id),
        }
        if result.s3 is not None:
            document.update(result.s3.model_dump())
        else:
            assert result.audio is not None
            document.update(
                delivery="inline",
                content_type=result.content_type,
                audio_base64=base64.b64encode(result.audio).decode("ascii"),
            )
        return document

    # --- shared ------------------------------------------------------------------
    def _speak(self, job: SpeechJob) -> SpeechResult:
        with deadline_guard(self._remaining_ms, self.settings.deadline_margin_ms) as cancel:
            result = synthesize_speech(
                job,
                synthesizer=self.synthesizer,
                settings=self.settings,
                get_s3_client=lambda: self.s3_client,
                request_id=self.request_id,
                cancel=cancel,
                remaining_ms=self._remaining_ms,
            )
        self._record_speech(result)
        return result

    def _record_speech(self, result: SpeechResult) -> None:
        self.metrics.add_metric(
            name="SynthesisSeconds", unit=MetricUnit.Seconds, value=result.synthesis_seconds
        )
        self.metrics.add_metric(
            name="AudioSeconds", unit=MetricUnit.Seconds, value=result.duration_seconds
        )
        self.metrics.add_metric(
            name="RealTimeFactor", unit=MetricUnit.NoUnit, value=result.real_time_factor
        )
        self.metrics.add_metric(name="Characters", unit=MetricUnit.Count, value=result.characters)
        log.info(
            "synthesized",
            extra={
                "audio_seconds": round(result.duration_seconds, 3),
                "synthesis_seconds": round(result.synthesis_seconds, 3),
                "characters": result.characters,
                "language": result.language,
                "format": result.format.value,
                "delivery": "s3" if result.s3 else "inline",
                "dropped_characters": result.dropped_characters,
            },
        )

    def _error(self, exc: Exception) -> tuple[int, dict[str, Any]]:
        status, code = classify(exc)
        if status >= 500 and code == "internal_error":
            log.exception("unhandled error", extra={"error_code": code})
        else:
            log.warning(
                "request failed",
                extra={"error_code": code, "status": status, "reason": printable(str(exc))},
            )
        with single_metric(
            name="Errors", unit=MetricUnit.Count, value=1, namespace=self.metrics.namespace
        ) as metric:
            metric.add_dimension(name="ErrorCode", value=code)
        return error_body(exc, self.request_id)
