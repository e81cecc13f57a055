"""The mixed soak's process (`python -m bench.worker handler mixed-soak JSON`): imports
`handler.app` (the real entry module: its import is the init phase), serves the schedule
of bench/mixed_schedule.py through `lambda_handler`, checks every answer, and samples
its own RSS, open file descriptors and threads.

S3 is the SeaweedFS the parent started (its address comes in the environment). After
each S3 step the output bucket must hold exactly what that step wrote, with no
multipart upload open; the step's objects are then deleted, so the server's disk stays
small however long the soak runs.
"""

from __future__ import annotations

import base64
import io
import json
import os
import time
import urllib.request
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench.common import progress, smaps_rollup
from bench.mixed_schedule import Step, schedule, warmup_steps

# What each container starts with: a truncated or empty answer fails here even when
# it is not one of the sample that is decoded.
MAGIC = {"wav": (b"RIFF",), "flac": (b"fLaC",), "opus": (b"OggS",), "ogg": (b"OggS",)}
# Codec padding and frame rounding, as the handler's own tests allow.
DURATION_TOLERANCE_S = 0.08


class Incorrect(AssertionError):
    """An answer that is not the one its step must get."""


def expect(condition: bool, problem: str) -> None:
    if not condition:
        raise Incorrect(problem)


def resources(invocations: int) -> dict[str, float]:
    status = Path("/proc/self/status").read_text().splitlines()
    rss_kb = next(int(line.split()[1]) for line in status if line.startswith("VmRSS:"))
    return {
        "invocations": invocations,
        "rss_mb": round(rss_kb / 1024, 2),
        # Anonymous pages are the heap (live or fragmented); the rest of RSS is mapped
        # files (libraries, the language identifier's tables), pages the kernel can drop.
        "anon_mb": round(smaps_rollup(os.getpid())["Anonymous"], 2),
        "fds": len(os.listdir("/proc/self/fd")),
        "threads": len(os.listdir("/proc/self/task")),
    }


def decoded_seconds(data: bytes, fmt: str, rate: int) -> float:
    if fmt == "pcm":
        return len(data) / 2 / rate
    import soundfile as sf

    audio, decoded_rate = sf.read(io.BytesIO(data), dtype="int16")
    expect(decoded_rate == rate, f"{fmt} decodes at {decoded_rate} Hz, advertised {rate}")
    return len(audio) / decoded_rate


def check_audio(data: bytes, fmt: str, rate: int, duration: float, decode: bool) -> bool:
    """Whether the audio was decoded (else only its container was checked)."""
    expect(len(data) > 0, f"empty {fmt} audio")
    if fmt == "mp3":
        expect(data[:3] == b"ID3" or data[0] == 0xFF, f"mp3 starts with {data[:4]!r}")
    elif fmt == "pcm":
        expect(len(data) % 2 == 0, "pcm with an odd number of bytes")
    else:
        expect(data.startswith(MAGIC[fmt]), f"{fmt} starts with {data[:4]!r}")
    if not decode:
        return False
    seconds = decoded_seconds(data, fmt, rate)
    expect(
        abs(seconds - duration) <= DURATION_TOLERANCE_S,
        f"{fmt} decodes to {seconds:.3f} s, advertised {duration:.3f} s",
    )
    return True


def error_code(document: Any) -> str | None:
    error = document.get("error") if isinstance(document, dict) else None
    return error.get("code") if isinstance(error, dict) else None


