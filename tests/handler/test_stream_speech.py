"""Speech streamed as the Function URL streams it, through the project's runtime loop and
through StreamingSpeechFunction in process: same audio as the buffered answer, errors
before the first byte as 4xx JSON, failures after it as error trailers."""

from __future__ import annotations

import copy
import io
import json
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import soundfile as sf

from handler.context import LocalContext
from handler.runtime.protocol import HttpStream
from handler.streaming import StreamingSpeechFunction
from tests.handler.conftest import body_bytes, load_event, url_event
from tests.infra.batch import upload_sample_input

STREAM_HANDLER = "handler.stream_app.lambda_handler"
LONG_TEXT = (
    "The first sentence is short. Then a longer one follows, with a clause or two, "
    "so that the text needs several chunks. Every chunk is synthesized on its own, "
    "and its audio leaves as soon as it is encoded. The listener hears the start "
    "while the rest is still being made, which is the whole point of streaming."
)


@pytest.fixture()
def streaming(app: Any) -> StreamingSpeechFunction:
    current = app.function
    return StreamingSpeechFunction(
        current.settings, current.synthesizer, lambda: current.s3_client, app.metrics
    )


@pytest.fixture()
def streaming_buffered_cut(app: Any) -> StreamingSpeechFunction:
    """Streams with SUPERTONIC_STREAM_FIRST_CLAUSE off: the buffered answer's chunks."""
    current = app.function
    synthesizer = copy.copy(current.synthesizer)
    synthesizer.settings = synthesizer.settings.model_copy(update={"stream_first_clause": False})
    return StreamingSpeechFunction(
        current.settings, synthesizer, lambda: current.s3_client, app.metrics
    )


def stream_of(function: StreamingSpeechFunction, event: dict[str, Any]) -> tuple[HttpStream, bytes]:
    answer = function.handle(event, LocalContext(120))
    assert isinstance(answer, HttpStream)
    return answer, b"".join(answer.body)


def speech(body: dict[str, Any], path: str = "/v1/speech") -> dict[str, Any]:
    return url_event("POST", path, body)


@pytest.mark.parametrize(
    ("fmt", "rate"),
    [("wav", None), ("pcm", None), ("wav", 24000), ("flac", None), ("opus", None),
     ("ogg", 16000), ("mp3", None)],
)  # fmt: skip
def test_stream_equals_the_buffered_answer(
    streaming_buffered_cut: StreamingSpeechFunction,
    invoke: Callable[..., Any],
    fmt: str,
    rate: int | None,
) -> None:
    # 4 steps: not above SUPERTONIC_FIRST_CHUNK_STEPS, so the streamed first chunk is
    # denoised as the buffered one is (more steps: see test_first_chunk_steps.py); the
    # first clause cut off (on, the first chunk is cut elsewhere: test_first_clause.py).
    body = {"text": LONG_TEXT, "lang": "en", "seed": 7, "format": fmt, "sample_rate": rate}
    body["steps"] = 4
    buffered = invoke(speech(body))
    answer, streamed = stream_of(streaming_buffered_cut, speech(body))

    expected = body_bytes(buffered)
    assert answer.status == 200
    for name in ("content-type", "x-sample-rate", "x-language", "x-seed"):
        assert answer.headers[name] == buffered["headers"][name], name
    if fmt in ("wav", "pcm"):
        assert streamed == expected  # byte for byte, the header included
        return
    if fmt == "mp3":
        # Every audio frame is identical; only LAME's first (info) frame, which it fills
        # in at close, is its placeholder in a stream.
        # At 44.1 kHz that frame is 417 bytes (its header says 128 kbit/s). Before it,
        # the ID3v2 provenance tag: 10 header bytes and a syncsafe size.
        tag = 10 + sum(b << (7 * (3 - i)) for i, b in enumerate(streamed[6:10]))
        assert len(streamed) == len(expected)
        assert streamed[:tag] == expected[:tag] and streamed[:3] == b"ID3"
        assert streamed[tag : tag + 4] == expected[tag : tag + 4] == b"\xff\xfb\x90\xc4"
        assert streamed[tag + 417 :] == expected[tag + 417 :]
        return
    got, got_rate = sf.read(io.BytesIO(streamed))
    want, want_rate = sf.read(io.BytesIO(expected))
    assert got_rate == want_rate
    np.testing.assert_array_equal(got, want)


def test_duration_header_is_the_streamed_length(streaming: StreamingSpeechFunction) -> None:
    answer, streamed = stream_of(streaming, speech({"text": LONG_TEXT, "lang": "en"}))

    audio, rate = sf.read(io.BytesIO(streamed))
    assert float(answer.headers["x-audio-duration"]) == pytest.approx(len(audio) / rate, abs=1e-3)


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"text": "hi", "voice": "nobody"}, 400, "unknown_voice"),
        ({"text": "x" * 20_001}, 400, "text_too_long"),
        ({"text": "hi", "speed": 9}, 400, "invalid_parameter"),
        ({"text": "hi", "format": "opus", "sample_rate": 44100}, 400, "invalid_parameter"),
    ],
)
def test_errors_before_the_first_byte_are_json(
    streaming: StreamingSpeechFunction, body: dict[str, Any], status: int, code: str
) -> None:
    answer, streamed = stream_of(streaming, speech(body))

    assert answer.status == status
    assert answer.headers["content-type"] == "application/json"
    assert json.loads(streamed)["error"]["code"] == code


