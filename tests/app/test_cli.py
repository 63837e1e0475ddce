"""`claimcheck verify` and `claimcheck kb search`: in this process, and through a running server."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys

import pytest

from app.cli import main
from app.schemas import VERIFY_EXAMPLE
from app.sse import frame, parse_stream
from app.terminal import format_hits, format_verdict
from tests.app.test_processes import serve_env
from tests.app.test_stream import live_server
from tests.conftest import app_client, make_settings


def test_the_verdict_reads_well_in_a_terminal():
    text = format_verdict(VERIFY_EXAMPLE)
    lines = text.splitlines()
    assert lines[0].startswith("FALSE") and "92% confidence" in lines[0]
    assert "FACTUAL claim · engine llm" in lines[1]
    assert "[1] Earth: Facts — nasa.gov (knowledge base, credibility 0.95, trust 0.93" in text
    assert "    https://science.nasa.gov/earth/facts/" in lines
    assert "\033[" not in text
    assert "\033[1;31mFALSE\033[0m" in format_verdict(VERIFY_EXAMPLE, color=True)
    assert format_hits([]) == "no matching documents"


def test_the_stream_parser_reads_what_the_server_frames():
    text = (
        ": comment\n\n"
        + frame("step", {"index": 1, "step": "a\nb"})
        + frame("result", {"ok": True})
    )
    assert list(parse_stream(text.split("\n"))) == [
        ("step", {"index": 1, "step": "a\nb"}),
        ("result", {"ok": True}),
    ]


@pytest.mark.slow
async def test_verify_and_kb_search_through_a_running_server(tmp_path, minilm, capsys):
    async with (
        app_client(make_settings(tmp_path), embedder=minilm) as client,
        live_server(client.app) as url,
    ):
        code = await asyncio.to_thread(main, ["verify", "The Earth is flat", "--api", url])
        out, err = capsys.readouterr()
        assert code == 0, err
        assert out.startswith("FALSE")  # NASA's "not flat", decided by exact comparison
        assert (
            "[1] Earth: Facts — nasa.gov" in out and "https://science.nasa.gov/earth/facts/" in out
        )
        assert "   1. Classified as FACTUAL" in err  # steps shown live on stderr

        code = await asyncio.to_thread(
            main, ["verify", "The Earth is flat", "--api", url, "--json"]
        )
        out, err = capsys.readouterr()
        assert code == 0 and err == ""
        assert json.loads(out)["evidence"][0]["domain"] == "nasa.gov"

        code = await asyncio.to_thread(main, ["verify", " ", "--api", url])
        assert code == 2
        capsys.readouterr()

        # --reference sends the API's `references`: the reference is the evidence, alone
        reference = "Measurements by the Borovia Survey found that the river Xanthe is 212 km long."
        argv = ["verify", "The river Xanthe is 540 km long", "--reference", reference]
        code = await asyncio.to_thread(main, [*argv, "--api", url, "--json"])
        out, err = capsys.readouterr()
        assert code == 0, err
        body = json.loads(out)
        assert [(e["origin"], e["text"]) for e in body["evidence"]] == [("reference", reference)]
        assert "1 text(s) supplied as references" in " ".join(body["steps"])
    code = await asyncio.to_thread(main, ["verify", "The Earth is flat", "--api", url])
    assert code == 1
    assert url in capsys.readouterr().err  # the server is gone: a clear error, no traceback


@pytest.mark.slow
async def test_kb_stats_and_ingest_through_a_running_server(tmp_path, minilm, capsys, monkeypatch):
    """Issue 23 item 3: the kb commands work with --api; without it, a server that owns the KB is
    named with the --api to use; ingest validates like the API and counts documents and passages."""
    long_text = " ".join(
        f"Sentence {i} says the river carries silt to the delta every spring." for i in range(60)
    )
    docs = tmp_path / "docs.jsonl"
    docs.write_text(
        json.dumps(
            {"text": "The Danube flows through ten countries.", "source": "https://example.org/d"}
        )
        + "\n"
        + json.dumps({"text": long_text, "source": "https://example.org/river", "title": "River"})
        + "\n"
    )
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps({"text": "An FTP file.", "source": "ftp://example.org/file"}) + "\n")
    settings = make_settings(tmp_path)
    monkeypatch.setenv("CHROMA_PERSIST_DIR", str(settings.CHROMA_PERSIST_DIR))
    async with app_client(settings, embedder=minilm) as client, live_server(client.app) as url:
        assert await asyncio.to_thread(main, ["kb", "stats", "--api", url]) == 0
        before = int(capsys.readouterr().out.split("passages: ")[1].split()[0])
        assert (
            await asyncio.to_thread(main, ["kb", "ingest", str(docs), "--api", url, "--batch", "1"])
            == 0
        )
        out = capsys.readouterr().out
        assert "2 document(s) added, 0 already there" in out
        after = int(out.split("now holds ")[1].split()[0])
        assert after >= before + 3  # the long document became several passages
        assert await asyncio.to_thread(main, ["kb", "ingest", str(docs), "--api", url]) == 0
        assert "0 document(s) added, 2 already there" in capsys.readouterr().out
        assert await asyncio.to_thread(main, ["kb", "ingest", str(bad), "--api", url]) == 1
        assert (
            "not a usable http(s) URL" in capsys.readouterr().err
        )  # refused before anything is sent
        assert await asyncio.to_thread(main, ["kb", "stats"]) == 1  # the server owns the local KB
        assert "--api http://" in capsys.readouterr().err


def test_verify_refuses_what_the_api_would_before_loading_anything(capsys):
    too_many = [arg for n in range(11) for arg in ("--reference", f"Reference {n} says so.")]
    assert main(["verify", "The river Xanthe is 540 km long", *too_many]) == 2
    err = capsys.readouterr().err
    assert err.startswith("claimcheck: references:") and "10" in err


@pytest.mark.slow
def test_verify_in_process_prints_a_readable_verdict_with_sources(tmp_path):
    env = serve_env(tmp_path / "kb", 8000)
    run = subprocess.run(
        [sys.executable, "-m", "app.cli", "verify", "The Earth is flat"],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    # the defaults of a fresh machine: no LLM, the local judge answers from NASA's evidence
    assert run.stdout.startswith("FALSE") and "engine nli" in run.stdout
    assert "Sources" in run.stdout and "nasa.gov" in run.stdout
    assert "Classified as FACTUAL" in run.stderr

    search = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.cli",
            "kb",
            "search",
            "shape of the Earth",
            "-k",
            "2",
            "--json",
        ],
        env=env,
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert search.returncode == 0, search.stderr[-2000:]
    results = json.loads(search.stdout)["results"]
    assert len(results) == 2 and "nasa.gov" in results[0]["source"]


def test_a_worker_without_a_shared_database_is_refused_with_the_reason(
    monkeypatch, tmp_path, capsys
):
    """Without DATABASE_URL a worker would open its own SQLite file and never see the API's jobs."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CHROMA_PERSIST_DIR", str(tmp_path / "kb"))
    monkeypatch.setenv("REDIS_URL", "redis://127.0.0.1:9/0")
    monkeypatch.delenv("DATABASE_URL", raising=False)
    assert main(["worker"]) == 2
    err = capsys.readouterr().err
    assert "needs DATABASE_URL" in err and "never see the API's jobs" in err


