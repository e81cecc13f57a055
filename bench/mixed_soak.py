"""The `mixed-soak` case, parent side: a real S3 for the worker, and its numbers into the
report. The schedule is bench/mixed_schedule.py; the process, bench/mixed_worker.py.

RSS, descriptors and threads are compared between the sample right after the warm-up
(one of every kind, the longest text in every format) and the last one: what the
process allocates once is in place by then, so what grows after it is a leak.
"""

from __future__ import annotations

import tempfile
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from bench.mixed_schedule import ESTIMATED_RTF
from bench.report import Report

IMPL = "handler"
SERIES = "handler (mixed)"


@contextmanager
def storage() -> Iterator[tuple[dict[str, str], str]]:
    """A SeaweedFS on 127.0.0.1 with an input and an output bucket: the worker's
    environment (S3 address, keys, OUTPUT_BUCKET) and the input bucket's name."""
    # tests.infra holds the project's real S3 server launcher; the benchmark reuses it.
    from tests.infra.seaweed import start_seaweedfs

    with tempfile.TemporaryDirectory(prefix="bench-mixed-soak-") as workdir:
        server, weed = start_seaweedfs(Path(workdir) / "s3")
        try:
            suffix = uuid.uuid4().hex[:8]
            output, source = f"soak-out-{suffix}", f"soak-in-{suffix}"
            client = server.client()
            for bucket in (output, source):
                client.create_bucket(Bucket=bucket)
            env = server.env() | {
                "OUTPUT_BUCKET": output,
                "LOG_LEVEL": "WARNING",
                "ESTIMATED_RTF": str(ESTIMATED_RTF),
                "POWERTOOLS_METRICS_NAMESPACE": "bench",
                "POWERTOOLS_SERVICE_NAME": "bench-mixed-soak",
            }
            yield env, source
        finally:
            weed.stop()


def record(report: Report, result: dict[str, Any]) -> None:
    samples = result["samples"]
    start, end = samples[result["start_index"]], samples[-1]
    later = samples[result["start_index"] :]
    for name in ("rss_mb", "anon_mb", "fds", "threads"):
        stem = name.removesuffix("_mb")
        unit = "_mb" if name.endswith("_mb") else ""
        report.add(f"mixed-soak.{stem}_start{unit}", IMPL, start[name])
        report.add(f"mixed-soak.{stem}_end{unit}", IMPL, end[name])
        report.add(f"mixed-soak.{stem}_max{unit}", IMPL, max(s[name] for s in later))
    report.add("mixed-soak.rss_end_over_start", IMPL, end["rss_mb"] / start["rss_mb"])
    report.add("mixed-soak.fds_growth", IMPL, end["fds"] - start["fds"])
    report.add("mixed-soak.threads_growth", IMPL, end["threads"] - start["threads"])
    report.add("mixed-soak.invocations", IMPL, result["invocations"])
    report.add("mixed-soak.incorrect", IMPL, len(result["incorrect"]))
    report.series[SERIES] = [[s["invocations"], s["rss_mb"]] for s in samples]
    report.meta["mixed_soak"] = {
        key: result[key]
        for key in ("counts", "incorrect", "decoded", "warmup_invocations", "seconds", "samples")
    }
