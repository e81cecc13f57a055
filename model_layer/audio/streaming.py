"""Encoding for a one-way stream: the bytes of each chunk can leave as soon as it is written.

A file built in memory can be patched at close (see sinks.py); a stream cannot take
bytes back, so each format is made streamable by knowing up front what it would patch:

- pcm: no header. wav: the header (44 bytes, plus a LIST/INFO chunk when the file
  carries tags) is written first with the length the plan fixes (every chunk's length
  is known before synthesis), and the data is padded or cut to exactly that length.
- flac: libsndfile writes STREAMINFO at open with 0 total samples ("unknown"), which
  libsndfile itself then refuses to read; the total is filled in from the plan before
  the first byte leaves, and the data is held to it. MD5 and frame sizes stay 0, which
  the format defines as "not known".
- mp3: LAME's first frame is the placeholder of the Xing/LAME info frame it fills in
  at close; the stream keeps the placeholder, so every audio frame is byte-identical to
  the buffered file but players cannot trim the encoder delay (~25 ms of silence first).
- opus, ogg: Ogg pages are never rewritten.

Patches a container makes at close fall on bytes already sent and are dropped; a write
into sent bytes at any other time is an error (the output would be corrupt).
"""

from __future__ import annotations

import io
import struct
from collections.abc import Mapping
from os import SEEK_CUR, SEEK_END, SEEK_SET

import numpy as np
import soundfile as sf
import soxr

from model_layer import provenance
from model_layer.audio.encoder import AudioEncoder, mono_float32, write_tags
from model_layer.audio.formats import AudioFormat, resolve_sample_rate
from model_layer.audio.sinks import PartSink, _discard, _write_at

# Formats whose declared length (wav header, flac STREAMINFO) must match the data.
_FIXED_LENGTH = frozenset({AudioFormat.wav, AudioFormat.flac})
# STREAMINFO starts after "fLaC" and the 4-byte block header; total samples are its
# last 36 bits before the MD5: the low nibble of byte 21 and bytes 22-25 of the file.
_FLAC_TOTAL_SAMPLES_AT = 21


def wav_header(frames: int, sample_rate: int, tags: Mapping[str, str] | None = None) -> bytes:
    """The RIFF/WAVE header of 16-bit mono PCM exactly as libsndfile writes it, declaring
    `frames` frames: 44 bytes, or more with the LIST/INFO chunk of `tags` (None: the
    process's provenance tags). libsndfile writes it (for an empty file), so a streamed
    wav equals the buffered one byte for byte; only the two sizes are filled in here."""
    tags = provenance.audio_tags() if tags is None else tags
    if not tags:
        data = frames * 2
        return b"".join((
            b"RIFF", struct.pack("<I", 36 + data), b"WAVE",
            b"fmt ", struct.pack("<IHHIIHH", 16, 1, 1, sample_rate, sample_rate * 2, 2, 16),
            b"data", struct.pack("<I", data),
        ))  # fmt: skip
    buffer = io.BytesIO()
    with sf.SoundFile(buffer, "w", sample_rate, 1, "PCM_16", format="WAV") as empty:
        write_tags(empty, tags)
    header = bytearray(buffer.getvalue())
    if header[-8:-4] != b"data":
        raise ValueError("libsndfile's WAV header does not end with the data chunk")
    data = frames * 2
    header[4:8] = struct.pack("<I", len(header) - 8 + data)
    header[-4:] = struct.pack("<I", data)
    return bytes(header)


def resampled_frames(frames: int, source_rate: int, target_rate: int) -> int:
    """Frames soxr's stream resampler gives for `frames` input frames (rounded half up)."""
    return (2 * frames * target_rate + source_rate) // (2 * source_rate)


class StreamSink(PartSink):
    """A seekable write-only file-like whose bytes are handed out, in file order, by `take()`.

    A write into bytes already taken raises PartSinkError (kept in `error`), except
    while `finalizing`: then it is the container patching its header at close, and it
    is dropped because those bytes have left.
    """

    def __init__(self) -> None:
        super().__init__(_discard, part_size=1, head_size=1)
        self._buffer = bytearray()
        self._taken = 0
        self.finalizing = False

    @property
    def taken(self) -> int:
        return self._taken

    def seek(self, offset: int, whence: int = SEEK_SET) -> int:
        base = {SEEK_SET: 0, SEEK_CUR: self._pos, SEEK_END: self._size}[whence]
        if base + offset < 0:
            raise ValueError(f"negative seek position {base + offset}")
        self._pos = base + offset
        return self._pos

    def write(self, data: bytes | bytearray | memoryview) -> int:
        view = memoryview(data).cast("B")
        length = len(view)
        if self._aborted:
            return length
        if self._closed:
            self._fail("write to a closed sink")
        start = self._pos
        if start < self._taken:
            if not self.finalizing:
                self._fail(f"cannot rewrite byte {start}: bytes before {self._taken} were sent")
            skipped = min(length, self._taken - start)
            view, start = view[skipped:], start + skipped
        if len(view):
            _write_at(self._buffer, start - self._taken, view)
        self._pos += length
        self._size = max(self._size, self._pos)
        return length

    def patch(self, offset: int, data: bytes) -> None:
        """Overwrite bytes not yet taken (a header the caller knows better than the encoder)."""
        if offset < self._taken:
            self._fail(f"cannot patch byte {offset}: bytes before {self._taken} were sent")
        _write_at(self._buffer, offset - self._taken, memoryview(data))

    def pending(self) -> bytes:
        """The bytes written but not yet taken."""
        return bytes(self._buffer)

    def take(self) -> bytes:
        out = bytes(self._buffer)
        self._taken += len(out)
        self._buffer = bytearray()
        return out

    def close(self) -> None:
        self._closed = True

    def abort(self) -> None:
        self._aborted = True
        self._buffer = bytearray()


