"""The function itself: one object holding the loaded model, dispatching every event shape."""

from __future__ import annotations

import base64
import json
import threading
from collections.abc import Callable, Mapping
from typing import Any

from aws_lambda_powertools import Metrics
from aws_lambda_powertools.metrics import MetricUnit, single_metric

from handler.admission import RouteKind
from handler.api_keys import ApiKeys
from handler.cache import HIT, cache_on, run_cached
from handler.config import HandlerSettings
from handler.deadline import Deadline
from handler.errors import (
    RETRY_AFTER_SECONDS,
    InvalidApiKeyError,
    InvalidParameterError,
    MethodNotAllowedError,
    RouteNotFoundError,
    UnsupportedEventError,
    classify,
    error_body,
    error_message,
)
from handler.events import malformed_records
from handler.http import (
    HttpRequest,
    audio_response,
    find_route,
    job_from_openai_request,
    job_from_speech_request,
    json_response,
    parse_json_body,
    speech_headers,
    validate,
)
from handler.marks import caption_document, marks_response, plan_marks
from handler.observability import logger as log
from handler.openai_compat import OPENAI_VOICES, models_document, sse_body
from handler.routes import route_table
from handler.schemas import (
    HealthResponse,
    ModelsResponse,
    NormalizeResponse,
    OpenAISpeechRequest,
    SpeechMarksRequest,
    SpeechRequest,
    TagsResponse,
    VoiceInfo,
    VoicesResponse,
)
from handler.speech import (
    AdmittedSpeech,
    SpeechJob,
    SpeechResult,
    admit_speech,
    normalize_speech,
    synthesize_speech,
)
from handler.static import playground_response
from model_layer import SpeechPlan, Synthesizer
from model_layer.captions import CAPTION_FORMATS
from model_layer.constants import ALL_LANGUAGE_CODES
from model_layer.text.tags import describe as expression_tags

# `{"action": ..., "text": ...}` in a direct invoke; speech when absent.
DIRECT_ACTIONS = ("speech", "normalize", "marks")


def event_kind(event: Any) -> str:
    if not isinstance(event, Mapping):
        return "unknown"
    if isinstance(event.get("requestContext"), Mapping) and "http" in event["requestContext"]:
        return "http"
    records = event.get("Records")
    if isinstance(records, list) and records and isinstance(records[0], Mapping):
        source = records[0].get("eventSource")
        return {"aws:s3": "s3", "aws:sqs": "sqs"}.get(str(source), "unknown")
    if "invocationSchemaVersion" in event and "tasks" in event:
        return "s3_batch_operations"
    if "text" in event:
        return "direct"
    return "unknown"


