"""The command line, and one real run of the harness on the tiny model."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.__main__ import estimate_default_seconds, parse_args, parse_cases
from bench.cases import Config, rotated

REPO = Path(__file__).resolve().parents[2]


def test_the_mixed_soak_runs_only_when_asked_for() -> None:
    assert "mixed-soak" not in parse_args([]).cases and "stream" in parse_args([]).cases
    assert parse_args(["--cases", "mixed-soak"]).cases == ["mixed-soak"]


def test_cases_are_checked() -> None:
    assert parse_cases("rss, rtf") == ["rss", "rtf"]
    with pytest.raises(argparse.ArgumentTypeError, match="unknown case"):
        parse_cases("rss,speed")


def test_quick_shrinks_the_defaults_but_explicit_values_win() -> None:
    args = parse_args(["--quick", "--runs", "2"])
    assert (args.runs, args.soak, args.soak_every) == (2, 50, 10)
    args = parse_args([])
    assert (args.runs, args.soak, args.latency_requests) == (5, 1000, 30)


def test_rotation_changes_who_goes_first() -> None:
    impls = ("official", "engine", "handler")
    assert rotated(impls, 0) == ["official", "engine", "handler"]
    assert rotated(impls, 1) == ["engine", "handler", "official"]
    assert rotated(impls, 3) == ["official", "engine", "handler"]


def test_estimate_scales_this_run_to_the_defaults() -> None:
    config = Config(
        model_dir="m", runs=1, soak=100, soak_every=10, soak_steps=8, repeats=1, latency_requests=30
    )
    seconds = {"rss": 10.0, "rtf": 10.0, "soak": 10.0}
    # rss x5 runs; rtf x5 runs x2 repeats; soak x10 invocations
    assert estimate_default_seconds(seconds, config) == pytest.approx(50 + 100 + 100)


@pytest.mark.slow
def test_quick_run_on_the_tiny_model(tiny_model_dir: Path, tmp_path: Path) -> None:
    out = tmp_path / "bench.json"
    command = [sys.executable, "-m", "bench", "--quick", "--cases", "rss,rtf", "--runs", "1"]
    command += ["--model-dir", str(tiny_model_dir), "--json", str(out)]
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:]
    rows = {line.split(" | ")[0].lstrip("| "): line for line in result.stdout.splitlines()}
    for label in ("RSS after load (MB)", "peak RSS, ~3000 chars (MB)", "RTF 8 steps, ~600 chars"):
        official, engine = rows[label].split(" | ")[1:3]
        assert official != "—" and engine != "—", rows[label]
    data = json.loads(out.read_text())
    assert data["cases"] == ["rss", "rtf"]
    assert data["values"]["rss.peak_600_mb"]["official"]
    assert data["errors"] == []
