"""JSON documents in S3, with optional conditional writes (batch claims, manifests, reports)."""

from __future__ import annotations

import json
from typing import Any

from handler.s3.errors import not_found


def put_json(
    client: Any,
    bucket: str,
    key: str,
    document: Any,
    metadata: dict[str, str],
    **condition: str,
) -> str:
    """PUT a JSON document (optionally with IfNoneMatch / IfMatch); returns its ETag."""
    answer = client.put_object(
        Bucket=bucket,
        Key=key,
        Body=json.dumps(document, ensure_ascii=False, indent=1).encode("utf-8"),
        ContentType="application/json",
        Metadata=metadata,
        **condition,
    )
    return str(answer["ETag"])


def get_json(client: Any, bucket: str, key: str) -> tuple[Any, str]:
    """A JSON document and its ETag."""
    answer = client.get_object(Bucket=bucket, Key=key)
    return json.loads(answer["Body"].read()), str(answer["ETag"])


def get_json_or_none(client: Any, bucket: str, key: str) -> Any:
    try:
        return get_json(client, bucket, key)[0]
    except Exception as exc:
        if not_found(exc):
            return None
        raise
