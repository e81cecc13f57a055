"""What planning decides, before any audio: the chunks, each with its text, ids,
duration, language, speed, pause and (for SSML <voice>) voice, and the plan around them."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from model_layer.audio.loudness import Leveling
from model_layer.constants import DEFAULT_SPEED, UNKNOWN_LANGUAGE
from model_layer.voices import Style


@dataclass(frozen=True)
class PlannedChunk:
    text: str  # the chunk as spoken, before the reference preprocessing
    text_ids: np.ndarray  # [1, T]
    text_mask: np.ndarray  # [1, 1, T]
    duration: np.ndarray  # [1] seconds, speed applied
    lang: str = UNKNOWN_LANGUAGE  # the language tag it was encoded with
    speed: float = DEFAULT_SPEED  # the speed its duration was predicted at
    silence_before_samples: int = 0  # the pause stream() puts before it
    segment: int = 0  # index into SpeechPlan.segment_texts of the text it was cut from
    model_text: str = ""  # exactly the string the model reads: `text` after `preprocess`
    # The predicted duration ran away and `duration` is the guard's (duration_guard.py).
    duration_capped: bool = False
    # An SSML <voice> (or script line) of its own: its name, style and leveling; None: the
    # plan's voice (SpeechPlan.style and .leveling).
    voice: str | None = None
    style: Style | None = None
    leveling: Leveling | None = None


TEXT_TYPES = ("text", "ssml")


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
    silence_samples: int  # the usual pause between chunks
    trailing_silence_samples: int = 0  # a pause asked for after the last chunk (SSML)
    normalized_text: str = ""  # the whole text as spoken, before chunking
    # Gain and true-peak limit applied to every chunk; None = the model's raw output.
    leveling: Leveling | None = None
    # Per segment (a stretch of one language and speed): (its text as the request gave
    # it, markup removed; the same as spoken, which the chunks were cut from). Speech
    # marks map chunks back to the request's text with it.
    segment_texts: tuple[tuple[str, str], ...] = ()

    @property
    def loudness(self) -> str:
        """`normalized` when the voice's calibrated gain is applied, else `raw`."""
        return "normalized" if self.leveling is not None else "raw"

    def style_of(self, index: int) -> Style:
        chunk = self.chunks[index]
        return self.style if chunk.style is None else chunk.style

    def leveling_of(self, index: int) -> Leveling | None:
        chunk = self.chunks[index]
        return self.leveling if chunk.style is None else chunk.leveling

    def chunk_samples(self, index: int) -> int:
        """Samples of speech of chunk `index`, without the silence before it."""
        return int(self.chunks[index].duration[0] * self.sample_rate)

    @property
    def total_samples(self) -> int:
        """Exactly the samples `Synthesizer.stream` yields for this plan."""
        speech = sum(self.chunk_samples(i) for i in range(len(self.chunks)))
        silence = sum(chunk.silence_before_samples for chunk in self.chunks)
        return speech + silence + self.trailing_silence_samples

    @property
    def duration_seconds(self) -> float:
        return self.total_samples / self.sample_rate
