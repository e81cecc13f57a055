"""Audio into S3 as it is encoded, and presigned URLs to fetch it."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from handler.config import HandlerSettings

# S3 multipart parts must be at least 5 MiB except the last; 8 MiB keeps the number
# of requests low while holding little audio in memory.
PART_SIZE = 8 * 1024 * 1024


def make_s3_client(settings: HandlerSettings) -> Any:
    """One client per process, made on first use: boto3 costs ~30 MB of RSS and ~150 ms,
    which requests answered inline never need."""
    import boto3
    from botocore.config import Config

    config = Config(
        retries={"max_attempts": 3, "mode": "standard"},
        s3={"addressing_style": "path"} if settings.s3_endpoint_url else {},
        signature_version="s3v4",
    )
    return boto3.client("s3", endpoint_url=settings.s3_endpoint_url, config=config)


class S3AudioUpload:
    """Takes the numbered parts an encoder's PartSink hands out and makes one S3 object.

    Audio that fits one part is a single PUT at the end; longer audio becomes a
    multipart upload started at the first part beyond the head. Until `finish()`
    succeeds nothing is visible in the bucket, and `abort()` removes every part, so a
    failure or a deadline leaves nothing half-written behind.
    """

    def __init__(
        self, client: Any, bucket: str, key: str, content_type: str, metadata: dict[str, str]
    ):
        self.client = client
        self.bucket = bucket
        self.key = key
        self.content_type = content_type
        self.metadata = metadata
        self._upload_id: str | None = None
        self._head: bytes | None = None
        self._etags: dict[int, str] = {}

    def on_part(self, number: int, data: bytes) -> None:
        if number == 1:
            self._head = data
            return
        if self._upload_id is None:
            created = self.client.create_multipart_upload(
                Bucket=self.bucket,
                Key=self.key,
                ContentType=self.content_type,
                Metadata=self.metadata,
            )
            self._upload_id = created["UploadId"]
        self._upload_part(number, data)

    def _upload_part(self, number: int, data: bytes) -> None:
        answer = self.client.upload_part(
            Bucket=self.bucket, Key=self.key, UploadId=self._upload_id, PartNumber=number, Body=data
        )
        self._etags[number] = answer["ETag"]

    def finish(self) -> None:
        if self._head is None:
            raise RuntimeError("the encoder was not closed before finishing the upload")
        if self._upload_id is None:
            self.client.put_object(
                Bucket=self.bucket,
                Key=self.key,
                Body=self._head,
                ContentType=self.content_type,
                Metadata=self.metadata,
            )
            return
        self._upload_part(1, self._head)
        parts = [{"PartNumber": n, "ETag": etag} for n, etag in sorted(self._etags.items())]
        self.client.complete_multipart_upload(
            Bucket=self.bucket,
            Key=self.key,
            UploadId=self._upload_id,
            MultipartUpload={"Parts": parts},
        )

    def abort(self) -> None:
        if self._upload_id is not None:
            self.client.abort_multipart_upload(
                Bucket=self.bucket, Key=self.key, UploadId=self._upload_id
            )
            self._upload_id = None
        self._head = None


def presign(client: Any, bucket: str, key: str, expires_in: int) -> tuple[str, str]:
    """A GET URL and its expiry time (ISO 8601, UTC)."""
    url = client.generate_presigned_url(
        "get_object", Params={"Bucket": bucket, "Key": key}, ExpiresIn=expires_in
    )
    expires_at = datetime.now(UTC) + timedelta(seconds=expires_in)
    return url, expires_at.isoformat(timespec="seconds").replace("+00:00", "Z")
