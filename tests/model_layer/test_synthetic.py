"""The synthetic model generator keeps the Supertonic 3 contract (docs: supertonic3-model.md)."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import numpy as np
import onnxruntime as ort
import pytest

from model_layer.build.synthetic import (
    GENERATOR_VERSION,
    OUTPUT_NAMES,
    VOCODER_RECEPTIVE_FIELD_FRAMES,
    cached_model_dir,
    generate,
    parameter_counts,
)
from model_layer.build.synthetic.__main__ import main as cli_main
from model_layer.build.synthetic.vocabulary import vocab_size
from model_layer.constants import (
    CONFIG_PATH,
    GRAPH_INPUTS,
    GRAPH_PATHS,
    INDEXER_PATH,
    INDEXER_SIZE,
    PRESET_VOICES,
    STYLE_DP_DIMS,
    STYLE_TTL_DIMS,
    VOICE_STYLES_DIR,
)

SAMPLES_PER_LATENT = 512 * 6
FRAMES_PER_LATENT = 6

# (input dtype, rank) per graph, in the published input order; outputs by rank.
INPUT_SPECS = {
    "duration_predictor": (("tensor(int64)", 2), ("tensor(float)", 3), ("tensor(float)", 3)),
    "text_encoder": (("tensor(int64)", 2), ("tensor(float)", 3), ("tensor(float)", 3)),
    "vector_estimator": (
        ("tensor(float)", 3), ("tensor(float)", 3), ("tensor(float)", 3), ("tensor(float)", 3),
        ("tensor(float)", 3), ("tensor(float)", 1), ("tensor(float)", 1),
    ),
    "vocoder": (("tensor(float)", 3),),
}  # fmt: skip
OUTPUT_RANKS = {"duration_predictor": 1, "text_encoder": 3, "vector_estimator": 3, "vocoder": 2}


@pytest.fixture(scope="module")
def model_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return generate(tmp_path_factory.mktemp("tiny"), "tiny", seed=0)


@pytest.fixture(scope="module")
def sessions(model_dir: Path) -> dict[str, ort.InferenceSession]:
    return {
        name: ort.InferenceSession(model_dir / path, providers=["CPUExecutionProvider"])
        for name, path in GRAPH_PATHS.items()
    }


def _indexer(model_dir: Path) -> list[int]:
    return json.loads((model_dir / INDEXER_PATH).read_text())


def _style(model_dir: Path, voice: str = "M1") -> tuple[np.ndarray, np.ndarray]:
    raw = json.loads((model_dir / VOICE_STYLES_DIR / f"{voice}.json").read_text())
    ttl, dp = raw["style_ttl"], raw["style_dp"]
    return (
        np.array(ttl["data"], np.float32).reshape(ttl["dims"]),
        np.array(dp["data"], np.float32).reshape(dp["dims"]),
    )


def _encode(model_dir: Path, texts: list[str]) -> tuple[np.ndarray, np.ndarray]:
    """text_ids and text_mask exactly as the reference package builds them."""
    from supertonic.core import UnicodeProcessor

    return UnicodeProcessor(str(model_dir / INDEXER_PATH))(texts, "en")


def _latent_mask(lengths: list[int]) -> np.ndarray:
    return (np.arange(max(lengths)) < np.array(lengths)[:, None]).astype(np.float32)[:, None, :]


def _estimate(
    sessions: dict[str, ort.InferenceSession],
    latent: np.ndarray,
    text_emb: np.ndarray,
    style_ttl: np.ndarray,
    text_mask: np.ndarray,
    latent_mask: np.ndarray,
    steps: int,
) -> np.ndarray:
    batch = latent.shape[0]
    for step in range(steps):
        (latent,) = sessions["vector_estimator"].run(
            None,
            {
                "noisy_latent": latent,
                "text_emb": text_emb,
                "style_ttl": style_ttl,
                "text_mask": text_mask,
                "latent_mask": latent_mask,
                "current_step": np.full(batch, step, np.float32),
                "total_step": np.full(batch, steps, np.float32),
            },
        )
    return latent


def test_files_and_config(model_dir: Path) -> None:
    for path in [*GRAPH_PATHS.values(), CONFIG_PATH, INDEXER_PATH]:
        assert (model_dir / path).is_file(), path
    config = json.loads((model_dir / CONFIG_PATH).read_text())
    assert config["ae"] == {"sample_rate": 44100, "base_chunk_size": 512}
    assert config["ttl"] == {"latent_dim": 24, "chunk_compress_factor": 6}
    assert config["synthetic"] == {
        "size": "tiny", "seed": 0, "generator_version": GENERATOR_VERSION
    }  # fmt: skip
    total = sum(f.stat().st_size for f in model_dir.rglob("*") if f.is_file())
    assert total < 12_000_000


def test_graph_interfaces(sessions: dict[str, ort.InferenceSession]) -> None:
    for name, session in sessions.items():
        inputs = session.get_inputs()
        assert tuple(i.name for i in inputs) == GRAPH_INPUTS[name]
        assert tuple((i.type, len(i.shape)) for i in inputs) == INPUT_SPECS[name]
        (output,) = session.get_outputs()
        assert output.name == OUTPUT_NAMES[name]
        assert (output.type, len(output.shape)) == ("tensor(float)", OUTPUT_RANKS[name])
        # Batch and lengths are symbolic, so any batch and length is accepted.
        assert all(isinstance(i.shape[0], str) for i in inputs)


def test_indexer_covers_the_languages(model_dir: Path) -> None:
    indexer = _indexer(model_dir)
    assert len(indexer) == INDEXER_SIZE
    supported = "<>/ aZ09.,!?'\"-é\u0301\u1100\u1161\u11a8あアー中。\uff0cЖжλعक…"
    assert all(indexer[ord(c)] >= 0 for c in supported), [
        c for c in supported if indexer[ord(c)] < 0
    ]
    unsupported = "\x00\n\u05d0\u0e01\u2600\u2764\ue000\uac00"  # control, Hebrew, Thai, ...
    assert all(indexer[ord(c)] == -1 for c in unsupported)
    ids = sorted(i for i in indexer if i >= 0)
    assert ids == list(range(vocab_size()))


def test_embedding_tables_match_the_vocabulary(
    model_dir: Path, sessions: dict[str, ort.InferenceSession]
) -> None:
    style_ttl, style_dp = _style(model_dir)
    mask = np.ones((1, 1, 1), np.float32)
    last = np.array([[vocab_size() - 1]], np.int64)
    for name, style in (("duration_predictor", style_dp), ("text_encoder", style_ttl)):
        style_name = GRAPH_INPUTS[name][1]
        sessions[name].run(None, {"text_ids": last, style_name: style, "text_mask": mask})
        with pytest.raises(Exception, match=r"out of bounds|indices"):
            sessions[name].run(None, {"text_ids": last + 1, style_name: style, "text_mask": mask})


def test_voice_styles(model_dir: Path) -> None:
    assert sorted(p.stem for p in (model_dir / VOICE_STYLES_DIR).glob("*.json")) == sorted(
        PRESET_VOICES
    )
    for voice in PRESET_VOICES:
        raw = json.loads((model_dir / VOICE_STYLES_DIR / f"{voice}.json").read_text())
        assert raw["style_ttl"]["dims"] == [1, *STYLE_TTL_DIMS]
        assert raw["style_dp"]["dims"] == [1, *STYLE_DP_DIMS]
        assert raw["style_ttl"]["type"] == raw["style_dp"]["type"] == "float32"
        style_ttl, style_dp = _style(model_dir, voice)
        assert style_ttl.shape == (1, *STYLE_TTL_DIMS) and style_dp.shape == (1, *STYLE_DP_DIMS)


def test_same_seed_same_bytes_other_seed_other_weights(model_dir: Path, tmp_path: Path) -> None:
    again = generate(tmp_path / "again", "tiny", seed=0)
    other = generate(tmp_path / "other", "tiny", seed=1)
    files = sorted(p.relative_to(model_dir) for p in model_dir.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    for rel in files:
        assert (again / rel).read_bytes() == (model_dir / rel).read_bytes(), rel
    for rel in [*GRAPH_PATHS.values(), VOICE_STYLES_DIR / "M1.json"]:
        assert (other / rel).read_bytes() != (model_dir / rel).read_bytes(), rel
    assert (other / INDEXER_PATH).read_bytes() == (model_dir / INDEXER_PATH).read_bytes()


def test_end_to_end_like_the_reference(
    model_dir: Path, sessions: dict[str, ort.InferenceSession]
) -> None:
    text_ids, text_mask = _encode(model_dir, ["Hello world."])
    style_ttl, style_dp = _style(model_dir)
    (duration,) = sessions["duration_predictor"].run(
        None, {"text_ids": text_ids, "style_dp": style_dp, "text_mask": text_mask}
    )
    assert duration.shape == (1,)
    assert 0.06 <= duration[0] / text_ids.shape[1] <= 0.09
    (text_emb,) = sessions["text_encoder"].run(
        None, {"text_ids": text_ids, "style_ttl": style_ttl, "text_mask": text_mask}
    )
    assert text_emb.shape == (1, 256, text_ids.shape[1])

    length = int(np.ceil(duration[0] / 1.05 * 44100 / SAMPLES_PER_LATENT))
    noise = np.random.default_rng(0).standard_normal((1, 144, length), dtype=np.float32)
    latent = _estimate(
        sessions, noise, text_emb, style_ttl, text_mask, _latent_mask([length]), steps=8
    )
    assert latent.shape == (1, 144, length) and np.isfinite(latent).all()
    (wav,) = sessions["vocoder"].run(None, {"latent": latent})
    assert wav.shape == (1, length * SAMPLES_PER_LATENT)
    assert np.isfinite(wav).all() and np.abs(wav).max() <= 1.0
    assert wav.std() > 0.01


def test_voices_speak_at_different_rates(
    model_dir: Path, sessions: dict[str, ort.InferenceSession]
) -> None:
    text_ids, text_mask = _encode(model_dir, ["Hello world, how are you today?"])
    durations = [
        sessions["duration_predictor"].run(
            None,
            {"text_ids": text_ids, "style_dp": _style(model_dir, v)[1], "text_mask": text_mask},
        )[0][0]
        for v in PRESET_VOICES
    ]
    assert max(durations) / min(durations) > 1.03


@pytest.mark.parametrize("steps", [1, 100])
def test_vector_estimator_stays_bounded(
    model_dir: Path, sessions: dict[str, ort.InferenceSession], steps: int
) -> None:
    text_ids, text_mask = _encode(model_dir, ["Hi."])
    style_ttl, _ = _style(model_dir)
    (text_emb,) = sessions["text_encoder"].run(
        None, {"text_ids": text_ids, "style_ttl": style_ttl, "text_mask": text_mask}
    )
    noise = np.random.default_rng(1).standard_normal((1, 144, 7), dtype=np.float32)
    latent = _estimate(sessions, noise, text_emb, style_ttl, text_mask, _latent_mask([7]), steps)
    assert np.isfinite(latent).all()
    assert np.abs(latent - noise).max() <= 2.0 + 1e-5  # |velocity| <= 2 over unit time


def test_padding_does_not_change_the_short_item(
    model_dir: Path, sessions: dict[str, ort.InferenceSession]
) -> None:
    texts = ["Hello world.", "A much longer sentence that pads the first one in the batch."]
    ids, text_mask = _encode(model_dir, texts)
    ids_alone, mask_alone = _encode(model_dir, texts[:1])
    t_short = ids_alone.shape[1]
    style_ttl, style_dp = _style(model_dir, "F2")
    ttl2, dp2 = np.repeat(style_ttl, 2, axis=0), np.repeat(style_dp, 2, axis=0)

    def run(name: str, **feeds: np.ndarray) -> np.ndarray:
        return sessions[name].run(None, feeds)[0]

    dur_batch = run("duration_predictor", text_ids=ids, style_dp=dp2, text_mask=text_mask)
    dur_alone = run(
        "duration_predictor", text_ids=ids_alone, style_dp=style_dp, text_mask=mask_alone
    )
    np.testing.assert_allclose(dur_batch[0], dur_alone[0], atol=1e-5)

    emb_batch = run("text_encoder", text_ids=ids, style_ttl=ttl2, text_mask=text_mask)
    emb_alone = run("text_encoder", text_ids=ids_alone, style_ttl=style_ttl, text_mask=mask_alone)
    np.testing.assert_allclose(emb_batch[:1, :, :t_short], emb_alone, atol=1e-5)

    lengths = [20, 80]  # the short item spans 3 vocoder receptive fields' worth of frames
    noise = np.random.default_rng(2).standard_normal((2, 144, lengths[1]), dtype=np.float32)
    latent_mask = _latent_mask(lengths)
    noise *= latent_mask
    est_batch = _estimate(sessions, noise, emb_batch, ttl2, text_mask, latent_mask, steps=3)
    est_alone = _estimate(
        sessions, noise[:1, :, : lengths[0]], emb_alone, style_ttl, mask_alone,
        _latent_mask(lengths[:1]), steps=3,
    )  # fmt: skip
    np.testing.assert_allclose(est_batch[:1, :, : lengths[0]], est_alone, atol=1e-5)
    assert not est_batch[0, :, lengths[0] :].any()  # padding stays exactly zero

    # The vocoder has no mask: equal except within its receptive field of the padding.
    wav_batch = run("vocoder", latent=est_batch)
    wav_alone = run("vocoder", latent=est_alone)
    unaffected = (lengths[0] * FRAMES_PER_LATENT - VOCODER_RECEPTIVE_FIELD_FRAMES) * 512
    np.testing.assert_allclose(wav_batch[0, :unaffected], wav_alone[0, :unaffected], atol=1e-5)


def test_official_package_runs_it(model_dir: Path) -> None:
    from supertonic.loader import load_model, load_voice_style_from_json_file

    model = load_model(model_dir, auto_download=False, intra_op_num_threads=1)
    style = load_voice_style_from_json_file(model_dir / VOICE_STYLES_DIR / "M1.json")
    wav, duration = model(["Hello world."], style, 2, 1.05, "en")
    assert wav.ndim == 2 and wav.shape[1] >= duration[0] * 44100
    assert np.isfinite(wav).all() and wav.std() > 0.01


def test_parameter_counts() -> None:
    full = parameter_counts("full", vocab_size())
    assert 95e6 < sum(full.values()) < 105e6
    assert max(full, key=full.__getitem__) == "vector_estimator"
    assert full["vector_estimator"] > sum(full.values()) / 2
    assert sum(parameter_counts("tiny", vocab_size()).values()) < 2e6


def test_cli_and_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SUPERTONIC_LAMBDA_CACHE", str(tmp_path / "cache"))
    cli_main(["--size", "tiny", "--seed", "3"])
    printed = Path(capsys.readouterr().out.strip().splitlines()[-1])
    assert printed.parent == tmp_path / "cache"
    assert (printed / GRAPH_PATHS["vocoder"]).is_file()
    mtime = (printed / GRAPH_PATHS["vocoder"]).stat().st_mtime_ns
    assert cached_model_dir("tiny", 3) == printed
    assert (printed / GRAPH_PATHS["vocoder"]).stat().st_mtime_ns == mtime
    assert [p.name for p in (tmp_path / "cache").iterdir()] == [printed.name]  # no leftovers

    cli_main(["--size", "tiny", "--out", str(tmp_path / "explicit")])
    assert capsys.readouterr().out.strip().splitlines()[-1] == str(tmp_path / "explicit")


def test_racing_cache_fills_leave_one_complete_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SUPERTONIC_LAMBDA_CACHE", str(tmp_path))
    results: list[Path] = []
    threads = [
        threading.Thread(target=lambda: results.append(cached_model_dir("tiny", 5)))
        for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(results) == 2 and results[0] == results[1]
    assert [p.name for p in tmp_path.iterdir()] == [results[0].name]
    assert all((results[0] / path).is_file() for path in GRAPH_PATHS.values())
