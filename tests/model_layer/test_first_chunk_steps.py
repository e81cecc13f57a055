"""A streamed answer's first chunk may be denoised with fewer steps (first_chunk_steps);
every later chunk, every length, and every buffered answer stay as they were."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import model_layer
from model_layer import EngineSettings, Synthesizer

TEXT = (
    "The first clause is short, and then the text goes on. A second sentence follows "
    "here, and a third one after it, so there are several chunks to compare."
)


@pytest.fixture(scope="module")
def synthesizer(tiny_model_dir: Path) -> Synthesizer:
    return model_layer.load(tiny_model_dir, EngineSettings(warmup=False, first_chunk_steps=2))


def _chunks(synthesizer: Synthesizer, steps: int, streamed: bool) -> list[np.ndarray]:
    plan = synthesizer.plan(TEXT, lang="en", steps=steps, seed=5, max_chunk_chars=60)
    return list(synthesizer.stream(plan, streamed=streamed))


def test_streamed_first_chunk_uses_fewer_steps_and_the_rest_is_unchanged(
    synthesizer: Synthesizer,
) -> None:
    buffered = _chunks(synthesizer, 8, streamed=False)
    streamed = _chunks(synthesizer, 8, streamed=True)
    assert len(buffered) == len(streamed) >= 3
    assert [len(c) for c in buffered] == [len(c) for c in streamed]
    assert not np.array_equal(buffered[0], streamed[0])
    for before, after in zip(buffered[1:], streamed[1:], strict=True):
        np.testing.assert_array_equal(before, after)


def test_first_chunk_steps_equal_to_fewer_steps_of_the_whole_request(
    synthesizer: Synthesizer, tiny_model_dir: Path
) -> None:
    """The first chunk streamed is the chunk a 2-step request would make."""
    streamed = _chunks(synthesizer, 8, streamed=True)
    two_steps = _chunks(synthesizer, 2, streamed=False)
    np.testing.assert_array_equal(streamed[0], two_steps[0])


def test_requests_at_or_below_first_chunk_steps_and_buffered_answers_are_unchanged(
    synthesizer: Synthesizer, tiny_model_dir: Path
) -> None:
    for steps in (1, 2):
        for a, b in zip(
            _chunks(synthesizer, steps, True), _chunks(synthesizer, steps, False), strict=True
        ):
            np.testing.assert_array_equal(a, b)
    off = model_layer.load(tiny_model_dir, EngineSettings(warmup=False, first_chunk_steps=0))
    for a, b in zip(_chunks(off, 8, True), _chunks(off, 8, False), strict=True):
        np.testing.assert_array_equal(a, b)
