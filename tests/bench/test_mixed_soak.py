"""The mixed soak: its schedule, and one real quick run against SeaweedFS on the tiny model."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.mixed_schedule import FORMATS, INVALID, schedule, warmup_steps

REPO = Path(__file__).resolve().parents[2]


def test_the_warmup_holds_every_kind_and_the_schedule_reaches_its_count() -> None:
    warmup = warmup_steps(steps=1, max_text_chars=20_000)
    kinds = {step.kind for step in warmup}
    assert {"speech", "openai", "ssml", "normalize", "direct", "s3", "batch"} <= kinds
    assert {f"invalid/{variant}" for variant in INVALID} <= kinds
    assert {"deadline/before", "deadline/during"} <= kinds
    assert {step.expect.audio for step in warmup if step.kind == "speech"} >= set(FORMATS)
    steps = schedule(seed=0, invocations=200, steps=1, max_text_chars=20_000)
    total = sum(step.invocations for step in steps)
    assert 200 <= total <= 201
    assert steps == schedule(seed=0, invocations=200, steps=1, max_text_chars=20_000)


@pytest.mark.slow
def test_quick_mixed_soak_answers_everything_right(tiny_model_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    command = [sys.executable, "-m", "bench", "--quick", "--cases", "mixed-soak"]
    command += ["--model-dir", str(tiny_model_dir), "--json", str(out)]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=600)
    data = json.loads(out.read_text())
    assert data["errors"] == [], result.stderr[-3000:]
    assert data["meta"]["mixed_soak"]["incorrect"] == [], data["meta"]["mixed_soak"]["incorrect"]
    values = data["values"]
    summary = ("rss_start_mb", "rss_end_mb", "rss_max_mb", "rss_end_over_start", "fds_start")
    for metric in (*summary, "fds_end", "fds_growth", "threads_start", "threads_growth"):
        assert values[f"mixed-soak.{metric}"]["handler"], metric
    assert values["mixed-soak.invocations"]["handler"] == [50]
    assert values["mixed-soak.incorrect"]["handler"] == [0]
    counts = data["meta"]["mixed_soak"]["counts"]
    assert counts["batch"] >= 1 and counts["s3"] >= 1 and counts["deadline/during"] >= 1
    assert data["meta"]["mixed_soak"]["decoded"] >= len(
        ("wav", "flac", "mp3", "opus", "ogg", "pcm")
    )
    assert "mixed soak: incorrect answers | — | — | 0 |" in result.stdout
