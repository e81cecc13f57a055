"""The multi-worker memory benchmark: one real run with the real awslambdaric workers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench.workers import main, smaps_rollup


@pytest.mark.skipif(not Path("/proc/self/smaps_rollup").exists(), reason="needs Linux /proc")
def test_rss_and_pss_of_one_and_two_workers(
    tiny_model_dir: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "workers.json"
    args = ["--workers", "1,2", "--weights", "private", "--model-dir", str(tiny_model_dir)]
    assert main([*args, "--json", str(out)]) == 0

    rows = json.loads(out.read_text())
    assert [(row["workers"], row["processes"], row["peak_in_flight"]) for row in rows] == [
        (1, 2, 1),
        (2, 3, 2),
    ]
    two = rows[1]
    # The forked workers share the parent's pages, so each one's PSS is below its RSS, and
    # the environment's total counts every process once.
    assert all(p < r for p, r in zip(two["worker_pss_mb"], two["worker_rss_mb"], strict=True))
    assert two["total_pss_mb"] > sum(two["worker_pss_mb"])
    assert two["total_pss_mb"] > rows[0]["total_pss_mb"]
    table = capsys.readouterr().out
    assert "| 2 | private |" in table and "| total PSS |" in table


def test_smaps_rollup_reads_this_process() -> None:
    own = smaps_rollup(__import__("os").getpid())
    assert own["Rss"] >= own["Pss"] > 0
