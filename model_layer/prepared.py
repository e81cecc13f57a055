"""Graphs prepared at image build (model_layer.build.optimize), as the loader finds them.

A prepared folder (`MODEL_DIR/optimized/<precision>/`) is usable only for the ONNX
Runtime version and the source graphs it was made from (and, with packed weights, the
machine and CPU features); its manifest records those, and this module is the one place
that writes and reads that record, so the build and the loader cannot disagree.
"""

from __future__ import annotations

import json
import platform
import re
from pathlib import Path
from typing import Literal

import onnxruntime as ort

from model_layer.constants import GRAPH_PATHS
from model_layer.settings import get_settings

Precision = Literal["fp32", "int8"]
OPTIMIZED_DIR = Path("optimized")
MANIFEST = "manifest.json"


def optimized_dir(model_dir: Path, precision: Precision) -> Path:
    return model_dir / OPTIMIZED_DIR / precision


# CPU features ONNX Runtime's kernels choose among (x86 SIMD, Arm NEON/SVE extensions):
# a packed weight layout is made for the kernel the packing CPU picked.
_KERNEL_FEATURES = re.compile(r"^(sse|ssse|avx|fma|f16c|amx|asimd|sve|i8mm|bf16|fphp)")


def cpu_features(cpuinfo: Path = Path("/proc/cpuinfo")) -> list[str]:
    """The kernel-relevant instruction-set features of this CPU, from its first
    `flags` (x86) or `Features` (Arm) line; empty where /proc/cpuinfo is unreadable."""
    try:
        lines = cpuinfo.read_text(encoding="utf-8", errors="replace").splitlines()
    except OSError:
        return []
    for line in lines:
        name, _, value = line.partition(":")
        if name.strip() in ("flags", "Features"):
            return sorted(f for f in value.split() if _KERNEL_FEATURES.match(f))
    return []


# The single-item path alone beside the whole graph: `vector_estimator.single.onnx`.
SINGLE_ITEM_SUFFIX = ".single"


def manifest(
    model_dir: Path,
    precision: Precision,
    prepacked: bool,
    rewrites: dict[str, list[str]] | None = None,
    padding_invariant: bool | None = None,
) -> dict[str, object]:
    return {
        "rewrites": rewrites or {},
        "padding_invariant": padding_invariant,
        "precision": precision,
        "onnxruntime": ort.__version__,
        "sources": {name: (model_dir / rel).stat().st_size for name, rel in GRAPH_PATHS.items()},
        "prepacked_weights": prepacked,
        "machine": platform.machine(),
        "cpu_features": cpu_features(),
    }


def prepacks(precision: Precision, shared_weights: bool) -> bool:
    """Whether prepared graphs of `precision` carry packed weights. fp32 only: the int8
    kernels' packed layout depends on the CPU's instruction set (AVX2, VNNI, AMX), which
    an image build cannot know about the machine it will run on."""
    return shared_weights and precision == "fp32"


def usable_optimized_dir(
    model_dir: Path, precision: Precision, shared_weights: bool | None = None
) -> tuple[Path | None, str]:
    """The prepared graphs for `precision`, or None and why they cannot be used.

    They are tied to the ONNX Runtime version that wrote them (fused operators may
    change between releases) and to the source graphs they came from; packed weights
    also to the machine architecture and the CPU's instruction-set features (another
    CPU loads the original graphs instead: slower, never wrong), and are refused when
    SHARED_WEIGHTS is off.
    Graphs without packed weights are usable either way.
    """
    if shared_weights is None:
        shared_weights = get_settings().shared_weights
    folder = optimized_dir(model_dir, precision)
    try:
        recorded = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return None, f"{folder.relative_to(model_dir)} has no readable {MANIFEST}"
    prepacked = bool(recorded.get("prepacked_weights", False))
    expected = manifest(model_dir, precision, prepacked)
    keys = ["onnxruntime", "sources"] + (["machine", "cpu_features"] if prepacked else [])
    for key in keys:
        if recorded.get(key) != expected[key]:
            return None, f"{folder.relative_to(model_dir)} was made for other {key}"
    if prepacked and not prepacks(precision, shared_weights):
        return None, f"{folder.relative_to(model_dir)} holds packed weights; SHARED_WEIGHTS is off"
    return folder, ""


def single_item_graph(folder: Path, name: str) -> Path:
    """Where a prepared folder keeps graph `name`'s single-item path alone (written
    only where that path verified; see optimize_masks.single_item_path)."""
    return folder / f"{name}{SINGLE_ITEM_SUFFIX}.onnx"


def prepared_padding_invariant(
    model_dir: Path, precision: Precision, shared_weights: bool | None = None
) -> bool:
    """What the usable prepared graphs' manifest says; False when unknown."""
    folder, _ = usable_optimized_dir(model_dir, precision, shared_weights)
    if folder is None:
        return False
    try:
        recorded = json.loads((folder / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError):
        return False
    return recorded.get("padding_invariant") is True
