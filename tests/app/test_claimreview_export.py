"""The ClaimReview export a publisher can post (issue 37): validated against the schema.org shape of
ClaimReview and the types it nests, and against Google's fact-check guidelines where they are
stricter (url, author, reviewRating.alternateName required; a number-to-text rating scale).

schema.org (https://schema.org/ClaimReview, Review, CreativeWork, Thing, Rating, Claim, Organization,
Person): the properties used below are each type's own or inherited ones, with their expected types.
"""

from __future__ import annotations

import datetime as dt
import re
from collections import Counter
from typing import Any

import pytest

from agent.plain import plain_reasoning, verdict_sentence
from jobs.formats import RATING, ClaimReviewPublisher, claim_key, claim_review_stream
from jobs.items import ItemResult
from tests.app.test_jobs import ended, wait_for
from tests.conftest import app_client, make_settings

THING = {"@type", "name", "url", "identifier", "description", "sameAs", "alternateName"}
CREATIVE_WORK = THING | {
    "author",
    "datePublished",
    "citation",
    "text",
    "headline",
    "publisher",
    "inLanguage",
}
SCHEMA = {  # type → its allowed properties (own + inherited)
    "ClaimReview": CREATIVE_WORK
    | {"claimReviewed", "reviewRating", "reviewBody", "itemReviewed", "reviewAspect"},
    "Rating": THING
    | {"ratingValue", "bestRating", "worstRating", "ratingExplanation", "author", "reviewAspect"},
    "Claim": CREATIVE_WORK | {"appearance", "firstAppearance", "claimInterpreter"},
    "Organization": THING | {"logo"},
    "Person": THING,
    "CreativeWork": CREATIVE_WORK,
}
NESTED = {  # property → the types its value may have
    "reviewRating": {"Rating"},
    "itemReviewed": {"Claim"},
    "author": {"Organization", "Person"},
    "citation": {"CreativeWork"},
    "appearance": {"CreativeWork"},
    "firstAppearance": {"CreativeWork"},
}
URL = re.compile(r"^https?://[^\s]+$")


def _check(node: dict[str, Any], where: str, problems: list[str]) -> None:
    kind = node.get("@type")
    if kind not in SCHEMA:
        problems.append(f"{where}: unknown @type {kind!r}")
        return
    for key, value in node.items():
        if key not in SCHEMA[kind]:
            problems.append(f"{where}: {kind} has no property {key!r} in schema.org")
            continue
        for child in value if isinstance(value, list) else [value]:
            if isinstance(child, dict):
                if key in NESTED and child.get("@type") not in NESTED[key]:
                    problems.append(
                        f"{where}.{key}: {child.get('@type')!r} is not one of {NESTED[key]}"
                    )
                _check(child, f"{where}.{key}", problems)
            elif key == "url" and not (isinstance(child, str) and URL.match(child)):
                problems.append(f"{where}.url: {child!r} is not an http(s) URL")


def validate_claimreview(document: dict[str, Any]) -> list[str]:
    """Problems of a ClaimReview JSON-LD document: the schema.org shape, then Google's rules."""
    problems: list[str] = []
    if document.get("@context") not in ("https://schema.org", "http://schema.org"):
        problems.append("@context is not schema.org")
    for n, review in enumerate(document.get("@graph", [])):
        where = f"@graph[{n}]"
        if review.get("@type") != "ClaimReview":
            problems.append(f"{where}: not a ClaimReview")
            continue
        _check(review, where, problems)
        # Google: claimReviewed, reviewRating (alternateName), url required; author recommended, with a name
        if not str(review.get("claimReviewed") or "").strip():
            problems.append(f"{where}: claimReviewed is empty")
        if not URL.match(str(review.get("url") or "")):
            problems.append(f"{where}: url is missing (Google requires the review's page)")
        author = review.get("author") or {}
        if not author.get("name") or not URL.match(str(author.get("url") or "")):
            problems.append(f"{where}: author needs a name and a url")
        rating = review.get("reviewRating") or {}
        if not str(rating.get("alternateName") or "").strip():
            problems.append(f"{where}: reviewRating.alternateName is required")
        value, best, worst = (
            rating.get("ratingValue"),
            rating.get("bestRating"),
            rating.get("worstRating"),
        )
        if (
            not all(isinstance(v, int | float) for v in (value, best, worst))
            or not worst <= value <= best
            or worst >= best
        ):
            problems.append(f"{where}: ratingValue {value!r} not on the scale {worst!r}–{best!r}")
        try:
            dt.date.fromisoformat(str(review.get("datePublished")))
        except ValueError:
            problems.append(
                f"{where}: datePublished {review.get('datePublished')!r} is not an ISO date"
            )
    return problems


