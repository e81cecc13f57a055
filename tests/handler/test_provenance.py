"""The licence's disclosure duty, as a listener's software sees it: every audio answer
says it is AI-generated and names the model, in its headers and inside the file, read
back with standard readers (mutagen for ID3 and Vorbis comments; libsndfile for WAV's
LIST/INFO, which mutagen does not read)."""

from __future__ import annotations

import io
from collections.abc import Callable, Iterator
from typing import Any

import mutagen
import pytest
import soundfile as sf

from handler.__main__ import LocalContext
from handler.runtime.protocol import HttpStream
from handler.streaming import StreamingSpeechFunction
from model_layer import provenance
from model_layer.audio import PartSink
from model_layer.audio.encoder import AudioEncoder
from tests.handler.conftest import body_bytes, body_json, url_event

FORMATS = ("wav", "flac", "mp3", "opus", "ogg")
TEXT = "This voice was made by a machine. It says so in every file."


def file_comment(data: bytes, fmt: str) -> str:
    """The provenance comment as a standard tag reader finds it ("" when there is none)."""
    if fmt == "wav":
        with sf.SoundFile(io.BytesIO(data)) as audio:
            return audio.comment
    tagged = mutagen.File(io.BytesIO(data))
    assert tagged is not None, f"mutagen cannot read this {fmt}"
    tags = tagged.tags
    if tags is None:
        return ""
    if fmt == "mp3":
        # ID3v2 COMM frames (mutagen.id3): the one without a description is libsndfile's.
        return " ".join(" ".join(frame.text) for frame in tags.getall("COMM"))
    return " ".join(tags.get("comment", []))  # Vorbis comments (FLAC, Ogg Vorbis, Opus)


def file_artist(data: bytes, fmt: str) -> str:
    if fmt == "wav":
        with sf.SoundFile(io.BytesIO(data)) as audio:
            return audio.artist
    tags = mutagen.File(io.BytesIO(data)).tags
    if fmt == "mp3":
        return " ".join(tags["TPE1"].text)
    return " ".join(tags.get("artist", []))


def speech(fmt: str, **extra: Any) -> dict[str, Any]:
    return url_event("POST", "/v1/speech", {"text": TEXT, "lang": "en", "format": fmt, **extra})


@pytest.fixture()
def streaming(app: Any) -> StreamingSpeechFunction:
    current = app.function
    return StreamingSpeechFunction(
        current.settings, current.synthesizer, lambda: current.s3_client, app.metrics
    )


@pytest.fixture()
def tags_off(app: Any) -> Iterator[None]:
    """SUPERTONIC_AUDIO_PROVENANCE=false, as model_layer.load() applies it."""
    revision = app.function.synthesizer.revision
    provenance.configure(revision, embed_in_audio=False)
    try:
        yield
    finally:
        provenance.configure(revision, embed_in_audio=True)


def expected_model(app: Any) -> str:
    return f"{provenance.MODEL_REPO}@{app.function.synthesizer.revision}"


@pytest.mark.parametrize("fmt", FORMATS)
def test_buffered_audio_says_it_is_ai_generated_in_headers_and_file(
    invoke: Callable[..., Any], app: Any, fmt: str
) -> None:
    response = invoke(speech(fmt, seed=3))
    assert response["statusCode"] == 200, response
    headers = response["headers"]
    assert headers["x-ai-generated"] == "true"
    assert expected_model(app) in headers["x-ai-model"]
    data = body_bytes(response)
    comment = file_comment(data, fmt)
    assert "AI-generated speech" in comment and expected_model(app) in comment
    assert "AI-generated" in file_artist(data, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
def test_streamed_audio_carries_the_same_tags(
    streaming: StreamingSpeechFunction, app: Any, fmt: str
) -> None:
    answer = streaming.handle(speech(fmt, seed=3), LocalContext(120))
    assert isinstance(answer, HttpStream)
    data = b"".join(answer.body)
    assert answer.headers["x-ai-generated"] == "true"
    assert expected_model(app) in answer.headers["x-ai-model"]
    assert expected_model(app) in file_comment(data, fmt)


def test_s3_and_pcm_answers_carry_the_headers(invoke: Callable[..., Any]) -> None:
    for event in (speech("mp3", delivery="s3"), speech("pcm")):
        response = invoke(event)
        assert response["statusCode"] == 200, response
        assert response["headers"]["x-ai-generated"] == "true"
    assert body_json(invoke(speech("mp3", delivery="s3")))["delivery"] == "s3"


@pytest.mark.parametrize("fmt", FORMATS)
def test_batch_parts_carry_the_tags(app: Any, fmt: str) -> None:
    """Batch narration writes through a PartSink into multipart uploads; part 1 (the head,
    which holds every container's header) carries the tags as the file does."""
    parts: dict[int, bytes] = {}
    sink = PartSink(parts.__setitem__, part_size=4096, head_size=8192)
    synthesizer = app.function.synthesizer
    audio, _ = synthesizer.synthesize(TEXT, lang="en", steps=1, seed=1)
    with AudioEncoder(fmt, synthesizer.sample_rate, sink) as encoder:
        for _ in range(4):
            encoder.write(audio)
    data = b"".join(parts[number] for number in sorted(parts))
    assert expected_model(app) in file_comment(data, fmt)


@pytest.mark.parametrize("fmt", FORMATS)
def test_tags_can_be_turned_off_but_headers_stay(
    invoke: Callable[..., Any], streaming: StreamingSpeechFunction, tags_off: None, fmt: str
) -> None:
    response = invoke(speech(fmt))
    assert response["headers"]["x-ai-generated"] == "true"
    assert "AI-generated" not in file_comment(body_bytes(response), fmt)
    answer = streaming.handle(speech(fmt), LocalContext(120))
    assert "AI-generated" not in file_comment(b"".join(answer.body), fmt)


def test_health_reports_the_revision_and_the_weights_digest(
    invoke: Callable[..., Any], app: Any
) -> None:
    synthesizer = app.function.synthesizer
    saved = synthesizer.weights_sha256
    synthesizer.weights_sha256 = "ab" * 32
    try:
        health = body_json(invoke(url_event("GET", "/v1/health")))
    finally:
        synthesizer.weights_sha256 = saved
    assert health["weights_sha256"] == "ab" * 32
    assert health["model_revision"] == synthesizer.revision
