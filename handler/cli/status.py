"""`python -m handler status s3://bucket/key`: a batch narration's progress.

Reads the `<name>.status.json` that batch workers keep beside the output (the key given,
or, when it does not end in `.status.json`, that name with it added or put in place of the
audio extension) and prints it with a progress bar. `--watch` reprints it until the job is
`done` or `failed`. Exit status: 0 done or still going, 1 failed, 2 no such status.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from datetime import UTC, datetime
from typing import Any

from handler.cli.progress import format_seconds, progress_line

STATUS_SUFFIX = ".status.json"
FINAL_STATES = ("done", "failed")


def register(commands: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    status = commands.add_parser(
        "status",
        help="print a batch narration's status.json with a progress bar",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    status.add_argument("location", help="s3://bucket/key of the status (or of the narration)")
    status.add_argument(
        "--watch", type=float, metavar="SECONDS", help="reprint every SECONDS until it ends"
    )
    status.add_argument("--json", action="store_true", help="print only the status document")
    status.set_defaults(run=run)


def parse_location(location: str) -> tuple[str, str]:
    if not location.startswith("s3://"):
        raise ValueError(f"expected s3://bucket/key, got {location!r}")
    bucket, _, key = location.removeprefix("s3://").partition("/")
    if not bucket or not key:
        raise ValueError(f"expected s3://bucket/key, got {location!r}")
    return bucket, key


def candidate_keys(key: str) -> list[str]:
    if key.endswith(STATUS_SUFFIX):
        return [key]
    candidates = [key + STATUS_SUFFIX]
    stem, dot, _extension = key.rpartition(".")
    if dot and "/" not in _extension:
        candidates.append(stem + STATUS_SUFFIX)
    return candidates


def summary(status: dict[str, Any], now: datetime | None = None) -> str:
    """One line: state, bar, chunks, audio so far, ETA, age of the status."""
    state = str(status.get("state", "unknown"))
    done = int(status.get("chunks_done") or 0)
    total = int(status.get("chunks_total") or 0)
    eta = status.get("eta_seconds")
    if state == "done":
        done, eta = max(done, total), None
    line = f"{state:<10} " + progress_line(
        done, total, float(eta) if isinstance(eta, int | float) and state != "failed" else None
    )
    audio = status.get("audio_seconds_done")
    if isinstance(audio, int | float):
        total_audio = status.get("audio_seconds_total")
        of_total = f"/{format_seconds(total_audio)}" if isinstance(total_audio, int | float) else ""
        line += f"  {format_seconds(audio)}{of_total} of audio"
    segments = status.get("segments")
    if isinstance(segments, list) and len(segments) > 1:
        finished = sum(
            1 for entry in segments if isinstance(entry, dict) and entry.get("state") == "done"
        )
        line += f"  segments {finished}/{len(segments)} done"
    updated = _parse_time(status.get("updated_at"))
    if updated is not None:
        age = ((now or datetime.now(UTC)) - updated).total_seconds()
        line += f"  (updated {format_seconds(age)} ago)"
    # What batch writes at the end (handler/batch/status.py): the manifest's key when
    # done, the error report's key and the error code when failed.
    for field in ("manifest", "error_report", "error_code"):
        if status.get(field):
            line += f"\n{field}: {status[field]}"
    return line


def _parse_time(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        return None
    return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)


def fetch(client: Any, bucket: str, key: str) -> tuple[str, dict[str, Any]] | None:
    for candidate in candidate_keys(key):
        try:
            body = client.get_object(Bucket=bucket, Key=candidate)["Body"].read()
        except client.exceptions.NoSuchKey:
            continue
        return candidate, json.loads(body)
    return None


def run(args: argparse.Namespace) -> int:
    try:
        bucket, key = parse_location(args.location)
    except ValueError as exc:
        print(exc, file=sys.stderr)
        return 2
    from handler.config import get_settings
    from handler.s3 import make_s3_client

    client = make_s3_client(get_settings())
    while True:
        found = fetch(client, bucket, key)
        if found is None:
            tried = ", ".join(f"s3://{bucket}/{k}" for k in candidate_keys(key))
            print(f"no status at {tried}", file=sys.stderr)
            return 2
        status_key, status = found
        print(json.dumps(status, indent=2, ensure_ascii=False))
        if not args.json:
            print(f"s3://{bucket}/{status_key}")
            print(summary(status))
        sys.stdout.flush()
        state = status.get("state")
        if args.watch is None or state in FINAL_STATES:
            return 1 if state == "failed" else 0
        time.sleep(args.watch)
