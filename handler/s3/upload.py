"""Audio into S3 as it is encoded, and presigned URLs to fetch it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from handler.s3.calls import best_effort, s3_call
from model_layer import CancelToken

# S3 multipart parts must be at least 5 MiB except the last; 8 MiB keeps the number
# of requests low while holding little audio in memory.
PART_SIZE = 8 * 1024 * 1024


# Multipart uploads (client, bucket, key, upload id) whose abort could not reach S3, retried
# after that client's next upload succeeds. The bucket's AbortIncompleteMultipartUpload
# lifecycle rule removes whatever remains, so this list is kept short.
_failed_aborts: list[tuple[Any, str, str, str]] = []
_MAX_FAILED_ABORTS = 100


class S3AudioUpload:
    """Takes the numbered parts an encoder's PartSink hands out and makes one S3 object.

    Audio that fits one part is a single PUT at the end; longer audio becomes a
    multipart upload started at the first part beyond the head. Until `finish()`
    succeeds nothing is visible in the bucket, and `abort()` removes every part, so a
    failure or a deadline leaves nothing half-written behind.
    """

    def __init__(
        self,
        client: Any,
        bucket: str,
        key: str,
        content_type: str,
        metadata: dict[str, str],
        cancel: CancelToken | None = None,
    ):
        self.client = client
        self.bucket = bucket
        self.key = key
        self.content_type = content_type
        self.metadata = metadata
        self.cancel = cancel
        self._upload_id: str | None = None
        self._head: bytes | None = None
        self._etags: dict[int, str] = {}
        # Set once the object may exist: a completion whose answer was lost still made it.
        self._finishing = False

    def on_part(self, number: int, data: bytes) -> None:
        if number == 1:
            self._head = data
            return
        if self._upload_id is None:
            with s3_call("starting the upload", self.cancel):
                created = self.client.create_multipart_upload(
                    Bucket=self.bucket,
                    Key=self.key,
                    ContentType=self.content_type,
                    Metadata=self.metadata,
                )
            self._upload_id = created["UploadId"]
        self._upload_part(number, data)

    def _upload_part(self, number: int, data: bytes) -> None:
        with s3_call(f"uploading part {number}", self.cancel):
            answer = self.client.upload_part(
                Bucket=self.bucket,
                Key=self.key,
                UploadId=self._upload_id,
                PartNumber=number,
                Body=data,
            )
        self._etags[number] = answer["ETag"]

    def finish(self) -> None:
        if self._head is None:
            raise RuntimeError("the encoder was not closed before finishing the upload")
        if self._upload_id is None:
            self._finishing = True
            with s3_call("storing the audio", self.cancel):
                self.client.put_object(
                    Bucket=self.bucket,
                    Key=self.key,
                    Body=self._head,
                    ContentType=self.content_type,
                    Metadata=self.metadata,
                )
        else:
            self._upload_part(1, self._head)
            parts = [{"PartNumber": n, "ETag": etag} for n, etag in sorted(self._etags.items())]
            self._finishing = True
            with s3_call("completing the upload", self.cancel):
                self.client.complete_multipart_upload(
                    Bucket=self.bucket,
                    Key=self.key,
                    UploadId=self._upload_id,
                    MultipartUpload={"Parts": parts},
                )
        self._finishing = False
        _retry_failed_aborts(self.client)

    def abort(self) -> None:
        """Remove whatever this upload made. Never raises, so the error that led here is the
        one reported; what S3 cannot be told now is retried later (see `_failed_aborts`)."""
        self._head = None
        if self._upload_id is not None:
            upload = (self.bucket, self.key, self._upload_id)
            self._upload_id = None
            if not _abort_upload(self.client, *upload) and len(_failed_aborts) < _MAX_FAILED_ABORTS:
                _failed_aborts.append((self.client, *upload))
        if self._finishing:
            # The key is this request's own, so deleting it cannot touch anyone else's audio.
            self._finishing = False
            best_effort(
                "deleting the unconfirmed object",
                lambda: self.client.delete_object(Bucket=self.bucket, Key=self.key),
            )


def _abort_upload(client: Any, bucket: str, key: str, upload_id: str) -> bool:
    def abort() -> None:
        from botocore.exceptions import ClientError

        try:
            client.abort_multipart_upload(Bucket=bucket, Key=key, UploadId=upload_id)
        except ClientError as exc:
            # Already gone: completed by a call whose answer was lost, or aborted before.
            if exc.response.get("Error", {}).get("Code") != "NoSuchUpload":
                raise

    return best_effort("aborting the upload", abort)


def _retry_failed_aborts(client: Any) -> None:
    for entry in [entry for entry in _failed_aborts if entry[0] is client]:
        if not _abort_upload(*entry):
            return  # still unreachable: try again after the next upload
        _failed_aborts.remove(entry)


def presign(client: Any, bucket: str, key: str, expires_in: int) -> tuple[str, str]:
    """A GET URL and its expiry time (ISO 8601, UTC)."""
    url = client.generate_presigned_url(
        "get_object", Params={"Bucket": bucket, "Key": key}, ExpiresIn=expires_in
    )
    expires_at = datetime.now(UTC) + timedelta(seconds=expires_in)
    return url, expires_at.isoformat(timespec="seconds").replace("+00:00", "Z")
