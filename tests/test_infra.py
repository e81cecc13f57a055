"""The test infrastructure itself: each real part does what the other tests rely on."""

from __future__ import annotations

import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import unquote_plus

import pytest
from botocore.exceptions import ClientError

from tests.infra.fixtures import LambdaFactory, S3Buckets
from tests.infra.moto_server import S3ToSqs
from tests.infra.process import base_env
from tests.infra.runtime_api import RuntimeInitFailed
from tests.infra.seaweed import S3Server

pytestmark = pytest.mark.slow

ECHO = "tests.infra.echo_handler.handler"
MIB = 1024 * 1024


def test_s3_put_and_get(s3_server: S3Server, s3_buckets: S3Buckets) -> None:
    s3 = s3_server.client()
    s3.put_object(Bucket=s3_buckets.input, Key="a/b.txt", Body=b"hello", ContentType="text/plain")

    got = s3.get_object(Bucket=s3_buckets.input, Key="a/b.txt")

    assert got["Body"].read() == b"hello"
    assert got["ContentType"] == "text/plain"
    assert s3_buckets.input != s3_buckets.output


def test_s3_multipart_upload_with_first_part_uploaded_last(
    s3_server: S3Server, s3_buckets: S3Buckets
) -> None:
    s3 = s3_server.client()
    bucket, key = s3_buckets.output, "big.bin"
    # S3 requires every part but the last to be at least 5 MiB.
    first, second = b"a" * (5 * MIB), b"tail"
    upload_id = s3.create_multipart_upload(Bucket=bucket, Key=key)["UploadId"]

    etag2 = s3.upload_part(Bucket=bucket, Key=key, UploadId=upload_id, PartNumber=2, Body=second)[
        "ETag"
    ]
    etag1 = s3.upload_part(Bucket=bucket, Key=key, UploadId=upload_id, PartNumber=1, Body=first)[
        "ETag"
    ]
    s3.complete_multipart_upload(
        Bucket=bucket,
        Key=key,
        UploadId=upload_id,
        MultipartUpload={
            "Parts": [{"PartNumber": 1, "ETag": etag1}, {"PartNumber": 2, "ETag": etag2}]
        },
    )

    got = s3.get_object(Bucket=bucket, Key=key)
    assert got["Body"].read() == first + second
    assert got["ETag"].strip('"').endswith("-2")


def test_s3_presigned_get_works_and_signature_is_checked(
    s3_server: S3Server, s3_buckets: S3Buckets
) -> None:
    s3 = s3_server.client()
    s3.put_object(Bucket=s3_buckets.output, Key="voice 1.wav", Body=b"RIFF....")
    url = s3.generate_presigned_url(
        "get_object", Params={"Bucket": s3_buckets.output, "Key": "voice 1.wav"}, ExpiresIn=60
    )
    assert url.startswith(f"{s3_server.endpoint_url}/{s3_buckets.output}/")

    with urllib.request.urlopen(url, timeout=10) as response:
        assert response.read() == b"RIFF...."

    tampered = url[:-1] + ("0" if url[-1] != "0" else "1")
    with pytest.raises(urllib.error.HTTPError) as excinfo:
        urllib.request.urlopen(tampered, timeout=10)
    assert excinfo.value.code == 403
    excinfo.value.close()


def test_s3_conditional_put_refuses_second_write(
    s3_server: S3Server, s3_buckets: S3Buckets
) -> None:
    s3 = s3_server.client()
    s3.put_object(Bucket=s3_buckets.output, Key="once", Body=b"first", IfNoneMatch="*")

    with pytest.raises(ClientError) as excinfo:
        s3.put_object(Bucket=s3_buckets.output, Key="once", Body=b"second", IfNoneMatch="*")

    assert excinfo.value.response["ResponseMetadata"]["HTTPStatusCode"] == 412
    body = s3.get_object(Bucket=s3_buckets.output, Key="once")["Body"].read()
    assert body == b"first"


def test_s3_env_lets_a_subprocess_reach_the_server(
    s3_server: S3Server, s3_buckets: S3Buckets, tmp_path: Path
) -> None:
    # A default boto3 client, configured by nothing but the environment.
    script = (
        "import sys, boto3\n"
        "s3 = boto3.client('s3')\n"
        "print(s3.meta.config.s3['addressing_style'])\n"
        "s3.put_object(Bucket=sys.argv[1], Key='from-subprocess', Body=b'ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script, s3_buckets.input],
        env=base_env(tmp_path) | s3_server.env(),
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )

    assert result.returncode == 0, result.stderr
    assert result.stdout.strip() == "path"
    got = s3_server.client().get_object(Bucket=s3_buckets.input, Key="from-subprocess")
    assert got["Body"].read() == b"ok"


