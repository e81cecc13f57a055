"""Encoding round trips for every format and rate, streaming parts, and no disk I/O."""

from __future__ import annotations

import builtins
import contextlib
import io
import os
import tempfile
from pathlib import Path

import numpy as np
import pytest
import soundfile as sf
import soxr

from model_layer.audio import (
    FORMATS,
    SUPPORTED_SAMPLE_RATES,
    AudioEncoder,
    AudioFormat,
    MemorySink,
    PartSink,
    PartSinkError,
    encode,
    estimated_size,
    float_to_pcm16,
    resolve_sample_rate,
)

SOURCE_RATE = 44100
MIB = 1024 * 1024
LOSSLESS = (AudioFormat.wav, AudioFormat.flac, AudioFormat.pcm)
# Decoders see encoder delay/padding; libsndfile's are gapless today, but only whole
# codec frames are promised (MP3: 1152 samples).
LOSSY_FRAME_SLACK = 2 * 1152


def sine(seconds: float, rate: int = SOURCE_RATE, freq: float = 440.0) -> np.ndarray:
    t = np.arange(round(seconds * rate)) / rate
    return (0.5 * np.sin(2 * np.pi * freq * t)).astype(np.float32)


def uneven_chunks(x: np.ndarray) -> list[np.ndarray]:
    """Sentence-like pieces, including a one-sample and an empty chunk."""
    return np.split(x, [1000, 1001, 1001, 20_000, 45_000])


def decode(data: bytes, fmt: AudioFormat, rate: int) -> tuple[np.ndarray, int]:
    if fmt is AudioFormat.pcm:
        return np.frombuffer(data, "<i2").astype(np.float32) / 32768, rate
    with sf.SoundFile(io.BytesIO(data)) as f:
        assert f.channels == 1
        return f.read(dtype="float32"), f.samplerate


def dominant_frequency(x: np.ndarray, rate: int) -> float:
    spectrum = np.abs(np.fft.rfft(x * np.hanning(len(x))))
    return float(np.argmax(spectrum)) * rate / len(x)


def rate_cases() -> list[tuple[AudioFormat, int | None]]:
    return [
        (fmt, rate)
        for fmt in AudioFormat
        for rate in (None, 8000, 16000, 22050, 48000)
        if rate is None or FORMATS[fmt].can_encode(rate)
    ]


