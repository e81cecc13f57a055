"""One S3 call: its attempts gated by the invocation's deadline, and what its failure means.

The client's own retries (botocore standard mode) handle throttling, 5xx and dropped
connections; `s3_call` turns what outlived them (by the one table in handler.s3.errors) into
`storage_unavailable`, a 503 the client may retry, and leaves other errors (a missing
bucket, denied access) as they are.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from handler.errors import StorageUnavailableError
from handler.observability import logger as log
from handler.s3.errors import error_code, http_status, is_transient
from model_layer import CancelToken


@dataclass
class _CallGate:
    """What one S3 call in this thread may still do; consulted before every attempt."""

    cancel: CancelToken | None
    max_attempts: int | None = None  # None: the client's own limit
    attempts: int = 0


_call_gate: ContextVar[_CallGate | None] = ContextVar("s3_call_gate", default=None)


def gate_attempt(**_: Any) -> None:
    """Before every attempt, retries included: none starts once the deadline guard has fired,
    so what is left of the invocation goes to aborting the upload and answering."""
    gate = _call_gate.get()
    if gate is None:
        return
    gate.attempts += 1
    if gate.cancel is not None and gate.cancel.cancelled:
        raise StorageUnavailableError("storage did not answer before the invocation's deadline")
    if gate.max_attempts is not None and gate.attempts > gate.max_attempts:
        raise StorageUnavailableError("storage did not answer; not retried")


@contextmanager
def s3_call(
    what: str, cancel: CancelToken | None = None, max_attempts: int | None = None
) -> Iterator[None]:
    """Run one S3 call (`what` names it in messages) under the deadline gate of `cancel`."""
    token = _call_gate.set(_CallGate(cancel, max_attempts))
    try:
        yield
    except StorageUnavailableError:
        raise
    except Exception as exc:
        if not is_transient(exc):
            raise
        answer = error_code(exc) or http_status(exc)
        message = f"storage answered {answer}" if answer else "storage did not answer"
        raise StorageUnavailableError(f"{message} while {what}") from exc
    finally:
        _call_gate.reset(token)


def best_effort(what: str, call: Callable[[], None]) -> bool:
    """One attempt, no retries: cleanup runs when time is short, and whatever it leaves is
    retried later or removed by the bucket's lifecycle rule."""
    try:
        with s3_call(what, max_attempts=1):
            call()
    except Exception as exc:
        log.warning("s3 cleanup failed", extra={"action": what, "reason": str(exc)})
        return False
    return True
