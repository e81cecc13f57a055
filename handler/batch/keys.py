"""Where batch narration reads and writes: every key is derived here and nowhere else."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass

from handler.errors import InvalidParameterError
from model_layer.audio import FORMATS, AudioFormat

# .txt and .json, and the documents (handler/batch/documents.py), longest first so
# ".markdown" is not taken for a name ending in ".md"... by a shorter suffix.
INPUT_SUFFIXES = (".txt", ".json", ".markdown", ".html", ".epub", ".htm", ".md")
MANIFEST_SUFFIX = ".manifest.json"
ERROR_SUFFIX = ".error.json"
STATUS_SUFFIX = ".status.json"
# Captions beside every narration, in the two forms players read.
CAPTION_SUFFIXES = {"vtt": ".vtt", "srt": ".srt"}
# `"split": "chapters"`: <name>.chapter-001.mp3, ...; a job asking for them checks that
# its name leaves room for them (BatchRuntime.chapter_files), other names need not.
CHAPTER_FILE_INFIX = ".chapter-"
# Error reports of uploads whose key gives no usable output name, named by a hash of it.
INVALID_KEY_REPORTS = "invalid-keys/"
# Metadata on every object this function writes, so an event for one is recognised as ours.
OWN_OUTPUT_METADATA = "supertonic-output"
MAX_KEY_BYTES = 1024  # S3's limit on a key, in UTF-8 bytes
_SUFFIXES = (
    MANIFEST_SUFFIX,
    ERROR_SUFFIX,
    STATUS_SUFFIX,
    *CAPTION_SUFFIXES.values(),
    *(f".{spec.extension}" for spec in FORMATS.values()),
)
_LONGEST_SUFFIX = max(len(suffix.encode()) for suffix in _SUFFIXES)
# C0 and C1 controls, line and paragraph separators, and lone surrogates (not encodable).
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff]")


@dataclass(frozen=True)
class OutputKeys:
    """`<OUTPUT_PREFIX><name>` and the objects beside it."""

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

    @property
    def status(self) -> str:
        return self.base + STATUS_SUFFIX

    def captions(self, form: str) -> str:
        return self.base + CAPTION_SUFFIXES[form]

    def chapter_audio(self, number: int, fmt: AudioFormat) -> str:
        return f"{self.base}{CHAPTER_FILE_INFIX}{number:03d}.{FORMATS[fmt].extension}"


def listed_name(key: str, input_prefix: str) -> str | None:
    """`name` of an existing object an S3 Batch Operations job lists, wherever it is:
    the key without the input prefix (when under it) and without its suffix."""
    relative = key[len(input_prefix) :] if key.startswith(input_prefix) else key
    return input_name(relative, "")


def chapter_keys_fit(keys: OutputKeys, fmt: AudioFormat, count: int) -> bool:
    return len(keys.chapter_audio(max(count, 1), fmt).encode("utf-8")) <= MAX_KEY_BYTES


def input_name(key: str, input_prefix: str) -> str | None:
    """`name` of `<INPUT_PREFIX><name>.<txt|json>`, or None for a key that is no input."""
    if not key.startswith(input_prefix):
        return None
    for suffix in INPUT_SUFFIXES:
        if key.endswith(suffix) and len(key) > len(input_prefix) + len(suffix):
            return key[len(input_prefix) : -len(suffix)]
    return None


def _shape_problem(name: str) -> str | None:
    """What makes `name` unusable as a relative name under the output prefix. Positions,
    never the name itself: it may be anything a user typed."""
    if not name:
        return "is empty"
    if name.startswith("/"):
        return "starts with '/' (it must be a relative name)"
    if "\\" in name:
        return f"has a backslash at character {name.index(chr(92))}"
    control = _CONTROL.search(name)
    if control:
        code = f"U+{ord(control.group()):04X}"
        return f"has a control character ({code}) at character {control.start()}"
    for number, part in enumerate(name.split("/"), start=1):
        if part in ("", ".", ".."):
            return f"has an empty, '.' or '..' path segment (segment {number})"
    return None


def _length_problem(name: str, output_prefix: str) -> str | None:
    size = len((output_prefix + name).encode("utf-8")) + _LONGEST_SUFFIX
    if size > MAX_KEY_BYTES:
        return (
            f"is too long: with the output prefix and the longest suffix "
            f"({MANIFEST_SUFFIX!r}) its keys would be {size} bytes, and S3 keys are at most "
            f"{MAX_KEY_BYTES}"
        )
    return None


def name_problem(name: str, output_prefix: str) -> str | None:
    """Why `name` cannot name a result under `output_prefix`, or None. The same rules for
    a name derived from the input key as for a job's `output` field."""
    return _shape_problem(name) or _length_problem(name, output_prefix)


def checked_output_name(name: str, output_prefix: str = "", *, param: str = "output") -> str:
    """A result name (a job's `output` field, or one derived from the input key) that
    stays under OUTPUT_PREFIX and leaves room for every key derived from it."""
    problem = name_problem(name, output_prefix)
    if problem:
        what = "output" if param == "output" else "the name taken from the input key"
        raise InvalidParameterError(
            f"{what} {problem}; it names the result under the output prefix", param=param
        )
    return name


def report_base(output_prefix: str, bucket: str, key: str, name: str | None) -> str:
    """Where an upload's error report goes: beside its result when its name is usable
    there (or only too long for the longer suffixes), else under `invalid-keys/`, named
    by a hash of bucket and key (the report's `source` names the upload)."""
    if name is not None and _shape_problem(name) is None:
        base = output_prefix + name
        if len((base + ERROR_SUFFIX).encode("utf-8")) <= MAX_KEY_BYTES:
            return base
    digest = hashlib.sha256(f"{bucket}\0{key}".encode()).hexdigest()[:40]
    return f"{output_prefix}{INVALID_KEY_REPORTS}{digest}"


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

    @property
    def job_dir(self) -> str:
        """Everything of a split job but its claim: removed once it is assembled."""
        return self._job_dir
