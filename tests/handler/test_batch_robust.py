"""Batch narration that must not lose or mix work (issue 15, class 6), on the real S3
server (SeaweedFS): an older upload's job never replaces a newer result; a worker killed
mid-upload does not block its retry, and leaves no multipart upload open; names derived
from keys are checked like the `output` field; job files that cannot be parsed are
reported, never raised."""

from __future__ import annotations

import contextlib
import hashlib
import json
import signal
import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from botocore.exceptions import ClientError
from hypothesis import given, settings
from hypothesis import strategies as st

from handler.batch.keys import WorkKeys, job_id
from handler.context import LocalContext
from handler.errors import StorageUnavailableError
from tests.infra.batch import (
    keys_in,
    open_multipart_uploads,
    read_audio,
    read_json,
    s3_event,
    segment_queue,
)
from tests.infra.fixtures import LambdaFactory, S3Buckets
from tests.infra.moto_server import MotoServer
from tests.infra.s3_proxy import FaultProxy
from tests.infra.seaweed import S3Server

LONG_TEXT = "The river ran quietly past the old mill while we talked about the weather. " * 40
SMALL_PARTS = 5 * 1024 * 1024
# A bound on waits for the function under test, so a broken one fails instead of hanging;
# generous because the machine is shared (never a claim about speed).
PATIENCE_S = 300.0


def upload(s3: Any, bucket: str, key: str, body: bytes | str, **metadata: str) -> str:
    data = body.encode("utf-8") if isinstance(body, str) else body
    return str(s3.put_object(Bucket=bucket, Key=key, Body=data, Metadata=metadata)["ETag"])


def outcome(result: dict[str, Any]) -> list[str]:
    return [entry["outcome"] for entry in result["results"]]


def claim_key(bucket: str, key: str, etag: str) -> str:
    return WorkKeys("batch-work/", job_id(bucket, key, etag)).claim


# --- stale overwrite -------------------------------------------------------------------


@pytest.mark.parametrize(
    "lease_seconds",
    [45.0, 1.0],
    ids=["caught-before-completing", "caught-by-the-watch"],
)
def test_an_older_job_never_replaces_a_newer_result(
    deliver, s3_server: S3Server, s3, s3_buckets: S3Buckets, lease_seconds: float
) -> None:
    """v1 (long) is mid-upload when v2 is uploaded; v2's job finishes first; v1 then
    stops without touching v2's audio, manifest or status. With a long lease v1 finds out
    when it checks the source before completing its upload; with a short one its watch
    thread finds out meanwhile and cancels it."""
    key = "incoming/story.txt"
    v1 = upload(s3, s3_buckets.input, key, LONG_TEXT, lang="en", steps="1", speed="0.8")
    event = s3_event(s3_buckets.input, key)
    reached_upload, resume = threading.Event(), threading.Event()

    def hold(**_: Any) -> None:
        reached_upload.set()
        resume.wait(PATIENCE_S)

    held = s3_server.client()  # v1's client: held as its multipart upload starts
    held.meta.events.register("before-call.s3.CreateMultipartUpload", hold)
    settings = {"batch_part_size_bytes": SMALL_PARTS, "batch_lease_seconds": lease_seconds}
    v1_result: dict[str, Any] = {}
    v1_job = threading.Thread(
        target=lambda: v1_result.update(deliver(event, s3_client=held, **settings))
    )
    v1_job.start()
    try:
        assert reached_upload.wait(PATIENCE_S)
        v2 = upload(s3, s3_buckets.input, key, "The second version.", lang="en", steps="1")
        assert outcome(deliver(event, **settings)) == ["done"]
        if lease_seconds < 5:
            # Let the watch see the replaced source (it checks every third of a lease).
            time.sleep(lease_seconds)
    finally:
        resume.set()
        v1_job.join(PATIENCE_S)
    assert outcome(v1_result) == ["superseded"]

    manifest = read_json(s3, s3_buckets.output, "speech/story.manifest.json")
    assert manifest["source"]["etag"] == v2.strip('"')
    assert manifest["normalized_text"] == "The second version."
    _data, audio, rate = read_audio(s3, s3_buckets.output, "speech/story.wav")
    assert manifest["duration_seconds"] == pytest.approx(len(audio) / rate, abs=1e-3)
    head = s3.head_object(Bucket=s3_buckets.output, Key="speech/story.wav")
    assert head["Metadata"]["source-etag"] == v2.strip('"')
    status = read_json(s3, s3_buckets.output, "speech/story.status.json")
    assert (status["state"], status["source"]["etag"]) == ("done", v2.strip('"'))
    assert open_multipart_uploads(s3, s3_buckets.output) == []
    v1_claim = read_json(s3, s3_buckets.output, claim_key(s3_buckets.input, key, v1))
    assert v1_claim["state"] == "superseded"
    # A late redelivery of the older event is a no-op: the newest upload's job is done.
    assert outcome(deliver(event)) == ["duplicate"]
    assert read_json(s3, s3_buckets.output, "speech/story.manifest.json") == manifest


