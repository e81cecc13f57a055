"""Build-time preparation of a model directory, so cold starts load graphs ready-made.

`python -m model_layer.build.optimize MODEL_DIR [--int8]` writes `MODEL_DIR/optimized/fp32/`
(and `optimized/int8/`): each graph optimized once by ONNX Runtime (level "extended":
fusions that do not depend on the CPU, so the result is portable) and saved with its
weights in a separate file. Loading such a graph maps the weights from the file
instead of parsing a 240 MB protobuf and copying every tensor out of it, which
roughly halves load time and removes the load-time memory spike.

With SUPERTONIC_SHARED_WEIGHTS (off by default, see settings.py) the fp32 data files
also hold the weights as ONNX Runtime's CPU kernels pack them, so a session maps them
read-only instead of packing its own copy onto the heap: worker processes on one
machine (Lambda Managed Instances) then share one copy in the page cache. The packed
layout is the CPU kernels' own, so it is tied to the machine architecture as well as
the version.

Before that, each graph goes through exact rewrites (`build.rewrites`: pointwise
Conv -> channel-last MatMul, transposes folded, the classifier-free-guidance prefix
computed once), each verified against the unmodified graph on seeded random inputs;
one that does not verify is skipped. Last (after int8 quantization, which does not
look inside If branches), graphs with masks get a second, mask-free path taken when
every mask is all ones (`build.masks`), verified against the graph it was made
from. The log (stderr) says per graph what changed.

`--int8` adds an opt-in faster mode (`build.int8`): dynamic per-channel int8 on
the rewritten MatMuls of the text encoder and vector estimator, selected at run time
with SUPERTONIC_PRECISION=int8, and a quality report against fp32 for every preset
voice, written beside the int8 graphs and printed. `--compare` prints that report
again. The original graphs are never modified.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import onnxruntime as ort

from model_layer.build.int8 import QUANTIZED_GRAPHS, quantize
from model_layer.constants import GRAPH_PATHS
from model_layer.prepared import (
    MANIFEST,
    SINGLE_ITEM_SUFFIX,
    Precision,
    manifest,
    optimized_dir,
    prepacks,
    single_item_graph,
)
from model_layer.settings import get_settings


def _save_optimized(source: Path, folder: Path, name: str, prepacked: bool) -> None:
    options = ort.SessionOptions()
    options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_EXTENDED
    options.optimized_model_filepath = str(folder / f"{name}.onnx")
    options.add_session_config_entry(
        "session.optimized_model_external_initializers_file_name", f"{name}.data"
    )
    options.add_session_config_entry(
        "session.optimized_model_external_initializers_min_size_in_bytes", "1024"
    )
    if prepacked:
        # The data file then holds each weight twice (as stored, and packed): ~1.9x
        # on disk, but only the packed copy is read at run time.
        options.add_session_config_entry(
            "session.save_external_prepacked_constant_initializers", "1"
        )
    ort.InferenceSession(str(source), options, providers=["CPUExecutionProvider"])


def _log(message: str) -> None:
    print(f"optimize: {message}", file=sys.stderr, flush=True)


def _rewritten(source: Path, target: Path, name: str) -> tuple[Path, list[str]]:
    """The graph after the verified rewrites (model_layer.build.rewrites), saved at
    `target`; the source itself when none applies."""
    import onnx  # the build's onnx package: only the image build (and tests) get here

    from model_layer.build.rewrites import apply_rewrites

    model, kept = apply_rewrites(onnx.load(source), name, _log)
    if not kept:
        return source, kept
    onnx.save(model, target)
    return target, kept


def _with_single_item_path(
    source: Path, scratch: Path, name: str
) -> tuple[Path, Path | None, bool]:
    """The graph with its mask-free path for all-ones masks (model_layer.build.masks)
    and that path alone, saved in `scratch`; the source itself (and None) when it does
    not apply or verify. The flag says whether the path was added."""
    import onnx

    from model_layer.build.masks import single_item_path

    original = onnx.load(source)
    model, single = single_item_path(original, name, _log)
    if model is original:
        return source, None, False
    combined = scratch / f"{name}.single_path.onnx"
    onnx.save(model, combined)
    if single is None:
        return combined, None, True
    alone = scratch / f"{name}{SINGLE_ITEM_SUFFIX}.onnx"
    onnx.save(single, alone)
    return combined, alone, True


def _padding_invariant(model_dir: Path) -> bool:
    """Whether the vector estimator gives a padded chunk what it gives it alone (see
    build.verify.padding_invariant); the loader batches chunks only if so."""
    import onnx

    from model_layer.build.verify import padding_invariant

    invariant = padding_invariant(onnx.load(model_dir / GRAPH_PATHS["vector_estimator"]))
    _log(f"vector_estimator: padding-invariant: {'yes' if invariant else 'no'}")
    return invariant


def optimize_model(
    model_dir: Path,
    precision: Precision = "fp32",
    shared_weights: bool | None = None,
    rewrites: bool = True,
) -> Path:
    """Write the prepared graphs for `precision` and return their folder; packed weights
    in the data files when `shared_weights` (default: SUPERTONIC_SHARED_WEIGHTS). With
    `rewrites`, each graph first goes through the verified exact rewrites."""
    if shared_weights is None:
        shared_weights = get_settings().shared_weights
    prepacked = prepacks(precision, shared_weights)
    folder = optimized_dir(model_dir, precision)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MANIFEST).unlink(missing_ok=True)  # half-written folders are never used
    applied: dict[str, list[str]] = {}
    with tempfile.TemporaryDirectory(dir=folder) as scratch:
        for name, rel in GRAPH_PATHS.items():
            source = model_dir / rel
            if rewrites:
                source, applied[name] = _rewritten(
                    source, Path(scratch) / f"{name}.rewritten.onnx", name
                )
            if precision == "int8" and name in QUANTIZED_GRAPHS:
                quantized = Path(scratch) / f"{name}.onnx"
                quantize(source, quantized)
                source = quantized
            single = None
            if rewrites:  # last: the int8 quantizer does not look inside If branches
                source, single, single_path = _with_single_item_path(source, Path(scratch), name)
                if single_path:
                    applied[name].append("single_item_masks")
            _save_optimized(source, folder, name, prepacked)
            single_item_graph(folder, name).unlink(missing_ok=True)
            if single is not None:
                _save_optimized(single, folder, single_item_graph(folder, name).stem, prepacked)
    record = manifest(model_dir, precision, prepacked, applied, _padding_invariant(model_dir))
    (folder / MANIFEST).write_text(
        json.dumps(record, indent=2),
        encoding="utf-8",
    )
    return folder


def report_int8_quality(model_dir: Path) -> str:
    """Write the int8-vs-fp32 report beside the int8 graphs and return it as a table."""
    from model_layer.build.int8 import quality_report, render, write_report

    report = quality_report(model_dir)
    write_report(optimized_dir(model_dir, "int8"), report)
    return render(report)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m model_layer.build.optimize", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("model_dir", type=Path)
    parser.add_argument("--int8", action="store_true", help="also write the int8 graphs")
    parser.add_argument("--compare", action="store_true", help="report int8 deviation from fp32")
    parser.add_argument(
        "--no-rewrites", action="store_true", help="skip the graph rewrites (for comparison)"
    )
    args = parser.parse_args(argv)
    if not args.compare:
        rewrites = not args.no_rewrites
        print(optimize_model(args.model_dir, "fp32", rewrites=rewrites))
        if not args.int8:
            return 0
        print(optimize_model(args.model_dir, "int8", rewrites=rewrites))
    _log("int8 against fp32, every preset voice (also in optimized/int8/quality.json):")
    print(report_int8_quality(args.model_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main())