def test_other_routes_and_events_answer_as_buffered(streaming: StreamingSpeechFunction) -> None:
    health, body = stream_of(streaming, url_event("GET", "/v1/health"))
    wrong, _ = stream_of(streaming, url_event("GET", "/v1/speech"))
    direct = streaming.handle({"text": "Hello.", "lang": "en"}, LocalContext(60))

    assert health.status == 200 and json.loads(body)["status"] == "ok"
    assert wrong.status == 405 and wrong.headers["allow"] == "POST"
    assert direct["delivery"] == "inline" and direct["audio_base64"]


def test_speech_too_long_for_the_time_left_is_json_before_the_stream(
    streaming: StreamingSpeechFunction,
) -> None:
    text = "A long narration that needs far more time than this invocation has. " * 40
    answer = streaming.handle(speech({"text": text, "lang": "en"}), LocalContext(10))
    assert isinstance(answer, HttpStream)
    assert answer.status == 400 and answer.headers["content-type"] == "application/json"
    assert json.loads(b"".join(answer.body))["error"]["code"] == "synthesis_too_long"


def test_openai_route_streams(streaming: StreamingSpeechFunction) -> None:
    body = {"model": "tts-1", "input": "Hello there.", "voice": "alloy", "response_format": "pcm"}
    answer, streamed = stream_of(streaming, speech(body, "/v1/audio/speech"))

    assert answer.status == 200
    assert answer.headers["x-sample-rate"] == "24000"
    # x-audio-duration is rounded to the millisecond: half of one is 12 samples at 24 kHz.
    samples = len(streamed) // 2
    assert len(streamed) % 2 == 0
    assert abs(samples - float(answer.headers["x-audio-duration"]) * 24000) <= 12


def _log_records(logs: str, message: str) -> list[dict[str, Any]]:
    records = [json.loads(line) for line in logs.splitlines() if line.startswith("{")]
    return [record for record in records if record.get("message") == message]


@pytest.mark.slow
def test_first_audio_arrives_while_later_chunks_are_synthesized(
    lambda_runtime, function_env: dict[str, str], invoke: Callable[..., Any]
) -> None:  # type: ignore[no-untyped-def]
    env = {**function_env, "POWERTOOLS_LOG_LEVEL": "DEBUG"}
    env["SUPERTONIC_FIRST_CHUNK_STEPS"] = "0"  # all 32 steps streamed too: same bytes
    env["SUPERTONIC_STREAM_FIRST_CLAUSE"] = "off"  # and the buffered answer's first cut
    function = lambda_runtime(STREAM_HANDLER, env, runtime="handler.runtime")
    body = {"text": LONG_TEXT * 2, "lang": "en", "seed": 3, "steps": 32}

    result = function.invoke(speech(body), timeout_ms=120_000)

    prelude, audio = result.http_integration()
    assert prelude["statusCode"] == 200
    assert prelude["headers"]["x-request-id"] == result.request_id
    assert result.error_trailer is None
    assert function.api.framing_errors == []
    # The same seed buffered, in this test process with the same model: the same bytes.
    assert audio == body_bytes(invoke(speech(body)))
    handed_out = [r["at"] for r in _log_records(function.logs(), "chunk streamed")]
    assert len(handed_out) >= 3, function.logs()[-2000:]
    first_audio = result.stream.chunks[1].arrived_at  # chunk 0 is the prelude
    # The first audio was at the server before the function had finished the last chunk.
    assert first_audio < handed_out[-1]
    assert len(result.stream.chunks) >= len(handed_out)


@pytest.mark.slow
def test_deadline_mid_stream_ends_it_with_an_error(
    lambda_runtime, function_env: dict[str, str]
) -> None:  # type: ignore[no-untyped-def]
    env = {**function_env, "DEADLINE_MARGIN_MS": "1000", "MAX_TEXT_CHARS": "50000"}
    env["ESTIMATED_RTF"] = "0.0001"  # past the up-front estimate, to the deadline
    function = lambda_runtime(STREAM_HANDLER, env, runtime="handler.runtime")
    # Far more synthesis than the deadline leaves, on a fast machine too (at 8 copies and
    # 60 steps a quiet machine could finish inside the 3 s).
    slow = speech({"text": LONG_TEXT * 24, "lang": "en", "steps": 100})

    result = function.invoke(slow, timeout_ms=4000)
    again = function.invoke(speech({"text": "Still here.", "lang": "en"}))

    prelude, audio = result.http_integration()
    assert prelude["statusCode"] == 200  # the status had left before the deadline
    error = result.error_trailer
    assert error is not None, f"{len(audio)} bytes and no error"
    assert error["type"] == "SynthesisCancelled"
    assert len(audio) < 2 * 44100 * float(prelude["headers"]["x-audio-duration"])
    assert "stream failed after its first byte" in function.logs()
    assert again.http_integration()[0]["statusCode"] == 200


