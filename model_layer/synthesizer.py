"""The façade: text in, PCM chunks out, one sentence-sized chunk at a time.

`plan()` does everything cheap and checkable up front (language, normalization,
unsupported characters, chunking, durations), so a caller can reject a request or
choose where the audio goes before paying for synthesis; `stream()` then yields
audio chunk by chunk so nothing ever holds a whole book's waveform.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from model_layer.constants import (
    ALL_LANGUAGE_CODES,
    DEFAULT_SPEED,
    DEFAULT_STEPS,
    MAX_SPEED,
    MAX_STEPS,
    MIN_SPEED,
    MIN_STEPS,
)
from model_layer.engine import CancelToken, Engine
from model_layer.errors import (
    EmptyTextError,
    InvalidRequestError,
    UnknownVoiceError,
    UnsupportedLanguageError,
)
from model_layer.memory import release_free_memory
from model_layer.settings import EngineSettings
from model_layer.text import (
    TextIndexer,
    detect_language,
    normalize_text,
    preprocess,
    sanitize,
    split_into_chunks,
)
from model_layer.voices import Style, parse_style

# Short fades at chunk edges so the cut at the predicted duration never clicks.
FADE_SECONDS = 0.005


@dataclass(frozen=True)
class PlannedChunk:
    text: str  # the chunk as spoken, before the reference preprocessing
    text_ids: np.ndarray  # [1, T]
    text_mask: np.ndarray  # [1, 1, T]
    duration: np.ndarray  # [1] seconds, speed applied


@dataclass(frozen=True)
class SpeechPlan:
    chunks: tuple[PlannedChunk, ...]
    lang: str
    style: Style
    speed: float
    steps: int
    seed: int
    dropped: tuple[int, ...]  # unsupported codepoints removed from the input
    sample_rate: int
    silence_samples: int

    def chunk_samples(self, index: int) -> int:
        return int(self.chunks[index].duration[0] * self.sample_rate)

    @property
    def total_samples(self) -> int:
        speech = sum(self.chunk_samples(i) for i in range(len(self.chunks)))
        return speech + self.silence_samples * (len(self.chunks) - 1)

    @property
    def duration_seconds(self) -> float:
        return self.total_samples / self.sample_rate


class Synthesizer:
    """A loaded model: engine, indexer and preset voices, built by `model_layer.load()`."""

    def __init__(
        self,
        engine: Engine,
        indexer: TextIndexer,
        voices: Mapping[str, Style],
        settings: EngineSettings,
        revision: str,
    ):
        self.engine = engine
        self.indexer = indexer
        self.voices = dict(voices)
        self.settings = settings
        self.revision = revision

    @property
    def sample_rate(self) -> int:
        return self.engine.config.sample_rate

    def resolve_voice(self, voice: str | Mapping[str, Any] | Style) -> Style:
        if isinstance(voice, Style):
            return voice
        if isinstance(voice, str):
            try:
                return self.voices[voice]
            except KeyError:
                known = ", ".join(sorted(self.voices))
                raise UnknownVoiceError(f"unknown voice '{voice}'; presets are {known}") from None
        return parse_style(voice)

    def plan(
        self,
        text: str,
        *,
        voice: str | Mapping[str, Any] | Style = "M1",
        lang: str | None = None,
        speed: float = DEFAULT_SPEED,
        steps: int = DEFAULT_STEPS,
        seed: int | None = None,
        strict: bool = False,
        normalize: bool = True,
        lexicon: Mapping[str, str] | None = None,
        max_chunk_chars: int | None = None,
        cancel: CancelToken | None = None,
    ) -> SpeechPlan:
        if not MIN_SPEED <= speed <= MAX_SPEED:
            raise InvalidRequestError(
                f"speed must be between {MIN_SPEED} and {MAX_SPEED}, got {speed}"
            )
        if not MIN_STEPS <= steps <= MAX_STEPS:
            raise InvalidRequestError(
                f"steps must be between {MIN_STEPS} and {MAX_STEPS}, got {steps}"
            )
        if lang is not None and lang not in ALL_LANGUAGE_CODES:
            raise UnsupportedLanguageError(
                f"unsupported language '{lang}'; use one of {', '.join(ALL_LANGUAGE_CODES)}"
            )
        style = self.resolve_voice(voice)
        if not text or not text.strip():
            raise EmptyTextError("text is empty")
        lang = lang or detect_language(text)
        if normalize:
            text = normalize_text(text, lang, lexicon)
        clean = sanitize(text, self.indexer, lang, strict=strict)
        if not clean.text.strip():
            raise EmptyTextError("text has no speakable characters after removing unsupported ones")
        max_chars = max_chunk_chars or self.settings.max_chunk_chars
        chunks = []
        first_chars = self.settings.first_chunk_chars or None
        for chunk_text in split_into_chunks(
            clean.text, lang, max_chars, first_chunk_min_chars=first_chars
        ):
            text_ids, text_mask = self.indexer.encode([preprocess(chunk_text, lang)])
            duration = self.engine.predict_durations(text_ids, text_mask, style, speed, cancel)
            chunks.append(PlannedChunk(chunk_text, text_ids, text_mask, duration))
        if not chunks:
            raise EmptyTextError("text has no speakable characters")
        return SpeechPlan(
            chunks=tuple(chunks),
            lang=lang,
            style=style,
            speed=speed,
            steps=steps,
            seed=secrets.randbits(63) if seed is None else seed,
            dropped=clean.dropped,
            sample_rate=self.sample_rate,
            silence_samples=int(self.settings.chunk_silence_seconds * self.sample_rate),
        )

    def chunk_noise(self, plan: SpeechPlan, index: int, latent_len: int) -> np.ndarray:
        """Each chunk's noise depends only on (seed, chunk index): a seed gives
        bit-identical audio on every run with the same settings, and the same audio
        within float rounding whatever the batch size."""
        rng = np.random.default_rng([plan.seed, index])
        shape = self.engine.noise_shape(1, latent_len)
        return rng.standard_normal(shape, dtype=np.float32)

    def stream(self, plan: SpeechPlan, cancel: CancelToken | None = None) -> Iterator[np.ndarray]:
        """Float32 mono PCM, one array per chunk (silence before every chunk but the first)."""
        silence = np.zeros(plan.silence_samples, dtype=np.float32)
        fade = _fade(int(FADE_SECONDS * plan.sample_rate))
        try:
            for group in _batches(plan.chunks, self.settings.batch_size):
                for index, wav in zip(group, self._generate(plan, group, cancel), strict=True):
                    audio = _trim(wav, plan.chunk_samples(index), fade)
                    yield audio if index == 0 else np.concatenate([silence, audio])
        finally:
            # Activations of this request are free now; without this, RSS keeps the
            # high-water mark of the longest chunk ever synthesized.
            release_free_memory()

    def _generate(
        self, plan: SpeechPlan, indices: list[int], cancel: CancelToken | None
    ) -> Iterator[np.ndarray]:
        """Denoise the chunks at `indices` in one batch, then vocode each on its own
        latent length (the vocoder has no mask, so padding would reach its output)."""
        chunks = [plan.chunks[i] for i in indices]
        width = max(chunk.text_ids.shape[1] for chunk in chunks)
        text_ids = np.zeros((len(chunks), width), dtype=np.int64)
        text_mask = np.zeros((len(chunks), 1, width), dtype=np.float32)
        for row, chunk in enumerate(chunks):
            text_ids[row, : chunk.text_ids.shape[1]] = chunk.text_ids[0]
            text_mask[row, :, : chunk.text_mask.shape[2]] = chunk.text_mask[0]
        durations = np.concatenate([chunk.duration for chunk in chunks])
        _, latent_mask = self.engine.latent_layout(durations)
        noise = np.zeros(self.engine.noise_shape(len(chunks), latent_mask.shape[-1]), np.float32)
        lengths = []
        for row, index in enumerate(indices):
            length = int(latent_mask[row, 0].sum())
            noise[row, :, :length] = self.chunk_noise(plan, index, length)[0]
            lengths.append(length)
        latents = self.engine.denoise(
            text_ids, text_mask, plan.style, durations, noise, plan.steps, cancel
        )
        for row, length in enumerate(lengths):
            latent = np.ascontiguousarray(latents[row : row + 1, :, :length])
            yield self.engine.vocode(latent, cancel)[0]

    def synthesize(self, text: str, **options: Any) -> tuple[np.ndarray, SpeechPlan]:
        """The whole waveform at once: for short texts and tests."""
        plan = self.plan(text, **options)
        return np.concatenate(list(self.stream(plan))), plan


def _batches(chunks: tuple[PlannedChunk, ...], size: int) -> Iterator[list[int]]:
    """Consecutive chunks, up to `size` at a time, of similar length: padding a short
    chunk to a long one's length would cost more than batching saves. The first chunk
    goes alone, so a streamed answer's first audio never waits for a second chunk."""
    group: list[int] = []
    for index, chunk in enumerate(chunks):
        length = chunk.text_ids.shape[1]
        if group:
            first = chunks[group[0]].text_ids.shape[1]
            if index == 1 or len(group) == size or not 0.8 <= length / first <= 1.25:
                yield group
                group = []
        group.append(index)
    if group:
        yield group


def _fade(length: int) -> np.ndarray:
    return np.linspace(0.0, 1.0, length, dtype=np.float32) if length > 0 else np.ones(0, np.float32)


def _trim(wav: np.ndarray, samples: int, fade: np.ndarray) -> np.ndarray:
    audio = np.clip(wav[:samples], -1.0, 1.0)
    n = min(len(fade), len(audio) // 2)
    if n:
        audio[:n] *= fade[:n]
        audio[-n:] *= fade[:n][::-1]
    return audio
