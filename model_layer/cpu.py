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


def _own_cgroup_paths(proc_cgroup: Path) -> tuple[str | None, str | None]:
    """This process's (cgroup v2 path, cgroup v1 cpu-controller path), from /proc."""
    v2 = v1 = None
    try:
        lines = proc_cgroup.read_text().splitlines()
    except OSError:
        return None, None
    for line in lines:
        hierarchy, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        if hierarchy == "0" and controllers == "":
            v2 = path
        elif "cpu" in controllers.split(","):
            v1 = path
    return v2, v1


def _v2_quota(directory: Path) -> float | None:
    quota, period = (directory / "cpu.max").read_text().split()[:2]
    return None if quota == "max" else int(quota) / int(period)


def _v1_quota(directory: Path) -> float | None:
    quota_us = int((directory / "cpu.cfs_quota_us").read_text())
    period_us = int((directory / "cpu.cfs_period_us").read_text())
    return None if quota_us <= 0 or period_us <= 0 else quota_us / period_us


def cgroup_cpu_quota(
    root: Path = CGROUP_ROOT, proc_cgroup: Path = Path("/proc/self/cgroup")
) -> float | None:
    """CPUs' worth of time per period allowed by the cgroup, or None when unlimited.

    The process's own cgroup is read first (a process confined in a child group
    sees the root group unlimited), then the root of the hierarchy, which is what a
    container or Lambda sandbox shows when it namespaces the cgroup view.
    """
    v2_path, v1_path = _own_cgroup_paths(proc_cgroup)
    candidates = []
    for path, readers in ((v2_path, ("", "unified")), (v1_path, ("cpu", "cpu,cpuacct"))):
        if path and path != "/":
            candidates += [(root / mount / path.lstrip("/"), mount) for mount in readers]
    candidates += [(root, ""), (root / "cpu", "cpu")]
    for directory, mount in candidates:
        read = _v1_quota if mount.startswith("cpu") else _v2_quota
        try:
            return read(directory)
        except (OSError, ValueError):
            continue
    return None


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
