"""Shared fixtures: the synthetic models every test runs on, and the real servers."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

pytest_plugins = ["tests.infra.fixtures"]

# Property tests: CI runs a fixed, derandomized budget with no example database, so every run
# tries the same examples; HYPOTHESIS_PROFILE=explore searches far more, at random.
_NO_TIMING = {"deadline": None, "suppress_health_check": [HealthCheck.function_scoped_fixture]}
settings.register_profile("ci", max_examples=150, derandomize=True, database=None, **_NO_TIMING)
settings.register_profile("explore", max_examples=5000, **_NO_TIMING)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session")
def tiny_model_dir() -> Path:
    """The tiny synthetic model, generated once and cached outside the repo."""
    from model_layer.build.synthetic import cached_model_dir

    return cached_model_dir("tiny")


@pytest.fixture(scope="session")
def calibrated_model_dir(tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the tiny model with the loudness gain table the image build writes
    (model_layer.build.calibrate at the default -16 LUFS / -1 dBTP)."""
    import shutil

    from model_layer.build.calibrate import calibrate

    model_dir = tmp_path_factory.mktemp("calibrated") / "model"
    shutil.copytree(tiny_model_dir, model_dir)
    calibrate(model_dir, log=lambda _line: None)
    return model_dir
