"""Helpers for batch narration tests: S3 events as S3 sends them, SQS envelopes as the
Lambda event source mapping builds them, and reading what the function wrote."""

from __future__ import annotations

import copy
import io
import json
import uuid
from pathlib import Path
from typing import Any
from urllib.parse import quote_plus

import soundfile as sf

EVENTS = Path(__file__).resolve().parents[2] / "events"


def _sample(name: str) -> dict[str, Any]:
    return json.loads((EVENTS / f"{name}.json").read_text(encoding="utf-8"))


def s3_event(
    bucket: str, *keys: str, etag: str = "0" * 32, name: str = "ObjectCreated:Put"
) -> dict[str, Any]:
    """An S3 notification for `keys`, URL-encoded the way S3 encodes them (space -> '+')."""
    template = _sample("s3-put")["Records"][0]
    records = []
    for key in keys:
        record = copy.deepcopy(template)
        record["eventName"] = name
        record["s3"]["bucket"]["name"] = bucket
        record["s3"]["bucket"]["arn"] = f"arn:aws:s3:::{bucket}"
        record["s3"]["object"]["key"] = quote_plus(key, safe="/")
        record["s3"]["object"]["eTag"] = etag
        records.append(record)
    return {"Records": records}


def sqs_event(*bodies: Any) -> dict[str, Any]:
    """SQS records carrying `bodies` (dicts are JSON-encoded), as Lambda delivers them."""
    template = _sample("sqs-s3-put")["Records"][0]
    records = []
    for body in bodies:
        record = copy.deepcopy(template)
        record["messageId"] = str(uuid.uuid4())
        record["body"] = body if isinstance(body, str) else json.dumps(body)
        records.append(record)
    return {"Records": records}


def keys_in(client: Any, bucket: str, prefix: str = "") -> list[str]:
    pages = client.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix)
    return sorted(item["Key"] for page in pages for item in page.get("Contents", []))


def read_json(client: Any, bucket: str, key: str) -> Any:
    return json.loads(client.get_object(Bucket=bucket, Key=key)["Body"].read())


def read_audio(client: Any, bucket: str, key: str) -> tuple[bytes, Any, int]:
    data = client.get_object(Bucket=bucket, Key=key)["Body"].read()
    audio, rate = sf.read(io.BytesIO(data), dtype="int16")
    return data, audio, rate


def open_multipart_uploads(client: Any, bucket: str) -> list[dict[str, Any]]:
    return list(client.list_multipart_uploads(Bucket=bucket).get("Uploads", []))
