"""Where each graph spends its time, per op type, from ONNX Runtime's own profiler.

`python -m model_layer.build.profile MODEL_DIR [--text-length 150] [--latent-length 160]`
prints one Markdown table per graph: the unmodified graph against the prepared one
(optimized/fp32, after the rewrites; the single-item path alone where the build wrote
it, as served to chunks run one at a time), same seeded inputs of one ~150-character chunk,
the session options the function uses. Shares are of the graph's summed kernel time.

Then the roofline: each graph's arithmetic (multiply-adds of its Conv, MatMul and Gemm
nodes, counted on the unmodified graph at those input shapes) over its wall time per
run, against what one large MatMul reaches in the same session options. A graph near
that ceiling can only get faster by doing less arithmetic, not by running it better.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections import Counter
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
from onnx import TensorProto, helper, numpy_helper, shape_inference

from model_layer.build.verify import random_feeds
from model_layer.constants import GRAPH_PATHS
from model_layer.loader import session_options
from model_layer.prepared import optimized_dir, single_item_graph
from model_layer.settings import EngineSettings

RUNS = 3
TOP = 8
TIMED_RUNS = 7
CONTROL_FLOW = frozenset(("If", "Loop", "Scan"))
# One MatMul as large as the biggest pointwise layers over a long chunk: the machine's
# fp32 ceiling for this kind of work in ONNX Runtime, with the function's options.
PEAK_SHAPE = (2048, 512, 2048)


def op_times(path: Path, batch: int, text_len: int, latent_len: int) -> Counter[str]:
    """Milliseconds per run spent in each op type (kernel time, mean of RUNS runs)."""
    session = _session(path, profiling=True)
    feeds = random_feeds(session, batch, text_len, latent_len, seed=0)
    session.run(None, feeds)  # the first run allocates; not counted
    profile = Path(session.end_profiling())
    profile.unlink(missing_ok=True)
    session = _session(path, profiling=True)
    for _ in range(RUNS + 1):
        session.run(None, feeds)
    profile = Path(session.end_profiling())
    events = json.loads(profile.read_text())
    profile.unlink(missing_ok=True)
    totals: Counter[str] = Counter()
    for event in events:
        if event.get("cat") == "Node" and event["name"].endswith("_kernel_time"):
            op = event["args"]["op_name"]
            if op in CONTROL_FLOW:  # its time is its subgraph's nodes', counted there
                continue
            totals[op] += event["dur"] / 1000 / (RUNS + 1)
    return totals


def graph_flops(path: Path, feeds: dict[str, np.ndarray]) -> float:
    """Floating-point operations of one run: 2 per multiply-add of every Conv, MatMul
    and Gemm, with every shape inferred from the shapes of `feeds`."""
    model = onnx.load(str(path), load_external_data=False)
    for graph_input in model.graph.input:
        if graph_input.name in feeds:
            dims = graph_input.type.tensor_type.shape.dim
            for dim, size in zip(dims, feeds[graph_input.name].shape, strict=True):
                dim.Clear()
                dim.dim_value = int(size)
    model = shape_inference.infer_shapes(model, data_prop=True)
    shapes: dict[str, list[int]] = {init.name: list(init.dims) for init in model.graph.initializer}
    for info in [*model.graph.value_info, *model.graph.input, *model.graph.output]:
        shapes[info.name] = [d.dim_value for d in info.type.tensor_type.shape.dim]
    total = 0.0
    for node in model.graph.node:
        if node.op_type not in ("Conv", "MatMul", "Gemm"):
            continue
        out, left = shapes.get(node.output[0]), shapes.get(node.input[0])
        if not out or not left or 0 in out:
            raise ValueError(f"{path.name}: shape of {node.name or node.op_type} not inferred")
        if node.op_type == "Conv":
            weight = shapes[node.input[1]]  # [C_out, C_in / group, *kernel]
            total += 2.0 * float(np.prod(out)) * float(np.prod(weight[1:]))
        else:
            transposed = any(a.name == "transA" and a.i for a in node.attribute)
            inner = left[0] if node.op_type == "Gemm" and transposed else left[-1]
            total += 2.0 * float(np.prod(out)) * inner
    return total


def _session(model: Path | bytes, profiling: bool = False) -> ort.InferenceSession:
    """A session with the function's options (a graph file, or a serialized graph)."""
    options = session_options(EngineSettings())
    options.enable_profiling = profiling
    source = str(model) if isinstance(model, Path) else model
    return ort.InferenceSession(source, options, providers=["CPUExecutionProvider"])


