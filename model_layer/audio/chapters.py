"""Chapter marks inside the audio file, where players look for them: ID3v2 CHAP/CTOC
frames in MP3 (Apple Podcasts, VLC, audiobook players) and the Vorbis comments
CHAPTERxxx / CHAPTERxxxNAME (xiph.org's chapter extension) in FLAC, Ogg/Vorbis and Opus.

Chapters belong at the start of the file, which a streamed encode writes first, so the
chapter times must be known before encoding starts (the speech plan fixes them). libsndfile
writes the container's header and cannot write these tags, so `ChapterSink` sits between
the encoder and its sink: it holds the first bytes until the header is complete, puts the
chapter marks into it, and then passes everything through, shifted by the bytes it added
(libsndfile's later seeks back, to patch FLAC's STREAMINFO or MP3's Xing frame, land where
they should). Nothing is re-encoded.
"""

from __future__ import annotations

import io
import struct
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from os import SEEK_CUR, SEEK_END, SEEK_SET

from model_layer.audio.sinks import PartSink, PartSinkError

# The chapter extension numbers CHAPTER001..CHAPTER999.
MAX_CHAPTER_TAGS = 999


@dataclass(frozen=True)
class Chapter:
    title: str
    start: float  # seconds
    end: float


def checked(chapters: Sequence[Chapter]) -> list[Chapter]:
    """The chapters, in order, each inside [0, ∞), none overlapping; ValueError if not."""
    previous_end = 0.0
    for chapter in chapters:
        if not 0 <= chapter.start <= chapter.end:
            raise ValueError(f"a chapter must start at or after 0 and end after it: {chapter}")
        if chapter.start < previous_end - 1e-6:
            raise ValueError(f"chapters must be in order and must not overlap: {chapter}")
        previous_end = chapter.end
    return list(chapters)


def _clock(seconds: float) -> str:
    millis = round(seconds * 1000)
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    return f"{hours:02d}:{minutes:02d}:{rest // 1000:02d}.{rest % 1000:03d}"


def vorbis_comments(chapters: Sequence[Chapter]) -> list[str]:
    found = []
    for number, chapter in enumerate(chapters[:MAX_CHAPTER_TAGS], start=1):
        found.append(f"CHAPTER{number:03d}={_clock(chapter.start)}")
        found.append(f"CHAPTER{number:03d}NAME={chapter.title}")
    return found


def id3_tag(chapters: Sequence[Chapter], tags: Mapping[str, str]) -> bytes:
    """An ID3v2.3 tag (the version CHAP/CTOC readers support most widely) with a top-level
    ordered table of contents, one CHAP per chapter, and the provenance `tags`."""
    # Imported here: only a narration with chapters needs it, not every cold start.
    from mutagen.id3 import CHAP, COMM, CTOC, ID3, TIT2, TPE1, TSSE, CTOCFlags

    tag = ID3()
    ids = [f"ch{number}" for number in range(len(chapters))]
    tag.add(
        CTOC(
            element_id="toc",
            flags=CTOCFlags.TOP_LEVEL | CTOCFlags.ORDERED,
            child_element_ids=ids,
            sub_frames=[TIT2(encoding=3, text=["Chapters"])],
        )
    )
    for element_id, chapter in zip(ids, chapters, strict=True):
        tag.add(
            CHAP(
                element_id=element_id,
                start_time=round(chapter.start * 1000),
                end_time=round(chapter.end * 1000),
                sub_frames=[TIT2(encoding=3, text=[chapter.title])],
            )
        )
    if "artist" in tags:
        tag.add(TPE1(encoding=3, text=[tags["artist"]]))
    if "comment" in tags:
        tag.add(COMM(encoding=3, lang="eng", desc="", text=[tags["comment"]]))
    if "software" in tags:
        tag.add(TSSE(encoding=3, text=[tags["software"]]))
    buffer = io.BytesIO()
    tag.save(buffer, v2_version=3, padding=lambda _info: 0)
    return buffer.getvalue()


# --- Vorbis comment packets -------------------------------------------------------------


def _with_comments(packet: bytes, prefix: bytes, added: Sequence[str]) -> bytes:
    """A Vorbis comment structure (after `prefix`) with `added` comments appended; what
    follows the comments (Vorbis's framing bit, Opus's padding) is kept."""
    at = len(prefix)
    (vendor_length,) = struct.unpack_from("<I", packet, at)
    at += 4 + vendor_length
    (count,) = struct.unpack_from("<I", packet, at)
    count_at = at
    at += 4
    for _ in range(count):
        (length,) = struct.unpack_from("<I", packet, at)
        at += 4 + length
    encoded = b"".join(struct.pack("<I", len(c.encode())) + c.encode() for c in added)
    return (
        packet[:count_at]
        + struct.pack("<I", count + len(added))
        + packet[count_at + 4 : at]
        + encoded
        + packet[at:]
    )


