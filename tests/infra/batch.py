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


def read_text(client: Any, bucket: str, key: str) -> str:
    return client.get_object(Bucket=bucket, Key=key)["Body"].read().decode("utf-8")


def read_json(client: Any, bucket: str, key: str) -> Any:
    return json.loads(client.get_object(Bucket=bucket, Key=key)["Body"].read())


def read_audio(client: Any, bucket: str, key: str) -> tuple[bytes, Any, int]:
    data = client.get_object(Bucket=bucket, Key=key)["Body"].read()
    audio, rate = sf.read(io.BytesIO(data), dtype="int16")
    return data, audio, rate


def open_multipart_uploads(client: Any, bucket: str) -> list[dict[str, Any]]:
    return list(client.list_multipart_uploads(Bucket=bucket).get("Uploads", []))


class SegmentQueue:
    """A real SQS queue on moto's server, drained the way Lambda's event source mapping
    does: up to `batch_size` messages per invocation, deleting those not reported failed."""

    def __init__(self, sqs: Any, url: str):
        self.sqs = sqs
        self.url = url

    def receive(self, batch_size: int = 1) -> list[dict[str, Any]]:
        answer = self.sqs.receive_message(
            QueueUrl=self.url,
            MaxNumberOfMessages=batch_size,
            WaitTimeSeconds=0,
            VisibilityTimeout=0,
        )
        return list(answer.get("Messages", []))

    def bodies(self) -> list[Any]:
        """Every message in the queue, left there."""
        seen: dict[str, Any] = {}
        for _ in range(20):
            for message in self.receive(10):
                seen[message["MessageId"]] = json.loads(message["Body"])
        return list(seen.values())

    def drain(self, deliver: Any, batch_size: int = 1, limit: int = 1000) -> list[Any]:
        """Deliver every message to `deliver(event)` until the queue is empty."""
        results = []
        for _ in range(limit):
            messages = self.receive(batch_size)
            if not messages:
                return results
            event = sqs_event(*[m["Body"] for m in messages])
            for record, message in zip(event["Records"], messages, strict=True):
                record["messageId"] = message["MessageId"]
            result = deliver(event)
            results.append(result)
            failed = {item["itemIdentifier"] for item in result["batchItemFailures"]}
            for message in messages:
                if message["MessageId"] not in failed:
                    self.sqs.delete_message(
                        QueueUrl=self.url, ReceiptHandle=message["ReceiptHandle"]
                    )
        raise AssertionError(f"the queue did not drain in {limit} deliveries")


def segment_queue(moto_server: Any) -> SegmentQueue:
    sqs = moto_server.client("sqs")
    url = sqs.create_queue(QueueName=f"segments-{uuid.uuid4().hex[:12]}")["QueueUrl"]
    return SegmentQueue(sqs, url)


# What events/s3-put.json and events/sqs-s3-put.json point at.
SAMPLE_BUCKET = "supertonic-input-123456789012"
SAMPLE_KEY = "incoming/chapter one été.txt"
SAMPLE_TEXT = "Chapter one. It was 7:45 on a cold morning, and the train was late."


def upload_sample_input(client: Any) -> None:
    """The object the sample batch events name, with the settings a user would give."""
    try:
        client.create_bucket(Bucket=SAMPLE_BUCKET)
    except client.exceptions.ClientError as exc:
        if "BucketAlready" not in str(exc):
            raise
    client.put_object(
        Bucket=SAMPLE_BUCKET,
        Key=SAMPLE_KEY,
        Body=SAMPLE_TEXT.encode("utf-8"),
        Metadata={"lang": "en", "voice": "F1", "format": "mp3", "steps": "2", "seed": "7"},
    )
    # Existing objects the sample S3 Batch Operations events list (outside INPUT_PREFIX).
    from tests.infra.epub import FIXTURES, fixture_epub

    listed = {
        "library/chapter one.md": (FIXTURES / "blog-post.md").read_bytes(),
        "library/essays/on walking.html": (FIXTURES / "article.html").read_bytes(),
        "library/books/the lighthouse keeper.epub": fixture_epub("epub3"),
        "library/notes.txt": SAMPLE_TEXT.encode("utf-8"),
    }
    for key, body in listed.items():
        client.put_object(Bucket=SAMPLE_BUCKET, Key=key, Body=body, Metadata={"steps": "1"})
