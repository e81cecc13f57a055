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
    NonFiniteAudioError,
    SpokenTextTooLongError,
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
    "NonFiniteAudioError",
    "SpeechPlan",
    "SpokenTextTooLongError",
    "SynthesisCancelled",
    "Synthesizer",
    "UnknownVoiceError",
    "UnsupportedLanguageError",
    "load",
]


WARMUP_TEXT = "Warm-up: 1 short test at 10:30, costing $2."
# Synthesized at load: a word is enough to run every graph once, and each second of
# audio more is init time (~0.2 s less than synthesizing WARMUP_TEXT itself, measured
# on the full-size model).
WARMUP_SPEECH = "One."


def load(
    model_dir: Path | str, settings: EngineSettings | None = None, lexicon: Lexicon | None = None
) -> Synthesizer:
    """Load a model directory once; the result serves any number of requests.

    `lexicon` is the deployment's (e.g. fetched from S3 by the handler); it is added to
    the one in `settings.lexicon_file`, and wins where both name the same word."""
    from model_layer import provenance
    from model_layer.audio.loudness import load_gain_table
    from model_layer.loader import load_parts, weights_digest

    settings = settings or get_settings()
    if settings.batch_size is None:
        settings = settings.model_copy(
            update={"batch_size": _batch_size(Path(model_dir), settings)}
        )
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
        gain_table=load_gain_table(model_dir),
    )
    synthesizer.weights_sha256 = weights_digest(model_dir)
    if settings.warmup:
        # Touches the number normalizer, the chunker, the detector and every graph
        # once, so the first request pays for none of their one-time costs.
        voice = next(iter(voices))
        synthesizer.plan(WARMUP_TEXT, lang="en", steps=1, seed=0, voice=voice)
        synthesizer.synthesize(WARMUP_SPEECH, lang="en", steps=1, seed=0, voice=voice)
        synthesizer.detector.detect(WARMUP_TEXT)
    return synthesizer


def _batch_size(model_dir: Path, settings: EngineSettings) -> int:
    """2 chunks per vector-estimator run where the build proved that padding does not
    change a chunk's audio, else 1."""
    from model_layer.optimize import prepared_padding_invariant

    invariant = settings.prepared_graphs and prepared_padding_invariant(
        model_dir, settings.precision
    )
    return 2 if invariant else 1


def _load_detector(model_dir: Path, settings: EngineSettings) -> LanguageDetector:
    identifier = load_identifier(model_dir) if settings.language_identifier else None
    return LanguageDetector(identifier, settings.default_lang, settings.language_confidence)


def _deployment_lexicon(settings: EngineSettings, extra: Lexicon | None) -> Lexicon:
    try:
        from_file = Lexicon.from_file(settings.lexicon_file) if settings.lexicon_file else Lexicon()
    except LexiconError as exc:
        raise ModelLoadError(f"SUPERTONIC_LEXICON_FILE: {exc}") from exc
    return from_file + (extra or Lexicon())
