"""Aggregation of repeated measurements."""

from __future__ import annotations

import math

import pytest

from bench.stats import Summary, coefficient_of_variation, percentile, summarize


def test_summary_is_median_min_max_and_count() -> None:
    assert summarize([3.0, 1.0, 2.0, 10.0]) == Summary(median=2.5, min=1.0, max=10.0, n=4)


def test_summary_of_nothing_is_missing_not_zero() -> None:
    assert summarize([]) is None


def test_percentiles_interpolate_between_ranks() -> None:
    values = [float(v) for v in range(1, 31)]  # 30 requests, 1..30 ms
    assert percentile(values, 50) == pytest.approx(15.5)
    assert percentile(values, 95) == pytest.approx(28.55)
    assert percentile([7.0], 95) == 7.0
    assert percentile([5.0, 1.0], 0) == 1.0
    assert percentile([5.0, 1.0], 100) == 5.0


@pytest.mark.parametrize("q", [-1, 101])
def test_percentile_rejects_out_of_range(q: float) -> None:
    with pytest.raises(ValueError):
        percentile([1.0], q)


def test_percentile_of_nothing_is_an_error() -> None:
    with pytest.raises(ValueError):
        percentile([], 50)


def test_coefficient_of_variation() -> None:
    assert coefficient_of_variation([2.0, 2.0, 2.0]) == 0.0
    assert coefficient_of_variation([1.0, 3.0]) == pytest.approx(0.5)
    assert math.isnan(coefficient_of_variation([0.0, 0.0]))
