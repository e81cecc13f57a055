"""The single-item variant of a graph: its mask multiplications removed.

A chunk denoised alone and unpadded has masks of all ones, so `x * mask` is `x` and
`Where(Equal(mask, 0), fill, x)` is `x`. The variant drops every op that, given
all-ones masks, only copies one of its inputs; it is correct ONLY when every mask is
all ones (one unpadded item, or a batch of items of equal length). Both live in ONE
graph (`with_single_item_path`): an If on "every mask is all ones" takes the variant,
else the general graph, so one session serves batched and single runs and holds one
copy of the weights (a second session would hold a second). ONNX Runtime still packs
the weights inside both branches at load, so where chunks run one at a time the build
also writes the variant alone and the loader serves that (model_layer.loader).

Matched by structure: a tensor is "all ones" if it is a mask input (the contract's
`text_mask` / `latent_mask`) or derived from all-ones tensors by ops that only move,
repeat or reshape values (Tile, Unsqueeze, Expand, Cast, ...); an `Equal` of such a
tensor with a constant is known true or false everywhere. Then:

- `Mul(x, ones)`, `Div(x, ones)` -> x;
- `Where(all-false, a, b)` -> b, `Where(all-true, a, b)` -> a;

each only where the result has x's shape (a mask never broadcasts x up), checked
with ONNX shape inference where it knows the ranks, and always by verification.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import onnx

from model_layer.build.graph import Graph, Node
from model_layer.build.verify import CASES, SINGLE_ITEM_CASES, verify

MASK_INPUTS = ("text_mask", "latent_mask")
# Ops whose output holds only values of their (first) input: ones stay ones.
VALUE_MOVING = {
    "Tile", "Unsqueeze", "Squeeze", "Reshape", "Expand", "Transpose", "Identity",
    "Flatten", "Slice", "Gather", "Cast",
}  # fmt: skip


def _shapes(model: onnx.ModelProto) -> dict[str, list[int | str | None]]:
    """Inferred shapes by tensor name (dims: int, symbolic name, or None)."""
    try:
        inferred = onnx.shape_inference.infer_shapes(model)
    except Exception:  # shapes only guard; verification decides anyway
        return {}
    shapes: dict[str, list[int | str | None]] = {}
    graph = inferred.graph
    for info in [*graph.value_info, *graph.input, *graph.output]:
        tensor = info.type.tensor_type
        if not tensor.HasField("shape"):
            continue
        shapes[info.name] = [
            d.dim_value if d.HasField("dim_value") else (d.dim_param or None)
            for d in tensor.shape.dim
        ]
    return shapes


def _keeps_shape(shapes: dict[str, list[int | str | None]], kept: str, mask_like: str) -> bool:
    """False where the shapes show that `mask_like` broadcasts `kept` to a larger shape."""
    kept_shape, mask_shape = shapes.get(kept), shapes.get(mask_like)
    if kept_shape is None or mask_shape is None:
        return True
    if len(mask_shape) > len(kept_shape):
        return False
    for mask_dim, kept_dim in zip(reversed(mask_shape), reversed(kept_shape), strict=False):
        if isinstance(kept_dim, int) and kept_dim == 1 and mask_dim != 1:
            return False
    return True


def _constant_truth(graph: Graph, node: Node, ones: set[str]) -> bool | None:
    """What `Equal(ones, c)` is everywhere (True/False), None if it varies or is unknown."""
    if node.op_type != "Equal" or len(node.inputs) != 2:
        return None
    a, b = node.inputs
    other = b if a in ones else a if b in ones else None
    if other is None:
        return None
    value = graph.const_value(other)
    if value is None:
        return None
    if np.all(value == 1):
        return True
    if np.all(value != 1):
        return False
    return None


def remove_noop_masks(graph: Graph) -> str:
    shapes = _shapes(graph.to_model())
    ones = {name for name in graph.graph_inputs if name in MASK_INPUTS}
    if not ones:
        return ""
    truth: dict[str, bool] = {}
    removed: dict[str, int] = {}
    for node in graph.sorted_nodes():
        if len(node.outputs) != 1:
            continue
        out = node.outputs[0]
        inputs = [i for i in node.inputs if i]
        if node.op_type in VALUE_MOVING and inputs and inputs[0] in ones:
            if node.op_type != "Cast" or int(node.attr("to", 0)) in _NUMERIC:  # type: ignore[arg-type]
                ones.add(out)
            continue
        if node.op_type in VALUE_MOVING - {"Cast"} and inputs and inputs[0] in truth:
            truth[out] = truth[inputs[0]]
            continue
        if node.op_type in ("Mul", "Min", "Max") and inputs and all(i in ones for i in inputs):
            ones.add(out)
            continue
        known = _constant_truth(graph, node, ones)
        if known is not None:
            truth[out] = known
            continue
        if node.op_type == "Not" and inputs and inputs[0] in truth:
            truth[out] = not truth[inputs[0]]
            continue
        kept: str | None = None
        mask_like = ""
        binary = len(inputs) == 2
        if node.op_type == "Mul" and binary and (inputs[0] in ones) != (inputs[1] in ones):
            mask_like, kept = (
                (inputs[0], inputs[1]) if inputs[0] in ones else (inputs[1], inputs[0])
            )
        elif node.op_type == "Div" and binary and inputs[1] in ones:
            mask_like, kept = inputs[1], inputs[0]
        elif node.op_type == "Where" and len(inputs) == 3 and inputs[0] in truth:
            mask_like = inputs[0]
            kept = inputs[1] if truth[inputs[0]] else inputs[2]
            if not _keeps_shape(shapes, kept, inputs[2 if truth[inputs[0]] else 1]):
                continue
        if kept is None or not _keeps_shape(shapes, kept, mask_like):
            continue
        graph.nodes.remove(node)
        graph.rename_uses(out, kept)
        removed[node.op_type] = removed.get(node.op_type, 0) + 1
    if not removed:
        return ""
    graph.prune()
    counts = ", ".join(f"{count} {op}" for op, count in sorted(removed.items()))
    return f"{counts} by an all-ones mask removed"


_NUMERIC = {
    onnx.TensorProto.FLOAT, onnx.TensorProto.DOUBLE, onnx.TensorProto.FLOAT16,
    onnx.TensorProto.BFLOAT16, onnx.TensorProto.INT64, onnx.TensorProto.INT32,
    onnx.TensorProto.INT8, onnx.TensorProto.UINT8, onnx.TensorProto.BOOL,
}  # fmt: skip


# -- one graph, two paths: the variant when every mask is all ones --------------------

SMALL_CONSTANT = 64  # elements; shapes, axes, repeats, scalars
_NONDETERMINISTIC = {
    "RandomNormal", "RandomUniform", "RandomNormalLike", "RandomUniformLike", "Multinomial",
    "Dropout",
}  # fmt: skip


def merge_duplicates(graph: Graph) -> int:
    """Nodes computing the same op on the same inputs with the same attributes become
    one. ONNX Runtime does this itself in a top-level graph, but not inside If branches
    (measured: 18 Tiles left in the general branch of the vector estimator, 8 without
    the If)."""
    # Small constants of equal value are one (the rewrites make one per use, e.g. the
    # repeats of each Tile), so ops reading them compare equal below.
    by_value: dict[tuple[object, ...], str] = {}
    for name, value in list(graph.constants.items()):
        if value.size <= SMALL_CONSTANT and name not in graph.graph_outputs:
            key = (value.dtype.str, value.shape, value.tobytes())
            first = by_value.setdefault(key, name)
            if first != name:
                graph.rename_uses(name, first)
    seen: dict[tuple[object, ...], Node] = {}
    merged = 0
    for node in graph.sorted_nodes():
        if not node.inputs or node.op_type in _NONDETERMINISTIC:
            continue
        if any(isinstance(v, onnx.GraphProto) for v in node.attrs.values()):
            continue
        key = (node.domain, node.op_type, tuple(node.inputs), repr(sorted(node.attrs.items())))
        first = seen.get(key)
        if first is None or len(first.outputs) != len(node.outputs):
            seen.setdefault(key, node)
            continue
        graph.nodes.remove(node)
        for old, new in zip(node.outputs, first.outputs, strict=True):
            if old:
                graph.rename_uses(old, new)
        merged += 1
    return merged


def _as_branch(model: onnx.ModelProto, prefix: str) -> onnx.GraphProto:
    """`model`'s nodes as an If branch: no inputs of its own (graph inputs and
    initializers are read from the enclosing graph), every computed name prefixed so
    the two branches never define the same name."""
    graph = model.graph
    outer = {i.name for i in graph.input} | {t.name for t in graph.initializer}

    def renamed(name: str) -> str:
        return name if not name or name in outer else f"{prefix}{name}"

    nodes = []
    for node in graph.node:
        copy = onnx.NodeProto()
        copy.CopyFrom(node)
        copy.name = f"{prefix}{node.name}"
        copy.ClearField("input")
        copy.ClearField("output")
        copy.input.extend(renamed(i) for i in node.input)
        copy.output.extend(renamed(o) for o in node.output)
        nodes.append(copy)
    outputs = []
    for output in graph.output:
        info = onnx.ValueInfoProto()
        info.CopyFrom(output)
        info.name = renamed(output.name)
        outputs.append(info)
    return onnx.helper.make_graph(nodes, f"{prefix}branch", [], outputs)


def with_single_item_path(general: onnx.ModelProto, single: onnx.ModelProto) -> onnx.ModelProto:
    """One graph computing `single` when every mask input is all ones, else `general`.

    One session, so the weights (initializers of the enclosing graph, read by both
    branches) are loaded and packed once; a second session for the variant would hold
    its own copy (measured: +235 MB RSS at full size). `single` must have been made
    from `general` (same initializer names and values)."""
    helper = onnx.helper
    inputs = [i.name for i in general.graph.input]
    masks = [name for name in inputs if name in MASK_INPUTS]
    if not masks:
        raise ValueError("graph has no mask input")
    nodes = []
    flags = []
    for mask in masks:
        smallest, flag = f"single_path/{mask}_min", f"single_path/{mask}_all_ones"
        nodes.append(helper.make_node("ReduceMin", [mask], [smallest], keepdims=0))
        nodes.append(helper.make_node("Equal", [smallest, "single_path/one"], [flag]))
        flags.append(flag)
    condition = flags[0]
    for index, flag in enumerate(flags[1:]):
        combined = f"single_path/all_ones{index}"
        nodes.append(helper.make_node("And", [condition, flag], [combined]))
        condition = combined
    nodes.append(
        helper.make_node(
            "If",
            [condition],
            [o.name for o in general.graph.output],
            then_branch=_as_branch(single, "single/"),
            else_branch=_as_branch(general, "general/"),
        )
    )
    initializers = {t.name: t for t in general.graph.initializer}
    for tensor in single.graph.initializer:
        initializers.setdefault(tensor.name, tensor)
    one = onnx.numpy_helper.from_array(np.array(1.0, np.float32), "single_path/one")
    graph = helper.make_graph(
        nodes,
        general.graph.name,
        list(general.graph.input),
        list(general.graph.output),
        [*initializers.values(), one],
    )
    model = helper.make_model(
        graph, opset_imports=list(general.opset_import), producer_name="supertonic-lambda"
    )
    model.ir_version = general.ir_version
    return model


def single_item_path(
    model: onnx.ModelProto, graph_name: str, log: Callable[[str], None] = print
) -> tuple[onnx.ModelProto, onnx.ModelProto | None]:
    """`model` with its mask-free variant taken when every mask is all ones, if the
    result verifies against `model` (single unpadded items at several lengths, and the
    padded batches that must take the general path); else `model` unchanged. Also
    returns the variant alone (verified on single unpadded items), or None: served by
    itself where chunks run one at a time, it spares ONNX Runtime packing the weights
    of the general branch too at load (the loader falls back to the whole graph for a
    run whose masks are not all ones).

    Runs last, on the graph as it will be served (rewritten, quantized for int8):
    ONNX Runtime's quantizer does not look inside If branches."""
    name = "single_item_masks"
    try:
        graph = Graph(model)
        summary = remove_noop_masks(graph)
        if not summary:
            log(f"{graph_name}: {name}: nothing to change")
            return model, None
        general = Graph(model)
        merge_duplicates(general)  # ONNX Runtime will not inside the If
        merge_duplicates(graph)
        single = graph.to_model()
        combined = with_single_item_path(general.to_model(), single)
    except Exception as exc:  # a surprise in the graph costs speed, never the build
        log(f"{graph_name}: {name}: SKIPPED, rewrite failed ({exc})")
        return model, None
    check = verify(model, combined, cases=CASES + SINGLE_ITEM_CASES)
    if not check.passed:
        log(f"{graph_name}: {name}: SKIPPED, did not verify ({check.detail})")
        return model, None
    alone = verify(model, single, cases=SINGLE_ITEM_CASES)
    log(
        f"{graph_name}: {name}: {summary} on a second path, taken when every mask is "
        f"all ones (the general graph serves batched and padded runs); verified "
        f"({check.detail})"
        + (
            "; the path alone too, for runs one at a time"
            if alone.passed
            else f"; the path alone did not verify ({alone.detail}), not written"
        )
    )
    return combined, single if alone.passed else None
