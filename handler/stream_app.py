"""The entry point when the Function URL streams (`handler.stream_app.lambda_handler`, run
by `python -m handler.runtime`): the same init phase as handler.app, the same model, and
answers that the runtime streams."""

from __future__ import annotations

from functools import partial
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

from handler import app
from handler.observability import logger, metrics
from handler.s3 import make_s3_client
from handler.streaming import StreamingSpeechFunction
from handler.tracing import trace_handler

function = StreamingSpeechFunction(
    settings=app.settings,
    synthesizer=app.function.synthesizer,
    make_s3_client=partial(make_s3_client, app.settings),
    metrics=metrics,
    api_keys=app.function.api_keys,
)


@trace_handler
@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics(capture_cold_start_metric=True)
def lambda_handler(event: dict[str, Any], context: Any) -> Any:
    metrics.add_metric(name="Invocations", unit=MetricUnit.Count, value=1)
    if function.invocations == 0:
        metrics.add_metric(name="InitSeconds", unit=MetricUnit.Seconds, value=app.INIT_SECONDS)
    return function.handle(event, context)
