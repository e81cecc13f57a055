"""Loading: a good directory loads once with the chosen runtime options; a broken one
fails at load with a message naming the file and the problem."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import model_layer
from model_layer import EngineSettings, ModelLoadError
from model_layer.cpu import cgroup_cpu_quota, usable_cpus
from model_layer.loader import load_parts, session_options

FAST = EngineSettings(warmup=False)


@pytest.fixture()
def model_copy(tiny_model_dir: Path, tmp_path: Path) -> Path:
    target = tmp_path / "model"
    shutil.copytree(tiny_model_dir, target)
    return target


def test_loads_sessions_config_indexer_and_voices(tiny_model_dir: Path) -> None:
    synthesizer = model_layer.load(tiny_model_dir, FAST)
    assert synthesizer.sample_rate == 44100
    assert sorted(synthesizer.voices) == sorted(
        ["M1", "M2", "M3", "M4", "M5", "F1", "F2", "F3", "F4", "F5"]
    )
    assert synthesizer.voices["F3"].ttl.shape == (1, 50, 256)
    assert synthesizer.voices["F3"].dp.shape == (1, 8, 16)
    assert synthesizer.revision.startswith("synthetic-tiny")
    assert synthesizer.engine.config.samples_per_latent == 3072


def test_the_warm_up_runs_every_graph_once_on_one_frame(
    tiny_model_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What the first request would otherwise pay for once: every graph's first run.
    # The estimator and the vocoder get one latent frame: every frame more is init time.
    import onnxruntime as ort

    from model_layer.loader import _graph_files

    graph_of = {str(path): name for name, path in _graph_files(tiny_model_dir, FAST).items()}
    runs: list[tuple[str, dict[str, tuple[int, ...]]]] = []
    real_init, real_run = ort.InferenceSession.__init__, ort.InferenceSession.run

    def init(self, path, *args, **kwargs):  # type: ignore[no-untyped-def]
        self._graph_name = graph_of.get(str(path), str(path))
        real_init(self, path, *args, **kwargs)

    def run(self, outputs, feeds, *args, **kwargs):  # type: ignore[no-untyped-def]
        runs.append((self._graph_name, {name: value.shape for name, value in feeds.items()}))
        return real_run(self, outputs, feeds, *args, **kwargs)

    monkeypatch.setattr(ort.InferenceSession, "__init__", init)
    monkeypatch.setattr(ort.InferenceSession, "run", run)
    model_layer.load(tiny_model_dir, EngineSettings(warmup=True))
    names = [name for name, _ in runs]
    for graph in ("text_encoder", "vector_estimator", "vocoder"):
        assert names.count(graph) == 1, names
    assert "duration_predictor" in names  # planning the warm-up text
    shapes = dict(runs)
    assert shapes["vector_estimator"]["noisy_latent"][-1] == 1
    assert shapes["vocoder"]["latent"][-1] == 1
    assert shapes["text_encoder"]["text_ids"][-1] > 1  # a real chunk's text


def test_revision_file_wins(model_copy: Path) -> None:
    (model_copy / "REVISION").write_text("724fb5abbf5502583fb520898d45929e62f02c0b\n")
    _, _, _, revision = load_parts(model_copy, FAST)
    assert revision == "724fb5abbf5502583fb520898d45929e62f02c0b"


def test_an_image_verified_directory_reports_its_revision_and_weights_digest(
    model_copy: Path,
) -> None:
    """The image build's verification (docker/verify_weights.py) writes REVISION and
    WEIGHTS_SHA256; the loaded model reports both and names itself in provenance."""
    from model_layer import provenance

    digest = "b29441ef8b98af7ce6475c20555ff2381fc5698bba38d48924fbfbc1660838d3"
    (model_copy / "REVISION").write_text("724fb5abbf5502583fb520898d45929e62f02c0b\n")
    (model_copy / "WEIGHTS_SHA256").write_text(digest + "\n")
    saved = provenance._model_id, provenance._embed_in_audio
    try:
        synthesizer = model_layer.load(model_copy, FAST)
        assert synthesizer.weights_sha256 == digest
        assert (
            provenance.model_id()
            == "Supertone/supertonic-3@724fb5abbf5502583fb520898d45929e62f02c0b"
        )
    finally:
        provenance._model_id, provenance._embed_in_audio = saved


def test_a_directory_the_build_did_not_verify_has_an_unknown_digest(tiny_model_dir: Path) -> None:
    assert model_layer.load(tiny_model_dir, FAST).weights_sha256 == "unknown"


def test_session_options_follow_settings() -> None:
    options = session_options(
        EngineSettings(intra_op_threads=3, allow_spinning=False, cpu_mem_arena=False)
    )
    assert options.intra_op_num_threads == 3
    assert options.inter_op_num_threads == 1
    assert options.enable_cpu_mem_arena is False
    assert options.get_session_config_entry("session.intra_op.allow_spinning") == "0"


def test_settings_come_from_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SUPERTONIC_INTRA_OP_THREADS", "1")
    monkeypatch.setenv("SUPERTONIC_CPU_MEM_ARENA", "true")
    settings = EngineSettings()
    assert settings.threads() == 1
    assert settings.cpu_mem_arena is True


@pytest.mark.parametrize(
    ("cpu_max", "expected"),
    [("116000 100000", 1), ("150000 100000", 2), ("50000 100000", 1), ("max 100000", None)],
)
def test_cgroup_v2_quota_caps_threads(tmp_path: Path, cpu_max: str, expected: int | None) -> None:
    (tmp_path / "cpu.max").write_text(cpu_max + "\n")
    cpus = usable_cpus(tmp_path)
    if expected is None:
        assert cgroup_cpu_quota(tmp_path) is None
        assert cpus >= 1
    else:
        assert cpus == min(expected, usable_cpus(tmp_path / "absent"))


def test_cgroup_v1_quota(tmp_path: Path) -> None:
    (tmp_path / "cpu").mkdir()
    (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text("100000\n")
    (tmp_path / "cpu" / "cpu.cfs_period_us").write_text("100000\n")
    assert cgroup_cpu_quota(tmp_path) == 1.0
    assert usable_cpus(tmp_path) == 1


def _expect_failure(model_dir: Path, *fragments: str) -> None:
    with pytest.raises(ModelLoadError) as failure:
        load_parts(model_dir, FAST)
    for fragment in fragments:
        assert fragment in str(failure.value)


def test_missing_graph_is_named(model_copy: Path) -> None:
    (model_copy / "onnx" / "vocoder.onnx").unlink()
    _expect_failure(model_copy, "missing file", "onnx/vocoder.onnx")


def test_missing_directory(tmp_path: Path) -> None:
    _expect_failure(tmp_path / "nowhere", "does not exist")


def test_malformed_config(model_copy: Path) -> None:
    (model_copy / "onnx" / "tts.json").write_text("{not json")
    _expect_failure(model_copy, "onnx/tts.json", "malformed JSON")


def test_config_missing_key(model_copy: Path) -> None:
    (model_copy / "onnx" / "tts.json").write_text(json.dumps({"ae": {"sample_rate": 44100}}))
    _expect_failure(model_copy, "onnx/tts.json", "ae.base_chunk_size")


def test_indexer_not_a_list(model_copy: Path) -> None:
    (model_copy / "onnx" / "unicode_indexer.json").write_text(json.dumps({"a": 1}))
    _expect_failure(model_copy, "onnx/unicode_indexer.json")


def test_voice_with_wrong_dims(model_copy: Path) -> None:
    path = model_copy / "voice_styles" / "F2.json"
    doc = json.loads(path.read_text())
    doc["style_dp"]["data"] = [[[0.0] * 15] * 8]
    path.write_text(json.dumps(doc))
    _expect_failure(model_copy, "voice_styles/F2.json", "style_dp", "[1, 8, 15]")


def test_graph_with_wrong_inputs(model_copy: Path) -> None:
    shutil.copy(model_copy / "onnx" / "text_encoder.onnx", model_copy / "onnx" / "vocoder.onnx")
    _expect_failure(model_copy, "onnx/vocoder.onnx", "graph inputs are", "latent")


def test_graph_that_is_not_onnx(model_copy: Path) -> None:
    (model_copy / "onnx" / "duration_predictor.onnx").write_bytes(b"\x00garbage" * 10)
    _expect_failure(model_copy, "onnx/duration_predictor.onnx", "not a loadable ONNX graph")


def test_cgroup_quota_of_the_process_own_group_wins(tmp_path: Path) -> None:
    """A process confined in a child group (as bench lambda-limits does) must see that
    group's quota, not the unlimited root's."""
    group = tmp_path / "cpu" / "lambda-2048"
    group.mkdir(parents=True)
    (group / "cpu.cfs_quota_us").write_text("116000\n")
    (group / "cpu.cfs_period_us").write_text("100000\n")
    (tmp_path / "cpu" / "cpu.cfs_quota_us").write_text("-1\n")
    (tmp_path / "cpu" / "cpu.cfs_period_us").write_text("100000\n")
    proc = tmp_path / "proc-cgroup"
    proc.write_text("4:memory:/lambda-2048\n1:cpu:/lambda-2048\n0::/\n")
    assert cgroup_cpu_quota(tmp_path, proc) == 1.16
    proc.write_text("1:cpu:/\n0::/\n")
    assert cgroup_cpu_quota(tmp_path, proc) is None
    v2 = tmp_path / "v2"
    (v2 / "fn").mkdir(parents=True)
    (v2 / "fn" / "cpu.max").write_text("200000 100000\n")
    proc.write_text("0::/fn\n")
    assert cgroup_cpu_quota(v2, proc) == 2.0


def test_start_loading_refuses_a_broken_directory_before_any_graph_loads(model_copy: Path) -> None:
    (model_copy / "onnx" / "unicode_indexer.json").write_text(json.dumps({"a": 1}))
    with pytest.raises(ModelLoadError, match=re.escape("onnx/unicode_indexer.json")):
        model_layer.start_loading(model_copy, FAST)


def test_a_graph_that_fails_in_the_background_fails_finish(model_copy: Path) -> None:
    (model_copy / "onnx" / "vocoder.onnx").write_bytes(b"\x00garbage" * 10)
    loading = model_layer.start_loading(model_copy, FAST)  # the files are all there
    with pytest.raises(ModelLoadError) as failure:
        loading.finish()
    assert "onnx/vocoder.onnx: not a loadable ONNX graph" in str(failure.value)


def test_the_text_front_end_imports_while_the_graphs_load(tiny_model_dir: Path) -> None:
    """`import model_layer` and `start_loading` leave the 31 languages' rules unimported
    (they import in `finish`, while the sessions build without the GIL); a fresh
    interpreter, as at a cold start."""
    script = f"""
import sys
import model_layer
from model_layer import EngineSettings
loading = model_layer.start_loading({str(tiny_model_dir)!r}, EngineSettings(warmup=False))
print(sorted(m for m in sys.modules if m.startswith("model_layer.text.")))
synthesizer = loading.finish()
print("model_layer.text.normalize" in sys.modules, synthesizer.sample_rate)
"""
    result = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True, timeout=120
    )
    before, after = result.stdout.splitlines()
    assert "model_layer.text.normalize" not in before
    assert "model_layer.text.indexer" in before  # the loader's one need
    assert after == "True 44100"


def test_load_options_prepack_on_the_intra_op_threads() -> None:
    options = session_options(EngineSettings())
    assert options.get_session_config_entry("session.prepack.enable_parallel") == "1"