def test_a_locked_knowledge_base_names_the_address_its_server_announced(
    monkeypatch, tmp_path, capsys
):
    """Issue 37: the hint named port 8000 unless PORT was exported in the shell running the command;
    the server now writes where it listens beside the KB it owns."""
    import os

    from filelock import FileLock

    from app.cli import SERVER_FILE
    from retrieval.knowledge_base import LOCK_NAME

    kb = tmp_path / "kb"
    kb.mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CHROMA_PERSIST_DIR", str(kb))
    monkeypatch.delenv("PORT", raising=False)
    monkeypatch.delenv("CLAIMCHECK_API", raising=False)
    (kb / SERVER_FILE).write_text(json.dumps({"url": "http://127.0.0.1:9123", "pid": os.getpid()}))
    with FileLock(str(kb / LOCK_NAME), timeout=0):  # a server holds the KB
        assert main(["kb", "stats"]) == 1
    err = capsys.readouterr().err
    assert "a server owns this knowledge base" in err and "--api http://127.0.0.1:9123" in err


def test_the_terminal_shows_why_a_comparison_rule_decided_an_item():
    import copy

    body = copy.deepcopy(VERIFY_EXAMPLE)
    body["evidence"][0].update(
        stance="refutes",
        stance_rule="number",
        stance_reason="the claim says 540 km; the source says 212 km",
    )
    text = format_verdict(body)
    assert "why refutes: the claim says 540 km; the source says 212 km" in text
    assert "why " not in format_verdict(VERIFY_EXAMPLE)
    body["evidence"][0].update(
        stance="neutral",
        stance_rule="hedge",
        stance_reason="the source says only that it may be so",
    )
    assert "not read as support: the source says only that it may be so" in format_verdict(body)


def test_the_terminal_knows_the_comparison_guards():
    from agent.judge.compare import GUARDS
    from app.terminal import _GUARDS

    assert _GUARDS == GUARDS
