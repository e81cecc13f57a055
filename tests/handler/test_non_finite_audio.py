"""Class 1 of issue 15: one request must never kill the process.

Inline styles are held to the range of the model's own voices, and NaN or infinite audio is
refused at every encoder's entry (buffered, streamed and batch share it) before LAME, FLAC
or libsndfile sees it. The subprocess tests run the real entry points with a model whose
extra preset voice really makes the model produce NaN audio (checked first, so the test
cannot pass without the hazard), and prove the process answers the next request.
"""

from __future__ import annotations

import http.client
import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from model_layer import NonFiniteAudioError
from model_layer.audio import AudioEncoder, AudioFormat, MemorySink, PartSinkError
from model_layer.audio.streaming import StreamingEncoder
from tests.handler.conftest import Invoke, body_json, url_event
from tests.infra.local_server import local_server, model_env
from tests.infra.ports import LOOPBACK
from tests.infra.process import ManagedProcess

ROOT = Path(__file__).resolve().parents[2]
EVERY_FORMAT = [fmt.value for fmt in AudioFormat]
POISON = "NAN"  # the extra preset voice of the poisoned model
BAD_VALUES = [np.nan, np.inf, -np.inf]


# --- the guard at the encoders' entry ----------------------------------------------------
@pytest.mark.parametrize("fmt", EVERY_FORMAT)
@pytest.mark.parametrize("bad", BAD_VALUES, ids=["nan", "inf", "-inf"])
def test_buffered_encoder_refuses_non_finite_samples(fmt: str, bad: float) -> None:
    sink = MemorySink()
    encoder = AudioEncoder(fmt, 44_100, sink)
    encoder.write(np.zeros(4410, np.float32))
    samples = np.zeros(4410, np.float32)
    samples[1234] = bad
    with pytest.raises(NonFiniteAudioError, match="non-finite samples"):
        encoder.write(samples)
    encoder.abort()
    with pytest.raises(PartSinkError):  # aborted: nothing half-encoded is handed out
        sink.getvalue()


@pytest.mark.parametrize("fmt", EVERY_FORMAT)
@pytest.mark.parametrize("bad", BAD_VALUES, ids=["nan", "inf", "-inf"])
def test_streaming_encoder_refuses_non_finite_samples(fmt: str, bad: float) -> None:
    encoder = StreamingEncoder(fmt, 44_100, None, total_frames=8820)
    encoder.write(np.zeros(4410, np.float32))
    samples = np.full(4410, bad, np.float32)
    with pytest.raises(NonFiniteAudioError):
        encoder.write(samples)
    encoder.abort()


# --- inline styles within the shipped voices' range -------------------------------------
def _voice(app: Any, scale_ttl: float, scale_dp: float) -> dict[str, Any]:
    bounds = app.function.synthesizer.style_bounds
    base = app.function.synthesizer.voices["F1"]
    ttl = np.clip(base.ttl, -1, 1) * bounds.ttl * scale_ttl
    dp = np.clip(base.dp, -1, 1) * bounds.dp * scale_dp
    return {"style_ttl": {"data": ttl.tolist()}, "style_dp": {"data": dp.tolist()}}


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    scale=st.floats(min_value=1.01, max_value=1e30),
    which=st.sampled_from(["ttl", "dp", "both"]),
    fmt=st.sampled_from(EVERY_FORMAT),
)
def test_styles_beyond_the_shipped_voices_range_are_400(
    invoke: Invoke, app: Any, scale: float, which: str, fmt: str
) -> None:
    voice = _voice(app, scale if which != "dp" else 0.5, scale if which != "ttl" else 0.5)
    body = {"text": "Hello there.", "lang": "en", "steps": 1, "voice": voice, "format": fmt}
    response = invoke(url_event("POST", "/v1/speech", body))
    assert response["statusCode"] == 400, response["body"][:300]
    error = body_json(response)["error"]
    assert error["code"] == "invalid_style"
    assert "SUPERTONIC_STYLE_MAGNITUDE_FACTOR" in error["message"]


@pytest.mark.parametrize("number", ["1e400", "-1e400", "3.5e38"])
def test_styles_that_overflow_float32_are_400(invoke: Invoke, app: Any, number: str) -> None:
    # JSON numbers beyond float32 (or float64) parse to infinity, or to a finite float64
    # that float32 cannot hold.
    voice = re.sub(
        r'"data": \[\[\[[^,\]]+', f'"data": [[[{number}', json.dumps(_voice(app, 0.5, 0.5)), count=1
    )
    assert number in voice
    raw = '{"text": "Hi.", "lang": "en", "steps": 1, "voice": ' + voice + "}"
    response = invoke(url_event("POST", "/v1/speech", raw))
    assert response["statusCode"] == 400, response["body"][:300]
    assert body_json(response)["error"]["code"] in ("invalid_style", "invalid_parameter")


def test_a_style_within_range_is_spoken(invoke: Invoke, app: Any) -> None:
    body = {"text": "Hello.", "lang": "en", "steps": 1, "voice": _voice(app, 0.9, 0.9)}
    response = invoke(url_event("POST", "/v1/speech", body))
    assert response["statusCode"] == 200, response["body"][:300]


