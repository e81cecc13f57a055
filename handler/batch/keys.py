"""Where batch narration reads and writes: every key is derived here and nowhere else."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from handler.errors import InvalidParameterError
from model_layer.audio import FORMATS, AudioFormat

INPUT_SUFFIXES = (".txt", ".json")
MANIFEST_SUFFIX = ".manifest.json"
ERROR_SUFFIX = ".error.json"
# Metadata on every object this function writes, so an event for one is recognised as ours.
OWN_OUTPUT_METADATA = "supertonic-output"
_MAX_OUTPUT_NAME = 700  # S3 keys are at most 1,024 bytes; leave room for prefix and suffix
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True)
class OutputKeys:
    """`<OUTPUT_PREFIX><name>` and the three objects beside it."""

    bucket: str
    base: str

    def audio(self, fmt: AudioFormat) -> str:
        return f"{self.base}.{FORMATS[fmt].extension}"

    @property
    def manifest(self) -> str:
        return self.base + MANIFEST_SUFFIX

    @property
    def error(self) -> str:
        return self.base + ERROR_SUFFIX


def input_name(key: str, input_prefix: str) -> str | None:
    """`name` of `<INPUT_PREFIX><name>.<txt|json>`, or None for a key that is no input."""
    if not key.startswith(input_prefix):
        return None
    for suffix in INPUT_SUFFIXES:
        if key.endswith(suffix) and len(key) > len(input_prefix) + len(suffix):
            return key[len(input_prefix) : -len(suffix)]
    return None


def checked_output_name(name: str) -> str:
    """A job's `output` field: a relative name that stays under OUTPUT_PREFIX."""
    parts = name.split("/")
    problem = None
    if not name or len(name.encode("utf-8")) > _MAX_OUTPUT_NAME:
        problem = f"must be 1 to {_MAX_OUTPUT_NAME} bytes"
    elif name.startswith("/") or "\\" in name or _CONTROL.search(name):
        problem = "must be a relative name without backslashes or control characters"
    elif any(part in ("", ".", "..") for part in parts):
        problem = "must not contain empty, '.' or '..' path segments"
    if problem:
        raise InvalidParameterError(
            f"output {name!r} {problem}: it names the result under the output prefix",
            param="output",
        )
    return name


def job_id(bucket: str, key: str, etag: str) -> str:
    """One id per uploaded object version: the same upload always gets the same id."""
    return hashlib.sha256(f"{bucket}\0{key}\0{etag}".encode()).hexdigest()[:40]


@dataclass(frozen=True)
class WorkKeys:
    """Private objects of one job under BATCH_WORK_PREFIX: its claim, and when it is
    split, the descriptor, segment audio and completion markers."""

    prefix: str
    job: str

    @property
    def claim(self) -> str:
        return f"{self.prefix}claims/{self.job}.json"

    @property
    def _job_dir(self) -> str:
        return f"{self.prefix}jobs/{self.job}/"

    @property
    def descriptor(self) -> str:
        return self._job_dir + "job.json"

    @property
    def assembly_claim(self) -> str:
        return self._job_dir + "assembly.json"

    @property
    def done_prefix(self) -> str:
        return self._job_dir + "done/"

    def segment_audio(self, index: int) -> str:
        return f"{self._job_dir}segments/{index:05d}.pcm"

    def segment_done(self, index: int) -> str:
        return f"{self.done_prefix}{index:05d}.json"
