"""Shared fixtures: the synthetic models every test runs on, and the real servers."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["tests.infra.fixtures"]


@pytest.fixture(scope="session")
def tiny_model_dir() -> Path:
    """The tiny synthetic model, generated once and cached outside the repo."""
    from model_layer.synthetic import cached_model_dir

    return cached_model_dir("tiny")
