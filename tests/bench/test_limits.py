"""The Lambda-limits harness: its confinement, and one real run on the tiny model."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from bench.confine import confine, lambda_cpus
from bench.limits import longest_text, template_default

REPO = Path(__file__).resolve().parents[2]


def test_cpu_share_follows_lambda_memory() -> None:
    assert lambda_cpus(1769) == 1.0
    assert round(lambda_cpus(2048), 2) == 1.16
    assert round(lambda_cpus(3538), 2) == 2.0


def test_without_cgroups_the_fallback_says_it_caps_no_memory(tmp_path: Path) -> None:
    confinement = confine(2048, 1.16, root=tmp_path / "no-cgroups-here")
    assert confinement.kind == "affinity-only"
    assert "NOT a Lambda limit" in confinement.enforced
    assert confinement.affinity and len(confinement.affinity) <= 2
    assert confinement.peak_memory_mb() is None


def test_longest_text_is_the_accepted_length_cut_at_a_word() -> None:
    text = longest_text(20_000)
    assert 19_900 < len(text) <= 20_000
    assert not text.endswith(" ")
    assert template_default("Timeout") >= 10


@pytest.mark.slow
def test_a_confined_run_serves_every_case_and_reports_no_kill(
    tiny_model_dir: Path, tmp_path: Path
) -> None:
    out = tmp_path / "limits.json"
    command = [
        sys.executable, "-m", "bench", "lambda-limits", "--model-dir", str(tiny_model_dir),
        "--text-chars", "300", "--timeout", "60", "--formats", "wav,opus",
        "--deliveries", "inline,s3", "--steps", "1", "--json", str(out),
    ]  # fmt: skip
    result = subprocess.run(command, cwd=REPO, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr[-3000:]
    (run,) = json.loads(out.read_text())
    invokes = [r for r in run["records"] if r["kind"] == "invoke"]
    assert [(r["case"]["format"], r["case"]["delivery"], r["status"]) for r in invokes] == [
        ("wav", "inline", 200),
        ("wav", "s3", 200),
        ("opus", "inline", 200),
        ("opus", "s3", 200),
    ]
    assert all(r["audio_seconds"] > 1 for r in invokes)
    assert run["killed"] is False and run["returncode"] == 0
    assert "| 2048 | wav | s3 | 200 |" in result.stdout


def test_cost_per_million_characters() -> None:
    from bench.limits import dollars_per_million_chars

    # 30 s per 600-character request at 2,048 MB: 1,667 requests x 60 GB-s x price.
    x86 = dollars_per_million_chars(30.0, 600, 2048, "x86_64")
    arm = dollars_per_million_chars(30.0, 600, 2048, "arm64")
    assert abs(x86 - (1_000_000 / 600) * (60 * 0.0000166667 + 0.2e-6)) < 1e-9
    assert arm < x86 and abs(arm / x86 - 0.8) < 0.01
