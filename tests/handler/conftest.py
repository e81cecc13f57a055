"""The function under test: `handler.app` imported for real (its init phase loads the
tiny synthetic model), talking to a real S3 server (SeaweedFS) on 127.0.0.1."""

from __future__ import annotations

import base64
import importlib
import json
import os
import sys
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from handler.config import get_settings
from handler.context import LocalContext
from handler.function import SpeechFunction
from tests.infra.batch import SegmentQueue, segment_queue
from tests.infra.fixtures import S3Buckets
from tests.infra.moto_server import MotoServer
from tests.infra.seaweed import S3Server

EVENTS = Path(__file__).resolve().parents[2] / "events"


def load_event(name: str) -> dict[str, Any]:
    return json.loads((EVENTS / f"{name}.json").read_text(encoding="utf-8"))


def url_event(method: str, path: str, body: Any = None, **overrides: Any) -> dict[str, Any]:
    """A Function URL 2.0 event built from the sample in events/, with a new body."""
    event = load_event("http-health")
    event["rawPath"] = event["requestContext"]["http"]["path"] = path
    event["requestContext"]["http"]["method"] = method
    if body is not None:
        event["body"] = body if isinstance(body, str) else json.dumps(body)
        event["headers"]["content-type"] = "application/json"
    event.update(overrides)
    return event


@pytest.fixture(scope="session")
def output_bucket(s3_server: S3Server) -> str:
    name = f"speech-out-{uuid.uuid4().hex[:10]}"
    s3_server.client().create_bucket(Bucket=name)
    return name


@pytest.fixture(scope="session")
def function_env(tiny_model_dir: Path, s3_server: S3Server, output_bucket: str) -> dict[str, str]:
    return {
        **s3_server.env(),
        "MODEL_DIR": str(tiny_model_dir),
        "OUTPUT_BUCKET": output_bucket,
        "OUTPUT_PREFIX": "speech/",
        "S3_ENDPOINT_URL": s3_server.endpoint_url,
        "SUPERTONIC_WARMUP": "false",
        # The result cache is on by default wherever OUTPUT_BUCKET is set; the tests of
        # other features run without it (a hit would skip what they test), and
        # test_result_cache.py turns it on.
        "RESULT_CACHE": "off",
    }


@pytest.fixture(scope="session")
def app(function_env: dict[str, str]) -> Iterator[ModuleType]:
    saved = dict(os.environ)
    os.environ.update(function_env)
    get_settings.cache_clear()
    try:
        module = sys.modules.get("handler.app")
        # The init phase runs at import, with the environment above.
        yield importlib.reload(module) if module else importlib.import_module("handler.app")
    finally:
        os.environ.clear()
        os.environ.update(saved)
        get_settings.cache_clear()


Invoke = Callable[..., Any]


@pytest.fixture()
def invoke(app: ModuleType) -> Invoke:
    """Call the real entry point with a context whose deadline is `remaining_ms` away."""

    def call(event: dict[str, Any], remaining_ms: int = 120_000) -> Any:
        return app.lambda_handler(event, LocalContext(remaining_ms / 1000))

    return call


@pytest.fixture()
def make_function(app: ModuleType) -> Callable[..., SpeechFunction]:
    """The same loaded model behind other settings (limits, buckets, clients)."""

    def build(s3_client: Any = None, **settings: Any) -> SpeechFunction:
        current = app.function
        return SpeechFunction(
            current.settings.model_copy(update=settings),
            current.synthesizer,
            (lambda: s3_client) if s3_client else (lambda: current.s3_client),
            app.metrics,
        )

    return build


@pytest.fixture()
def s3(s3_server: S3Server) -> Any:
    """A client of the real S3 server, for the batch tests' buckets."""
    return s3_server.client()


@pytest.fixture()
def queue(moto_server: MotoServer) -> SegmentQueue:
    """A fresh segment queue on moto's SQS server."""
    return segment_queue(moto_server)


@pytest.fixture()
def deliver(make_function: Callable[..., Any], s3_buckets: S3Buckets) -> Callable[..., Any]:
    """Deliver an event to the function (the loaded tiny model) writing to this test's
    output bucket; settings and the S3 client can be overridden per call."""

    def call(event: dict[str, Any], remaining_ms: int = 300_000, **settings: Any) -> Any:
        function = make_function(**{"output_bucket": s3_buckets.output, **settings})
        return function.handle(event, LocalContext(remaining_ms / 1000))

    return call


@pytest.fixture()
def deliver_segmented(
    make_function: Callable[..., Any],
    s3_buckets: S3Buckets,
    queue: SegmentQueue,
    moto_server: MotoServer,
) -> Callable[..., Any]:
    """`deliver` for a deployment that splits long jobs into segments on `queue`."""

    def call(event: dict[str, Any], remaining_ms: int = 600_000, **settings: Any) -> Any:
        function = make_function(
            **{
                "output_bucket": s3_buckets.output,
                "segment_queue_url": queue.url,
                "sqs_endpoint_url": moto_server.endpoint_url,
                **settings,
            }
        )
        return function.handle(event, LocalContext(remaining_ms / 1000))

    return call


def body_json(response: dict[str, Any]) -> Any:
    assert response["isBase64Encoded"] is False
    return json.loads(response["body"])


def body_bytes(response: dict[str, Any]) -> bytes:
    assert response["isBase64Encoded"] is True
    return base64.b64decode(response["body"])
