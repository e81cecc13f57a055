"""AWS X-Ray tracing (Powertools Tracer), on only where the deployment turns it on.

The template's `Tracing: Active` sets POWERTOOLS_TRACE_DISABLED=false; anything else
(unset included) leaves tracing off: no Tracer is made, the X-Ray SDK is never imported
(nor botocore patched), `span()` hands back one shared no-op context manager and
`trace_handler` returns the handler unchanged. An untraced deployment pays nothing.

When on, the tracer patches botocore (every S3 and SQS call becomes a subsegment), and
`span("plan" | "synthesize" | "encode" | ...)` marks the work between. The model load runs
at init, before X-Ray has a segment to attach to, so it is recorded once, on the first
invocation's trace, with its real start and end times.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager, nullcontext
from typing import Any, TypeVar

Handler = TypeVar("Handler", bound=Callable[..., Any])

_NO_SPAN: AbstractContextManager[None] = nullcontext()


def tracing_enabled() -> bool:
    return os.environ.get("POWERTOOLS_TRACE_DISABLED", "true").strip().lower() in ("false", "0")


ENABLED = tracing_enabled()
_tracer: Any = None
_pending_past_spans: list[tuple[str, float, float]] = []


def _get_tracer() -> Any:
    """The Tracer, made on first use; None (and tracing off for good) when the X-Ray SDK
    is not installed: a deployment asked to trace must still answer every request."""
    global _tracer, ENABLED
    if _tracer is None and ENABLED:
        from handler.observability import SERVICE, logger

        try:
            from aws_lambda_powertools import Tracer

            _tracer = Tracer(service=SERVICE)  # auto_patch: boto3/botocore calls are traced
        except ImportError as exc:
            ENABLED = False
            logger.warning(
                "tracing is on but the X-Ray SDK is missing (pip install aws-xray-sdk); "
                "running untraced",
                extra={"error": str(exc)},
            )
    return _tracer


def span(name: str) -> AbstractContextManager[Any]:
    """A subsegment `## name` around the block when tracing is on; else a no-op."""
    if not ENABLED or _get_tracer() is None:
        return _NO_SPAN
    return _subsegment(name)


@contextmanager
def _subsegment(name: str) -> Iterator[Any]:
    with _get_tracer().provider.in_subsegment(f"## {name}") as subsegment:
        yield subsegment


def record_past_span(name: str, started_epoch: float, ended_epoch: float) -> None:
    """Work done before any trace existed (the init phase's model load): recorded, with its
    own times, on the next invocation's trace."""
    if ENABLED:
        _pending_past_spans.append((name, started_epoch, ended_epoch))


def _flush_past_spans() -> None:
    recorder = _get_tracer().provider
    while _pending_past_spans:
        name, started, ended = _pending_past_spans.pop(0)
        subsegment = recorder.begin_subsegment(f"## {name}")
        if subsegment is None:  # no segment to attach to (not in Lambda): dropped
            continue
        subsegment.start_time = started
        recorder.end_subsegment(end_time=ended)


def trace_handler(handler: Handler) -> Handler:
    """The Lambda handler, traced (cold start annotation, response and errors) when on."""
    if not ENABLED or _get_tracer() is None:
        return handler
    traced = _get_tracer().capture_lambda_handler(handler, capture_response=False)

    def with_past_spans(event: Any, context: Any) -> Any:
        if _pending_past_spans:
            _flush_past_spans()
        return traced(event, context)

    return with_past_spans  # type: ignore[return-value]
