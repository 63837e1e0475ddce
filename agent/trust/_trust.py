"""Stage 7: a groundcheck trust score per evidence item, from real signals.

Layers (``agent/trust/_standard.py`` scores them):

* ``url`` — a liveness check of the evidence URL through the SSRF-guarded :class:`Fetcher`.
  A live URL (final 2xx/3xx) counts at confidence 0.6, the standard's own value for a live page
  (it proves the page exists, not what it says); 401/402/403 (paywall) and 404 count as a failed
  check at 0, as the standard's paywall example does; a refused URL fails at 0; a check that could
  not be made (offline, timeout, 5xx) leaves the layer absent (c = 0.5 in v2, 0 in v1).
* ``doi`` — a DOI in the URL or text, resolved at doi.org through the same checker (a redirect
  means registered: 0.95; 404: 0).
* ``ai`` — one LLM call judging every source when a model is configured; otherwise the
  credibility table and the rerank score stand in: c = credibility × (0.75 + 0.25 × r) with
  r = relevance / the reranker's "sufficient" mean, capped at 1 (``signals`` says which).
* ``title_search`` — no title search provider exists here yet, so the layer is absent.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace

from agent.llm import ChatModel, LLMError
from agent.models import Evidence, Trust
from agent.prompts import TRUST_SYSTEM, trust_user
from agent.trust._standard import (
    DOMAIN_CONFIGS,
    ContentDomain,
    LayerResult,
    both_scores,
    classify_reference,
)
from search.fetch import Fetcher, UrlCheck

_DOI = re.compile(r"\b(10\.\d{4,9}/[^\s\"'<>?#]+)", re.IGNORECASE)


def find_doi(*texts: str) -> str | None:
    """The first DOI (``10.NNNN/…``) in a URL or a text, without trailing punctuation."""
    for text in texts:
        match = _DOI.search(text or "")
        if match:
            return match.group(1).rstrip(".,;:)]}")
    return None


LIVE_URL_CONFIDENCE = 0.6  # the standard's examples score a live URL at 0.6
DOI_CONFIDENCE = 0.95
_NEWS_TYPES = {"news", "news_wire"}


@dataclass(frozen=True)
class TrustReport:
    """Stage 7's source trust: every item with its :class:`Trust` (new values), the trace lines,
    and the URL checks made."""

    evidence: tuple[Evidence, ...] = ()
    steps: tuple[str, ...] = ()
    url_checks: int = 0  # checks that went to the network (cache hits not counted)
    cached: int = 0


def content_domain(item: Evidence, doi: str | None) -> ContentDomain:
    """Classify by the standard; the table's news outlets count as "ARTICLE with a matching URL"."""
    news = {item.domain} if item.source_type in _NEWS_TYPES and item.domain else set()
    return classify_reference(
        doi=doi,
        url=item.source if "://" in item.source else None,
        type="ARTICLE" if news else None,
        news_domains=news,
        edu_hosts=True,
    )


def url_layer(check: UrlCheck | None) -> tuple[LayerResult | None, str]:
    if check is None:
        return None, "not checked"
    if check.status == "valid":
        return LayerResult("url", True, LIVE_URL_CONFIDENCE), f"live (HTTP {check.http_status})"
    if check.status == "invalid":
        what = "paywalled" if check.paywalled else "dead"
        return LayerResult("url", False, 0.0), f"{what} (HTTP {check.http_status})"
    if check.status == "refused":
        return LayerResult("url", False, 0.0), f"refused ({check.reason})"
    if check.status == "invalid_url":
        return LayerResult("url", False, 0.0), f"malformed ({check.reason})"
    return None, f"unreachable ({check.reason})"


def doi_layer(doi: str | None, check: UrlCheck | None) -> tuple[LayerResult | None, str]:
    if doi is None:
        return None, "no DOI"
    if check is None or check.status in {"unreachable", "refused", "invalid_url"}:
        return None, f"{doi}: not resolved" + (f" ({check.reason})" if check else "")
    if check.status == "valid":
        return LayerResult("doi", True, DOI_CONFIDENCE), f"{doi} registered"
    return LayerResult("doi", False, 0.0), f"{doi} not registered (HTTP {check.http_status})"


def table_ai_confidence(item: Evidence, sufficient_mean: float) -> float:
    r = max(0.0, min(1.0, item.relevance / sufficient_mean)) if sufficient_mean > 0 else 1.0
    return max(0.0, min(1.0, item.credibility * (0.75 + 0.25 * r)))


def trust_for(
    item: Evidence, domain: ContentDomain, layers: Sequence[LayerResult], signals: dict[str, str]
) -> Trust:
    applicable = {layer.id for layer in DOMAIN_CONFIGS[domain].layers}
    v2, v1 = both_scores(domain, layers)
    for layer_id in applicable - {layer.layer_id for layer in layers}:
        signals.setdefault(layer_id, "absent")
    # `domain` is groundcheck's content domain, as in the standard the field comes from (the host
    # name is the evidence item's own `domain`); `content_domain` repeats it for one release.
    return Trust(
        domain=domain.value,
        posterior=round(v2.posterior, 4),
        verdict=v2.verdict,
        contributions={k: round(v, 4) for k, v in v2.contributions.items()},
        content_domain=domain.value,
        score=round(v1.score, 4),
        signals={k: v for k, v in signals.items() if k in applicable},
    )


