"""S3 faults against real storage: throttling (503 SlowDown), slow answers and dropped
connections through a fault-injecting proxy in front of SeaweedFS, and SeaweedFS itself
stopped in the middle of a multipart upload. Each time: bounded retries, a clear 503
`storage_unavailable` when they run out, nothing left in the bucket, and the next request
succeeds."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from handler.config import HandlerSettings
from handler.context import LocalContext
from handler.function import SpeechFunction
from handler.s3 import calls as s3_calls
from handler.s3 import make_s3_client
from handler.s3 import upload as s3_upload
from tests.handler.conftest import body_json, url_event
from tests.handler.test_http_errors import error_of
from tests.infra.fixtures import OwnS3Server, S3Buckets
from tests.infra.s3_proxy import FaultProxy
from tests.infra.seaweed import S3Server, restart_seaweedfs

# S3's smallest part (SeaweedFS enforces it too), so fewer seconds of audio make several parts.
SMALL_PART = 5 * 1024 * 1024
# About 200 s of 44.1 kHz wav at speed 0.7, ~17 MiB: the head part, held back, and three more.
LONG_TEXT = "Every part that went up must be removed again if the upload fails. " * 30
MAX_ATTEMPTS = 3


@pytest.fixture
def small_parts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("handler.speech.PART_SIZE", SMALL_PART)


@pytest.fixture(autouse=True)
def no_failed_aborts_carried_over(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(s3_upload, "_failed_aborts", [])


def client_for(endpoint_url: str, **settings: Any) -> Any:
    """The function's own S3 client (retries, timeouts, deadline gate) for `endpoint_url`."""
    return make_s3_client(
        HandlerSettings(s3_endpoint_url=endpoint_url, s3_max_attempts=MAX_ATTEMPTS, **settings)
    )


def speak(function: SpeechFunction, text: str = LONG_TEXT, seconds: float = 120) -> Any:
    body = {"text": text, "lang": "en", "steps": 1, "seed": 3, "speed": 0.7, "delivery": "s3"}
    return function.handle(url_event("POST", "/v1/speech", body), LocalContext(seconds))


def leftovers(server: S3Server, bucket: str) -> tuple[list[str], list[str]]:
    client = server.client()
    objects = [o["Key"] for o in client.list_objects_v2(Bucket=bucket).get("Contents", [])]
    uploads = [u["Key"] for u in client.list_multipart_uploads(Bucket=bucket).get("Uploads", [])]
    return objects, uploads


def assert_storage_unavailable(response: dict[str, Any]) -> None:
    error = error_of(response, 503, "storage_unavailable")
    assert error["retryable"] is True
    assert response["headers"]["retry-after"] == "1"
    assert "Traceback" not in response["body"] and "127.0.0.1" not in response["body"]


def assert_whole_object(server: S3Server, response: dict[str, Any], parts: int) -> None:
    answer = body_json(response)
    obj = server.client().get_object(Bucket=answer["bucket"], Key=answer["key"])
    data = obj["Body"].read()
    assert data[:4] == b"RIFF" and len(data) > (parts - 1) * SMALL_PART
    if parts > 1:
        assert obj["ETag"].endswith(f'-{parts}"')  # a multipart object's ETag counts its parts


@dataclass
class Faulty:
    """The function, its S3 client pointed through the fault proxy, and where its audio goes."""

    proxy: FaultProxy
    server: S3Server
    bucket: str
    make_function: Callable[..., SpeechFunction]

    def function(self, **settings: Any) -> SpeechFunction:
        client = client_for(self.proxy.endpoint_url, **settings)
        return self.make_function(s3_client=client, output_bucket=self.bucket)

    def leftovers(self) -> tuple[list[str], list[str]]:
        return leftovers(self.server, self.bucket)

    def fails_cleanly_then_recovers(
        self, function: SpeechFunction, text: str
    ) -> tuple[dict[str, Any], Counter[str]]:
        """503 storage_unavailable, nothing in the bucket, and once the fault is gone the
        same request succeeds; returns the failed response and the attempts it made."""
        response = speak(function, text)
        assert_storage_unavailable(response)
        assert self.leftovers() == ([], [])
        attempts = Counter(self.proxy.attempts)
        self.proxy.clear()
        assert speak(function, text)["statusCode"] == 200
        return response, attempts


@pytest.fixture
def faulty(
    make_function: Callable[..., SpeechFunction],
    fault_proxy: FaultProxy,
    s3_server: S3Server,
    s3_buckets: S3Buckets,
) -> Faulty:
    return Faulty(fault_proxy, s3_server, s3_buckets.output, make_function)


def test_throttled_parts_are_retried_and_the_object_is_whole(
    faulty: Faulty, small_parts: None
) -> None:
    faulty.proxy.inject("UploadPart", "slowdown", times=2)
    response = speak(faulty.function())
    assert response["statusCode"] == 200, response["body"]
    parts = faulty.proxy.attempts["UploadPart"] - 2
    assert parts == 4
    assert_whole_object(faulty.server, response, parts)
    assert faulty.leftovers()[1] == []


