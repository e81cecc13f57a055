"""`python -m model_layer.build.profile`: per-op time tables and the roofline, whose
arithmetic count must be exact for the ceiling it is compared against to mean anything."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper

from model_layer.build import profile as optimize_profile
from model_layer.build.optimize import optimize_model
from model_layer.build.profile import graph_flops, main


def _model(tmp_path: Path) -> Path:
    """x [1, 4, L] -> Conv k=3 (4 -> 8, pads 1) -> depthwise Conv k=5 (8 groups, pads 2)
    -> Transpose -> MatMul by [8, 6] -> Gemm of the first row by [6, 2]."""
    rng = np.random.default_rng(0)

    def weight(name: str, *shape: int) -> onnx.TensorProto:
        return numpy_helper.from_array(rng.standard_normal(shape).astype(np.float32), name)

    nodes = [
        helper.make_node("Conv", ["x", "w1"], ["c1"], pads=[1, 1]),
        helper.make_node("Conv", ["c1", "w2"], ["c2"], pads=[2, 2], group=8),
        helper.make_node("Transpose", ["c2"], ["t"], perm=[0, 2, 1]),
        helper.make_node("MatMul", ["t", "w3"], ["m"]),
        helper.make_node("Gather", ["m", "zero"], ["row"], axis=1),
        helper.make_node("Gemm", ["row", "w4"], ["y"]),
    ]
    graph = helper.make_graph(
        nodes,
        "flops",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 4, "latent_length"])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
        [
            weight("w1", 8, 4, 3),
            weight("w2", 8, 1, 5),
            weight("w3", 8, 6),
            weight("w4", 6, 2),
            numpy_helper.from_array(np.array(0, np.int64), "zero"),
        ],
    )
    path = tmp_path / "flops.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 19)]), path)
    return path


@pytest.mark.parametrize("length", [1, 10, 37])
def test_graph_flops_counts_every_multiply_add_at_the_fed_shapes(
    tmp_path: Path, length: int
) -> None:
    feeds = {"x": np.zeros((1, 4, length), np.float32)}
    conv = 2 * (8 * length) * (4 * 3)
    depthwise = 2 * (8 * length) * (1 * 5)
    matmul = 2 * (length * 6) * 8
    gemm = 2 * (1 * 2) * 6
    assert graph_flops(_model(tmp_path), feeds) == conv + depthwise + matmul + gemm


def test_graph_flops_refuses_a_shape_it_cannot_infer(tmp_path: Path) -> None:
    # Fed under another input's name, the length stays symbolic: no count is better
    # than a wrong one.
    with pytest.raises(ValueError, match="not inferred"):
        graph_flops(_model(tmp_path), {"other": np.zeros((1, 4, 5), np.float32)})


def test_profile_prints_per_op_tables_and_the_roofline(
    tiny_model_dir: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    model_dir = tmp_path / "model"
    shutil.copytree(tiny_model_dir, model_dir)
    optimize_model(model_dir, "fp32")
    profiled: list[Path] = []
    real_op_times = optimize_profile.op_times

    def recording_op_times(path: Path, *shape: int) -> Counter[str]:
        profiled.append(path)
        return real_op_times(path, *shape)

    monkeypatch.setattr(optimize_profile, "op_times", recording_op_times)
    assert main([str(model_dir), "--text-length", "20", "--latent-length", "24"]) == 0
    out = capsys.readouterr().out
    # Each prepared graph as a chunk run on its own meets it: the single-item path alone
    # where the build wrote one (the loader serves it at batch size 1).
    prepared = [path for path in profiled if "optimized" in path.parts]
    singles = sorted(path.name for path in prepared if path.name.endswith(".single.onnx"))
    written = sorted(path.name for path in (model_dir / "optimized" / "fp32").glob("*.single.onnx"))
    assert len(prepared) == 4 and singles == written and "vector_estimator.single.onnx" in singles
    for graph in ("duration_predictor", "text_encoder", "vector_estimator", "vocoder"):
        assert f"**{graph}** (unmodified" in out
    roofline = out[out.index("**roofline**") :].splitlines()
    rows = [line.split("|") for line in roofline if line.startswith("| ") and "---" not in line]
    assert [row[1].strip() for row in rows[1:]] == [
        "duration_predictor",
        "text_encoder",
        "vector_estimator",
        "vocoder",
    ]
    for row in rows[1:]:
        assert float(row[2]) > 0  # GFLOP per run
        assert row[7].strip().endswith("%")
    # Without those files (an older build) the whole graph is profiled, its single-item
    # path inside an If: the If's time is that of the nodes inside it, which are counted,
    # so the If itself must not be counted again.
    for path in (model_dir / "optimized" / "fp32").glob("*.single.*"):
        path.unlink()
    profiled.clear()
    assert main([str(model_dir), "--text-length", "20", "--latent-length", "24"]) == 0
    assert not [path for path in profiled if path.name.endswith(".single.onnx")]
    assert "| If |" not in capsys.readouterr().out
