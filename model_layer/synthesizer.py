"""The façade: text in, PCM chunks out, one sentence-sized chunk at a time.

`plan()` does everything cheap and checkable up front (language, normalization,
unsupported characters, chunking, durations), so a caller can reject a request or
choose where the audio goes before paying for synthesis; `stream()` then yields
audio chunk by chunk so nothing ever holds a whole book's waveform.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from model_layer.audio.loudness import (
    LOUDNESS_MODES,
    GainTable,
    Leveling,
    db_to_gain,
    level,
)
from model_layer.blends import is_blend, mix, parse_blend
from model_layer.constants import (
    ALL_LANGUAGE_CODES,
    DEFAULT_SPEED,
    DEFAULT_STEPS,
    MAX_SPEED,
    MAX_STEPS,
    MIN_SPEED,
    MIN_STEPS,
)
from model_layer.duration_guard import DurationGuard
from model_layer.engine import CancelToken, Engine
from model_layer.errors import (
    EmptyTextError,
    InvalidRequestError,
    NonFiniteAudioError,
    SpokenTextTooLongError,
    UnknownVoiceError,
    UnsupportedLanguageError,
)
from model_layer.memory import release_free_memory
from model_layer.settings import EngineSettings
from model_layer.speech_plan import TEXT_TYPES, PlannedChunk, SpeechPlan
from model_layer.text import (
    SanitizedText,
    TextIndexer,
    UnsupportedCharactersError,
    normalize_text,
    preprocess,
    sanitize,
    split_into_chunks,
)
from model_layer.text.blocks import normalize_in_blocks
from model_layer.text.chunking import ends_phrase
from model_layer.text.detection import LanguageDetector
from model_layer.text.lexicon import Lexicon
from model_layer.text.spans import Segment, SpokenText, add_pauses, plain_text
from model_layer.text.ssml import parse_ssml
from model_layer.text.tags import fold as fold_tags
from model_layer.voices import Style, parse_style

# Short fades at chunk edges so the cut at the predicted duration never clicks.
FADE_SECONDS = 0.005
# The silence between two chunks cut apart between words: a breath, not a sentence break.
MID_PHRASE_GAP_SECONDS = 0.05


class Synthesizer:
    """A loaded model: engine, indexer and preset voices, built by `model_layer.load()`."""

    def __init__(
        self,
        engine: Engine,
        indexer: TextIndexer,
        voices: Mapping[str, Style],
        settings: EngineSettings,
        revision: str,
        *,
        detector: LanguageDetector | None = None,
        lexicon: Lexicon | None = None,
        gain_table: GainTable | None = None,
    ):
        self.engine = engine
        self.indexer = indexer
        self.voices = dict(voices)
        # The deployment's own voices (voice-style files, handler/voice_library.py), by name.
        self.library: Mapping[str, Style] = {}
        self.settings = settings
        # Inline styles are held to the range of this model's own voices.
        self.style_bounds = Style.bounds_of(self.voices.values(), settings.style_magnitude_factor)
        self.revision = revision
        # Set by model_layer.load() from the image build's verification (loader.weights_digest).
        self.weights_sha256 = "unknown"
        # Without an identifier: the script rules and the default language only.
        self.detector = detector or LanguageDetector(None, settings.default_lang)
        self.lexicon = lexicon or Lexicon()  # the deployment's, under the request's
        # Each preset's measured loudness (model_layer.build.calibrate); None = never calibrated.
        self.gain_table = gain_table
        self.duration_guard = DurationGuard(
            settings.duration_guard,
            settings.duration_guard_limit,
            settings.duration_guard_replacement,
        )

    @property
    def sample_rate(self) -> int:
        return self.engine.config.sample_rate

    def resolve_voice(self, voice: str | Mapping[str, Any] | Style) -> Style:
        """A preset or library voice by name, a blend ("M1*0.7+F2*0.3", blends.py), or an
        inline style (checked against the model's own voices' range)."""
        if isinstance(voice, Style):
            return voice
        if isinstance(voice, str):
            if is_blend(voice):
                return mix(parse_blend(voice), self._named_voice)
            return self._named_voice(voice)
        style = parse_style(voice)
        return self.style_bounds.check(style) if self.style_bounds else style

    def _named_voice(self, name: str) -> Style:
        found = self.voices.get(name) or self.library.get(name)
        if found is None:
            known = ", ".join(sorted(self.voices))
            more = f"; the library has {len(self.library)} more (GET /v1/voices)"
            raise UnknownVoiceError(
                f"unknown voice '{name}'; presets are {known}{more if self.library else ''}"
            )
        return found

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
        lexicon: Mapping[str, str] | Lexicon | None = None,
        max_chunk_chars: int | None = None,
        cancel: CancelToken | None = None,
        text_type: str = "text",
        durations: bool = True,
        # Bounds the text as read (lexicons and normalization can multiply it), checked
        # before any chunking or duration prediction is spent on it.
        max_spoken_chars: int | None = None,
        loudness: str = "normalized",
        first_clause: bool = False,
    ) -> SpeechPlan:
        """Everything about the speech but the audio; `text_type="ssml"` reads `text`
        as the SSML subset of `model_layer.text.ssml`. `durations=False` skips duration
        prediction (every duration is 0): the plan shows what would be read
        (POST /v1/normalize) but cannot be streamed.

        `cancel` also bounds planning itself: it is checked before each block of
        normalization (at most `blocks.BLOCK_CHARS` characters), each paragraph and
        chunk of chunking and each chunk's duration prediction, so a cancelled token
        stops planning within milliseconds with `SynthesisCancelled`.

        `first_clause` (for an answer that streams): the first chunk ends at the first
        clause boundary (`chunking.first_clause_end`), so the first audio is ready after
        a few words; without it (buffered answers) the text is chunked as it always was."""
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
        if text_type not in TEXT_TYPES:
            raise InvalidRequestError(f"text_type must be 'text' or 'ssml', got {text_type!r}")
        if loudness not in LOUDNESS_MODES:
            raise InvalidRequestError(f"loudness must be 'normalized' or 'raw', got {loudness!r}")
        style = self.resolve_voice(voice)
        if not text or not text.strip():
            raise EmptyTextError("text is empty")
        check = cancel.check if cancel is not None else None
        if check is not None:
            check()
        spoken = self._read(text, text_type, lang, speed)
        segments = [
            (segment, self._speakable(segment, normalize, lexicon, check))
            for segment in spoken.segments
        ]
        # Before any chunking or duration prediction is spent on an expanded text.
        spoken_chars = sum(len(clean.text) for _, clean in segments)
        if max_spoken_chars is not None and spoken_chars > max_spoken_chars:
            raise SpokenTextTooLongError(spoken_chars, max_spoken_chars)
        dropped = tuple(sorted({cp for _, clean in segments for cp in clean.dropped}))
        if strict and dropped:
            raise UnsupportedCharactersError(dropped)
        if not any(clean.text.strip() for _, clean in segments):
            after = " after removing unsupported ones" if dropped else ""
            raise EmptyTextError(f"text has no speakable characters{after}")
        silence_samples = int(self.settings.chunk_silence_seconds * self.sample_rate)
        protected = _lexicon_outputs(lexicon, self.lexicon) if first_clause else None
        voices = self._segment_voices(segments, loudness)
        chunks, unspent_pause = self._plan_chunks(
            segments, style, silence_samples, max_chunk_chars, durations, cancel, protected, voices
        )
        if not chunks:
            raise EmptyTextError("text has no speakable characters")
        trailing_pause = add_pauses(unspent_pause, spoken.trailing_pause) or 0.0
        return SpeechPlan(
            chunks=tuple(chunks),
            lang=spoken.lang,
            style=style,
            speed=speed,
            steps=steps,
            seed=secrets.randbits(63) if seed is None else seed,
            dropped=dropped,
            sample_rate=self.sample_rate,
            silence_samples=silence_samples,
            trailing_silence_samples=int(trailing_pause * self.sample_rate),
            normalized_text=" ".join(clean.text.strip() for _, clean in segments).strip(),
            leveling=self.leveling(style) if loudness == "normalized" else None,
            segment_texts=tuple(
                ("".join(piece for piece, _ in segment.pieces), clean.text)
                for segment, clean in segments
            ),
        )

    def _segment_voices(
        self, segments: list[tuple[Segment, SanitizedText]], loudness: str
    ) -> dict[str, tuple[Style, Leveling | None]]:
        """The style and leveling of every SSML <voice> name, each resolved once (an unknown
        one is an UnknownVoiceError naming it)."""
        found: dict[str, tuple[Style, Leveling | None]] = {}
        for segment, _ in segments:
            name = segment.voice
            if name is not None and name not in found:
                style = self.resolve_voice(name)
                found[name] = (style, self.leveling(style) if loudness == "normalized" else None)
        return found

    def leveling(self, style: Style) -> Leveling | None:
        """The calibrated gain and the true-peak ceiling for `style`: known before any
        audio, so a stream applies it from its first chunk. None (raw output) for a style
        the gain table does not hold: an inline style that is no preset, or any style of
        a model that was never calibrated."""
        if self.gain_table is None:
            return None
        entry = self.gain_table.find(style)
        if entry is None:
            return None
        target, ceiling = self.settings.loudness_target_lufs, self.settings.loudness_true_peak_dbtp
        gain_db = self.gain_table.gain_db(entry, target, ceiling)
        return Leveling(gain=db_to_gain(gain_db), ceiling=db_to_gain(ceiling))

    def _read(self, text: str, text_type: str, lang: str | None, speed: float) -> SpokenText:
        """The request's text as spans: one for plain text, as many as SSML makes."""
        if text_type == "ssml":
            return parse_ssml(text, lang=lang, speed=speed, detect=self.detector.detect)
        return plain_text(text, lang or self.detector.detect(text), speed)

    def _speakable(
        self,
        segment: Segment,
        normalize: bool,
        lexicon: Mapping[str, str] | Lexicon | None,
        check: Callable[[], None] | None = None,
    ) -> SanitizedText:
        """The segment's text as the model should say it: each piece normalized in the
        segment's language (unless protected), in bounded blocks so the cost stays
        linear in its length, then unsupported characters handled."""

        def normalized(piece: str) -> str:
            return normalize_text(piece, segment.lang, lexicon, self.lexicon)

        text = "".join(
            normalize_in_blocks(piece, normalized, check)
            if normalize and not protected
            else fold_tags(piece)  # expression tags in the model's form, even unnormalized
            for piece, protected in segment.pieces
        )
        return sanitize(text, self.indexer, segment.lang)

    def _plan_chunks(
        self,
        segments: list[tuple[Segment, SanitizedText]],
        style: Style,
        silence_samples: int,
        max_chunk_chars: int | None,
        durations: bool,
        cancel: CancelToken | None,
        first_clause: Collection[str] | None = None,
        voices: Mapping[str, tuple[Style, Leveling | None]] | None = None,
    ) -> tuple[list[PlannedChunk], float | None]:
        """Chunks of every segment, each with the silence before it: the pause a
        <break> asked for, else the usual gap (none before the first, a short one after
        a chunk that ends between words). Also returns
        a pause asked for after the last chunk. `first_clause`: the first chunk ends at
        its first clause, never inside these strings (what the lexicons said)."""
        chunks: list[PlannedChunk] = []
        pause: float | None = None  # carried over segments left empty
        for number, (segment, clean) in enumerate(segments):
            pause = add_pauses(pause, segment.pause_before)
            texts = self._chunk_texts(
                clean.text, segment.lang, max_chunk_chars, not chunks, cancel, first_clause
            )
            for index, chunk_text in enumerate(texts):
                if cancel is not None:
                    cancel.check()
                if pause is not None:
                    gap = int(pause * self.sample_rate)
                elif index and not ends_phrase(texts[index - 1]):
                    # Cut between words (a short first chunk, an over-long sentence):
                    # a full pause there would sound like a stumble.
                    gap = min(silence_samples, int(MID_PHRASE_GAP_SECONDS * self.sample_rate))
                else:
                    gap = silence_samples if chunks else 0
                pause = None
                if segment.voice is None or voices is None:
                    chunk = self._plan_chunk(chunk_text, segment, style, gap, durations, cancel)
                    chunks.append(replace(chunk, segment=number))
                    continue
                # An SSML <voice> of its own: its style (resolved once per plan) and gain.
                own, leveling = voices[segment.voice]
                chunk = self._plan_chunk(chunk_text, segment, own, gap, durations, cancel)
                chunks.append(
                    replace(
                        chunk, segment=number, voice=segment.voice, style=own, leveling=leveling
                    )
                )
        return chunks, pause

    def _chunk_texts(
        self,
        text: str,
        lang: str,
        max_chunk_chars: int | None,
        opens_plan: bool,
        cancel: CancelToken | None = None,
        first_clause: Collection[str] | None = None,
    ) -> list[str]:
        """`opens_plan`: the plan's first chunk comes from this text, and ends at the first
        boundary after `first_chunk_chars` (or, with `first_clause`, at its first clause),
        so the first audio is ready sooner."""
        max_chars = max_chunk_chars or self.settings.max_chunk_chars
        first_chars = (self.settings.first_chunk_chars or None) if opens_plan else None
        check = cancel.check if cancel is not None else None
        return split_into_chunks(
            text,
            lang,
            max_chars,
            first_chunk_min_chars=first_chars,
            check=check,
            first_clause=opens_plan and first_clause is not None,
            protected=first_clause or (),
        )

    def _plan_chunk(
        self,
        text: str,
        segment: Segment,
        style: Style,
        silence_before: int,
        durations: bool,
        cancel: CancelToken | None,
    ) -> PlannedChunk:
        model_text = preprocess(text, segment.lang)
        text_ids, text_mask = self.indexer.encode([model_text])
        duration = (
            self.engine.predict_durations(text_ids, text_mask, style, segment.speed, cancel)
            if durations
            else np.zeros(1, dtype=np.float32)
        )
        if not np.isfinite(duration).all():
            # An extreme style can overflow the duration predictor; a NaN length would
            # pass every size check (comparisons with NaN are false) and fail later.
            raise NonFiniteAudioError("a non-finite duration")
        capped = (
            self.duration_guard.apply(float(duration[0]), segment.speed, text, segment.lang)
            if durations
            else None
        )
        if capped is not None:
            duration = np.array([capped], dtype=np.float32)
        return PlannedChunk(
            text,
            text_ids,
            text_mask,
            duration,
            segment.lang,
            segment.speed,
            silence_before,
            model_text=model_text,
            duration_capped=capped is not None,
        )

    def chunk_noise(self, plan: SpeechPlan, index: int, latent_len: int) -> np.ndarray:
        """Each chunk's noise depends only on (seed, chunk index): a seed gives
        bit-identical audio on every run with the same settings, and the same audio
        within float rounding whatever the batch size."""
        rng = np.random.default_rng([plan.seed, index])
        shape = self.engine.noise_shape(1, latent_len)
        return rng.standard_normal(shape, dtype=np.float32)

    def stream(
        self,
        plan: SpeechPlan,
        cancel: CancelToken | None = None,
        *,
        start: int = 0,
        stop: int | None = None,
        streamed: bool = False,
    ) -> Iterator[np.ndarray]:
        """Float32 mono PCM, one array per chunk, each with the silence planned before it
        (and the last with any trailing pause).

        `streamed`: the caller sends each chunk as it comes, so the first chunk is denoised
        with `settings.first_chunk_steps` (when fewer than the plan's steps): its audio is
        ready sooner. Buffered callers leave it False and get the plan's steps throughout.

        `start`/`stop` limit it to chunks [start, stop), with the noise the whole plan
        gives them, so parts of one plan can run in separate processes; cut at
        `batch_starts(plan)` and the parts join into the whole plan's audio bit for bit.
        """
        fade = _fade(int(FADE_SECONDS * plan.sample_rate))
        last = len(plan.chunks) - 1
        stop = len(plan.chunks) if stop is None else stop
        try:
            for whole_group in _batches(plan.chunks, self.settings.batch_size or 1, plan.style_of):
                group = [i for i in whole_group if start <= i < stop]
                if not group:
                    continue
                steps = plan.steps
                if streamed and group[0] == 0 and self.settings.first_chunk_steps:
                    steps = min(steps, self.settings.first_chunk_steps)
                generated = self._generate(plan, group, cancel, steps)
                for index, wav in zip(group, generated, strict=True):
                    leveling = plan.leveling_of(index)
                    audio = _trim(wav, plan.chunk_samples(index), fade, leveling, plan.sample_rate)
                    before = plan.chunks[index].silence_before_samples
                    after = plan.trailing_silence_samples if index == last else 0
                    if before or after:
                        audio = np.concatenate(
                            [np.zeros(before, np.float32), audio, np.zeros(after, np.float32)]
                        )
                    yield audio
        finally:
            # Activations of this request are free now; without this, RSS keeps the
            # high-water mark of the longest chunk ever synthesized.
            release_free_memory()

    def batch_starts(self, plan: SpeechPlan) -> list[int]:
        """Chunk indices where a denoising batch of `stream()` begins."""
        batches = _batches(plan.chunks, self.settings.batch_size or 1, plan.style_of)
        return [group[0] for group in batches]

    def _generate(
        self, plan: SpeechPlan, indices: list[int], cancel: CancelToken | None, steps: int
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
        # A batch never mixes voices (_batches), so its first chunk's style is every one's.
        latents = self.engine.denoise(
            text_ids, text_mask, plan.style_of(indices[0]), durations, noise, steps, cancel
        )
        for row, length in enumerate(lengths):
            latent = np.ascontiguousarray(latents[row : row + 1, :, :length])
            yield self.engine.vocode(latent, cancel)[0]

    def synthesize(self, text: str, **options: Any) -> tuple[np.ndarray, SpeechPlan]:
        """The whole waveform at once: for short texts and tests."""
        plan = self.plan(text, **options)
        return np.concatenate(list(self.stream(plan))), plan


def _lexicon_outputs(*lexicons: Mapping[str, str] | Lexicon | None) -> list[str]:
    """What the lexicons say: a streamed answer's first cut never falls inside one."""
    said: list[str] = []
    for lexicon in lexicons:
        if isinstance(lexicon, Lexicon):
            said.extend(entry.say for entry in lexicon.entries)
        elif lexicon:
            said.extend(lexicon.values())
    return said


def _batches(
    chunks: tuple[PlannedChunk, ...],
    size: int,
    style_of: Callable[[int], Style] | None = None,
) -> Iterator[list[int]]:
    """Consecutive chunks of one voice (`style_of`), up to `size` at a time, of similar
    length: padding a short chunk to a long one's length would cost more than batching
    saves. The first chunk goes alone, so a streamed answer's first audio never waits for
    a second chunk."""
    group: list[int] = []
    for index, chunk in enumerate(chunks):
        length = chunk.text_ids.shape[1]
        if group:
            first = chunks[group[0]].text_ids.shape[1]
            other_voice = style_of is not None and style_of(index) is not style_of(group[0])
            if index == 1 or other_voice or len(group) == size or not 0.8 <= length / first <= 1.25:
                yield group
                group = []
        group.append(index)
    if group:
        yield group


def _fade(length: int) -> np.ndarray:
    return np.linspace(0.0, 1.0, length, dtype=np.float32) if length > 0 else np.ones(0, np.float32)


def _trim(
    wav: np.ndarray, samples: int, fade: np.ndarray, leveling: Leveling | None, sample_rate: int
) -> np.ndarray:
    """The chunk cut at its predicted length, levelled (or, raw, clipped to full
    scale), with faded edges."""
    if leveling is None:
        audio = np.clip(wav[:samples], -1.0, 1.0)
    else:
        audio = level(wav[:samples], leveling, sample_rate)
    n = min(len(fade), len(audio) // 2)
    if n:
        audio[:n] *= fade[:n]
        audio[-n:] *= fade[:n][::-1]
    return audio
