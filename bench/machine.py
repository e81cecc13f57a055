"""How noisy the machine was: recorded, not corrected for."""

from __future__ import annotations

import os
import platform
import statistics
import time
from typing import Any

import numpy as np
import psutil

from bench.stats import coefficient_of_variation

CALIBRATION_REPEATS = 10
CALIBRATION_SIZE = 768


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as cpuinfo:
            for line in cpuinfo:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def calibration() -> dict[str, Any]:
    """A fixed matmul timed repeatedly: its median drifts with machine load, its CV
    shows how jittery the run was."""
    rng = np.random.default_rng(0)
    matrix = rng.standard_normal((CALIBRATION_SIZE, CALIBRATION_SIZE), dtype=np.float32)
    matrix @ matrix  # page in and let BLAS start its threads
    times = []
    for _ in range(CALIBRATION_REPEATS):
        started = time.perf_counter()
        matrix @ matrix
        times.append((time.perf_counter() - started) * 1000)
    return {
        "repeats": CALIBRATION_REPEATS,
        "median_ms": statistics.median(times),
        "cv": coefficient_of_variation(times),
        "times_ms": times,
    }


def other_cpu_percent() -> float:
    """System CPU use over one second while this process sleeps: other people's work."""
    return psutil.cpu_percent(interval=1.0)


def snapshot(when: str) -> dict[str, Any]:
    return {
        f"loadavg_{when}": [round(x, 2) for x in os.getloadavg()],
        f"other_cpu_percent_{when}": other_cpu_percent(),
        f"calibration_{when}": calibration(),
    }


def describe() -> dict[str, Any]:
    return {
        "cpu_model": cpu_model(),
        "cpus": os.cpu_count(),
        "usable_cpus": len(os.sched_getaffinity(0)),
        "memory_gb": round(psutil.virtual_memory().total / 2**30, 1),
        "python": platform.python_version(),
    }
