"""Output formats: what each one is called, which sample rates it can carry, how big it gets."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

SUPPORTED_SAMPLE_RATES: tuple[int, ...] = (8000, 16000, 22050, 24000, 44100, 48000)

# Every rate libsndfile's LAME binding accepts (MPEG-1, MPEG-2 and MPEG-2.5 rates).
_MP3_RATES = frozenset({8000, 11025, 12000, 16000, 22050, 24000, 32000, 44100, 48000})
# libopus only runs at these rates; libsndfile refuses to open an Opus file at any other.
_OPUS_RATES = frozenset({8000, 12000, 16000, 24000, 48000})

# Ceilings measured with libsndfile 1.2.2 on full-scale white noise (far denser than
# speech) at every supported rate, plus ~20% margin. Default settings peaked at
# 9.8 kB/s (Vorbis at 44.1 kHz); with any `compression_level` the peaks were
# 40.2 kB/s (MP3, 320 kbit/s), 34.6 kB/s (Vorbis) and 32.4 kB/s (Opus).
_LOSSY_DEFAULT_BYTES_PER_SECOND = 12_000
_LOSSY_TUNED_BYTES_PER_SECOND = 48_000
# Headers, Ogg/MP3 framing and the FLAC STREAMINFO block are all well under this.
_CONTAINER_OVERHEAD_BYTES = 16_384


class AudioFormat(StrEnum):
    """An output format; the value is what API callers write."""

    wav = "wav"  # RIFF/WAVE, PCM 16-bit
    flac = "flac"  # FLAC, 16-bit
    mp3 = "mp3"  # MPEG-1/2 Layer III
    opus = "opus"  # Opus in an Ogg container
    ogg = "ogg"  # Vorbis in an Ogg container
    pcm = "pcm"  # raw signed 16-bit little-endian mono, no header

    @classmethod
    def _missing_(cls, value: object) -> AudioFormat:
        if isinstance(value, str) and value.lower() in cls.__members__:
            return cls[value.lower()]
        names = ", ".join(cls.__members__)
        raise ValueError(f"unsupported audio format {value!r}; expected one of: {names}")


@dataclass(frozen=True, slots=True)
class FormatSpec:
    """Static facts about one output format."""

    content_type: str
    extension: str
    # Rates the encoder can write; None means any rate.
    encodable_rates: frozenset[int] | None
    # Used when the source rate is not encodable and the caller did not choose a rate.
    default_rate: int
    # Upper bound on bytes per second of audio at a given output rate; `tuned` means a
    # non-default `compression_level`, which can raise lossy bitrates well above default.
    bytes_per_second: Callable[[int, bool], int]

    def can_encode(self, rate: int) -> bool:
        return self.encodable_rates is None or rate in self.encodable_rates


def _pcm16_rate(rate: int, _tuned: bool) -> int:
    return 2 * rate


def _flac_rate(rate: int, _tuned: bool) -> int:
    # Incompressible input is stored verbatim plus frame headers (measured +0.45%).
    return 2 * rate + rate // 50


def _lossy_rate(_rate: int, tuned: bool) -> int:
    return _LOSSY_TUNED_BYTES_PER_SECOND if tuned else _LOSSY_DEFAULT_BYTES_PER_SECOND


FORMATS: dict[AudioFormat, FormatSpec] = {
    AudioFormat.wav: FormatSpec("audio/wav", "wav", None, 44100, _pcm16_rate),
    AudioFormat.flac: FormatSpec("audio/flac", "flac", None, 44100, _flac_rate),
    AudioFormat.mp3: FormatSpec("audio/mpeg", "mp3", _MP3_RATES, 44100, _lossy_rate),
    AudioFormat.opus: FormatSpec("audio/ogg; codecs=opus", "opus", _OPUS_RATES, 48000, _lossy_rate),
    AudioFormat.ogg: FormatSpec("audio/ogg; codecs=vorbis", "ogg", None, 44100, _lossy_rate),
    # Not audio/L16: that type is big-endian by definition (RFC 2586). Amazon Polly
    # labels the same little-endian stream audio/pcm.
    AudioFormat.pcm: FormatSpec("audio/pcm", "pcm", None, 44100, _pcm16_rate),
}


def resolve_sample_rate(fmt: AudioFormat | str, source_rate: int, target_rate: int | None) -> int:
    """The rate `fmt` will be written at, or ValueError naming the format and rate.

    An explicit `target_rate` must be one of SUPPORTED_SAMPLE_RATES and encodable by the
    format; it is never silently changed, so a request for Opus at 44,100 Hz is rejected
    rather than answered at 48,000. Without one, the source rate is kept when the format
    can carry it, otherwise the format's default (Opus: 48,000 Hz).
    """
    spec = FORMATS[AudioFormat(fmt)]
    if target_rate is None:
        return source_rate if spec.can_encode(source_rate) else spec.default_rate
    if target_rate not in SUPPORTED_SAMPLE_RATES:
        rates = ", ".join(map(str, SUPPORTED_SAMPLE_RATES))
        raise ValueError(f"unsupported sample rate {target_rate!r} Hz; expected one of: {rates}")
    if not spec.can_encode(target_rate):
        rates = ", ".join(str(r) for r in SUPPORTED_SAMPLE_RATES if spec.can_encode(r))
        raise ValueError(
            f"format {AudioFormat(fmt).value} cannot encode {target_rate} Hz; use one of: {rates}"
        )
    return target_rate


def estimated_size(
    fmt: AudioFormat | str,
    seconds: float,
    sample_rate: int,
    *,
    compression_level: float | None = None,
) -> int:
    """A conservative (over-)estimate of the encoded size in bytes, for deciding up front
    whether a result fits an inline response."""
    spec = FORMATS[AudioFormat(fmt)]
    per_second = spec.bytes_per_second(sample_rate, compression_level is not None)
    return int(per_second * seconds) + _CONTAINER_OVERHEAD_BYTES
