"""What determines a speech answer's bytes, as one digest: the key of the result cache.

Pure functions of a plan and the output settings. Everything that changes the audio goes
in (model revision and precision, the chunks exactly as sent to the model with their
durations, languages, speeds and pauses, the voice's tensors, steps, seed, batching, the
loudness levelling, format, sample rate, and the audio libraries' versions), and nothing
else: the request's own text never does (two spellings that plan to the same chunks are
one entry), and the digest reveals nothing of it.

The seed is kept out of `content_digest`, so a request without a seed can take one derived
from everything else (`derived_seed`): the same request then gives the same audio, and hits.
"""

from __future__ import annotations

import hashlib
import struct

import numpy as np

from model_layer.audio.loudness import style_digest
from model_layer.synthesizer import SpeechPlan

# Bump when code changes the bytes for the same inputs (encoders, fades, the limiter).
CACHE_SCHEMA = "speech-v1"


def _audio_library_versions() -> str:
    import soundfile
    import soxr

    return f"libsndfile={soundfile.__libsndfile_version__};soxr={soxr.__version__}"


def content_digest(
    plan: SpeechPlan,
    *,
    model_revision: str,
    precision: str,
    batch_size: int,
    audio_format: str,
    sample_rate: int,
) -> str:
    """SHA-256 (hex) over everything but the seed that determines the encoded audio."""
    digest = hashlib.sha256()

    def field(name: str, value: bytes | str) -> None:
        data = value.encode() if isinstance(value, str) else value
        digest.update(name.encode() + b"\0" + struct.pack("<Q", len(data)) + data)

    field("schema", CACHE_SCHEMA)
    field("libraries", _audio_library_versions())
    field("model", model_revision)
    field("precision", precision)
    field("batch_size", str(batch_size))
    field("style", style_digest(plan.style))
    field("steps", str(plan.steps))
    field("model_rate", str(plan.sample_rate))
    field("format", audio_format)
    field("rate", str(sample_rate))
    leveling = plan.leveling
    field("leveling", "raw" if leveling is None else f"{leveling.gain!r}/{leveling.ceiling!r}")
    field("trailing", str(plan.trailing_silence_samples))
    for chunk in plan.chunks:
        field("ids", np.ascontiguousarray(chunk.text_ids, dtype=np.int64).tobytes())
        field("mask", np.ascontiguousarray(chunk.text_mask, dtype=np.float32).tobytes())
        field("duration", np.ascontiguousarray(chunk.duration, dtype=np.float32).tobytes())
        field("chunk", f"{chunk.lang}/{chunk.speed!r}/{chunk.silence_before_samples}")
        if chunk.style is not None:  # an SSML <voice> of its own, and its leveling
            field("chunk_style", style_digest(chunk.style))
            level = chunk.leveling
            field("chunk_leveling", "raw" if level is None else f"{level.gain!r}/{level.ceiling!r}")
    return digest.hexdigest()


def derived_seed(content: str) -> int:
    """A seed from a content digest: 63 bits, as `Synthesizer.plan` draws them."""
    return int.from_bytes(hashlib.sha256(f"seed\0{content}".encode()).digest()[:8], "big") >> 1


def result_key(content: str, seed: int) -> str:
    """The cache entry's name: the content digest with the seed."""
    return hashlib.sha256(f"{content}\0{seed}".encode()).hexdigest()
