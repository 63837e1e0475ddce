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
    procs = [subprocess.Popen([sys.executable, "-c", EXPORTER, str(target), str(start)],
                              cwd=Path(__file__).resolve().parents[2], stderr=subprocess.PIPE, text=True)
             for _ in range(2)]
    errors = [proc.communicate(timeout=120)[1] for proc in procs]
    assert [proc.returncode for proc in procs] == [0, 0], "\n".join(errors)[-2000:]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["model.onnx"]  # no temporary file left
