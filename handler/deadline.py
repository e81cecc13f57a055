"""The invocation's deadline, and the one rule every route checks it by: the time left is
what Lambda reports minus DEADLINE_MARGIN_MS, kept back to cancel, answer 504 and abort
uploads. Planning runs under `guard()`; admission measures its budget with `budget_seconds()`;
synthesis runs under `guard()` again."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from handler.errors import DeadlineExceededError
from model_layer import CancelToken


@dataclass(frozen=True)
class Deadline:
    remaining_ms: Callable[[], int]  # the Lambda context's get_remaining_time_in_millis
    margin_ms: int

    def budget_seconds(self) -> float:
        """Seconds of work left before the margin."""
        return (self.remaining_ms() - self.margin_ms) / 1000.0

    def check(self, doing: str = "synthesize") -> None:
        if self.budget_seconds() <= 0:
            raise DeadlineExceededError(
                f"no time left to {doing}: {self.remaining_ms()} ms remain, "
                f"{self.margin_ms} ms are kept back"
            )

    @contextmanager
    def guard(self, doing: str = "synthesize") -> Iterator[CancelToken]:
        """Yield a token that is cancelled at the margin before the deadline. Cancelling
        stops planning at its next check and terminates the ONNX Runtime run in flight, so
        the process is free for the next invocation."""
        self.check(doing)
        token = CancelToken()
        timer = threading.Timer(self.budget_seconds(), token.cancel)
        timer.daemon = True
        timer.start()
        try:
            yield token
        finally:
            timer.cancel()


@contextmanager
def deadline_guard(remaining_ms: Callable[[], int], margin_ms: int) -> Iterator[CancelToken]:
    """`Deadline(remaining_ms, margin_ms).guard()`, for callers holding the two parts."""
    with Deadline(remaining_ms, margin_ms).guard() as token:
        yield token
