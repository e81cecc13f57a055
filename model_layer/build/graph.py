"""A small mutable view of an ONNX graph for the build-time rewrites.

Nodes are plain records, initializers numpy arrays; `to_model()` sorts the nodes
topologically and drops what no output needs. Only the image build and tests use it
(it needs the `onnx` package, which the function's run time does not).
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict
from dataclasses import dataclass, field

import numpy as np
import onnx
from onnx import helper, numpy_helper


@dataclass
class Node:
    op_type: str
    inputs: list[str]
    outputs: list[str]
    attrs: dict[str, object] = field(default_factory=dict)
    domain: str = ""
    name: str = ""

    def attr(self, key: str, default: object = None) -> object:
        return self.attrs.get(key, default)


class Graph:
    def __init__(self, model: onnx.ModelProto) -> None:
        self._model = model
        graph = model.graph
        self.nodes: list[Node] = [
            Node(
                n.op_type,
                list(n.input),
                list(n.output),
                {a.name: helper.get_attribute_value(a) for a in n.attribute},
                n.domain,
                n.name,
            )
            for n in graph.node
        ]
        self.constants: dict[str, np.ndarray] = {
            t.name: numpy_helper.to_array(t) for t in graph.initializer
        }
        for node in list(self.nodes):  # Constant nodes are constants too
            if node.op_type == "Constant" and "value" in node.attrs:
                value = node.attrs["value"]
                self.constants[node.outputs[0]] = numpy_helper.to_array(value)  # type: ignore[arg-type]
                self.nodes.remove(node)
        self.graph_inputs = [i.name for i in graph.input]
        self.graph_outputs = [o.name for o in graph.output]
        self._ids = itertools.count()
        self._taken = {o for n in self.nodes for o in n.outputs} | set(self.constants)
        self._taken |= {n.name for n in graph.node} | set(self.graph_inputs)

    # -- names and lookups ------------------------------------------------------------

    def fresh(self, hint: str) -> str:
        while True:
            name = f"rw{next(self._ids)}_{hint}"
            if name not in self._taken:
                self._taken.add(name)
                return name

    def constant(self, value: np.ndarray, hint: str = "const") -> str:
        name = self.fresh(hint)
        self.constants[name] = value
        return name

    def producers(self) -> dict[str, Node]:
        return {o: n for n in self.nodes for o in n.outputs}

    def consumers(self) -> dict[str, list[Node]]:
        found: dict[str, list[Node]] = defaultdict(list)
        for node in self.nodes:
            for name in node.inputs:
                if name:
                    found[name].append(node)
        return found

    def const_value(self, name: str) -> np.ndarray | None:
        return self.constants.get(name)

    def op_counts(self) -> Counter[str]:
        return Counter(n.op_type for n in self.nodes)

    def rename_uses(self, old: str, new: str) -> None:
        """Every consumer of `old` reads `new` instead (graph outputs keep their name
        through an Identity)."""
        for node in self.nodes:
            node.inputs = [new if i == old else i for i in node.inputs]
        if old in self.graph_outputs:
            self.nodes.append(Node("Identity", [new], [old], name=self.fresh("out")))

    # -- result -----------------------------------------------------------------------

    def prune(self) -> None:
        """Drop nodes and constants no graph output depends on."""
        producers = self.producers()
        needed: set[str] = set()
        stack = list(self.graph_outputs)
        live: list[Node] = []
        seen_nodes: set[int] = set()
        while stack:
            name = stack.pop()
            if name in needed:
                continue
            needed.add(name)
            node = producers.get(name)
            if node is not None and id(node) not in seen_nodes:
                seen_nodes.add(id(node))
                live.append(node)
                stack.extend(i for i in node.inputs if i)
        self.nodes = [n for n in self.nodes if id(n) in seen_nodes]
        self.constants = {k: v for k, v in self.constants.items() if k in needed}

    def sorted_nodes(self) -> list[Node]:
        producers = self.producers()
        order: list[Node] = []
        state: dict[int, int] = {}
        for root in self.nodes:
            stack = [(root, False)]
            while stack:
                node, done = stack.pop()
                if done:
                    if state.get(id(node)) != 2:
                        state[id(node)] = 2
                        order.append(node)
                    continue
                if state.get(id(node)):
                    continue
                state[id(node)] = 1
                stack.append((node, True))
                for name in node.inputs:
                    parent = producers.get(name)
                    if parent is not None and not state.get(id(parent)):
                        stack.append((parent, False))
        return order

    def to_model(self) -> onnx.ModelProto:
        self.prune()
        nodes = [
            helper.make_node(
                n.op_type, n.inputs, n.outputs, name=n.name or self.fresh(n.op_type),
                domain=n.domain or None, **n.attrs,
            )
            for n in self.sorted_nodes()
        ]  # fmt: skip
        old = self._model.graph
        initializers = [numpy_helper.from_array(v, k) for k, v in self.constants.items()]
        graph = helper.make_graph(nodes, old.name, list(old.input), list(old.output), initializers)
        model = helper.make_model(
            graph, opset_imports=list(self._model.opset_import), producer_name="supertonic-lambda"
        )
        model.ir_version = self._model.ir_version
        return model
