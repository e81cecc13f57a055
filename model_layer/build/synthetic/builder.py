"""A small ONNX graph builder: random initializers drawn in a fixed order, fresh names.

Every tensor is an initializer inside the model file (no external data); the
largest synthetic graph stays far below protobuf's 2 GB limit.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

# Opset 17 is the first with LayerNormalization; IR 8 is the version that opset
# shipped with, which every onnxruntime >= 1.14 (and so the official package) loads.
OPSET = 17
PRODUCER = "supertonic-lambda synthetic"

Dim = int | str  # a fixed size or a symbolic dimension name such as "B"
Dims = dict[str, str] | None
# The IR version each opset shipped with: the oldest that loads it.
IR_FOR_OPSET = {17: 8, 19: 9}


class GraphBuilder:
    """Collects nodes and initializers for one graph.

    With `rng=None` no weights are drawn: only the parameter count is kept, so the
    size of the full model can be known without allocating 400 MB.
    """

    def __init__(
        self, name: str, rng: np.random.Generator | None, opset: int = OPSET, dims: Dims = None
    ) -> None:
        self.name = name
        self.opset = opset
        # Symbolic dimension names as this layout spells them ("B" -> "batch_size", ...).
        self._dims = dims or {}
        self.param_count = 0
        self._rng = rng
        self._nodes: list[onnx.NodeProto] = []
        self._initializers: list[TensorProto] = []
        self._inputs: list[onnx.ValueInfoProto] = []
        self._outputs: list[onnx.ValueInfoProto] = []
        self._constants: dict[tuple[str, tuple[float | int, ...]], str] = {}
        self._ids = itertools.count()

    # -- graph interface -------------------------------------------------------------

    def input(self, name: str, elem_type: int, shape: Sequence[Dim]) -> str:
        self._inputs.append(helper.make_tensor_value_info(name, elem_type, self._shape(shape)))
        return name

    def _shape(self, shape: Sequence[Dim]) -> list[Dim]:
        return [self._dims.get(d, d) if isinstance(d, str) else d for d in shape]

    def output(self, tensor: str, name: str, shape: Sequence[Dim]) -> None:
        """Expose `tensor` as the float32 graph output `name`."""
        self._nodes.append(helper.make_node("Identity", [tensor], [name], name=name))
        info = helper.make_tensor_value_info(name, TensorProto.FLOAT, self._shape(shape))
        self._outputs.append(info)

    def op(self, op_type: str, *inputs: str, **attrs: object) -> str:
        """Append one single-output node and return the name of its output."""
        out = f"{op_type.lower()}_{next(self._ids)}"
        self._nodes.append(helper.make_node(op_type, list(inputs), [out], name=out, **attrs))
        return out

    # -- tensors ---------------------------------------------------------------------

    def param(self, name: str, shape: Sequence[int], std: float, mean: float = 0.0) -> str:
        """A learned weight, drawn as normal(mean, std) from the graph's generator."""
        self.param_count += math.prod(shape)
        if self._rng is not None:
            values = self._rng.standard_normal(tuple(shape), dtype=np.float32)
            if std != 1.0:
                values *= np.float32(std)
            if mean != 0.0:
                values += np.float32(mean)
            self._initializers.append(numpy_helper.from_array(values, name))
        return name

    def fixed_param(self, name: str, values: np.ndarray) -> str:
        """A learned weight whose synthetic value is structured rather than random."""
        self.param_count += values.size
        if self._rng is not None:
            self._initializers.append(numpy_helper.from_array(values.astype(np.float32), name))
        return name

    def const(self, *values: float) -> str:
        """A float32 constant (scalar if one value), shared by every use."""
        return self._constant("f", values, np.float32, scalar=len(values) == 1)

    def ints(self, *values: int) -> str:
        """An int64 vector constant: shapes, axes, perms given as inputs."""
        return self._constant("i", values, np.int64, scalar=False)

    def _constant(
        self, kind: str, values: tuple[float | int, ...], dtype: type, *, scalar: bool
    ) -> str:
        key = (kind, values)
        if key not in self._constants:
            name = f"const_{kind}_{len(self._constants)}"
            array = np.array(values[0] if scalar else values, dtype=dtype)
            self._initializers.append(numpy_helper.from_array(array, name))
            self._constants[key] = name
        return self._constants[key]

    def rng(self) -> np.random.Generator | None:
        """The generator for structured weights; None when only counting."""
        return self._rng

    # -- result ----------------------------------------------------------------------

    def to_model(self) -> onnx.ModelProto:
        graph = helper.make_graph(
            self._nodes, self.name, self._inputs, self._outputs, self._initializers
        )
        model = helper.make_model(
            graph,
            opset_imports=[helper.make_opsetid("", self.opset)],
            producer_name=PRODUCER,
            ir_version=IR_FOR_OPSET[self.opset],
        )
        onnx.checker.check_model(model)
        return model
