"""The Fact Check Tools API client against a loopback fake with the real JSON shape."""

from __future__ import annotations

import logging

import httpx
import pytest

from agent.models import Verdict
from agent.prior import FactCheckClient, FactCheckError
from tests.fakes.factcheck import FakeFactCheck

KEY = "AIzaSy-test-secret-key-0123456789"


async def test_review_is_parsed_with_publisher_date_and_normalised_rating(
    caplog: pytest.LogCaptureFixture,
) -> None:
    caplog.set_level(logging.DEBUG)
    with FakeFactCheck(KEY) as fake:
        async with httpx.AsyncClient() as http:
            reviews = await FactCheckClient(http, KEY, fake.url).search(
                "The Moon landing was faked"
            )
    assert len(reviews) == 1
    review = reviews[0]
    assert review.publisher == "Reuters" and review.site == "reuters.com"
    assert review.url.startswith("https://www.reuters.com/")
    assert review.review_date == "2021-02-24T00:00:00Z"
    assert review.textual_rating == "False" and review.verdict is Verdict.FALSE
    assert fake.requests[0][1] == KEY  # sent in the header …
    assert KEY not in fake.requests[0][2]  # … never in the URL
    assert KEY not in caplog.text  # httpx logs the URL at INFO: the key is not in it


async def test_unrelated_claim_gets_no_reviews() -> None:
    with FakeFactCheck(KEY) as fake:
        async with httpx.AsyncClient() as http:
            assert await FactCheckClient(http, KEY, fake.url).search("Water boils at 100 C") == []


async def test_server_error_is_retried_a_bounded_number_of_times_then_raises_without_the_key() -> (
    None
):
    with FakeFactCheck(KEY, status=503) as fake:
        async with httpx.AsyncClient() as http:
            client = FactCheckClient(http, KEY, fake.url, retries=2, min_interval_s=0)
            with pytest.raises(FactCheckError) as info:
                await client.search("The Moon landing was faked")
    assert len(fake.requests) == 3
    assert "HTTP 503" in str(info.value) and KEY not in str(info.value)


async def test_timeout_raises_a_clear_error() -> None:
    with FakeFactCheck(KEY, delay_s=2.0) as fake:
        async with httpx.AsyncClient() as http:
            client = FactCheckClient(http, KEY, fake.url, timeout_s=0.2, retries=0)
            with pytest.raises(FactCheckError, match="timed out"):
                await client.search("The Moon landing was faked")


async def test_wrong_key_is_not_retried() -> None:
    with FakeFactCheck(KEY) as fake:
        async with httpx.AsyncClient() as http:
            with pytest.raises(FactCheckError, match="HTTP 403"):
                await FactCheckClient(http, "wrong", fake.url, retries=3, min_interval_s=0).search(
                    "moon"
                )
    assert len(fake.requests) == 1


def test_odd_shapes_are_skipped_field_by_field_and_only_usable_urls_kept() -> None:
    from agent.prior._factcheck import parse_claims

    assert parse_claims({"claims": "x"}) == []
    [review] = parse_claims(
        {
            "claims": [
                {
                    "text": "The Moon landings were faked.",
                    "claimReview": [
                        {
                            "url": "https://www.reuters.com/fc",
                            "publisher": "Reuters",
                            "reviewDate": 2021,
                            "textualRating": "False",
                        },
                        {"url": "javascript:alert(1)", "textualRating": "False"},
                        {"url": ["https://x.example"], "textualRating": "False"},
                        "not a review",
                    ],
                }
            ]
        }
    )
    assert (
        review.publisher == "Reuters"
        and review.review_date == "2021"
        and review.url == "https://www.reuters.com/fc"
    )
    with pytest.raises(ValueError, match="not a JSON object"):
        parse_claims([])