@pytest.mark.parametrize(("fmt", "target_rate"), rate_cases())
def test_round_trip(fmt: AudioFormat, target_rate: int | None) -> None:
    data = encode(uneven_chunks(sine(1.5)), fmt, SOURCE_RATE, target_rate)

    out_rate = resolve_sample_rate(fmt, SOURCE_RATE, target_rate)
    decoded, rate = decode(data, fmt, out_rate)
    assert rate == out_rate
    expected_frames = round(1.5 * out_rate)
    if fmt in LOSSLESS:
        assert len(decoded) == expected_frames
    else:
        assert abs(len(decoded) - expected_frames) <= LOSSY_FRAME_SLACK
    assert dominant_frequency(decoded, rate) == pytest.approx(440, abs=2)
    # Away from the edges (resampler and codec warm-up) the content is the same sine.
    middle = slice(rate // 10, expected_frames - rate // 10)
    reference = sine(1.5, out_rate)[middle]
    assert np.corrcoef(decoded[middle], reference)[0, 1] > (0.999 if fmt in LOSSLESS else 0.99)


def test_default_rate_is_source_rate_unless_the_format_cannot_carry_it() -> None:
    assert resolve_sample_rate(AudioFormat.wav, SOURCE_RATE, None) == SOURCE_RATE
    assert resolve_sample_rate(AudioFormat.mp3, SOURCE_RATE, None) == SOURCE_RATE
    assert resolve_sample_rate(AudioFormat.opus, SOURCE_RATE, None) == 48000
    assert resolve_sample_rate(AudioFormat.opus, 24000, None) == 24000


def test_resampling_44k_to_16k_keeps_frequency_and_duration() -> None:
    encoder_sink = MemorySink()
    with AudioEncoder("wav", SOURCE_RATE, encoder_sink, 16000) as encoder:
        for chunk in uneven_chunks(sine(1.5, freq=1000.0)):
            encoder.write(chunk)
    assert encoder.frames_written == 24000
    assert encoder.duration_seconds == pytest.approx(1.5)
    decoded, rate = sf.read(io.BytesIO(encoder_sink.getvalue()), dtype="float32")
    assert (rate, len(decoded)) == (16000, 24000)
    assert dominant_frequency(decoded, rate) == pytest.approx(1000, abs=2)


def test_chunked_resampling_has_no_seams() -> None:
    x = sine(1.5)
    chunked = np.frombuffer(encode(np.array_split(x, 97), "pcm", SOURCE_RATE, 16000), "<i2")
    one_shot = soxr.resample(x, SOURCE_RATE, 16000)
    assert len(chunked) == len(one_shot)
    # Within two PCM16 steps of resampling the whole signal at once.
    assert np.max(np.abs(chunked / 32768 - one_shot)) < 2 / 32768


@pytest.mark.parametrize("fmt", LOSSLESS)
@pytest.mark.parametrize("target_rate", [None, 16000])
def test_many_small_writes_equal_one_write(fmt: AudioFormat, target_rate: int | None) -> None:
    x = sine(1.5)
    small = encode(np.array_split(x, 500), fmt, SOURCE_RATE, target_rate)
    assert small == encode([x], fmt, SOURCE_RATE, target_rate)


@pytest.mark.parametrize("fmt", [AudioFormat.mp3, AudioFormat.opus, AudioFormat.ogg])
def test_many_small_writes_decode_like_one_write(fmt: AudioFormat) -> None:
    x = sine(1.5)
    small, _ = decode(encode(np.array_split(x, 500), fmt, SOURCE_RATE), fmt, SOURCE_RATE)
    whole, _ = decode(encode([x], fmt, SOURCE_RATE), fmt, SOURCE_RATE)
    assert len(small) == len(whole)
    assert np.corrcoef(small, whole)[0, 1] > 0.999


def test_raw_pcm_is_the_wav_sample_data_and_clips() -> None:
    noise = np.random.default_rng(0).uniform(-1.2, 1.2, 50_000).astype(np.float32)
    x = np.concatenate([noise, np.array([1.5, -2.0, 1.0, -1.0], np.float32)])
    wav = encode([x], "wav", SOURCE_RATE)
    pcm = encode([x], "pcm", SOURCE_RATE)
    assert wav[wav.index(b"data") + 8 :] == pcm == float_to_pcm16(x)
    assert np.frombuffer(pcm, "<i2")[-4:].tolist() == [32767, -32768, 32767, -32768]


def test_write_rejects_multichannel() -> None:
    with pytest.raises(ValueError, match="mono"):
        encode([np.zeros((10, 2), np.float32)], "wav", SOURCE_RATE)


def test_bad_format_names_it() -> None:
    with pytest.raises(ValueError, match=r"'aac'.*wav, flac, mp3, opus, ogg, pcm"):
        AudioEncoder("aac", SOURCE_RATE, MemorySink())
    assert AudioFormat("WAV") is AudioFormat.wav


def test_bad_sample_rate_names_it() -> None:
    with pytest.raises(ValueError, match="11025"):
        AudioEncoder("wav", SOURCE_RATE, MemorySink(), 11025)
    with pytest.raises(ValueError, match=r"opus cannot encode 44100 Hz.*8000, 16000, 24000"):
        AudioEncoder("opus", SOURCE_RATE, MemorySink(), 44100)
    with pytest.raises(ValueError, match="opus cannot encode 22050"):
        encode([sine(0.1)], "opus", SOURCE_RATE, 22050)


def test_compression_level() -> None:
    x = sine(1.5)
    with pytest.raises(ValueError, match="wav takes no compression_level"):
        AudioEncoder("wav", SOURCE_RATE, MemorySink(), compression_level=0.5)
    with pytest.raises(ValueError, match=r"\[0, 1\]"):
        AudioEncoder("flac", SOURCE_RATE, MemorySink(), compression_level=2.0)
    fast, best = (encode([x], "flac", SOURCE_RATE, compression_level=c) for c in (0.0, 1.0))
    assert np.array_equal(sf.read(io.BytesIO(fast))[0], sf.read(io.BytesIO(best))[0])
    big, small = (encode([x], "opus", SOURCE_RATE, compression_level=c) for c in (0.0, 0.9))
    assert len(big) > 2 * len(small)
    for fmt in (AudioFormat.mp3, AudioFormat.opus, AudioFormat.ogg):
        smallest, rate = decode(
            encode([x], fmt, SOURCE_RATE, compression_level=1.0), fmt, SOURCE_RATE
        )
        assert dominant_frequency(smallest, rate) == pytest.approx(440, abs=2)


@pytest.mark.parametrize(
    ("fmt", "compression_level"),
    [(fmt, None) for fmt in AudioFormat]
    + [(fmt, 0.0) for fmt in AudioFormat if fmt not in (AudioFormat.wav, AudioFormat.pcm)],
)
def test_size_estimate_is_conservative(fmt: AudioFormat, compression_level: float | None) -> None:
    # White noise is the worst case for every codec here; speech is far smaller.
    noise = np.random.default_rng(0).uniform(-1, 1, 2 * SOURCE_RATE).astype(np.float32)
    for rate in SUPPORTED_SAMPLE_RATES:
        if not FORMATS[fmt].can_encode(rate):
            continue
        data = encode([noise], fmt, SOURCE_RATE, rate, compression_level=compression_level)
        estimate = estimated_size(fmt, 2.0, rate, compression_level=compression_level)
        assert len(data) <= estimate, (fmt, rate)


def test_format_table() -> None:
    assert {fmt: spec.content_type for fmt, spec in FORMATS.items()} == {
        AudioFormat.wav: "audio/wav",
        AudioFormat.flac: "audio/flac",
        AudioFormat.mp3: "audio/mpeg",
        AudioFormat.opus: "audio/ogg; codecs=opus",
        AudioFormat.ogg: "audio/ogg; codecs=vorbis",
        AudioFormat.pcm: "audio/pcm",
    }
    assert all(spec.extension == fmt.value for fmt, spec in FORMATS.items())


class Parts:
    """Collects a PartSink's output."""

    def __init__(self) -> None:
        self.parts: dict[int, bytes] = {}

    def __call__(self, number: int, data: bytes) -> None:
        assert number not in self.parts
        self.parts[number] = data

    def assembled(self) -> bytes:
        assert sorted(self.parts) == list(range(1, len(self.parts) + 1))
        return b"".join(self.parts[n] for n in sorted(self.parts))


def test_part_sink_streams_and_lets_the_head_be_patched() -> None:
    parts = Parts()
    sink = PartSink(parts, part_size=4, head_size=6)
    sink.write(b"HHHHHHabcdefghij")  # head, then two full parts and two pending bytes
    assert parts.parts == {2: b"abcd", 3: b"efgh"}
    assert sink.seek(0, os.SEEK_END) == sink.size == 16
    sink.seek(1)
    sink.write(b"xx")  # patching the head is fine
    sink.seek(14)
    sink.write(b"IJk")  # so is overwriting bytes not yet handed out
    sink.close()
    assert parts.assembled() == b"HxxHHHabcdefghIJk"
    assert parts.parts[1] == b"HxxHHH"


def test_part_sink_refuses_to_go_back_into_emitted_parts() -> None:
    sink = PartSink(Parts(), part_size=4, head_size=4)
    sink.write(b"0123456789")
    with pytest.raises(PartSinkError, match="already handed out"):
        sink.seek(5)
    assert sink.error is not None
    sink.seek(3)
    with pytest.raises(PartSinkError, match="already handed out"):
        sink.write(b"ab")
    sink.close()
    with pytest.raises(PartSinkError, match="closed"):
        sink.write(b"z")


def test_part_sink_fills_a_gap_with_zeros() -> None:
    parts = Parts()
    sink = PartSink(parts, part_size=4, head_size=4)
    sink.write(b"ab")
    sink.seek(6)
    sink.write(b"c")
    sink.close()
    assert parts.assembled() == b"ab\0\0\0\0c"


def test_part_sink_validates_sizes() -> None:
    with pytest.raises(ValueError, match="head_size"):
        PartSink(Parts(), part_size=8, head_size=4)


# soundfile reports the exception raised in its I/O callback before the encoder re-raises it.
@pytest.mark.filterwarnings("ignore::pytest.PytestUnraisableExceptionWarning")
def test_encoder_raises_when_the_container_patches_an_emitted_part() -> None:
    # libsndfile rewrites the 44-byte WAV header on the first write and at close; a
    # 16-byte head cannot hold it.
    parts = Parts()
    encoder = AudioEncoder("wav", SOURCE_RATE, PartSink(parts, part_size=16, head_size=16))
    with pytest.raises(PartSinkError, match="already handed out"):
        encoder.write(sine(0.1))
    assert 1 not in parts.parts
    with pytest.raises(ValueError, match="closed"):
        encoder.write(sine(0.1))


def test_memory_sink() -> None:
    sink = MemorySink()
    with pytest.raises(PartSinkError, match="not closed"):
        sink.getvalue()
    sink.write(b"abc")
    sink.close()
    assert sink.getvalue() == b"abc"


def test_failed_synthesis_emits_nothing() -> None:
    parts = Parts()
    with pytest.raises(RuntimeError), AudioEncoder("wav", SOURCE_RATE, PartSink(parts)) as enc:
        enc.write(sine(0.5))
        raise RuntimeError("synthesis failed")
    assert parts.parts == {}


def speech_like(seconds: float, rate: int = SOURCE_RATE) -> np.ndarray:
    """Sentences of varying pitch with pauses, so codecs cannot coast on one tone."""
    rng = np.random.default_rng(1)
    pieces = []
    while sum(map(len, pieces)) < seconds * rate:
        voiced = sine(rng.uniform(1.0, 4.0), rate, freq=rng.uniform(100, 400))
        voiced += 0.05 * rng.standard_normal(len(voiced)).astype(np.float32)
        pieces += [voiced, np.zeros(int(rng.uniform(0.1, 0.5) * rate), np.float32)]
    return np.concatenate(pieces)[: int(seconds * rate)]


def test_long_wav_streams_s3_sized_parts() -> None:
    parts = Parts()
    audio = speech_like(300)
    part_size = 5 * MIB
    with AudioEncoder("wav", SOURCE_RATE, PartSink(parts, part_size=part_size)) as encoder:
        for sentence in np.array_split(audio, 150):
            encoder.write(sentence)
    assert len(parts.parts) >= 5
    last = max(parts.parts)
    assert all(len(data) == part_size for n, data in parts.parts.items() if n != last)
    decoded, rate = sf.read(io.BytesIO(parts.assembled()), dtype="float32")
    assert (rate, len(decoded)) == (SOURCE_RATE, len(audio))
    assert np.max(np.abs(decoded - audio)) <= 1 / 32768


@pytest.mark.parametrize("fmt", list(AudioFormat))
def test_long_audio_reassembles_from_parts(fmt: AudioFormat) -> None:
    # Parts far smaller than S3's minimum, so the compressed formats stream several too.
    seconds = 20
    audio = speech_like(seconds, 16000)
    parts = Parts()
    with AudioEncoder(fmt, 16000, PartSink(parts, part_size=4096)) as encoder:
        for sentence in np.array_split(audio, 10):
            encoder.write(sentence)
    assert len(parts.parts) >= 4
    decoded, rate = decode(parts.assembled(), fmt, encoder.sample_rate)
    assert abs(len(decoded) / rate - seconds) <= LOSSY_FRAME_SLACK / rate


def open_files() -> set[str]:
    """Files this process holds open, including unlinked temporary ones ("... (deleted)")."""
    targets = set()
    for fd in Path("/proc/self/fd").iterdir():
        # The descriptor iterdir() itself used may be gone by now.
        with contextlib.suppress(FileNotFoundError):
            targets.add(os.readlink(fd))
    return {t for t in targets if t.startswith("/") and not t.startswith(("/dev/", "/proc/"))}


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="needs Linux /proc")
@pytest.mark.parametrize("fmt", list(AudioFormat))
def test_encoding_never_touches_the_disk(
    fmt: AudioFormat, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    def forbidden(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("encoding tried to create a file")

    real_open = builtins.open

    def read_only_open(file: object, mode: str = "r", *args: object, **kwargs: object) -> object:
        if set(mode) & set("wax+"):
            forbidden()
        return real_open(file, mode, *args, **kwargs)

    names = ("mkstemp", "mkdtemp", "NamedTemporaryFile", "TemporaryFile", "SpooledTemporaryFile")
    for name in names:
        monkeypatch.setattr(tempfile, name, forbidden)
    monkeypatch.setattr(builtins, "open", read_only_open)
    # Anything that still found a way to a temporary file would land here.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    monkeypatch.setenv("TMPDIR", str(tmp_path))
    before = open_files()
    seen: list[set[str]] = []

    def on_part(_number: int, _data: bytes) -> None:
        seen.append(open_files())

    with AudioEncoder(fmt, SOURCE_RATE, PartSink(on_part, part_size=1024), 16000) as encoder:
        for sentence in np.array_split(speech_like(4), 8):
            encoder.write(sentence)
            seen.append(open_files())
    assert len(seen) > 10
    assert all(files <= before for files in seen)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("sink_kind", ["memory", "parts"])
def test_closed_sink_is_freed_without_the_cycle_collector(sink_kind: str) -> None:
    """A reference cycle through the sink's callback kept every response's audio alive
    until the next cyclic GC: RSS swung by hundreds of MB over a soak."""
    import gc
    import weakref

    parts: list[bytes] = []
    gc.disable()
    try:
        sink = MemorySink() if sink_kind == "memory" else PartSink(lambda n, d: parts.append(d))
        encoder = AudioEncoder("wav", 44100, sink)
        encoder.write(np.zeros(4410, np.float32))
        encoder.close()
        alive = weakref.ref(sink)
        del sink, encoder
        assert alive() is None
    finally:
        gc.enable()
