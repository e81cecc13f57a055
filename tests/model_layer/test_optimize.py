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
from model_layer.loader import _graph_files
from model_layer.optimize import MANIFEST, compare_precisions, main, optimize_model

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
    with pytest.raises(ModelLoadError, match=r"model_layer\.optimize .* --int8"):
        model_layer.load(bare, EngineSettings(precision="int8", warmup=False))


def test_int8_mode_synthesizes_close_to_fp32(prepared_model: Path) -> None:
    (deviation,) = compare_precisions(prepared_model, [TEXT], steps=4)
    assert 0 < deviation.max_abs < 1.0
    assert np.isfinite(deviation.snr_db)
    assert abs(deviation.duration_delta) < 0.5


def test_compare_command_prints_a_table(
    prepared_model: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([str(prepared_model), "--compare"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("| text | max abs diff | SNR (dB)")
    assert len(lines) == 4
