"""`python -m handler speak`: the invoke path from a terminal, with a progress bar."""

from __future__ import annotations

import io
import json
import os
import pty
import re
import subprocess
import sys
from pathlib import Path

import pytest
import soundfile

from tests.infra.process import base_env

pytestmark = pytest.mark.slow
ROOT = Path(__file__).resolve().parents[2]
LONG_TEXT = "This sentence is read again and again to make a text of several chunks. " * 8


@pytest.fixture()
def env(tiny_model_dir: Path, tmp_path: Path) -> dict[str, str]:
    return base_env(tmp_path) | {"MODEL_DIR": str(tiny_model_dir), "SUPERTONIC_WARMUP": "false"}


def handler_cli(
    *args: str, env: dict[str, str], cwd: Path, stdin: bytes = b""
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(
        [sys.executable, "-m", "handler", *args],
        input=stdin,
        capture_output=True,
        env=env,
        cwd=cwd,
        timeout=300,
    )


def test_speak_writes_what_invoke_answers(env: dict[str, str], tmp_path: Path) -> None:
    text = "Hallo Welt. Es kostet 20 Euro."
    spoken = handler_cli(
        "speak", text, "--voice", "F2", "--lang", "de", "--format", "mp3", "--seed", "5",
        "--steps", "3", "--speed", "1.2", "--out", "hallo.mp3", env=env, cwd=tmp_path,
    )  # fmt: skip
    event = {"text": text, "voice": "F2", "lang": "de", "format": "mp3", "seed": 5}
    event |= {"steps": 3, "speed": 1.2}
    (tmp_path / "event.json").write_text(json.dumps(event))
    invoked = handler_cli("invoke", "event.json", "--out", "ref.mp3", env=env, cwd=tmp_path)

    assert spoken.returncode == 0, spoken.stderr.decode()
    assert invoked.returncode == 0, invoked.stderr.decode()
    audio = (tmp_path / "hallo.mp3").read_bytes()
    assert audio == (tmp_path / "ref.mp3").read_bytes()
    summary = spoken.stderr.decode()
    assert "hallo.mp3" in summary and "language de" in summary and "seed 5" in summary
    # Not a terminal: no progress bar, and stdout stays empty.
    assert "chunks" not in summary and spoken.stdout == b""


def test_ssml_from_stdin_to_stdout_is_only_the_audio(env: dict[str, str], tmp_path: Path) -> None:
    ssml = '<speak>First part.<break time="700ms"/><s>Second \u2603 part.</s></speak>'
    spoken = handler_cli(
        "speak", "-", "--ssml", "--lang", "en", "--seed", "9", "--out", "-",
        env=env, cwd=tmp_path, stdin=ssml.encode(),
    )  # fmt: skip

    assert spoken.returncode == 0, spoken.stderr.decode()
    audio, rate = soundfile.read(io.BytesIO(spoken.stdout))
    duration = float(re.search(r": ([\d.]+) s of wav", spoken.stderr.decode()).group(1))
    assert len(audio) / rate == pytest.approx(duration, abs=0.01)
    assert len(audio) / rate > 0.7  # the break is in it
    assert "dropped U+2603" in spoken.stderr.decode()


def test_errors_are_one_line_and_write_nothing(env: dict[str, str], tmp_path: Path) -> None:
    spoken = handler_cli("speak", "Hi.", "--voice", "nobody", env=env, cwd=tmp_path)
    bad_ssml = handler_cli("speak", "<speak><x/></speak>", "--ssml", env=env, cwd=tmp_path)

    assert spoken.returncode == 1
    assert spoken.stderr.decode().startswith("unknown_voice (400):")
    assert bad_ssml.returncode == 1 and "invalid_ssml (400)" in bad_ssml.stderr.decode()
    assert not (tmp_path / "speech.wav").exists()


def test_progress_bar_on_a_terminal(env: dict[str, str], tmp_path: Path) -> None:
    """stderr on a pseudo-terminal: the bar counts chunks up to the total, with an ETA."""
    leader, follower = pty.openpty()
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "handler", "speak", LONG_TEXT, "--lang", "en",
             "--out", "long.wav", "--steps", "2"],
            stdout=subprocess.DEVNULL, stderr=follower, env=env, cwd=tmp_path,
        )  # fmt: skip
        os.close(follower)
        output = b""
        while True:
            try:
                data = os.read(leader, 4096)
            except OSError:  # the child closed the terminal
                break
            if not data:
                break
            output += data
        assert process.wait(timeout=300) == 0
    finally:
        os.close(leader)
    screen = output.decode(errors="replace")
    counts = [(int(a), int(b)) for a, b in re.findall(r"\] (\d+)/(\d+) chunks", screen)]
    total = counts[-1][1]
    assert total >= 3
    assert [done for done, _ in counts] == list(range(total + 1))
    assert "ETA" in screen and "wrote" in screen
    assert soundfile.info(str(tmp_path / "long.wav")).frames > 0