class SpeechFunction:
    # Whether /v1/speech answers as a stream: then /v1/normalize and /v1/speech/marks plan
    # as a stream is cut, so what they show is what the stream sends.
    streams_speech = False

    def __init__(
        self,
        settings: HandlerSettings,
        synthesizer: Synthesizer,
        make_s3_client: Callable[[], Any],
        metrics: Metrics,
        api_keys: ApiKeys | None = None,
    ):
        self.settings = settings
        self.synthesizer = synthesizer
        self._make_s3_client = make_s3_client
        self.metrics = metrics
        self.api_keys = api_keys  # None: no key mode (the Function URL's IAM auth decides)
        self.invocations = 0
        # Declared once in handler/routes.py; each names the method below that answers it.
        self.routes = route_table()
        # The invocation being served, per thread. awslambdaric runs one invocation at a
        # time per process (its multi-concurrency mode forks a process per concurrent
        # request); `python -m handler serve` answers concurrent clients on threads.
        self._invocation = threading.local()

    # --- entry -----------------------------------------------------------------
    def handle(self, event: Any, context: Any) -> Any:
        self.invocations += 1
        self._context = context
        self._inputs = ()
        kind = event_kind(event)
        if kind == "http":
            return self._handle_http(event)
        if kind == "direct":
            return self._handle_direct(event)
        if kind in ("s3", "sqs"):
            problem = malformed_records(event)
            if problem is None:
                # Imported on the first S3/SQS event: batch narration's modules (~35 ms
                # of cold start) are nothing HTTP traffic needs.
                from handler.batch import handle_batch_event

                return handle_batch_event(self, event, context)
            return self._error(UnsupportedEventError(f"malformed {kind} event: {problem}"))[1]
        if kind == "s3_batch_operations":
            if isinstance(event.get("tasks"), list):
                from handler.batch import handle_batch_operations_event

                return handle_batch_operations_event(self, event, context)
            problem = UnsupportedEventError(
                "malformed S3 Batch Operations event: 'tasks' is no list"
            )
            return self._error(problem)[1]
        # Returned like a direct invoke's errors: a raised error would reach the caller as
        # the runtime's error document, stack trace and file paths included.
        unsupported = UnsupportedEventError(
            "unrecognised event: expected a Function URL request, an S3/SQS event, an S3 Batch "
            "Operations event or {text: ...}"
        )
        return self._error(unsupported)[1]

    @property
    def s3_client(self) -> Any:
        # The factory decides the caching (handler.s3.per_process in the app).
        return self._make_s3_client()

    @s3_client.setter
    def s3_client(self, client: Any) -> None:
        """A fixed client (benchmarks and tests stand S3 in with one)."""
        self._make_s3_client = lambda: client

    @property
    def _context(self) -> Any:
        return getattr(self._invocation, "context", None)

    @_context.setter
    def _context(self, context: Any) -> None:
        self._invocation.context = context

    @property
    def _inputs(self) -> tuple[str, ...]:
        """The request's raw strings, which error messages must not echo."""
        return getattr(self._invocation, "inputs", ())

    @_inputs.setter
    def _inputs(self, inputs: tuple[str, ...]) -> None:
        self._invocation.inputs = inputs

    @property
    def request_id(self) -> str:
        return getattr(self._context, "aws_request_id", "local")

    @property
    def deadline(self) -> Deadline:
        """This invocation's deadline, by the one rule every route uses. Bound to this
        invocation's context, so a stream's body keeps it after the handler returns."""
        context = self._context

        def remaining_ms() -> int:
            return int(context.get_remaining_time_in_millis())

        return Deadline(remaining_ms, self.settings.deadline_margin_ms)

    # --- HTTP ------------------------------------------------------------------
    def _handle_http(self, event: Mapping[str, Any]) -> dict[str, Any]:
        try:
            request = HttpRequest.from_event(event, self.settings.max_body_bytes)
            # What error messages must not echo (handler.errors.error_message).
            self._inputs = (request.body.decode("utf-8", "replace"),)
            if self.api_keys is not None:
                self.api_keys.check(request.path, request.headers)
            route = find_route(self.routes, request)
            response = getattr(self, route.handler)(request)
        except Exception as exc:
            status, body = self._error(exc)
            if isinstance(exc, InvalidApiKeyError):
                # OpenAI's shape too, for the SDKs that send the key.
                body["error"] |= {"type": "invalid_request_error", "param": None}
            response = json_response(status, body)
            if isinstance(exc, MethodNotAllowedError):
                response["headers"]["allow"] = str(exc.details["allow"])
            retry_after = RETRY_AFTER_SECONDS.get(body["error"]["code"])
            if retry_after is not None:
                response["headers"]["retry-after"] = str(retry_after)
        response["headers"]["x-request-id"] = self.request_id
        return response

    def post_speech(self, request: HttpRequest) -> dict[str, Any]:
        job = job_from_speech_request(parse_json_body(request, SpeechRequest))
        return audio_response(self._speak(job, RouteKind.buffered), self.request_id)

    def post_openai_speech(self, request: HttpRequest) -> dict[str, Any]:
        body = parse_json_body(request, OpenAISpeechRequest)
        result = self._speak(job_from_openai_request(body), RouteKind.buffered)
        response = audio_response(result, self.request_id)
        if body.stream_format == "sse" and result.audio is not None:
            # The whole event stream at once: a buffered Function URL cannot send it in
            # pieces, and OpenAI's clients read it the same either way.
            response["headers"]["content-type"] = "text/event-stream"
            response["headers"]["cache-control"] = "no-cache"
            response["body"] = sse_body(result.audio, len(body.input)).decode("ascii")
            response["isBase64Encoded"] = False
        return response

    def get_models(self, _request: HttpRequest) -> dict[str, Any]:
        return json_response(200, ModelsResponse.model_validate(models_document()).model_dump())

    def post_normalize(self, request: HttpRequest) -> dict[str, Any]:
        job = job_from_speech_request(parse_json_body(request, SpeechRequest))
        result = self._normalize(job)
        return json_response(200, result.model_dump(), {"x-language": result.language})

    def post_speech_marks(self, request: HttpRequest) -> dict[str, Any]:
        body = parse_json_body(request, SpeechMarksRequest)
        plan = self._marks_plan(_marks_job(body))
        form = body.format if body.format in CAPTION_FORMATS else "json"
        marks = marks_response(plan, word_marks=body.word_marks or form == "polly")
        headers = {"x-language": marks.language, "x-seed": str(marks.seed)}
        if form == "json":
            return json_response(200, marks.model_dump(), headers)
        document, content_type = caption_document(plan, form, body.word_marks)
        return {
            "statusCode": 200,
            "headers": {"content-type": content_type, **headers},
            "body": document,
            "isBase64Encoded": False,
        }

    def get_voices(self, _request: HttpRequest) -> dict[str, Any]:
        aliases: dict[str, list[str]] = {}
        for alias, preset in OPENAI_VOICES.items():
            aliases.setdefault(preset, []).append(alias)
        voices = [
            VoiceInfo(name=name, openai_aliases=aliases.get(name, []))
            for name in self.synthesizer.voices
        ] + [
            VoiceInfo(name=name, openai_aliases=[], source="library")
            for name in sorted(self.synthesizer.library)
        ]
        return json_response(200, VoicesResponse(voices=voices).model_dump())

    def get_playground(self, request: HttpRequest) -> dict[str, Any]:
        if not self.settings.playground:  # a deployment choice (PLAYGROUND)
            raise RouteNotFoundError(f"no route {request.path}; the playground is not enabled")
        return playground_response()

    def get_tags(self, _request: HttpRequest) -> dict[str, Any]:
        return json_response(200, TagsResponse.model_validate(expression_tags()).model_dump())

    def get_health(self, _request: HttpRequest) -> dict[str, Any]:
        health = HealthResponse(
            model_revision=self.synthesizer.revision,
            weights_sha256=self.synthesizer.weights_sha256,
            sample_rate=self.synthesizer.sample_rate,
            languages=list(ALL_LANGUAGE_CODES),
            voices=list(self.synthesizer.voices),
            cold=self.invocations == 1,
            # Synthetic model directories describe themselves so (model_layer.loader).
            synthetic=self.synthesizer.revision.startswith("synthetic"),
        )
        return json_response(200, health.model_dump())

    # --- direct invoke -----------------------------------------------------------
    def _handle_direct(self, event: Mapping[str, Any]) -> dict[str, Any]:
        request = dict(event)
        action = request.pop("action", "speech")
        try:
            self._inputs = (json.dumps(event, ensure_ascii=False, default=repr),)
            if action not in DIRECT_ACTIONS:
                raise InvalidParameterError(
                    f"action must be one of {', '.join(DIRECT_ACTIONS)}", param="action"
                )
            if action == "marks":
                body = validate(request, SpeechMarksRequest)
                plan = self._marks_plan(_marks_job(body))
                marks = marks_response(plan, word_marks=body.word_marks)
                return {"request_id": self.request_id, **marks.model_dump()}
            job = job_from_speech_request(validate(request, SpeechRequest))
            if action == "normalize":
                normalized = self._normalize(job)
                return {"request_id": self.request_id, **normalized.model_dump()}
            result = self._speak(job, RouteKind.direct)
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
    def _admit(self, job: SpeechJob, route: RouteKind) -> AdmittedSpeech:
        """Plan `job` under the deadline and pass it through the admission gate."""
        return admit_speech(
            job, self.synthesizer, route=route, settings=self.settings, deadline=self.deadline
        )

    def _speak(self, job: SpeechJob, route: RouteKind) -> SpeechResult:
        return self._deliver(self._admit(job, route))

    def _deliver(self, admitted: AdmittedSpeech) -> SpeechResult:
        """Synthesize an admitted job, buffered: inline or into S3, as the gate decided."""

        def synthesize(
            job: AdmittedSpeech, s3_key: str | None, s3_metadata: dict[str, str] | None
        ) -> SpeechResult:
            return synthesize_speech(
                job,
                synthesizer=self.synthesizer,
                settings=self.settings,
                get_s3_client=lambda: self.s3_client,
                request_id=self.request_id,
                deadline=self.deadline,
                s3_key=s3_key,
                s3_metadata=s3_metadata,
            )

        result = run_cached(
            admitted,
            synthesizer=self.synthesizer,
            settings=self.settings,
            client=lambda: self.s3_client,
            request_id=self.request_id,
            synthesize=synthesize,
        )
        self._record_speech(result)
        return result

    def _marks_plan(self, job: SpeechJob) -> SpeechPlan:
        return plan_marks(
            job,
            self.synthesizer,
            settings=self.settings,
            deadline=self.deadline,
            streamed=self.streams_speech,
        )

    def _normalize(self, job: SpeechJob) -> NormalizeResponse:
        return normalize_speech(
            job,
            synthesizer=self.synthesizer,
            settings=self.settings,
            deadline=self.deadline,
            streamed=self.streams_speech,
        )

    def _record_speech(self, result: SpeechResult) -> None:
        hit = result.cache == HIT
        if cache_on(self.settings, True):
            name = "CacheHits" if hit else "CacheMisses"
            self.metrics.add_metric(name=name, unit=MetricUnit.Count, value=1)
        if not hit:  # a hit's time is S3's: it would pull the synthesis figures down
            self.metrics.add_metric(
                name="SynthesisSeconds", unit=MetricUnit.Seconds, value=result.synthesis_seconds
            )
            self.metrics.add_metric(
                name="RealTimeFactor", unit=MetricUnit.NoUnit, value=result.real_time_factor
            )
        self.metrics.add_metric(
            name="AudioSeconds", unit=MetricUnit.Seconds, value=result.duration_seconds
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
                extra={
                    "error_code": code,
                    "status": status,
                    "reason": error_message(exc, self._inputs),
                },
            )
        with single_metric(
            name="Errors", unit=MetricUnit.Count, value=1, namespace=self.metrics.namespace
        ) as metric:
            metric.add_dimension(name="ErrorCode", value=code)
        return error_body(exc, self.request_id, self._inputs)


def _marks_job(body: SpeechMarksRequest) -> SpeechJob:
    """The speech job a marks request times: its `format` is the marks', so the audio is
    the request's as WAV (a script is its SSML already, in `text`)."""
    fields = body.model_dump(exclude={"format", "word_marks", "script"})
    audio = "wav" if body.format in (*CAPTION_FORMATS, "json") else body.format
    return job_from_speech_request(SpeechRequest.model_validate(fields | {"format": audio}))
