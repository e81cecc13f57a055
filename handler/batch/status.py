"""`<OUTPUT_PREFIX><name>.status.json`: a narration's progress while it runs.

Every worker of a job (the one invocation of a short job, each segment invocation of a
split one) owns one entry of `segments` and rewrites the document with a conditional
read-modify-write (`If-Match`), so parallel workers never lose each other's entries. The
writes happen on a background thread at most every BATCH_STATUS_INTERVAL_SECONDS, and
synchronously only between steps (a segment finished, assembly, the end): synthesis
never waits for S3. A failed status write is logged and skipped; the manifest, not the
status, is what says a narration is complete.

    {"state": "running" | "assembling" | "done" | "failed",
     "chunks_done": 12, "chunks_total": 80, "audio_seconds_done": 61.2,
     "audio_seconds_total": 402.5, "eta_seconds": 30.5,
     "started_at": "…Z", "updated_at": "…Z", "source": {…},
     "segments": [{"index": 0, "state": "queued" | "running" | "done", "chunks_done",
                   "chunks_total", "audio_seconds_done", "audio_seconds_total",
                   "eta_seconds", "updated_at"}, …],
     "manifest": "<key>"          (done)
     "error_report": "<key>", "error_code": "<code>"   (failed)}
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from botocore.exceptions import ClientError

from handler.batch.jobs import SourceObject, source_is_current
from handler.batch.s3io import condition_failed, get_json, not_found, put_json
from handler.observability import logger as log
from model_layer import SpeechPlan

if TYPE_CHECKING:
    from handler.batch.invocation import BatchRuntime
    from handler.batch.keys import OutputKeys

RUNNING = "running"
ASSEMBLING = "assembling"
DONE = "done"
FAILED = "failed"
QUEUED = "queued"  # a segment waiting for its invocation
_FINAL = (DONE, FAILED)
_WRITE_ATTEMPTS = 4


def iso_now() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def plan_seconds(plan: SpeechPlan, start: int, stop: int) -> float:
    """Exactly the audio seconds chunks [start, stop) stream (pauses included)."""
    samples = sum(
        plan.chunk_samples(i) + plan.chunks[i].silence_before_samples for i in range(start, stop)
    )
    if stop == len(plan.chunks):
        samples += plan.trailing_silence_samples
    return samples / plan.sample_rate


@dataclass
class SegmentProgress:
    """One worker's part: chunks [first, end) of the job's plan."""

    index: int
    chunks_total: int
    audio_seconds_total: float
    estimated_seconds: float  # synthesis, before the first chunk tells the real pace
    state: str = QUEUED
    chunks_done: int = 0
    audio_seconds_done: float = 0.0
    started: float | None = None  # time.monotonic() when synthesis started

    def eta_seconds(self) -> float:
        if self.state == DONE:
            return 0.0
        if self.started is None:
            return round(self.estimated_seconds, 1)
        elapsed = time.monotonic() - self.started
        if self.audio_seconds_done > 0:
            rate = elapsed / self.audio_seconds_done
            remaining = max(self.audio_seconds_total - self.audio_seconds_done, 0.0)
            return round(rate * remaining, 1)
        return round(max(self.estimated_seconds - elapsed, 0.0), 1)

    def entry(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "state": self.state,
            "chunks_done": self.chunks_done,
            "chunks_total": self.chunks_total,
            "audio_seconds_done": round(self.audio_seconds_done, 3),
            "audio_seconds_total": round(self.audio_seconds_total, 3),
            "eta_seconds": self.eta_seconds(),
            "updated_at": iso_now(),
        }


class StatusBoard:
    """One worker's view of a job's status document, and the thread that writes it."""

    def __init__(
        self,
        s3: Any,
        bucket: str,
        key: str,
        source: SourceObject,
        metadata: dict[str, str],
        *,
        interval_seconds: float,
        chunks_total: int | None,
        audio_seconds_total: float | None,
        segments: list[SegmentProgress],
        mine: int | None = None,
    ):
        self.s3 = s3
        self.bucket = bucket
        self.key = key
        self.source = source
        self.metadata = metadata
        self.interval = interval_seconds
        self.chunks_total = chunks_total
        self.audio_seconds_total = audio_seconds_total
        self.segments = {progress.index: progress for progress in segments}
        self.mine = self.segments[mine] if mine is not None else None
        self.superseded = False  # a newer upload's job owns the document now
        self._lock = threading.Lock()
        self._changed = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    # --- called by the worker's own thread ---

    def start(self) -> None:
        """Mark this worker's segment running and begin writing in the background."""
        if self.mine is not None:
            with self._lock:
                self.mine.state = RUNNING
                self.mine.started = time.monotonic()
        self._changed.set()
        self._thread = threading.Thread(target=self._run, name="batch-status", daemon=True)
        self._thread.start()

    def advance(self, _index: int, streamed_samples: int, sample_rate: int) -> None:
        """One chunk synthesized: counted now, written by the thread within an interval."""
        if self.mine is None:
            return
        with self._lock:
            self.mine.chunks_done += 1
            self.mine.audio_seconds_done += streamed_samples / sample_rate
        self._changed.set()

    def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            self._thread.join()
            self._thread = None

    def segment_done(self) -> None:
        """This worker's segment is complete: written now (a worker may end right after)."""
        self.stop()
        if self.mine is not None:
            with self._lock:
                self.mine.state = DONE
        self.write()

    def finish(self, state: str, **fields: Any) -> None:
        """A job-wide state: assembling, done (with `manifest`), failed (`error_report`)."""
        self.stop()
        if self.mine is not None and state == DONE:
            with self._lock:
                self.mine.state = DONE
        self.write(state, **fields)

    def write(self, state: str | None = None, **fields: Any) -> None:
        """Best effort: a status that could not be written is logged, never raised."""
        try:
            self._write(state, fields)
        except Exception as exc:
            log.warning("status not written", extra={"key": self.key, "reason": str(exc)})

    # --- internals ---

    def _run(self) -> None:
        while not self._stop.is_set():
            if self._changed.is_set():
                self._changed.clear()
                self.write()
                if self.superseded:
                    return
            self._stop.wait(self.interval)

    def _write(self, state: str | None, fields: dict[str, Any]) -> None:
        if self.superseded:
            return
        for _attempt in range(_WRITE_ATTEMPTS):
            try:
                existing, etag = get_json(self.s3, self.bucket, self.key)
            except ClientError as exc:
                if not not_found(exc):
                    raise
                existing, etag = None, None
            document = self._merged(existing, state, fields)
            if document is None:
                return
            condition = {"IfMatch": etag} if etag else {"IfNoneMatch": "*"}
            try:
                put_json(self.s3, self.bucket, self.key, document, self.metadata, **condition)
                return
            except ClientError as exc:
                if not condition_failed(exc):
                    raise
        log.info("status write skipped: the document kept changing", extra={"key": self.key})

    def _merged(
        self, existing: Any, state: str | None, fields: dict[str, Any]
    ) -> dict[str, Any] | None:
        """The document with this worker's news; None when there is nothing to write."""
        ours = self.source.describe()
        if not isinstance(existing, dict) or not isinstance(existing.get("segments"), list):
            existing = None
        elif existing.get("source") != ours:
            # Another upload's job wrote it: an older one (ours replaces its status) or a
            # newer one (ours is superseded and must leave the document alone).
            if not source_is_current(self.s3, self.source):
                self.superseded = True
                return None
            existing = None
        elif existing.get("state") in _FINAL and state is None:
            return None  # a late duplicate worker: the job already ended
        with self._lock:
            entries = {
                entry["index"]: entry
                for entry in (existing or {}).get("segments", [])
                if isinstance(entry, dict) and isinstance(entry.get("index"), int)
            }
            if existing is None:
                entries.update({i: p.entry() for i, p in self.segments.items()})
            elif self.mine is not None:
                entries[self.mine.index] = self.mine.entry()
        segments = [entries[i] for i in sorted(entries)]
        unfinished = [entry["eta_seconds"] for entry in segments if entry["state"] != DONE]
        document = {
            **(existing or {"started_at": iso_now()}),
            "state": state or (existing or {}).get("state", RUNNING),
            "source": ours,
            "chunks_done": sum(entry["chunks_done"] for entry in segments),
            "chunks_total": (
                self.chunks_total
                if self.chunks_total is not None
                else (existing or {}).get("chunks_total", 0)
            ),
            "audio_seconds_done": round(sum(entry["audio_seconds_done"] for entry in segments), 3),
            "audio_seconds_total": (
                round(self.audio_seconds_total, 3)
                if self.audio_seconds_total is not None
                else (existing or {}).get("audio_seconds_total", 0.0)
            ),
            # Segments run in parallel: the job ends with its slowest one.
            "eta_seconds": max(unfinished, default=0.0),
            "updated_at": iso_now(),
            "segments": segments,
            **fields,
        }
        if document["state"] == DONE:
            document["eta_seconds"] = 0.0
        return document


