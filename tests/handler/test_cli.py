"""`python -m handler invoke`: the function with no container, as the README runs it."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import soundfile as sf

from handler.__main__ import exit_status

ROOT = Path(__file__).resolve().parents[2]


def run_cli(*args: str, model_dir: Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "MODEL_DIR": str(model_dir), "SUPERTONIC_WARMUP": "false"}
    return subprocess.run(
        [sys.executable, "-m", "handler", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_invoke_writes_a_playable_wav(tiny_model_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "speech.wav"
    result = run_cli(
        "invoke", "events/http-speech.json", "--out", str(out), model_dir=tiny_model_dir
    )
    assert result.returncode == 0, result.stderr
    info = sf.info(str(out))
    assert info.format == "WAV" and info.samplerate == 44100 and info.channels == 1
    assert info.duration > 1.0
    assert f"wrote {out.stat().st_size} bytes" in result.stderr
    printed = result.stdout[result.stdout.index('{\n  "statusCode"') :]
    assert json.loads(printed)["body"] == f"<{out.stat().st_size} bytes of audio>"


def test_error_response_exits_non_zero(tiny_model_dir: Path) -> None:
    result = run_cli("invoke", "events/bad-http-unknown-voice.json", model_dir=tiny_model_dir)
    assert result.returncode == 1
    assert '"unknown_voice"' in result.stdout


def test_broken_model_directory_is_a_message_not_a_traceback(tmp_path: Path) -> None:
    (tmp_path / "onnx").mkdir()
    (tmp_path / "onnx" / "tts.json").write_text("{}")
    result = run_cli("invoke", "events/http-speech.json", model_dir=tmp_path)
    assert result.returncode == 2
    assert result.stderr.startswith("cannot load the model:")
    assert "missing file(s)" in result.stderr
    assert "Traceback" not in result.stderr


def test_openapi_command_prints_the_spec(tiny_model_dir: Path) -> None:
    result = run_cli("openapi", model_dir=tiny_model_dir)
    assert result.returncode == 0
    assert json.loads(result.stdout)["openapi"].startswith("3.")


def test_exit_status_fails_for_failed_batch_outcomes_too() -> None:
    item = {"bucket": "in", "key": "incoming/a.txt"}
    assert exit_status({"results": [item | {"outcome": "narrated"}]}) == 0
    assert exit_status({"results": [item | {"outcome": "skipped"}]}) == 0
    assert (
        exit_status({"results": [item | {"outcome": "narrated"}, item | {"outcome": "failed"}]})
        == 1
    )
    assert exit_status({"batchItemFailures": []}) == 0
    assert exit_status({"batchItemFailures": [{"itemIdentifier": "m-1"}]}) == 1
    assert exit_status({"statusCode": 200, "body": ""}) == 0
    assert exit_status({"statusCode": 503, "body": ""}) == 1
    assert exit_status({"error": {"code": "unsupported_event"}}) == 1
