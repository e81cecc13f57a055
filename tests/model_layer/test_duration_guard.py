"""The runaway-duration guard: silent on every ordinary piece, and on a duration predictor
made to run away (a synthetic model with a marked character) it caps the chunk before
any synthesis, with the fields that report it."""

from __future__ import annotations

import csv
import shutil
from pathlib import Path

import numpy as np
import pytest

from model_layer import EngineSettings, load
from model_layer.build.synthetic.runaway import add_runaway_marker
from model_layer.cache_key import content_digest
from model_layer.constants import ALL_LANGUAGE_CODES, UNKNOWN_LANGUAGE
from model_layer.duration_guard import DurationGuard, measured_rates, spoken_letters

GOLDEN = Path(__file__).parent / "golden"
MARKER = "ø"  # in the synthetic indexer; kept as written by the English rules
EXTRA_SECONDS = 20.0


@pytest.fixture(scope="module")
def runaway_model_dir(tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("runaway") / "model"
    shutil.copytree(tiny_model_dir, target)
    add_runaway_marker(target, MARKER, EXTRA_SECONDS)
    return target


def _settings(**overrides: object) -> EngineSettings:
    return EngineSettings(warmup=False, language_identifier=False, **overrides)


def test_the_rates_cover_every_language_once() -> None:
    rates = measured_rates()
    languages = set(ALL_LANGUAGE_CODES) - {UNKNOWN_LANGUAGE}
    assert languages <= set(rates), sorted(languages - set(rates))
    assert rates["en"] == 0.0843 and rates["ko"] == 0.215 and rates["default"] == 0.11


def test_the_rule_caps_above_the_limit_and_only_there() -> None:
    guard = DurationGuard()
    text = "Grazie a tutti."  # 12 letters
    assert spoken_letters(text) == 12
    expected = 1.05 * (0.9 + 0.1061 * 12)
    assert guard.expected_seconds(text, "it") == pytest.approx(expected)
    speed = 1.25
    assert guard.apply(1.6 * expected / speed, speed, text, "it") is None
    capped = guard.apply(3.0 * expected / speed, speed, text, "it")
    assert capped == pytest.approx(1.1 * expected / speed)
    assert DurationGuard(enabled=False).apply(100.0, speed, text, "it") is None


def _golden_sentences() -> list[tuple[str, str]]:
    rows = []
    for path in sorted(GOLDEN.glob("*.tsv")):
        lines = [line for line in path.read_text(encoding="utf-8").splitlines()[1:] if line]
        for row in csv.reader((ln for ln in lines if not ln.startswith("#")), delimiter="\t"):
            if len(row) >= 2 and row[1].strip():
                rows.append((path.stem, row[1]))
    return rows


def test_no_golden_sentence_of_any_language_is_capped(tiny_model_dir: Path) -> None:
    synthesizer = load(tiny_model_dir, _settings())
    sentences = _golden_sentences()
    assert len({lang for lang, _ in sentences}) == 31
    capped = [
        (lang, chunk.text)
        for lang, text in sentences
        for chunk in synthesizer.plan(text, lang=lang, seed=1).chunks
        if chunk.duration_capped
    ]
    assert capped == []


def test_a_runaway_prediction_is_capped_before_synthesis(runaway_model_dir: Path) -> None:
    synthesizer = load(runaway_model_dir, _settings())
    text = (
        f"Grazie a tutti per essere venuti qui stasera {MARKER}. "
        "Ci vediamo domani alle nove in ufficio, come sempre."
    )
    plan = synthesizer.plan(text, lang="it", speed=1.05, seed=3)
    flags = [chunk.duration_capped for chunk in plan.chunks]
    assert flags == [True, False], flags
    first = plan.chunks[0]
    expected = synthesizer.duration_guard.expected_seconds(first.text, "it")
    assert first.duration[0] == pytest.approx(1.1 * expected / 1.05, rel=1e-6)
    # The audio is exactly the capped length: nothing was spent on the runaway.
    audio = next(synthesizer.stream(plan))
    assert len(audio) == plan.chunk_samples(0)

    unguarded = load(runaway_model_dir, _settings(duration_guard=False))
    raw = unguarded.plan(text, lang="it", speed=1.05, seed=3)
    assert not any(chunk.duration_capped for chunk in raw.chunks)
    assert raw.chunks[0].duration[0] > EXTRA_SECONDS / 1.05
    # Durations are part of the result-cache key: a capped and an uncapped plan of the
    # same request never share an entry.
    options = {
        "model_revision": "r",
        "precision": "fp32",
        "batch_size": 1,
        "audio_format": "wav",
        "sample_rate": 44100,
    }
    assert content_digest(plan, **options) != content_digest(raw, **options)
    assert np.array_equal(plan.chunks[1].duration, raw.chunks[1].duration)
