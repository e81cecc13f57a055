"""The one S3 layer: clients, calls under the deadline, the transient-error table, audio
uploads, presigned URLs and JSON objects. HTTP delivery and batch narration both use it."""

from handler.s3.calls import best_effort, s3_call
from handler.s3.clients import aws_client, make_s3_client, per_process, sqs_client
from handler.s3.errors import condition_failed, error_code, is_transient, not_found
from handler.s3.objects import get_json, get_json_or_none, put_json
from handler.s3.upload import PART_SIZE, S3AudioUpload, presign

__all__ = [
    "PART_SIZE",
    "S3AudioUpload",
    "aws_client",
    "best_effort",
    "condition_failed",
    "error_code",
    "get_json",
    "get_json_or_none",
    "is_transient",
    "make_s3_client",
    "not_found",
    "per_process",
    "presign",
    "put_json",
    "s3_call",
    "sqs_client",
]