# --- a worker killed mid-upload ---------------------------------------------------------


def test_a_worker_killed_mid_upload_is_taken_over_and_its_upload_aborted(
    lambda_runtime: LambdaFactory,
    function_env: dict[str, str],
    s3_server: S3Server,
    s3,
    s3_buckets: S3Buckets,
) -> None:
    """The function runs under the real runtime (awslambdaric). Its S3 traffic passes a
    proxy that holds the answer to its first part upload, so it is certainly mid-upload
    (the upload created and recorded in the claim, a part sent) when it gets SIGKILL.
    Redelivered to a fresh process, the event is refused while the dead holder's short
    lease runs, then taken over: the orphaned upload is aborted and the narration done."""
    key = "incoming/killed.txt"
    etag = upload(s3, s3_buckets.input, key, LONG_TEXT, lang="en", steps="1", speed="0.8")
    event = s3_event(s3_buckets.input, key)
    lease = 2.0
    env = {
        **function_env,
        "OUTPUT_BUCKET": s3_buckets.output,
        "BATCH_LEASE_SECONDS": str(lease),
        "BATCH_PART_SIZE_BYTES": str(SMALL_PARTS),
    }
    claim = claim_key(s3_buckets.input, key, etag)
    proxy = FaultProxy(s3_server.endpoint_url)
    try:
        # The held answer must not time out first: the read timeout outlasts the test's wait.
        proxy.inject("UploadPart", "delay", times=1, delay=PATIENCE_S)
        doomed = lambda_runtime(
            "handler.app.lambda_handler",
            {
                **env,
                "S3_ENDPOINT_URL": proxy.endpoint_url,
                "AWS_ENDPOINT_URL_S3": proxy.endpoint_url,
                "S3_READ_TIMEOUT_SECONDS": "120",
            },
        )
        first = threading.Thread(target=_invoke_until_killed, args=(doomed, event), daemon=True)
        first.start()

        def mid_upload() -> bool:
            if proxy.attempts["UploadPart"] < 1:
                return False
            document = _json_or_none(s3, s3_buckets.output, claim)
            return bool(document and document.get("uploads"))

        doomed.process.wait_until(mid_upload, timeout=PATIENCE_S, what="the first part upload")
        orphans = open_multipart_uploads(s3, s3_buckets.output)
        assert [upload["Key"] for upload in orphans] == ["speech/killed.wav"]
        doomed.process.popen.send_signal(signal.SIGKILL)
        doomed.process.popen.wait(PATIENCE_S)
        first.join(PATIENCE_S)
    finally:
        proxy.stop()

    retry = lambda_runtime("handler.app.lambda_handler", env)
    answers = []
    # Lambda retries a failed async event; here the retries come every half lease.
    for _attempt in range(40):
        result = retry.invoke(event, timeout_ms=int(PATIENCE_S * 1000))
        answers.append(result.status)
        if result.status == "response":
            break
        assert "ClaimBusyError" in json.dumps(result.body), result.body
        time.sleep(lease / 2)
    assert result.status == "response", answers
    assert [entry["outcome"] for entry in result.body["results"]] == ["done"]
    assert open_multipart_uploads(s3, s3_buckets.output) == []
    assert read_json(s3, s3_buckets.output, claim)["state"] == "done"
    manifest = read_json(s3, s3_buckets.output, "speech/killed.manifest.json")
    _data, audio, rate = read_audio(s3, s3_buckets.output, "speech/killed.wav")
    assert manifest["duration_seconds"] == pytest.approx(len(audio) / rate, abs=1e-3)
    assert manifest["request_id"] == result.request_id