class Soak:
    def __init__(self, lambda_handler: Callable[..., Any], context: type, s3: Any, args: dict):
        self.lambda_handler = lambda_handler
        self.context = context
        self.s3 = s3
        self.output = os.environ["OUTPUT_BUCKET"]
        self.input = args["input_bucket"]
        self.content_types = args["content_types"]
        self.decoded = 0

    def invoke(self, event: dict[str, Any], timeout_s: float) -> Any:
        return self.lambda_handler(event, self.context(timeout_s))

    def run(self, step: Step) -> None:
        if step.kind == "batch":
            self.run_batch(step)
            return
        answer = self.invoke(step.event, step.timeout_s)
        wanted = step.expect
        if step.kind == "direct":
            expect(error_code(answer) is None, f"direct invoke failed: {str(answer)[:300]}")
            # delivery "auto": audio too large for a response goes to S3, as over HTTP;
            # the answer then carries the S3 fields beside its x-* headers.
            if answer.get("delivery") == "s3":
                self.check_s3(step, answer, answer)
                return
            data = base64.b64decode(answer["audio_base64"])
            self.check_inline(step, data, answer["content_type"], answer)
            return
        status, headers = answer["statusCode"], answer["headers"]
        body = answer["body"]
        document = None if answer.get("isBase64Encoded") else json.loads(body)
        expect(status == wanted.status, f"status {status}, expected {wanted.status}: {body[:300]}")
        expect(
            error_code(document) == wanted.code,
            f"error code {error_code(document)}, expected {wanted.code}",
        )
        # delivery "auto" sends audio too large for a response to S3: right, if checked there.
        to_s3 = isinstance(document, dict) and document.get("delivery") == "s3"
        if wanted.delivery == "s3-nothing":
            self.expect_bucket([])
        elif wanted.delivery == "s3" or (to_s3 and wanted.audio is not None):
            self.check_s3(step, document, headers)
        elif wanted.audio is not None:
            self.check_inline(step, base64.b64decode(body), headers["content-type"], headers)
        elif step.kind == "normalize":
            expect(bool(document["normalized"]) and bool(document["chunks"]), "empty normalize")
            expect(document["language"] == "en", f"normalized as {document['language']}")

    def check_inline(self, step: Step, data: bytes, content_type: str, fields: Any) -> None:
        fmt = step.expect.audio
        assert fmt is not None
        wanted_type = self.content_types[fmt]
        expect(content_type == wanted_type, f"content type {content_type}, expected {wanted_type}")
        rate, duration = int(fields["x-sample-rate"]), float(fields["x-audio-duration"])
        self.decoded += check_audio(data, fmt, rate, duration, step.expect.decode)

    def check_s3(self, step: Step, document: Any, headers: dict[str, str]) -> None:
        fmt = step.expect.audio
        expect(fmt is not None and document.get("delivery") == "s3", "not an S3 answer")
        key = document["key"]
        self.expect_bucket([key])
        with urllib.request.urlopen(document["url"], timeout=60) as reply:
            data = reply.read()
        expect(document["content_type"] == self.content_types[fmt], "S3 content type")
        expect(headers["x-audio-duration"] == f"{document['duration_seconds']:.3f}", "duration")
        rate, duration = document["sample_rate"], document["duration_seconds"]
        self.decoded += check_audio(data, fmt, rate, duration, step.expect.decode)
        self.s3.delete_object(Bucket=self.output, Key=key)

    def run_batch(self, step: Step) -> None:
        from tests.infra.batch import s3_event

        upload = step.upload
        key, fmt = upload["key"], step.expect.audio
        self.s3.put_object(
            Bucket=self.input, Key=key, Body=upload["text"].encode(), Metadata=upload["metadata"]
        )
        event = s3_event(self.input, key)
        outcomes = ["done", "duplicate"] if step.redeliver else ["done"]
        for wanted in outcomes:
            result = self.invoke(event, step.timeout_s)
            got = [entry["outcome"] for entry in result["results"]]
            expect(got == [wanted], f"batch outcome {got}, expected [{wanted!r}]")
        name = "speech/" + key.removeprefix("incoming/").removesuffix(".txt")
        keys = self.keys()
        expected = {f"{name}.{fmt}", f"{name}.manifest.json", f"{name}.status.json"}
        expected |= {f"{name}.vtt", f"{name}.srt"}  # the captions beside every narration
        expect(expected <= set(keys), f"batch wrote {keys}, expected {sorted(expected)}")
        state = json.loads(self.read(f"{name}.status.json"))["state"]
        expect(state == "done", f"batch status {state!r}, expected 'done'")
        stray = [k for k in keys if k not in expected and not k.startswith("batch-work/")]
        expect(not stray, f"batch left {stray}")
        manifest = json.loads(self.read(f"{name}.manifest.json"))
        audio = self.read(f"{name}.{fmt}")
        rate, duration = manifest["sample_rate"], manifest["duration_seconds"]
        assert fmt is not None
        self.decoded += check_audio(audio, fmt, rate, duration, step.expect.decode)
        for stored in keys:
            self.s3.delete_object(Bucket=self.output, Key=stored)
        self.s3.delete_object(Bucket=self.input, Key=key)
        self.expect_bucket([])

    def read(self, key: str) -> bytes:
        return self.s3.get_object(Bucket=self.output, Key=key)["Body"].read()

    def keys(self) -> list[str]:
        listing = self.s3.list_objects_v2(Bucket=self.output)
        return sorted(item["Key"] for item in listing.get("Contents", []))

    def clean(self) -> None:
        """Empty both buckets, so that one wrong answer is reported once, not by every
        later step finding its objects."""
        for bucket in (self.output, self.input):
            for page in self.s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
                for item in page.get("Contents", []):
                    self.s3.delete_object(Bucket=bucket, Key=item["Key"])
            for upload in self.s3.list_multipart_uploads(Bucket=bucket).get("Uploads", []):
                self.s3.abort_multipart_upload(
                    Bucket=bucket, Key=upload["Key"], UploadId=upload["UploadId"]
                )

    def expect_bucket(self, keys: list[str]) -> None:
        """The output bucket holds exactly `keys` and no upload is left open."""
        found = self.keys()
        expect(found == sorted(keys), f"output bucket holds {found}, expected {sorted(keys)}")
        uploads = self.s3.list_multipart_uploads(Bucket=self.output).get("Uploads", [])
        expect(not uploads, f"{len(uploads)} multipart upload(s) left open")


