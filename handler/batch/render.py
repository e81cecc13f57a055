"""Audio straight into S3 as it is synthesized (or assembled), never held whole.

Encoded bytes leave in multipart parts of BATCH_PART_SIZE_BYTES as soon as a part is
full; only the head part (which WAV, FLAC and MP3 patch at close, so their headers are
right) and one part in flight stay in memory. On any failure the upload is aborted.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from handler.batch.chapter_files import ChapterFiles
from handler.s3 import S3AudioUpload
from model_layer import CancelToken, SpeechPlan, Synthesizer
from model_layer.audio import AudioEncoder, AudioFormat, PartSink
from model_layer.audio.chapters import Chapter

# (chunk index, samples streamed for it including the pause before it, samples of speech)
ChunkRecord = tuple[int, int, int]
_READ_BYTES = 1024 * 1024


@dataclass(frozen=True)
class Rendered:
    chunks: list[ChunkRecord]
    frames: int  # at the output rate
    synthesis_seconds: float


class _Parts:
    """Hands the encoder's parts to the upload. An upload error is kept, not raised, and
    later parts are dropped: raised inside libsndfile's write callback, soundfile would
    swallow it and report only a short write, and the caller must see the S3 error to
    know it is worth a retry."""

    def __init__(self, upload: S3AudioUpload):
        self.upload = upload
        self.error: Exception | None = None

    def __call__(self, number: int, data: bytes) -> None:
        if self.error is None:
            try:
                self.upload.on_part(number, data)
            except Exception as exc:
                self.error = exc

    def check(self) -> None:
        if self.error is not None:
            raise self.error


class RecordedUpload(S3AudioUpload):
    """An S3AudioUpload that reports its multipart upload id as soon as S3 gives it, so
    the job's claim can name it and a retry after a crash can abort it."""

    def __init__(self, *args: Any, on_start: Callable[[str], None], **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._on_start = on_start
        self._reported: str | None = None

    def _upload_part(self, number: int, data: bytes) -> None:
        # Between creating the upload and sending its first part: a crash from here on
        # leaves an upload the claim names.
        if self._upload_id is not None and self._reported != self._upload_id:
            self._reported = self._upload_id
            self._on_start(self._upload_id)
        super()._upload_part(number, data)


def _encode_into(
    upload: S3AudioUpload,
    make_encoder: Callable[[PartSink], AudioEncoder],
    part_size: int,
    pcm: Iterable[np.ndarray],
    cancel: CancelToken,
    before_finish: Callable[[], None] | None = None,
) -> AudioEncoder:
    parts = _Parts(upload)
    encoder = make_encoder(PartSink(parts, part_size=part_size))
    try:
        for piece in pcm:
            encoder.write(piece)
            parts.check()
        encoder.close()
        parts.check()
        cancel.check()
        if before_finish is not None:
            before_finish()  # e.g. "is the source still the newest upload?"
        upload.finish()
    except BaseException:
        encoder.abort()
        upload.abort()
        raise
    return encoder


def render(
    synthesizer: Synthesizer,
    plan: SpeechPlan,
    upload: S3AudioUpload,
    *,
    fmt: AudioFormat,
    rate: int,
    part_size: int,
    cancel: CancelToken,
    start: int = 0,
    stop: int | None = None,
    on_chunk: Callable[[int, int, int], None] | None = None,
    before_finish: Callable[[], None] | None = None,
    chapters: Sequence[Chapter] = (),
    chapter_files: ChapterFiles | None = None,
) -> Rendered:
    """Chunks [start, stop) of `plan` as one S3 object in `fmt` at `rate`;
    `on_chunk(index, samples, sample_rate)` after each chunk is synthesized."""
    stop = len(plan.chunks) if stop is None else stop
    records: list[ChunkRecord] = []
    started = time.perf_counter()

    def pieces() -> Iterator[np.ndarray]:
        stream = synthesizer.stream(plan, cancel, start=start, stop=stop)
        for index, pcm in zip(range(start, stop), stream, strict=True):
            records.append((index, len(pcm), min(len(pcm), plan.chunk_samples(index))))
            if on_chunk is not None:
                on_chunk(index, len(pcm), synthesizer.sample_rate)
            yield pcm

    encoder = _encode_into(
        upload,
        lambda sink: AudioEncoder(fmt, synthesizer.sample_rate, sink, rate, chapters=chapters),
        part_size,
        pieces() if chapter_files is None else chapter_files.tee(pieces()),
        cancel,
        before_finish,
    )
    return Rendered(records, encoder.frames_written, time.perf_counter() - started)


def assemble(
    client: Any,
    bucket: str,
    segment_keys: Iterable[str],
    upload: S3AudioUpload,
    *,
    fmt: AudioFormat,
    rate: int,
    part_size: int,
    cancel: CancelToken,
    before_finish: Callable[[], None] | None = None,
    chapters: Sequence[Chapter] = (),
    chapter_files: ChapterFiles | None = None,
) -> int:
    """Raw PCM16 segments (already at `rate`), read in order, as one object in `fmt`;
    returns its frames."""

    def pieces() -> Iterator[np.ndarray]:
        for key in segment_keys:
            body = client.get_object(Bucket=bucket, Key=key)["Body"]
            carry = b""
            try:
                while data := body.read(_READ_BYTES):
                    data = carry + data
                    even = len(data) - len(data) % 2
                    carry = data[even:]
                    cancel.check()
                    # k / 32768 is exact in float32, so PCM16 output gives back k itself.
                    yield np.frombuffer(data[:even], "<i2").astype(np.float32) / 32768.0
            finally:
                body.close()
            if carry:
                raise ValueError(f"segment {key} has an odd number of bytes")

    encoder = _encode_into(
        upload,
        lambda sink: AudioEncoder(fmt, rate, sink, rate, chapters=chapters),
        part_size,
        pieces() if chapter_files is None else chapter_files.tee(pieces()),
        cancel,
        before_finish,
    )
    return encoder.frames_written


def chunk_times(
    records: Iterable[ChunkRecord], source_rate: int
) -> Iterator[tuple[int, float, float]]:
    """(index, start s, end s) of each chunk's speech in the whole audio."""
    position = 0
    for index, streamed, speech in records:
        position += streamed
        yield index, (position - speech) / source_rate, position / source_rate
