"""Batch narration from S3 uploads through the real function, against SeaweedFS: inputs,
outputs at fixed keys, manifests, exactly-once delivery, aborted failures, bad input."""

from __future__ import annotations

import itertools
import json
import struct
from typing import Any

import pytest
from botocore.exceptions import ClientError

from handler.errors import StorageUnavailableError
from tests.infra.batch import (
    keys_in,
    open_multipart_uploads,
    read_audio,
    read_json,
    read_text,
    s3_event,
)
from tests.infra.captions import parse_cues
from tests.infra.fixtures import S3Buckets
from tests.infra.seaweed import S3Server

TEXT = "Hello there. The meeting is at 10:30 on May 5, 2024, and costs $12.50. See you soon!"
LONG_TEXT = "The river ran quietly past the old mill while we talked about the weather. " * 40


def upload(s3: Any, bucket: str, key: str, body: bytes | str, **metadata: str) -> None:
    data = body.encode("utf-8") if isinstance(body, str) else body
    s3.put_object(Bucket=bucket, Key=key, Body=data, Metadata=metadata)


def results_in(s3: Any, bucket: str) -> list[str]:
    """Keys under the output prefix, but the status documents (test_batch_status.py)."""
    return [k for k in keys_in(s3, bucket, "speech/") if not k.endswith(".status.json")]


def outcome(result: dict[str, Any]) -> list[str]:
    return [entry["outcome"] for entry in result["results"]]


def assert_wav_header_is_complete(data: bytes) -> None:
    riff, riff_size, wave = struct.unpack("<4sI4s", data[:12])
    assert (riff, wave) == (b"RIFF", b"WAVE")
    assert riff_size == len(data) - 8
    data_at = data.index(b"data")
    (data_size,) = struct.unpack("<I", data[data_at + 4 : data_at + 8])
    assert data_size == len(data) - data_at - 8


def test_text_upload_becomes_audio_and_manifest(deliver, s3, s3_buckets: S3Buckets) -> None:
    key = "incoming/chapter one été.txt"
    upload(s3, s3_buckets.input, key, TEXT, lang="en", steps="2", seed="5", voice="F2")
    result = deliver(s3_event(s3_buckets.input, key))
    assert result == {"results": [{"bucket": s3_buckets.input, "key": key, "outcome": "done"}]}
    assert keys_in(s3, s3_buckets.output, "speech/") == [
        "speech/chapter one été.manifest.json",
        "speech/chapter one été.srt",
        "speech/chapter one été.status.json",
        "speech/chapter one été.vtt",
        "speech/chapter one été.wav",
    ]
    data, audio, rate = read_audio(s3, s3_buckets.output, "speech/chapter one été.wav")
    assert_wav_header_is_complete(data)
    manifest = read_json(s3, s3_buckets.output, "speech/chapter one été.manifest.json")
    head = s3.head_object(Bucket=s3_buckets.input, Key=key)
    assert manifest["source"] == {
        "bucket": s3_buckets.input,
        "key": key,
        "version_id": None,
        "etag": head["ETag"].strip('"'),
    }
    assert (manifest["voice"], manifest["language"], manifest["steps"], manifest["seed"]) == (
        "F2",
        "en",
        2,
        5,
    )
    assert (manifest["format"], manifest["sample_rate"], manifest["speed"]) == ("wav", 44100, 1.05)
    assert rate == 44100
    assert manifest["duration_seconds"] == pytest.approx(len(audio) / rate, abs=1e-3)
    assert manifest["model_revision"] == "synthetic-tiny-seed0"
    assert manifest["characters_in"] == len(TEXT) and manifest["characters_dropped"] == 0
    assert manifest["synthesis_seconds"] > 0
    # Both are rounded in the manifest (the tiny model's RTF is ~0.007), hence abs too.
    assert manifest["real_time_factor"] == pytest.approx(
        manifest["synthesis_seconds"] / manifest["duration_seconds"], rel=0.01, abs=2e-4
    )
    assert (
        "ten thirty" in manifest["normalized_text"]
        and "twelve dollars" in manifest["normalized_text"]
    )
    # The first chunk is cut short (SUPERTONIC_FIRST_CHUNK_CHARS), so there are several;
    # together they are the whole text and the whole audio, in order.
    chunks = manifest["chunks"]
    assert len(chunks) >= 2
    assert " ".join(chunk["text"] for chunk in chunks) == manifest["normalized_text"]
    assert chunks[0]["start"] == 0.0
    assert all(a["end"] <= b["start"] for a, b in itertools.pairwise(chunks))
    assert chunks[-1]["end"] == pytest.approx(manifest["duration_seconds"], abs=1e-3)
    # Captions beside it: cues in order, inside the audio, the text as the reader wrote it.
    assert manifest["captions"] == {
        "vtt": "speech/chapter one été.vtt",
        "srt": "speech/chapter one été.srt",
        "word_timing": "estimated",
    }
    for form in ("vtt", "srt"):
        head = s3.head_object(Bucket=s3_buckets.output, Key=f"speech/chapter one été.{form}")
        assert head["ContentType"].startswith(
            "text/vtt" if form == "vtt" else "application/x-subrip"
        )
        cues = parse_cues(read_text(s3, s3_buckets.output, f"speech/chapter one été.{form}"), form)
        assert cues[0][0] == 0.0 and cues[-1][1] <= manifest["duration_seconds"] + 1e-3
        written = " ".join(" ".join(lines) for _, _, lines in cues)
        assert written == " ".join(TEXT.split())
    vtt = read_text(s3, s3_buckets.output, "speech/chapter one été.vtt")
    assert "Word timings (the inline timestamps) are estimated" in vtt


