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
    source.write_text(
        "id,claim\nflat,The Earth is flat\nmoon,Apollo 11 landed on the Moon in 1969\n,   \n"
    )
    async with (
        app_client(make_settings(tmp_path), embedder=minilm) as client,
        live_server(client.app) as url,
    ):
        code = await asyncio.to_thread(
            main, ["batch", str(source), "--api", url, "--out", str(out), "--no-web"]
        )
        first_err = capsys.readouterr().err
        first = lines(out)
        # nothing new: nothing is submitted
        again = await asyncio.to_thread(
            main, ["batch", str(source), "--api", url, "--out", str(out)]
        )
        again_err = capsys.readouterr().err
        # a new line in the file: only it is asked
        source.write_text(source.read_text() + "paris,Paris is the capital of France\n")
        more = await asyncio.to_thread(
            main, ["batch", str(source), "--api", url, "--out", str(out), "--quiet"]
        )
        # an interrupted run left its job id beside --out: the re-run follows that job, no new one
        source.write_text(source.read_text() + "rome,Rome is in Italy\n")
        pending = (
            await client.post(
                "/api/jobs", json={"items": [{"id": "rome", "claim": "Rome is in Italy"}]}
            )
        ).json()
        (tmp_path / "results.jsonl.job").write_text(json.dumps({"job": pending["id"]}))
        resumed = await asyncio.to_thread(
            main, ["batch", str(source), "--api", url, "--out", str(out), "--quiet"]
        )
        jobs = (await client.get("/api/jobs")).json()["jobs"]
        csv_out = tmp_path / "results.csv"
        as_csv = await asyncio.to_thread(
            main, ["batch", str(source), "--api", url, "--out", str(csv_out), "--quiet"]
        )
    assert code == 0, first_err
    assert [row["id"] for row in first] == ["flat", "moon", "3"]
    assert (
        first[0]["status"] == "done" and first[0]["result"]["evidence"][0]["domain"] == "nasa.gov"
    )
    assert first[2]["status"] == "failed" and first[2]["error"].startswith("invalid claim")
    assert "claim/s" in first_err or "claim]" in first_err  # the progress bar
    assert "2 answered, 1 failed" in first_err
    assert again == 0 and "already in" in again_err
    assert more == 0 and resumed == 0 and as_csv == 0
    rows = lines(out)
    assert [row["id"] for row in rows] == ["flat", "moon", "3", "paris", "rome"]
    assert rows[:3] == first  # earlier answers untouched
    assert not (tmp_path / "results.jsonl.job").exists()
    assert [job["total"] for job in jobs] == [
        1,
        1,
        3,
    ]  # newest first: rome (the API's), paris, the first
    table = list(csv.DictReader(csv_out.open()))
    assert [r["id"] for r in table] == ["flat", "moon", "3", "paris", "rome"] and table[0][
        "verdict"
    ]


@pytest.mark.slow
def test_batch_in_process_uses_the_local_jobs_database(tmp_path):
    source, out = tmp_path / "claims.jsonl", tmp_path / "out.csv"
    source.write_text(
        '{"id": "a", "claim": "The Earth is flat"}\n{"id": "b", "claim": "Water is wet"}\n'
    )
    env = serve_env(tmp_path / "kb", 8000) | {"RERANKER_MODEL": "none", "LOCAL_JUDGE": "false"}
    run = subprocess.run(
        [sys.executable, "-m", "app.cli", "batch", str(source), "--out", str(out)],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    table = list(csv.DictReader(out.open()))
    assert [r["id"] for r in table] == ["a", "b"] and all(r["status"] == "done" for r in table)
    assert "nasa.gov" in table[0]["evidence_urls"]
    assert (tmp_path / "kb-jobs.sqlite3").is_file()


@pytest.mark.slow
def test_ctrl_c_prints_no_traceback_but_how_to_resume_and_logs_stay_above_the_bar(tmp_path):
    """Issue 37: Ctrl-C printed a raw KeyboardInterrupt traceback and no hint that re-running
    resumes; WARNING lines were written through the progress bar."""
    import re
    import signal
    import time

    source, out = tmp_path / "claims.jsonl", tmp_path / "out.jsonl"
    source.write_text(
        "".join(
            json.dumps({"id": f"c{n}", "claim": f"The river number {n} flows into the sea."}) + "\n"
            for n in range(300)
        )
    )
    # the default reranker cannot load offline: its WARNING is logged while the bar is up
    env = serve_env(tmp_path / "kb", 8000) | {"LOCAL_JUDGE": "false"}
    env.pop("RERANKER_MODEL", None)
    log = tmp_path / "stderr.txt"
    with log.open("w") as stderr:
        proc = subprocess.Popen(
            [sys.executable, "-m", "app.cli", "batch", str(source), "--out", str(out), "--no-web"],
            env=env,
            cwd=tmp_path,
            stdout=subprocess.DEVNULL,
            stderr=stderr,
        )
    state = tmp_path / "out.jsonl.job"
    try:
        deadline = time.monotonic() + 180
        while not state.exists():
            assert proc.poll() is None, log.read_text()[-3000:]
            assert time.monotonic() < deadline, log.read_text()[-3000:]
            time.sleep(0.2)
        time.sleep(1.5)  # the bar moves
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=60)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    text = log.read_text()
    assert proc.returncode == 130, text[-3000:]
    assert "Traceback" not in text and "KeyboardInterrupt" not in text, text[-3000:]
    job_id = json.loads(state.read_text())["job"]
    assert f"Job {job_id} waits in the local jobs database" in text
    assert (
        f"To resume, run the same command again (answered items are skipped):\n  claimcheck batch {source} "
        f"--out {out} --no-web" in text
    )
    warnings = [line for line in text.split("\n") if "WARNING" in line]
    assert warnings, text[-3000:]
    stamp = re.compile(r"^\s*\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d+ WARNING ")
    for (
        line
    ) in warnings:  # each on a line of its own: the bar was cleared first, not written through
        assert stamp.match(line.split("\r")[-1]), repr(line)


async def test_a_ctrl_c_the_app_absorbs_still_stops_the_poll():
    """A Ctrl-C cancels the batch's task once; in CI the in-process app absorbed that cancellation
    and the batch ran on to the end (rc 0 instead of 130). The poll loop stops on the event too."""
    import httpx

    from app.batch_cli import _follow

    stop = asyncio.Event()

    class AbsorbingClient:  # Ctrl-C arrives while a request is in the app, which swallows it
        calls = 0

        async def get(self, url: str) -> httpx.Response:
            self.calls += 1
            stop.set()
            body = {"counts": {"done": 1, "failed": 0}, "state": "running"}
            return httpx.Response(200, json=body, request=httpx.Request("GET", f"http://t{url}"))

    client = AbsorbingClient()
    with pytest.raises(asyncio.CancelledError):
        await asyncio.wait_for(_follow(client, "job-1", None, 0, stop), timeout=10)
    assert client.calls == 1  # stopped at the next turn of the loop, not at the job's end
