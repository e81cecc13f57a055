"""Exact graph rewrites, matched by graph structure (never by node names).

Each rewrite takes a `Graph` and returns a one-line account of what it changed ("" for
nothing); it
must leave the graph computing the same function (up to float rounding), which
`build.verify` checks on seeded random inputs before the result is used.

- `pointwise_conv_to_matmul`: Conv with a 1-wide kernel, one group, no padding or
  stride is a per-position matrix product. ONNX Runtime's CPU Conv splits its work
  across batch items and groups, so at batch 1 most of it runs on one thread;
  MatMul on the channel-last view splits across every thread. It becomes
  Transpose -> MatMul -> Add -> Transpose, and `fold_transposes` then removes the
  transposes that meet their inverse (the released ConvNeXt blocks transpose back
  and forth around LayerNorm only because their pointwise layers are Conv).
- `fold_transposes`: moves a Transpose below elementwise ops (constants permuted to
  match), then cancels Transpose pairs that undo each other.
- `share_cfg_prefix`: classifier-free guidance tiles the latent, masks and time to a
  doubled batch; every op that only reads tiled tensors computes the same values
  in both halves. Tile is moved below such ops until the first op that reads the
  text or style condition, so that prefix runs once on the un-doubled batch.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import onnx

from model_layer.build.graph import Graph, Node
from model_layer.build.verify import verify

UNARY_ELEMENTWISE = {
    "Erf", "Tanh", "Sigmoid", "Relu", "Sqrt", "Exp", "Neg", "Abs", "Sin", "Cos",
    "Identity", "Cast", "Not", "Reciprocal", "Softplus",
}  # fmt: skip
BINARY_ELEMENTWISE = {
    "Add", "Sub", "Mul", "Div", "Pow", "Equal", "Where", "Max", "Min", "And", "Or",
    "Greater", "Less",
}  # fmt: skip
ELEMENTWISE = UNARY_ELEMENTWISE | BINARY_ELEMENTWISE


def _perm(node: Node) -> list[int] | None:
    perm = node.attr("perm")
    return [int(p) for p in perm] if perm is not None else None  # type: ignore[union-attr]


# -- Conv(k=1) -> MatMul ---------------------------------------------------------------


def _is_pointwise_conv(graph: Graph, node: Node) -> bool:
    if node.op_type != "Conv" or node.domain not in ("", "ai.onnx"):
        return False
    weight = graph.const_value(node.inputs[1])
    if weight is None or weight.ndim != 3 or weight.shape[2] != 1:
        return False
    if len(node.inputs) > 2 and node.inputs[2] and graph.const_value(node.inputs[2]) is None:
        return False
    if int(node.attr("group", 1)) != 1:  # type: ignore[arg-type]
        return False
    if any(int(s) != 1 for s in node.attr("strides", [1])):  # type: ignore[union-attr]
        return False
    if any(int(p) != 0 for p in node.attr("pads", [0, 0])):  # type: ignore[union-attr]
        return False
    auto_pad = node.attr("auto_pad", b"NOTSET")
    return auto_pad in (b"NOTSET", "NOTSET", b"VALID", "VALID")


def pointwise_conv_to_matmul(graph: Graph) -> str:
    converted = 0
    new_nodes: list[Node] = []
    for node in graph.nodes:
        if not _is_pointwise_conv(graph, node):
            new_nodes.append(node)
            continue
        weight = graph.const_value(node.inputs[1])
        assert weight is not None
        matrix = np.ascontiguousarray(weight[:, :, 0].T)  # [C_in, C_out]
        channel_last = graph.fresh("cl")
        new_nodes.append(Node("Transpose", [node.inputs[0]], [channel_last], {"perm": [0, 2, 1]}))
        product = graph.fresh("mm")
        new_nodes.append(Node("MatMul", [channel_last, graph.constant(matrix, "w")], [product]))
        if len(node.inputs) > 2 and node.inputs[2]:
            biased = graph.fresh("bias")
            new_nodes.append(Node("Add", [product, node.inputs[2]], [biased]))
            product = biased
        new_nodes.append(Node("Transpose", [product], [node.outputs[0]], {"perm": [0, 2, 1]}))
        converted += 1
    graph.nodes = new_nodes
    return f"{converted} pointwise Conv -> MatMul" if converted else ""


# -- moving a wrapping op (Transpose, Tile) below the ops it commutes with --------------


def _push_below(
    graph: Graph,
    wrapper_key: Callable[[Node], object | None],
    lift_constant: Callable[[np.ndarray, object, Node], np.ndarray | None],
    commutes: Callable[[Node, object], bool],
    rewrap: Callable[[str, object, Node], Node | None],
) -> int:
    """Rewrite op(W(a), W(b), c) as W(op(a, b, c')) wherever it is exact.

    `wrapper_key(n)` identifies a wrapping node (its perm / repeats) or None;
    `lift_constant` gives the constant to use below the wrapper (None: not possible);
    `commutes(op, key)` says the op commutes with the wrapper; `rewrap` builds the
    wrapper node for the op's output (None: the output's rank is unknown)."""
    moved = 0
    changed = True
    while changed:
        changed = False
        producers = graph.producers()
        for node in list(graph.nodes):
            if len(node.outputs) != 1:
                continue
            key = None
            inner_inputs: list[str] = []
            ok = True
            for name in node.inputs:
                if not name:
                    inner_inputs.append(name)
                    continue
                value = graph.const_value(name)
                if value is not None:
                    inner_inputs.append(name)  # lifted below, once the key is known
                    continue
                parent = producers.get(name)
                parent_key = wrapper_key(parent) if parent is not None else None
                if parent is None or parent_key is None or (key is not None and key != parent_key):
                    ok = False
                    break
                key = parent_key
                inner_inputs.append(parent.inputs[0])
            if not ok or key is None or not commutes(node, key):
                continue
            lifted = []
            for original, inner in zip(node.inputs, inner_inputs, strict=True):
                value = graph.const_value(original) if original else None
                if value is None:
                    lifted.append(inner)
                    continue
                new_value = lift_constant(value, key, node)
                if new_value is None:
                    ok = False
                    break
                lifted.append(original if new_value is value else graph.constant(new_value))
            if not ok:
                continue
            inner_out = graph.fresh(node.op_type.lower())
            wrapper = rewrap(inner_out, key, node)
            if wrapper is None:
                continue
            graph.nodes.remove(node)
            graph.nodes.append(
                Node(node.op_type, lifted, [inner_out], dict(node.attrs), node.domain)
            )
            graph.nodes.append(wrapper)
            moved += 1
            changed = True
            break  # producers changed; rescan
    return moved


def _transpose_key(node: Node) -> tuple[int, ...] | None:
    if node.op_type != "Transpose":
        return None
    perm = _perm(node)
    return tuple(perm) if perm is not None else None


def _lift_through_transpose(value: np.ndarray, key: object, _node: Node) -> np.ndarray | None:
    perm = list(key)  # type: ignore[call-overload]
    if value.size == 1 and value.ndim <= len(perm):
        return value
    if value.ndim > len(perm):
        return None
    full = value.reshape((1,) * (len(perm) - value.ndim) + value.shape)
    return np.ascontiguousarray(np.transpose(full, np.argsort(perm)))


def _cancel_transposes(graph: Graph) -> int:
    cancelled = 0
    changed = True
    while changed:
        changed = False
        producers = graph.producers()
        for node in graph.nodes:
            if node.op_type != "Transpose":
                continue
            parent = producers.get(node.inputs[0])
            if parent is None or parent.op_type != "Transpose":
                continue
            inner, outer = _perm(parent), _perm(node)
            if inner is None or outer is None:
                continue
            combined = [inner[p] for p in outer]
            if combined == sorted(combined):
                graph.nodes.remove(node)
                graph.rename_uses(node.outputs[0], parent.inputs[0])
            else:
                node.inputs = [parent.inputs[0]]
                node.attrs["perm"] = combined
            cancelled += 1
            changed = True
            break
    return cancelled


def fold_transposes(graph: Graph) -> str:
    before = graph.op_counts()["Transpose"]
    moved = _push_below(
        graph,
        _transpose_key,
        _lift_through_transpose,
        lambda node, _key: node.op_type in ELEMENTWISE and node.domain in ("", "ai.onnx"),
        lambda inner, key, node: Node(
            "Transpose",
            [inner],
            [node.outputs[0]],
            {"perm": list(key)},  # type: ignore[call-overload]
        ),
    )
    cancelled = _cancel_transposes(graph)
    graph.prune()
    after = graph.op_counts()["Transpose"]
    if not moved and not cancelled:
        return ""
    return f"{moved} ops moved past Transpose, Transpose {before} -> {after}"


# -- classifier-free guidance: Tile below the batch-wise ops ------------------------------


def _tile_key(graph: Graph) -> Callable[[Node], tuple[int, int] | None]:
    """(batch repeats, rank) of a Tile that repeats only the batch axis."""

    def key(node: Node) -> tuple[int, int] | None:
        if node.op_type != "Tile":
            return None
        repeats = graph.const_value(node.inputs[1])
        if repeats is None or repeats.ndim != 1 or len(repeats) < 1:
            return None
        if int(repeats[0]) < 2 or any(int(r) != 1 for r in repeats[1:]):
            return None
        return int(repeats[0]), len(repeats)

    return key


def _ints(graph: Graph, name: str) -> list[int] | None:
    value = graph.const_value(name) if name else None
    return None if value is None else [int(v) for v in value.ravel()]


def _batchwise_rank(graph: Graph, node: Node, rank: int) -> int | None:
    """The output rank if `node` computes each batch item from that item alone
    (given a first input of `rank`), else None."""
    op, attr = node.op_type, node.attr
    if node.domain not in ("", "ai.onnx"):
        return None
    if op in ELEMENTWISE:
        ranks = [rank] + [
            graph.const_value(i).ndim  # type: ignore[union-attr]
            for i in node.inputs
            if i and graph.const_value(i) is not None
        ]
        return max(ranks)
    if op == "Conv":
        return rank
    if op == "MatMul":
        other = graph.const_value(node.inputs[1])
        if other is not None:
            return rank if other.ndim <= 2 and graph.const_value(node.inputs[0]) is None else None
        return rank if rank >= 3 else None  # both operands tiled: batched product
    if op == "Gemm":
        weights = graph.const_value(node.inputs[1])
        return 2 if not attr("transA", 0) and weights is not None else None
    if op == "Transpose":
        perm = _perm(node)
        return rank if perm and perm[0] == 0 else None
    if op in ("LayerNormalization", "Softmax"):
        axis = int(attr("axis", -1))  # type: ignore[arg-type]
        return rank if axis % rank != 0 and len(node.outputs) == 1 else None
    if op == "Pad":
        pads = _ints(graph, node.inputs[1])
        no_axes = len(node.inputs) < 4 or not node.inputs[3]
        return rank if pads and pads[0] == 0 and pads[rank] == 0 and no_axes else None
    if op == "Unsqueeze":
        axes = _ints(graph, node.inputs[1])
        return rank + len(axes) if axes and all(a > 0 for a in axes) else None
    if op == "Reshape":
        shape = _ints(graph, node.inputs[1])
        ok = shape and shape[0] == 0 and not attr("allowzero", 0)
        return len(shape) if ok else None  # type: ignore[arg-type]
    if op in ("ReduceSum", "ReduceMean", "ReduceMax"):
        axes = _ints(graph, node.inputs[1]) if len(node.inputs) > 1 else attr("axes")
        if not axes or any(int(a) % rank == 0 for a in axes):  # type: ignore[union-attr]
            return None
        keep = int(attr("keepdims", 1))  # type: ignore[arg-type]
        return rank if keep else rank - len(axes)  # type: ignore[arg-type]
    if op == "Concat":
        axis = int(attr("axis"))  # type: ignore[arg-type]
        constants = any(graph.const_value(i) is not None for i in node.inputs)
        return rank if axis % rank != 0 and not constants else None
    return None


def share_cfg_prefix(graph: Graph) -> str:
    tile_key = _tile_key(graph)
    before = graph.op_counts()

    def lift(value: np.ndarray, key: object, node: Node) -> np.ndarray | None:
        _, rank = key  # type: ignore[misc]
        if node.op_type not in ELEMENTWISE:
            return value  # weights, shapes, axes: not broadcast against the batch
        # A broadcast operand with the batch axis must not vary along it.
        return value if value.ndim < rank or value.shape[0] == 1 else None

    def commutes(node: Node, key: object) -> bool:
        return _batchwise_rank(graph, node, key[1]) is not None  # type: ignore[index]

    def rewrap(inner: str, key: object, node: Node) -> Node | None:
        repeats, rank = key  # type: ignore[misc]
        out_rank = _batchwise_rank(graph, node, rank)
        if out_rank is None:
            return None
        reps = graph.constant(np.array([repeats] + [1] * (out_rank - 1), np.int64), "repeats")
        return Node("Tile", [inner, reps], [node.outputs[0]])

    # The key carries the rank, so the wrapper keys of two Tiles match only when both
    # the repeats and the rank do: ops mixing ranks (mask [B,1,L] * x [B,C,L]) still
    # match because both are rank 3; a rank-1 time step meets rank-3 tensors only
    # through Unsqueeze, whose output wrapper has the new rank.
    moved = _push_below(graph, tile_key, lift, commutes, rewrap)
    if not moved:
        return ""
    graph.prune()
    after = graph.op_counts()
    return (
        f"{moved} ops now run once on the un-doubled batch "
        f"(Tile {before['Tile']} -> {after['Tile']})"
    )


REWRITES: dict[str, Callable[[Graph], str]] = {
    "pointwise_conv_to_matmul": pointwise_conv_to_matmul,
    "fold_transposes": fold_transposes,
    "share_cfg_prefix": share_cfg_prefix,
}


def apply_rewrites(
    model: onnx.ModelProto, graph_name: str, log: Callable[[str], None] = print
) -> tuple[onnx.ModelProto, list[str]]:
    """Every rewrite in turn, each kept only if the result still verifies against the
    unmodified graph; returns the model and the names of the rewrites kept."""
    original = model
    current = model
    kept: list[str] = []
    for rewrite_name, rewrite in REWRITES.items():
        graph = Graph(current)
        before = graph.op_counts()
        try:
            summary = rewrite(graph)
            if not summary:
                log(f"{graph_name}: {rewrite_name}: nothing to change")
                continue
            candidate = graph.to_model()
        except Exception as exc:  # a surprise in the graph costs speed, never the build
            log(f"{graph_name}: {rewrite_name}: SKIPPED, rewrite failed ({exc})")
            continue
        after = Graph(candidate).op_counts()
        check = verify(original, candidate)
        if not check.passed:
            log(f"{graph_name}: {rewrite_name}: SKIPPED, did not verify ({check.detail})")
            continue
        delta = (
            ", ".join(
                f"{op} {before[op]}->{after[op]}"
                for op in sorted(set(before) | set(after))
                if before[op] != after[op]
            )
            or "same op counts"
        )
        log(f"{graph_name}: {rewrite_name}: {summary}; nodes: {delta}; verified ({check.detail})")
        current = candidate
        kept.append(rewrite_name)
    return current, kept
