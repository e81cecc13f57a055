"""A duration predictor made to run away on one marked character, as the real weights'
does on some pieces ("Grazie a tutti. -" given ~3x the time its letters need): the
runaway-duration guard (model_layer/duration_guard.py) is tested on it.

The rewrite adds `extra_seconds` to a piece's predicted duration for every occurrence of
`marker` in it, on the graph's contract alone (inputs text_ids and text_mask, output
duration), so it applies to a model of either node layout.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import onnx
from onnx import helper, numpy_helper

from model_layer.constants import GRAPH_PATHS, INDEXER_PATH


def add_runaway_marker(model_dir: Path, marker: str, extra_seconds: float) -> None:
    """Rewrite `model_dir`'s duration predictor in place (use a copy of a model)."""
    indexer = json.loads((model_dir / INDEXER_PATH).read_text(encoding="utf-8"))
    token = indexer[ord(marker)]
    if token < 0:
        raise ValueError(f"{marker!r} is not in the model's indexer")
    path = model_dir / GRAPH_PATHS["duration_predictor"]
    model = onnx.load(path)
    graph = model.graph
    (output,) = graph.output
    table = np.zeros(max(indexer) + 1, dtype=np.float32)
    table[token] = extra_seconds
    graph.initializer.extend(
        [
            numpy_helper.from_array(table, "runaway.table"),
            numpy_helper.from_array(np.array([1], dtype=np.int64), "runaway.axis"),
        ]
    )
    # The node producing the output now writes an intermediate; the sum takes its name.
    producer = next(node for node in graph.node if output.name in node.output)
    producer.output[list(producer.output).index(output.name)] = "runaway.base"
    graph.node.extend(
        [
            helper.make_node("Gather", ["runaway.table", "text_ids"], ["runaway.per_token"]),
            helper.make_node("Squeeze", ["text_mask", "runaway.axis"], ["runaway.mask"]),
            helper.make_node("Mul", ["runaway.per_token", "runaway.mask"], ["runaway.masked"]),
            helper.make_node(
                "ReduceSum", ["runaway.masked", "runaway.axis"], ["runaway.extra"], keepdims=0
            ),
            helper.make_node("Add", ["runaway.base", "runaway.extra"], [output.name]),
        ]
    )
    onnx.checker.check_model(model)
    onnx.save(model, path)
