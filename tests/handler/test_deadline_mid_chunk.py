"""A deadline that expires in the middle of a chunk, through the real runtime
(`python -m awslambdaric` against tests/infra/runtime_api.py): the ONNX run in flight is
terminated, the answer is 504, S3 holds nothing, and the same process serves the next
invocation at once."""

from __future__ import annotations

import json

from tests.handler.conftest import url_event
from tests.handler.test_storage_faults import leftovers
from tests.infra.fixtures import LambdaFactory, S3Buckets
from tests.infra.seaweed import S3Server

HANDLER = "handler.app.lambda_handler"
# One sentence is one chunk: any cancellation of its synthesis is inside that chunk. At 100
# steps the tiny model needs about a second for it; the guard allows it 0.3 s.
ONE_CHUNK = (
    "A single sentence, spoken as one chunk, long enough to keep the engine busy at many steps."
)
TIMEOUT_MS = 2300
MARGIN_MS = 2000


def test_deadline_mid_chunk_is_504_leaves_nothing_and_the_next_invocation_succeeds(
    lambda_runtime: LambdaFactory,
    function_env: dict[str, str],
    s3_server: S3Server,
    s3_buckets: S3Buckets,
) -> None:
    env = {
        **function_env,
        "OUTPUT_BUCKET": s3_buckets.output,
        "DEADLINE_MARGIN_MS": str(MARGIN_MS),
        "ESTIMATED_RTF": "0.0001",  # past the up-front estimate, to the deadline
    }
    function = lambda_runtime(HANDLER, env)
    body = {"text": ONE_CHUNK, "lang": "en", "steps": 100, "delivery": "s3"}
    # Taking the model's load out of the first invocation: init is not what is being timed.
    warm = function.invoke(url_event("GET", "/v1/health"))
    assert warm.body["statusCode"] == 200

    late = function.invoke(url_event("POST", "/v1/speech", body), timeout_ms=TIMEOUT_MS)
    assert late.status == "response", late.body
    assert late.body["statusCode"] == 504, late.body
    error = json.loads(late.body["body"])["error"]
    assert error["code"] == "deadline_exceeded"
    assert leftovers(s3_server, s3_buckets.output) == ([], [])

    again = function.invoke(url_event("POST", "/v1/speech", {**body, "steps": 1}))
    assert again.body["statusCode"] == 200, again.body
    key = json.loads(again.body["body"])["key"]
    assert leftovers(s3_server, s3_buckets.output) == ([key], [])
    assert function.process.alive()