def test_throttling_beyond_the_retries_is_503_and_leaves_nothing(
    faulty: Faulty, small_parts: None
) -> None:
    faulty.proxy.inject("UploadPart", "slowdown")
    response, attempts = faulty.fails_cleanly_then_recovers(faulty.function(), LONG_TEXT)
    assert "SlowDown" in body_json(response)["error"]["message"]
    # Standard retry mode, bounded: the first part uploaded was tried exactly max_attempts times.
    assert attempts["UploadPart"] == MAX_ATTEMPTS
    assert attempts["AbortMultipartUpload"] == 1


def test_a_slow_answer_times_out_and_is_retried(faulty: Faulty) -> None:
    faulty.proxy.inject("PutObject", "delay", times=1, delay=3.0)
    response = speak(faulty.function(s3_read_timeout_seconds=0.5), text="Just in time.")
    assert response["statusCode"] == 200, response["body"]
    assert faulty.proxy.attempts["PutObject"] == 2
    assert_whole_object(faulty.server, response, parts=1)


def test_answers_slower_than_every_attempt_are_503_and_the_late_object_is_removed(
    faulty: Faulty,
) -> None:
    """The proxy forwards each PUT and only its answer is late, so the object did arrive:
    the function, having told the client it failed, must delete it again."""
    faulty.proxy.inject("PutObject", "delay", delay=1.5)
    function = faulty.function(s3_read_timeout_seconds=0.5)
    _, attempts = faulty.fails_cleanly_then_recovers(function, "Too slow.")
    assert attempts["PutObject"] == MAX_ATTEMPTS
    assert attempts["DeleteObject"] == 1


def test_dropped_connections_while_completing_are_503_and_leave_nothing(
    faulty: Faulty, small_parts: None
) -> None:
    faulty.proxy.inject("CompleteMultipartUpload", "cut")
    _, attempts = faulty.fails_cleanly_then_recovers(faulty.function(), LONG_TEXT)
    assert attempts["CompleteMultipartUpload"] == MAX_ATTEMPTS


def test_a_lost_answer_to_the_completion_leaves_no_object_behind(
    faulty: Faulty, small_parts: None
) -> None:
    """The upload completes but its answer never arrives: the client is told 503 (or, if a
    retried completion succeeds, 200), and the bucket agrees with what it was told."""
    faulty.proxy.inject("CompleteMultipartUpload", "drop_answer", times=1)
    response = speak(faulty.function())
    objects, uploads = faulty.leftovers()
    assert uploads == []
    if response["statusCode"] == 200:
        assert objects == [body_json(response)["key"]]
    else:
        assert_storage_unavailable(response)
        assert objects == []


def test_storage_stopped_mid_upload_is_503_and_cleaned_up_once_it_is_back(
    make_function: Callable[..., SpeechFunction], own_s3_server: OwnS3Server, small_parts: None
) -> None:
    server, process = own_s3_server
    bucket = "stopped-mid-upload"
    server.client().create_bucket(Bucket=bucket)
    client = client_for(server.endpoint_url)
    function = make_function(s3_client=client, output_bucket=bucket)

    def stop_after_first_part(**_: Any) -> None:
        if process.alive():
            process.stop(grace=15)

    client.meta.events.register("after-call.s3.UploadPart", stop_after_first_part)
    assert_storage_unavailable(speak(function))
    client.meta.events.unregister("after-call.s3.UploadPart", stop_after_first_part)

    restart_seaweedfs(server, process)
    # The abort could not reach a stopped server: the parts are still there, invisible.
    objects, uploads = leftovers(server, bucket)
    assert objects == [] and len(uploads) == 1
    response = speak(function, text="Back again.")
    assert response["statusCode"] == 200, response["body"]
    # The first upload after the outage also aborted the one left pending.
    assert leftovers(server, bucket) == ([body_json(response)["key"]], [])


def test_the_deadline_after_parts_went_up_is_504_and_leaves_nothing(
    make_function: Callable[..., SpeechFunction],
    s3_server: S3Server,
    s3_buckets: S3Buckets,
    small_parts: None,
) -> None:
    client = client_for(s3_server.endpoint_url)
    function = make_function(s3_client=client, output_bucket=s3_buckets.output)

    def deadline_fires_after_a_part(**_: Any) -> None:
        # Exactly what the deadline guard's timer does, at a moment the test controls: the
        # upload has begun and holds parts, and the next chunk's ONNX run is cancelled.
        gate = s3_calls._call_gate.get()
        assert gate is not None and gate.cancel is not None
        gate.cancel.cancel()

    client.meta.events.register("after-call.s3.UploadPart", deadline_fires_after_a_part)
    error_of(speak(function), 504, "deadline_exceeded")
    client.meta.events.unregister("after-call.s3.UploadPart", deadline_fires_after_a_part)
    assert leftovers(s3_server, s3_buckets.output) == ([], [])
    assert speak(function)["statusCode"] == 200


def test_slow_storage_retries_stop_at_the_deadline(faulty: Faulty) -> None:
    """Attempts time out after 1 s and the deadline guard fires 1.5 s in: the third attempt,
    which could only start after 2 s, is never made, and the time left goes to cleaning up."""
    faulty.proxy.inject("PutObject", "delay", delay=5.0)
    response = speak(faulty.function(s3_read_timeout_seconds=1.0), text="Hi.", seconds=3.5)
    assert_storage_unavailable(response)
    assert "deadline" in body_json(response)["error"]["message"]
    assert 1 <= faulty.proxy.attempts["PutObject"] < MAX_ATTEMPTS
    assert faulty.leftovers() == ([], [])
