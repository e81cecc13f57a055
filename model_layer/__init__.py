"""Supertonic 3 synthesis with no knowledge of Lambda: load once, then plan and stream."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

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
from model_layer.lazy import lazy_attributes
from model_layer.settings import EngineSettings, get_settings

if TYPE_CHECKING:
    from model_layer.loader import PendingParts
    from model_layer.synthesizer import SpeechPlan, Synthesizer
    from model_layer.text.detection import LanguageDetector
    from model_layer.text.lexicon import Lexicon, LexiconError

# Imported on first use: the synthesizer brings the whole text front end (~0.15 s), which
# `Loading.finish` imports while the graphs load instead of before they start.
__getattr__ = lazy_attributes(
    __name__,
    {
        "SpeechPlan": "model_layer.synthesizer",
        "Synthesizer": "model_layer.synthesizer",
        "Lexicon": "model_layer.text.lexicon",
        "LexiconError": "model_layer.text.lexicon",
    },
)


__all__ = [
    "CancelToken",
    "EmptyTextError",
    "EngineSettings",
    "InvalidRequestError",
    "InvalidSsmlError",
    "InvalidStyleError",
    "Lexicon",
    "LexiconError",
    "Loading",
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
    "start_loading",
]


WARMUP_TEXT = "Warm-up: 1 short test at 10:30, costing $2."


def load(
    model_dir: Path | str, settings: EngineSettings | None = None, lexicon: Lexicon | None = None
) -> Synthesizer:
    """Load a model directory once; the result serves any number of requests.

    `lexicon` is the deployment's (e.g. fetched from S3 by the handler); it is added to
    the one in `settings.lexicon_file`, and wins where both name the same word."""
    return start_loading(model_dir, settings).finish(lexicon)


def start_loading(model_dir: Path | str, settings: EngineSettings | None = None) -> Loading:
    """Check `model_dir` and start loading its graphs in background threads; returns at
    once. A caller with more to import or fetch does it now, then calls `finish()`: the
    two overlap (ONNX Runtime builds sessions without the GIL)."""
    return Loading(Path(model_dir), settings or get_settings())


class Loading:
    """A model on its way in: sessions loading in the background (`start_loading`)."""

    def __init__(self, model_dir: Path, settings: EngineSettings):
        from model_layer.loader import start_loading_parts

        if settings.batch_size is None:
            settings = settings.model_copy(update={"batch_size": _batch_size(model_dir, settings)})
        self.model_dir = model_dir
        self.settings = settings
        self._parts: PendingParts = start_loading_parts(model_dir, settings)

    def finish(self, lexicon: Lexicon | None = None) -> Synthesizer:
        """The loaded model, warmed up when `settings.warmup`. What needs no graph (the
        text front end's imports, the language identifier, lexicons) is set up while the
        sessions are still loading."""
        from model_layer import provenance
        from model_layer.audio.loudness import load_gain_table
        from model_layer.loader import weights_digest
        from model_layer.synthesizer import Synthesizer

        model_dir, settings = self.model_dir, self.settings
        detector = _load_detector(model_dir, settings)
        deployment_lexicon = _deployment_lexicon(settings, lexicon)
        gain_table = load_gain_table(model_dir)
        digest = weights_digest(model_dir)
        if settings.warmup:
            _warm_up_text(detector)
        engine, indexer, voices, revision = self._parts.result()
        provenance.configure(revision, embed_in_audio=settings.audio_provenance)
        synthesizer = Synthesizer(
            engine,
            indexer,
            voices,
            settings,
            revision,
            detector=detector,
            lexicon=deployment_lexicon,
            gain_table=gain_table,
        )
        synthesizer.weights_sha256 = digest
        if settings.warmup:
            _warm_up_graphs(synthesizer)
        return synthesizer


def _warm_up_text(detector: LanguageDetector) -> None:
    """The text front end's first use (~30 ms here: tables and patterns built when first
    needed), run while the graphs are still loading."""
    from model_layer.text.normalize import normalize_text

    normalize_text(WARMUP_TEXT, "en")
    detector.detect(WARMUP_TEXT)


def _warm_up_graphs(synthesizer: Synthesizer) -> None:
    """What the first request would otherwise pay for once: every graph's first run
    (~40 ms of the vocoder's alone) and the audio path's first use (fades, leveling,
    the limiter's first product). Planning a sentence runs the duration predictor; its
    first chunk is then streamed cut to one latent frame: the first-run cost does not
    depend on the length, and every frame more is init time (a word took ~60 ms, one
    frame ~25 ms, on the full-size model)."""
    voice = next(iter(synthesizer.voices))
    plan = synthesizer.plan(WARMUP_TEXT, lang="en", steps=1, seed=0, voice=voice)
    config = synthesizer.engine.config
    one_frame = np.array([config.samples_per_latent / config.sample_rate], dtype=np.float32)
    chunk = replace(plan.chunks[0], duration=one_frame)
    for _ in synthesizer.stream(replace(plan, chunks=(chunk,))):
        pass


def _batch_size(model_dir: Path, settings: EngineSettings) -> int:
    """2 chunks per vector-estimator run where the build proved that padding does not
    change a chunk's audio, else 1."""
    from model_layer.prepared import prepared_padding_invariant

    invariant = settings.prepared_graphs and prepared_padding_invariant(
        model_dir, settings.precision, settings.shared_weights
    )
    return 2 if invariant else 1


def _load_detector(model_dir: Path, settings: EngineSettings) -> LanguageDetector:
    from model_layer.text.detection import LanguageDetector, load_identifier

    identifier = load_identifier(model_dir) if settings.language_identifier else None
    return LanguageDetector(identifier, settings.default_lang, settings.language_confidence)


def _deployment_lexicon(settings: EngineSettings, extra: Lexicon | None) -> Lexicon:
    from model_layer.text.lexicon import Lexicon, LexiconError

    try:
        from_file = Lexicon.from_file(settings.lexicon_file) if settings.lexicon_file else Lexicon()
    except LexiconError as exc:
        raise ModelLoadError(f"SUPERTONIC_LEXICON_FILE: {exc}") from exc
    return from_file + (extra or Lexicon())
