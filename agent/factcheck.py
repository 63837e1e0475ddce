"""Google Fact Check Tools API client: prior fact-checks of a claim (issue 25, item 1).

The key is sent in the ``X-goog-api-key`` header, never in the URL: httpx logs request URLs with
their query strings at INFO, so a ``?key=`` parameter would end up in log lines. Errors carry the
status only, never the request, so the key cannot leak through a response or an exception text.

Every call has a timeout, a bounded number of retries (on 429, 5xx and transport errors, with a
short backoff) and goes through a minimum interval between requests (a simple rate limit).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import dataclass

import httpx

from agent.models import Verdict
from agent.ratings import normalise_rating

DEFAULT_URL = "https://factchecktools.googleapis.com/v1alpha1/claims:search"


class FactCheckError(RuntimeError):
    """The API could not be queried; the message never contains the key."""


@dataclass(frozen=True)
class PriorReview:
    claim_text: str
    claimant: str | None
    publisher: str
    site: str | None
    url: str
    title: str | None
    review_date: str | None
    textual_rating: str
    verdict: Verdict | None
    language: str | None


def parse_claims(payload: dict) -> list[PriorReview]:
    """``claims[].claimReview[]`` of a claims:search answer, one PriorReview per review with a URL."""
    reviews: list[PriorReview] = []
    for claim in payload.get("claims") or []:
        if not isinstance(claim, dict):
            continue
        text = str(claim.get("text") or "").strip()
        for review in claim.get("claimReview") or []:
            if not isinstance(review, dict) or not review.get("url"):
                continue
            publisher = review.get("publisher") or {}
            rating = str(review.get("textualRating") or "").strip()
            reviews.append(
                PriorReview(
                    claim_text=text,
                    claimant=claim.get("claimant"),
                    publisher=str(publisher.get("name") or publisher.get("site") or "unknown"),
                    site=publisher.get("site"),
                    url=str(review["url"]),
                    title=review.get("title"),
                    review_date=review.get("reviewDate"),
                    textual_rating=rating,
                    verdict=normalise_rating(rating) if rating else None,
                    language=review.get("languageCode"),
                )
            )
    return reviews


class FactCheckClient:
    def __init__(
        self,
        http: httpx.AsyncClient,
        api_key: str,
        url: str = DEFAULT_URL,
        *,
        timeout_s: float = 5.0,
        retries: int = 2,
        min_interval_s: float = 0.2,
    ) -> None:
        if not api_key:
            raise ValueError("FACTCHECK_API_KEY is empty")
        self._http = http
        self._key = api_key
        self._url = url
        self._timeout = timeout_s
        self._retries = retries
        self._min_interval = min_interval_s
        self._lock = asyncio.Lock()
        self._last = 0.0

    async def _wait_turn(self) -> None:
        async with self._lock:
            wait = self._last + self._min_interval - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            self._last = time.monotonic()

    async def search(self, claim: str, *, language: str | None = None, page_size: int = 10) -> list[PriorReview]:
        params: dict[str, str | int] = {"query": claim[:500], "pageSize": page_size}
        if language:
            params["languageCode"] = language
        last = "no attempt"
        for attempt in range(self._retries + 1):
            await self._wait_turn()
            try:
                response = await self._http.get(
                    self._url, params=params, headers={"X-goog-api-key": self._key}, timeout=self._timeout
                )
            except httpx.TimeoutException:
                last = f"timed out after {self._timeout:g} s"
            except httpx.TransportError as exc:
                last = f"{type(exc).__name__}"
            else:
                if response.status_code == 200:
                    try:
                        return parse_claims(response.json())
                    except ValueError:
                        raise FactCheckError("fact-check API answered with invalid JSON") from None
                last = f"HTTP {response.status_code}"
                if response.status_code != 429 and response.status_code < 500:
                    break
            if attempt < self._retries:
                await asyncio.sleep(0.1 * 2**attempt)
        raise FactCheckError(f"fact-check API unavailable ({last})")
