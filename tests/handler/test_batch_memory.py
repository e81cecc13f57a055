"""Peak memory does not grow with the text: the same job, 20 times longer, each run in a
fresh process through `python -m handler invoke` with an S3 event (the local entry)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.infra.batch import read_json, s3_event
from tests.infra.fixtures import S3Buckets
from tests.infra.lambda_function import REPO_ROOT
from tests.infra.process import base_env
from tests.infra.seaweed import S3Server

PARAGRAPH = (
    "Rain fell on the harbour as the ferry came in, an hour late, with forty-two people "
    "aboard. Nobody complained; they were glad to be home. "
)
# Runs the CLI's main() and reports the process's own peak RSS. VmHWM, not ru_maxrss:
# Linux keeps ru_maxrss across fork and exec, so a child would report pytest's own
# (larger) RSS; VmHWM belongs to the address space the exec made.
_MEASURED_CLI = """
import sys
from handler.__main__ import main
status = main(sys.argv[1:])
with open("/proc/self/status") as status_file:
    peak = next(line.split()[1] for line in status_file if line.startswith("VmHWM:"))
print("PEAK_RSS_KB", peak, flush=True)
sys.exit(status)
"""
# Both texts give audio of several 5 MiB parts, so both hold the same few parts at a time.
PART_SIZE = 5 * 1024 * 1024
ALLOWED_GROWTH_MB = 40


def _peak_rss_mb(event_file: Path, env: dict[str, str]) -> float:
    done = subprocess.run(
        [sys.executable, "-c", _MEASURED_CLI, "invoke", str(event_file), "--timeout", "600"],
        env=env,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=900,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert '"outcome": "done"' in done.stdout, done.stdout[-3000:]
    line = next(line for line in done.stdout.splitlines() if line.startswith("PEAK_RSS_KB"))
    return int(line.split()[1]) / 1024


def test_peak_rss_does_not_grow_with_text_length(
    s3_server: S3Server, s3_buckets: S3Buckets, tiny_model_dir: Path, tmp_path: Path
) -> None:
    s3 = s3_server.client()
    env = (
        base_env(tmp_path)
        | s3_server.env()
        | {
            "MODEL_DIR": str(tiny_model_dir),
            "OUTPUT_BUCKET": s3_buckets.output,
            "S3_ENDPOINT_URL": s3_server.endpoint_url,
            "SUPERTONIC_WARMUP": "false",
            "BATCH_PART_SIZE_BYTES": str(PART_SIZE),
            # One invocation for both: this measures the single-invocation path.
            "ESTIMATED_RTF": "0.01",
        }
    )
    peaks = {}
    for name, repeats in (("short", 30), ("long", 600)):
        key = f"incoming/{name}.txt"
        text = PARAGRAPH * repeats
        s3.put_object(
            Bucket=s3_buckets.input,
            Key=key,
            Body=text.encode(),
            Metadata={"lang": "en", "steps": "1", "sample-rate": "22050"},
        )
        event_file = tmp_path / f"{name}.json"
        event_file.write_text(json.dumps(s3_event(s3_buckets.input, key)))
        peaks[name] = _peak_rss_mb(event_file, env)
        manifest = read_json(s3, s3_buckets.output, f"speech/{name}.manifest.json")
        peaks[f"{name} audio MB"] = manifest["duration_seconds"] * 22050 * 2 / 1e6
    print(peaks)
    # The long text's WAV is far larger than the allowance, so holding it would show.
    assert peaks["short audio MB"] > 2 * PART_SIZE / 1e6
    assert peaks["long audio MB"] > 5 * ALLOWED_GROWTH_MB
    assert peaks["long"] - peaks["short"] <= ALLOWED_GROWTH_MB, peaks