def wall_ms(
    session: ort.InferenceSession, feeds: dict[str, np.ndarray], runs: int = TIMED_RUNS
) -> float:
    """Median wall time of one run."""
    session.run(None, feeds)
    times = []
    for _ in range(runs):
        started = time.perf_counter()
        session.run(None, feeds)
        times.append(time.perf_counter() - started)
    return 1000 * float(np.median(times))


def peak_gflops() -> float:
    rows, inner, cols = PEAK_SHAPE
    rng = np.random.default_rng(0)
    weight = numpy_helper.from_array(rng.standard_normal((inner, cols), np.float32), "W")
    graph = helper.make_graph(
        [helper.make_node("MatMul", ["X", "W"], ["Y"])],
        "peak",
        [helper.make_tensor_value_info("X", TensorProto.FLOAT, [rows, inner])],
        [helper.make_tensor_value_info("Y", TensorProto.FLOAT, [rows, cols])],
        [weight],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)])
    session = _session(model.SerializeToString())
    feeds = {"X": rng.standard_normal((rows, inner), np.float32)}
    seconds = wall_ms(session, feeds, runs=3 * TIMED_RUNS) / 1000
    return 2.0 * rows * inner * cols / seconds / 1e9


def roofline(rows: list[tuple[str, float, float, float]], peak: float) -> str:
    lines = [
        f"**roofline** (one large MatMul: {peak:.0f} GFLOP/s; the prepared graphs' rate "
        "counts the unmodified graph's arithmetic, so work a rewrite removed shows as speed)",
        "",
        "| graph | GFLOP per run | unmodified ms | GFLOP/s | prepared ms | GFLOP/s "
        "| prepared / ceiling |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for name, flops, before, after in rows:
        rate_before, rate_after = flops / before / 1e6, flops / after / 1e6
        lines.append(
            f"| {name} | {flops / 1e9:.3g} | {before:.0f} | {rate_before:.0f} | {after:.0f} "
            f"| {rate_after:.0f} | {rate_after / peak:.0%} |"
        )
    return "\n".join(lines)


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


def served_one_at_a_time(prepared: Path, name: str) -> Path:
    """The prepared graph a chunk run on its own meets: the single-item path alone where
    the build wrote it (what the loader serves at batch size 1), else the whole graph."""
    single = single_item_graph(prepared, name)
    return single if single.is_file() else prepared / f"{name}.onnx"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m model_layer.build.profile")
    parser.add_argument("model_dir", type=Path)
    parser.add_argument("--text-length", type=int, default=150)
    parser.add_argument("--latent-length", type=int, default=160)
    args = parser.parse_args(argv)
    prepared = optimized_dir(args.model_dir, "fp32")
    os.environ.setdefault("ORT_LOGGING_LEVEL", "3")
    shape = (1, args.text_length, args.latent_length)
    rows: list[tuple[str, float, float, float]] = []
    for name, rel in GRAPH_PATHS.items():
        served = served_one_at_a_time(prepared, name)
        before = op_times(args.model_dir / rel, *shape)
        after = op_times(served, *shape)
        print(table(name, before, after), end="\n\n", flush=True)
        session = _session(args.model_dir / rel)
        feeds = random_feeds(session, *shape, seed=0)
        before_ms = wall_ms(session, feeds)
        del session
        after_ms = wall_ms(_session(served), feeds)
        rows.append((name, graph_flops(args.model_dir / rel, feeds), before_ms, after_ms))
    print(roofline(rows, peak_gflops()), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
