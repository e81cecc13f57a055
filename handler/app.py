"""The Lambda entry point. Importing this module is the init phase: the model loads here,
once per process, before the first invocation (and is billed as init, not as requests)."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit

import model_layer
from handler.config import get_settings
from handler.deployment_lexicon import fetch_lexicon
from handler.function import SpeechFunction
from handler.observability import logger, metrics
from handler.s3 import make_s3_client, per_process

_started = time.perf_counter()
settings = get_settings()
# One client per process for the lexicon fetch at init and the requests after it.
s3_client = per_process(partial(make_s3_client, settings))
function = SpeechFunction(
    settings=settings,
    synthesizer=model_layer.load(
        settings.model_dir,
        lexicon=fetch_lexicon(s3_client(), settings.lexicon_s3_uri)
        if settings.lexicon_s3_uri
        else None,
    ),
    make_s3_client=s3_client,
    metrics=metrics,
)
INIT_SECONDS = time.perf_counter() - _started
logger.info(
    "model loaded",
    extra={"init_seconds": round(INIT_SECONDS, 3), "model_dir": str(settings.model_dir)},
)


@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics(capture_cold_start_metric=True)
def lambda_handler(event: dict[str, Any], context: Any) -> Any:
    metrics.add_metric(name="Invocations", unit=MetricUnit.Count, value=1)
    if function.invocations == 0:
        metrics.add_metric(name="InitSeconds", unit=MetricUnit.Seconds, value=INIT_SECONDS)
    return function.handle(event, context)
