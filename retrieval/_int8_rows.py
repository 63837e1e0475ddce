"""Int8 MatMuls whose result for a row depends on that row alone (per-row dynamic quantisation).

ONNX Runtime's dynamic quantisation (`quantize_dynamic`) scales a MatMul's activations by the
range of the whole tensor: every row of a batch shares one scale, so a pair's judgement moves with
the pairs it is batched with (docs/measurements.md, "Exact comparison"). Here each row (token) of
an activation gets its own scale, and each weight column its own:

    A ─Abs─ReduceMax(last axis)─×1/127─▶ s (one per row)
    A ÷ s ─Round─+128─Cast(uint8)─▶ MatMulInteger(·, W_int8, zero point 128) ─Cast─×s─×w─▶ A·W

Weights are quantised symmetrically per output column (w = max|W[:, j]| / 127). The rows that share
an input (query, key and value read the same hidden states) share its quantisation. Only standard
ONNX operators, so any ONNX Runtime runs it; ``MatMulInteger`` takes the int8 path (VNNI where the
CPU has it). Data-free and deterministic: the same fp32 graph always gives the same file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

# in the cached file's name: a change to the graph below takes a new version
SUFFIX = "int8-rows-v1"


def quantize_rows(source: Path, target: Path) -> int:
    """Blocking: write ``target``, ``source``'s graph with every MatMul against a constant 2-D
    weight in per-row int8. Returns how many MatMuls it quantised."""
    import onnx
    from onnx import numpy_helper

    model = onnx.load(str(source))
    graph = model.graph
    weights = {i.name: i for i in graph.initializer if len(i.dims) == 2}
    axes_input = _opset(model) >= 18  # ReduceMax takes its axes as an input from opset 18 on
    constants = {
        "rows_inv127": np.array(1 / 127, np.float32),
        "rows_eps": np.array(1e-12, np.float32),
        "rows_zero_u8": np.array(128, np.uint8),
        "rows_zero_f": np.array(128, np.float32),
        "rows_axes": np.array([-1], np.int64),
    }
    added = [numpy_helper.from_array(v, k) for k, v in constants.items()]
    nodes: list[Any] = []
    inputs: dict[str, str] = {}  # activation → the prefix of its quantised tensors
    count = 0
    for node in graph.node:
        if node.op_type != "MatMul" or node.input[1] not in weights:
            nodes.append(node)
            continue
        count += 1
        w = numpy_helper.to_array(weights[node.input[1]]).astype(np.float32)
        scale = np.maximum(np.abs(w).max(axis=0), 1e-12) / 127
        name = f"rows_w{count}"
        added += [
            numpy_helper.from_array(np.round(w / scale).astype(np.int8), f"{name}_q"),
            numpy_helper.from_array(scale.astype(np.float32), f"{name}_scale"),
        ]
        a = node.input[0]
        if a not in inputs:
            inputs[a] = f"rows_a{len(inputs) + 1}"
            nodes += _quantised_rows(a, inputs[a], axes_input)
        nodes += _product(inputs[a], name, node.output[0])
    graph.ClearField("node")
    graph.node.extend(nodes)
    used = {i for n in nodes for i in n.input}
    kept = [i for i in graph.initializer if i.name in used]
    graph.ClearField("initializer")
    graph.initializer.extend(kept + [i for i in added if i.name in used])
    onnx.save(model, str(target))
    return count


def _quantised_rows(a: str, k: str, axes_input: bool) -> list[Any]:
    """Nodes that turn activation ``a`` into ``{k}_u8`` (uint8, zero point 128) and its per-row
    scale ``{k}_scale``; ``axes_input``: the graph's ReduceMax reads its axes as an input."""
    from onnx import TensorProto, helper

    row_max = (
        helper.make_node("ReduceMax", [f"{k}_abs", "rows_axes"], [f"{k}_max"], keepdims=1)
        if axes_input
        else helper.make_node("ReduceMax", [f"{k}_abs"], [f"{k}_max"], axes=[-1], keepdims=1)
    )
    return [
        helper.make_node("Abs", [a], [f"{k}_abs"]),
        row_max,
        helper.make_node("Max", [f"{k}_max", "rows_eps"], [f"{k}_max1"]),
        helper.make_node("Mul", [f"{k}_max1", "rows_inv127"], [f"{k}_scale"]),
        helper.make_node("Div", [a, f"{k}_scale"], [f"{k}_div"]),
        helper.make_node("Round", [f"{k}_div"], [f"{k}_round"]),
        helper.make_node("Add", [f"{k}_round", "rows_zero_f"], [f"{k}_shift"]),
        helper.make_node("Cast", [f"{k}_shift"], [f"{k}_u8"], to=TensorProto.UINT8),
    ]


def _product(k: str, name: str, out: str) -> list[Any]:
    """Nodes for ``out`` = the int8 product of quantised rows ``k`` and weight ``name``, scaled
    back by the row's scale and the column's."""
    from onnx import TensorProto, helper

    return [
        helper.make_node(
            "MatMulInteger", [f"{k}_u8", f"{name}_q", "rows_zero_u8"], [f"{name}_i32"]
        ),
        helper.make_node("Cast", [f"{name}_i32"], [f"{name}_f"], to=TensorProto.FLOAT),
        helper.make_node("Mul", [f"{name}_f", f"{k}_scale"], [f"{name}_rows"]),
        helper.make_node("Mul", [f"{name}_rows", f"{name}_scale"], [out]),
    ]


def _opset(model: Any) -> int:
    return next((o.version for o in model.opset_import if o.domain in ("", "ai.onnx")), 0)
