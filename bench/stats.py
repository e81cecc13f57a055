"""Summaries of repeated measurements: medians with their spread, percentiles, noise."""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class Summary:
    median: float
    min: float
    max: float
    n: int


def summarize(values: Sequence[float]) -> Summary | None:
    """None for no values: a missing measurement must stay visibly missing, not 0."""
    if not values:
        return None
    return Summary(statistics.median(values), min(values), max(values), len(values))


def percentile(values: Sequence[float], q: float) -> float:
    """Linear interpolation between closest ranks (numpy's default), q in [0, 100]."""
    if not values:
        raise ValueError("percentile of no values")
    if not 0 <= q <= 100:
        raise ValueError(f"q must be in [0, 100], got {q}")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    low = math.floor(position)
    high = math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


def coefficient_of_variation(values: Sequence[float]) -> float:
    """Population standard deviation over the mean: how noisy the machine was."""
    mean = statistics.fmean(values)
    return statistics.pstdev(values) / mean if mean else math.nan