def item(
    n: int, claim: str, verdict: str, reasoning: str = "The evidence refutes the claim [1]."
) -> dict[str, Any]:
    result = {
        "verdict": verdict,
        "reasoning": reasoning,
        "evidence": [
            {
                "source": "https://science.nasa.gov/earth/facts/",
                "domain": "nasa.gov",
                "quote": "The Earth is not flat.",
                "stance": "refutes",
            }
        ],
    }
    return {"id": f"i{n}", "claim": claim, "status": "done", "result": result, "error": None}


async def export(items: list[dict[str, Any]], publisher: ClaimReviewPublisher) -> dict[str, Any]:
    import json

    async def rows():
        for row in items:
            yield ItemResult(**row)

    return json.loads("".join([chunk async for chunk in claim_review_stream(rows(), publisher)]))


PUBLISHER = ClaimReviewPublisher(
    author_name="Example Desk",
    author_url="https://desk.example.org",
    job_id="job_1",
    published="2026-11-26",
    url_template="https://desk.example.org/checks/{job}/{id}",
)


async def test_every_verdict_has_a_rating_on_the_documented_scale_and_duplicates_merge():
    items = [
        item(
            1,
            "The Earth is flat.",
            "False",
            "Judged by the local judge (claimcheck-judge (judge.safetensors over all-MiniLM-L6-v2)), not by a "
            'language model. The evidence refutes the claim: nasa.gov contradicts it [1]: "Not flat."',
        ),
        item(2, "the earth is FLAT", "False"),  # the same claim again
        item(
            3,
            "Nobody knows the number of ants.",
            "Not Enough Evidence",
            "No language model is configured, so claimcheck did not judge the claim itself. The most relevant "
            "evidence is nasa.gov [1]. Read the cited sources to decide; configure OPENAI_BASE_URL or "
            "OPENAI_API_KEY for a judged verdict.",
        ),
        item(4, "Pizza is the best food.", "Not Verifiable"),
        item(5, "Water is wet.", "True"),
        item(6, "Half of it is true.", "Partially True"),
        item(7, "A misleading one.", "Misleading"),
        {
            "id": "i8",
            "claim": "A failed one.",
            "status": "failed",
            "result": None,
            "error": "timeout",
        },
    ]
    document = await export(items, PUBLISHER)
    assert validate_claimreview(document) == []
    graph = document["@graph"]
    assert [r["identifier"] for r in graph] == [
        "i1",
        "i3",
        "i4",
        "i5",
        "i6",
        "i7",
    ]  # i2 merged, i8 failed
    assert {
        r["reviewRating"]["alternateName"]: r["reviewRating"]["ratingValue"] for r in graph
    } == {
        "False": 1,
        "Not Enough Evidence": 3,
        "Not Verifiable": 3,
        "True": 5,
        "Partially True": 3,
        "Misleading": 2,
    }
    assert set(RATING) == {
        "True",
        "False",
        "Partially True",
        "Misleading",
        "Not Enough Evidence",
        "Not Verifiable",
    }
    assert graph[0]["url"] == "https://desk.example.org/checks/job_1/i1"
    assert graph[0]["author"] == {
        "@type": "Organization",
        "name": "Example Desk",
        "url": "https://desk.example.org",
    }
    assert (
        graph[0]["reviewBody"]
        == 'The evidence refutes the claim: nasa.gov contradicts it: "Not flat."'
    )
    assert (
        graph[1]["reviewBody"]
        == "The most relevant evidence is nasa.gov. Read the cited sources to decide."
    )
    for review in graph:
        for jargon in ("judge", "language model", "OPENAI", "safetensors", "[1]"):
            assert jargon not in review["reviewBody"], (jargon, review["reviewBody"])

    rated = await export(items, ClaimReviewPublisher(**{**PUBLISHER.__dict__, "rated_only": True}))
    assert [r["identifier"] for r in rated["@graph"]] == ["i1", "i5", "i6", "i7"]


