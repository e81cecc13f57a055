"""Build-time prepared graphs: same audio as the originals, used only when they match,
and the opt-in int8 mode with its deviation report."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

import model_layer
from model_layer import EngineSettings, ModelLoadError
from model_layer.build.int8 import compare_audio, log_mel, quality_report
from model_layer.build.optimize import main, optimize_model
from model_layer.loader import _graph_files
from model_layer.prepared import MANIFEST

TEXT = "Prepared graphs must say exactly the same thing, 42 times over."


@pytest.fixture(scope="module")
def prepared_model(tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("prepared") / "model"
    shutil.copytree(tiny_model_dir, target)
    optimize_model(target, "fp32")
    optimize_model(target, "int8")
    return target


def _audio(model_dir: Path, **settings: object) -> np.ndarray:
    synthesizer = model_layer.load(model_dir, EngineSettings(warmup=False, **settings))
    audio, _ = synthesizer.synthesize(TEXT, lang="en", steps=4, seed=8)
    return audio


def test_prepared_folder_has_graphs_weights_and_manifest(prepared_model: Path) -> None:
    folder = prepared_model / "optimized" / "fp32"
    for name in ("duration_predictor", "text_encoder", "vector_estimator", "vocoder"):
        assert (folder / f"{name}.onnx").stat().st_size < (folder / f"{name}.data").stat().st_size
    manifest = json.loads((folder / MANIFEST).read_text())
    assert manifest["precision"] == "fp32"
    assert set(manifest["sources"]) == {
        "duration_predictor",
        "text_encoder",
        "vector_estimator",
        "vocoder",
    }


def test_loader_prefers_prepared_graphs(prepared_model: Path) -> None:
    files = _graph_files(prepared_model, EngineSettings())
    assert files["vocoder"] == prepared_model / "optimized" / "fp32" / "vocoder.onnx"
    files = _graph_files(prepared_model, EngineSettings(prepared_graphs=False))
    assert files["vocoder"] == prepared_model / "onnx" / "vocoder.onnx"


def test_prepared_graphs_give_the_same_audio(prepared_model: Path) -> None:
    original = _audio(prepared_model, prepared_graphs=False)
    prepared = _audio(prepared_model, prepared_graphs=True)
    assert original.shape == prepared.shape
    assert np.abs(original - prepared).max() <= 1e-5


def test_stale_prepared_graphs_are_ignored(prepared_model: Path, tmp_path: Path) -> None:
    stale = tmp_path / "model"
    shutil.copytree(prepared_model, stale)
    manifest_path = stale / "optimized" / "fp32" / MANIFEST
    manifest = json.loads(manifest_path.read_text())
    manifest["onnxruntime"] = "0.0.1"
    manifest_path.write_text(json.dumps(manifest))
    assert _graph_files(stale, EngineSettings())["vocoder"] == stale / "onnx" / "vocoder.onnx"


def test_int8_without_prepared_graphs_is_a_clear_load_error(
    tiny_model_dir: Path, tmp_path: Path
) -> None:
    bare = tmp_path / "model"
    shutil.copytree(tiny_model_dir, bare, ignore=shutil.ignore_patterns("optimized"))
    with pytest.raises(ModelLoadError, match=r"model_layer\.build\.optimize .* --int8"):
        model_layer.load(bare, EngineSettings(precision="int8", warmup=False))


def test_int8_mode_synthesizes_close_to_fp32(prepared_model: Path) -> None:
    report = quality_report(prepared_model, steps=4)
    assert [q.voice for q in report] == sorted(model_layer.load(prepared_model).voices)
    for quality in report:
        # Close, but not identical: int8 really ran.
        assert 5 < quality.snr_db < 200
        assert 0 < quality.log_mel_distance < 2
        # The duration predictor stays fp32, so the plan is the same.
        assert quality.duration_int8_s == quality.duration_fp32_s


def test_int8_quantizes_only_constant_weight_matmuls_of_text_encoder_and_estimator(
    prepared_model: Path,
) -> None:
    import onnx

    folder = prepared_model / "optimized" / "int8"
    for name in ("duration_predictor", "text_encoder", "vector_estimator", "vocoder"):
        model = onnx.load(folder / f"{name}.onnx", load_external_data=False)
        ops = _all_ops(model.graph)  # the single-item path is an If: look inside it
        assert "ConvInteger" not in ops
        quantized = bool(ops & {"MatMulInteger", "DynamicQuantizeMatMul"})
        assert quantized == (name in ("text_encoder", "vector_estimator")), name


def _all_ops(graph: object) -> set[str]:
    import onnx

    assert isinstance(graph, onnx.GraphProto)
    ops = {n.op_type for n in graph.node}
    for node in graph.node:
        for attribute in node.attribute:
            if attribute.type == onnx.AttributeProto.GRAPH:
                ops |= _all_ops(attribute.g)
    return ops


def test_audio_metrics() -> None:
    rng = np.random.default_rng(0)
    tone = np.sin(np.arange(44100) * 2 * np.pi * 440 / 44100).astype(np.float32)
    snr, distance = compare_audio(tone, tone, 44100)
    assert snr == float("inf") and distance == 0.0
    noisy = tone + 0.01 * rng.standard_normal(len(tone)).astype(np.float32)
    snr, distance = compare_audio(tone, noisy, 44100)
    assert 33 < snr < 40 and distance > 0
    assert log_mel(tone, 44100).shape[1] == 80


def test_int8_build_writes_and_prints_the_quality_report(
    prepared_model: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(prepared_model), "--compare"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("| voice | SNR vs fp32 (dB) | log-mel distance")
    assert len(lines) == 2 + 10
    report = json.loads((prepared_model / "optimized" / "int8" / "quality.json").read_text())
    assert len(report["voices"]) == 10 and report["text"]
