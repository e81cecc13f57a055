"""The single-item path: mask multiplications removed where every mask is all ones,
the general graph kept for batched and padded runs (tiny released-layout model)."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

import numpy as np
import onnx
import onnxruntime as ort
import pytest

import model_layer
from model_layer import EngineSettings
from model_layer.build import masks as optimize_masks
from model_layer.build.graph import Graph, Node
from model_layer.build.masks import remove_noop_masks, single_item_path, with_single_item_path
from model_layer.build.optimize import optimize_model
from model_layer.build.rewrites import apply_rewrites
from model_layer.build.synthetic import cached_model_dir
from model_layer.build.verify import random_feeds
from model_layer.constants import GRAPH_PATHS

MASKED_GRAPHS = ("duration_predictor", "text_encoder", "vector_estimator")


@pytest.fixture(scope="module")
def released_dir() -> Path:
    return cached_model_dir("tiny", 0, "released")


def _load(model_dir: Path, name: str) -> onnx.ModelProto:
    return onnx.load(model_dir / GRAPH_PATHS[name])


def _session(model: onnx.ModelProto) -> ort.InferenceSession:
    return ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])


def _ops(graph: onnx.GraphProto) -> Counter[str]:
    """Op counts of a graph and every subgraph in it."""
    counts: Counter[str] = Counter(n.op_type for n in graph.node)
    for node in graph.node:
        for attribute in node.attribute:
            if attribute.type == onnx.AttributeProto.GRAPH:
                counts += _ops(attribute.g)
    return counts


def _branches(model: onnx.ModelProto) -> dict[str, onnx.GraphProto]:
    (node,) = [n for n in model.graph.node if n.op_type == "If"]
    return {a.name: a.g for a in node.attribute}


def _unpadded_single(session: ort.InferenceSession, text_len: int, latent_len: int, seed: int):
    feeds = random_feeds(session, 1, text_len, latent_len, seed)
    for name in ("text_mask", "latent_mask"):
        if name in feeds:
            assert feeds[name].min() == 1.0  # batch 1 from random_feeds is unpadded
    return feeds


@pytest.mark.parametrize("name", MASKED_GRAPHS)
def test_released_graphs_get_a_mask_free_path_that_computes_the_same(
    released_dir: Path, name: str
) -> None:
    original = _load(released_dir, name)
    general, _ = apply_rewrites(original, name, lambda _: None)
    lines: list[str] = []
    combined, alone = single_item_path(general, name, lines.append)
    assert alone is not None
    (line,) = lines
    assert line.startswith(f"{name}: single_item_masks: ") and "verified" in line
    assert line.endswith("; the path alone too, for runs one at a time")
    assert "If" not in _ops(alone.graph)
    branches = _branches(combined)
    # The mask-free path really has fewer mask multiplications and no attention Where.
    assert _ops(branches["then_branch"])["Mul"] < _ops(branches["else_branch"])["Mul"]
    assert _ops(branches["then_branch"])["Where"] == 0 < _ops(branches["else_branch"])["Where"]
    # Inputs the build's verification never saw: other seed, other lengths.
    reference = _session(original)
    for served in (_session(combined), _session(alone)):
        for text_len, latent_len in ((7, 3), (33, 70)):
            feeds = _unpadded_single(reference, text_len, latent_len, seed=41)
            np.testing.assert_allclose(
                served.run(None, feeds)[0], reference.run(None, feeds)[0], rtol=0, atol=2e-5
            )


def test_vocoder_has_no_mask_and_is_left_alone(released_dir: Path) -> None:
    lines: list[str] = []
    vocoder = _load(released_dir, "vocoder")
    model, alone = single_item_path(vocoder, "vocoder", lines.append)
    assert alone is None and model is vocoder
    assert lines == ["vocoder: single_item_masks: nothing to change"]


def test_general_graph_serves_batches_and_padded_items(released_dir: Path) -> None:
    """A mask-free path made distinguishable (its output + 1) shows which path runs:
    the variant only when every mask is all ones; a batch of 2 (padded) and a single
    padded item take the general graph."""
    general = _load(released_dir, "vector_estimator")
    graph = Graph(general)
    assert remove_noop_masks(graph)
    (output,) = graph.graph_outputs
    marked_output = graph.fresh("marked")
    for node in graph.nodes:
        if output in node.outputs:
            node.outputs = [marked_output if o == output else o for o in node.outputs]
    graph.nodes.append(
        Node("Add", [marked_output, graph.constant(np.array(1.0, np.float32))], [output])
    )
    combined = _session(with_single_item_path(general, graph.to_model()))
    reference = _session(general)

    single = _unpadded_single(reference, 15, 22, seed=5)
    np.testing.assert_allclose(
        combined.run(None, single)[0], reference.run(None, single)[0] + 1, atol=2e-5
    )
    batch = random_feeds(reference, 2, 15, 22, seed=5)
    assert batch["latent_mask"].min() == 0.0  # the second item is padded
    np.testing.assert_array_equal(combined.run(None, batch)[0], reference.run(None, batch)[0])
    padded = {name: value[1:] for name, value in batch.items()}  # the padded item alone
    np.testing.assert_array_equal(combined.run(None, padded)[0], reference.run(None, padded)[0])


def test_a_variant_that_does_not_verify_is_skipped_with_a_log_line(
    released_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def also_perturb_a_weight(graph: Graph) -> str:
        summary = remove_noop_masks(graph)
        # A new constant (shared weights keep the general graph's value by name).
        target = next(n for n in graph.nodes if n.op_type == "MatMul")
        weight = graph.const_value(target.inputs[1])
        assert weight is not None
        target.inputs[1] = graph.constant(weight * np.float32(1.01))
        return summary

    monkeypatch.setattr(optimize_masks, "remove_noop_masks", also_perturb_a_weight)
    general = _load(released_dir, "vector_estimator")
    lines: list[str] = []
    model, alone = single_item_path(general, "vector_estimator", lines.append)
    assert alone is None and model is general
    (line,) = lines
    assert line.startswith("vector_estimator: single_item_masks: SKIPPED, did not verify")


def test_matching_ignores_node_and_tensor_names(released_dir: Path) -> None:
    """Only the contract's input names matter: renaming every node and inner tensor
    removes the same masks."""
    original = _load(released_dir, "vector_estimator")
    renamed = onnx.ModelProto()
    renamed.CopyFrom(original)
    keep = {i.name for i in renamed.graph.input} | {o.name for o in renamed.graph.output}
    mapping: dict[str, str] = {}
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
    summary = remove_noop_masks(Graph(original))
    assert summary and remove_noop_masks(Graph(renamed)) == summary


@pytest.fixture(scope="module")
def prepared_released(released_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    copy = tmp_path_factory.mktemp("prepared_masks") / "model"
    shutil.copytree(released_dir, copy, ignore=shutil.ignore_patterns("optimized"))
    optimize_model(copy, "fp32", shared_weights=False)
    optimize_model(copy, "int8", shared_weights=False)
    return copy


def test_prepared_graphs_record_the_path_and_int8_quantizes_both_branches(
    prepared_released: Path,
) -> None:
    for precision in ("fp32", "int8"):
        folder = prepared_released / "optimized" / precision
        manifest = json.loads((folder / "manifest.json").read_text())
        for name in GRAPH_PATHS:
            recorded = "single_item_masks" in manifest["rewrites"][name]
            assert recorded == (name in MASKED_GRAPHS), (precision, name)
    # The quantizer does not look inside If branches, so the path is added after it:
    # both paths of the int8 estimator run the quantized MatMuls.
    int8 = onnx.load(
        prepared_released / "optimized" / "int8" / "vector_estimator.onnx",
        load_external_data=False,
    )
    for branch in _branches(int8).values():
        assert _ops(branch)["MatMulInteger"] + _ops(branch)["DynamicQuantizeMatMul"] > 0


def test_prepared_model_speaks_as_the_unmodified_one_alone_and_batched(
    prepared_released: Path,
) -> None:
    text = " ".join(
        f"Sentence number {n} is here{', and a little longer' * (n % 3)}." for n in range(12)
    )
    for batch_size in (1, 2):
        settings = dict(warmup=False, batch_size=batch_size)
        fast = model_layer.load(prepared_released, EngineSettings(**settings))
        plain = model_layer.load(
            prepared_released, EngineSettings(prepared_graphs=False, **settings)
        )
        a, plan = fast.synthesize(text, lang="en", seed=3)
        b, _ = plain.synthesize(text, lang="en", seed=3)
        # batch 1: every chunk alone (mask-free path); batch 2: some share a padded run
        starts = fast.batch_starts(plan)
        widths = [chunk.text_ids.shape[1] for chunk in plan.chunks]
        padded_runs = [
            start
            for start, end in zip(starts, [*starts[1:], len(widths)], strict=True)
            if len(set(widths[start:end])) > 1
        ]
        assert bool(padded_runs) == (batch_size == 2), (widths, starts)
        assert a.shape == b.shape
        assert np.abs(a - b).max() <= 1e-5, batch_size


def test_duplicates_are_merged_before_the_graph_goes_inside_the_if(released_dir: Path) -> None:
    """ONNX Runtime merges identical nodes only in the top-level graph, so the build
    does it for both branches: no branch repeats an op on the same inputs."""
    general, _ = apply_rewrites(_load(released_dir, "vector_estimator"), "ve", lambda _: None)
    combined, alone = single_item_path(general, "ve", lambda _: None)
    assert alone is not None
    for branch in _branches(combined).values():
        keys = [
            (n.op_type, tuple(n.input), tuple(a.SerializeToString() for a in n.attribute))
            for n in branch.node
            if n.op_type in ("Tile", "Transpose", "Unsqueeze")
        ]
        assert len(set(keys)) == len(keys)


def test_the_path_alone_is_written_beside_the_whole_graph(prepared_released: Path) -> None:
    for precision in ("fp32", "int8"):
        folder = prepared_released / "optimized" / precision
        for name in GRAPH_PATHS:
            alone = folder / f"{name}.single.onnx"
            assert alone.is_file() == (name in MASKED_GRAPHS), (precision, name)
            if alone.is_file():
                graph = onnx.load(alone, load_external_data=False).graph
                assert "If" not in _ops(graph)
                assert (folder / f"{name}.single.data").is_file()


def test_chunks_one_at_a_time_are_served_by_the_path_alone(prepared_released: Path) -> None:
    alone = model_layer.load(prepared_released, EngineSettings(warmup=False, batch_size=1))
    whole = model_layer.load(prepared_released, EngineSettings(warmup=False, batch_size=2))
    assert alone.engine.vector_estimator._model_path.endswith("vector_estimator.single.onnx")
    assert alone.engine.vocoder._model_path.endswith("vocoder.onnx")
    assert whole.engine.vector_estimator._model_path.endswith("vector_estimator.onnx")
    alone.synthesize("Two short sentences. Each one alone.", lang="en", seed=1)
    assert alone.engine._general == {}  # every mask all ones: the whole graph never loads


def test_a_padded_run_on_the_path_alone_takes_the_whole_graph(prepared_released: Path) -> None:
    alone = model_layer.load(prepared_released, EngineSettings(warmup=False, batch_size=1))
    whole = model_layer.load(prepared_released, EngineSettings(warmup=False, batch_size=2))
    plan = alone.plan("A short one.", lang="en", seed=2)
    first = plan.chunks[0]
    second = alone.plan("And a rather longer second one, with more words.", lang="en").chunks[0]
    assert first.text_ids.shape != second.text_ids.shape
    width = max(first.text_ids.shape[1], second.text_ids.shape[1])
    text_ids = np.zeros((2, width), dtype=np.int64)
    text_mask = np.zeros((2, 1, width), dtype=np.float32)
    for row, chunk in enumerate((first, second)):
        text_ids[row, : chunk.text_ids.shape[1]] = chunk.text_ids[0]
        text_mask[row, :, : chunk.text_mask.shape[2]] = 1.0
    durations = np.array([1.0, 1.6], dtype=np.float32)
    latent_len, mask = alone.engine.latent_layout(durations)
    assert mask.min() == 0.0  # the shorter item is padded
    noise = np.random.default_rng(2).standard_normal(
        alone.engine.noise_shape(2, latent_len), dtype=np.float32
    )
    args = (text_ids, text_mask, plan.style, durations, noise, 4)
    got = alone.engine.denoise(*args)
    assert sorted(alone.engine._general) == ["text_encoder", "vector_estimator"]
    assert alone.engine._general["vector_estimator"]._model_path.endswith("vector_estimator.onnx")
    assert np.abs(got - whole.engine.denoise(*args)).max() <= 1e-5


def test_the_int8_path_alone_speaks_as_the_int8_whole_graph(prepared_released: Path) -> None:
    # One chunk: at batch size 2 it runs alone too, through the If's mask-free branch.
    text = "One sentence, spoken alone by both."
    audio = {}
    for batch_size in (1, 2):
        synthesizer = model_layer.load(
            prepared_released, EngineSettings(warmup=False, precision="int8", batch_size=batch_size)
        )
        served = Path(synthesizer.engine.vector_estimator._model_path)
        assert served.parent.name == "int8"
        assert served.name == (
            "vector_estimator.single.onnx" if batch_size == 1 else "vector_estimator.onnx"
        )
        audio[batch_size], _ = synthesizer.synthesize(text, lang="en", seed=3)
    assert audio[1].shape == audio[2].shape
    assert np.abs(audio[1] - audio[2]).max() <= 1e-5
