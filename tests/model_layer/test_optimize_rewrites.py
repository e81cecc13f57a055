"""The build-time graph rewrites, on tiny models of both layouts (ours and released)."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import pytest

import model_layer
from model_layer import EngineSettings
from model_layer.build.graph import Graph
from model_layer.build.optimize import optimize_model
from model_layer.build.rewrites import REWRITES, apply_rewrites
from model_layer.build.synthetic import cached_model_dir
from model_layer.build.verify import random_feeds, verify
from model_layer.constants import GRAPH_PATHS


@pytest.fixture(scope="module")
def released_dir() -> Path:
    return cached_model_dir("tiny", 0, "released")


def _load(model_dir: Path, name: str) -> onnx.ModelProto:
    return onnx.load(model_dir / GRAPH_PATHS[name])


def _run(model: onnx.ModelProto, feeds: dict[str, np.ndarray]) -> np.ndarray:
    session = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return session.run(None, feeds)[0]


def _ops(model: onnx.ModelProto) -> Counter[str]:
    return Counter(n.op_type for n in model.graph.node)


def _pointwise_convs(model: onnx.ModelProto) -> int:
    shapes = {t.name: list(t.dims) for t in model.graph.initializer}
    return sum(1 for n in model.graph.node if n.op_type == "Conv" and shapes[n.input[1]][2:] == [1])


def _distinct_transposes(model: onnx.ModelProto) -> int:
    return len(
        {
            (n.input[0], tuple(a.ints))
            for n in model.graph.node
            if n.op_type == "Transpose"
            for a in n.attribute
        }
    )


@pytest.mark.parametrize("name", list(GRAPH_PATHS))
def test_released_graphs_are_rewritten_and_compute_the_same(released_dir: Path, name: str) -> None:
    original = _load(released_dir, name)
    lines: list[str] = []
    rewritten, kept = apply_rewrites(original, name, lines.append)

    assert kept[:2] == ["pointwise_conv_to_matmul", "fold_transposes"]
    assert _pointwise_convs(rewritten) == 0
    # Transposes of one tensor by one perm are one (ONNX Runtime's CSE merges them):
    # about as many as before (a few stay where a mask or residual meets the channel-last
    # branch), though every pointwise layer became Transpose-MatMul-Transpose.
    assert _distinct_transposes(rewritten) <= _distinct_transposes(original) + 4
    # Checked again here on inputs the build's verification never saw (other seed,
    # other sizes, padded batch).
    session = ort.InferenceSession(original.SerializeToString(), providers=["CPUExecutionProvider"])
    for batch, text_len, latent_len in ((1, 30, 45), (2, 12, 20)):
        feeds = random_feeds(session, batch, text_len, latent_len, seed=99)
        np.testing.assert_allclose(_run(rewritten, feeds), _run(original, feeds), atol=2e-5)
    assert all(line.startswith(f"{name}: ") for line in lines)
    assert any("verified" in line for line in lines)


def test_cfg_prefix_runs_on_the_undoubled_batch(released_dir: Path) -> None:
    original = _load(released_dir, "vector_estimator")
    rewritten, kept = apply_rewrites(original, "vector_estimator", lambda _: None)
    assert "share_cfg_prefix" in kept
    graph = Graph(rewritten)
    producers = graph.producers()
    # The latent's projection and the first ConvNeXt blocks now read the un-tiled
    # latent: some MatMul's input chain reaches noisy_latent without passing a Tile.
    untiled_matmuls = 0
    for node in graph.nodes:
        if node.op_type != "MatMul" or graph.const_value(node.inputs[1]) is None:
            continue
        stack, seen, tiled = [node.inputs[0]], set(), False
        while stack:
            name = stack.pop()
            if name in seen:
                continue
            seen.add(name)
            parent = producers.get(name)
            if parent is None:
                continue
            if parent.op_type == "Tile":
                tiled = True
                break
            stack.extend(i for i in parent.inputs if i)
        untiled_matmuls += not tiled and "noisy_latent" in seen
    assert untiled_matmuls >= 2 * 5 + 1  # proj_in + 5 ConvNeXt blocks before the text


def test_matching_ignores_node_and_tensor_names(released_dir: Path) -> None:
    """Rewrites match structure: renaming every node and inner tensor changes nothing."""
    original = _load(released_dir, "vector_estimator")
    renamed = onnx.ModelProto()
    renamed.CopyFrom(original)
    keep = {i.name for i in renamed.graph.input} | {o.name for o in renamed.graph.output}
    mapping = {}
    for index, node in enumerate(renamed.graph.node):
        node.name = f"n{index}"
        for j, out in enumerate(node.output):
            if out not in keep:
                mapping[out] = f"t{index}_{j}"
    for tensor in renamed.graph.initializer:
        mapping[tensor.name] = f"w{len(mapping)}"
        tensor.name = mapping[tensor.name]
    for node in renamed.graph.node:
        node.input[:] = [mapping.get(i, i) for i in node.input]
        node.output[:] = [mapping.get(o, o) for o in node.output]
    _, kept_original = apply_rewrites(original, "ve", lambda _: None)
    _, kept_renamed = apply_rewrites(renamed, "ve", lambda _: None)
    assert kept_renamed == kept_original == list(REWRITES)


def test_a_rewrite_that_does_not_verify_is_skipped_with_a_log_line(
    released_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def perturb_a_weight(graph: Graph) -> str:
        name = max(graph.constants, key=lambda k: graph.constants[k].size)
        graph.constants[name] = graph.constants[name] * np.float32(1.01)
        return "changed a weight by 1%"

    monkeypatch.setitem(REWRITES, "perturb", perturb_a_weight)
    original = _load(released_dir, "vocoder")
    lines: list[str] = []
    rewritten, kept = apply_rewrites(original, "vocoder", lines.append)
    assert "perturb" not in kept and kept[:2] == ["pointwise_conv_to_matmul", "fold_transposes"]
    assert any(line.startswith("vocoder: perturb: SKIPPED, did not verify") for line in lines)
    assert verify(original, rewritten).passed


@pytest.mark.parametrize("name", list(GRAPH_PATHS))
def test_own_layout_has_no_pointwise_conv_or_cfg_and_computes_the_same(
    tiny_model_dir: Path, name: str
) -> None:
    original = _load(tiny_model_dir, name)
    lines: list[str] = []
    rewritten, kept = apply_rewrites(original, name, lines.append)
    assert "pointwise_conv_to_matmul" not in kept and "share_cfg_prefix" not in kept
    assert f"{name}: pointwise_conv_to_matmul: nothing to change" in lines
    session = ort.InferenceSession(original.SerializeToString(), providers=["CPUExecutionProvider"])
    feeds = random_feeds(session, 2, 15, 21, seed=7)
    np.testing.assert_allclose(_run(rewritten, feeds), _run(original, feeds), atol=2e-5)


@pytest.fixture(scope="module")
def prepared_released(released_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("prepared") / "model"
    shutil.copytree(released_dir, copy, ignore=shutil.ignore_patterns("optimized"))
    optimize_model(copy, "fp32", shared_weights=False)
    return copy


def test_prepared_released_model_records_rewrites_and_speaks_the_same(
    prepared_released: Path, released_dir: Path
) -> None:
    import json

    manifest = json.loads((prepared_released / "optimized" / "fp32" / "manifest.json").read_text())
    assert "share_cfg_prefix" in manifest["rewrites"]["vector_estimator"]
    settings = dict(warmup=False, batch_size=1)
    fast = model_layer.load(prepared_released, EngineSettings(**settings))
    plain = model_layer.load(prepared_released, EngineSettings(prepared_graphs=False, **settings))
    text = "Good morning. The rewritten graphs must say exactly the same thing, twice over."
    a, _ = fast.synthesize(text, lang="en", seed=3)
    b, _ = plain.synthesize(text, lang="en", seed=3)
    assert a.shape == b.shape
    assert np.abs(a - b).max() <= 1e-5


@pytest.mark.parametrize("steps", [1, 8])
def test_rewritten_released_model_conforms_to_the_official_engine(
    prepared_released: Path, steps: int
) -> None:
    """The official engine on the unmodified graphs, ours on the rewritten ones: each
    chunk's waveform agrees within the conformance tolerance."""
    from supertonic.loader import load_model

    from tests.model_layer.test_conformance import CHUNKS, assert_chunk_matches_official

    ours = model_layer.load(prepared_released, EngineSettings(warmup=False))
    assert "optimized" in ours.engine.vector_estimator._model_path
    official = load_model(prepared_released, auto_download=False)
    for lang, text in CHUNKS:
        assert_chunk_matches_official(ours, official, prepared_released, lang, text, steps)


