"""Texts longer than one invocation: split into segments through a real SQS queue
(moto's server), synthesized by separate deliveries, assembled into one object. S3 is
SeaweedFS. The thresholds are lowered so the tiny model splits short texts."""

from __future__ import annotations

import time
from typing import Any

import pytest

from tests.infra.batch import (
    SegmentQueue,
    keys_in,
    open_multipart_uploads,
    read_audio,
    read_json,
    read_text,
    s3_event,
)
from tests.infra.fixtures import S3Buckets

PARAGRAPH = (
    "The quick brown fox jumps over the lazy dog near the river bank. It was 3:30 pm on "
    "May 5, 2024, and we paid $12.50 for two tickets. Nobody minded the rain at all. "
)


def narrate(
    s3: Any,
    buckets: S3Buckets,
    deliver: Any,
    queue: SegmentQueue,
    key: str,
    text: str,
    metadata: dict[str, str],
    **settings: Any,
) -> list[Any]:
    s3.put_object(Bucket=buckets.input, Key=key, Body=text.encode(), Metadata=metadata)
    first = deliver(s3_event(buckets.input, key), **settings)
    return [first, *queue.drain(lambda event: deliver(event, **settings))]


SPLIT = {"estimated_rtf": 1.0, "batch_max_invocation_seconds": 6.0}


def test_split_audio_equals_one_invocation_bit_for_bit(
    deliver_segmented, s3, s3_buckets: S3Buckets, queue: SegmentQueue
) -> None:
    text = PARAGRAPH * 6
    meta = {"lang": "en", "steps": "1", "seed": "42"}
    results = narrate(s3, s3_buckets, deliver_segmented, queue, "incoming/whole.txt", text, meta)
    assert results == [
        {"results": [{"bucket": s3_buckets.input, "key": "incoming/whole.txt", "outcome": "done"}]}
    ]
    results = narrate(
        s3, s3_buckets, deliver_segmented, queue, "incoming/split.txt", text, meta, **SPLIT
    )
    assert results[0]["results"][0]["outcome"] == "segmented"
    assert len(results) > 3  # the first delivery, then one per segment
    assert all(r["batchItemFailures"] == [] for r in results[1:])

    whole, _whole_audio, _ = read_audio(s3, s3_buckets.output, "speech/whole.wav")
    split, _split_audio, _ = read_audio(s3, s3_buckets.output, "speech/split.wav")
    assert split == whole
    one = read_json(s3, s3_buckets.output, "speech/whole.manifest.json")
    many = read_json(s3, s3_buckets.output, "speech/split.manifest.json")
    assert many["segments"] == len(results) - 1 and one["segments"] == 1
    assert many["chunks"] == one["chunks"]
    assert many["duration_seconds"] == one["duration_seconds"]
    assert many["normalized_text"] == one["normalized_text"]
    for form in ("vtt", "srt"):
        assert read_text(s3, s3_buckets.output, f"speech/split.{form}") == read_text(
            s3, s3_buckets.output, f"speech/whole.{form}"
        )
    # Only the audio and manifests remain: segment audio, markers, the job descriptor
    # (job.json) and the assembly claim are deleted; the claims stay (later deliveries of
    # the same uploads stay no-ops), and no multipart upload is left open.
    work = keys_in(s3, s3_buckets.output, "batch-work/")
    assert work and all(k.startswith("batch-work/claims/") for k in work), work
    assert open_multipart_uploads(s3, s3_buckets.output) == []
    assert [
        k for k in keys_in(s3, s3_buckets.output, "speech/") if not k.endswith(".status.json")
    ] == [
        "speech/split.manifest.json",
        "speech/split.srt",
        "speech/split.vtt",
        "speech/split.wav",
        "speech/whole.manifest.json",
        "speech/whole.srt",
        "speech/whole.vtt",
        "speech/whole.wav",
    ]