def board_for(
    rt: BatchRuntime,
    keys: OutputKeys,
    source: SourceObject,
    plan: SpeechPlan,
    ranges: list[tuple[int, int]],
    mine: int | None = None,
) -> StatusBoard:
    """The status of a job planned as `plan`, split into `ranges` of chunks (one range
    when one invocation does it all), seen by the worker of segment `mine`."""
    segments = [
        SegmentProgress(
            index,
            end - first,
            plan_seconds(plan, first, end),
            rt.estimated_seconds(plan, first, end),
        )
        for index, (first, end) in enumerate(ranges)
    ]
    return StatusBoard(
        rt.s3,
        keys.bucket,
        keys.status,
        source,
        rt.metadata(),
        interval_seconds=rt.settings.batch_status_interval_seconds,
        chunks_total=len(plan.chunks),
        audio_seconds_total=plan_seconds(plan, 0, len(plan.chunks)),
        segments=segments,
        mine=mine,
    )


def write_failed(rt: BatchRuntime, keys: OutputKeys, source: SourceObject, code: str) -> None:
    """End the status as `failed`, pointing at the error report."""
    board = StatusBoard(
        rt.s3,
        keys.bucket,
        keys.status,
        source,
        rt.metadata(),
        interval_seconds=rt.settings.batch_status_interval_seconds,
        chunks_total=None,
        audio_seconds_total=None,
        segments=[],
    )
    board.finish(FAILED, error_report=keys.error, error_code=code)
