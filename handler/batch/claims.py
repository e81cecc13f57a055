"""Exactly once without a database: a claim object per upload, written with S3
conditional writes.

`If-None-Match: *` lets exactly one invocation create the claim. The claim carries a
lease that ends at its holder's Lambda deadline, after which the holder is certainly
gone (Lambda has killed it), so a retry may take over with `If-Match` on the claim's
ETag; two retries racing for an expired claim are decided by the same condition. A
finished claim (done, failed, or handed on to segments) makes every later delivery of
the same upload a logged no-op.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from botocore.exceptions import ClientError

from handler.batch.s3io import condition_failed, get_json, not_found, put_json

RUNNING = "running"
SEGMENTED = "segmented"  # handed to segment invocations; the assembler finishes it
DONE = "done"
FAILED = "failed"  # an error report was written; the input needs fixing, not a retry


class ClaimBusyError(Exception):
    """Another invocation holds the claim and its lease has not ended: retry later."""


@dataclass
class Claim:
    client: Any
    bucket: str
    key: str
    etag: str
    document: dict[str, Any]
    metadata: dict[str, str]

    def update(self, state: str, **fields: Any) -> None:
        """Move to `state`, only if nobody took the claim over meanwhile."""
        document = {**self.document, **fields, "state": state, "updated_at": time.time()}
        self.etag = put_json(
            self.client, self.bucket, self.key, document, self.metadata, IfMatch=self.etag
        )
        self.document = document

    def release(self) -> None:
        """Give the claim up after a transient failure, so the retry can start at once."""
        self.client.delete_object(Bucket=self.bucket, Key=self.key)


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
    document = {
        **fields,
        "state": RUNNING,
        "owner": owner,
        "lease_until": time.time() + lease_seconds,
        "updated_at": time.time(),
    }
    for _attempt in range(3):
        try:
            etag = put_json(client, bucket, key, document, metadata, IfNoneMatch="*")
            return Claim(client, bucket, key, etag, document, metadata)
        except ClientError as exc:
            if not condition_failed(exc):
                raise
        try:
            existing, existing_etag = get_json(client, bucket, key)
        except ClientError as exc:
            if not_found(exc):  # released between our two requests: try to create it again
                continue
            raise
        if existing.get("state") != RUNNING:
            return dict(existing)
        if float(existing.get("lease_until", 0)) > time.time():
            raise ClaimBusyError(
                f"claim {key} is held by {existing.get('owner')} until "
                f"{time.strftime('%H:%M:%S', time.gmtime(existing['lease_until']))} UTC"
            )
        try:
            etag = put_json(client, bucket, key, document, metadata, IfMatch=existing_etag)
            return Claim(client, bucket, key, etag, document, metadata)
        except ClientError as exc:
            if not condition_failed(exc):
                raise
    raise ClaimBusyError(f"claim {key} changed hands while taking it; retry")


def settle(
    client: Any, bucket: str, key: str, state: str, metadata: dict[str, str], **fields: Any
) -> None:
    """Move a claim nobody holds a lease on (a split job's) to a final state."""
    document, etag = get_json(client, bucket, key)
    document = {**document, **fields, "state": state, "updated_at": time.time()}
    put_json(client, bucket, key, document, metadata, IfMatch=etag)
