"""House rule: the tree is ruff-clean (config in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_reports_nothing() -> None:
    ruff = Path(sys.executable).with_name("ruff")
    result = subprocess.run(
        [str(ruff), "check", "--no-cache", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