def test_split_resampled_mp3_and_duplicate_deliveries(
    deliver_segmented, s3, s3_buckets: S3Buckets, queue: SegmentQueue
) -> None:
    s3.put_object(
        Bucket=s3_buckets.input,
        Key="incoming/book.txt",
        Body=(PARAGRAPH * 5).encode(),
        Metadata={"lang": "en", "steps": "1", "format": "mp3", "sample-rate": "22050"},
    )
    event = s3_event(s3_buckets.input, "incoming/book.txt")
    assert deliver_segmented(event, **SPLIT)["results"][0]["outcome"] == "segmented"
    assert deliver_segmented(event, **SPLIT)["results"][0]["outcome"] == "duplicate"
    bodies = queue.bodies()
    assert len(bodies) >= 3
    # Every segment delivered twice, the last one first: still one assembly, same audio.
    from tests.infra.batch import sqs_event

    outcomes = [
        deliver_segmented(sqs_event(body), **SPLIT) for body in [*reversed(bodies), *bodies]
    ]
    assert all(o["batchItemFailures"] == [] for o in outcomes)
    _data, audio, rate = read_audio(s3, s3_buckets.output, "speech/book.mp3")
    manifest = read_json(s3, s3_buckets.output, "speech/book.manifest.json")
    assert rate == 22050 and manifest["segments"] == len(bodies)
    assert abs(len(audio) / rate - manifest["duration_seconds"]) < 0.1  # mp3 encoder padding
    ends = [c["end"] for c in manifest["chunks"]]
    assert ends == sorted(ends) and ends[-1] == pytest.approx(
        manifest["duration_seconds"], abs=0.01
    )


def wav_data_chunk(header: bytes) -> tuple[int, int]:
    """Where a WAV file's samples start and how many bytes they take, from its first bytes."""
    at = 12
    while header[at : at + 4] != b"data":
        at += 8 + int.from_bytes(header[at + 4 : at + 8], "little")
        at += at % 2  # chunks are word-aligned
        assert at + 8 <= len(header), "no data chunk in the header"
    return at + 8, int.from_bytes(header[at + 4 : at + 8], "little")


def test_a_100000_character_book_comes_out_as_one_file(
    deliver_segmented, s3, s3_buckets: S3Buckets, queue: SegmentQueue
) -> None:
    text = (PARAGRAPH * (100_000 // len(PARAGRAPH) + 1))[:100_000]
    settings = {"estimated_rtf": 1.0, "batch_max_invocation_seconds": 200.0}
    started = time.perf_counter()
    results = narrate(
        s3,
        s3_buckets,
        deliver_segmented,
        queue,
        "incoming/novel.txt",
        text,
        {"lang": "en", "steps": "1", "speed": "2.0", "sample-rate": "8000"},
        **settings,
    )
    elapsed = time.perf_counter() - started
    manifest = read_json(s3, s3_buckets.output, "speech/novel.manifest.json")
    print(
        f"100,000 characters: {manifest['duration_seconds']:.0f} s of audio in "
        f"{manifest['segments']} segments, {elapsed:.1f} s wall"
    )
    assert manifest["characters_in"] == 100_000
    assert manifest["segments"] == len(results) - 1 >= 5
    head = s3.head_object(Bucket=s3_buckets.output, Key="speech/novel.wav")
    wav_head = s3.get_object(Bucket=s3_buckets.output, Key="speech/novel.wav", Range="bytes=0-4095")
    header = wav_head["Body"].read()
    assert (
        header[:4] == b"RIFF" and int.from_bytes(header[4:8], "little") == head["ContentLength"] - 8
    )
    data_at, data_bytes = wav_data_chunk(header)  # after fmt and the provenance LIST chunk
    assert data_bytes == head["ContentLength"] - data_at
    assert data_bytes / 2 / 8000 == pytest.approx(manifest["duration_seconds"], abs=1e-3)
    assert len(manifest["chunks"]) > 600
    words = manifest["normalized_text"].split()
    assert words[:3] == ["The", "quick", "brown"] and "twelve" in words