def test_batching_follows_the_padding_invariance_the_build_found(
    prepared_released: Path, tiny_model_dir: Path, tmp_path: Path
) -> None:
    """Released layout (edge Pad: padding changes a chunk) -> 1 chunk per run; the
    project's own padding-invariant layout -> 2; an explicit setting wins."""
    import json

    from model_layer.build.verify import padding_invariant

    assert not padding_invariant(_load(prepared_released, "vector_estimator"))
    assert padding_invariant(_load(tiny_model_dir, "vector_estimator"))
    manifest = prepared_released / "optimized" / "fp32" / "manifest.json"
    assert json.loads(manifest.read_text())["padding_invariant"] is False
    assert (
        model_layer.load(prepared_released, EngineSettings(warmup=False)).settings.batch_size == 1
    )
    own = tmp_path / "own"
    shutil.copytree(tiny_model_dir, own, ignore=shutil.ignore_patterns("optimized"))
    assert model_layer.load(own, EngineSettings(warmup=False)).settings.batch_size == 1
    optimize_model(own, "fp32", shared_weights=False)
    assert model_layer.load(own, EngineSettings(warmup=False)).settings.batch_size == 2
    explicit = EngineSettings(warmup=False, batch_size=3)
    assert model_layer.load(own, explicit).settings.batch_size == 3
