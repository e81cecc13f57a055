"""Packed weights in the prepared data files: mapped from the file instead of copied onto
the heap (so worker processes share them), same audio, refused where they do not fit."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

import model_layer
from model_layer import EngineSettings
from model_layer.build.optimize import optimize_model
from model_layer.loader import _graph_files
from model_layer.prepared import MANIFEST, cpu_features
from tests.infra.memory import mapped_kib

TEXT = "Shared weights must say exactly the same thing, 42 times over."


def _prepared(source: Path, target: Path, shared_weights: bool) -> Path:
    shutil.copytree(source, target, ignore=shutil.ignore_patterns("optimized"))
    optimize_model(target, "fp32", shared_weights=shared_weights)
    return target


@pytest.fixture(scope="module")
def packed_model(tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _prepared(tiny_model_dir, tmp_path_factory.mktemp("packed") / "model", True)


@pytest.fixture(scope="module")
def plain_model(tiny_model_dir: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _prepared(tiny_model_dir, tmp_path_factory.mktemp("plain") / "model", False)


def _audio(model_dir: Path, **settings: object) -> np.ndarray:
    synthesizer = model_layer.load(model_dir, EngineSettings(warmup=False, **settings))
    audio, _ = synthesizer.synthesize(TEXT, lang="en", steps=4, seed=8)
    return audio


def test_manifest_records_packed_weights_and_machine(packed_model: Path, plain_model: Path):
    packed = json.loads((packed_model / "optimized" / "fp32" / MANIFEST).read_text())
    plain = json.loads((plain_model / "optimized" / "fp32" / MANIFEST).read_text())
    assert packed["prepacked_weights"] is True and plain["prepacked_weights"] is False
    assert packed["machine"]
    # Each packed weight is stored twice: as it was, and as the kernels use it.
    data = "vector_estimator.data"
    packed_size = (packed_model / "optimized" / "fp32" / data).stat().st_size
    assert packed_size > 1.5 * (plain_model / "optimized" / "fp32" / data).stat().st_size


@pytest.mark.skipif(not Path("/proc/self/smaps").exists(), reason="needs Linux /proc")
def test_packed_weights_stay_mapped_from_the_file(packed_model: Path, plain_model: Path):
    """The weights that matter (the vector estimator's) are file pages when packed in the
    file, which processes share; plain graphs pack them onto each process's heap."""
    packed = model_layer.load(packed_model, EngineSettings(shared_weights=True))
    plain = model_layer.load(plain_model, EngineSettings())
    # The file each serves: the whole graph's, or its single-item path's alone.
    served = Path(plain.engine.vector_estimator._model_path).with_suffix(".data").name
    assert Path(packed.engine.vector_estimator._model_path).with_suffix(".data").name == served
    size = (plain_model / "optimized" / "fp32" / served).stat().st_size // 1024
    assert mapped_kib(packed_model).get(served, 0) >= 0.5 * size
    assert mapped_kib(plain_model).get(served, 0) <= 0.2 * size
    del packed, plain


def test_packed_weights_give_the_same_audio(packed_model: Path, plain_model: Path) -> None:
    original = _audio(packed_model, prepared_graphs=False)
    packed = _audio(packed_model, shared_weights=True)
    plain = _audio(plain_model)
    assert original.shape == packed.shape == plain.shape
    assert np.abs(original - packed).max() <= 1e-5
    assert np.abs(plain - packed).max() <= 1e-5


def test_packed_graphs_are_refused_when_shared_weights_is_off(
    packed_model: Path, plain_model: Path
) -> None:
    packed_dir = packed_model / "optimized" / "fp32"
    on = EngineSettings(shared_weights=True)
    assert _graph_files(packed_model, on)["vocoder"] == packed_dir / "vocoder.onnx"
    refused = _graph_files(packed_model, EngineSettings())  # off is the default
    assert refused["vocoder"] == packed_model / "onnx" / "vocoder.onnx"
    # Graphs without packed weights are fine either way.
    plain_dir = plain_model / "optimized" / "fp32"
    for shared in (True, False):
        files = _graph_files(plain_model, EngineSettings(shared_weights=shared))
        assert files["vocoder"] == plain_dir / "vocoder.onnx"


@pytest.mark.parametrize(
    ("key", "value"), [("machine", "pdp11"), ("cpu_features", ["avx", "sse", "sse2"])]
)
def test_packed_graphs_from_another_kind_of_cpu_are_ignored(
    packed_model: Path, tmp_path: Path, key: str, value: object
) -> None:
    other = tmp_path / "model"
    shutil.copytree(packed_model, other)
    manifest_path = other / "optimized" / "fp32" / MANIFEST
    manifest = json.loads(manifest_path.read_text())
    assert manifest[key] != value
    manifest[key] = value
    manifest_path.write_text(json.dumps(manifest))
    on = EngineSettings(shared_weights=True)
    assert _graph_files(other, on)["vocoder"] == other / "onnx" / "vocoder.onnx"
    # Still loads and speaks, from the original graphs.
    assert _audio(other, shared_weights=True).size > 0


def test_cpu_features_are_the_kernel_relevant_flags(tmp_path: Path) -> None:
    x86 = tmp_path / "x86"
    x86.write_text(
        "processor\t: 0\nflags\t\t: fpu sse sse2 ssse3 avx2 fma ht avx512f avx512_vnni\n"
        "processor\t: 1\nflags\t\t: fpu sse\n"
    )
    assert cpu_features(x86) == ["avx2", "avx512_vnni", "avx512f", "fma", "sse", "sse2", "ssse3"]
    arm = tmp_path / "arm"
    arm.write_text("processor\t: 0\nFeatures\t: fp asimd evtstrm aes asimddp sve i8mm bf16\n")
    assert cpu_features(arm) == ["asimd", "asimddp", "bf16", "i8mm", "sve"]
    assert cpu_features(tmp_path / "missing") == []


def test_int8_graphs_never_carry_packed_weights(tiny_model_dir: Path, tmp_path: Path) -> None:
    target = tmp_path / "model"
    shutil.copytree(tiny_model_dir, target, ignore=shutil.ignore_patterns("optimized"))
    folder = optimize_model(target, "int8", shared_weights=True)
    assert json.loads((folder / MANIFEST).read_text())["prepacked_weights"] is False
