"""The deployment's own voices: voice-style JSON files (the format the Supertonic community
publishes voices in) in a folder of the image (`VOICES_DIR`) and/or under an S3 prefix
(`VOICES_S3_URI`), loaded once at init and used by name like a preset.

Each file is checked before it is used: its size before it is read, its JSON, its tensors'
shapes, dtypes and finiteness, and its magnitude against the model's own voices (the cap
inline styles have); a library of more than EAGER_VOICES files is listed at init and each
file read and checked on first use. A file that fails any check, or whose name is no safe
voice name or a preset's, is skipped with a log line naming it: one bad file never fails
the init.
Library voices are raw: the calibrated gains are measured per preset.
"""

from __future__ import annotations

import json
import re
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

from handler.observability import logger as log
from model_layer import InvalidStyleError, ModelLoadError, Synthesizer
from model_layer.voices import Style, parse_style

# A file name's stem becomes the voice's name: letters, digits, "_", "." and "-", not
# starting with a dot (so no "..", no hidden files).
VOICE_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]{0,63}")
MAX_VOICE_FILE_BYTES = 2 * 1024 * 1024  # a voice is ~13,000 numbers: ~0.3 MB of JSON
MAX_LIBRARY_VOICES = 1000
# Up to this many files are parsed at init; a larger library parses each on first use.
EAGER_VOICES = 50


def parse_s3_prefix(uri: str) -> tuple[str, str]:
    parsed = urlparse(uri)
    if parsed.scheme != "s3" or not parsed.netloc:
        raise ModelLoadError(f"VOICES_S3_URI must look like s3://bucket/prefix/, got {uri!r}")
    return parsed.netloc, parsed.path.lstrip("/")


def _folder_files(folder: Path) -> Iterator[tuple[str, str, int, Callable[[], bytes]]]:
    for path in sorted(folder.glob("*.json")):
        yield path.stem, str(path), path.stat().st_size, path.read_bytes


def _s3_files(client: Any, uri: str) -> Iterator[tuple[str, str, int, Callable[[], bytes]]]:
    bucket, prefix = parse_s3_prefix(uri)
    pages = client.get_paginator("list_objects_v2").paginate(Bucket=bucket, Prefix=prefix)
    for page in pages:
        for item in page.get("Contents", []):
            key = item["Key"]
            if not key.endswith(".json") or "/" in key[len(prefix) :].strip("/"):
                continue  # only the prefix's own files, not those of folders below it

            def read(key: str = key) -> bytes:
                body = client.get_object(Bucket=bucket, Key=key)["Body"]
                return bytes(body.read(MAX_VOICE_FILE_BYTES + 1))

            yield (
                key.rsplit("/", 1)[-1][: -len(".json")],
                f"s3://{bucket}/{key}",
                item["Size"],
                read,
            )


class VoiceLibrary(Mapping[str, Style]):
    """Voices by name. Up to EAGER_VOICES files are parsed and checked at init; a larger
    library is listed at init (names and sizes checked) and each file parsed on first use,
    so a thousand voices cost the cold start nothing. A file that fails its checks on first
    use is dropped with the same log line, and the request gets unknown_voice."""

    def __init__(self, synthesizer: Synthesizer, files: dict[str, tuple[str, Callable[[], bytes]]]):
        self._synthesizer = synthesizer
        self._files = files
        self._parsed: dict[str, Style] = {}
        self._lock = threading.Lock()
        if len(files) <= EAGER_VOICES:
            for name in list(files):
                self.get(name)

    def __getitem__(self, name: str) -> Style:
        with self._lock:
            if name in self._parsed:
                return self._parsed[name]
            where, read = self._files[name]  # KeyError: no such voice
            try:
                style = _checked(read(), self._synthesizer)
            except (InvalidStyleError, ValueError, OSError) as exc:
                _skipped(where, str(exc)[:300])
                del self._files[name]
                raise KeyError(name) from None
            self._parsed[name] = style
            return style

    def __iter__(self) -> Iterator[str]:
        return iter(list(self._files))

    def __len__(self) -> int:
        return len(self._files)


def load_library(
    synthesizer: Synthesizer,
    voices_dir: Path | None,
    voices_s3_uri: str | None,
    client: Callable[[], Any],
) -> VoiceLibrary:
    """The library of every listed voice file whose name and size pass; the others logged."""
    sources: list[Iterator[tuple[str, str, int, Callable[[], bytes]]]] = []
    if voices_dir is not None:
        sources.append(_folder_files(voices_dir))
    if voices_s3_uri:
        sources.append(_s3_files(client(), voices_s3_uri))
    files: dict[str, tuple[str, Callable[[], bytes]]] = {}
    for listing in sources:
        for name, where, size, read in listing:
            problem = _name_problem(name, synthesizer, files)
            if problem is None and size > MAX_VOICE_FILE_BYTES:
                problem = f"{size} bytes, over the {MAX_VOICE_FILE_BYTES} a voice file may have"
            if problem is None and len(files) >= MAX_LIBRARY_VOICES:
                problem = f"the library holds {MAX_LIBRARY_VOICES} voices already"
            if problem is not None:
                _skipped(where, problem)
                continue
            files[name] = (where, read)
    library = VoiceLibrary(synthesizer, files)
    if library:
        log.info("voice library loaded", extra={"voices": len(library)})
    return library


def _skipped(where: str, reason: str) -> None:
    log.warning("voice file skipped", extra={"file": where, "reason": reason})


def _name_problem(name: str, synthesizer: Synthesizer, library: Mapping[str, Any]) -> str | None:
    if not VOICE_NAME.fullmatch(name):
        return "its name is no voice name (letters, digits, _ . -; up to 64)"
    if name in synthesizer.voices:
        return f"{name} is a preset's name"
    if name in library:
        return f"{name} is in the library already"
    return None


def _checked(data: bytes, synthesizer: Synthesizer) -> Style:
    if len(data) > MAX_VOICE_FILE_BYTES:
        raise ValueError(f"over the {MAX_VOICE_FILE_BYTES} bytes a voice file may have")
    try:
        document = json.loads(data)
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ValueError(f"not valid JSON ({exc})") from None
    style = parse_style(document)
    bounds = synthesizer.style_bounds
    return bounds.check(style) if bounds else style
