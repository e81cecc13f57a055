"""Synthesis through the façade: reproducible, chunked, trimmed, cancellable."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import numpy as np
import pytest

import model_layer
from model_layer import (
    CancelToken,
    EmptyTextError,
    EngineSettings,
    InvalidRequestError,
    InvalidStyleError,
    SynthesisCancelled,
    Synthesizer,
    UnknownVoiceError,
    UnsupportedLanguageError,
)
from model_layer.text import UnsupportedCharactersError


@pytest.fixture(scope="module")
def synthesizer(tiny_model_dir: Path) -> Synthesizer:
    return model_layer.load(tiny_model_dir, EngineSettings(warmup=False, chunk_silence_seconds=0.2))


def test_same_seed_gives_identical_audio(synthesizer: Synthesizer) -> None:
    first, _ = synthesizer.synthesize("Same words, same seed.", lang="en", seed=11, steps=3)
    second, _ = synthesizer.synthesize("Same words, same seed.", lang="en", seed=11, steps=3)
    assert first.tobytes() == second.tobytes()


def test_without_seed_runs_differ_and_report_their_seed(synthesizer: Synthesizer) -> None:
    first, plan_a = synthesizer.synthesize("Different every time.", lang="en", steps=2)
    second, plan_b = synthesizer.synthesize("Different every time.", lang="en", steps=2)
    assert plan_a.seed != plan_b.seed
    assert first.tobytes() != second.tobytes()
    again, _ = synthesizer.synthesize("Different every time.", lang="en", steps=2, seed=plan_a.seed)
    assert again.tobytes() == first.tobytes()


def test_audio_is_finite_bounded_and_as_long_as_planned(synthesizer: Synthesizer) -> None:
    text = "The first sentence is here. " * 6 + "And this is the last one!"
    plan = synthesizer.plan(text, lang="en", steps=2, seed=1, max_chunk_chars=60)
    chunks = list(synthesizer.stream(plan))
    assert len(chunks) == len(plan.chunks) > 1
    audio = np.concatenate(chunks)
    assert audio.dtype == np.float32
    assert np.isfinite(audio).all() and np.abs(audio).max() <= 1.0
    assert len(audio) == plan.total_samples
    # Every chunk but the first starts with the configured silence.
    assert not chunks[1][: plan.silence_samples].any()
    assert plan.silence_samples == int(0.2 * 44100)
    # Realistic speech length: about 0.06-0.09 s per character on the synthetic model.
    per_char = plan.duration_seconds / len(text)
    assert 0.04 < per_char < 0.12


def test_a_cut_between_words_gets_a_breath_not_a_sentence_pause(
    synthesizer: Synthesizer,
) -> None:
    text = (
        "The council met on a cold and windy Tuesday evening to review the budget "
        "for the coming year. It approved most of it."
    )
    plan = synthesizer.plan(text, lang="en", steps=1, seed=2, max_chunk_chars=60)
    texts = [chunk.text for chunk in plan.chunks]
    assert len(texts) == 3 and not texts[0].endswith(".") and texts[1].endswith("year.")
    gaps = [chunk.silence_before_samples for chunk in plan.chunks]
    assert gaps == [0, int(0.05 * 44100), plan.silence_samples]
    audio = list(synthesizer.stream(plan))
    assert sum(map(len, audio)) == plan.total_samples


def test_each_chunk_is_trimmed_to_its_predicted_duration(synthesizer: Synthesizer) -> None:
    plan = synthesizer.plan("One short sentence.", lang="en", steps=1, seed=3)
    (chunk,) = synthesizer.stream(plan)
    assert len(chunk) == int(plan.chunks[0].duration[0] * 44100)
    # Faded edges: no click at the cut.
    assert abs(chunk[0]) == 0.0 and abs(chunk[-1]) < 1e-3


def test_speed_shortens_audio(synthesizer: Synthesizer) -> None:
    slow = synthesizer.plan("Speed changes the duration.", lang="en", speed=0.8, seed=1)
    fast = synthesizer.plan("Speed changes the duration.", lang="en", speed=1.6, seed=1)
    assert fast.duration_seconds == pytest.approx(slow.duration_seconds / 2, rel=0.02)


def test_unsupported_characters_are_dropped_and_reported(synthesizer: Synthesizer) -> None:
    plan = synthesizer.plan("Snow \u2603 and planes \u2708 are fine.", lang="en", seed=1)
    assert plan.dropped == (0x2603, 0x2708)
    assert all("\u2603" not in chunk.text for chunk in plan.chunks)


def test_strict_mode_lists_unsupported_characters(synthesizer: Synthesizer) -> None:
    with pytest.raises(UnsupportedCharactersError) as failure:
        synthesizer.plan("Snow \u2603 here.", lang="en", strict=True)
    assert "U+2603" in str(failure.value)


def test_text_of_only_unsupported_characters_is_empty(synthesizer: Synthesizer) -> None:
    with pytest.raises(EmptyTextError):
        synthesizer.plan("\u2603\u2708\u2603", lang="en")


@pytest.mark.parametrize("text", ["", "   \n\t "])
def test_empty_text(synthesizer: Synthesizer, text: str) -> None:
    with pytest.raises(EmptyTextError):
        synthesizer.plan(text)


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"speed": 0.5}, InvalidRequestError),
        ({"speed": 2.5}, InvalidRequestError),
        ({"steps": 0}, InvalidRequestError),
        ({"steps": 101}, InvalidRequestError),
        ({"lang": "xx"}, UnsupportedLanguageError),
        ({"voice": "Z9"}, UnknownVoiceError),
        ({"voice": {"style_ttl": {"data": [1, 2]}, "style_dp": {"data": []}}}, InvalidStyleError),
    ],
)
def test_bad_parameters(synthesizer: Synthesizer, options: dict, error: type[Exception]) -> None:
    with pytest.raises(error):
        synthesizer.plan("Hello.", **options)


def test_inline_style_equals_the_preset_it_copies(
    synthesizer: Synthesizer, tiny_model_dir: Path
) -> None:
    inline = json.loads((tiny_model_dir / "voice_styles" / "F4.json").read_text())
    by_name, _ = synthesizer.synthesize(
        "Inline voices work.", lang="en", voice="F4", seed=5, steps=2
    )
    by_value, _ = synthesizer.synthesize(
        "Inline voices work.", lang="en", voice=inline, seed=5, steps=2
    )
    assert by_name.tobytes() == by_value.tobytes()


def test_language_is_detected_from_the_script(synthesizer: Synthesizer) -> None:
    assert synthesizer.plan("안녕하세요. 반갑습니다.", seed=1).lang == "ko"
    # Latin script goes to the identifier; too little to tell falls back to DEFAULT_LANG.
    assert synthesizer.plan("Just some words.", seed=1).lang == "en"
    assert synthesizer.plan("Der Zug kommt heute später an.", seed=1).lang == "de"
    assert synthesizer.plan("$20", seed=1).lang == "en"


def test_cancel_before_start(synthesizer: Synthesizer) -> None:
    token = CancelToken()
    token.cancel()
    plan = synthesizer.plan("Never spoken.", lang="en", seed=1)
    with pytest.raises(SynthesisCancelled):
        list(synthesizer.stream(plan, token))


def test_cancel_from_another_thread_stops_a_run_in_flight(synthesizer: Synthesizer) -> None:
    plan = synthesizer.plan(
        "A long text to keep the engine busy. " * 20, lang="en", steps=100, seed=1
    )
    token = CancelToken()
    threading.Timer(0.05, token.cancel).start()
    with pytest.raises(SynthesisCancelled):
        list(synthesizer.stream(plan, token))
    # The same process keeps serving afterwards.
    audio, _ = synthesizer.synthesize("Still alive.", lang="en", steps=1, seed=1)
    assert len(audio) > 0


def test_batched_chunks_sound_the_same_as_one_at_a_time(tiny_model_dir: Path) -> None:
    text = "First sentence is here. Second one follows it. A third comes now. And a fourth."
    outputs = {}
    for size in (1, 2, 4):
        synthesizer = model_layer.load(
            tiny_model_dir, EngineSettings(warmup=False, batch_size=size)
        )
        plan = synthesizer.plan(text, lang="en", steps=4, seed=21, max_chunk_chars=30)
        assert len(plan.chunks) == 4
        outputs[size] = list(synthesizer.stream(plan))
    for size in (2, 4):
        for alone, batched in zip(outputs[1], outputs[size], strict=True):
            assert alone.shape == batched.shape
            assert np.abs(alone - batched).max() <= 1e-4


def test_batches_group_consecutive_chunks_of_similar_length() -> None:
    from model_layer.synthesizer import PlannedChunk, _batches

    def chunk(tokens: int) -> PlannedChunk:
        ids = np.zeros((1, tokens), np.int64)
        return PlannedChunk("x", ids, np.ones((1, 1, tokens), np.float32), np.ones(1, np.float32))

    chunks = tuple(chunk(n) for n in (150, 150, 160, 140, 150, 40, 45))
    # The first chunk always goes alone: streamed audio starts after one chunk.
    assert list(_batches(chunks, 2)) == [[0], [1, 2], [3, 4], [5, 6]]
    assert list(_batches(chunks, 3)) == [[0], [1, 2, 3], [4], [5, 6]]
    assert list(_batches(chunks, 1)) == [[i] for i in range(7)]