def run(args: dict[str, Any]) -> dict[str, Any]:
    os.environ["MODEL_DIR"] = args["model_dir"]
    # The soak checks every object the function writes, and that every request synthesizes;
    # the result cache (its own bench: python -m bench.result_cache) stays off here.
    os.environ.setdefault("RESULT_CACHE", "off")
    import boto3

    from handler.app import lambda_handler
    from handler.config import get_settings
    from handler.context import LocalContext
    from model_layer.audio import FORMATS

    max_chars = get_settings().max_text_chars
    args = args | {"content_types": {name.value: f.content_type for name, f in FORMATS.items()}}
    soak = Soak(lambda_handler, LocalContext, boto3.client("s3"), args)
    steps = schedule(args["seed"], args["invocations"], args["steps"], max_chars)
    warmup = len(warmup_steps(args["steps"], max_chars))
    samples = [resources(0)]
    start_index = 0
    counts: Counter[str] = Counter()
    incorrect: list[dict[str, Any]] = []
    done, next_sample, every = 0, 0, args["every"]
    started = time.perf_counter()
    for index, step in enumerate(steps):
        try:
            soak.run(step)
        except Exception as exc:  # an answer that is wrong, or a handler that raised
            problem = exc if isinstance(exc, Incorrect) else f"{type(exc).__name__}: {exc}"
            incorrect.append({"step": index, "kind": step.kind, "problem": str(problem)[:500]})
            progress(f"mixed-soak INCORRECT step {index} {step.kind}: {str(problem)[:300]}")
            soak.clean()
        done += step.invocations
        counts[step.kind] += 1
        if step.redeliver:
            counts["batch/redelivery"] += 1
        last = index == len(steps) - 1
        if index == warmup - 1:
            samples.append(resources(done))
            start_index, next_sample = len(samples) - 1, done + every
        elif index >= warmup and (done >= next_sample or last):
            samples.append(resources(done))
            next_sample += every
            eta = (time.perf_counter() - started) / done * (len(steps) - index - 1)
            progress(f"mixed-soak {done} invocations {samples[-1]} eta~{eta:.0f}s")
    return {
        "samples": samples,
        "start_index": start_index,
        "invocations": done,
        "warmup_invocations": sum(step.invocations for step in steps[:warmup]),
        "counts": dict(sorted(counts.items())),
        "incorrect": incorrect,
        "decoded": soak.decoded,
        "seconds": time.perf_counter() - started,
    }
