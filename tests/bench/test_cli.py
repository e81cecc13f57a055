"""The command line, and one real run of the harness on the tiny model."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.__main__ import estimate_default_seconds, parse_args, parse_cases
from bench.cases import Bench, Config, rotated
from bench.report import Report

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


def test_layout_runs_compare_ours_with_both_official_runs() -> None:
    """The official package's plain run is the baseline of the plain rows, its run on
    the same words the baseline of the "_words" rows; ours counts in both."""
    config = Config(
        model_dir="m", runs=1, soak=1, soak_every=1, soak_steps=8, repeats=1,
        latency_requests=1, layout_sizes=("600",),
    )  # fmt: skip
    report = Report(cases=["layouts"])
    bench = Bench(config, report)

    def result(wall: float) -> dict[str, dict[str, dict[str, float]]]:
        return {"wall": {"600": {"8": wall}}, "rtf": {"600": {"8": wall / 40}}}

    bench._add_layout_run("released", "official", None, result(10.0))
    bench._add_layout_run("released", "official", "words", result(12.0))
    bench._add_layout_run("released", "engine", "int8", result(4.8))
    values = report.values
    assert values["layouts.released_int8_600_s"] == {"official": [10.0], "engine": [4.8]}
    assert values["layouts.released_int8_600_words_s"] == {"official": [12.0], "engine": [4.8]}
    assert values["layouts.released_fp32_600_words_s"] == {"official": [12.0]}
    verdicts = {v.target.metric: v.status for v in report.verdicts()}
    assert verdicts["layouts.released_int8_600_s"] == "FAIL"  # 0.48x
    assert verdicts["layouts.released_int8_600_words_s"] == "FAIL"  # 0.40x
    assert verdicts["layouts.released_fp32_600_words_s"] == "missing"


def test_the_same_words_run_gives_the_official_package_the_normalized_text(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A recording speaker stands in for the official package: what is checked is which
    # text the worker hands over, not the synthesis.
    from bench import worker

    spoken: list[str] = []

    class Recorder:
        load_seconds = 0.0

        def speak(self, text: str, steps: int) -> float:
            spoken.append(text)
            return 1.0

    monkeypatch.setattr(worker, "load", lambda *_args, **_kwargs: Recorder())
    args = {
        "model_dir": "m", "warmup_text": "Hi.", "texts": {"600": "I owe you $42 on 3/4."},
        "steps": [8], "repeats": 1,
    }  # fmt: skip
    worker.case_rtf("official", args)
    worker.case_rtf("official", args | {"same_words": True})
    assert spoken[0] == spoken[2] == "Hi."
    assert spoken[1] == "I owe you $42 on 3/4."
    assert spoken[3] == "I owe you forty-two dollars on March fourth."
