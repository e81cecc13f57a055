"""An uploaded .txt or .json object turned into a speech job, or a clear reason why not."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from typing import Any

from botocore.exceptions import ClientError
from pydantic import Field

from handler.batch.documents import DocumentOptions, document_format, read_upload
from handler.batch.keys import checked_output_name
from handler.batch.s3io import condition_failed, not_found
from handler.errors import BadJsonError, InvalidParameterError, PayloadTooLargeError
from handler.http import job_from_speech_request, validate
from handler.schemas import SpeechRequest
from handler.speech import SpeechJob
from model_layer import EmptyTextError
from model_layer.documents import Document


class InputTooLargeError(PayloadTooLargeError):
    """An upload over BATCH_MAX_INPUT_BYTES (code payload_too_large)."""


class InvalidInputObjectError(InvalidParameterError):
    """An upload that is not UTF-8 text, or changed under a running job (code
    invalid_parameter, param text)."""

    def __init__(self, message: str):
        super().__init__(message, param="text")


@dataclass(frozen=True)
class SourceObject:
    """One version of an uploaded object, as read (not as the event said)."""

    bucket: str
    key: str
    etag: str  # with S3's quotes
    version_id: str | None
    metadata: dict[str, str] = field(default_factory=dict)

    def describe(self) -> dict[str, Any]:
        return {
            "bucket": self.bucket,
            "key": self.key,
            "version_id": self.version_id,
            "etag": self.etag.strip('"'),
        }


class SupersededError(Exception):
    """A newer upload replaced (or a delete removed) the source while its job ran: that
    job's result is the one to keep, so this one stops without writing anything."""


def source_is_current(client: Any, source: SourceObject) -> bool:
    """Whether `source` is still the object at its key (the newest upload). S3 and SQS
    may deliver an older upload's event late, and a long job may still run when a newer
    upload's job finishes: neither may replace the newer result."""
    try:
        head = client.head_object(Bucket=source.bucket, Key=source.key)
    except ClientError as exc:
        if not_found(exc):
            return False
        raise
    if str(head["ETag"]) != source.etag:
        return False
    version = head.get("VersionId")
    return not (version and source.version_id and version != source.version_id)


def check_current(client: Any, source: SourceObject) -> None:
    if not source_is_current(client, source):
        raise SupersededError(f"{source.key} was replaced or deleted while its narration ran")


def source_from(document: dict[str, Any]) -> SourceObject:
    """The inverse of `SourceObject.describe()`."""
    return SourceObject(
        document["bucket"], document["key"], f'"{document["etag"]}"', document.get("version_id")
    )


class BatchJobRequest(SpeechRequest, DocumentOptions):
    """A .json job: POST /v1/speech's fields, or `text_key` instead of `text`, an
    optional `output` name, and how a document is read (DocumentOptions)."""

    text: str | None = Field(default=None)  # type: ignore[assignment]
    text_key: str | None = Field(
        default=None, description="Key of a text object in the input bucket, instead of text."
    )
    output: str | None = Field(
        default=None, description="Result name under the output prefix, without extension."
    )


# User metadata of a .txt upload (x-amz-meta-*) -> job field.
_TEXT_METADATA = {
    "voice": "voice",
    "lang": "lang",
    "speed": "speed",
    "steps": "steps",
    "format": "format",
    "sample-rate": "sample_rate",
    "seed": "seed",
    "alt-text": "alt_text",
    "tables": "tables",
    "split": "split",
}
_NUMERIC = {"speed": float, "steps": int, "sample_rate": int, "seed": int}


def open_object(
    client: Any,
    bucket: str,
    key: str,
    *,
    if_match: str | None = None,
    version_id: str | None = None,
) -> tuple[SourceObject, Any]:
    """The object version (pinned by version id or ETag when given) and its GET answer."""
    options: dict[str, str] = {}
    if version_id:
        options["VersionId"] = version_id
    elif if_match:
        options["IfMatch"] = if_match
    answer = client.get_object(Bucket=bucket, Key=key, **options)
    source = SourceObject(
        bucket, key, str(answer["ETag"]), answer.get("VersionId"), dict(answer["Metadata"])
    )
    return source, answer


