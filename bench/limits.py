"""`python -m bench lambda-limits`: the real entry point, confined like a Lambda function.

For each function size (default 2,048 MB, ~1.16 CPUs) a fresh process is put in a cgroup
with that memory limit and CPU quota (see bench/confine.py), imports `handler.app` (the
init phase, on the full-size synthetic model), and serves the longest text the function
accepts in every format through inline and S3 delivery (a real SeaweedFS on 127.0.0.1),
each under the template's timeout. The table says, per invocation, the answer, the time,
the process's peak RSS, and, per size, the cgroup's peak and whether anything was killed.

`--cost` measures instead the synthesis time of a ~600-character request in fp32 and int8
under each quota (default 1,769 / 2,048 / 3,008 MB) and turns it into dollars per
million characters at Lambda's x86 price, and at the arm64 price applied to the same
(x86-measured) time, labelled as such.

`--threads` measures instead 1 vs 2 intra-op threads on a ~600-character text under each
quota (real-time factor, medians), which is what the default thread rule is set from.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from typing import Any

from bench.confine import confine, lambda_cpus
from bench.limits_worker import RESULT_PREFIX
from bench.texts import CORPUS, MEDIUM
from bench.worker import REPO

FORMATS = ("wav", "flac", "mp3", "opus", "ogg", "pcm")
COST_SIZES = (1769, 2048, 3008)
# Lambda on-demand prices (us-east-1, first tier): per GB-second and per request.
PRICE_GB_S = {"x86_64": 0.0000166667, "arm64": 0.0000133334}
PRICE_REQUEST = 0.20 / 1_000_000
DELIVERIES = ("inline", "s3")
TEMPLATE = REPO / "template.yaml"


def template_default(parameter: str) -> int:
    match = re.search(rf"\n  {parameter}:\n(?:    .*\n)*?    Default: (\d+)", TEMPLATE.read_text())
    if match is None:
        raise SystemExit(f"template.yaml has no numeric default for {parameter}")
    return int(match.group(1))


def longest_text(chars: int) -> str:
    repeated = (CORPUS + " ") * (chars // len(CORPUS) + 1)
    cut = repeated[:chars]
    return cut[: cut.rfind(" ")] if len(cut) == chars else cut


def log(message: str) -> None:
    print(f"lambda-limits: {message}", file=sys.stderr, flush=True)


def run_confined(
    memory_mb: int, spec: dict[str, Any], env: dict[str, str], wall_limit: float
) -> dict[str, Any]:
    confinement = confine(memory_mb, lambda_cpus(memory_mb))
    log(f"{memory_mb} MB: {confinement.enforced}")
    started = time.perf_counter()
    stderr = tempfile.TemporaryFile(mode="w+")  # noqa: SIM115 (closed in the finally below)
    try:
        process = subprocess.Popen(
            [sys.executable, "-m", "bench.limits_worker", json.dumps(spec)],
            cwd=REPO,
            env=env,
            stdout=subprocess.PIPE,
            stderr=stderr,
            text=True,
            preexec_fn=confinement.enter(),
        )
        records = []
        assert process.stdout is not None
        for line in process.stdout:
            if line.startswith(RESULT_PREFIX):
                records.append(json.loads(line[len(RESULT_PREFIX) :]))
                log(f"{memory_mb} MB: {records[-1]}")
        try:
            remaining = wall_limit - (time.perf_counter() - started)
            returncode = process.wait(timeout=max(1.0, remaining))
        except subprocess.TimeoutExpired:
            process.kill()
            returncode = process.wait()
        if returncode != 0:
            stderr.seek(0)
            log(f"{memory_mb} MB: exit {returncode}; stderr ends:\n{stderr.read()[-2000:]}")
        return {
            "memory_mb": memory_mb,
            "cpus": round(confinement.cpus, 3),
            "enforced": confinement.enforced,
            "returncode": returncode,
            "killed": returncode < 0 or bool(confinement.oom_kills()),
            "oom_kills": confinement.oom_kills(),
            "cgroup_peak_mb": confinement.peak_memory_mb(),
            "records": records,
        }
    finally:
        stderr.close()
        confinement.close()


def function_env(model_dir: Path, s3_env: dict[str, str], bucket: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "SUPERTONIC_"))}
    return (
        env
        | s3_env
        | {
            "MODEL_DIR": str(model_dir),
            "OUTPUT_BUCKET": bucket,
            "POWERTOOLS_METRICS_NAMESPACE": "bench",
            "POWERTOOLS_SERVICE_NAME": "bench-lambda-limits",
            "LOG_LEVEL": "WARNING",
            "ORT_DISABLE_TELEMETRY": "1",
            # Every invocation here is timed as a synthesis: with the result cache on,
            # a repeated request (a second run, inline then S3) is answered from it.
            "RESULT_CACHE": "off",
        }
    )


def limits_rows(result: dict[str, Any]) -> list[str]:
    rows = []
    for record in result["records"]:
        if record["kind"] != "invoke":
            continue
        case = record["case"]
        answer = str(record["status"]) + (f" {record['error']}" if record.get("error") else "")
        audio = record.get("audio_seconds")
        rows.append(
            f"| {result['memory_mb']} | {case['format']} | {case['delivery']} | {answer} "
            f"| {record['seconds']:.1f} | {audio if audio is not None else '-'} "
            f"| {record['peak_rss_mb']:.0f} |"
        )
    return rows


def render_limits(results: list[dict[str, Any]], text_chars: int, timeout: int, model: str) -> str:
    lines = [
        f"Longest accepted text ({text_chars:,} characters), timeout {timeout} s, model {model}:",
        "",
        "| MB | format | delivery | answer | seconds | audio s | peak RSS MB |",
        "|---|---|---|---|---|---|---|",
    ]
    for result in results:
        lines += limits_rows(result)
    lines += ["", "| MB | confinement | init s | cgroup peak MB | killed |", "|---" * 5 + "|"]
    for result in results:
        init = next((r["seconds"] for r in result["records"] if r["kind"] == "init"), None)
        init_text = f"{init:.2f}" if init is not None else "never ready"
        peak = result["cgroup_peak_mb"]
        lines.append(
            f"| {result['memory_mb']} | {result['enforced']} | {init_text} "
            f"| {f'{peak:.0f}' if peak is not None else 'not measured'} "
            f"| {'YES' if result['killed'] else 'no'} (exit {result['returncode']}) |"
        )
    return "\n".join(lines)


def render_threads(rows: list[tuple[int, int, list[float]]]) -> str:
    lines = [
        f"Intra-op threads under each quota (~{len(MEDIUM)} characters, inline WAV; "
        "real-time factor = synthesis seconds / audio seconds, median of the runs):",
        "",
        "| MB | CPUs | threads | RTF median | min | max | runs |",
        "|---|---|---|---|---|---|---|",
    ]
    for memory_mb, threads, rtfs in rows:
        if not rtfs:
            cpus = lambda_cpus(memory_mb)
            lines.append(f"| {memory_mb} | {cpus:.2f} | {threads} | failed | | | 0 |")
            continue
        lines.append(
            f"| {memory_mb} | {lambda_cpus(memory_mb):.2f} | {threads} "
            f"| {statistics.median(rtfs):.3f} | {min(rtfs):.3f} | {max(rtfs):.3f} | {len(rtfs)} |"
        )
    return "\n".join(lines)


def parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench lambda-limits", description=__doc__)
    parser.add_argument("--memory", default="2048", help="sizes in MB, e.g. 2048,1769,3538")
    parser.add_argument("--text-chars", type=int, help="default: MAX_TEXT_CHARS of the handler")
    parser.add_argument("--timeout", type=int, help="seconds; default: the template's Timeout")
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("--deliveries", default=",".join(DELIVERIES))
    parser.add_argument("--steps", type=int, default=8)
    parser.add_argument("--threads", action="store_true", help="measure 1 vs 2 threads instead")
    parser.add_argument("--cost", action="store_true", help="$ per million characters instead")
    parser.add_argument("--precisions", default="fp32,int8", help="precisions of --cost")
    parser.add_argument("--runs", type=int, default=3, help="runs per thread count (--threads)")
    parser.add_argument("--model-dir", type=Path, help="default: the cached full-size model")
    parser.add_argument("--json", type=Path, default=REPO / "bench" / "results" / "limits.json")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    from model_layer.build.synthetic import cached_model_dir

    model_dir = (args.model_dir or cached_model_dir("full")).resolve()
    sizes = [int(size) for size in args.memory.split(",")]
    timeout = args.timeout or template_default("Timeout")
    # tests.infra holds the project's real S3 server launcher; the benchmark reuses it.
    from tests.infra.seaweed import start_seaweedfs

    with tempfile.TemporaryDirectory(prefix="bench-limits-") as workdir:
        server, weed = start_seaweedfs(Path(workdir) / "s3")
        try:
            bucket = f"limits-{uuid.uuid4().hex[:8]}"
            server.client().create_bucket(Bucket=bucket)
            env = function_env(model_dir, server.env(), bucket)
            if args.cost:
                if args.memory == "2048":
                    sizes = list(COST_SIZES)
                output, data = run_cost(sizes, env, args, timeout)
            elif args.threads:
                output, data = run_threads(sizes, env, args, timeout)
            else:
                output, data = run_limits(sizes, env, args, timeout)
        finally:
            weed.stop()
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(data, indent=2))
    print(output)
    return 0


def run_limits(
    sizes: list[int], env: dict[str, str], args: argparse.Namespace, timeout: int
) -> tuple[str, Any]:
    from handler.config import get_settings

    text_chars = args.text_chars or get_settings().max_text_chars
    cases = [
        {"format": fmt, "delivery": delivery}
        for fmt in args.formats.split(",")
        for delivery in args.deliveries.split(",")
    ]
    spec = {
        "text": longest_text(text_chars),
        "steps": args.steps,
        "timeout_seconds": timeout,
        "cases": cases,
    }
    wall = 60 + len(cases) * (timeout + 30)
    results = [run_confined(size, spec, env, wall) for size in sizes]
    model = Path(env["MODEL_DIR"]).name
    return render_limits(results, text_chars, timeout, model), results


def run_threads(
    sizes: list[int], env: dict[str, str], args: argparse.Namespace, timeout: int
) -> tuple[str, Any]:
    rows = []
    spec = {
        "text": MEDIUM,
        "steps": args.steps,
        "timeout_seconds": timeout,
        "cases": [{"format": "wav", "delivery": "inline"}] * args.runs,
    }
    for size in sizes:
        for threads in (1, 2):
            thread_env = env | {"SUPERTONIC_INTRA_OP_THREADS": str(threads)}
            result = run_confined(size, spec, thread_env, 60 + args.runs * (timeout + 30))
            rtfs = [
                r["seconds"] / r["audio_seconds"]
                for r in result["records"]
                if r["kind"] == "invoke" and r.get("status") == 200 and r.get("audio_seconds")
            ]
            rows.append((size, threads, rtfs))
    return render_threads(rows), [{"memory_mb": m, "threads": t, "rtf": r} for m, t, r in rows]


def dollars_per_million_chars(seconds: float, chars: int, memory_mb: int, arch: str) -> float:
    """Compute (GB-seconds) plus request charges of a million characters sent in
    requests of `chars` characters that each take `seconds`."""
    requests = 1_000_000 / chars
    return requests * (seconds * memory_mb / 1024 * PRICE_GB_S[arch] + PRICE_REQUEST)


def run_cost(
    sizes: list[int], env: dict[str, str], args: argparse.Namespace, timeout: int
) -> tuple[str, Any]:
    spec = {
        "text": MEDIUM,
        "steps": args.steps,
        "timeout_seconds": timeout,
        "cases": [{"format": "mp3", "delivery": "inline"}] * args.runs,
    }
    rows = []
    for size in sizes:
        for precision in args.precisions.split(","):
            result = run_confined(
                size, spec, env | {"SUPERTONIC_PRECISION": precision}, 60 + args.runs * 600
            )
            seconds = [
                r["seconds"]
                for r in result["records"]
                if r["kind"] == "invoke" and r.get("status") == 200
            ]
            rows.append({"memory_mb": size, "precision": precision, "seconds": seconds})
    lines = [
        f"Cost of speech (~{len(MEDIUM)}-character requests, inline MP3, {args.steps} steps; "
        "median synthesis time of the runs, measured on x86; the arm64 column applies the "
        "arm64 price to the x86 time, it is not an arm64 measurement):",
        "",
        "| MB | CPUs | precision | s per request | $ per M chars, x86 | "
        "$ per M chars, arm64 price (x86 time) | runs |",
        "|---|---:|---|---:|---:|---:|---:|",
    ]
    for row in rows:
        if not row["seconds"]:
            lines.append(f"| {row['memory_mb']} | | {row['precision']} | failed | | | 0 |")
            continue
        median = statistics.median(row["seconds"])
        x86, arm = (
            dollars_per_million_chars(median, len(MEDIUM), row["memory_mb"], arch)
            for arch in ("x86_64", "arm64")
        )
        lines.append(
            f"| {row['memory_mb']} | {lambda_cpus(row['memory_mb']):.2f} | {row['precision']} "
            f"| {median:.1f} | {x86:.3f} | {arm:.3f} | {len(row['seconds'])} |"
        )
    return "\n".join(lines), rows
