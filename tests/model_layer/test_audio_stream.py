"""Streamable encodings: each chunk's bytes can leave at once, and together they are the
buffered file (byte for byte where the container allows, else the same decoded audio)."""

from __future__ import annotations

import io
import struct

import numpy as np
import pytest
import soundfile as sf

from model_layer.audio import PartSinkError, encode
from model_layer.audio.streaming import StreamingEncoder, StreamSink, wav_header

RATE = 44100


def tone_chunks() -> list[np.ndarray]:
    t = np.arange(60_000) / RATE
    return [
        (0.3 * (k + 1) / 3 * np.sin(2 * np.pi * 220 * t[: 30_000 + k * 7_777])).astype(np.float32)
        for k in range(3)
    ]


def stream(fmt: str, rate: int | None, chunks: list[np.ndarray]) -> list[bytes]:
    encoder = StreamingEncoder(fmt, RATE, rate, total_frames=sum(map(len, chunks)))
    return [encoder.write(chunk) for chunk in chunks] + [encoder.close()]


@pytest.mark.parametrize(
    ("fmt", "rate"),
    [("pcm", None), ("pcm", 24000), ("wav", None), ("wav", 16000), ("wav", 48000),
     ("flac", None), ("flac", 22050), ("opus", 48000), ("opus", 24000), ("ogg", None),
     ("mp3", None), ("mp3", 24000)],
)  # fmt: skip
def test_stream_is_the_buffered_file(fmt: str, rate: int | None) -> None:
    chunks = tone_chunks()
    pieces = stream(fmt, rate, chunks)
    streamed, buffered = b"".join(pieces), encode(chunks, fmt, RATE, rate)

    # Audio leaves with the chunks, not only at close (encoders keep back at most a
    # frame or an Ogg page, so some chunk before the last hands out bytes).
    assert any(pieces[:-1])
    if fmt in ("pcm", "wav"):
        assert streamed == buffered
    elif fmt == "mp3":
        # LAME fills in its first (info) frame at close; a stream keeps its placeholder,
        # and every audio frame after it is identical. The ID3v2 tag (provenance) comes
        # first: 10 bytes of header and a syncsafe size.
        tag = 10 + sum(b << (7 * (3 - i)) for i, b in enumerate(streamed[6:10]))
        assert streamed[:3] == buffered[:3] == b"ID3" and streamed[:tag] == buffered[:tag]
        first_frame = streamed.index(b"\xff", tag + 4)
        assert len(streamed) == len(buffered)
        assert streamed[first_frame:] == buffered[first_frame:]
    else:
        got, got_rate = sf.read(io.BytesIO(streamed))
        want, want_rate = sf.read(io.BytesIO(buffered))
        assert got_rate == want_rate
        np.testing.assert_array_equal(got, want)


def test_wav_header_declares_the_planned_length_and_data_is_held_to_it() -> None:
    chunks = tone_chunks()
    planned = sum(map(len, chunks))
    short = StreamingEncoder("wav", RATE, total_frames=planned)
    data = short.write(chunks[0]) + short.close()  # fewer frames than planned: padded
    long = StreamingEncoder("wav", RATE, total_frames=100)
    cut = long.write(chunks[0]) + long.close()  # more frames than planned: cut

    header = wav_header(planned, RATE)
    assert data[: len(header)] == header
    assert header[-8:-4] == b"data"
    assert struct.unpack("<I", header[-4:])[0] == len(data) - len(header) == 2 * planned
    audio, _ = sf.read(io.BytesIO(data), dtype="int16")
    assert not audio[len(chunks[0]) :].any()
    assert len(cut) == len(header) + 200


def test_flac_stream_declares_its_total_before_the_first_audio() -> None:
    chunks = tone_chunks()
    encoder = StreamingEncoder("flac", RATE, total_frames=sum(map(len, chunks)))
    first = encoder.write(chunks[0])
    encoder.abort()  # a stream given up: nothing more is written, no patch is attempted
    with sf.SoundFile(io.BytesIO(first)) as header_only:
        assert header_only.frames == sum(map(len, chunks))


def test_fixed_length_formats_need_the_total() -> None:
    for fmt in ("wav", "flac"):
        with pytest.raises(ValueError, match="total_frames"):
            StreamingEncoder(fmt, RATE)
    assert StreamingEncoder("opus", RATE).sample_rate == 48000


def test_sent_bytes_cannot_be_rewritten_except_by_the_closing_patch() -> None:
    sink = StreamSink()
    sink.write(b"header--body")
    assert sink.take() == b"header--body"
    sink.seek(0)
    with pytest.raises(PartSinkError, match="were sent"):
        sink.write(b"HEADER")
    assert isinstance(sink.error, PartSinkError)

    closing = StreamSink()
    closing.write(b"header--body")
    closing.take()
    closing.finalizing = True
    closing.seek(0)
    closing.write(b"HEADER")  # the container's patch at close: dropped
    closing.seek(0, 2)
    closing.write(b"-tail")
    assert closing.take() == b"-tail"
    assert closing.error is None
