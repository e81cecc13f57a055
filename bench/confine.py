"""Confine a process like a Lambda function of a given size: a cgroup with a memory limit
and a CPU quota (Lambda gives 1 vCPU per 1,769 MB, so 2,048 MB is ~1.16 CPUs).

cgroup v2 (a delegated subtree with the cpu and memory controllers) or v1 (the cpu and
memory hierarchies) is used where this process may create groups; where it may not, the
fallback pins the process to whole CPUs and enforces no memory limit, and says so in
`Confinement.enforced`, so a report can never claim a limit that was not applied.
"""

from __future__ import annotations

import contextlib
import math
import os
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")
PERIOD_US = 100_000


def lambda_cpus(memory_mb: int) -> float:
    """The CPU share Lambda gives a function of this memory size."""
    return memory_mb / 1769


def _own_path(controller: str | None) -> str:
    """This process's cgroup path in the v2 tree (controller None) or a v1 hierarchy."""
    for line in Path("/proc/self/cgroup").read_text().splitlines():
        hierarchy, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        if controller is None and hierarchy == "0" and controllers == "":
            return path
        if controller is not None and controller in controllers.split(","):
            return path
    raise OSError(f"no cgroup for {controller or 'v2'} in /proc/self/cgroup")


def _write(path: Path, value: str) -> None:
    path.write_text(value)


@dataclass
class Confinement:
    memory_mb: int
    cpus: float
    kind: str  # "cgroup-v2", "cgroup-v1" or "affinity-only"
    groups: list[Path] = field(default_factory=list)
    affinity: set[int] | None = None

    @property
    def enforced(self) -> str:
        if self.kind == "affinity-only":
            return (
                f"NOT a Lambda limit: no cgroup could be created, so the process is pinned to "
                f"{len(self.affinity or ())} whole CPU(s) and memory is only measured, not capped"
            )
        return f"{self.kind}: memory capped at {self.memory_mb} MB, CPU quota {self.cpus:.2f}"

    def enter(self) -> Callable[[], None]:
        """A preexec_fn that moves the new process into the groups before it runs."""
        groups, affinity = list(self.groups), self.affinity

        def preexec() -> None:
            for group in groups:
                (group / "cgroup.procs").write_text(str(os.getpid()))
            if affinity:
                os.sched_setaffinity(0, affinity)

        return preexec

    def peak_memory_mb(self) -> float | None:
        for group in self.groups:
            for name in ("memory.peak", "memory.max_usage_in_bytes"):
                with contextlib.suppress(OSError, ValueError):
                    return int((group / name).read_text()) / 2**20
        return None

    def oom_kills(self) -> int | None:
        for group in self.groups:
            for name in ("memory.events", "memory.oom_control"):
                with contextlib.suppress(OSError):
                    for line in (group / name).read_text().splitlines():
                        key, _, value = line.partition(" ")
                        if key == "oom_kill":
                            return int(value)
        return None

    def close(self) -> None:
        for group in reversed(self.groups):
            with contextlib.suppress(OSError):
                group.rmdir()
        self.groups.clear()


def confine(memory_mb: int, cpus: float, root: Path = CGROUP_ROOT) -> Confinement:
    name = f"bench-lambda-{memory_mb}-{uuid.uuid4().hex[:8]}"
    for attempt in (_cgroup_v2, _cgroup_v1):
        try:
            return attempt(root, name, memory_mb, cpus)
        except OSError:
            continue
    whole = max(1, math.ceil(cpus - 0.05))
    available = sorted(os.sched_getaffinity(0))
    return Confinement(memory_mb, cpus, "affinity-only", affinity=set(available[:whole]))


def _cgroup_v2(root: Path, name: str, memory_mb: int, cpus: float) -> Confinement:
    unified = root if (root / "cgroup.controllers").exists() else root / "unified"
    parent = unified / _own_path(None).lstrip("/")
    if not {"cpu", "memory"} <= set((parent / "cgroup.controllers").read_text().split()):
        raise OSError("cgroup v2 without the cpu and memory controllers")
    _write(parent / "cgroup.subtree_control", "+cpu +memory")
    group = parent / name
    group.mkdir()
    try:
        _write(group / "cpu.max", f"{round(cpus * PERIOD_US)} {PERIOD_US}")
        _write(group / "memory.max", str(memory_mb * 2**20))
        with contextlib.suppress(OSError):
            _write(group / "memory.swap.max", "0")
    except OSError:
        group.rmdir()
        raise
    return Confinement(memory_mb, cpus, "cgroup-v2", [group])


def _cgroup_v1(root: Path, name: str, memory_mb: int, cpus: float) -> Confinement:
    cpu = root / "cpu" / _own_path("cpu").lstrip("/") / name
    memory = root / "memory" / _own_path("memory").lstrip("/") / name
    made: list[Path] = []
    try:
        for group in (cpu, memory):
            group.mkdir()
            made.append(group)
        _write(cpu / "cpu.cfs_period_us", str(PERIOD_US))
        _write(cpu / "cpu.cfs_quota_us", str(round(cpus * PERIOD_US)))
        _write(memory / "memory.limit_in_bytes", str(memory_mb * 2**20))
        with contextlib.suppress(OSError):
            _write(memory / "memory.memsw.limit_in_bytes", str(memory_mb * 2**20))
    except OSError:
        for group in reversed(made):
            with contextlib.suppress(OSError):
                group.rmdir()
        raise
    return Confinement(memory_mb, cpus, "cgroup-v1", [memory, cpu])
