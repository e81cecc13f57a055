"""Exactly once without a database: a claim object per upload, written with S3
conditional writes.

`If-None-Match: *` lets exactly one invocation create the claim. The claim carries a
short lease (BATCH_LEASE_SECONDS) that its live holder renews from a background thread
(handler/batch/watch.py); a holder that crashed stops renewing, so a retry takes the
claim over with `If-Match` on its ETag within about one lease, and aborts the multipart
uploads the dead holder recorded in it. Two retries racing for an expired claim are
decided by the same condition, and a holder whose claim was taken over learns it from
its next renewal (ClaimLostError) and stops. A finished claim (done, failed, superseded,
or handed on to segments) makes every later delivery of the same upload a logged no-op.
"""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field
from typing import Any

from botocore.exceptions import ClientError

from handler.batch.s3io import condition_failed, get_json, not_found, put_json
from handler.observability import logger as log

RUNNING = "running"
SEGMENTED = "segmented"  # handed to segment invocations; the assembler finishes it
DONE = "done"
FAILED = "failed"  # an error report was written; the input needs fixing, not a retry
SUPERSEDED = "superseded"  # a newer upload of the same key replaced the source: its job wins


class ClaimBusyError(Exception):
    """Another invocation holds the claim and its lease has not ended: retry later."""


class ClaimLostError(Exception):
    """Another invocation took the claim over (this holder's lease had run out): stop."""


@dataclass
class Claim:
    client: Any
    bucket: str
    key: str
    etag: str
    document: dict[str, Any]
    metadata: dict[str, str]
    lease_seconds: float = 0.0
    # The heartbeat thread and the job's own thread both write the claim.
    _lock: threading.RLock = field(default_factory=threading.RLock, repr=False)

    def update(self, state: str, **fields: Any) -> None:
        """Move to `state`, only if nobody took the claim over meanwhile."""
        with self._lock:
            document = {**self.document, **fields, "state": state, "updated_at": time.time()}
            try:
                self.etag = put_json(
                    self.client, self.bucket, self.key, document, self.metadata, IfMatch=self.etag
                )
            except ClientError as exc:
                if condition_failed(exc) or not_found(exc):
                    raise ClaimLostError(f"claim {self.key} was taken over") from exc
                raise
            self.document = document

    def renew(self) -> None:
        """Extend the lease by another BATCH_LEASE_SECONDS from now; nothing once the claim
        reached a final state (the heartbeat may tick just after the job ended)."""
        with self._lock:
            if self.document.get("state") == RUNNING:
                self.update(RUNNING, lease_until=time.time() + self.lease_seconds)

    def record_upload(self, bucket: str, key: str, upload_id: str) -> None:
        """Note a multipart upload before its first part, so whoever takes the claim over
        after a crash can abort it."""
        upload = {"bucket": bucket, "key": key, "upload_id": upload_id}
        self.update(
            RUNNING,
            uploads=[*self.document.get("uploads", []), upload],
            lease_until=time.time() + self.lease_seconds,
        )

    def release(self) -> None:
        """Give the claim up after a transient failure, so the retry can start at once: its
        lease ends now. Best effort (the lease runs out by itself anyway), never raises,
        so the error that led here is the one reported."""
        try:
            with self._lock:
                if self.document.get("state") == RUNNING:
                    self.update(RUNNING, lease_until=0)
        except Exception as exc:
            log.warning("claim not released", extra={"claim": self.key, "reason": str(exc)})


def acquire(
    client: Any,
    bucket: str,
    key: str,
    *,
    owner: str,
    lease_seconds: float,
    metadata: dict[str, str],
    **fields: Any,
) -> Claim | dict[str, Any]:
    """The claim, held by `owner`; or the document of a claim that is finished.

    Raises ClaimBusyError while another holder's lease runs.
    """

    def fresh() -> dict[str, Any]:
        now = time.time()
        return {
            **fields,
            "state": RUNNING,
            "owner": owner,
            "lease_until": now + lease_seconds,
            "updated_at": now,
        }

    for _attempt in range(3):
        document = fresh()
        try:
            etag = put_json(client, bucket, key, document, metadata, IfNoneMatch="*")
            return Claim(client, bucket, key, etag, document, metadata, lease_seconds)
        except ClientError as exc:
            if not condition_failed(exc):
                raise
        try:
            existing, existing_etag = get_json(client, bucket, key)
        except ClientError as exc:
            if not_found(exc):  # deleted between our two requests: try to create it again
                continue
            raise
        if existing.get("state") != RUNNING:
            return dict(existing)
        if float(existing.get("lease_until", 0)) > time.time():
            raise ClaimBusyError(
                f"claim {key} is held by {existing.get('owner')} until "
                f"{time.strftime('%H:%M:%S', time.gmtime(existing['lease_until']))} UTC"
            )
        document = fresh()
        try:
            etag = put_json(client, bucket, key, document, metadata, IfMatch=existing_etag)
        except ClientError as exc:
            if not condition_failed(exc):
                raise
            continue
        log.info(
            "claim taken over",
            extra={"claim": key, "previous_owner": existing.get("owner")},
        )
        abort_uploads(client, existing.get("uploads", []))
        return Claim(client, bucket, key, etag, document, metadata, lease_seconds)
    raise ClaimBusyError(f"claim {key} changed hands while taking it; retry")


def abort_uploads(client: Any, uploads: list[dict[str, str]]) -> None:
    """Abort multipart uploads a dead holder left open. Best effort: the bucket's
    AbortIncompleteMultipartUpload lifecycle rule removes what this cannot."""
    for upload in uploads:
        try:
            client.abort_multipart_upload(
                Bucket=upload["bucket"], Key=upload["key"], UploadId=upload["upload_id"]
            )
            log.info("orphaned upload aborted", extra={"key": upload["key"]})
        except ClientError as exc:
            if exc.response.get("Error", {}).get("Code") != "NoSuchUpload":
                log.warning(
                    "orphaned upload not aborted", extra={"key": upload["key"], "reason": str(exc)}
                )
        except Exception as exc:  # connection trouble: the lifecycle rule is the backstop
            log.warning(
                "orphaned upload not aborted", extra={"key": upload["key"], "reason": str(exc)}
            )


def settle(
    client: Any, bucket: str, key: str, state: str, metadata: dict[str, str], **fields: Any
) -> None:
    """Move a claim nobody holds a lease on (a split job's) to a final state."""
    document, etag = get_json(client, bucket, key)
    document = {**document, **fields, "state": state, "updated_at": time.time()}
    put_json(client, bucket, key, document, metadata, IfMatch=etag)
