"""Conformance with the official `supertonic` 1.3.1 engine on the same model.

Given the same chunk text and the same initial noise, each chunk's waveform from our
pipeline (before trimming and joining) equals the official engine's output. This is
what lets us say the real weights will behave the same.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from supertonic.loader import load_model, load_voice_style_from_json_file

import model_layer
from model_layer import EngineSettings, Synthesizer
from model_layer.text import preprocess

CHUNKS = [
    ("en", "Hello there! The quick brown fox jumps over the lazy dog, twice."),
    ("en", "Dr. Smith paid $5 for it, e.g., a bargain; didn't he?"),
    ("ko", "안녕하세요. 오늘 날씨가 정말 좋네요!"),
    ("ja", "こんにちは、世界。今日はいい天気ですね。"),
]


@pytest.fixture(scope="module")
def ours(tiny_model_dir: Path) -> Synthesizer:
    return model_layer.load(tiny_model_dir, EngineSettings(warmup=False))


@pytest.fixture(scope="module")
def official(tiny_model_dir: Path):  # type: ignore[no-untyped-def]
    return load_model(tiny_model_dir, auto_download=False)


def assert_chunk_matches_official(
    ours: Synthesizer, official, tiny_model_dir: Path, lang: str, text: str, steps: int
) -> None:  # type: ignore[no-untyped-def]
    voice = "F2"
    official_style = load_voice_style_from_json_file(
        tiny_model_dir / "voice_styles" / f"{voice}.json"
    )
    np.random.seed(1234)  # the official engine draws its noise from numpy's global RNG
    expected_wav, expected_duration = official([text], official_style, steps, 1.05, lang)

    style = ours.voices[voice]
    text_ids, text_mask = ours.indexer.encode([preprocess(text, lang)])
    duration = ours.engine.predict_durations(text_ids, text_mask, style, 1.05)
    latent_len, _ = ours.engine.latent_layout(duration)
    noise = (
        np.random.RandomState(1234)
        .randn(*ours.engine.noise_shape(1, latent_len))
        .astype(np.float32)
    )
    wav = ours.engine.generate(text_ids, text_mask, style, duration, noise, steps)

    np.testing.assert_allclose(duration, expected_duration, rtol=0, atol=1e-5)
    assert wav.shape == expected_wav.shape
    assert np.abs(wav - expected_wav).max() <= 1e-5
    assert np.abs(wav).max() > 0  # a silent model would pass trivially


@pytest.mark.parametrize(("lang", "text"), CHUNKS)
@pytest.mark.parametrize("steps", [1, 8])
def test_chunk_waveform_matches_official(
    ours: Synthesizer, official, tiny_model_dir: Path, lang: str, text: str, steps: int
) -> None:  # type: ignore[no-untyped-def]
    assert_chunk_matches_official(ours, official, tiny_model_dir, lang, text, steps)


LONG = {
    "en": "Good morning, everyone! Today we will look at three things, one after the other. "
    "First the weather, then the news, and last of all the sport.",
    "ja": "こんにちは、皆さん。今日はとてもいい天気ですね、散歩に行きましょう。"
    "公園で会いましょう。",
}


@pytest.mark.parametrize("lang", sorted(LONG))
def test_short_first_chunk_keeps_every_chunk_conformant(
    ours: Synthesizer, official, tiny_model_dir: Path, lang: str
) -> None:  # type: ignore[no-untyped-def]
    """The short first chunk only moves a cut: each chunk is still synthesized exactly as
    the official engine synthesizes that text, and the rest is chunked as before."""
    plain = model_layer.load(tiny_model_dir, EngineSettings(warmup=False, first_chunk_chars=0))
    short = model_layer.load(tiny_model_dir, EngineSettings(warmup=False, first_chunk_chars=20))
    chunks = [c.text for c in short.plan(LONG[lang], lang=lang, seed=0).chunks]
    plain_chunks = [c.text for c in plain.plan(LONG[lang], lang=lang, seed=0).chunks]

    assert len(chunks[0]) < len(plain_chunks[0])
    assert "".join(chunks).replace(" ", "") == "".join(plain_chunks).replace(" ", "")
    for text in chunks:
        assert_chunk_matches_official(ours, official, tiny_model_dir, lang, text, 4)


def test_the_latent_length_is_the_masks_where_the_reference_rounds_a_frame_past_it(
    ours: Synthesizer,
) -> None:
    """The reference sizes the noise by float32 arithmetic and the mask by integer
    samples; they agree except a few hundredths of a sample short of a frame boundary,
    where its noise * mask fails to broadcast. Ours takes the mask's length there too."""
    config = ours.engine.config
    assert (config.sample_rate, config.samples_per_latent) == (44100, 3072)
    duration = np.array([np.float32(5.9211106)], dtype=np.float32)
    reference_len = int(((duration.max() * config.sample_rate + 3071) / 3072).astype(np.int32))
    latent_len, mask = ours.engine.latent_layout(duration)
    assert (reference_len, latent_len) == (86, 85)
    assert mask.shape == (1, 1, 85) and mask.min() == 1.0
    text_ids, text_mask = ours.indexer.encode([preprocess("A chunk alone.", "en")])
    noise = np.zeros(ours.engine.noise_shape(1, latent_len), dtype=np.float32)
    wav = ours.engine.generate(text_ids, text_mask, ours.voices["F2"], duration, noise, 2)
    assert wav.shape == (1, 85 * 3072)
