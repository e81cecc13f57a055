"""Chapter marks written into the audio while it streams, read back with mutagen: ID3v2
CHAP/CTOC in MP3, CHAPTERxxx Vorbis comments in FLAC, Ogg/Vorbis and Opus; the audio
itself is unchanged and the provenance tags stay."""

from __future__ import annotations

import io

import mutagen
import numpy as np
import pytest
import soundfile as sf
from mutagen.id3 import ID3
from mutagen.ogg import OggPage

from model_layer.audio.chapters import Chapter, checked, ogg_crc
from model_layer.audio.encoder import AudioEncoder
from model_layer.audio.sinks import MemorySink, PartSink

RATE = 44_100
PCM = (0.3 * np.sin(np.arange(RATE * 4) * 2 * np.pi * 220 / RATE)).astype(np.float32)
CHAPTERS = [
    Chapter("Opening", 0.0, 1.25),
    Chapter("Kapitel 2: Über Grenzen", 1.25, 2.5),
    Chapter("Three", 2.5, 4.0),
]
TAGS = {"artist": "Supertonic 3 (AI-generated voice)", "comment": "AI-generated", "software": "x"}


def _encode(fmt: str, chapters: list[Chapter], pcm: np.ndarray = PCM, **kwargs: object) -> bytes:
    sink = MemorySink()
    with AudioEncoder(fmt, RATE, sink, tags=TAGS, chapters=chapters, **kwargs) as encoder:
        for piece in np.array_split(pcm, 7):
            encoder.write(piece)
    return sink.getvalue()


def _frames(data: bytes) -> int:
    return sf.info(io.BytesIO(data)).frames


def test_mp3_carries_id3_chapters_and_a_table_of_contents() -> None:
    data = _encode("mp3", CHAPTERS)
    tag = ID3(io.BytesIO(data))
    assert tag.version[:2] == (2, 3)
    toc = tag.getall("CTOC")[0]
    assert toc.flags & 0b11 == 0b11  # top level, ordered
    assert toc.child_element_ids == ["ch0", "ch1", "ch2"]
    chaps = sorted(tag.getall("CHAP"), key=lambda frame: frame.start_time)
    assert [(c.element_id, c.start_time, c.end_time) for c in chaps] == [
        ("ch0", 0, 1250),
        ("ch1", 1250, 2500),
        ("ch2", 2500, 4000),
    ]
    assert [str(c.sub_frames["TIT2"]) for c in chaps] == [c.title for c in CHAPTERS]
    assert str(tag["TPE1"]) == TAGS["artist"]
    assert abs(_frames(data) - _frames(_encode("mp3", []))) == 0
    assert mutagen.File(io.BytesIO(data)).info.length == pytest.approx(4.0, abs=0.1)


@pytest.mark.parametrize("fmt", ["flac", "ogg", "opus"])
def test_vorbis_chapter_comments(fmt: str) -> None:
    data = _encode(fmt, CHAPTERS)
    tags = mutagen.File(io.BytesIO(data)).tags
    assert tags["CHAPTER001"] == ["00:00:00.000"]
    assert tags["CHAPTER002"] == ["00:00:01.250"]
    assert tags["CHAPTER003"] == ["00:00:02.500"]
    assert tags["CHAPTER002NAME"] == ["Kapitel 2: Über Grenzen"]
    assert tags["ARTIST"] == [TAGS["artist"]]
    plain = _encode(fmt, [])
    assert _frames(data) == _frames(plain)
    decoded, _ = sf.read(io.BytesIO(data), dtype="float32")
    reference, _ = sf.read(io.BytesIO(plain), dtype="float32")
    assert np.array_equal(decoded, reference)  # the audio itself is untouched


@pytest.mark.parametrize("fmt", ["ogg", "opus"])
def test_ogg_pages_stay_valid_and_numbered(fmt: str) -> None:
    many = [
        Chapter(f"Chapter {n}: " + "a long title " * 4, n * 0.01, n * 0.01 + 0.01)
        for n in range(300)
    ]
    data = _encode(fmt, many)
    pages = []
    stream = io.BytesIO(data)
    while stream.tell() < len(data):
        pages.append(OggPage(stream))
    assert [page.sequence for page in pages] == list(range(len(pages)))
    for page in pages:
        raw = bytearray(page.write())
        stored = int.from_bytes(raw[22:26], "little")
        raw[22:26] = bytes(4)
        assert ogg_crc(bytes(raw)) == stored
    tags = mutagen.File(io.BytesIO(data)).tags
    assert "CHAPTER001" in tags  # as many as fit the header page: the rest are left out


def test_streamed_in_parts_the_file_is_the_same() -> None:
    """Through S3-sized parts (the head held back, later parts sent as they fill), the
    shifted bytes and libsndfile's seeks back land where they belong."""
    long_pcm = np.tile(PCM, 8)
    long_chapters = [Chapter("One", 0.0, 16.0), Chapter("Two", 16.0, 32.0)]
    for fmt in ("mp3", "flac"):
        parts: dict[int, bytes] = {}
        sink = PartSink(lambda n, d, kept=parts: kept.__setitem__(n, bytes(d)), part_size=16 * 1024)
        with AudioEncoder(fmt, RATE, sink, tags=TAGS, chapters=long_chapters) as encoder:
            for piece in np.array_split(long_pcm, 40):
                encoder.write(piece)
        streamed = b"".join(parts[n] for n in sorted(parts))
        assert len(parts) > 2
        assert streamed == _encode(fmt, long_chapters, long_pcm)


def test_no_chapters_is_bit_identical_and_bad_chapters_are_refused() -> None:
    # (Ogg streams get a random serial number each time, so only these repeat exactly.)
    for fmt in ("mp3", "flac", "wav"):
        assert _encode(fmt, []) == _encode(fmt, [])
        sink = MemorySink()
        with AudioEncoder(fmt, RATE, sink, tags=TAGS) as encoder:
            encoder.write(PCM)
        assert sink.getvalue() == _encode(fmt, [], PCM[:])
    with pytest.raises(ValueError):
        checked([Chapter("a", 2.0, 1.0)])
    with pytest.raises(ValueError):
        checked([Chapter("a", 0.0, 2.0), Chapter("b", 1.0, 3.0)])
