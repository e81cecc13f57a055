"""How many CPUs this process can really use.

`os.cpu_count()` reports the host's cores; a container or a Lambda sandbox may be
limited by CPU affinity or a cgroup CPU quota, and oversubscribing threads then
makes every ONNX Runtime op slower (threads wait for time slices).
"""

from __future__ import annotations

import math
import os
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")


def _affinity_cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def cgroup_cpu_quota(root: Path = CGROUP_ROOT) -> float | None:
    """CPUs' worth of time per period allowed by the cgroup, or None when unlimited."""
    v2 = root / "cpu.max"
    try:
        quota, period = v2.read_text().split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError):
        pass
    try:
        quota_us = int((root / "cpu" / "cpu.cfs_quota_us").read_text())
        period_us = int((root / "cpu" / "cpu.cfs_period_us").read_text())
    except (OSError, ValueError):
        return None
    return None if quota_us <= 0 or period_us <= 0 else quota_us / period_us


def usable_cpus(root: Path = CGROUP_ROOT) -> int:
    """Whole CPUs available: the affinity mask capped by the cgroup quota, at least 1.

    A fractional quota rounds to the nearest whole CPU: 1.16 CPUs of quota (a
    2,048 MB Lambda) gives 1, since a second thread would mostly wait.
    """
    cpus = _affinity_cpus()
    quota = cgroup_cpu_quota(root)
    if quota is not None:
        cpus = min(cpus, max(1, math.floor(quota + 0.5)))
    return max(1, cpus)
