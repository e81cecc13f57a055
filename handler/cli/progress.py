"""A one-line progress bar for a terminal's stderr (nothing is drawn when it is not one)."""

from __future__ import annotations

import sys
import time
from typing import TextIO

WIDTH = 28


def format_seconds(seconds: float) -> str:
    seconds = max(0, round(seconds))
    if seconds < 60:
        return f"{seconds}s"
    minutes, seconds = divmod(seconds, 60)
    if minutes < 60:
        return f"{minutes}m{seconds:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h{minutes:02d}m"


def bar(fraction: float, width: int = WIDTH) -> str:
    fraction = min(max(fraction, 0.0), 1.0)
    filled = round(fraction * width)
    return "[" + "#" * filled + "-" * (width - filled) + "]"


def progress_line(done: int, total: int, eta_seconds: float | None, unit: str = "chunks") -> str:
    fraction = done / total if total else 0.0
    eta = f"  ETA {format_seconds(eta_seconds)}" if eta_seconds is not None else ""
    return f"{bar(fraction)} {done}/{total} {unit} {fraction:4.0%}{eta}"


class ProgressBar:
    """Redraws one line in place; `enabled` is False (and nothing is written) unless the
    stream is a terminal, so logs and pipes never get carriage returns."""

    def __init__(self, stream: TextIO | None = None, enabled: bool | None = None) -> None:
        self.stream = stream or sys.stderr
        self.enabled = self.stream.isatty() if enabled is None else enabled
        self._drawn = False

    def draw(self, line: str) -> None:
        if not self.enabled:
            return
        self.stream.write("\r\x1b[2K" + line)
        self.stream.flush()
        self._drawn = True

    def finish(self) -> None:
        if self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False


class ChunkProgress:
    """Chunks done out of a total, with an ETA from the audio still to synthesize at the
    rate seen so far (chunks differ in length, so counting chunks alone would mislead)."""

    def __init__(self, bar_: ProgressBar, total_chunks: int, total_weight: float) -> None:
        self.bar = bar_
        self.total = total_chunks
        self.total_weight = total_weight or 1.0
        self.done = 0
        self.weight_done = 0.0
        self.started = time.monotonic()
        self.bar.draw(progress_line(0, total_chunks, None))

    def advance(self, weight: float) -> None:
        self.done += 1
        self.weight_done += weight
        elapsed = time.monotonic() - self.started
        remaining = self.total_weight - self.weight_done
        eta = elapsed / self.weight_done * remaining if self.weight_done else None
        self.bar.draw(progress_line(self.done, self.total, eta))