def test_bom_crlf_paragraphs_and_dropped_characters(deliver, s3, s3_buckets: S3Buckets) -> None:
    body = "\ufeffFirst paragraph here.\r\n\r\nSecond one \u2603 follows.\rThird line.".encode()
    upload(s3, s3_buckets.input, "incoming/notes.txt", body, lang="en", steps="1")
    assert outcome(deliver(s3_event(s3_buckets.input, "incoming/notes.txt"))) == ["done"]
    manifest = read_json(s3, s3_buckets.output, "speech/notes.manifest.json")
    texts = [chunk["text"] for chunk in manifest["chunks"]]
    assert texts[0] == "First paragraph here."
    assert "\ufeff" not in manifest["normalized_text"]
    assert manifest["characters_dropped"] == 1 and manifest["dropped_characters"] == ["U+2603"]
    starts = [chunk["start"] for chunk in manifest["chunks"]]
    ends = [chunk["end"] for chunk in manifest["chunks"]]
    assert all(a < b for a, b in zip(starts, ends, strict=True))
    assert all(end <= start for end, start in zip(ends, starts[1:], strict=False))
    assert ends[-1] == pytest.approx(manifest["duration_seconds"], abs=1e-3)


@pytest.mark.parametrize(
    ("key", "base"),
    [
        ("incoming/a b.txt", "speech/a b"),
        ("incoming/c++ notes.txt", "speech/c++ notes"),
        ("incoming/100% done.txt", "speech/100% done"),
        ("incoming/日本語/ファイル 1.txt", "speech/日本語/ファイル 1"),
    ],
)
def test_awkward_keys_are_decoded(deliver, s3, s3_buckets: S3Buckets, key: str, base: str) -> None:
    upload(s3, s3_buckets.input, key, "Short text.", lang="en", steps="1")
    event = s3_event(s3_buckets.input, key)
    assert "+" in event["Records"][0]["s3"]["object"]["key"] or " " not in key
    assert outcome(deliver(event)) == ["done"]
    assert results_in(s3, s3_buckets.output) == [
        f"{base}.manifest.json",
        f"{base}.srt",
        f"{base}.vtt",
        f"{base}.wav",
    ]


def test_json_job_with_output_name_and_format(deliver, s3, s3_buckets: S3Buckets) -> None:
    job = {
        "text": TEXT,
        "lang": "en",
        "format": "mp3",
        "sample_rate": 24000,
        "steps": 1,
        "seed": 9,
        "output": "books/first chapter",
        "lexicon": {"meeting": "gathering"},
    }
    upload(s3, s3_buckets.input, "incoming/job 1.json", json.dumps(job))
    assert outcome(deliver(s3_event(s3_buckets.input, "incoming/job 1.json"))) == ["done"]
    assert results_in(s3, s3_buckets.output) == [
        "speech/books/first chapter.manifest.json",
        "speech/books/first chapter.mp3",
        "speech/books/first chapter.srt",
        "speech/books/first chapter.vtt",
    ]
    _data, _audio, rate = read_audio(s3, s3_buckets.output, "speech/books/first chapter.mp3")
    manifest = read_json(s3, s3_buckets.output, "speech/books/first chapter.manifest.json")
    assert rate == 24000 and manifest["sample_rate"] == 24000 and manifest["format"] == "mp3"
    assert "gathering" in manifest["normalized_text"]
    head = s3.head_object(Bucket=s3_buckets.output, Key="speech/books/first chapter.mp3")
    assert head["ContentType"] == "audio/mpeg"


