"""A background thread beside one batch job: it renews the job's claim (its lease, see
handler/batch/claims.py) while this invocation lives, and checks that the job's source
is still the newest upload of its key. Losing either cancels the job's synthesis, so a
superseded or taken-over job stops early instead of finishing work nobody will keep.
"""

from __future__ import annotations

import threading
import time
from types import TracebackType
from typing import Any

from handler.batch.claims import Claim, ClaimLostError
from handler.batch.jobs import SourceObject, SupersededError, source_is_current
from handler.observability import logger as log
from model_layer import CancelToken

SUPERSEDED = "superseded"
CLAIM_LOST = "claim lost"  # another invocation holds the claim now: it does the job
# Renewals failed (S3 unwell) until the lease ran out: stop, and let the job be retried
# (nobody may have taken it over, so this is no success).
LEASE_EXPIRED = "lease expired"


class JobWatch:
    """`with JobWatch(...) as watch:` around a job; `watch.attach(token)` for each cancel
    token its synthesis runs under; after a failure, `watch.raise_if_stopped()` tells a
    stop this watch made from any other error."""

    def __init__(
        self,
        s3: Any,
        *,
        source: SourceObject | None,
        claim: Claim | None,
        interval_seconds: float,
    ):
        self.s3 = s3
        self.source = source
        self.claim = claim
        self.interval = interval_seconds
        self.reason: str | None = None
        self._tokens: list[CancelToken] = []
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="batch-job-watch", daemon=True)

    def __enter__(self) -> JobWatch:
        self._thread.start()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop renewing: from here on the job's own thread writes the claim."""
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join()

    def attach(self, token: CancelToken) -> CancelToken:
        with self._lock:
            self._tokens.append(token)
            if self.reason is not None:
                token.cancel()
        return token

    def raise_if_stopped(self) -> None:
        if self.reason == SUPERSEDED:
            assert self.source is not None
            raise SupersededError(f"{self.source.key} was replaced while its narration ran")
        if self.reason == CLAIM_LOST:
            raise ClaimLostError("another invocation took the job over")

    def _halt(self, reason: str) -> None:
        with self._lock:
            if self.reason is None:
                self.reason = reason
                log.info("batch job stopped", extra={"reason": reason})
            for token in self._tokens:
                token.cancel()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            self._tick()
            if self.reason is not None:
                return

    def _tick(self) -> None:
        claim = self.claim
        if claim is not None:
            try:
                claim.renew()
            except ClaimLostError:
                self._halt(CLAIM_LOST)
                return
            except Exception as exc:  # S3 briefly unwell: try again next tick
                log.warning("lease not renewed", extra={"claim": claim.key, "reason": str(exc)})
                if float(claim.document.get("lease_until", 0)) < time.time():
                    self._halt(LEASE_EXPIRED)  # a retry may take it over any moment
                    return
        if self.source is not None:
            try:
                current = source_is_current(self.s3, self.source)
            except Exception as exc:
                log.warning("source not checked", extra={"reason": str(exc)})
                return
            if not current:
                self._halt(SUPERSEDED)
