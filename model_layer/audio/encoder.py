"""Streaming encoder: float32 PCM chunks in, an encoded file out through a sink."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from types import TracebackType
from typing import Self

import numpy as np
import soundfile as sf
import soxr

from model_layer import provenance
from model_layer.audio.chapters import Chapter, ChapterSink, chapter_sink
from model_layer.audio.formats import AudioFormat, resolve_sample_rate
from model_layer.audio.sinks import MemorySink, PartSink
from model_layer.errors import NonFiniteAudioError

# (libsndfile major format, subtype); raw pcm bypasses libsndfile.
_SNDFILE_FORMATS: dict[AudioFormat, tuple[str, str]] = {
    AudioFormat.wav: ("WAV", "PCM_16"),
    AudioFormat.flac: ("FLAC", "PCM_16"),
    AudioFormat.mp3: ("MP3", "MPEG_LAYER_III"),
    AudioFormat.opus: ("OGG", "OPUS"),
    AudioFormat.ogg: ("OGG", "VORBIS"),
}


def float_to_pcm16(x: np.ndarray) -> bytes:
    """Float samples in [-1, 1] as signed 16-bit little-endian bytes, clipped.

    Scales by 32768 and rounds down, which is what libsndfile 1.2 does for float to
    PCM_16 (checked bit for bit), so raw pcm output equals the wav output's sample data.
    """
    scaled = np.floor(np.asarray(x, dtype=np.float32) * np.float32(32768.0))
    return np.clip(scaled, -32768, 32767).astype("<i2").tobytes()


def write_tags(file: sf.SoundFile, tags: Mapping[str, str]) -> None:
    """Set string tags on a SoundFile opened for writing, before its first frame."""
    for name, value in tags.items():
        setattr(file, name, value)


def mono_float32(pcm: np.ndarray) -> np.ndarray:
    """The samples an encoder takes: mono, 1-D, float32 and finite. Every encoder
    (buffered, streamed, batch) enters here, so none ever sees NaN or infinity: LAME
    aborts the process on them, FLAC fails and WAV writes noise."""
    x = np.asarray(pcm, dtype=np.float32)
    if x.ndim != 1:
        raise ValueError(f"expected mono 1-D samples, got shape {x.shape}")
    finite = np.isfinite(x)
    if not finite.all():
        raise NonFiniteAudioError(
            f"{x.size - np.count_nonzero(finite)} non-finite samples of {x.size}"
        )
    return x


class AudioEncoder:
    """Encodes mono float PCM, written chunk by chunk, into `fmt` through `sink`.

    Resampling (when the output rate differs from `source_rate`) runs through one
    `soxr.ResampleStream`, so chunk boundaries are seamless. Nothing touches the disk:
    libsndfile writes to the sink through soundfile's virtual I/O. `close()` flushes the
    resampler, finalises the container and closes the sink, which emits its last parts.

    `compression_level` (0 = best quality/largest .. 1 = smallest, libsndfile semantics)
    applies to flac, mp3, opus and ogg; None keeps libsndfile's defaults, which
    `estimated_size` bounds more tightly.

    `tags` are libsndfile string tags (artist, comment, software, ...) written into the
    container where it has a place: WAV LIST/INFO, MP3 ID3v2, Vorbis comments in FLAC,
    Ogg/Vorbis and Ogg/Opus; raw pcm has none. None means the process's provenance tags
    (model_layer.provenance: AI-generated, which model), so every file says what made it.

    `chapters` (known before the first sample: the plan fixes their times) are written
    where players read them: ID3v2 CHAP/CTOC in mp3, CHAPTERxxx comments in flac, ogg and
    opus (model_layer.audio.chapters); wav and pcm have no place for them.
    """

    def __init__(
        self,
        fmt: AudioFormat | str,
        source_rate: int,
        sink: PartSink,
        target_rate: int | None = None,
        *,
        compression_level: float | None = None,
        tags: Mapping[str, str] | None = None,
        chapters: Sequence[Chapter] = (),
    ) -> None:
        self.format = AudioFormat(fmt)
        if source_rate <= 0:
            raise ValueError(f"source sample rate must be positive, got {source_rate}")
        self.sample_rate = resolve_sample_rate(self.format, source_rate, target_rate)
        if compression_level is not None:
            if self.format in (AudioFormat.wav, AudioFormat.pcm):
                raise ValueError(f"format {self.format.value} takes no compression_level")
            if not 0.0 <= compression_level <= 1.0:
                raise ValueError(f"compression_level must be in [0, 1], got {compression_level}")
            if self.format is AudioFormat.mp3:
                # libsndfile 1.2.2 refuses exactly 1.0 for MP3 (LAME's VBR quality scale
                # is open at its end); 0.9999 encodes the same.
                compression_level = min(compression_level, 0.9999)
        tags = provenance.audio_tags() if tags is None else tags
        self._sink: PartSink | ChapterSink = chapter_sink(self.format.value, sink, chapters, tags)
        self._resampler = (
            soxr.ResampleStream(source_rate, self.sample_rate, 1, dtype="float32")
            if self.sample_rate != source_rate
            else None
        )
        self._frames = 0
        self._closed = False
        self._file: sf.SoundFile | None = None
        if self.format in _SNDFILE_FORMATS:
            container, subtype = _SNDFILE_FORMATS[self.format]
            with self._sink_errors():
                self._file = sf.SoundFile(
                    self._sink,
                    "w",
                    self.sample_rate,
                    1,
                    subtype,
                    format=container,
                    compression_level=compression_level,
                )
                # Before the first frame: libsndfile writes the tags into the header then.
                write_tags(self._file, tags)

    @property
    def frames_written(self) -> int:
        """Frames at the output rate handed to the encoder so far; the resampler holds
        back a few milliseconds until `close()`."""
        return self._frames

    @property
    def duration_seconds(self) -> float:
        return self._frames / self.sample_rate

    def write(self, pcm: np.ndarray) -> None:
        """Append mono float samples at the source rate; values outside [-1, 1] are clipped."""
        if self._closed:
            raise ValueError("write to a closed AudioEncoder")
        x = mono_float32(pcm)
        if self._resampler is not None:
            x = self._resampler.resample_chunk(x)
        self._encode(x)

    def close(self) -> None:
        """Flush, finalise the container and close the sink. Idempotent."""
        if self._closed:
            return
        self._closed = True
        if self._resampler is not None:
            self._encode(self._resampler.resample_chunk(np.zeros(0, np.float32), last=True))
        if self._file is not None:
            with self._sink_errors():
                self._file.close()
        self._sink.close()

    def abort(self) -> None:
        """Give up: release libsndfile and make sure the sink emits nothing more."""
        self._closed = True
        self._sink.abort()
        # Closing makes libsndfile finalise into the aborted sink, which discards it.
        if self._file is not None and not self._file.closed:
            self._file.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        # A failed synthesis must not complete a file: emitting part 1 would let the
        # caller finish an upload of truncated audio.
        if exc_type is None:
            self.close()
        else:
            self.abort()

    def _encode(self, x: np.ndarray) -> None:
        if not x.size:
            return
        # Resampling overshoots near full scale; Vorbis/Opus/MP3 take floats unclipped.
        x = np.clip(x, -1.0, 1.0)
        if self._file is None:
            self._sink.write(float_to_pcm16(x))
        else:
            with self._sink_errors():
                self._file.write(x)
        self._frames += len(x)

    @contextmanager
    def _sink_errors(self) -> Iterator[None]:
        """Re-raise sink errors that soundfile's I/O callbacks swallowed, and abort: the
        output is unusable once the sink has refused a write."""
        try:
            yield
        except Exception as exc:
            if self._sink.error is not None:
                self.abort()
                raise self._sink.error from exc
            raise
        if self._sink.error is not None:
            self.abort()
            raise self._sink.error


def encode(
    pcm: Iterable[np.ndarray],
    fmt: AudioFormat | str,
    source_rate: int,
    target_rate: int | None = None,
    *,
    compression_level: float | None = None,
    tags: Mapping[str, str] | None = None,
) -> bytes:
    """The whole encoded file in memory; for results small enough to return inline."""
    sink = MemorySink()
    with AudioEncoder(
        fmt, source_rate, sink, target_rate, compression_level=compression_level, tags=tags
    ) as encoder:
        for chunk in pcm:
            encoder.write(chunk)
    return sink.getvalue()
