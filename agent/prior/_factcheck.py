"""Google Fact Check Tools API client: prior fact-checks of a claim (issue 25, item 1).

The key is sent in the ``X-goog-api-key`` header, never in the URL: httpx logs request URLs with
their query strings at INFO, so a ``?key=`` parameter would end up in log lines. Errors carry the
status only, never the request, so the key cannot leak through a response or an exception text.

Every call has a timeout (cut to the verification's deadline), the retry policy of every outside
call (search/resilience.py: 429, 5xx and transport errors tried again while the deadline allows),
the API's circuit breaker, and a minimum interval between requests (a simple rate limit).
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import KW_ONLY, dataclass, field

import httpx

from agent.models import Verdict
from agent.prior._ratings import normalise_rating
from search.resilience import CircuitBreaker, CircuitOpen, Limits, budget, cut, never_open, retrying
from search.urls import InvalidUrl, normalise_url

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


def _text(value: object) -> str | None:
    """A field as text (None when absent, empty or not a scalar): the API is outside data."""
    if not isinstance(value, str | int | float):
        return None
    return str(value).strip() or None


def _url(value: object) -> str | None:
    """The review's URL as claimcheck stores URLs (the parser every boundary uses), else None."""
    try:
        return normalise_url(value)  # type: ignore[arg-type]
    except InvalidUrl:
        return None


def _items(value: object) -> list[dict]:
    return [v for v in value if isinstance(v, dict)] if isinstance(value, list) else []


def parse_claims(payload: object) -> list[PriorReview]:
    """``claims[].claimReview[]`` of a claims:search answer, one PriorReview per review with a usable URL.
    Fields of the wrong type are skipped; an answer that is not a JSON object raises ValueError."""
    if not isinstance(payload, dict):
        raise ValueError("the answer is not a JSON object")
    reviews: list[PriorReview] = []
    for claim in _items(payload.get("claims")):
        text = _text(claim.get("text")) or ""
        for review in _items(claim.get("claimReview")):
            url = _url(review.get("url"))
            if url is None:
                continue
            publisher = review.get("publisher")
            publisher = publisher if isinstance(publisher, dict) else {"name": publisher}
            rating = _text(review.get("textualRating")) or ""
            reviews.append(
                PriorReview(
                    claim_text=text,
                    claimant=_text(claim.get("claimant")),
                    publisher=_text(publisher.get("name"))
                    or _text(publisher.get("site"))
                    or "unknown",
                    site=_text(publisher.get("site")),
                    url=url,
                    title=_text(review.get("title")),
                    review_date=_text(review.get("reviewDate")),
                    textual_rating=rating,
                    verdict=normalise_rating(rating) if rating else None,
                    language=_text(review.get("languageCode")),
                )
            )
    return reviews


@dataclass(eq=False)  # a client, compared by identity
class FactCheckClient:
    http: httpx.AsyncClient
    api_key: str = field(repr=False)  # never in a repr, like never in a URL or an error
    url: str = DEFAULT_URL
    _: KW_ONLY
    timeout_s: float = 5.0
    retries: int = 2
    min_interval_s: float = 0.2
    breaker: CircuitBreaker = field(default_factory=lambda: never_open("factcheck"), repr=False)
    _lock: asyncio.Lock = field(default_factory=asyncio.Lock, init=False, repr=False)
    _last: float = field(default=0.0, init=False, repr=False)

    def __post_init__(self) -> None:
        if not self.api_key:
            raise ValueError("FACTCHECK_API_KEY is empty")

    async def _wait_turn(self) -> None:
        async with self._lock:
            wait = self._last + self.min_interval_s - time.monotonic()
            if wait > 0:
                await asyncio.sleep(wait)
            self._last = time.monotonic()

    async def search(
        self, claim: str, *, language: str | None = None, page_size: int = 10
    ) -> list[PriorReview]:
        params: dict[str, str | int] = {"query": claim[:500], "pageSize": page_size}
        if language:
            params["languageCode"] = language
        try:
            async for attempt in retrying(
                Limits(retries=self.retries, backoff_initial_s=0.1),
                lambda exc: isinstance(exc, _Transient),
                self.timeout_s,
            ):
                with attempt:
                    return await self._once(params)
        except CircuitOpen as exc:
            raise FactCheckError(f"fact-check API skipped ({exc})") from None
        except _Transient as exc:
            raise FactCheckError(f"fact-check API unavailable ({exc})") from None
        raise AssertionError("unreachable: tenacity re-raises the last error")

    async def _once(self, params: dict[str, str | int]) -> list[PriorReview]:
        timeout_s = budget(self.timeout_s)
        if timeout_s <= 0:
            cut("the prior fact-check lookup (no time left)")
            raise FactCheckError(
                "fact-check API not asked: the verification's deadline left no time"
            )
        await self._wait_turn()
        return await self.breaker.call(
            lambda: self._get(params, timeout_s), counts=lambda exc: isinstance(exc, _Transient)
        )

    async def _get(self, params: dict[str, str | int], timeout_s: float) -> list[PriorReview]:
        try:
            async with asyncio.timeout(timeout_s):
                response = await self.http.get(
                    self.url,
                    params=params,
                    headers={"X-goog-api-key": self.api_key},
                    timeout=timeout_s,
                )
        except (httpx.TimeoutException, TimeoutError):
            raise _Transient(f"timed out after {timeout_s:g} s") from None
        except httpx.TransportError as exc:
            raise _Transient(f"{type(exc).__name__}") from None
        if response.status_code == 200:
            try:
                return parse_claims(response.json())
            except ValueError:
                raise FactCheckError(
                    "fact-check API answered with invalid JSON or an unexpected shape"
                ) from None
        if response.status_code == 429 or response.status_code >= 500:
            raise _Transient(f"HTTP {response.status_code}")
        raise FactCheckError(f"fact-check API unavailable (HTTP {response.status_code})")


class _Transient(FactCheckError):
    """A failure worth another attempt: a timeout, a transport error, 429 or 5xx."""
