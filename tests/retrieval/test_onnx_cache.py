"""The ONNX cache: folders keyed by the model files' contents (a reinstall — same files, new
modification times — reuses the exported graph instead of leaving another folder behind; changed
weights never reuse a stale graph, even with the same size and time), and folders no session opened
for 30 days removed when a new graph is exported."""

from __future__ import annotations

import os
import time

from retrieval.onnx_export import FP32_NAME, UNUSED_DAYS, cached_session, fingerprint


def model_folder(path, weights: bytes):
    path.mkdir(parents=True)
    (path / "config.json").write_text('{"model_type": "bert"}')
    (path / "vocab.txt").write_text("[PAD]\n[UNK]\nthe\n")
    (path / "model.safetensors").write_bytes(weights)
    return path


def test_a_reinstall_with_new_times_keeps_the_key(tmp_path):
    first = model_folder(tmp_path / "venv1" / "model", b"\x01" * 4096)
    second = model_folder(tmp_path / "venv2" / "model", b"\x01" * 4096)
    for name in ("config.json", "vocab.txt", "model.safetensors"):
        os.utime(second / name, ns=(10**18, 10**18))  # installed at another time
    assert fingerprint(first) == fingerprint(second)


def test_other_weights_change_the_key_even_with_the_same_size_and_time(tmp_path):
    first = model_folder(tmp_path / "a" / "model", b"\x01" * 4096)
    second = model_folder(tmp_path / "b" / "model", b"\x01" * 4095 + b"\x02")
    for folder in (first, second):
        for name in ("config.json", "vocab.txt", "model.safetensors"):
            os.utime(folder / name, ns=(10**18, 10**18))
    assert fingerprint(first) != fingerprint(second)
    (first / "vocab.txt").write_text("[PAD]\n[UNK]\nthe\nearth\n")  # a tokenizer file counts too
    assert fingerprint(first) != fingerprint(model_folder(tmp_path / "c" / "model", b"\x01" * 4096))


def identity_graph(target) -> None:
    """A real one-node ONNX graph (what an export writes), small enough for a unit test."""
    import onnx
    from onnx import TensorProto, helper

    graph = helper.make_graph(
        [helper.make_node("Identity", ["x"], ["y"])],
        "g",
        [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1])],
        [helper.make_tensor_value_info("y", TensorProto.FLOAT, [1])],
    )
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)]), str(target))


def aged(folder, days: float):
    folder.mkdir(parents=True, exist_ok=True)
    stamp = time.time() - days * 86400
    os.utime(folder, (stamp, stamp))
    return folder


def test_a_new_export_removes_only_our_folders_unused_for_a_month(tmp_path):
    cache = tmp_path / "onnx"
    old = aged(cache / "judge-aaaa-1111", 0)
    identity_graph(old / FP32_NAME)
    aged(old, UNUSED_DAYS + 5)
    recent = aged(cache / "judge-align-2222", 0)
    identity_graph(recent / FP32_NAME)
    aged(recent, UNUSED_DAYS - 5)
    foreign = aged(
        cache / "someone-elses", UNUSED_DAYS + 100
    )  # no graph of ours inside: left alone
    (foreign / "notes.txt").write_text("keep me")

    session = cached_session(cache / "judge-bbbb-3333", identity_graph, quantized=False, threads=1)
    assert [o.name for o in session.get_outputs()] == ["y"]
    assert sorted(p.name for p in cache.iterdir()) == [
        "judge-align-2222",
        "judge-bbbb-3333",
        "someone-elses",
    ]
    assert (foreign / "notes.txt").read_text() == "keep me"


def test_opening_a_cached_graph_marks_it_used_and_removes_nothing(tmp_path):
    cache = tmp_path / "onnx"
    cached = aged(cache / "model-4444", 0)
    identity_graph(cached / FP32_NAME)
    aged(cached, UNUSED_DAYS + 5)  # not opened for a while, then opened again
    other = aged(cache / "model-5555", 0)
    identity_graph(other / FP32_NAME)
    aged(other, UNUSED_DAYS + 5)

    cached_session(cached, identity_graph, quantized=False, threads=1)
    assert time.time() - cached.stat().st_mtime < 60  # used now: the next export keeps it
    assert other.exists()  # only exporting a new graph prunes; opening a cached one never deletes