def test_json_job_reads_text_key(deliver, s3, s3_buckets: S3Buckets) -> None:
    upload(s3, s3_buckets.input, "incoming/texts/book one.md", "Chapter one. It begins.")
    job = {"text_key": "incoming/texts/book one.md", "lang": "en", "steps": 1}
    upload(s3, s3_buckets.input, "incoming/book.json", json.dumps(job))
    assert outcome(deliver(s3_event(s3_buckets.input, "incoming/book.json"))) == ["done"]
    manifest = read_json(s3, s3_buckets.output, "speech/book.manifest.json")
    assert manifest["normalized_text"].startswith("Chapter one.")
    assert manifest["text_source"]["key"] == "incoming/texts/book one.md"


def test_duplicate_delivery_changes_nothing(deliver, s3, s3_buckets: S3Buckets) -> None:
    upload(s3, s3_buckets.input, "incoming/dup.txt", TEXT, lang="en", steps="1")
    event = s3_event(s3_buckets.input, "incoming/dup.txt")
    assert outcome(deliver(event)) == ["done"]
    before = {
        k: s3.head_object(Bucket=s3_buckets.output, Key=k)["ETag"]
        for k in results_in(s3, s3_buckets.output)
    }
    manifest = read_json(s3, s3_buckets.output, "speech/dup.manifest.json")
    assert outcome(deliver(event)) == ["duplicate"]
    assert outcome(deliver(event)) == ["duplicate"]
    after = {
        k: s3.head_object(Bucket=s3_buckets.output, Key=k)["ETag"]
        for k in results_in(s3, s3_buckets.output)
    }
    assert after == before
    assert read_json(s3, s3_buckets.output, "speech/dup.manifest.json") == manifest


def test_new_upload_of_the_same_name_replaces_the_narration(
    deliver, s3, s3_buckets: S3Buckets
) -> None:
    upload(s3, s3_buckets.input, "incoming/v.txt", "First version.", lang="en", steps="1")
    deliver(s3_event(s3_buckets.input, "incoming/v.txt"))
    upload(
        s3,
        s3_buckets.input,
        "incoming/v.txt",
        "The second version is longer.",
        lang="en",
        steps="1",
    )
    assert outcome(deliver(s3_event(s3_buckets.input, "incoming/v.txt"))) == ["done"]
    manifest = read_json(s3, s3_buckets.output, "speech/v.manifest.json")
    assert manifest["normalized_text"] == "The second version is longer."


def test_a_failure_midway_leaves_nothing_and_the_retry_succeeds(
    deliver, s3_server: S3Server, s3, s3_buckets: S3Buckets
) -> None:
    """A real client against the real server, with a botocore hook that turns the third
    part upload into an S3 503 (the one fault the server cannot be asked to make)."""
    upload(s3, s3_buckets.input, "incoming/long.txt", LONG_TEXT, lang="en", steps="1", speed="0.8")
    failing = s3_server.client()
    parts: list[int] = []

    def fail_third_part(params: dict[str, Any], **_: Any) -> None:
        parts.append(params["PartNumber"])
        if len(parts) == 3:
            raise ClientError(
                {
                    "Error": {"Code": "ServiceUnavailable", "Message": "injected"},
                    "ResponseMetadata": {"HTTPStatusCode": 503},
                },
                "UploadPart",
            )

    failing.meta.events.register("provide-client-params.s3.UploadPart", fail_third_part)
    event = s3_event(s3_buckets.input, "incoming/long.txt")
    small_parts = {"batch_part_size_bytes": 5 * 1024 * 1024}
    # The shared S3 wrapper (handler/s3) turns it into the retryable error.
    with pytest.raises(StorageUnavailableError, match="ServiceUnavailable"):
        deliver(event, s3_client=failing, **small_parts)
    assert len(parts) == 3
    assert results_in(s3, s3_buckets.output) == []
    assert open_multipart_uploads(s3, s3_buckets.output) == []
    # The claim was given back, so Lambda's retry narrates at once.
    assert outcome(deliver(event, **small_parts)) == ["done"]
    data, audio, rate = read_audio(s3, s3_buckets.output, "speech/long.wav")
    assert len(data) > 3 * 5 * 1024 * 1024  # several parts
    assert_wav_header_is_complete(data)
    manifest = read_json(s3, s3_buckets.output, "speech/long.manifest.json")
    assert manifest["duration_seconds"] == pytest.approx(len(audio) / rate, abs=1e-3)