def test_moto_delivers_s3_event_with_url_encoded_key(moto_s3_sqs: S3ToSqs) -> None:
    key = "incoming/my voice é.txt"
    moto_s3_sqs.s3.put_object(Bucket=moto_s3_sqs.bucket, Key="elsewhere/x.txt", Body=b"no")
    moto_s3_sqs.s3.put_object(Bucket=moto_s3_sqs.bucket, Key=key, Body=b"hello")

    (event,) = moto_s3_sqs.receive_s3_events(count=1)

    (record,) = event["Records"]
    assert record["eventName"].startswith("ObjectCreated:")
    assert record["s3"]["bucket"]["name"] == moto_s3_sqs.bucket
    encoded = record["s3"]["object"]["key"]
    assert " " not in encoded
    assert "é" not in encoded
    assert unquote_plus(encoded) == key
    assert record["s3"]["object"]["size"] == 5
    # The object outside the prefix produced nothing.
    leftover = moto_s3_sqs.sqs.receive_message(QueueUrl=moto_s3_sqs.queue_url, WaitTimeSeconds=1)
    assert leftover.get("Messages", []) == []


def test_runtime_returns_handler_response(lambda_runtime: LambdaFactory) -> None:
    function = lambda_runtime(ECHO)

    first = function.invoke({"text": "héllo"}, wait=30)
    second = function.invoke([1, 2, 3], wait=30)

    assert first.status == "response", function.logs()
    assert first.body["event"] == {"text": "héllo"}
    assert first.body["aws_request_id"] == first.request_id
    assert first.body["function_name"] == "supertonic-test"
    assert first.body["memory_limit_in_mb"] == "2048"
    assert first.body["invoked_function_arn"] == function.api.function_arn
    assert second.status == "response"
    assert second.body["event"] == [1, 2, 3]
    assert second.request_id != first.request_id


def test_runtime_reports_handler_exception_to_error_endpoint(
    lambda_runtime: LambdaFactory,
) -> None:
    function = lambda_runtime(ECHO)

    failed = function.invoke({"raise": "boom"}, wait=30)
    after = function.invoke({"ok": True}, wait=30)

    assert failed.status == "error"
    assert failed.body["errorType"] == "ValueError"
    assert failed.body["errorMessage"] == "boom"
    assert failed.body["requestId"] == failed.request_id
    assert "[ERROR] ValueError: boom" in function.logs()
    # One failed invocation does not end the runtime.
    assert after.status == "response"


def test_runtime_reports_import_failure_to_init_error(lambda_runtime: LambdaFactory) -> None:
    function = lambda_runtime(ECHO, {"ECHO_HANDLER_FAIL_AT_IMPORT": "no model here"})

    init_error = function.wait_for_init_error(timeout=30)

    assert init_error.body["errorType"] == "RuntimeError"
    assert init_error.body["errorMessage"] == "no model here"
    assert init_error.headers["lambda-runtime-function-error-type"] == "RuntimeError"
    assert function.api.init_error == init_error
    assert function.process.popen.wait(timeout=10) == 1
    with pytest.raises(RuntimeInitFailed):
        function.invoke({}, wait=10)


def test_runtime_remaining_time_follows_deadline_header(lambda_runtime: LambdaFactory) -> None:
    function = lambda_runtime(ECHO)

    short = function.invoke({}, timeout_ms=1_500, wait=30)
    long = function.invoke({}, timeout_ms=600_000, wait=30)

    assert 1_000 < short.body["remaining_ms"] <= 1_500
    assert 590_000 < long.body["remaining_ms"] <= 600_000
    assert short.deadline_ms - int(time.time() * 1000) < 1_500


def test_runtime_death_ends_invoke_quickly_with_its_log(lambda_runtime: LambdaFactory) -> None:
    function = lambda_runtime(ECHO)
    started = time.monotonic()

    with pytest.raises(TimeoutError, match="the runtime died") as excinfo:
        function.invoke({"exit": 3}, wait=60)

    assert time.monotonic() - started < 30
    assert "exited with 3" in str(excinfo.value)
