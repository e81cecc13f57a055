"""`"split": "chapters"`: one audio file per chapter as well as the whole, written from the
same PCM as it streams past (nothing is synthesized twice), each a complete file of its
own, for players that prefer a folder of tracks to chapter marks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence

import numpy as np

from handler.s3 import S3AudioUpload
from handler.s3.calls import best_effort
from model_layer.audio import AudioEncoder, AudioFormat, PartSink
from model_layer.audio.chapters import Chapter

# Numbered from 001; the key check leaves room for four digits (keys.py).
MAX_CHAPTER_FILES = 9_999


class ChapterFiles:
    """Cuts a PCM stream at the chapters' starts into one encoded upload per chapter.
    Each chapter's upload completes when the next chapter starts; if the job fails, the
    open one is aborted and the completed ones deleted, so none is left without its
    manifest."""

    def __init__(
        self,
        chapters: Sequence[Chapter],
        open_upload: Callable[[int], S3AudioUpload],
        *,
        fmt: AudioFormat,
        source_rate: int,
        rate: int,
        part_size: int,
    ):
        if len(chapters) > MAX_CHAPTER_FILES:
            raise ValueError(f"at most {MAX_CHAPTER_FILES} chapter files")
        self._starts = [round(chapter.start * source_rate) for chapter in chapters][1:]
        self._open_upload = open_upload
        self._fmt, self._source_rate, self._rate = fmt, source_rate, rate
        self._part_size = part_size
        self._position = 0
        self._index = -1
        self._upload: S3AudioUpload | None = None
        self._encoder: AudioEncoder | None = None
        self._done: list[S3AudioUpload] = []

    def tee(self, pieces: Iterable[np.ndarray]) -> Iterator[np.ndarray]:
        """`pieces`, passed on unchanged, written to the chapter files on the way; the
        last file is finished when they end, and all are removed if the stream fails."""
        try:
            for piece in pieces:
                self._write(piece)
                yield piece
            self._finish_current()
        except BaseException:
            self.abort()
            raise

    def _write(self, piece: np.ndarray) -> None:
        while piece.size:
            if self._encoder is None:
                self._start_next()
            boundary = self._starts[self._index] if self._index < len(self._starts) else None
            if boundary is not None and self._position + piece.size > boundary:
                cut = max(0, boundary - self._position)
                self._encode(piece[:cut])
                piece = piece[cut:]
                self._finish_current()
                continue
            self._encode(piece)
            return

    def _encode(self, piece: np.ndarray) -> None:
        assert self._encoder is not None
        self._encoder.write(piece)
        self._position += piece.size

    def _start_next(self) -> None:
        self._index += 1
        self._upload = self._open_upload(self._index + 1)
        upload = self._upload
        sink = PartSink(upload.on_part, part_size=self._part_size)
        self._encoder = AudioEncoder(self._fmt, self._source_rate, sink, self._rate)

    def _finish_current(self) -> None:
        if self._encoder is None or self._upload is None:
            return
        self._encoder.close()
        self._upload.finish()
        self._done.append(self._upload)
        self._encoder, self._upload = None, None

    def abort(self) -> None:
        if self._encoder is not None:
            self._encoder.abort()
        if self._upload is not None:
            self._upload.abort()
        self._encoder, self._upload = None, None
        for upload in self._done:
            best_effort(
                "deleting a chapter file of a failed job",
                lambda upload=upload: upload.client.delete_object(
                    Bucket=upload.bucket, Key=upload.key
                ),
            )
        self._done = []

    @property
    def keys(self) -> list[str]:
        return [upload.key for upload in self._done]
