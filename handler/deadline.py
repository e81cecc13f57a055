"""A watchdog that cancels synthesis before Lambda kills the process."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

from handler.errors import DeadlineExceededError
from model_layer import CancelToken


@contextmanager
def deadline_guard(remaining_ms: Callable[[], int], margin_ms: int) -> Iterator[CancelToken]:
    """Yield a token that is cancelled `margin_ms` before the invocation's deadline.

    The margin leaves time to answer 504 and abort uploads; cancelling terminates the
    ONNX Runtime run in flight, so the process is free for the next invocation.
    """
    budget_ms = remaining_ms() - margin_ms
    if budget_ms <= 0:
        raise DeadlineExceededError(
            f"no time left to synthesize: {remaining_ms()} ms remain, {margin_ms} ms are kept back"
        )
    token = CancelToken()
    timer = threading.Timer(budget_ms / 1000.0, token.cancel)
    timer.daemon = True
    timer.start()
    try:
        yield token
    finally:
        timer.cancel()