def _invoke_until_killed(function: Any, event: dict[str, Any]) -> None:
    with contextlib.suppress(TimeoutError):  # "the runtime died": the point of the test
        function.invoke(event, timeout_ms=int(PATIENCE_S * 1000))


def _json_or_none(s3: Any, bucket: str, key: str) -> Any:
    try:
        return read_json(s3, bucket, key)
    except s3.exceptions.NoSuchKey:
        return None


# --- names derived from keys ------------------------------------------------------------

OUTPUT_PREFIX = "speech/"
LONGEST_SUFFIX = len(".manifest.json")
_SEGMENT = st.text(
    st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="/\\\u2028\u2029"),
    min_size=1,
    max_size=12,
).filter(lambda part: part not in (".", ".."))
_BAD_PARTS = st.sampled_from(
    [
        *("..", ".", "", "line\nbreak", "cr\rhere", "tab\there", "nul\x00", "del\x7f"),
        *("c1\x85", "ls\u2028", "back\\slash", "esc\x1b[31m"),
    ]
)


@st.composite
def _badly_shaped_names(draw: st.DrawFn) -> str:
    before = draw(st.lists(_SEGMENT, max_size=3))
    after = draw(st.lists(_SEGMENT, max_size=3))
    name = "/".join([*before, draw(_BAD_PARTS), *after])
    return name or ".."  # "" would make the key `incoming/.txt`, which names no input


@st.composite
def _too_long_names(draw: st.DrawFn) -> str:
    """Well-shaped names whose longest derived key passes 1,024 bytes, though the input
    key itself (with `incoming/` and `.txt`) still fits: the keys S3 can really send."""
    target = draw(st.integers(1024 - len(OUTPUT_PREFIX) - LONGEST_SUFFIX + 1, 1024 - 13))
    alphabet = draw(st.sampled_from(["a", "é", "語", "😀"]))
    per_segment = 200 // len(alphabet.encode())  # SeaweedFS refuses segments over 255 bytes
    name = ""
    while len(name.encode()) + len(alphabet.encode()) <= target:
        name += "/" if len(name) % (per_segment + 1) == per_segment else alphabet
    return name.rstrip("/") + "a" * (target - len(name.rstrip("/").encode()))


def _report_key(bucket: str, key: str, name: str) -> str:
    """The documented place of the report: beside the result when the name is
    well-shaped and `<name>.error.json` fits, else under invalid-keys/ by hash."""
    base = OUTPUT_PREFIX + name
    shaped = not any(ch in name for ch in "\\\n\r\t\x00\x7f\x85\u2028\x1b") and all(
        part not in ("", ".", "..") for part in name.split("/")
    )
    if shaped and len((base + ".error.json").encode()) <= 1024:
        return base + ".error.json"
    digest = hashlib.sha256(f"{bucket}\0{key}".encode()).hexdigest()[:40]
    return f"{OUTPUT_PREFIX}invalid-keys/{digest}.error.json"


