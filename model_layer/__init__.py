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
from model_layer.text.language import LanguageDetector, load_identifier
from model_layer.text.lexicon import Lexicon, LexiconError

__all__ = [
    "CancelToken",
    "EmptyTextError",
    "EngineSettings",
    "InvalidRequestError",
    "InvalidSsmlError",
    "InvalidStyleError",
    "Lexicon",
    "LexiconError",
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


def load(
    model_dir: Path | str, settings: EngineSettings | None = None, lexicon: Lexicon | None = None
) -> Synthesizer:
    """Load a model directory once; the result serves any number of requests.

    `lexicon` is the deployment's (e.g. fetched from S3 by the handler); it is added to
    the one in `settings.lexicon_file`, and wins where both name the same word."""
    from model_layer import provenance
    from model_layer.loader import load_parts, weights_digest

    settings = settings or get_settings()
    engine, indexer, voices, revision = load_parts(model_dir, settings)
    provenance.configure(revision, embed_in_audio=settings.audio_provenance)
    synthesizer = Synthesizer(
        engine,
        indexer,
        voices,
        settings,
        revision,
        detector=_load_detector(Path(model_dir), settings),
        lexicon=_deployment_lexicon(settings, lexicon),
    )
    synthesizer.weights_sha256 = weights_digest(model_dir)
    if settings.warmup:
        # Touches every graph, the number normalizer and the chunker once, so the
        # first request pays for none of their one-time costs.
        synthesizer.synthesize(WARMUP_TEXT, lang="en", steps=1, seed=0, voice=next(iter(voices)))
        synthesizer.detector.detect(WARMUP_TEXT)
    return synthesizer


def _load_detector(model_dir: Path, settings: EngineSettings) -> LanguageDetector:
    identifier = load_identifier(model_dir) if settings.language_identifier else None
    return LanguageDetector(identifier, settings.default_lang, settings.language_confidence)


def _deployment_lexicon(settings: EngineSettings, extra: Lexicon | None) -> Lexicon:
    try:
        from_file = Lexicon.from_file(settings.lexicon_file) if settings.lexicon_file else Lexicon()
    except LexiconError as exc:
        raise ModelLoadError(f"SUPERTONIC_LEXICON_FILE: {exc}") from exc
    return from_file + (extra or Lexicon())
