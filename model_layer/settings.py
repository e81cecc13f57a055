"""Run-time knobs of the engine, read once from the environment (prefix SUPERTONIC_).

Defaults are chosen for a 2 vCPU / 2 GB function; each can be overridden without
a code change.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Literal

from pydantic import AliasChoices, Field
from pydantic_settings import BaseSettings, SettingsConfigDict

from model_layer.constants import ALL_LANGUAGE_CODES
from model_layer.cpu import usable_cpus

LanguageCode = Literal[ALL_LANGUAGE_CODES]  # type: ignore[valid-type]


class EngineSettings(BaseSettings):
    model_config = SettingsConfigDict(
        env_prefix="SUPERTONIC_", frozen=True, extra="ignore", populate_by_name=True
    )

    # None = the CPUs this process can really use (affinity and cgroup quota): more
    # threads than CPUs makes every op wait for time slices.
    intra_op_threads: int | None = Field(default=None, ge=1, le=64)
    # The graphs are single chains of ops; a second inter-op pool only adds threads.
    inter_op_threads: int = Field(default=1, ge=1, le=64)
    # Sequential execution: parallel execution buys nothing on a chain and costs a pool.
    execution_mode: Literal["sequential", "parallel"] = "sequential"
    # Spinning keeps idle workers burning CPU between runs; on 2 vCPU that CPU is
    # needed by the other thread, and on Lambda it is billed.
    allow_spinning: bool = False
    graph_optimization: Literal["disable", "basic", "extended", "all"] = "all"
    # The arena keeps every block it ever grew to for the largest input seen, so
    # variable-length text makes memory climb and never come back; off keeps RSS flat.
    cpu_mem_arena: bool = False
    # Memory patterns pre-plan buffers per input shape; shapes change with every
    # text, so the plans are rebuilt anyway and only cost memory.
    mem_pattern: bool = False
    # int8 is the opt-in fast mode; it needs graphs prepared by model_layer.build.optimize.
    precision: Literal["fp32", "int8"] = "fp32"
    # Use graphs prepared at image build (model_layer.build.optimize) when they match this
    # ONNX Runtime and these source graphs: faster load, no load-time memory spike.
    prepared_graphs: bool = True
    # Prepared fp32 graphs keep their weights packed as the CPU kernels use them, mapped
    # read-only from the data file: worker processes on one machine (Lambda Managed
    # Instances run several) share one copy in the page cache, instead of each packing
    # ~400 MB onto its own heap. Same speed (measured); read by model_layer.build.optimize at
    # image build and by the loader, which refuses packed graphs when it is off. Off by
    # default: the packed layout is picked for the CPU that packs it (the build machine);
    # on a CPU with other instruction-set features the loader takes the original graphs.
    shared_weights: bool = False
    # Chunks of similar length denoised together, padded to the longest. None = decided
    # at load: 2 when the image build found the vector estimator padding-invariant
    # (model_layer.build.optimize records it: the project's own synthetic layout, ~20% less
    # time per chunk at 2), else 1, since padding would change a chunk's audio (the
    # released graphs edge-pad the masked sequence) and with their guidance batch
    # already doubled inside the graph a batch of 2 saved nothing measurable (README,
    # Performance).
    batch_size: int | None = Field(default=None, ge=1, le=16)
    # Silence between chunks; the reference's 0.3 s sounds like a stall.
    chunk_silence_seconds: float = Field(default=0.2, ge=0.0, le=2.0)
    # An inline voice's style values may be at most this many times the largest magnitude
    # found in the model's own voices (per tensor); beyond it they are no voice, and
    # extreme values overflow the graphs into NaN audio.
    style_magnitude_factor: float = Field(default=4.0, ge=1.0, le=1000.0)
    # Characters per chunk; None = per-language default (see model_layer.text).
    max_chunk_chars: int | None = Field(default=None, ge=20, le=1000)
    # The first chunk ends at the first sentence or clause boundary at least this
    # many characters in, so the first audio is ready after one clause; 0 = chunk the
    # start like the rest. Buffered answers (and streamed ones with
    # stream_first_clause off) are cut this way.
    first_chunk_chars: int = Field(default=40, ge=0, le=1000)
    # A streamed answer's first chunk ends at its first clause (a few words), so its first
    # audio comes sooner; its audio then differs from the buffered answer's for the same
    # seed (which keeps the cut above). Off: streamed and buffered plans are the same.
    stream_first_clause: bool = True
    # Denoising steps of the FIRST chunk of a streamed answer (when fewer than the
    # request's steps; 0 = the request's): the first audio is ready sooner, later chunks
    # and buffered answers keep the request's steps. Chosen by measurement (README,
    # Performance): the first chunk's synthesis time falls with the steps, and 4 keeps
    # half of the default 8.
    first_chunk_steps: int = Field(default=4, ge=0, le=100)
    # The runaway-duration guard (model_layer/duration_guard.py): a chunk predicted at more
    # than `duration_guard_limit` times the length its letters imply gets
    # `duration_guard_replacement` times that length instead, so no time is spent on
    # babble. Public measurement on the real weights; DURATION_GUARD=off turns it off.
    duration_guard: bool = Field(
        default=True, validation_alias=AliasChoices("DURATION_GUARD", "SUPERTONIC_DURATION_GUARD")
    )
    duration_guard_limit: float = Field(default=1.6, ge=1.0, le=100.0)
    duration_guard_replacement: float = Field(default=1.1, gt=0.0, le=100.0)
    # Run one short synthesis at load so the first request does not pay for
    # lazy allocations and kernel selection.
    warmup: bool = True
    # The language of text sent without `lang` when detection is unsure (short text,
    # digits only). Read from DEFAULT_LANG, the name users look for first.
    default_lang: LanguageCode = Field(
        default="en", validation_alias=AliasChoices("DEFAULT_LANG", "SUPERTONIC_DEFAULT_LANG")
    )
    # Loudness of preset voices with `"loudness": "normalized"` (the default), integrated
    # per ITU-R BS.1770; needs the gain table model_layer.build.calibrate writes at image build.
    # -16 LUFS is the usual level for speech on phones and the web (-23 is broadcast).
    loudness_target_lufs: float = Field(
        default=-16.0,
        ge=-40.0,
        le=-5.0,
        validation_alias=AliasChoices("LOUDNESS_TARGET_LUFS", "SUPERTONIC_LOUDNESS_TARGET_LUFS"),
    )
    # The true peak (4x oversampled) normalized audio never exceeds: headroom for the
    # overshoot of lossy encoders and resampling, so no decoded sample clips.
    loudness_true_peak_dbtp: float = Field(
        default=-1.0,
        ge=-12.0,
        le=-0.1,
        validation_alias=AliasChoices(
            "LOUDNESS_TRUE_PEAK_DBTP", "SUPERTONIC_LOUDNESS_TRUE_PEAK_DBTP"
        ),
    )
    # Identify Latin and Cyrillic languages with py3langid (loaded at init); off = the
    # script rules and DEFAULT_LANG only.
    language_identifier: bool = True
    # py3langid's probability (over our 31 languages) below which its guess is ignored:
    # 0.5 keeps 227 of 230 plain sentences right and drops digits-only guesses.
    language_confidence: float = Field(default=0.5, ge=0.0, le=1.0)
    # A deployment-wide lexicon file (JSON, format in model_layer/text/lexicon.py).
    lexicon_file: Path | None = None
    # Provenance tags (AI-generated, the model) inside every audio file where the format
    # has a place for them (WAV LIST/INFO, MP3 ID3, Vorbis comments in FLAC/Ogg/Opus).
    # Off only where the deployer discloses machine-generated speech otherwise (README,
    # "Licence duties"); the x-ai-generated response headers stay on either way.
    audio_provenance: bool = True

    def threads(self) -> int:
        return self.intra_op_threads or usable_cpus()


@lru_cache(maxsize=1)
def get_settings() -> EngineSettings:
    return EngineSettings()
