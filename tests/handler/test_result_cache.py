"""The result cache against the real S3 server (SeaweedFS): hits answer without engine work
inline, by presigned URL and as a stream; misses store complete entries or none; no text
in keys or metadata; cache errors never fail a request."""

from __future__ import annotations

import json
import re
import urllib.request
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from handler.context import LocalContext
from handler.function import SpeechFunction
from handler.runtime.protocol import HttpStream
from handler.streaming import StreamingSpeechFunction
from tests.handler.conftest import body_bytes, body_json, url_event
from tests.infra.batch import keys_in, open_multipart_uploads
from tests.infra.fixtures import S3Buckets
from tests.infra.seaweed import S3Server, s3_client

TEXT = "Your table for four is ready. Please come to the front desk, and bring your ticket."
PREFIX = "cache/"
ENTRY = re.compile(r"^cache/[0-9a-f]{64}\.(wav|mp3|flac|opus|ogg|pcm)$")


class EngineOff:
    """Makes any synthesis fail loudly: a hit must not touch the engine."""

    def __init__(self, function: SpeechFunction) -> None:
        self.engine = function.synthesizer.engine

    def __enter__(self) -> None:
        def refuse(*_args: Any, **_kwargs: Any) -> Any:
            raise AssertionError("the engine was asked to synthesize on a cache hit")

        self.engine.denoise = refuse  # type: ignore[method-assign]

    def __exit__(self, *_exc: object) -> None:
        del self.engine.denoise


@pytest.fixture()
def functions(
    app: Any, s3_server: S3Server, s3_buckets: S3Buckets
) -> Iterator[tuple[SpeechFunction, StreamingSpeechFunction, Any]]:
    current = app.function
    settings = current.settings.model_copy(
        update={"output_bucket": s3_buckets.output, "result_cache": True}
    )
    client = s3_server.client()
    args = (settings, current.synthesizer, lambda: client, app.metrics)
    yield SpeechFunction(*args), StreamingSpeechFunction(*args), client


def post(function: SpeechFunction, body: dict[str, Any], path: str = "/v1/speech") -> Any:
    return function.handle(url_event("POST", path, body), LocalContext(120))


def entries(client: Any, bucket: str) -> list[str]:
    return keys_in(client, bucket, PREFIX)


def test_cache_is_on_by_default_where_there_is_a_bucket(monkeypatch: pytest.MonkeyPatch) -> None:
    from handler.config import HandlerSettings

    # Other tests' session-wide environment turns the cache off; the default is without it.
    for name in ("RESULT_CACHE", "SUPERTONIC_RESULT_CACHE"):
        monkeypatch.delenv(name, raising=False)

    assert HandlerSettings(output_bucket="b").result_cache is True
    assert HandlerSettings(output_bucket="b", result_cache="off").result_cache is False


def test_miss_then_hit_inline_same_bytes_same_seed(functions: Any, s3_buckets: S3Buckets) -> None:
    buffered, _, client = functions
    body = {"text": TEXT, "lang": "en", "format": "mp3"}
    first = post(buffered, body)
    assert first["statusCode"] == 200 and first["headers"]["x-cache"] == "miss"
    [key] = entries(client, s3_buckets.output)
    assert ENTRY.match(key)
    with EngineOff(buffered):
        second = post(buffered, body)
    assert second["headers"]["x-cache"] == "hit"
    assert body_bytes(second) == body_bytes(first)
    # No seed given: one derived from the content, the same both times.
    assert second["headers"]["x-seed"] == first["headers"]["x-seed"]
    assert second["headers"]["x-audio-duration"] == first["headers"]["x-audio-duration"]
    # Nothing of the text in the key or the metadata.
    head = client.head_object(Bucket=s3_buckets.output, Key=key)
    assert set(head["Metadata"]) == {"supertonic-output", "duration-seconds"}
    for word in ("table", "four", "ticket", "desk"):
        assert word not in key and all(word not in value for value in head["Metadata"].values())


def test_everything_that_changes_the_bytes_changes_the_key(
    functions: Any, s3_buckets: S3Buckets
) -> None:
    buffered, _, client = functions
    base = {"text": TEXT, "lang": "en", "seed": 3}
    variants = [
        base,
        {**base, "seed": 4},
        {**base, "speed": 1.2},
        {**base, "steps": 2},
        {**base, "voice": "F2"},
        {**base, "format": "flac"},
        {**base, "sample_rate": 24000},
        {**base, "text": TEXT + " Thank you."},
    ]
    for body in variants:
        assert post(buffered, body)["headers"]["x-cache"] == "miss"
    assert len(entries(client, s3_buckets.output)) == len(variants)
    # The same planned chunks make the same entry, however the text was spelled.
    spelled = {**base, "text": TEXT.replace("four", "4")}
    assert post(buffered, spelled)["headers"]["x-cache"] == "hit"


