"""Build-time proof that a rewritten graph computes what the original computes.

Both graphs run in ONNX Runtime on the same seeded random inputs at several batch
sizes and lengths, items of a batch padded to different lengths (masks as the engine
makes them); every output must agree within a tolerance scaled to its magnitude.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import onnx
import onnxruntime as ort

# (batch, text length, latent length) of each check: batch 1 as served, batch 2
# with the second item shorter (padding), lengths odd so no size is special.
CASES = ((1, 9, 13), (1, 41, 57), (2, 23, 31), (3, 17, 11))
# A single unpadded item (batch 1: random_feeds pads only later items), several lengths:
# the only inputs a single-item variant (build.masks) is ever given.
SINGLE_ITEM_CASES = ((1, 9, 13), (1, 41, 57), (1, 23, 5), (1, 64, 96))
TEXT_INPUTS = ("text_ids", "text_mask", "text_emb")
# Contract sizes for dimensions a graph leaves symbolic.
CONTRACT_DIMS = {"noisy_latent": 144, "latent": 144, "text_emb": 256}
RELATIVE_TOLERANCE = 1e-4
VOCAB_CHECKED = 64  # token ids drawn below this: every real vocabulary is larger


@dataclass(frozen=True)
class Check:
    passed: bool
    worst_relative: float  # max |a - b| / max(1, max |a|) over outputs and cases
    detail: str


def _session(model: onnx.ModelProto) -> ort.InferenceSession:
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
    options.intra_op_num_threads = 1
    options.log_severity_level = 3
    return ort.InferenceSession(
        model.SerializeToString(), options, providers=["CPUExecutionProvider"]
    )


def random_feeds(
    session: ort.InferenceSession, batch: int, text_len: int, latent_len: int, seed: int
) -> dict[str, np.ndarray]:
    rng = np.random.default_rng(seed)
    text_lengths = [max(1, text_len - 5 * i) for i in range(batch)]
    latent_lengths = [max(1, latent_len - 4 * i) for i in range(batch)]
    total_steps = 8
    feeds: dict[str, np.ndarray] = {}
    for spec in session.get_inputs():
        name = spec.name
        length = text_len if name in TEXT_INPUTS else latent_len
        shape = [
            dim if isinstance(dim, int) else batch if axis == 0 else length
            for axis, dim in enumerate(spec.shape)
        ]
        if name in CONTRACT_DIMS and not isinstance(spec.shape[1], int):
            shape[1] = CONTRACT_DIMS[name]
        if name == "text_ids":
            feeds[name] = rng.integers(0, VOCAB_CHECKED, size=shape, dtype=np.int64)
        elif name in ("text_mask", "latent_mask"):
            lengths = text_lengths if name == "text_mask" else latent_lengths
            mask = np.zeros(shape, np.float32)
            for row, n in enumerate(lengths):
                mask[row, :, :n] = 1.0
            feeds[name] = mask
        elif name == "current_step":
            feeds[name] = rng.integers(0, total_steps, size=shape).astype(np.float32)
        elif name == "total_step":
            feeds[name] = np.full(shape, total_steps, np.float32)
        else:
            feeds[name] = rng.standard_normal(shape, dtype=np.float32)
    return feeds


def verify(
    original: onnx.ModelProto,
    rewritten: onnx.ModelProto,
    seed: int = 0,
    cases: tuple[tuple[int, int, int], ...] = CASES,
) -> Check:
    try:
        expected_session = _session(original)
        actual_session = _session(rewritten)
    except Exception as exc:  # a rewrite that does not even load fails verification
        return Check(False, float("inf"), f"does not load: {str(exc).splitlines()[0][:200]}")
    worst = 0.0
    for case_index, (batch, text_len, latent_len) in enumerate(cases):
        feeds = random_feeds(expected_session, batch, text_len, latent_len, seed + case_index)
        try:
            expected = expected_session.run(None, feeds)
            actual = actual_session.run(None, feeds)
        except Exception as exc:
            detail = f"fails at batch {batch}: {str(exc).splitlines()[0][:200]}"
            return Check(False, float("inf"), detail)
        for want, got in zip(expected, actual, strict=True):
            if want.shape != got.shape:
                detail = f"shape {got.shape} != {want.shape} at batch {batch}"
                return Check(False, float("inf"), detail)
            if not np.isfinite(got).all() and np.isfinite(want).all():
                return Check(False, float("inf"), f"non-finite output at batch {batch}")
            scale = max(1.0, float(np.abs(want).max()))
            worst = max(worst, float(np.abs(want - got).max()) / scale)
    passed = worst <= RELATIVE_TOLERANCE
    detail = f"max relative difference {worst:.1e} over {len(cases)} input sets"
    return Check(passed, worst, detail)


def padding_invariant(vector_estimator: onnx.ModelProto, seed: int = 0) -> bool:
    """Whether a chunk denoised in a padded batch gets what it gets alone: the shorter
    item of a batch of 2, on its valid positions, against the same item run by itself.
    Decides whether chunks may share a vector-estimator run (SUPERTONIC_BATCH_SIZE)."""
    session = _session(vector_estimator)
    feeds = random_feeds(session, 2, 31, 41, seed)
    together = session.run(None, feeds)[0]
    text_len = int(feeds["text_mask"][1].sum())
    latent_len = int(feeds["latent_mask"][1].sum())
    alone_feeds = {}
    for name, value in feeds.items():
        item = value[1:2]
        if name in ("text_mask", "text_emb"):
            item = item[..., :text_len]
        elif name in ("latent_mask", "noisy_latent"):
            item = item[..., :latent_len]
        alone_feeds[name] = np.ascontiguousarray(item)
    alone = session.run(None, alone_feeds)[0]
    difference = np.abs(together[1:2, :, :latent_len] - alone).max()
    return bool(difference <= RELATIVE_TOLERANCE * max(1.0, float(np.abs(alone).max())))
