"""`claimcheck records list|show|export` and `claimcheck review`, on the local database and through a
running server (--api) with a reviewer key."""

from __future__ import annotations

import asyncio
import json

from app.cli import main
from tests.app.test_records import CLAIM, EDITOR, KEY_A, PARAPHRASE, sha
from tests.app.test_stream import live_server
from tests.conftest import app_client, make_settings

LOCAL = {
    "CHROMA_PERSIST_DIR": None,
    "SEARCH_PROVIDER": "none",
    "RERANKER_MODEL": "none",
    "URL_CHECK": "false",
    "LOCAL_JUDGE": "false",
    "VERDICT_CACHE_TTL_S": "0",
}


async def test_records_and_review_on_the_local_database(tmp_path, minilm, capsys, monkeypatch):
    settings = make_settings(tmp_path)
    async with app_client(settings, embedder=minilm) as client:
        record_id = (await client.post("/api/verify", json={"claim": CLAIM})).json()["id"]
        earth = (await client.post("/api/verify", json={"claim": "The Earth is flat"})).json()
    assert earth["evidence"]
    for name, value in {**LOCAL, "CHROMA_PERSIST_DIR": str(tmp_path / "kb")}.items():
        monkeypatch.setenv(name, value)
    capsys.readouterr()

    assert await asyncio.to_thread(main, ["records", "list", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert [r["id"] for r in listed["records"]] == [earth["id"], record_id]
    assert await asyncio.to_thread(main, ["records", "show", earth["id"]]) == 0
    shown = capsys.readouterr().out
    assert earth["id"] in shown and "The Earth is flat" in shown and "sha256" in shown
    assert earth["evidence"][0]["source"] in shown
    assert await asyncio.to_thread(main, ["records", "show", "vrf_missing"]) == 1

    assert (
        await asyncio.to_thread(
            main,
            [
                "review",
                record_id,
                "--verdict",
                "False",
                "--note",
                "County records say 1934.",
                "--reviewer",
                "Dana",
            ],
        )
        == 0
    )
    assert "review rev_" in capsys.readouterr().out
    out = tmp_path / "records.jsonl"
    assert await asyncio.to_thread(main, ["records", "export", "--out", str(out)]) == 0
    exported = [json.loads(line) for line in out.read_text().splitlines()]
    assert [e["id"] for e in exported] == [earth["id"], record_id]
    assert exported[1]["record"]["reviews"][0]["reviewer"] == "Dana"
    assert exported[0]["record"]["snapshots"]
    for snapshot in exported[0]["record"]["snapshots"]:
        assert snapshot["sha256"] == sha(snapshot["text"])
    assert await asyncio.to_thread(main, ["records", "export", "--format", "claimreview"]) == 0
    feed = json.loads(capsys.readouterr().out)
    assert [(r["claimReviewed"], r["reviewRating"]["alternateName"]) for r in feed["@graph"]] == [
        (CLAIM, "False")
    ]

    # the KB learned it: the next answer in this process names the review
    assert (
        await asyncio.to_thread(main, ["verify", PARAPHRASE, "--json", "--quiet", "--no-web"]) == 0
    )
    answer = json.loads(capsys.readouterr().out)
    assert answer["verdict"] == "False" and answer["id"].startswith("vrf_")


async def test_records_and_review_through_a_running_server(tmp_path, minilm, capsys):
    settings = make_settings(tmp_path, API_KEYS=KEY_A, REVIEWER_KEYS=f"Dana Editor:{EDITOR}")
    async with app_client(settings, embedder=minilm) as client, live_server(client.app) as url:
        made = (
            await client.post("/api/verify", json={"claim": CLAIM}, headers={"X-API-Key": EDITOR})
        ).json()
        capsys.readouterr()
        editor = ["--api", url, "--api-key", EDITOR]
        assert await asyncio.to_thread(main, ["records", "list", *editor]) == 0
        assert made["id"] in capsys.readouterr().out
        assert (
            await asyncio.to_thread(main, ["records", "show", made["id"], "--json", *editor]) == 0
        )
        assert json.loads(capsys.readouterr().out)["record"]["snapshots"] is not None
        assert (
            await asyncio.to_thread(main, ["records", "list", "--api", url, "--api-key", KEY_A])
            == 0
        )
        assert made["id"] not in capsys.readouterr().out  # another key's records are not listed
        not_reviewer = await asyncio.to_thread(
            main, ["review", made["id"], "--verdict", "False", "--api", url, "--api-key", KEY_A]
        )
        assert not_reviewer == 1 and "403" in capsys.readouterr().err
        assert (
            await asyncio.to_thread(
                main, ["review", made["id"], "--verdict", "False", "--note", "1934", *editor]
            )
            == 0
        )
        assert "by Dana Editor" in capsys.readouterr().out
        assert (
            await asyncio.to_thread(main, ["records", "export", "--format", "claimreview", *editor])
            == 0
        )
        feed = json.loads(capsys.readouterr().out)
        assert feed["@graph"][0]["claimReviewed"] == CLAIM