# --- Ogg pages ----------------------------------------------------------------------------


def _crc_table() -> list[int]:
    table = []
    for byte in range(256):
        crc = byte << 24
        for _ in range(8):
            crc = ((crc << 1) ^ 0x04C11DB7) if crc & 0x80000000 else crc << 1
        table.append(crc & 0xFFFFFFFF)
    return table


_CRC = _crc_table()


def ogg_crc(data: bytes) -> int:
    crc = 0
    for byte in data:
        crc = ((crc << 8) & 0xFFFFFFFF) ^ _CRC[((crc >> 24) & 0xFF) ^ byte]
    return crc


@dataclass(frozen=True)
class _Page:
    start: int
    end: int
    header_type: int
    serial: int
    sequence: int
    lacing: bytes
    payload: bytes


def _pages(data: bytes) -> list[_Page]:
    """The complete pages at the start of `data`."""
    pages = []
    at = 0
    while at + 27 <= len(data) and data[at : at + 4] == b"OggS":
        segments = data[at + 26]
        lacing = data[at + 27 : at + 27 + segments]
        size = sum(lacing)
        end = at + 27 + segments + size
        if len(lacing) < segments or end > len(data):
            break
        serial, sequence = struct.unpack_from("<II", data, at + 14)
        pages.append(
            _Page(at, end, data[at + 5], serial, sequence, lacing, data[at + 27 + segments : end])
        )
        at = end
    return pages


def _packets(pages: Sequence[_Page]) -> tuple[list[bytes], bool]:
    """The packets the pages hold, and whether the last one is complete."""
    packets: list[bytes] = []
    current = b""
    complete = True
    for page in pages:
        at = 0
        for value in page.lacing:
            current += page.payload[at : at + value]
            at += value
            complete = value < 255
            if complete:
                packets.append(current)
                current = b""
    return packets, complete