class _RawPcm16:
    """WAV's sample data without its header, converted by libsndfile exactly as its WAV
    writer converts (its float to 16-bit rounding differs from float_to_pcm16's in the
    last bit of some samples, and a streamed wav must equal the buffered one)."""

    def __init__(self, sink: StreamSink, sample_rate: int) -> None:
        self._sink = sink
        self._file = sf.SoundFile(
            sink, "w", sample_rate, 1, "PCM_16", format="RAW", endian="LITTLE"
        )

    def write(self, x: np.ndarray) -> None:
        self._file.write(np.clip(x, -1.0, 1.0))
        self._raise_sink_error()

    def close(self) -> None:
        self._file.close()
        self._raise_sink_error()

    def abort(self) -> None:
        self._sink.abort()
        if not self._file.closed:
            self._file.close()

    def _raise_sink_error(self) -> None:
        # soundfile swallows exceptions raised in its I/O callbacks.
        if self._sink.error is not None:
            self.abort()
            raise self._sink.error


class StreamingEncoder:
    """Mono float PCM in, chunk by chunk; out, the encoded bytes ready to send after each.

    `total_frames` (at the source rate) is the length the caller will write; wav and
    flac declare it up front and are held to it exactly. Resampling runs through one
    soxr stream as in AudioEncoder, so the audio equals the buffered encoding's.
    """

    def __init__(
        self,
        fmt: AudioFormat | str,
        source_rate: int,
        target_rate: int | None = None,
        *,
        total_frames: int | None = None,
        tags: Mapping[str, str] | None = None,
    ) -> None:
        self.format = AudioFormat(fmt)
        self.sample_rate = resolve_sample_rate(self.format, source_rate, target_rate)
        self._tags = provenance.audio_tags() if tags is None else dict(tags)
        if self.format in _FIXED_LENGTH and total_frames is None:
            raise ValueError(f"streaming {self.format.value} needs total_frames up front")
        self._resampler = (
            soxr.ResampleStream(source_rate, self.sample_rate, 1, dtype="float32")
            if self.sample_rate != source_rate
            else None
        )
        self._declared: int | None = None
        if total_frames is not None and self.format in _FIXED_LENGTH:
            self._declared = (
                total_frames
                if self._resampler is None
                else resampled_frames(total_frames, source_rate, self.sample_rate)
            )
        self._sink = StreamSink()
        self._encoder = (
            _RawPcm16(self._sink, self.sample_rate)
            if self.format is AudioFormat.wav
            else AudioEncoder(self.format, self.sample_rate, self._sink, tags=self._tags)
        )
        self._frames = 0
        self._started = False

    @property
    def frames_written(self) -> int:
        return self._frames

    @property
    def duration_seconds(self) -> float:
        return self._frames / self.sample_rate

    def write(self, pcm: np.ndarray) -> bytes:
        x = mono_float32(pcm)
        if self._resampler is not None:
            x = self._resampler.resample_chunk(x)
        self._encode(x)
        return self._take()

    def close(self) -> bytes:
        """The last bytes: the resampler's tail, padding to the declared length, the
        encoder's final frames or page."""
        if self._resampler is not None:
            self._encode(self._resampler.resample_chunk(np.zeros(0, np.float32), last=True))
        if self._declared is not None and self._frames < self._declared:
            self._encode(np.zeros(self._declared - self._frames, np.float32))
        self._sink.finalizing = True
        self._encoder.close()
        return self._take()

    def abort(self) -> None:
        self._encoder.abort()

    def _encode(self, x: np.ndarray) -> None:
        if self._declared is not None:
            x = x[: max(0, self._declared - self._frames)]
        if x.size:
            self._encoder.write(x)
            self._frames += len(x)

    def _take(self) -> bytes:
        if not self._started:
            self._started = True
            if self.format is AudioFormat.wav:
                assert self._declared is not None
                return wav_header(self._declared, self.sample_rate, self._tags) + self._sink.take()
            if self.format is AudioFormat.flac:
                self._fill_flac_total(self._sink)
        return self._sink.take()

    def _fill_flac_total(self, sink: StreamSink) -> None:
        assert self._declared is not None
        pending = sink.pending()
        head = pending[_FLAC_TOTAL_SAMPLES_AT : _FLAC_TOTAL_SAMPLES_AT + 5]
        if len(head) < 5 or pending[:4] != b"fLaC":
            raise ValueError("libsndfile wrote no FLAC STREAMINFO before the first audio")
        total = self._declared
        patched = bytes([(head[0] & 0xF0) | ((total >> 32) & 0x0F)]) + struct.pack(
            ">I", total & 0xFFFFFFFF
        )
        sink.patch(_FLAC_TOTAL_SAMPLES_AT, patched)
