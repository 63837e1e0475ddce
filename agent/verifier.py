"""The orchestrator: wires the stages of DESIGN §2 and owns no I/O itself.

Each stage is a small function in its own module; `Verifier.verify` only decides which runs
next, records a step and a timing for each, and turns outside failures into visible fallbacks.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from agent.classify import classify
from agent.llm import ChatModel, ChatReply, LLMError
from agent.models import (
    Citations,
    ClaimType,
    Evidence,
    Origin,
    SearchSummary,
    Usage,
    Verdict,
    VerdictDecision,
    VerificationResult,
)
from agent.sources import attach_trust, best_quote, political_balance
from agent.sufficiency import enough_by_rule, llm_agrees
from agent.trace import Trace
from agent.verdict import (
    NO_LLM,
    check_citations,
    evidence_only_verdict,
    llm_verdict,
    no_evidence_verdict,
)
from retrieval.credibility import profile_for, registered_domain
from retrieval.dedup import dedupe
from retrieval.documents import Document, StoredDocument
from retrieval.retriever import Candidate, Retriever
from search.base import SearchResult
from search.escalation import SearchEscalation, TierOutcome


@dataclass(frozen=True)
class VerifierConfig:
    top_k_rerank: int = 5
    credibility_boost: float = 0.3
    max_per_domain: int = 2
    min_evidence: int = 2
    verdict_backend: str = "auto"
    grounding_profile: str = "general"


@dataclass
class VerifyOptions:
    web_search: bool = True
    references: list[str] | None = None
    index_references: bool = False
    grounding: str | None = None
    profile: str | None = None


@dataclass
class _Pooled:
    candidate: Candidate
    origin: Origin
    final: float = 0.0


@dataclass
class _Run:
    """Per-request state (never shared between requests)."""

    trace: Trace
    usage: Usage = field(default_factory=Usage)
    search: SearchSummary = field(default_factory=SearchSummary)


class _CountingChat:
    """Counts calls and tokens of one verification into its `Usage`."""

    def __init__(self, chat: ChatModel, usage: Usage) -> None:
        self._chat = chat
        self._usage = usage
        self.name = chat.name

    async def complete_json(self, system: str, user: str) -> ChatReply:
        self._usage.llm_calls += 1
        reply = await self._chat.complete_json(system, user)
        self._usage.prompt_tokens += reply.prompt_tokens
        self._usage.completion_tokens += reply.completion_tokens
        return reply


class Verifier:
    """Verifies one claim at a time; safe to share between concurrent requests."""

    def __init__(self, retriever: Retriever, escalation: SearchEscalation | None,
                 chat: ChatModel | None, config: VerifierConfig) -> None:
        self.retriever = retriever
        self.escalation = escalation
        self.chat = chat
        self.config = config

    async def verify(self, raw: str, options: VerifyOptions | None = None,
                     on_step: Callable[[str], None] | None = None) -> VerificationResult:
        options = options or VerifyOptions()
        run = _Run(Trace(on_step))
        trace = run.trace
        chat = _CountingChat(self.chat, run.usage) if self.chat is not None else None
        original = raw
        raw = raw.strip()

        # 1 classify
        with trace.stage("classify"):
            classification, llm_problem = await classify(raw, chat)
        if llm_problem:
            trace.step(f"Classification: the LLM failed ({llm_problem}); fell back to local rules.")
        trace.step(f"Classified as {classification.claim_type} by {classification.by}: {classification.reason}")
        claim = classification.claim
        if classification.claim_type is ClaimType.MIXED:
            trace.step(f"Checking only the factual part: {claim!r}")
        if classification.claim_type is ClaimType.OPINION:
            return self._finish(run, claim, original, classification.claim_type, [], VerdictDecision(
                Verdict.NOT_VERIFIABLE, 0.9,
                "This is an opinion or value judgement, not a factual claim, so it cannot be verified "
                "against evidence.", "evidence-only" if chat is None else "llm"), Citations())
        if classification.claim_type is ClaimType.AMBIGUOUS:
            return self._finish(run, claim, original, classification.claim_type, [], VerdictDecision(
                Verdict.NOT_ENOUGH_EVIDENCE, 0.0,
                f"The claim is too vague to check ({classification.reason}). Please rephrase it with "
                "the who, what and when.", "evidence-only" if chat is None else "llm"), Citations())

        # 2–6 evidence
        if options.references:
            pool = await self._references(claim, options, run)
        else:
            pool = await self._gather(claim, options, chat, run)
        with trace.stage("final_rerank"):
            chosen = self._final(pool)
        trace.step(f"Final evidence: {len(chosen)} item(s) after dedup, credibility boost and "
                   f"≤{self.config.max_per_domain} per domain.")

        # 7 score sources
        with trace.stage("score_sources"):
            evidence = [self._evidence(claim, item) for item in chosen]
            attach_trust(evidence)
        if evidence:
            trace.step("Scored sources: " + ", ".join(f"{e.domain} ({e.credibility:.2f})" for e in evidence))

        # 8 verdict
        with trace.stage("verdict"):
            decision = await self._verdict(claim, evidence, chat, run)

        # 9 check
        with trace.stage("check"):
            reasoning, citations = check_citations(decision.reasoning, len(evidence))
            decision = VerdictDecision(decision.verdict, decision.confidence, reasoning, decision.mode)
        trace.step(f"Citations: {citations.supported} of {citations.total} cited evidence numbers exist.")
        await self.retriever.record_verdict_use({e.id: e.relevance for e in evidence})
        return self._finish(run, claim, original, classification.claim_type, evidence, decision, citations)

    # -- evidence gathering -------------------------------------------------------------

    async def _gather(self, claim: str, options: VerifyOptions, chat: ChatModel | None,
                      run: _Run) -> list[_Pooled]:
        trace = run.trace
        scale = self.retriever.reranker.scale
        with trace.stage("retrieve"):
            candidates = await self.retriever.candidates(claim)
        trace.step(f"Retrieved {len(candidates)} candidate(s) from the knowledge base.")
        with trace.stage("rerank"):
            kept = await self.retriever.rerank(claim, candidates, keep=self.config.top_k_rerank)
        trace.step(f"Reranked with {self.retriever.reranker.name}: kept {len(kept)} with relevance ≥ "
                   f"{scale.min_relevance:g}.")
        pool = [_Pooled(c, "kb") for c in kept]
        if kept:
            run.search.tier_used = "kb"

        with trace.stage("sufficiency"):
            relevances = [c.relevance or 0.0 for c in kept]
            enough = enough_by_rule(relevances, scale.sufficient_mean, self.config.min_evidence)
            reason = "by rule" if enough else (
                f"by rule: {len(kept)} item(s), mean relevance "
                f"{(sum(relevances) / len(relevances)) if relevances else 0:.2f} < {scale.sufficient_mean:g} or too few")
            if enough and chat is not None:
                enough, reason = await llm_agrees(claim, [self._evidence(claim, p) for p in pool], chat)
                reason = f"LLM: {reason}"
        trace.step(f"Knowledge base evidence {'is' if enough else 'is not'} sufficient ({reason}).")
        if enough:
            return pool
        if not options.web_search:
            trace.step("Web search skipped: the request set web_search=false.")
            return pool
        if self.escalation is None:
            trace.step("Web search skipped: no search provider is configured (SEARCH_PROVIDER=none).")
            return pool

        with trace.stage("escalate"):
            deadline = self.escalation.deadline()
            outcomes = await self.escalation.targeted(claim, deadline=deadline)
            pool += await self._absorb(claim, outcomes, run)
            relevant = sum(1 for p in pool if (p.candidate.relevance or 0) >= scale.min_relevance)
            if relevant < self.config.min_evidence:
                outcome = await self.escalation.broad(claim, deadline=deadline)
                pool += await self._absorb(claim, [outcome], run)
        return pool

    async def _absorb(self, claim: str, outcomes: Sequence[TierOutcome], run: _Run) -> list[_Pooled]:
        """Index a tier's results into the KB (5d, one batch) and rerank them as candidates."""
        trace = run.trace
        documents: list[tuple[Document, Origin]] = []
        for outcome in outcomes:
            run.search.queries += 1
            run.usage.searches += 1
            if outcome.error:
                trace.step(f"Search tier {outcome.tier} failed ({_short(outcome.error)}); "
                           "continuing with what we have.")
                continue
            trace.step(f"Search tier {outcome.tier}: {len(outcome.results)} result(s) in {outcome.elapsed_ms:.0f} ms.")
            origin: Origin = "fact_check" if outcome.tier == "fact_check" else "web"
            for result in outcome.results:
                doc = _result_document(result, origin)
                if doc is not None:
                    documents.append((doc, origin))
        if not documents:
            return []
        with run.trace.stage("index"):
            try:
                report = await self.retriever.index([d for d, _ in documents])
                run.search.new_documents += report.added
                trace.step(f"Indexed {report.added} new web document(s) into the knowledge base "
                           f"({report.duplicates} already there).")
            except Exception as exc:  # the KB write is best effort; the evidence is still used
                trace.step(f"Could not index web results into the knowledge base ({exc}).")
        candidates = [Candidate(StoredDocument(d.id, d.text, d.metadata()), 0.0) for d, _ in documents]
        origins = {d.id: o for d, o in documents}
        kept = await self.retriever.rerank(claim, candidates, keep=len(candidates), record_access=False)
        for outcome in outcomes:
            if not outcome.error and outcome.results and any(
                    origins.get(c.doc.id) == ("fact_check" if outcome.tier == "fact_check" else "web")
                    for c in kept):
                run.search.tier_used = outcome.tier
        return [_Pooled(c, origins[c.doc.id]) for c in kept]

    async def _references(self, claim: str, options: VerifyOptions, run: _Run) -> list[_Pooled]:
        trace = run.trace
        documents: list[Document] = []
        for index, ref in enumerate(options.references or [], start=1):
            ref = ref.strip()
            if ref.lower().startswith(("http://", "https://")) and " " not in ref:
                trace.step(f"Reference {index} is a URL; fetching pages is not enabled yet, so it was skipped.")
                continue
            documents.append(Document(text=ref, source=f"reference:{index}", title=f"Reference {index}",
                                      origin="reference"))
        trace.step(f"Using {len(documents)} caller-supplied reference(s) as the evidence pool.")
        if options.index_references and documents:
            report = await self.retriever.index(documents)
            trace.step(f"Indexed {report.added} reference(s) into the knowledge base.")
        candidates = [Candidate(StoredDocument(d.id, d.text, d.metadata()), 0.0) for d in documents]
        with trace.stage("rerank"):
            kept = await self.retriever.rerank(claim, candidates, keep=len(candidates), record_access=False)
        return [_Pooled(c, "reference") for c in kept]

    def _final(self, pool: list[_Pooled]) -> list[_Pooled]:
        """Dedup, relevance + (credibility − 0.5) × boost (in the reranker's units), ≤ N per domain."""
        unit = self.retriever.reranker.scale.unit
        for item in pool:
            item.final = (item.candidate.relevance or 0.0) + (
                item.candidate.doc.credibility - 0.5) * self.config.credibility_boost * unit
        ranked = sorted(pool, key=lambda p: p.final, reverse=True)
        unique = dedupe(ranked, url=lambda p: p.candidate.doc.source if "://" in p.candidate.doc.source else "",
                        text=lambda p: p.candidate.doc.text)
        per_domain: Counter[str] = Counter()
        chosen: list[_Pooled] = []
        for item in unique:
            domain = _domain_of(item.candidate.doc)
            if domain and per_domain[domain] >= self.config.max_per_domain:
                continue
            per_domain[domain] += 1
            chosen.append(item)
            if len(chosen) >= self.config.top_k_rerank:
                break
        return chosen

    def _evidence(self, claim: str, item: _Pooled) -> Evidence:
        doc = item.candidate.doc
        meta = doc.metadata
        profile = profile_for(doc.source)
        return Evidence(
            id=doc.id, text=doc.text, source=doc.source, title=doc.title,
            relevance=round(float(item.candidate.relevance or 0.0), 4), score=round(float(item.final), 4),
            origin=item.origin, domain=_domain_of(doc), source_type=str(meta.get("source_type") or profile.source_type),
            credibility=float(meta.get("source_credibility", profile.credibility)),
            bias=(str(meta.get("bias")) or None) if meta.get("bias") else profile.bias,
            published=str(meta.get("timestamp")) if meta.get("timestamp") else None,
            quote=best_quote(claim, doc.text),
        )

    async def _verdict(self, claim: str, evidence: list[Evidence], chat: ChatModel | None,
                       run: _Run) -> VerdictDecision:
        trace = run.trace
        if not evidence:
            trace.step("No relevant evidence: Not Enough Evidence, without asking the LLM.")
            decision = no_evidence_verdict()
            if chat is None:
                decision = VerdictDecision(decision.verdict, 0.0, f"{NO_LLM} {decision.reasoning}", decision.mode)
            return decision
        backend = self.config.verdict_backend
        if chat is None or backend in {"evidence-only", "nli"}:
            if backend == "llm":
                trace.step("VERDICT_BACKEND=llm but no LLM is configured; answering evidence-only.")
            trace.step("Verdict: evidence-only (no language model configured); the claim was not judged.")
            return evidence_only_verdict(evidence)
        try:
            decision, _ = await llm_verdict(claim, evidence, chat)
        except LLMError as exc:
            trace.step(f"Verdict: the LLM failed ({exc}); fell back to evidence-only.")
            fallback = evidence_only_verdict(evidence)
            return VerdictDecision(fallback.verdict, 0.0, fallback.reasoning.replace(
                NO_LLM, "The language model's answer could not be used, so claimcheck did not judge "
                "the claim itself."), "evidence-only")
        trace.step(f"Verdict by the LLM ({chat.name}): {decision.verdict} at {decision.confidence:.2f}.")
        return decision

    def _finish(self, run: _Run, claim: str, original: str, claim_type: ClaimType,
                evidence: list[Evidence], decision: VerdictDecision, citations: Citations) -> VerificationResult:
        run.trace.finish()
        return VerificationResult(
            claim=claim, original_claim=original, claim_type=claim_type, verdict=decision.verdict,
            confidence=round(decision.confidence, 4), reasoning=decision.reasoning, evidence=evidence,
            mode=decision.mode, session_id=str(uuid.uuid4()), steps=run.trace.steps,
            timings_ms=run.trace.timings_ms, factuality=None, citations=citations,
            balance=political_balance(evidence), search=run.search, usage=run.usage,
        )


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _domain_of(doc: StoredDocument) -> str:
    return str(doc.metadata.get("domain") or registered_domain(doc.source) or "")


def _result_document(result: SearchResult, origin: Origin) -> Document | None:
    text = " ".join(part for part in (result.title.strip(), result.snippet.strip()) if part)
    if len(text) < 20:
        return None
    return Document(text=text, source=result.url, title=result.title, origin=origin,
                    timestamp=result.published or None)