@settings(max_examples=60)
@given(name=st.one_of(_badly_shaped_names(), _too_long_names()))
def test_unusable_names_from_keys_get_an_error_report(
    deliver, s3, s3_buckets: S3Buckets, name: str
) -> None:
    """Events name keys S3 itself accepts; the names they give are refused with a report
    (invalid_parameter, param key) that quotes no part of the name, and nothing else."""
    key = f"incoming/{name}.txt"
    result = deliver(s3_event(s3_buckets.input, key))
    assert outcome(result) == ["failed"]
    written = keys_in(s3, s3_buckets.output, OUTPUT_PREFIX)
    expected = _report_key(s3_buckets.input, key, name)
    assert written == [expected]
    report = read_json(s3, s3_buckets.output, expected)
    assert (report["error"]["code"], report["error"]["param"]) == ("invalid_parameter", "key")
    assert report["source"]["key"] == key
    message = report["error"]["message"]
    assert message.startswith("the name taken from the input key ")
    if len(name) >= 6:
        assert name not in message  # positions and lengths, never the name itself
    s3.delete_object(Bucket=s3_buckets.output, Key=expected)


def _name_of_bytes(total: int) -> str:
    """A well-shaped name of exactly `total` UTF-8 bytes, in segments of at most 201
    bytes (SeaweedFS refuses path segments over 255)."""
    parts, left = [], total
    while left > 201:
        parts.append("n" * 200)
        left -= 201  # the segment and its "/"
    parts.append("n" * left)
    return "/".join(parts)


def test_a_name_at_the_limit_works_and_one_byte_more_is_reported(
    deliver, s3, s3_buckets: S3Buckets
) -> None:
    fits = _name_of_bytes(1024 - len(OUTPUT_PREFIX) - LONGEST_SUFFIX)
    assert len((OUTPUT_PREFIX + fits + ".manifest.json").encode()) == 1024
    key = f"incoming/{fits}.txt"
    upload(s3, s3_buckets.input, key, "Just fits.", lang="en", steps="1")
    assert outcome(deliver(s3_event(s3_buckets.input, key))) == ["done"]
    manifest_key = f"{OUTPUT_PREFIX}{fits}.manifest.json"
    assert read_json(s3, s3_buckets.output, manifest_key)["source"]["key"] == key

    over = fits + "n"
    key = f"incoming/{over}.txt"
    upload(s3, s3_buckets.input, key, "One byte too many.", lang="en", steps="1")
    assert outcome(deliver(s3_event(s3_buckets.input, key))) == ["failed"]
    report = read_json(s3, s3_buckets.output, f"{OUTPUT_PREFIX}{over}.error.json")
    assert report["error"]["param"] == "key"
    assert "1025 bytes" in report["error"]["message"]


@pytest.mark.parametrize(
    ("output", "problem"),
    [
        ("a/../b", "'..'"),
        ("line\nbreak", "control character"),
        ("x" * 1010, "too long"),
        ("back\\slash", "backslash"),
    ],
)
def test_the_output_field_gets_the_same_checks(
    deliver, s3, s3_buckets: S3Buckets, output: str, problem: str
) -> None:
    key = "incoming/job.json"
    upload(s3, s3_buckets.input, key, json.dumps({"text": "Hi.", "output": output}))
    assert outcome(deliver(s3_event(s3_buckets.input, key))) == ["failed"]
    report = read_json(s3, s3_buckets.output, "speech/job.error.json")
    assert report["error"]["param"] == "output" and problem in report["error"]["message"]


# --- job files that cannot be parsed ------------------------------------------------------


def _nested(depth: int) -> str:
    return '{"text": ' + "[" * depth + "]" * depth + "}"


def _nested_lexicon(depth: int) -> str:
    return '{"text": "Hi", "lexicon": ' + '{"a":' * depth + "1" + "}" * depth + "}"


def _huge_seed(digits: int) -> str:
    return '{"text": "Hi", "seed": ' + "9" * digits + "}"


def _huge_speed(digits: int) -> str:
    return '{"text": "Hi", "speed": 1' + "0" * digits + "}"