async def _llm_ai(
    claim: str, evidence: Sequence[Evidence], domains: Sequence[ContentDomain], chat: ChatModel
) -> dict[int, float]:
    reply = await chat.complete_json(
        TRUST_SYSTEM,
        trust_user(claim, evidence, [DOMAIN_CONFIGS[d].ai_instruction for d in domains]),
    )
    data = reply.data if isinstance(reply.data, dict) else {}
    ratings: dict[int, float] = {}
    for row in data.get("ratings") or []:
        try:
            n, c = int(row["n"]), float(row["confidence"])
        except (KeyError, TypeError, ValueError):
            continue
        if 1 <= n <= len(evidence) and 0.0 <= c <= 1.0:
            ratings[n - 1] = c
    return ratings


def unscored_trust(item: Evidence) -> Trust:
    """The trust of an item that was not scored: its content domain alone."""
    kind = content_domain(item, find_doi(item.source)).value
    return Trust(domain=kind, content_domain=kind)


async def score_sources(
    claim: str,
    evidence: Sequence[Evidence],
    *,
    fetcher: Fetcher | None,
    chat: ChatModel | None,
    sufficient_mean: float,
) -> TrustReport:
    """Every evidence item with a :class:`Trust` (new values); URL/DOI checks run concurrently."""
    dois = [find_doi(e.source, e.text) for e in evidence]
    domains = [content_domain(e, d) for e, d in zip(evidence, dois, strict=True)]

    async def none() -> None:
        return None

    url_jobs = [
        fetcher.check(e.source)
        if fetcher and e.source.startswith(("http://", "https://"))
        else none()
        for e in evidence
    ]
    doi_jobs = [
        fetcher.check(f"https://doi.org/{d}", follow_redirects=False) if fetcher and d else none()
        for d in dois
    ]
    ai_job = _llm_ai(claim, evidence, domains, chat) if chat is not None and evidence else none()
    results = await asyncio.gather(*url_jobs, *doi_jobs, ai_job, return_exceptions=True)
    url_checks, doi_checks, ai = results[: len(evidence)], results[len(evidence) : -1], results[-1]
    steps: list[str] = []
    made, cached = _count_checks((*url_checks, *doi_checks))
    if isinstance(ai, LLMError | ValueError):
        steps.append(
            f"Source trust: the LLM judgement failed ({ai}); the credibility "
            "table and rerank score stood in for it."
        )
        ai = {}
    elif isinstance(ai, BaseException):
        raise ai
    ratings: dict[int, float] = ai or {}
    scored = tuple(
        replace(
            item,
            trust=_item_trust(
                item,
                domains[index],
                url_checks[index],
                (dois[index], doi_checks[index]),
                ratings.get(index),
                sufficient_mean,
            ),
        )
        for index, item in enumerate(evidence)
    )
    if evidence:
        steps.append(_checks_step(fetcher is not None, url_checks, made + cached, cached))
    return TrustReport(scored, tuple(steps), made, cached)


def _count_checks(checks: Sequence[object]) -> tuple[int, int]:
    """(checks that went to the network, cache hits) of the URL and DOI checks."""
    made = cached = 0
    for check in checks:
        if isinstance(check, UrlCheck):
            cached += check.cached
            made += not check.cached
        elif isinstance(check, BaseException):
            raise check  # Fetcher.check never raises: anything here is a bug, not an outage
    return made, cached


def _checks_step(checked: bool, url_checks: Sequence[object], total: int, cached: int) -> str:
    if not checked:
        return (
            "Source trust: URL checks are off (URL_CHECK=false or web_search=false);"
            " the url layer counts as absent."
        )
    live = sum(1 for c in url_checks if isinstance(c, UrlCheck) and c.status == "valid")
    return f"Source trust: {total} URL check(s) ({cached} cached), {live} live."


def _item_trust(
    item: Evidence,
    domain: ContentDomain,
    url_check: object,
    doi: tuple[str | None, object],
    rating: float | None,
    sufficient_mean: float,
) -> Trust:
    """One item's trust from its layers: the URL check, the DOI check, and the LLM's rating (or
    the credibility table and rerank score standing in for it)."""
    layers: list[LayerResult] = []
    signals: dict[str, str] = {}
    for layer, signal, layer_id in (
        (*url_layer(url_check), "url"),  # type: ignore[arg-type]
        (*doi_layer(*doi), "doi"),  # type: ignore[arg-type]
    ):
        signals[layer_id] = signal
        if layer is not None:
            layers.append(layer)
    if rating is not None:
        layers.append(LayerResult("ai", rating >= 0.5, rating))
        signals["ai"] = f"LLM judgement {rating:.2f}"
    else:
        c = table_ai_confidence(item, sufficient_mean)
        layers.append(LayerResult("ai", c >= 0.5, round(c, 4)))
        signals["ai"] = (
            f"no LLM judgement: table credibility {item.credibility:.2f} "
            f"× relevance factor → {c:.2f}"
        )
    return trust_for(item, domain, layers, signals)


def scored_sources_step(evidence: Sequence[Evidence]) -> str:
    """The trace line of the scored sources: each domain's credibility and, when scored, its trust."""
    return "Scored sources: " + ", ".join(
        f"{e.domain} ({e.credibility:.2f}, trust {e.trust.posterior:.2f} {e.trust.verdict})"
        if e.trust and e.trust.posterior is not None
        else f"{e.domain} ({e.credibility:.2f})"
        for e in evidence
    )