def test_own_outputs_and_foreign_keys_are_skipped(deliver, s3, s3_buckets: S3Buckets) -> None:
    upload(s3, s3_buckets.input, "incoming/echo.txt", "Hi.", **{"supertonic-output": "1"})
    upload(s3, s3_buckets.output, "speech/x.txt", "Hi.")
    upload(s3, s3_buckets.input, "elsewhere/x.txt", "Hi.")
    upload(s3, s3_buckets.input, "incoming/picture.png", "Hi.")
    events = [
        s3_event(s3_buckets.input, "incoming/echo.txt"),
        s3_event(s3_buckets.output, "speech/x.txt"),
        s3_event(s3_buckets.input, "elsewhere/x.txt"),
        s3_event(s3_buckets.input, "incoming/picture.png"),
        s3_event(s3_buckets.input, "incoming/echo.txt", name="ObjectRemoved:Delete"),
        s3_event(s3_buckets.input, "incoming/gone.txt"),
    ]
    for event in events:
        assert outcome(deliver(event, input_prefix="incoming/")) == ["skipped"]
    assert keys_in(s3, s3_buckets.output) == ["speech/x.txt"]


BAD_INPUTS: list[tuple[str, bytes, dict[str, str], str, str]] = [
    ("empty.txt", b"", {}, "empty_text", "no text"),
    ("blank.txt", b" \r\n\t ", {}, "empty_text", "no text"),
    ("binary.txt", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", {}, "invalid_parameter", "binary"),
    ("latin1.txt", "café crème".encode("latin-1"), {}, "invalid_parameter", "not valid UTF-8"),
    ("utf16.txt", "hello".encode("utf-16"), {}, "invalid_parameter", "binary"),
    ("big.txt", b"word " * 1000, {}, "payload_too_large", "limit is 4096"),
    (
        "voice.txt",
        b"Hello.",
        {"voice": "Z9"},
        "unknown_voice",
        "unknown voice (2 characters)",
    ),  # redacted
    ("lang.txt", b"Hello.", {"lang": "xx"}, "unsupported_language", "lang"),
    ("speed.txt", b"Hello.", {"speed": "fast"}, "invalid_parameter", "not a number"),
    ("bad.json", b'{"text": "Hi", ', {}, "bad_json", "not valid JSON"),
    ("list.json", b'["Hi"]', {}, "bad_json", "JSON object"),
    ("field.json", b'{"text": "Hi", "colour": "red"}', {}, "invalid_parameter", "unknown field"),
    ("voice.json", b'{"text": "Hi", "voice": "nobody"}', {}, "unknown_voice", "(6 characters)"),
    ("lang.json", b'{"text": "Hi", "lang": "klingon"}', {}, "unsupported_language", "lang"),
    (
        "both.json",
        b'{"text": "Hi", "text_key": "incoming/a.md"}',
        {},
        "invalid_parameter",
        "exactly one",
    ),
    ("none.json", b'{"voice": "M1"}', {}, "invalid_parameter", "exactly one"),
    (
        "missing.json",
        b'{"text_key": "incoming/nope.md"}',
        {},
        "invalid_parameter",
        "does not exist",
    ),
    (
        "outside.json",
        b'{"text_key": "private/x.md"}',
        {},
        "invalid_parameter",
        "under the input prefix",
    ),
    ("escape.json", b'{"text": "Hi", "output": "../../etc/x"}', {}, "invalid_parameter", "'..'"),
    ("absolute.json", b'{"text": "Hi", "output": "/root/x"}', {}, "invalid_parameter", "relative"),
    (
        "opus.json",
        b'{"text": "Hi", "format": "opus", "sample_rate": 44100}',
        {},
        "invalid_parameter",
        "cannot encode",
    ),
]


@pytest.mark.parametrize(
    ("name", "body", "metadata", "code", "message"),
    BAD_INPUTS,
    ids=[case[0] for case in BAD_INPUTS],
)
def test_bad_input_gives_an_error_report_and_no_retry(
    deliver,
    s3,
    s3_buckets: S3Buckets,
    name: str,
    body: bytes,
    metadata: dict[str, str],
    code: str,
    message: str,
) -> None:
    key = f"incoming/{name}"
    upload(s3, s3_buckets.input, key, body, **metadata)
    event = s3_event(s3_buckets.input, key)
    result = deliver(event, batch_max_input_bytes=4096)  # returns: nothing to retry
    assert outcome(result) == ["failed"]
    stem = name.rsplit(".", 1)[0]
    assert results_in(s3, s3_buckets.output) == [f"speech/{stem}.error.json"]
    report = read_json(s3, s3_buckets.output, f"speech/{stem}.error.json")
    assert report["error"]["code"] == code
    assert message in report["error"]["message"]
    assert report["error"]["request_id"]
    assert report["source"]["key"] == key
    assert outcome(deliver(event, batch_max_input_bytes=4096)) == ["duplicate"]


def test_a_good_upload_after_a_bad_one_removes_the_error_report(
    deliver, s3, s3_buckets: S3Buckets
) -> None:
    upload(s3, s3_buckets.input, "incoming/fix.txt", b"")
    deliver(s3_event(s3_buckets.input, "incoming/fix.txt"))
    upload(s3, s3_buckets.input, "incoming/fix.txt", "Now with text.", lang="en", steps="1")
    assert outcome(deliver(s3_event(s3_buckets.input, "incoming/fix.txt"))) == ["done"]
    assert results_in(s3, s3_buckets.output) == [
        "speech/fix.manifest.json",
        "speech/fix.srt",
        "speech/fix.vtt",
        "speech/fix.wav",
    ]


def test_a_text_too_long_for_one_invocation_without_a_queue_is_reported(
    deliver, s3, s3_buckets: S3Buckets
) -> None:
    upload(s3, s3_buckets.input, "incoming/book.txt", LONG_TEXT, lang="en", steps="1")
    result = deliver(
        s3_event(s3_buckets.input, "incoming/book.txt"), batch_max_invocation_seconds=0.001
    )
    assert outcome(result) == ["failed"]
    report = read_json(s3, s3_buckets.output, "speech/book.error.json")
    assert report["error"]["code"] == "synthesis_too_long"
    assert "SEGMENT_QUEUE_URL" in report["error"]["message"]


def _write_claim(s3: Any, buckets: S3Buckets, key: str, lease_until: float) -> str:
    from handler.batch.keys import WorkKeys, job_id

    etag = s3.head_object(Bucket=buckets.input, Key=key)["ETag"]
    claim = WorkKeys("batch-work/", job_id(buckets.input, key, etag)).claim
    document = {"state": "running", "owner": "crashed-invocation", "lease_until": lease_until}
    s3.put_object(Bucket=buckets.output, Key=claim, Body=json.dumps(document).encode())
    return claim


def test_a_live_claim_is_retried_later_and_an_expired_one_taken_over(
    deliver, s3, s3_buckets: S3Buckets
) -> None:
    import time

    from handler.batch.claims import ClaimBusyError

    upload(s3, s3_buckets.input, "incoming/held.txt", "Held.", lang="en", steps="1")
    event = s3_event(s3_buckets.input, "incoming/held.txt")
    claim = _write_claim(s3, s3_buckets, "incoming/held.txt", time.time() + 600)
    with pytest.raises(ClaimBusyError, match="crashed-invocation"):
        deliver(event)
    assert results_in(s3, s3_buckets.output) == []
    # Past its holder's deadline, the holder is gone: the retry takes the claim over.
    _write_claim(s3, s3_buckets, "incoming/held.txt", time.time() - 1)
    assert outcome(deliver(event)) == ["done"]
    assert read_json(s3, s3_buckets.output, claim)["state"] == "done"
    assert results_in(s3, s3_buckets.output) == [
        "speech/held.manifest.json",
        "speech/held.srt",
        "speech/held.vtt",
        "speech/held.wav",
    ]