def _paginate(packets: Sequence[bytes], serial: int, first_sequence: int) -> list[bytes]:
    """Header packets as pages of granule 0, each packet starting where the last ended."""
    lacing: list[int] = []
    data = b""
    for packet in packets:
        lacing.extend([255] * (len(packet) // 255) + [len(packet) % 255])
        data += packet
    pages = []
    at = 0
    sequence = first_sequence
    continued = False
    while lacing:
        values, lacing = lacing[:255], lacing[255:]
        size = sum(values)
        header = struct.pack(
            "<4sBBqIIIB", b"OggS", 0, 1 if continued else 0, 0, serial, sequence, 0, len(values)
        )
        page = bytearray(header + bytes(values) + data[at : at + size])
        struct.pack_into("<I", page, 22, ogg_crc(bytes(page)))
        pages.append(bytes(page))
        continued = values[-1] == 255
        at += size
        sequence += 1
    return pages


def _ogg_rewrite(added: Sequence[str]) -> Callable[[bytes], tuple[int, int, bytes] | None]:
    def rewrite(data: bytes) -> tuple[int, int, bytes] | None:
        pages = _pages(data)
        if not pages:
            return None
        first = pages[0].payload
        opus = first.startswith(b"OpusHead")
        wanted = 1 if opus else 2  # OpusTags; or Vorbis's comment and setup headers
        packets, _complete = _packets(pages[1:])
        if len(packets) < wanted:
            return None
        count = next(n for n in range(2, len(pages) + 1) if len(_packets(pages[1:n])[0]) >= wanted)
        header_pages = pages[1:count]
        old = _packets(header_pages)[0][:wanted]
        serial = pages[0].serial
        for keep in range(len(added), -1, -2):
            comments = list(added[:keep])
            if opus:
                new = [_with_comments(old[0], b"OpusTags", comments)]
            else:
                new = [_with_comments(old[0], b"\x03vorbis", comments), old[1]]
            rebuilt = _paginate(new, serial, 1)
            # Later pages keep their sequence numbers, so the header keeps its page count.
            if len(rebuilt) == len(header_pages):
                return header_pages[0].start, header_pages[-1].end, b"".join(rebuilt)
        return header_pages[0].start, header_pages[0].start, b""

    return rewrite


# --- FLAC metadata ------------------------------------------------------------------------


def _flac_rewrite(added: Sequence[str]) -> Callable[[bytes], tuple[int, int, bytes] | None]:
    def rewrite(data: bytes) -> tuple[int, int, bytes] | None:
        if len(data) < 4:
            return None
        at = 4
        blocks = []  # (start, type, length, last)
        while True:
            if at + 4 > len(data):
                return None
            kind, length = data[at] & 0x7F, int.from_bytes(data[at + 1 : at + 4], "big")
            last = bool(data[at] & 0x80)
            if at + 4 + length > len(data):
                return None
            blocks.append((at, kind, length, last))
            at += 4 + length
            if last:
                break
        comment = next((b for b in blocks if b[1] == 4), None)
        if comment is None:
            # No comment block (no tags were set): a new one goes last.
            return _append_block(data, blocks, _with_comments(bytes(8), b"", added))
        start, _kind, length, last = comment
        body = _with_comments(data[start + 4 : start + 4 + length], b"", added)
        header = bytes([(0x80 if last else 0) | 4]) + len(body).to_bytes(3, "big")
        return start, start + 4 + length, header + body

    return rewrite


def _append_block(
    data: bytes, blocks: list[tuple[int, int, int, bool]], body: bytes
) -> tuple[int, int, bytes]:
    start, kind, length, _last = blocks[-1]
    end = start + 4 + length
    cleared = bytes([kind]) + length.to_bytes(3, "big") + data[start + 4 : end]
    return start, end, cleared + bytes([0x84]) + len(body).to_bytes(3, "big") + body


# --- the sink -----------------------------------------------------------------------------

Rewrite = Callable[[bytes], tuple[int, int, bytes] | None]


class ChapterSink:
    """A file-like between the encoder and its PartSink that rewrites the container's
    header once it is complete: `rewrite(head)` answers None (not complete yet) or
    (start, end, new): bytes [start, end) of the header become `new`. Bytes before `start`
    keep their offsets (FLAC's STREAMINFO, patched at close); bytes from `end` on move by
    the difference."""

    def __init__(self, inner: PartSink, rewrite: Rewrite):
        self._inner = inner
        self._rewrite = rewrite
        self._head = bytearray()
        self._pos = 0
        self._done = False
        self._stable = 0  # bytes before it keep their offsets
        self._old_end = 0  # bytes from it on are shifted by _delta
        self._delta = 0
        self.error: Exception | None = None

    @property
    def closed(self) -> bool:
        return self._inner.closed

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def seek(self, offset: int, whence: int = SEEK_SET) -> int:
        size = (self._inner.size - self._delta) if self._done else len(self._head)
        base = {SEEK_SET: 0, SEEK_CUR: self._pos, SEEK_END: size}[whence]
        if base + offset < 0:
            raise ValueError(f"negative seek position {base + offset}")
        self._pos = base + offset
        return self._pos

    def write(self, data: bytes | bytearray | memoryview) -> int:
        data = bytes(data)
        try:
            if not self._done:
                end = self._pos + len(data)
                if self._pos > len(self._head):
                    self._head.extend(bytes(self._pos - len(self._head)))
                self._head[self._pos : end] = data
                self._pos = end
                self._try_rewrite()
                return len(data)
            if self._pos >= self._old_end:
                self._inner.seek(self._pos + self._delta)
            elif self._pos + len(data) <= self._stable:
                self._inner.seek(self._pos)
            else:
                raise PartSinkError("a write into the rewritten header")
            self._inner.write(data)
            self._pos += len(data)
            return len(data)
        except Exception as exc:
            self.error = self.error or self._inner.error or exc
            raise

    def _try_rewrite(self) -> None:
        answer = self._rewrite(bytes(self._head))
        if answer is None:
            return
        start, end, new = answer
        self._done = True
        self._stable, self._old_end = start, end
        self._delta = len(new) - (end - start)
        self._inner.write(bytes(self._head[:start]) + new + bytes(self._head[end:]))
        self._head = bytearray()

    def close(self) -> None:
        if not self._done and not self._inner.closed:
            # The header never completed (no audio at all): the file goes out unchanged.
            self._done = True
            self._inner.write(bytes(self._head))
        self._inner.close()
        self.error = self.error or self._inner.error

    def abort(self) -> None:
        self._inner.abort()


def chapter_sink(
    fmt: str, inner: PartSink, chapters: Sequence[Chapter], tags: Mapping[str, str]
) -> ChapterSink | PartSink:
    """`inner`, wrapped to carry `chapters` in `fmt`'s own way; `inner` itself for formats
    without chapter marks (wav, pcm) or when there are none."""
    chapters = checked(chapters)
    if not chapters:
        return inner
    if fmt == "mp3":
        tag = id3_tag(chapters, tags)
        return ChapterSink(inner, lambda _head: (0, 0, tag))
    if fmt in ("opus", "ogg"):
        return ChapterSink(inner, _ogg_rewrite(vorbis_comments(chapters)))
    if fmt == "flac":
        return ChapterSink(inner, _flac_rewrite(vorbis_comments(chapters)))
    return inner
