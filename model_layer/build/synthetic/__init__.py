"""Synthetic Supertonic 3 model directories with the exact published contract.

The real weights cannot be fetched here, so tests and benchmarks run on models with
the same files, graph interfaces and (for `size="full"`) about the same parameter
count, built from random weights. See `graphs` for the architecture and what holds
about padding. This package is the only user of the `onnx` package, a dev/test
dependency; the generated files need only onnxruntime.
"""

from model_layer.build.synthetic.graphs import (
    OUTPUT_NAMES,
    VOCODER_RECEPTIVE_FIELD_FRAMES,
    Size,
    parameter_counts,
)
from model_layer.build.synthetic.model_dir import GENERATOR_VERSION, cached_model_dir, generate

__all__ = [
    "GENERATOR_VERSION",
    "OUTPUT_NAMES",
    "VOCODER_RECEPTIVE_FIELD_FRAMES",
    "Size",
    "cached_model_dir",
    "generate",
    "parameter_counts",
]
