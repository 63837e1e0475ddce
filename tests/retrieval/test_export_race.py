"""An API and its workers started together on one ONNX cache folder export the same graph at the
same moment: each process writes its own temporary file, so none fails on a file another one
renamed away and the graph left behind opens."""

from __future__ import annotations

import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

EXPORTER = """
import sys, time
import torch
from retrieval.onnx_export import export, open_session

class Tiny(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(100_000, 64)  # 25 MB: long enough writes to overlap

    def forward(self, input_ids, attention_mask):
        return (self.embed(input_ids) * attention_mask.unsqueeze(-1)).sum(1)

target, start = sys.argv[1], float(sys.argv[2])
module = Tiny()
while time.time() < start:  # both processes leave the line together
    time.sleep(0.001)
for _ in range(8):
    export(module, __import__("pathlib").Path(target), ["input_ids", "attention_mask"], "out")
open_session(target, threads=1)
"""


def test_two_processes_exporting_one_graph_both_succeed(tmp_path: Path):
    target = tmp_path / "model.onnx"
    start = time.time() + 6  # after both have imported torch
    procs = [
        subprocess.Popen(
            [sys.executable, "-c", EXPORTER, str(target), str(start)],
            cwd=Path(__file__).resolve().parents[2],
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(2)
    ]
    errors = [proc.communicate(timeout=120)[1] for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0], "\n".join(errors)[-2000:]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model.onnx"]  # no temporary file left


def test_a_failed_export_leaves_nothing_and_a_killed_writers_leftover_is_removed(tmp_path: Path):
    import os

    import torch

    from retrieval.onnx_export import STALE_TMP_S, _written_through, export

    class Broken(torch.nn.Module):
        def forward(self, input_ids, attention_mask):
            raise RuntimeError("this graph cannot be traced")

    target = tmp_path / "model.onnx"
    old = tmp_path / "model.onnx.4242-1.tmp"  # a writer killed mid-export, long ago
    fresh = tmp_path / "model.onnx.4343-1.tmp"  # another process exporting right now
    for leftover in (old, fresh):
        leftover.write_bytes(b"half a graph")
    os.utime(old, (time.time() - STALE_TMP_S - 60,) * 2)
    with pytest.raises(RuntimeError, match="cannot be traced"):
        export(Broken(), target, ["input_ids", "attention_mask"], "out")
    assert sorted(p.name for p in tmp_path.iterdir()) == [fresh.name]
    with (
        pytest.raises(RuntimeError, match="disk full"),
        _written_through(target) as tmp,
    ):  # fails halfway
        tmp.write_bytes(b"half a graph")
        raise RuntimeError("disk full")
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        fresh.name
    ]  # its own temporary file removed too