def test_s3_delivery_still_answers_with_a_url(streaming: StreamingSpeechFunction) -> None:
    answer, body = stream_of(streaming, speech({"text": "Hello.", "lang": "en", "delivery": "s3"}))

    assert answer.status == 200
    assert answer.headers["content-type"] == "application/json"
    assert json.loads(body)["url"].startswith("http")


@pytest.mark.slow
def test_every_kind_of_event_through_the_streaming_runtime(
    lambda_runtime, function_env: dict[str, str], s3_server
) -> None:  # type: ignore[no-untyped-def]
    upload_sample_input(s3_server.client())
    function = lambda_runtime(STREAM_HANDLER, function_env, runtime="handler.runtime")

    rejected = function.invoke(speech({"text": "hi", "voice": "nobody"}))
    direct = function.invoke(load_event("direct-invoke"))
    batch = function.invoke(load_event("s3-put"))

    prelude, body = rejected.http_integration()
    assert prelude["statusCode"] == 400
    assert prelude["headers"]["content-type"] == "application/json"
    assert json.loads(body)["error"]["code"] == "unknown_voice"
    assert direct.status == "response" and direct.stream is None
    assert direct.body["delivery"] == "inline"
    # Batch events are narrated by the streaming runtime too (a buffered JSON answer).
    assert batch.status == "response" and batch.stream is None
    assert [item["outcome"] for item in batch.body["results"]] in (["done"], ["duplicate"])


@pytest.mark.slow
def test_broken_model_fails_init_of_the_streaming_runtime(
    lambda_runtime, function_env: dict[str, str], tmp_path
) -> None:  # type: ignore[no-untyped-def]
    broken = tmp_path / "model"
    (broken / "onnx").mkdir(parents=True)
    env = {**function_env, "MODEL_DIR": str(broken)}
    function = lambda_runtime(STREAM_HANDLER, env, runtime="handler.runtime")

    error = function.wait_for_init_error(timeout=60)

    assert error.body["errorType"] == "ModelLoadError"
    assert "onnx/vocoder.onnx" in error.body["errorMessage"]
    function.process.popen.wait(timeout=30)
    assert function.process.popen.returncode == 1


class _StoppedClock:
    """A Lambda context whose time runs out when told to (LocalContext's attributes, a
    remaining time the test controls): a stand-in for the clock, not for the function."""

    def __init__(self) -> None:
        self._local = LocalContext(120)
        self.aws_request_id = self._local.aws_request_id
        self.expired = False

    def __getattr__(self, name: str) -> Any:
        return getattr(self._local, name)

    def get_remaining_time_in_millis(self) -> int:
        return 0 if self.expired else self._local.get_remaining_time_in_millis()


def test_the_deadline_in_the_first_chunk_is_a_json_504(
    streaming: StreamingSpeechFunction, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Planned and admitted with time to spare; the time is gone when synthesis begins (the
    streaming encoder is made right before it): the first chunk is made before the status
    leaves, so the answer is a 504 JSON document, not a 200 stream cut short."""
    import handler.streaming as streaming_module

    clock = _StoppedClock()
    made = streaming_module.StreamingEncoder

    class EncoderThatStopsTheClock(made):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            clock.expired = True

    monkeypatch.setattr(streaming_module, "StreamingEncoder", EncoderThatStopsTheClock)
    answer = streaming.handle(speech({"text": LONG_TEXT, "lang": "en"}), clock)
    assert isinstance(answer, HttpStream)
    data = b"".join(answer.body)
    assert answer.status == 504, (answer.status, data[:200])
    assert answer.headers["content-type"] == "application/json"
    assert json.loads(data)["error"]["code"] == "deadline_exceeded"


def test_a_stream_opens_with_its_first_clause(
    streaming: StreamingSpeechFunction, invoke: Callable[..., Any]
) -> None:
    body = {"text": LONG_TEXT, "lang": "en", "seed": 7, "format": "wav"}
    _, streamed = stream_of(streaming, speech(body))
    audio, _ = sf.read(io.BytesIO(streamed))
    synthesizer = streaming.synthesizer
    clause_first = synthesizer.plan(LONG_TEXT, lang="en", seed=7, first_clause=True)
    assert clause_first.chunks[0].text == "The first sentence is short."
    assert len(audio) == clause_first.total_samples
    buffered, _ = sf.read(io.BytesIO(body_bytes(invoke(speech(body)))))
    assert len(buffered) == synthesizer.plan(LONG_TEXT, lang="en", seed=7).total_samples
