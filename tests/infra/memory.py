"""What this test process holds in memory, read from /proc (Linux)."""

from __future__ import annotations

from pathlib import Path


def mapped_kib(prefix: Path) -> dict[str, int]:
    """Resident KiB of this process's mappings of files under `prefix`, by file name."""
    resident: dict[str, int] = {}
    current: str | None = None
    for line in Path("/proc/self/smaps").read_text().splitlines():
        fields = line.split()
        if not fields[0].endswith(":"):  # a mapping's header: range, perms, ..., path
            current = fields[5] if len(fields) > 5 and fields[5].startswith(str(prefix)) else None
        elif fields[0] == "Rss:" and current is not None:
            name = Path(current).name
            resident[name] = resident.get(name, 0) + int(fields[1])
    return resident
