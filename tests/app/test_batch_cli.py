"""`claimcheck batch`: through a running server and in this process; resumable."""

from __future__ import annotations

import asyncio
import csv
import json
import subprocess
import sys

import pytest

from app.cli import main
from tests.app.test_processes import serve_env
from tests.app.test_stream import live_server
from tests.conftest import app_client, make_settings


def lines(path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines()]


@pytest.mark.slow
async def test_batch_through_a_server_writes_every_item_once_and_resumes(tmp_path, minilm, capsys):
    source, out = tmp_path / "claims.csv", tmp_path / "results.jsonl"
    source.write_text("id,claim\nflat,The Earth is flat\nmoon,Apollo 11 landed on the Moon in 1969\n,   \n")
    async with app_client(make_settings(tmp_path), embedder=minilm) as client, live_server(client.app) as url:
        code = await asyncio.to_thread(main, ["batch", str(source), "--api", url, "--out", str(out), "--no-web"])
        first_err = capsys.readouterr().err
        first = lines(out)
        # nothing new: nothing is submitted
        again = await asyncio.to_thread(main, ["batch", str(source), "--api", url, "--out", str(out)])
        again_err = capsys.readouterr().err
        # a new line in the file: only it is asked
        source.write_text(source.read_text() + "paris,Paris is the capital of France\n")
        more = await asyncio.to_thread(main, ["batch", str(source), "--api", url, "--out", str(out), "--quiet"])
        # an interrupted run left its job id beside --out: the re-run follows that job, no new one
        source.write_text(source.read_text() + "rome,Rome is in Italy\n")
        pending = (await client.post("/api/jobs", json={"items": [{"id": "rome", "claim": "Rome is in Italy"}]})).json()
        (tmp_path / "results.jsonl.job").write_text(json.dumps({"job": pending["id"]}))
        resumed = await asyncio.to_thread(main, ["batch", str(source), "--api", url, "--out", str(out), "--quiet"])
        jobs = (await client.get("/api/jobs")).json()["jobs"]
        csv_out = tmp_path / "results.csv"
        as_csv = await asyncio.to_thread(main, ["batch", str(source), "--api", url, "--out", str(csv_out), "--quiet"])
    assert code == 0, first_err
    assert [row["id"] for row in first] == ["flat", "moon", "3"]
    assert first[0]["status"] == "done" and first[0]["result"]["evidence"][0]["domain"] == "nasa.gov"
    assert first[2]["status"] == "failed" and first[2]["error"].startswith("invalid claim")
    assert "claim/s" in first_err or "claim]" in first_err  # the progress bar
    assert "2 answered, 1 failed" in first_err
    assert again == 0 and "already in" in again_err
    assert more == 0 and resumed == 0 and as_csv == 0
    rows = lines(out)
    assert [row["id"] for row in rows] == ["flat", "moon", "3", "paris", "rome"]
    assert rows[:3] == first  # earlier answers untouched
    assert not (tmp_path / "results.jsonl.job").exists()
    assert [job["total"] for job in jobs] == [1, 1, 3]  # newest first: rome (the API's), paris, the first
    table = list(csv.DictReader(csv_out.open()))
    assert [r["id"] for r in table] == ["flat", "moon", "3", "paris", "rome"] and table[0]["verdict"]


@pytest.mark.slow
def test_batch_in_process_uses_the_local_jobs_database(tmp_path):
    source, out = tmp_path / "claims.jsonl", tmp_path / "out.csv"
    source.write_text('{"id": "a", "claim": "The Earth is flat"}\n{"id": "b", "claim": "Water is wet"}\n')
    env = serve_env(tmp_path / "kb", 8000) | {"RERANKER_MODEL": "none", "LOCAL_JUDGE": "false"}
    run = subprocess.run([sys.executable, "-m", "app.cli", "batch", str(source), "--out", str(out)], env=env,
                         cwd=tmp_path, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr[-2000:]
    table = list(csv.DictReader(out.open()))
    assert [r["id"] for r in table] == ["a", "b"] and all(r["status"] == "done" for r in table)
    assert "nasa.gov" in table[0]["evidence_urls"]
    assert (tmp_path / "kb-jobs.sqlite3").is_file()