@settings(max_examples=12)
@given(
    document=st.one_of(
        st.integers(40, 200_000).map(_nested),
        st.integers(40, 200_000).map(_nested_lexicon),
        st.integers(4_301, 100_000).map(_huge_seed),
        st.integers(4_301, 100_000).map(_huge_speed),
    )
)
def test_job_files_nested_too_deep_or_with_huge_numbers_are_reported(
    deliver, s3, s3_buckets: S3Buckets, document: str
) -> None:
    key = "incoming/hostile.json"
    upload(s3, s3_buckets.input, key, document)
    result = deliver(s3_event(s3_buckets.input, key), batch_max_input_bytes=1_000_000)
    assert outcome(result) == ["failed"]
    report = read_json(s3, s3_buckets.output, "speech/hostile.error.json")
    assert report["error"]["code"] == "bad_json"
    status = read_json(s3, s3_buckets.output, "speech/hostile.status.json")
    assert (status["state"], status["error_report"]) == ("failed", "speech/hostile.error.json")
    for leftover in keys_in(s3, s3_buckets.output):
        s3.delete_object(Bucket=s3_buckets.output, Key=leftover)


def test_a_lease_that_cannot_be_renewed_ends_in_a_retry_not_a_lost_job(
    deliver, s3_server: S3Server, s3, s3_buckets: S3Buckets
) -> None:
    """S3 refuses every claim write after the claim is taken (503), for longer than the
    lease: the job stops and raises a transient error (Lambda retries it), rather than
    reporting success for a job nobody finishes. The retry, with S3 well again, is done."""
    key = "incoming/unrenewed.txt"
    upload(s3, s3_buckets.input, key, LONG_TEXT, lang="en", steps="1", speed="0.8")
    event = s3_event(s3_buckets.input, key)
    flaky = s3_server.client()
    refused = threading.Semaphore(0)
    claim_writes: list[str] = []

    def refuse_claim_renewals(params: dict[str, Any], **_: Any) -> None:
        if params["Key"].startswith("batch-work/claims/"):
            claim_writes.append(params["Key"])
            if len(claim_writes) > 1:  # the first creates the claim
                refused.release()
                raise ClientError(
                    {
                        "Error": {"Code": "ServiceUnavailable", "Message": "injected"},
                        "ResponseMetadata": {"HTTPStatusCode": 503},
                    },
                    "PutObject",
                )

    def hold_past_the_lease(**_: Any) -> None:
        # Renewals come every third of the lease: three refused ones reach its end; then
        # hold until they stop coming (the watch gave up) for three renewal intervals.
        for _renewal in range(3):
            assert refused.acquire(timeout=PATIENCE_S)
        while refused.acquire(timeout=1.0):
            pass

    flaky.meta.events.register("provide-client-params.s3.PutObject", refuse_claim_renewals)
    flaky.meta.events.register("before-call.s3.CreateMultipartUpload", hold_past_the_lease)
    settings = {"batch_part_size_bytes": SMALL_PARTS, "batch_lease_seconds": 1.0}
    with pytest.raises(StorageUnavailableError):
        deliver(event, s3_client=flaky, **settings)
    assert open_multipart_uploads(s3, s3_buckets.output) == []
    assert [k for k in keys_in(s3, s3_buckets.output, "speech/") if "status" not in k] == []
    time.sleep(1.0)  # the refused release left the lease to run out by itself
    assert outcome(deliver(event, **settings)) == ["done"]


PARAGRAPH = (
    "The quick brown fox jumps over the lazy dog near the river bank. It was 3:30 pm on "
    "May 5, 2024, and we paid $12.50 for two tickets. Nobody minded the rain at all. "
)