async def test_the_validator_catches_what_google_would_refuse():
    document = await export([item(1, "The Earth is flat.", "False")], PUBLISHER)
    review = document["@graph"][0]
    for broken in (
        {**review, "url": None},
        {**review, "reviewRating": {**review["reviewRating"], "ratingValue": 9}},
        {
            **review,
            "reviewRating": {
                "@type": "Rating",
                "ratingValue": 1,
                "bestRating": 5,
                "worstRating": 1,
            },
        },
        {**review, "claimant": "x"},
        {**review, "itemReviewed": {"@type": "Movie"}},
        {**review, "author": {"@type": "Organization", "name": "x"}},
    ):
        assert validate_claimreview({"@context": "https://schema.org", "@graph": [broken]}), broken


def test_the_plain_sentence_and_reasoning_name_no_engine():
    body = {
        "verdict": "False",
        "reasoning": "Judged by the NLI model (x), not by a language model. The evidence "
        'refutes the claim: nasa.gov contradicts it [1]: "The Earth is not flat."',
        "evidence": [
            {"domain": "example.org", "quote": "Some say so.", "stance": "supports"},
            {"domain": "nasa.gov", "quote": "The Earth is not flat.", "stance": "refutes"},
        ],
    }
    assert verdict_sentence(body) == (
        "False: the evidence contradicts this claim — nasa.gov: “The Earth is not flat.”"
    )
    assert plain_reasoning(body["reasoning"]).startswith(
        "The evidence refutes the claim: nasa.gov contradicts it:"
    )
    assert verdict_sentence({"verdict": "Not Enough Evidence", "evidence": []}) == (
        "Not enough evidence: no relevant source was found for this claim."
    )
    assert verdict_sentence({"verdict": "Not Verifiable", "evidence": body["evidence"]}).startswith(
        "Not checkable"
    )
    assert claim_key("The Earth is flat.") == claim_key("  the EARTH is flat ")