def test_cache_false_bypasses_it(functions: Any, s3_buckets: S3Buckets) -> None:
    buffered, _, client = functions
    body = {"text": TEXT, "lang": "en", "cache": False}
    first, second = post(buffered, body), post(buffered, body)
    assert first["headers"]["x-cache"] == second["headers"]["x-cache"] == "miss"
    assert first["headers"]["x-seed"] != second["headers"]["x-seed"]  # random, as without
    assert entries(client, s3_buckets.output) == []


def test_s3_delivery_the_delivered_object_is_the_entry(
    functions: Any, s3_buckets: S3Buckets
) -> None:
    buffered, _, client = functions
    body = {"text": TEXT, "lang": "en", "delivery": "s3", "format": "wav"}
    first = body_json(post(buffered, body))
    assert ENTRY.match(first["key"]) and entries(client, s3_buckets.output) == [first["key"]]
    with EngineOff(buffered):
        response = post(buffered, body)
    assert response["headers"]["x-cache"] == "hit"
    second = body_json(response)
    assert second["key"] == first["key"] and second["seed"] == first["seed"]
    with urllib.request.urlopen(second["url"], timeout=10) as fetched:
        data = fetched.read()
    assert data == client.get_object(Bucket=s3_buckets.output, Key=first["key"])["Body"].read()
    assert data[:4] == b"RIFF"
    # A hit that is small enough comes back inline when asked for inline.
    with EngineOff(buffered):
        inline = post(buffered, {**body, "delivery": "auto"})
    assert inline["headers"]["x-cache"] == "hit" and body_bytes(inline) == data


def test_stream_miss_is_teed_and_a_hit_streams_from_s3(
    functions: Any, s3_buckets: S3Buckets
) -> None:
    _, streaming, client = functions
    # 4 steps: not above SUPERTONIC_FIRST_CHUNK_STEPS, so the stream is the buffered audio.
    body = {"text": TEXT, "lang": "en", "format": "opus", "steps": 4}
    answer = streaming.handle(url_event("POST", "/v1/speech", body), LocalContext(120))
    assert isinstance(answer, HttpStream) and answer.headers["x-cache"] == "miss"
    assert entries(client, s3_buckets.output) == []  # nothing before the stream is done
    streamed = b"".join(answer.body)
    [key] = entries(client, s3_buckets.output)
    assert client.get_object(Bucket=s3_buckets.output, Key=key)["Body"].read() == streamed
    with EngineOff(streaming):
        again = streaming.handle(url_event("POST", "/v1/speech", body), LocalContext(120))
        assert again.headers["x-cache"] == "hit"
        assert b"".join(again.body) == streamed
    assert again.headers["x-seed"] == answer.headers["x-seed"]
    assert again.headers["x-audio-duration"] == answer.headers["x-audio-duration"]


def test_a_stream_with_fewer_first_chunk_steps_is_not_stored(
    functions: Any, s3_buckets: S3Buckets
) -> None:
    _, streaming, client = functions
    body = {"text": TEXT, "lang": "en", "format": "wav", "steps": 8}
    answer = streaming.handle(url_event("POST", "/v1/speech", body), LocalContext(120))
    assert isinstance(answer, HttpStream) and answer.headers["x-cache"] == "miss"
    assert b"".join(answer.body)[:4] == b"RIFF"
    # Its first chunk is not the buffered audio a later hit would promise.
    assert entries(client, s3_buckets.output) == []


def test_a_stream_that_does_not_complete_leaves_no_entry(
    functions: Any, s3_buckets: S3Buckets
) -> None:
    _, streaming, client = functions
    long_text = " ".join([TEXT] * 6)
    body = {"text": long_text, "lang": "en", "format": "wav"}
    answer = streaming.handle(url_event("POST", "/v1/speech", body), LocalContext(120))
    pieces = iter(answer.body)
    next(pieces)
    pieces.close()  # the client went away
    assert entries(client, s3_buckets.output) == []
    assert open_multipart_uploads(client, s3_buckets.output) == []


