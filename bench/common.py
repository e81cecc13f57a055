"""What every bench module needs and none owns: the repository root, the progress line
a worker prints to stderr and a process's memory totals (kept apart so the soak modules
need not import the worker)."""

from __future__ import annotations

import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent


def progress(message: str) -> None:
    print(f"progress: {message}", file=sys.stderr, flush=True)


ROLLUP_FIELDS = (
    "Rss", "Pss", "Private_Clean", "Private_Dirty", "Shared_Clean", "Shared_Dirty", "Anonymous",
)  # fmt: skip


def smaps_rollup(pid: int) -> dict[str, float]:
    """The process's memory totals in MB, from the kernel's own summary of its mappings."""
    values: dict[str, float] = {}
    for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines()[1:]:
        name, _, rest = line.partition(":")
        if name in ROLLUP_FIELDS:
            values[name] = int(rest.split()[0]) / 1024
    return values