@pytest.mark.slow
async def test_the_export_of_a_200_claim_job_is_publishable(tmp_path, minilm):
    """Done when (issue 37): a 200-claim job's export validates, with a url, the author from the
    settings, a ratingValue on every item and no claim twice; pages repeat no claim either."""
    from seed.seeding import SEED_FILE, read_jsonl_documents

    facts = [doc.text.split(".")[0] for doc in read_jsonl_documents(SEED_FILE)][:25]
    claims = [*facts, "Pizza is the tastiest food.", "The number of ants on Earth is exactly 12."]
    # 200 items over 27 claims, repeats written differently (case, spacing, full stop)
    items = [
        {"id": f"row-{n}", "claim": [c, c.upper(), f"  {c}.  "][n // len(claims) % 3]}
        for n, c in ((n, claims[n % len(claims)]) for n in range(200))
    ]
    settings = make_settings(
        tmp_path,
        AUTO_SEED=True,
        VERDICT_CACHE_TTL_S=3600,
        LOCAL_JUDGE=True,
        CLAIMREVIEW_AUTHOR_NAME="Example Desk",
        CLAIMREVIEW_AUTHOR_URL="https://desk.example.org",
        CLAIMREVIEW_URL_TEMPLATE="https://desk.example.org/checks/{id}",
    )
    async with app_client(settings, embedder=minilm) as client:
        created = await client.post(
            "/api/jobs", json={"items": items, "options": {"web_search": False}}
        )
        assert created.status_code == 202, created.text
        job = await wait_for(client, created.json()["id"], ended, within_s=240)
        url = f"/api/jobs/{job['id']}/results"
        document = (await client.get(url, params={"format": "claimreview"})).json()
        rated = (
            await client.get(url, params={"format": "claimreview", "rated_only": "true"})
        ).json()
        pages, cursor = [], None
        while True:
            params = {
                "format": "claimreview",
                "limit": 50,
                **({"cursor": cursor} if cursor else {}),
            }
            page = await client.get(url, params=params)
            pages.extend(page.json()["@graph"])
            cursor = page.headers.get("x-next-cursor")
            if cursor is None:
                break
    assert job["counts"]["done"] == 200, job
    assert validate_claimreview(document) == []
    graph = document["@graph"]
    keys = Counter(claim_key(r["claimReviewed"]) for r in graph)
    assert len(graph) == len({claim_key(c) for c in claims}) and max(keys.values()) == 1
    assert all(r["url"].startswith("https://desk.example.org/checks/row-") for r in graph)
    assert all(
        r["author"]
        == {"@type": "Organization", "name": "Example Desk", "url": "https://desk.example.org"}
        for r in graph
    )
    assert all(isinstance(r["reviewRating"]["ratingValue"], int) for r in graph)
    verdicts = Counter(r["reviewRating"]["alternateName"] for r in graph)
    assert verdicts["True"] + verdicts["False"] >= 10, (
        verdicts
    )  # real verdicts, not only abstentions
    assert all(
        r["reviewRating"]["alternateName"] not in ("Not Enough Evidence", "Not Verifiable")
        for r in rated["@graph"]
    )
    assert (
        len(rated["@graph"])
        == verdicts.total() - verdicts["Not Enough Evidence"] - verdicts["Not Verifiable"]
    )
    assert [r["identifier"] for r in pages] == [r["identifier"] for r in graph]
    for review in graph:
        for jargon in ("Judged by", "claimcheck-judge", "language model", "NLI", "[1]"):
            assert jargon not in review["reviewBody"], review["reviewBody"]
    print(f"200 items → {len(graph)} reviews, verdicts {dict(verdicts)}")


async def test_claimant_and_appearance_become_the_reviewed_claims_author_and_appearance(
    tmp_path, minilm
):
    items = [
        {
            "id": "a",
            "claim": "The Earth is flat",
            "claimant": "A viral post",
            "appearance": "https://social.example.org/posts/123",
        },
        {"id": "b", "claim": "Water boils at 100 degrees Celsius at sea level"},
        {"id": "c", "claim": "The Moon is made of cheese", "appearance": "javascript:alert(1)"},
    ]
    async with app_client(make_settings(tmp_path), embedder=minilm) as client:
        created = await client.post(
            "/api/jobs", json={"items": items, "options": {"web_search": False}}
        )
        assert created.status_code == 202, created.text
        job = await wait_for(client, created.json()["id"], ended)
        document = (
            await client.get(f"/api/jobs/{job['id']}/results", params={"format": "claimreview"})
        ).json()
        upload = await client.post(
            "/api/jobs",
            content="id,claim,claimant,appearance\n"
            "u,The Earth is flat,Someone,https://example.org/where\n",
            headers={"content-type": "text/csv"},
        )
        uploaded = await wait_for(client, upload.json()["id"], ended)
        from_csv = (
            await client.get(
                f"/api/jobs/{uploaded['id']}/results", params={"format": "claimreview"}
            )
        ).json()
    assert created.json()["rejected"] == [
        {"id": "c", "error": "invalid appearance: not an http(s) URL of at most 2000 characters"}
    ]
    assert validate_claimreview(document) == []
    reviewed = {r["identifier"]: r["itemReviewed"] for r in document["@graph"]}
    assert reviewed["a"] == {
        "@type": "Claim",
        "author": {"@type": "Organization", "name": "A viral post"},
        "appearance": {"@type": "CreativeWork", "url": "https://social.example.org/posts/123"},
    }
    assert reviewed["b"] == {"@type": "Claim"} and "c" not in reviewed
    assert from_csv["@graph"][0]["itemReviewed"]["appearance"]["url"] == "https://example.org/where"
