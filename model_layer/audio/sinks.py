"""Seekable write-only file-likes that hand encoded bytes out in parts instead of to a file.

libsndfile finalises some containers by seeking back and patching bytes it wrote at
open (measured with libsndfile 1.2.2 through soundfile's virtual I/O):

- wav: rewrites the 44-byte RIFF header (bytes 0-43) on the first write and at close;
- flac: patches STREAMINFO (bytes 12-41: frame sizes, total samples, MD5) at close;
- mp3: rewrites the first frame (the 384-byte Xing/LAME tag at default settings; one
  frame is at most 1,441 bytes) at close;
- ogg (Vorbis), opus, raw pcm: never seek back.

No format reads. So keeping the first `head_size` bytes in memory until close is
enough for every format, and everything after it can leave as soon as it is written.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from os import SEEK_CUR, SEEK_END, SEEK_SET
from typing import NoReturn

DEFAULT_PART_SIZE = 8 * 1024 * 1024


def _discard(_number: int, _data: bytes) -> None:
    """The callback of a closed sink: nothing more is emitted."""


class PartSinkError(OSError):
    """A write or seek needed bytes that were already handed out, or the sink is closed."""


class PartSink:
    """A seekable, write-only file-like that streams its content out in numbered parts.

    Bytes `[0, head_size)` stay in memory until `close()` so a container can patch its
    header; they become part 1. Every further `part_size` bytes are passed to
    `on_part(n, data)` as parts 2, 3, ... as soon as they are complete, and what remains
    at close is the last part. Part 1 is emitted at close, after parts 2..N-1 and before
    part N (S3 multipart accepts parts in any order). Parts other than the last are
    `part_size` bytes, or `head_size` for part 1; S3 needs both to be at least 5 MiB,
    which this class leaves to the caller since nothing here is specific to S3.

    Exceptions raised inside libsndfile's I/O callbacks are swallowed by soundfile, so
    the first error is also kept in `error` for the encoder to re-raise.
    """

    def __init__(
        self,
        on_part: Callable[[int, bytes], None],
        *,
        part_size: int = DEFAULT_PART_SIZE,
        head_size: int | None = None,
    ) -> None:
        head_size = part_size if head_size is None else head_size
        if part_size < 1 or head_size < part_size:
            raise ValueError(
                f"need 1 <= part_size <= head_size, got part_size={part_size}, "
                f"head_size={head_size}"
            )
        self._on_part = on_part
        self._part_size = part_size
        self._head_size = head_size
        self._head = bytearray()
        # `_pending` holds bytes [_pending_start, _pending_start + len(_pending)).
        self._pending = bytearray()
        self._pending_start = head_size
        self._next_part = 2
        self._pos = 0
        self._size = 0
        self._closed = False
        self._aborted = False
        self.error: Exception | None = None

    @property
    def closed(self) -> bool:
        return self._closed

    @property
    def size(self) -> int:
        """Bytes written so far (the length of the file being built)."""
        return self._size

    def seekable(self) -> bool:
        return True

    def tell(self) -> int:
        return self._pos

    def seek(self, offset: int, whence: int = SEEK_SET) -> int:
        base = {SEEK_SET: 0, SEEK_CUR: self._pos, SEEK_END: self._size}[whence]
        pos = base + offset
        if pos < 0:
            raise ValueError(f"negative seek position {pos}")
        if not self._aborted and self._head_size <= pos < self._pending_start:
            self._fail(
                f"cannot seek to byte {pos}: bytes {self._head_size}-"
                f"{self._pending_start - 1} were already handed out as parts"
            )
        self._pos = pos
        return pos

    def write(self, data: bytes | bytearray | memoryview) -> int:
        if self._aborted:
            return len(data)
        if self._closed:
            self._fail("write to a closed sink")
        data = memoryview(data).cast("B")
        end = self._pos + len(data)
        in_head = max(0, min(end, self._head_size) - self._pos)
        if in_head:
            _write_at(self._head, self._pos, data[:in_head])
        if end > self._head_size:
            start = max(self._pos, self._head_size)
            if start < self._pending_start:
                self._fail(
                    f"cannot write bytes {start}-{end - 1}: bytes before "
                    f"{self._pending_start} were already handed out as parts"
                )
            # A write past a gap in the head leaves zeros there, as a file would.
            self._head.extend(bytes(self._head_size - len(self._head)))
            _write_at(self._pending, start - self._pending_start, data[in_head:])
        self._pos = end
        self._size = max(self._size, end)
        while len(self._pending) >= self._part_size:
            self._emit(self._next_part, self._pending[: self._part_size])
            del self._pending[: self._part_size]
            self._pending_start += self._part_size
            self._next_part += 1
        return len(data)

    def close(self) -> None:
        """Hand out the head as part 1 (always, even if empty) and the rest as the last part."""
        if self._closed:
            return
        self._closed = True
        if self._aborted:
            return
        self._emit(1, self._head)
        if self._pending:
            self._emit(self._next_part, self._pending)
        self._release()

    def abort(self) -> None:
        """Drop everything buffered; later writes are discarded and nothing more is emitted."""
        self._aborted = True
        self._release()

    def _release(self) -> None:
        # The callback is often a bound method of the sink's owner (or of the sink,
        # as in MemorySink): dropping it breaks that reference cycle, so the audio
        # buffers are freed at once instead of at the next cyclic garbage collection
        # (measured: RSS swinging by hundreds of MB over a soak without this).
        self._on_part = _discard
        self._head = self._pending = bytearray()

    def _emit(self, number: int, data: bytearray) -> None:
        try:
            self._on_part(number, bytes(data))
        except Exception as exc:
            # Raised inside libsndfile's write callback, the error would be lost there
            # (soundfile reports only a short write): kept, the encoder raises it instead.
            self.error = self.error or exc
            raise

    def _fail(self, message: str) -> NoReturn:
        error = PartSinkError(message)
        self.error = self.error or error
        raise error


class MemorySink(PartSink):
    """The whole file in memory, as one `bytes` after `close()`: a PartSink whose head
    never fills, so its only part is part 1."""

    def __init__(self) -> None:
        super().__init__(self._keep, part_size=sys.maxsize, head_size=sys.maxsize)
        self._value: bytes | None = None

    def _keep(self, _number: int, data: bytes) -> None:
        self._value = data

    def getvalue(self) -> bytes:
        if self._value is None:
            raise PartSinkError("the sink is not closed yet (or was aborted)")
        return self._value


def _write_at(buffer: bytearray, offset: int, data: memoryview) -> None:
    """Write `data` at `offset` like a file does: overwrite, extend, or zero-fill a gap."""
    if offset > len(buffer):
        buffer.extend(bytes(offset - len(buffer)))
    buffer[offset : offset + len(data)] = data
