"""Supertonic 3 synthesis with no knowledge of Lambda: load once, then plan and stream."""

from __future__ import annotations

from pathlib import Path

from model_layer.engine import CancelToken
from model_layer.errors import (
    EmptyTextError,
    InvalidRequestError,
    InvalidSsmlError,
    InvalidStyleError,
    ModelError,
    ModelLoadError,
    SynthesisCancelled,
    UnknownVoiceError,
    UnsupportedLanguageError,
)
from model_layer.settings import EngineSettings, get_settings
from model_layer.synthesizer import SpeechPlan, Synthesizer

__all__ = [
    "CancelToken",
    "EmptyTextError",
    "EngineSettings",
    "InvalidRequestError",
    "InvalidSsmlError",
    "InvalidStyleError",
    "ModelError",
    "ModelLoadError",
    "SpeechPlan",
    "SynthesisCancelled",
    "Synthesizer",
    "UnknownVoiceError",
    "UnsupportedLanguageError",
    "load",
]


WARMUP_TEXT = "Warm-up: 1 short test at 10:30, costing $2."


def load(model_dir: Path | str, settings: EngineSettings | None = None) -> Synthesizer:
    """Load a model directory once; the result serves any number of requests."""
    from model_layer.loader import load_parts

    settings = settings or get_settings()
    engine, indexer, voices, revision = load_parts(model_dir, settings)
    synthesizer = Synthesizer(engine, indexer, voices, settings, revision)
    if settings.warmup:
        # Touches every graph, the number normalizer and the chunker once, so the
        # first request pays for none of their one-time costs.
        synthesizer.synthesize(WARMUP_TEXT, lang="en", steps=1, seed=0, voice=next(iter(voices)))
    return synthesizer
