"""Batch narration through the real entry points: the sample events, S3 events that
moto's server really delivers to SQS, and the real awslambdaric runtime client."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest

from handler.context import LocalContext
from tests.handler.conftest import Invoke, load_event
from tests.infra.batch import (
    SAMPLE_BUCKET,
    SAMPLE_KEY,
    keys_in,
    read_audio,
    read_json,
    sqs_event,
    upload_sample_input,
)
from tests.infra.fixtures import LambdaFactory
from tests.infra.moto_server import MotoServer, S3ToSqs
from tests.infra.seaweed import S3Server

AWKWARD_KEYS = ["incoming/my book + notes 100%.txt", "incoming/café/Ünïcødé file.json"]


@pytest.mark.parametrize("name", ["s3-put", "sqs-s3-put"])
def test_sample_events_narrate_the_sample_upload(
    invoke: Invoke, s3_server: S3Server, output_bucket: str, name: str
) -> None:
    s3 = s3_server.client()
    upload_sample_input(s3)
    result = invoke(load_event(name))
    if name == "s3-put":
        ((entry),) = result["results"]
        assert (entry["bucket"], entry["key"]) == (SAMPLE_BUCKET, SAMPLE_KEY)
        assert entry["outcome"] in ("done", "duplicate")
    else:
        assert result == {"batchItemFailures": []}
    manifest = read_json(s3, output_bucket, "speech/chapter one été.manifest.json")
    head = s3.head_object(Bucket=SAMPLE_BUCKET, Key=SAMPLE_KEY)
    assert manifest["source"]["etag"] == head["ETag"].strip('"')
    assert (manifest["voice"], manifest["format"], manifest["seed"]) == ("F1", "mp3", 7)
    _data, audio, rate = read_audio(s3, output_bucket, "speech/chapter one été.mp3")
    assert rate == 44100 and len(audio) > rate


@pytest.fixture()
def moto_function(make_function: Callable[..., Any], moto_s3_sqs: S3ToSqs) -> Callable[..., Any]:
    """The function with moto's S3 (the bucket that notifies SQS) as its storage."""
    output = f"out-{moto_s3_sqs.bucket}"
    moto_s3_sqs.s3.create_bucket(Bucket=output)

    def deliver(event: dict[str, Any]) -> Any:
        function = make_function(s3_client=moto_s3_sqs.s3, output_bucket=output)
        return function.handle(event, LocalContext(300))

    deliver.output = output  # type: ignore[attr-defined]
    return deliver


def test_s3_events_delivered_through_sqs(moto_function, moto_s3_sqs: S3ToSqs) -> None:
    s3, bucket = moto_s3_sqs.s3, moto_s3_sqs.bucket
    s3.put_object(
        Bucket=bucket,
        Key=AWKWARD_KEYS[0],
        Body=b"A short story.",
        Metadata={"lang": "en", "steps": "1", "format": "flac"},
    )
    job = {"text": "Le 3 mai, il pleuvait.", "lang": "fr", "steps": 1, "format": "ogg"}
    s3.put_object(Bucket=bucket, Key=AWKWARD_KEYS[1], Body=json.dumps(job).encode())
    events = moto_s3_sqs.receive_s3_events(count=2)
    encoded = [e["Records"][0]["s3"]["object"]["key"] for e in events]
    assert all("+" in k or "%" in k for k in encoded), encoded  # as S3 sends them

    result = moto_function(sqs_event(*events))
    assert result == {"batchItemFailures": []}
    output = moto_function.output
    assert [k for k in keys_in(s3, output, "speech/") if not k.endswith(".status.json")] == [
        "speech/café/Ünïcødé file.manifest.json",
        "speech/café/Ünïcødé file.ogg",
        "speech/café/Ünïcødé file.srt",
        "speech/café/Ünïcødé file.vtt",
        "speech/my book + notes 100%.flac",
        "speech/my book + notes 100%.manifest.json",
        "speech/my book + notes 100%.srt",
        "speech/my book + notes 100%.vtt",
    ]
    manifest = read_json(s3, output, "speech/café/Ünïcødé file.manifest.json")
    assert manifest["language"] == "fr" and "trois" in manifest["normalized_text"]
    # The same events again, now directly as S3 events: duplicates, nothing rewritten.
    etags = {
        k: s3.head_object(Bucket=output, Key=k)["ETag"]
        for k in [k for k in keys_in(s3, output, "speech/") if not k.endswith(".status.json")]
    }
    for event in events:
        assert moto_function(event)["results"][0]["outcome"] == "duplicate"
    assert {
        k: s3.head_object(Bucket=output, Key=k)["ETag"]
        for k in [k for k in keys_in(s3, output, "speech/") if not k.endswith(".status.json")]
    } == etags


def test_a_transient_failure_fails_only_its_message(moto_function, moto_s3_sqs: S3ToSqs) -> None:
    """A record whose input bucket does not exist cannot be read (a deployment fault, so
    it is retried); the good record in the same batch still succeeds."""
    s3, bucket = moto_s3_sqs.s3, moto_s3_sqs.bucket
    s3.put_object(
        Bucket=bucket, Key="incoming/good.txt", Body=b"Fine.", Metadata={"lang": "en", "steps": "1"}
    )
    (good,) = moto_s3_sqs.receive_s3_events(count=1)
    bad = json.loads(json.dumps(good))
    bad["Records"][0]["s3"]["bucket"]["name"] = "no-such-bucket-anywhere"
    event = sqs_event(good, bad, {"Event": "s3:TestEvent"})
    result = moto_function(event)
    assert result == {"batchItemFailures": [{"itemIdentifier": event["Records"][1]["messageId"]}]}
    assert "speech/good.manifest.json" in [
        k for k in keys_in(s3, moto_function.output, "speech/") if not k.endswith(".status.json")
    ]


def test_awslambdaric_runs_an_sqs_batch_event_end_to_end(
    lambda_runtime: LambdaFactory,
    function_env: dict[str, str],
    moto_s3_sqs: S3ToSqs,
    moto_server: MotoServer,
) -> None:
    s3, bucket = moto_s3_sqs.s3, moto_s3_sqs.bucket
    output = f"out-{bucket}"
    s3.create_bucket(Bucket=output)
    s3.put_object(
        Bucket=bucket,
        Key="incoming/runtime test.txt",
        Body=b"Through the runtime.",
        Metadata={"lang": "en", "steps": "1", "format": "opus"},
    )
    (event,) = moto_s3_sqs.receive_s3_events(count=1)
    env = {
        **function_env,
        **moto_server.env(),
        "S3_ENDPOINT_URL": moto_server.endpoint_url,
        "OUTPUT_BUCKET": output,
    }
    env.pop("AWS_ENDPOINT_URL_S3", None)
    function = lambda_runtime("handler.app.lambda_handler", env)
    result = function.invoke(sqs_event(event), timeout_ms=120_000)
    assert result.status == "response", result.body
    assert result.body == {"batchItemFailures": []}
    _data, audio, rate = read_audio(s3, output, "speech/runtime test.opus")
    manifest = read_json(s3, output, "speech/runtime test.manifest.json")
    assert rate == 48000 and manifest["request_id"] == result.request_id
    assert manifest["duration_seconds"] == pytest.approx(len(audio) / rate, abs=0.05)
