"""What every bench module needs and none owns: the repository root and the progress line
a worker prints to stderr (kept apart so the soak modules need not import the worker)."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def progress(message: str) -> None:
    print(f"progress: {message}", file=sys.stderr, flush=True)