# --- the real process, with a model that makes NaN --------------------------------------
@pytest.fixture(scope="module")
def poisoned_model_dir(tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny model plus a preset voice whose text-style values sit at float32's maximum
    (presets are trusted: they ship with the model). The check below proves this model
    really makes non-finite audio with it."""
    target = tmp_path_factory.mktemp("poisoned-model")
    for item in tiny_model_dir.iterdir():
        (target / item.name).symlink_to(item)
    voices = target / "voice_styles"
    voices.unlink()
    voices.mkdir()
    for item in (tiny_model_dir / "voice_styles").iterdir():
        (voices / item.name).symlink_to(item)
    sample = json.loads((tiny_model_dir / "voice_styles" / "F1.json").read_text())
    ttl = np.full(np.asarray(sample["style_ttl"]["data"]).shape, 3.0e38, np.float32)
    sample["style_ttl"]["data"] = ttl.tolist()
    (voices / f"{POISON}.json").write_text(json.dumps(sample))

    import model_layer

    synthesizer = model_layer.load(target)
    plan = synthesizer.plan("Hello there.", voice=POISON, lang="en", steps=1, seed=1)
    pcm = np.concatenate(list(synthesizer.stream(plan)))
    assert not np.isfinite(pcm).all(), "precondition: the poisoned voice must make NaN audio"
    return target


@pytest.mark.slow
def test_direct_invokes_of_non_finite_audio_never_kill_the_process(
    poisoned_model_dir: Path, tmp_path: Path
) -> None:
    """`python -m handler invoke` runs the buffered path: a 422 document in every format,
    and the process exits normally (LAME's SIGABRT would end it with -6)."""
    for fmt in EVERY_FORMAT:
        event = tmp_path / f"{fmt}.json"
        event.write_text(json.dumps({"text": "Hello there.", "voice": POISON, "format": fmt}))
        done = subprocess.run(
            [sys.executable, "-m", "handler", "invoke", str(event), "--timeout", "120"],
            env=model_env(poisoned_model_dir, tmp_path),
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=300,
        )
        assert done.returncode == 1, (fmt, done.returncode, done.stderr[-2000:])
        # Log lines first (JSON, one a line), then the response, indented.
        answer = json.loads(done.stdout[done.stdout.rindex("\n{\n") :])
        assert answer["error"]["code"] == "non_finite_audio", (fmt, answer)
        assert answer["error"]["status"] == 422


@pytest.fixture(scope="module")
def poisoned_server(
    poisoned_model_dir: Path, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[tuple[int, ManagedProcess]]:
    workdir = tmp_path_factory.mktemp("poisoned-serve")
    with local_server(poisoned_model_dir, workdir, name="handler serve (poisoned)") as served:
        assert _health(served[0]) == 200
        yield served


def _health(port: int) -> int | None:
    try:
        connection = http.client.HTTPConnection(LOOPBACK, port, timeout=30)
        connection.request("GET", "/v1/health")
        return connection.getresponse().status
    except OSError:
        return None


@pytest.mark.slow
@pytest.mark.parametrize("fmt", EVERY_FORMAT)
@pytest.mark.parametrize("path", ["/v1/speech", "/v1/audio/speech"])
def test_streamed_non_finite_audio_never_kills_the_server(
    poisoned_server: tuple[int, ManagedProcess], fmt: str, path: str
) -> None:
    port, process = poisoned_server
    if path == "/v1/audio/speech":
        if fmt in ("ogg",):
            pytest.skip("the OpenAI route has no ogg")
        body = {"model": "tts-1", "input": "Hello there.", "voice": POISON, "response_format": fmt}
    else:
        body = {"text": "Hello there.", "voice": POISON, "format": fmt, "lang": "en"}
    connection = http.client.HTTPConnection(LOOPBACK, port, timeout=60)
    connection.request("POST", path, json.dumps(body), {"content-type": "application/json"})
    response = connection.getresponse()
    try:
        data, complete = response.read(), True
    except http.client.IncompleteRead:
        data, complete = b"", False
    # The first (here the only) chunk is synthesized and encoded before the status leaves:
    # its NaN is a 422 JSON answer, never a 200 stream cut short or a garbage file.
    assert complete and response.status == 422, (response.status, data[:300])
    assert json.loads(data)["error"]["code"] == "non_finite_audio"
    # The same process answers the next request.
    assert _health(port) == 200
    assert process.popen.poll() is None, f"the server died: {process.popen.returncode}"


@pytest.mark.parametrize("fmt", EVERY_FORMAT)
@pytest.mark.parametrize("path", ["/v1/speech", "/v1/audio/speech"])
def test_non_finite_audio_in_the_first_streamed_chunk_is_a_json_422(
    app: Any, poisoned_model_dir: Path, fmt: str, path: str
) -> None:
    """The streaming function synthesizes and encodes the first chunk before its status
    leaves: NaN there is the same 422 JSON as in buffered mode, not a 200 cut short."""
    import model_layer
    from handler.context import LocalContext
    from handler.runtime.protocol import HttpStream
    from handler.streaming import StreamingSpeechFunction

    current = app.function
    function = StreamingSpeechFunction(
        current.settings,
        model_layer.load(poisoned_model_dir),
        lambda: current.s3_client,
        app.metrics,
    )
    if path == "/v1/audio/speech":
        if fmt in ("ogg",):
            pytest.skip("the OpenAI route has no ogg")
        body = {"model": "tts-1", "input": "Hello there.", "voice": POISON, "response_format": fmt}
    else:
        body = {"text": "Hello there.", "voice": POISON, "format": fmt, "lang": "en", "steps": 1}
    answer = function.handle(url_event("POST", path, body), LocalContext(120))
    assert isinstance(answer, HttpStream)
    data = b"".join(answer.body)
    assert answer.status == 422, (answer.status, data[:300])
    assert answer.headers["content-type"] == "application/json"
    assert json.loads(data)["error"]["code"] == "non_finite_audio"
    # The next request on the same function streams normally.
    fine = {"text": "Hello there.", "format": fmt, "lang": "en", "steps": 1}
    again = function.handle(url_event("POST", "/v1/speech", fine), LocalContext(120))
    assert again.status == 200 and b"".join(again.body)
