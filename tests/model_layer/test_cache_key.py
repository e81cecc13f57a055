"""The result cache's key: a pure function of the plan and the output settings."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

import model_layer
from model_layer import EngineSettings, Synthesizer
from model_layer.audio.loudness import Leveling
from model_layer.cache_key import content_digest, derived_seed, result_key

TEXT = "Your table for four is ready. Please come to the front desk."


@pytest.fixture(scope="module")
def synthesizer(tiny_model_dir: Path) -> Synthesizer:
    return model_layer.load(tiny_model_dir, EngineSettings(warmup=False))


def digest(plan: Any, **overrides: Any) -> str:
    options = {
        "model_revision": "rev",
        "precision": "fp32",
        "batch_size": 2,
        "audio_format": "mp3",
        "sample_rate": 44100,
        **overrides,
    }
    return content_digest(plan, **options)


def test_same_plan_same_digest_and_the_seed_is_left_out(synthesizer: Synthesizer) -> None:
    first = synthesizer.plan(TEXT, lang="en", seed=1)
    second = synthesizer.plan(TEXT, lang="en", seed=2)
    assert digest(first) == digest(second)
    assert result_key(digest(first), 1) != result_key(digest(first), 2)
    assert 0 <= derived_seed(digest(first)) < 2**63
    assert derived_seed(digest(first)) == derived_seed(digest(second))


def test_every_input_of_the_bytes_changes_it(synthesizer: Synthesizer) -> None:
    plan = synthesizer.plan(TEXT, lang="en", seed=1)
    variants = {
        digest(plan),
        digest(plan, model_revision="other"),
        digest(plan, precision="int8"),
        digest(plan, batch_size=1),
        digest(plan, audio_format="wav"),
        digest(plan, sample_rate=24000),
        digest(synthesizer.plan(TEXT, lang="en", speed=1.2)),
        digest(synthesizer.plan(TEXT, lang="en", steps=4)),
        digest(synthesizer.plan(TEXT, lang="en", voice="F1")),
        digest(synthesizer.plan(TEXT, lang="de")),
        digest(synthesizer.plan(TEXT + " Thanks.", lang="en")),
        digest(replace(plan, leveling=Leveling(0.5, 0.89))),
        digest(replace(plan, trailing_silence_samples=100)),
    }
    assert len(variants) == 13


def test_no_text_in_the_key(synthesizer: Synthesizer) -> None:
    plan = synthesizer.plan(TEXT, lang="en", seed=1)
    key = result_key(digest(plan), plan.seed)
    assert len(key) == 64 and all(c in "0123456789abcdef" for c in key)
