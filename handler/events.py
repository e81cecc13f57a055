"""Whether an S3 or SQS event has the shape batch narration reads. AWS always sends
well-formed events; a direct invoke can send anything shaped like one, and gets an error
document back instead of a raised KeyError."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

_SOURCES = ("aws:s3", "aws:sqs")


def malformed_records(event: Mapping[str, Any]) -> str | None:
    """Why an S3 or SQS event's records cannot be read (None when they can): every record
    of one source, with the fields batch narration reads, of the right types."""
    records = event.get("Records")
    if not isinstance(records, list) or not records:
        return "'Records' must be a non-empty list"
    sources = {record.get("eventSource") for record in records if isinstance(record, Mapping)}
    for index, record in enumerate(records):
        where = f"Records[{index}]"
        if not isinstance(record, Mapping):
            return f"{where} must be an object"
        if len(sources) != 1 or record.get("eventSource") not in _SOURCES:
            return f"{where}: every record must come from one source, aws:s3 or aws:sqs"
        if record["eventSource"] == "aws:s3":
            problem = _s3_record_problem(record)
        else:
            problem = _string_fields(record, ("messageId", "body"))
        if problem:
            return f"{where}: {problem}"
    return None


def _s3_record_problem(record: Mapping[str, Any]) -> str | None:
    if problem := _string_fields(record, ("eventName",)):
        return problem
    s3 = record.get("s3")
    if not isinstance(s3, Mapping):
        return "'s3' must be an object"
    bucket, item = s3.get("bucket"), s3.get("object")
    if not isinstance(bucket, Mapping) or not isinstance(item, Mapping):
        return "'s3.bucket' and 's3.object' must be objects"
    return _string_fields(bucket, ("name",)) or _string_fields(item, ("key",))


def _string_fields(container: Mapping[str, Any], names: tuple[str, ...]) -> str | None:
    for name in names:
        value = container.get(name)
        if not isinstance(value, str) or not value:
            return f"'{name}' must be a non-empty string"
    return None
