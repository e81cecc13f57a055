"""`python -m bench workers`: memory of one execution environment serving several requests.

Lambda Managed Instances run several invocations per environment: `awslambdaric` with
AWS_LAMBDA_MAX_CONCURRENCY=N forks N worker processes, each of which imports the handler
(and so loads the model) after the fork. For N = 1, 2 and 4, with the model's weights
private to each worker (the default) and shared between them (SUPERTONIC_SHARED_WEIGHTS),
this starts the real awslambdaric on the full-size synthetic model against the project's
Runtime API test server, has every worker serve requests at once, and then reads each
process's /proc/<pid>/smaps_rollup:

- RSS counts every page a process maps, so pages shared between workers are counted
  once per worker; PSS divides each shared page among the processes mapping it, so the
  PSS of all processes added up is what the environment really uses.
- "per extra worker" is (total PSS at N - total PSS at 1) / (N - 1).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench.common import smaps_rollup
from bench.texts import MEDIUM
from bench.worker import REPO

HANDLER = "handler.app.lambda_handler"
WORKER_COUNTS = (1, 2, 4)


def log(message: str) -> None:
    print(f"workers: {message}", file=sys.stderr, flush=True)


def speech_event(index: int) -> dict[str, Any]:
    body = {"text": MEDIUM, "lang": "en", "steps": 2, "seed": index, "format": "mp3"}
    return {
        "version": "2.0",
        "routeKey": "$default",
        "rawPath": "/v1/speech",
        "rawQueryString": "",
        "headers": {"content-type": "application/json"},
        "requestContext": {"http": {"method": "POST", "path": "/v1/speech"}},
        "body": json.dumps(body),
        "isBase64Encoded": False,
    }


def shared_model_dir(model_dir: Path, workdir: Path) -> Path:
    """A copy of `model_dir` (its files linked, not copied) with fp32 graphs prepared
    with packed weights, as an image built with SUPERTONIC_SHARED_WEIGHTS ships them."""
    from model_layer.build.optimize import optimize_model
    from model_layer.prepared import usable_optimized_dir

    copy = workdir / "shared-model"
    copy.mkdir(exist_ok=True)
    for entry in model_dir.iterdir():
        if entry.name != "optimized" and not (copy / entry.name).exists():
            (copy / entry.name).symlink_to(entry.resolve())
    if usable_optimized_dir(copy, "fp32", shared_weights=True)[0] is None:
        log("preparing graphs with packed weights...")
        optimize_model(copy, "fp32", shared_weights=True)
    return copy


def measure(workers: int, shared: bool, model_dir: Path, workdir: Path) -> dict[str, Any]:
    # tests.infra holds the project's Runtime API test server and the real awslambdaric
    # launcher; the benchmark reuses them.
    import psutil

    from tests.infra.lambda_function import start_lambda

    env = {
        "MODEL_DIR": str(model_dir),
        "AWS_LAMBDA_MAX_CONCURRENCY": str(workers),
        "SUPERTONIC_SHARED_WEIGHTS": "true" if shared else "false",
        "LOG_LEVEL": "WARNING",
        "POWERTOOLS_METRICS_NAMESPACE": "bench",
        "POWERTOOLS_SERVICE_NAME": "bench-workers",
        "ORT_DISABLE_TELEMETRY": "1",
    }
    label = f"{workers} worker(s), {'shared' if shared else 'private'} weights"
    function = start_lambda(HANDLER, env, workdir=workdir / f"{workers}-{shared}")
    try:
        function.api.wait_for_polls(workers, timeout=600)
        parent = psutil.Process(function.process.pid)
        # With AWS_LAMBDA_MAX_CONCURRENCY set, awslambdaric forks its workers (even one);
        # without it, it serves in its own process.
        children = parent.children(recursive=True)
        servers = children or [parent]
        # Every worker serves at least twice, all at once: the model loaded, warmed and
        # used, as in a busy environment.
        events = [speech_event(i) for i in range(2 * workers)]
        with ThreadPoolExecutor(max_workers=workers) as pool:
            results = list(pool.map(lambda e: function.invoke(e, timeout_ms=600_000), events))
        failed = [r.body for r in results if r.status != "response" or r.body["statusCode"] != 200]
        if failed:
            raise SystemExit(f"{label}: requests failed: {failed[:1]}")
        processes = [parent, *children]
        rollups = {proc.pid: smaps_rollup(proc.pid) for proc in processes}
        worker_rollups = [rollups[proc.pid] for proc in servers]
        row = {
            "workers": workers,
            "shared_weights": shared,
            "processes": len(processes),
            "total_pss_mb": sum(r["Pss"] for r in rollups.values()),
            "total_rss_mb": sum(r["Rss"] for r in rollups.values()),
            "worker_rss_mb": [r["Rss"] for r in worker_rollups],
            "worker_pss_mb": [r["Pss"] for r in worker_rollups],
            "worker_private_mb": [r["Private_Clean"] + r["Private_Dirty"] for r in worker_rollups],
            "peak_in_flight": function.api.peak_in_flight,
        }
        log(f"{label}: {row}")
        return row
    finally:
        function.stop()


def mean(values: list[float]) -> float:
    return sum(values) / len(values)


def render(rows: list[dict[str, Any]]) -> str:
    lines = [
        "Memory of one execution environment with N awslambdaric workers (full-size model, "
        "every worker warm; MB):",
        "",
        "| workers | weights | RSS per worker | PSS per worker | private per worker "
        "| total PSS | per extra worker | requests at once |",
        "|---|---|---|---|---|---|---|---|",
    ]
    single = {row["shared_weights"]: row["total_pss_mb"] for row in rows if row["workers"] == 1}
    for row in rows:
        n = row["workers"]
        base = single.get(row["shared_weights"])
        extra = f"{(row['total_pss_mb'] - base) / (n - 1):.0f}" if n > 1 and base else "-"
        lines.append(
            f"| {n} | {'shared' if row['shared_weights'] else 'private'} "
            f"| {mean(row['worker_rss_mb']):.0f} | {mean(row['worker_pss_mb']):.0f} "
            f"| {mean(row['worker_private_mb']):.0f} | {row['total_pss_mb']:.0f} | {extra} "
            f"| {row['peak_in_flight']} |"
        )
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench workers", description=__doc__)
    parser.add_argument("--workers", default=",".join(map(str, WORKER_COUNTS)))
    parser.add_argument("--weights", default="private,shared", help="private, shared or both")
    parser.add_argument("--model-dir", type=Path, help="default: the cached full-size model")
    parser.add_argument("--json", type=Path, default=REPO / "bench" / "results" / "workers.json")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from model_layer.build.synthetic import cached_model_dir

    model_dir = (args.model_dir or cached_model_dir("full")).resolve()
    counts = [int(n) for n in args.workers.split(",")]
    weights = [w.strip() for w in args.weights.split(",")]
    if not set(weights) <= {"private", "shared"}:
        raise SystemExit("--weights takes private, shared or both")
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-workers-") as workdir:
        for kind in weights:
            shared = kind == "shared"
            models = shared_model_dir(model_dir, Path(workdir)) if shared else model_dir
            for count in counts:
                rows.append(measure(count, shared, models, Path(workdir)))
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(rows, indent=2))
    print(render(rows))
    return 0
