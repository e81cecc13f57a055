"""The released-layout synthetic model (--layout released): the contract, the node layout
the design notes describe for the released files, and the official package runs it."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import numpy as np
import onnx
import pytest
from onnx import numpy_helper

from model_layer.build.synthetic import generate
from model_layer.build.synthetic.__main__ import main as cli_main
from model_layer.build.synthetic.released import GRAPHS, VE_INPUT_ORDER, build
from model_layer.build.synthetic.vocabulary import vocab_size
from model_layer.constants import CONFIG_PATH, GRAPH_INPUTS, GRAPH_PATHS


@pytest.fixture(scope="module")
def released_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate(tmp_path_factory.mktemp("released"), "tiny", seed=0, layout="released")


def _model(model_dir: Path, name: str) -> onnx.ModelProto:
    return onnx.load(model_dir / GRAPH_PATHS[name])


def _ops(model: onnx.ModelProto) -> Counter[str]:
    return Counter(node.op_type for node in model.graph.node)


def test_opset_dimension_names_and_input_order(released_dir: Path) -> None:
    for name in GRAPH_PATHS:
        model = _model(released_dir, name)
        assert {o.domain: o.version for o in model.opset_import}[""] == 19
        inputs = [i.name for i in model.graph.input]
        expected = VE_INPUT_ORDER if name == "vector_estimator" else GRAPH_INPUTS[name]
        assert tuple(inputs) == expected
        assert set(inputs) == set(GRAPH_INPUTS[name])
        dims = {
            d.dim_param
            for i in model.graph.input
            for d in i.type.tensor_type.shape.dim
            if d.dim_param
        }
        assert dims <= {"batch_size", "text_length", "latent_length"}
        assert "batch_size" in dims
    config = json.loads((released_dir / CONFIG_PATH).read_text())
    assert config["synthetic"]["layout"] == "released"


def _pointwise_convs(model: onnx.ModelProto) -> int:
    weights = {t.name: t.dims for t in model.graph.initializer}
    return sum(
        1
        for n in model.graph.node
        if n.op_type == "Conv" and weights.get(n.input[1], [0, 0, 0])[2] == 1
    )


def test_released_node_layout(released_dir: Path) -> None:
    ve = _model(released_dir, "vector_estimator")
    ops = _ops(ve)
    # 28 ConvNeXt blocks: each an edge Pad, a depthwise Conv and two pointwise Convs.
    assert _pointwise_convs(ve) == 28 * 2 + 2  # + proj_in, proj_out
    pads = [n for n in ve.graph.node if n.op_type == "Pad"]
    assert len(pads) == 28
    assert all(a.s == b"edge" for n in pads for a in n.attribute if a.name == "mode")
    assert ops["Tile"] >= 4 and ops["Where"] >= 8 and ops["Equal"] >= 8
    assert ops["Erf"] >= 28 and ops["Gemm"] >= 2
    assert ops["LayerNormalization"] >= 28
    # The CFG doubling: the latent is tiled to 2B, the output mixes the halves 4:-3.
    tiles = [n for n in ve.graph.node if n.op_type == "Tile"]
    assert any(n.input[0] == "noisy_latent" for n in tiles)
    constants = {t.name: numpy_helper.to_array(t) for t in ve.graph.initializer}
    scalars = {float(v) for v in constants.values() if v.size == 1 and v.dtype == np.float32}
    assert {4.0, 3.0} <= scalars
    te = _model(released_dir, "text_encoder")
    assert _pointwise_convs(te) > 6 * 2  # attention and FFN projections too
    vocoder = _ops(_model(released_dir, "vocoder"))
    assert vocoder["BatchNormalization"] == 1 and vocoder["PRelu"] == 1


def test_official_package_runs_it(released_dir: Path) -> None:
    from supertonic.loader import load_model, load_voice_style_from_json_file

    tts = load_model(released_dir, auto_download=False)
    style = load_voice_style_from_json_file(released_dir / "voice_styles" / "M1.json")
    np.random.seed(0)
    wav, duration = tts(["Hello there, how are you?"], style, 4, 1.05, "en")
    assert wav.shape[0] == 1 and wav.shape[1] >= duration[0] * 44100
    assert np.isfinite(wav).all() and 0.01 < np.abs(wav).max() <= 1.0


def test_full_size_parameter_counts_are_close_to_the_released() -> None:
    counts = {name: build(name, "full", vocab_size(), None)[1] for name in GRAPHS}
    # Released: DP 0.865 M, TE 9.0 M, VE 64.0 M, vocoder 25.34 M (99.2 M in all); our
    # vocabulary table alone is 6.1 M of the text encoder.
    assert 55e6 < counts["vector_estimator"] < 70e6
    assert 24e6 < counts["vocoder"] < 27e6
    assert 90e6 < sum(counts.values()) < 110e6


def test_cli_layout_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cli_main(["--size", "tiny", "--layout", "released", "--out", str(tmp_path / "m")])
    assert capsys.readouterr().out.strip().splitlines()[-1] == str(tmp_path / "m")
    assert _pointwise_convs(_model(tmp_path / "m", "vector_estimator")) == 58
