# ruff: noqa: RUF001  (sentences in 31 languages are the data here)
"""Loudness normalization: the limiter on its own, then the calibrated model end to end.

True peaks are checked here with scipy's polyphase resampler at 8x (pyloudnorm's own
dependency), a different estimator from the 4x interpolator the limiter uses.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from scipy.signal import resample_poly

import model_layer
from model_layer import EngineSettings, Synthesizer
from model_layer.audio import encode
from model_layer.audio.loudness import (
    GAIN_TABLE_FILE,
    Leveling,
    db_to_gain,
    integrated_loudness,
    level,
    limit,
    load_gain_table,
)
from model_layer.build.calibrate import CALIBRATION_TEXTS
from model_layer.voices import Style

RATE = 44100
CEILING = db_to_gain(-1.0)

# Held apart from the calibration set: other sentences, other seeds.
HELD_APART = [
    ("en", "Your package has shipped and should arrive on Thursday afternoon.", 7),
    ("de", "Bitte schließen Sie die Türen, der Zug fährt gleich ab.", 8),
    ("es", "El concierto empieza a las ocho; no llegues tarde, por favor.", 9),
    ("ja", "会議は午後三時から始まりますので、少し早めに来てください。", 10),
    ("ru", "Не забудьте взять зонт, вечером обещают сильный дождь.", 11),
]


def oversampled_peak(x: np.ndarray) -> float:
    return float(np.abs(resample_poly(np.asarray(x, np.float64), 8, 1)).max())


def speech_like(seed: int, seconds: float = 2.0, peak: float = 2.5) -> np.ndarray:
    """Noise in syllable-rate bursts, hot enough to need limiting."""
    rng = np.random.default_rng(seed)
    n = int(seconds * RATE)
    t = np.arange(n) / RATE
    envelope = np.maximum(0.0, np.sin(2 * np.pi * 4.0 * t)) ** 2
    x = rng.standard_normal(n) * envelope
    return (x / np.abs(x).max() * peak).astype(np.float32)


def test_limiter_leaves_quiet_audio_untouched() -> None:
    x = speech_like(1, peak=0.5)
    assert limit(x, CEILING, RATE) is x


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_limiter_holds_true_peak_under_ceiling(seed: int) -> None:
    x = speech_like(seed)
    y = limit(x, CEILING, RATE)
    assert y.dtype == np.float32 and y.shape == x.shape
    assert np.abs(y).max() <= CEILING
    # Intersample peaks too (within 0.2 dB: another estimator, on broadband noise).
    assert oversampled_peak(y) <= CEILING * db_to_gain(0.2)
    # It only ever turns down, and leaves the quiet parts as they were.
    assert np.all(np.abs(y) <= np.abs(x) + 1e-7)
    quiet = np.abs(x) < 0.05
    assert np.abs(y[quiet]).sum() > 0.5 * np.abs(x[quiet]).sum()


def test_limiter_catches_intersample_peaks() -> None:
    # A sine at a quarter of the rate, sampled 45 degrees off its crests: every sample
    # is 0.707 of the true peak, so sample peaks pass the ceiling while true peaks do not.
    n = np.arange(RATE // 2)
    x = (0.98 * np.sin(np.pi / 2 * n + np.pi / 4)).astype(np.float32)
    assert np.abs(x).max() < CEILING < oversampled_peak(x)
    y = limit(x, CEILING, RATE)
    assert oversampled_peak(y[100:-100]) <= CEILING * db_to_gain(0.1)


def test_limiter_gain_is_one_smooth_dip_around_an_isolated_peak() -> None:
    # A steady tone with one loud click in the middle: the gain must dip once, ramp in
    # before the click (look-ahead), recover after it, and touch nothing far away.
    n = RATE
    t = np.arange(n) / RATE
    x = 0.5 * np.sin(2 * np.pi * 220 * t)
    x[n // 2] = 2.0
    y = limit(x.astype(np.float32), CEILING, RATE)
    nonzero = np.abs(x) > 0.05
    gain = np.ones(n)
    gain[nonzero] = y[nonzero] / x[nonzero]
    assert gain[n // 2] <= CEILING / 2.0 + 1e-6
    far = np.r_[: n // 2 - int(0.01 * RATE), n // 2 + int(0.6 * RATE) : n]
    far = far[far < n]
    np.testing.assert_allclose(gain[far], 1.0, atol=1e-6)
    before = gain[n // 2 - int(0.01 * RATE) : n // 2 + 1][
        nonzero[n // 2 - int(0.01 * RATE) : n // 2 + 1]
    ]
    after = gain[n // 2 : n // 2 + int(0.6 * RATE)][nonzero[n // 2 : n // 2 + int(0.6 * RATE)]]
    assert np.all(np.diff(before) <= 1e-6)  # down only, before the peak
    assert np.all(np.diff(after) >= -1e-6)  # up only, after it: no pumping


def test_level_applies_the_gain() -> None:
    x = speech_like(4, peak=0.3)
    y = level(x, Leveling(gain=0.5, ceiling=CEILING), RATE)
    np.testing.assert_allclose(y, x * 0.5, rtol=1e-6)


@pytest.fixture(scope="module")
def calibrated_dir(calibrated_model_dir: Path) -> Path:
    return calibrated_model_dir


def load(model_dir: Path, **settings: object) -> Synthesizer:
    return model_layer.load(model_dir, EngineSettings(warmup=False, **settings))  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def calibrated(calibrated_dir: Path) -> Synthesizer:
    return load(calibrated_dir)


def test_calibration_writes_a_table_for_every_preset(calibrated_dir: Path) -> None:
    table = load_gain_table(calibrated_dir)
    assert table is not None
    assert {v.voice for v in table.voices} == {
        p.stem for p in (calibrated_dir / "voice_styles").glob("*.json")
    }
    assert table.target_lufs == -16.0 and table.true_peak_dbtp == -1.0
    assert len(CALIBRATION_TEXTS) == 31


def held_apart_loudness(synthesizer: Synthesizer, voice: str) -> float:
    pieces = []
    for lang, text, seed in HELD_APART:
        audio, plan = synthesizer.synthesize(text, voice=voice, lang=lang, seed=seed)
        assert plan.loudness == "normalized"
        pieces.append(audio)
    return integrated_loudness(np.concatenate(pieces), synthesizer.sample_rate)


def test_every_preset_is_at_the_target_on_held_apart_texts(calibrated: Synthesizer) -> None:
    for voice in sorted(calibrated.voices):
        assert abs(held_apart_loudness(calibrated, voice) - (-16.0)) <= 1.0, voice


def test_target_from_settings_far_from_the_raw_level(
    calibrated_dir: Path, calibrated: Synthesizer
) -> None:
    # A target at least 6 LU from every voice's raw level, so only a right gain passes.
    pieces = [
        calibrated.synthesize(t, lang=lang, seed=s, loudness="raw")[0] for lang, t, s in HELD_APART
    ]
    raw = integrated_loudness(np.concatenate(pieces), calibrated.sample_rate)
    target = raw - 8.0 if raw - 8.0 >= -40.0 else raw + 8.0
    synthesizer = load(calibrated_dir, loudness_target_lufs=max(-40.0, min(-5.0, target)))
    assert abs(synthesizer.settings.loudness_target_lufs - raw) >= 6.0
    for voice in ("F1", "M3"):
        level_ = held_apart_loudness(synthesizer, voice)
        assert abs(level_ - synthesizer.settings.loudness_target_lufs) <= 1.0


def test_hot_target_never_clips(calibrated_dir: Path) -> None:
    # At -5 LUFS speech-like audio peaks over full scale unless the limiter holds it.
    synthesizer = load(calibrated_dir, loudness_target_lufs=-5.0)
    for lang, text, seed in HELD_APART:
        audio, plan = synthesizer.synthesize(text, voice="M2", lang=lang, seed=seed)
        unlimited = np.concatenate(
            list(synthesizer.stream(replace(plan, leveling=replace(plan.leveling, ceiling=np.inf))))
        )
        assert np.abs(unlimited).max() > 1.0  # it would have clipped
        assert np.abs(audio).max() <= CEILING
        assert oversampled_peak(audio) <= CEILING * db_to_gain(0.2)
        wav = np.frombuffer(encode([audio], "wav", synthesizer.sample_rate)[44:], "<i2")
        assert np.abs(wav.astype(np.int32)).max() < 32767


def test_raw_is_bit_identical_to_the_uncalibrated_output(
    calibrated: Synthesizer, tiny_model_dir: Path
) -> None:
    assert not (tiny_model_dir / GAIN_TABLE_FILE).exists()
    today = load(tiny_model_dir)
    text = "It costs $20 at 10:30. Then we leave, all of us, before the rain starts again."
    expected, plan_today = today.synthesize(text, voice="F3", seed=5)
    assert plan_today.loudness == "raw"  # no table: raw, as before
    raw, plan = calibrated.synthesize(text, voice="F3", seed=5, loudness="raw")
    assert plan.loudness == "raw" and plan.leveling is None
    assert raw.tobytes() == expected.tobytes()
    assert encode([raw], "mp3", RATE) == encode([expected], "mp3", RATE)
    normalized, _ = calibrated.synthesize(text, voice="F3", seed=5)
    assert normalized.tobytes() != expected.tobytes()


def test_inline_styles_equal_to_a_preset_are_normalized_others_raw(calibrated: Synthesizer) -> None:
    preset = calibrated.voices["M4"]
    same = Style(ttl=preset.ttl.copy(), dp=preset.dp.copy())
    other = Style(ttl=(preset.ttl * 0.5).astype(np.float32), dp=preset.dp)
    assert (
        calibrated.plan("Hello there.", voice=same, lang="en").leveling
        == calibrated.plan("Hello there.", voice="M4", lang="en").leveling
    )
    assert calibrated.plan("Hello there.", voice=other, lang="en").loudness == "raw"


def test_split_synthesis_joins_bit_for_bit_when_levelled(calibrated_dir: Path) -> None:
    synthesizer = load(calibrated_dir, loudness_target_lufs=-8.0, batch_size=2, max_chunk_chars=40)
    text = " ".join(t for _, t, _ in HELD_APART[:1]) + " And then, one more sentence to read. " * 4
    plan = synthesizer.plan(text, voice="F5", lang="en", seed=3)
    whole = np.concatenate(list(synthesizer.stream(plan)))
    starts = synthesizer.batch_starts(plan)
    assert len(starts) > 2
    cut = starts[2]
    parts = list(synthesizer.stream(plan, stop=cut)) + list(synthesizer.stream(plan, start=cut))
    assert np.concatenate(parts).tobytes() == whole.tobytes()