def test_segments_of_a_replaced_upload_stop_and_leave_the_newer_result(
    make_function: Callable[..., Any], s3, s3_buckets: S3Buckets, moto_server: MotoServer
) -> None:
    """v1 is split into segments; v2 is uploaded and narrated before they run. Every v1
    segment then stops without synthesizing, its work directory is removed and its claim
    ends superseded; v2's audio, manifest and status stay."""
    queue = segment_queue(moto_server)
    function = make_function(
        output_bucket=s3_buckets.output,
        segment_queue_url=queue.url,
        sqs_endpoint_url=moto_server.endpoint_url,
        estimated_rtf=1.0,
        batch_max_invocation_seconds=6.0,
    )

    def deliver_here(event: dict[str, Any]) -> Any:
        return function.handle(event, LocalContext(PATIENCE_S))

    key = "incoming/saga.txt"
    v1 = upload(s3, s3_buckets.input, key, PARAGRAPH * 5, lang="en", steps="1")
    event = s3_event(s3_buckets.input, key)
    assert outcome(deliver_here(event)) == ["segmented"]
    v2 = upload(s3, s3_buckets.input, key, "Short and new.", lang="en", steps="1")
    assert outcome(deliver_here(event)) == ["done"]
    results = queue.drain(deliver_here)
    assert results and all(r["batchItemFailures"] == [] for r in results)

    manifest = read_json(s3, s3_buckets.output, "speech/saga.manifest.json")
    assert manifest["source"]["etag"] == v2.strip('"') and manifest["segments"] == 1
    status = read_json(s3, s3_buckets.output, "speech/saga.status.json")
    assert (status["state"], status["source"]["etag"]) == ("done", v2.strip('"'))
    v1_claim = claim_key(s3_buckets.input, key, v1)
    assert read_json(s3, s3_buckets.output, v1_claim)["state"] == "superseded"
    work = keys_in(s3, s3_buckets.output, "batch-work/")
    assert all(k.startswith("batch-work/claims/") for k in work), work
    assert open_multipart_uploads(s3, s3_buckets.output) == []


def test_a_newer_manifest_written_between_the_check_and_the_write_is_kept(
    deliver, s3_server: S3Server, s3, s3_buckets: S3Buckets
) -> None:
    """The last window: v1 has checked its source (still current) for the manifest, and
    v2 is uploaded and narrated to the end right then, before v1 writes. v1's manifest
    write is conditional on what was there before its check, so it fails and v1 stops;
    v2's manifest (and the audio v2 wrote after v1's) stay."""
    key = "incoming/window.txt"
    v1 = upload(s3, s3_buckets.input, key, "The first version.", lang="en", steps="1")
    event = s3_event(s3_buckets.input, key)
    source_checks: list[bool] = []  # one per HEAD of the job's thread: is it the source?
    v2: list[str] = []

    def note_head(params: dict[str, Any], **_: Any) -> None:
        if threading.current_thread() is threading.main_thread():
            source_checks.append(params["Key"] == key)

    def newer_job_finishes_now(**_: Any) -> None:
        if threading.current_thread() is not threading.main_thread() or not source_checks[-1]:
            return
        if source_checks.count(True) == 2:  # the check before the manifest (1st: the audio)
            v2.append(upload(s3, s3_buckets.input, key, "The second version.", lang="en"))
            assert outcome(deliver(event)) == ["done"]

    racing = s3_server.client()
    racing.meta.events.register("provide-client-params.s3.HeadObject", note_head)
    racing.meta.events.register("after-call.s3.HeadObject", newer_job_finishes_now)
    assert outcome(deliver(event, s3_client=racing)) == ["superseded"]
    assert v2
    manifest = read_json(s3, s3_buckets.output, "speech/window.manifest.json")
    assert manifest["source"]["etag"] == v2[0].strip('"')
    head = s3.head_object(Bucket=s3_buckets.output, Key="speech/window.wav")
    assert head["Metadata"]["source-etag"] == v2[0].strip('"')
    v1_claim = read_json(s3, s3_buckets.output, claim_key(s3_buckets.input, key, v1))
    assert v1_claim["state"] == "superseded"
