"""The evidence pool (flow step 6): what the legs found, where, and the final choice —
deduplicated, relevance + a credibility boost, at most N per domain."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace

from agent.gather._counter import DEFAULT_FORM
from agent.models import Evidence, EvidenceOrigin
from agent.prior import review_of
from retrieval.credibility import profile_for
from retrieval.dedup import dedupe
from retrieval.rerank import RelevanceScale
from retrieval.retriever import Candidate


@dataclass(frozen=True)
class GatherConfig:
    top_k_rerank: int = 5
    credibility_boost: float = 0.3
    max_per_domain: int = 2
    min_evidence: int = 2
    index_after_response: bool = True  # 5d's KB write in the background (drained at shutdown)
    counter_query: str = DEFAULT_FORM  # the targeted tiers' counter-query phrasing (agent/gather/_counter.py), or "off"


@dataclass(frozen=True)
class Pooled:
    """One candidate of the evidence pool, where this request found it, and its final score."""

    candidate: Candidate
    origin: EvidenceOrigin
    final: float = 0.0
    pinned: bool = (
        False  # a fact-check of this very claim: always among the chosen, read as a review
    )
    similarity: float | None = None  # of the reviewed claim to the user's (pinned items)

    def evidence(self) -> Evidence:
        """The item as the verdict sees it (stances, trust and freshness are added by later stages)."""
        doc = self.candidate.doc
        return Evidence(
            id=doc.id,
            text=doc.text,
            source=doc.source,
            title=doc.title,
            relevance=round(float(self.candidate.relevance or 0.0), 4),
            score=round(float(self.final), 4),
            origin=self.origin,
            domain=doc.domain,
            source_type=doc.source_type,
            credibility=doc.stated_credibility,
            bias=doc.bias,
            published=doc.published
            or (doc.timestamp[:10] if self.origin == "kb" and doc.timestamp else None),
            flags=tuple(profile_for(doc.source).flags),
            review=review_of(doc, self.similarity) if self.pinned else None,
        )


@dataclass(frozen=True)
class Gathered:
    """The chosen evidence (deduplicated, ≤ N per domain, best first) and the rest of the pool
    (relevant, not duplicating a chosen URL, best first), for political balance; ``evidence``: the
    chosen items as the verdict sees them."""

    chosen: tuple[Pooled, ...]
    rest: tuple[Pooled, ...]
    evidence: tuple[Evidence, ...] = ()
    accessed: tuple[tuple[str, float], ...] = ()  # the KB's kept documents (id, relevance)


def select(pool: Sequence[Pooled], config: GatherConfig, scale: RelevanceScale) -> Gathered:
    """Dedup, relevance + (credibility − 0.5) × boost (in the reranker's units), ≤ N per domain."""
    scored = [
        replace(
            p,
            final=(p.candidate.relevance or 0.0)
            + (p.candidate.doc.credibility - 0.5) * config.credibility_boost * scale.unit,
        )
        for p in pool
    ]
    ranked = sorted(scored, key=lambda p: (p.pinned, p.final), reverse=True)
    per_domain: Counter[str] = Counter()
    chosen: list[Pooled] = []
    for item in distinct(ranked):
        domain = item.candidate.doc.domain
        if domain and per_domain[domain] >= config.max_per_domain:
            continue
        per_domain[domain] += 1
        chosen.append(item)
        if len(chosen) >= config.top_k_rerank:
            break
    taken = {id(p) for p in chosen}
    urls = {p.candidate.doc.source for p in chosen}
    rest = [
        p
        for p in ranked
        if id(p) not in taken
        and p.candidate.doc.source not in urls
        and (p.candidate.relevance or 0.0) >= scale.min_relevance
    ]
    accessed = {
        p.candidate.doc.id: float(p.candidate.relevance or 0.0) for p in pool if p.origin == "kb"
    }
    return Gathered(
        tuple(chosen), tuple(rest), tuple(p.evidence() for p in chosen), tuple(accessed.items())
    )


def distinct(pool: Sequence[Pooled]) -> list[Pooled]:
    """One item per URL or per text (docs/architecture.md, flow step 6's duplicate rule)."""
    return dedupe(
        pool,
        url=lambda p: p.candidate.doc.source if "://" in p.candidate.doc.source else "",
        text=lambda p: p.candidate.doc.text,
    )
