"""The Lambda entry point. Importing this module is the init phase: the model loads here,
once per process, before the first invocation (and is billed as init, not as requests)."""

from __future__ import annotations

import time

_started = time.perf_counter()
_started_epoch = time.time()

import model_layer  # noqa: E402 (numpy, ONNX Runtime and the settings; the text front end waits)
from handler.config import get_settings  # noqa: E402

settings = get_settings()
# The graphs load in background threads from here on, while the rest of the handler and
# the text front end import (~0.25 s of the init phase that used to come first).
loading = model_layer.start_loading(settings.model_dir)

from functools import partial  # noqa: E402
from typing import Any  # noqa: E402

from aws_lambda_powertools.metrics import MetricUnit  # noqa: E402

from handler import api_keys  # noqa: E402
from handler.deployment_lexicon import fetch_lexicon  # noqa: E402
from handler.function import SpeechFunction  # noqa: E402
from handler.observability import logger, metrics  # noqa: E402
from handler.s3 import aws_client, make_s3_client, per_process  # noqa: E402
from handler.tracing import record_past_span, trace_handler  # noqa: E402
from handler.voice_library import load_library  # noqa: E402

# One client per process for the lexicon fetch at init and the requests after it.
s3_client = per_process(partial(make_s3_client, settings))
function = SpeechFunction(
    settings=settings,
    synthesizer=loading.finish(
        lexicon=fetch_lexicon(s3_client(), settings.lexicon_s3_uri)
        if settings.lexicon_s3_uri
        else None,
    ),
    make_s3_client=s3_client,
    metrics=metrics,
    api_keys=api_keys.from_settings(settings, aws_client),
)
if settings.voices_dir or settings.voices_s3_uri:
    function.synthesizer.library = load_library(
        function.synthesizer, settings.voices_dir, settings.voices_s3_uri, s3_client
    )
INIT_SECONDS = time.perf_counter() - _started
record_past_span("load", _started_epoch, _started_epoch + INIT_SECONDS)
logger.info(
    "model loaded",
    extra={"init_seconds": round(INIT_SECONDS, 3), "model_dir": str(settings.model_dir)},
)
if function.synthesizer.lexicon.unsupported:
    # PLS entries with only <phoneme>s: this model reads letters, so they are read as written.
    logger.warning(
        "lexicon words given only as phonemes are not honoured",
        extra={"words": list(function.synthesizer.lexicon.unsupported)},
    )


@trace_handler
@logger.inject_lambda_context(clear_state=True)
@metrics.log_metrics(capture_cold_start_metric=True)
def lambda_handler(event: dict[str, Any], context: Any) -> Any:
    metrics.add_metric(name="Invocations", unit=MetricUnit.Count, value=1)
    if function.invocations == 0:
        metrics.add_metric(name="InitSeconds", unit=MetricUnit.Seconds, value=INIT_SECONDS)
    return function.handle(event, context)