def test_openai_route_caches_too(functions: Any, s3_buckets: S3Buckets) -> None:
    buffered, _, _ = functions
    body = {"model": "tts-1", "input": TEXT, "voice": "nova"}
    first = post(buffered, body, "/v1/audio/speech")
    with EngineOff(buffered):
        second = post(buffered, body, "/v1/audio/speech")
    assert (first["headers"]["x-cache"], second["headers"]["x-cache"]) == ("miss", "hit")
    assert body_bytes(first) == body_bytes(second)


def test_marks_report_the_seed_speech_uses(functions: Any) -> None:
    buffered, _, _ = functions
    body = {"text": TEXT, "lang": "en"}
    marks = body_json(post(buffered, body, "/v1/speech/marks"))
    assert str(marks["seed"]) == post(buffered, body)["headers"]["x-seed"]


def test_cache_errors_are_logged_and_the_request_served(
    app: Any, s3_buckets: S3Buckets, caplog: pytest.LogCaptureFixture
) -> None:
    from tests.infra.ports import free_port

    current = app.function
    settings = current.settings.model_copy(
        update={"output_bucket": s3_buckets.output, "result_cache": True}
    )
    # S3 that does not answer: nothing listens on this loopback port.
    unreachable = s3_client(f"http://127.0.0.1:{free_port()}", timeouts=True)
    function = SpeechFunction(settings, current.synthesizer, lambda: unreachable, app.metrics)
    response = post(function, {"text": TEXT, "lang": "en", "seed": 1})
    assert response["statusCode"] == 200 and response["headers"]["x-cache"] == "miss"
    assert len(body_bytes(response)) > 1000
    warnings = [r for r in caplog.records if r.getMessage().startswith("result cache unavailable")]
    assert warnings and all(TEXT[:20] not in str(r.__dict__) for r in caplog.records)


def test_off_writes_nothing(
    app: Any, s3_server: S3Server, s3_buckets: S3Buckets, invoke: Callable[..., Any]
) -> None:
    current = app.function
    settings = current.settings.model_copy(
        update={"output_bucket": s3_buckets.output, "result_cache": False}
    )
    client = s3_server.client()
    function = SpeechFunction(settings, current.synthesizer, lambda: client, app.metrics)
    assert post(function, {"text": TEXT, "lang": "en"})["headers"]["x-cache"] == "miss"
    assert entries(client, s3_buckets.output) == []


def test_identical_misses_at_once_both_answer_and_leave_one_whole_entry(
    app: Any, s3_server: S3Server, s3_buckets: S3Buckets
) -> None:
    from concurrent.futures import ThreadPoolExecutor

    current = app.function
    settings = current.settings.model_copy(
        update={"output_bucket": s3_buckets.output, "result_cache": True}
    )
    client = s3_server.client()
    twins = [
        SpeechFunction(settings, current.synthesizer, lambda: client, app.metrics) for _ in range(2)
    ]
    body = {"text": TEXT, "lang": "en", "format": "wav"}
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda function: post(function, body), twins))
    assert all(answer["statusCode"] == 200 for answer in answers)
    assert body_bytes(answers[0]) == body_bytes(answers[1])
    [key] = entries(client, s3_buckets.output)
    stored = client.get_object(Bucket=s3_buckets.output, Key=key)["Body"].read()
    assert stored == body_bytes(answers[0])


def emitted_metrics(printed: str) -> list[dict[str, Any]]:
    """The EMF documents the function printed (Powertools flushes one per invocation)."""
    return [json.loads(line) for line in printed.splitlines() if line.startswith('{"_aws"')]


def test_hits_and_misses_are_counted_and_a_hit_is_not_a_synthesis_time(
    functions: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    buffered, _, _ = functions
    body = {"text": TEXT, "lang": "en", "format": "wav", "seed": 11}
    buffered.metrics.flush_metrics()  # what earlier tests left in the shared Metrics
    capsys.readouterr()
    post(buffered, body)
    buffered.metrics.flush_metrics()
    [miss] = emitted_metrics(capsys.readouterr().out)
    with EngineOff(buffered):
        post(buffered, body)
    buffered.metrics.flush_metrics()
    [hit] = emitted_metrics(capsys.readouterr().out)

    def one(document: dict[str, Any], name: str) -> Any:
        value = document[name]
        return value[0] if isinstance(value, list) else value  # one value, maybe as a list

    assert one(miss, "CacheMisses") == 1 and one(miss, "SynthesisSeconds") > 0
    assert one(hit, "CacheHits") == 1
    assert "CacheHits" not in miss and "CacheMisses" not in hit
    assert "SynthesisSeconds" not in hit and "RealTimeFactor" not in hit
    assert one(hit, "AudioSeconds") == pytest.approx(one(miss, "AudioSeconds"), abs=1e-5)