def read_body(answer: Any, key: str, max_bytes: int) -> bytes:
    """The body of a GET answer, refusing (before reading it) one over `max_bytes`."""
    body = answer["Body"]
    try:
        if int(answer["ContentLength"]) > max_bytes:
            raise InputTooLargeError(
                f"{key} has {answer['ContentLength']} bytes; the limit is {max_bytes} "
                "(BATCH_MAX_INPUT_BYTES)"
            )
        data = body.read(max_bytes + 1)
    finally:
        body.close()
    if len(data) > max_bytes:
        raise InputTooLargeError(f"{key} is over the limit of {max_bytes} bytes")
    return data


def decode_text(data: bytes, what: str) -> str:
    """UTF-8 with or without BOM, any line endings; binary or other encodings refused."""
    if b"\x00" in data:
        raise InvalidInputObjectError(
            f"{what} is binary (it contains NUL bytes), not UTF-8 text; UTF-16 is not accepted"
        )
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InvalidInputObjectError(f"{what} is not valid UTF-8 (at byte {exc.start})") from exc
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if not text.strip():
        raise EmptyTextError(f"{what} has no text")
    return text


def request_from_metadata(metadata: dict[str, str], text: str) -> BatchJobRequest:
    fields: dict[str, Any] = {"text": text}
    for header, name in _TEXT_METADATA.items():
        if header not in metadata:
            continue
        value: Any = metadata[header].strip()
        if name in _NUMERIC:
            try:
                value = _NUMERIC[name](value)
            except ValueError:
                raise InvalidParameterError(
                    f"x-amz-meta-{header} ({len(value)} characters) is not a number",
                    param=name,
                ) from None
        fields[name] = value
    return validate(fields, BatchJobRequest)


def request_from_json(data: bytes, what: str) -> BatchJobRequest:
    try:
        document = json.loads(decode_text(data, what))
    except json.JSONDecodeError as exc:
        raise BadJsonError(f"{what} is not valid JSON: {exc}") from exc
    except RecursionError as exc:  # nesting deeper than the interpreter's stack
        raise BadJsonError(f"{what} nests objects and arrays too deeply") from exc
    except ValueError as exc:
        # Python refuses to convert integers of more than 4300 digits (a CPU-exhaustion guard).
        raise BadJsonError(f"{what} has a number with too many digits") from exc
    request = validate(document, BatchJobRequest)
    if (request.text is None) == (request.text_key is None):
        raise InvalidParameterError("give exactly one of text and text_key", param="text")
    return request


def text_key_in_prefix(key: str, input_prefix: str) -> str:
    if not key.startswith(input_prefix) or ".." in key.split("/"):
        raise InvalidParameterError(
            f"text_key ({len(key)} characters) must name an object under the input prefix "
            f"{input_prefix!r} "
            "(use a suffix other than those of uploads, .txt, .json, .md, .markdown, .html, "
            ".htm and .epub, so it does not start a narration itself; a document is known "
            "then by its content type)",
            param="text_key",
        )
    return key


def speech_job(
    request: BatchJobRequest, text: str, max_chars: int | None, source: SourceObject
) -> SpeechJob:
    """The job, with a seed derived from the upload when none is given: a redelivered
    event or a segment then synthesizes exactly what the first one would."""
    seed = request.seed
    if seed is None:
        digest = hashlib.sha256(f"{source.bucket}\0{source.key}\0{source.etag}".encode()).digest()
        seed = int.from_bytes(digest[:8], "big") >> 1
    return job_from_speech_request(
        request.model_copy(update={"text": text, "seed": seed}), max_chars
    )


