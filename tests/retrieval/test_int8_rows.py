"""Per-row int8 MatMuls (retrieval/_int8_rows.py) on small graphs the tests build: close to fp32,
and a row's result is its own whatever it is batched with (ONNX Runtime's dynamic quantisation,
one scale per tensor, is not)."""

from __future__ import annotations

import numpy as np
import pytest

from retrieval._int8_rows import quantize_rows

onnx = pytest.importorskip("onnx")
ort = pytest.importorskip("onnxruntime")


def two_layer_graph(path, opset: int = 17, seed: int = 0) -> None:
    """x[B, T, 24] → relu(x·W1) and x·W2 (two MatMuls reading one input) → their sum ·W3 → y."""
    from onnx import TensorProto, helper, numpy_helper

    rng = np.random.default_rng(seed)
    w1, w2 = rng.normal(size=(24, 40)), rng.normal(size=(24, 40))
    w3 = rng.normal(size=(40, 8))
    graph = helper.make_graph(
        [
            helper.make_node("MatMul", ["x", "w1"], ["h1"]),
            helper.make_node("Relu", ["h1"], ["r1"]),
            helper.make_node("MatMul", ["x", "w2"], ["h2"]),
            helper.make_node("Add", ["r1", "h2"], ["h"]),
            helper.make_node("MatMul", ["h", "w3"], ["y"]),
        ],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["batch", "tokens", 24])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["batch", "tokens", 8])],
        [
            numpy_helper.from_array(w.astype(np.float32), name)
            for name, w in (("w1", w1), ("w2", w2), ("w3", w3))
        ],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", opset)])
    model.ir_version = 8
    onnx.save(model, str(path))


def run(path, x: np.ndarray) -> np.ndarray:
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    return session.run(None, {"x": x.astype(np.float32)})[0]


@pytest.mark.parametrize("opset", [17, 18])
def test_the_int8_graph_stays_close_to_fp32(tmp_path, opset):
    fp32, int8 = tmp_path / "fp32.onnx", tmp_path / "int8.onnx"
    two_layer_graph(fp32, opset)
    assert quantize_rows(fp32, int8) == 3
    x = np.random.default_rng(1).normal(size=(3, 5, 24))
    exact, approx = run(fp32, x), run(int8, x)
    assert np.abs(approx - exact).max() < 0.02 * np.abs(exact).max()
    types = [n.op_type for n in onnx.load(str(int8)).graph.node]
    assert "MatMul" not in types and types.count("MatMulInteger") == 3
    assert types.count("Abs") == 2  # the input both first MatMuls read is quantised once


def test_a_rows_result_does_not_depend_on_the_rows_beside_it(tmp_path):
    from onnxruntime.quantization import QuantType, quantize_dynamic

    fp32, rows, dynamic = tmp_path / "fp32.onnx", tmp_path / "rows.onnx", tmp_path / "dyn.onnx"
    two_layer_graph(fp32)
    quantize_rows(fp32, rows)
    quantize_dynamic(str(fp32), str(dynamic), weight_type=QuantType.QInt8, per_channel=True)
    rng = np.random.default_rng(2)
    alone = rng.normal(size=(1, 5, 24))
    loud = 50 * rng.normal(size=(1, 5, 24))  # another pair whose activations span far more
    batch = np.concatenate([alone, loud])
    assert np.allclose(run(rows, batch)[0], run(rows, alone)[0], rtol=1e-5, atol=1e-5)
    # the per-tensor scale that this module replaces: the same row comes out otherwise
    assert not np.allclose(run(dynamic, batch)[0], run(dynamic, alone)[0], rtol=1e-3, atol=1e-3)


def test_quantising_is_deterministic(tmp_path):
    fp32 = tmp_path / "fp32.onnx"
    two_layer_graph(fp32)
    quantize_rows(fp32, tmp_path / "a.onnx")
    quantize_rows(fp32, tmp_path / "b.onnx")
    assert (tmp_path / "a.onnx").read_bytes() == (tmp_path / "b.onnx").read_bytes()
