"""The ONNX cache folder is keyed by the model files' contents: a reinstall (same files, new
modification times) reuses the exported graph instead of leaving another folder behind, and changed
weights never reuse a stale graph, even with the same size and time."""

from __future__ import annotations

import os

from retrieval.onnx_export import fingerprint


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