@dataclass(frozen=True)
class LoadedJob:
    source: SourceObject
    text_source: SourceObject  # the source itself, or the object `text_key` names
    request: BatchJobRequest
    job: SpeechJob
    name: str  # the result's name under OUTPUT_PREFIX
    document: Document | None = None  # a Markdown, HTML or EPUB upload, as read

    @property
    def characters(self) -> int:
        if self.document is not None:
            return self.document.spoken_chars
        return len(self.job.text)


def load_job(
    client: Any,
    source: SourceObject,
    answer: Any,
    *,
    name: str,
    input_prefix: str,
    max_bytes: int,
    max_chars: int,
    text_etag: str | None = None,
    output_prefix: str = "",
    inputs: list[str] | None = None,
    max_document_bytes: int | None = None,
) -> LoadedJob:
    """Everything the upload asks for, checked; `text_etag` pins a `text_key` object to
    the version the job started with. The raw strings read (the upload, its metadata,
    the text_key object) are appended to `inputs`, for error reports to redact.

    A Markdown, HTML or EPUB upload (or `text_key` object) is read as a document, up to
    `max_document_bytes`, and spoken as SSML; its options come from the object's metadata
    (x-amz-meta-alt-text, -tables, -split) as a .txt upload's do, or from the .json job."""
    fmt = document_format(source.key, answer.get("ContentType"))

    def limit(fmt: str | None) -> int:
        # An EPUB carries images and fonts; Markdown and HTML are text, bounded as text is
        # (which also bounds the parsers' worst cases, e.g. thousands of open brackets).
        return (max_document_bytes or max_bytes) if fmt == "epub" else max_bytes

    data = read_body(answer, source.key, max_bytes if source.key.endswith(".json") else limit(fmt))
    if inputs is not None:  # before parsing: what error reports must not quote
        inputs.append(data.decode("utf-8", "replace"))
        inputs.extend(source.metadata.values())
    text_source = source
    document = None
    if source.key.endswith(".json"):
        request = request_from_json(data, source.key)
        if request.text_key is not None:
            text_key = text_key_in_prefix(request.text_key, input_prefix)
            text_source, text_answer = _open_text(client, source.bucket, text_key, text_etag)
            fmt = document_format(text_key, text_answer.get("ContentType"))
            # Named by the field, not by its value (the request's content).
            text_data = read_body(text_answer, "the text_key object", limit(fmt))
            if inputs is not None:
                inputs.append(text_data.decode("utf-8", "replace"))
            if fmt is None:
                text = decode_text(text_data, "the text_key object")
            else:
                document, text = read_upload(
                    text_data, fmt, request, max_spoken_chars=max_chars, lang=request.lang
                )
        else:
            assert request.text is not None
            text = request.text
    elif fmt is not None:
        request = request_from_metadata(source.metadata, "")
        document, text = read_upload(
            data, fmt, request, max_spoken_chars=max_chars, lang=request.lang
        )
    else:
        text = decode_text(data, source.key)
        request = request_from_metadata(source.metadata, text)
    if request.output is not None:
        name = checked_output_name(request.output, output_prefix)
    if document is not None:
        # The reader bounded the spoken text; the SSML around it is the function's own.
        request = request.model_copy(update={"text_type": "ssml"})
        job = speech_job(request, text, None, source)
    else:
        job = speech_job(request, text, max_chars, source)
    return LoadedJob(source, text_source, request, job, name, document)


def _open_text(client: Any, bucket: str, key: str, etag: str | None) -> tuple[SourceObject, Any]:
    try:
        return open_object(client, bucket, key, if_match=etag)
    except ClientError as exc:
        if not_found(exc):
            raise InvalidParameterError(
                f"text_key ({len(key)} characters) does not exist in bucket {bucket!r}",
                param="text_key",
            ) from exc
        if condition_failed(exc):
            raise InvalidInputObjectError(
                "the text_key object changed while its narration ran"
            ) from exc
        raise
