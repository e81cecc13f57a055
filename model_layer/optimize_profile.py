"""Where each graph spends its time, per op type, from ONNX Runtime's own profiler.

`python -m model_layer.optimize_profile MODEL_DIR [--text-length 150] [--latent-length 160]`
prints one Markdown table per graph: the unmodified graph against the prepared one
(optimized/fp32, after the rewrites), same seeded inputs of one ~150-character chunk,
the session options the function uses. Shares are of the graph's summed kernel time.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections import Counter
from pathlib import Path

import onnxruntime as ort

from model_layer.constants import GRAPH_PATHS
from model_layer.loader import session_options
from model_layer.optimize import optimized_dir
from model_layer.optimize_verify import random_feeds
from model_layer.settings import EngineSettings

RUNS = 3
TOP = 8


def op_times(path: Path, batch: int, text_len: int, latent_len: int) -> Counter[str]:
    """Milliseconds per run spent in each op type (kernel time, mean of RUNS runs)."""
    options = session_options(EngineSettings())
    options.enable_profiling = True
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    feeds = random_feeds(session, batch, text_len, latent_len, seed=0)
    session.run(None, feeds)  # the first run allocates; not counted
    profile = Path(session.end_profiling())
    profile.unlink(missing_ok=True)
    options.enable_profiling = True
    session = ort.InferenceSession(str(path), options, providers=["CPUExecutionProvider"])
    for _ in range(RUNS + 1):
        session.run(None, feeds)
    profile = Path(session.end_profiling())
    events = json.loads(profile.read_text())
    profile.unlink(missing_ok=True)
    totals: Counter[str] = Counter()
    for event in events:
        if event.get("cat") == "Node" and event["name"].endswith("_kernel_time"):
            totals[event["args"]["op_name"]] += event["dur"] / 1000 / (RUNS + 1)
    return totals


def table(name: str, before: Counter[str], after: Counter[str]) -> str:
    total_before, total_after = sum(before.values()), sum(after.values())
    ops = [op for op, _ in (before + after).most_common(TOP)]
    lines = [
        f"**{name}** (unmodified {total_before:.0f} ms, prepared {total_after:.0f} ms per run)",
        "",
        "| op | unmodified ms | share | prepared ms | share |",
        "|---|---:|---:|---:|---:|",
    ]
    for op in ops:
        lines.append(
            f"| {op} | {before[op]:.1f} | {100 * before[op] / total_before:.0f}% "
            f"| {after[op]:.1f} | {100 * after[op] / max(total_after, 1e-9):.0f}% |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m model_layer.optimize_profile")
    parser.add_argument("model_dir", type=Path)
    parser.add_argument("--text-length", type=int, default=150)
    parser.add_argument("--latent-length", type=int, default=160)
    args = parser.parse_args(argv)
    prepared = optimized_dir(args.model_dir, "fp32")
    os.environ.setdefault("ORT_LOGGING_LEVEL", "3")
    for name, rel in GRAPH_PATHS.items():
        shape = (1, args.text_length, args.latent_length)
        before = op_times(args.model_dir / rel, *shape)
        after = op_times(prepared / f"{name}.onnx", *shape)
        print(table(name, before, after), end="\n\n", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
