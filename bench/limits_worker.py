"""The confined process of `python -m bench lambda-limits`: `python -m bench.limits_worker JSON`.

It imports `handler.app` (the image's entry module: its import is the init phase that
loads the model) and calls `lambda_handler` with Function URL events, as the runtime
client does, each with a Lambda-shaped deadline. One `RESULT_PREFIX + JSON` line per
invocation on stdout (the handler logs JSON to stdout too).
"""

from __future__ import annotations

import base64
import json
import sys
import time
from pathlib import Path
from typing import Any

RESULT_PREFIX = "LIMITS-RESULT "
REPO = Path(__file__).resolve().parent.parent


def _status_kb(key: str) -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    return 0


def _reset_peak_rss() -> None:
    # Writing 5 resets VmHWM to the current RSS (proc(5)), so each invocation's peak
    # is its own and not the load's.
    Path("/proc/self/clear_refs").write_text("5")


def emit(record: dict[str, Any]) -> None:
    print(RESULT_PREFIX + json.dumps(record), flush=True)


def speech_event(body: dict[str, Any]) -> dict[str, Any]:
    event = json.loads((REPO / "events" / "http-speech.json").read_text())
    event["body"] = json.dumps(body)
    event["isBase64Encoded"] = False
    return event


def main(spec: dict[str, Any]) -> None:
    started = time.perf_counter()
    from handler.app import lambda_handler
    from handler.context import LocalContext

    emit({"kind": "init", "seconds": time.perf_counter() - started, "rss_mb": _rss_mb()})
    for case in spec["cases"]:
        body = {"text": spec["text"], "lang": "en", "steps": spec["steps"], "seed": 0, **case}
        _reset_peak_rss()
        began = time.perf_counter()
        response = lambda_handler(speech_event(body), LocalContext(spec["timeout_seconds"]))
        seconds = time.perf_counter() - began
        record: dict[str, Any] = {
            "kind": "invoke",
            "case": case,
            "status": response.get("statusCode"),
            "seconds": seconds,
            "peak_rss_mb": _status_kb("VmHWM") / 1024,
            "rss_mb": _rss_mb(),
        }
        body_text = response.get("body") or ""
        if response.get("isBase64Encoded"):
            record["audio_bytes"] = len(base64.b64decode(body_text))
        else:
            document = json.loads(body_text or "{}")
            record["error"] = document.get("error", {}).get("code")
            record["audio_seconds"] = document.get("duration_seconds")
        headers = response.get("headers", {})
        if "x-audio-duration" in headers:
            record["audio_seconds"] = float(headers["x-audio-duration"])
        emit(record)


def _rss_mb() -> float:
    return _status_kb("VmRSS") / 1024


if __name__ == "__main__":
    main(json.loads(sys.argv[1]))
