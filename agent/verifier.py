"""The orchestrator: wires the stages of docs/architecture.md and owns no I/O itself.

Each stage is a small function in its own module; `Verifier.verify` only decides which runs
next, records a step and a timing for each, and turns outside failures into visible fallbacks.
"""

from __future__ import annotations

import asyncio
import logging
import time
import uuid
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace

from agent.answers import VerdictAnswer, validate_answer
from agent.citations import check_reasoning
from agent.classify import classify
from agent.freshness import freshness, is_stale, is_time_sensitive
from agent.grounding import measured, profile_named, scrubbed_confidence, should_check, skipped
from agent.heads import OpinionDetector
from agent.language import Language
from agent.language import detect as detect_language
from agent.llm import ChatModel, ChatReply, LLMError
from agent.models import (
    Citations,
    ClaimType,
    Evidence,
    Grounding,
    Origin,
    SearchSummary,
    Usage,
    Verdict,
    VerdictDecision,
    VerificationResult,
)
from agent.nli import NLIModel, StanceProbs
from agent.references import load_references
from agent.rewrite import search_queries, with_keywords
from agent.sources import political_balance, promote_contrast
from agent.stance import (
    HEURISTIC_NAME,
    MAX_SENTENCES_PER_ITEM,
    apply_judgements,
    factuality,
    lexical_judge,
    nli_judge,
)
from agent.sufficiency import failed_conditions, llm_agrees
from agent.trace import Trace
from agent.trust import TrustReport, score_sources
from agent.verdict import (
    NO_LLM,
    Calibration,
    downgrade_uncited,
    evidence_only_verdict,
    judged_verdict,
    llm_verdict,
    no_evidence_verdict,
    pointers,
)
from retrieval.chunking import chunk_document
from retrieval.credibility import is_fact_checker, profile_for, registered_domain
from retrieval.dedup import dedupe
from retrieval.documents import Document, StoredDocument, utc_now
from retrieval.retriever import Candidate, Retriever
from search.base import SearchResult
from search.escalation import NO_DOMAINS, SearchEscalation, TierOutcome
from search.escalation import Tier as SearchTier
from search.fetch import Fetcher
from search.urls import usable_source

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class VerifierConfig:
    top_k_rerank: int = 5
    credibility_boost: float = 0.3
    max_per_domain: int = 2
    min_evidence: int = 2
    verdict_backend: str = "auto"
    grounding_profile: str = "general"
    grounding_trigger: str = "on_medium_confidence"
    citation_check: str = "local"  # local: NLI model when loaded, else lexical; llm: one more call
    index_after_response: bool = True  # 5d's KB write in the background (drained at shutdown)
    write_coalesce_s: float = 0.0  # background writes of concurrent requests gathered this long


@dataclass
class VerifyOptions:
    web_search: bool = True
    references: list[str] | None = None
    index_references: bool = False
    grounding: str | None = None
    profile: str | None = None
    search_with_references: bool = False  # web_search explicitly asked for next to references


@dataclass
class _Pooled:
    candidate: Candidate
    origin: Origin
    final: float = 0.0


@dataclass
class _Run:
    """Per-request state (never shared between requests)."""

    trace: Trace
    english: bool = True  # the claim's language (agent/language.py): local judges read English only
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
                 chat: ChatModel | None, config: VerifierConfig,
                 detector: OpinionDetector | None = None, nli: NLIModel | None = None, *,
                 fetcher: Fetcher | None = None, pages: Fetcher | None = None) -> None:
        self.retriever = retriever
        self.escalation = escalation
        self.chat = chat
        self.config = config
        self.fetcher = fetcher  # URL checks for source trust (None: URL_CHECK off)
        self.pages = pages  # reference pages (SSRF-guarded like every fetch)
        self.detector = detector
        self.nli = nli
        self._pending: set[str] = set()  # ids 5d's background writes are adding (not new for anyone)
        self._queue: list[Document] = []  # waiting for the one writer (one add for many requests)
        self._writer: asyncio.Task | None = None

    @property
    def verdict_engine(self) -> str:
        """Which engine answers judged verdicts: llm, nli or evidence-only (VERDICT_BACKEND)."""
        backend = self.config.verdict_backend
        if backend in {"auto", "llm"} and self.chat is not None:
            return "llm"
        if backend in {"auto", "nli"} and self.nli is not None:
            return "nli"
        return "evidence-only"

    async def verify(self, raw: str, options: VerifyOptions | None = None,
                     on_step: Callable[[str], None] | None = None) -> VerificationResult:
        options = options or VerifyOptions()
        run = _Run(Trace(on_step))
        trace = run.trace
        chat = _CountingChat(self.chat, run.usage) if self.chat is not None else None
        original = raw
        raw = raw.strip()

        # 1 classify ∥ the KB leg (embed, retrieve, rerank) on the input as written: the local work
        # overlaps the LLM call, and is used when the classification keeps the claim as it was.
        early = None
        if chat is not None and not options.references:
            early = asyncio.create_task(self._kb_leg(raw))
        try:
            with trace.stage("classify"):
                classification, note = await classify(raw, chat, self.detector)
        except BaseException:
            await _discard(early)
            raise
        if early is not None and (classification.claim_type in {ClaimType.OPINION, ClaimType.AMBIGUOUS}
                                  or classification.claim != raw):
            await _discard(early)
            early = None
        if note:
            trace.step(f"Classification: {note}.")
        by = "the LLM" if classification.by == "llm" else "the local classifier"
        trace.step(f"Classified as {classification.claim_type} by {by}: {classification.reason}")
        claim = classification.claim
        language = detect_language(claim)
        run.english = language.english
        if not language.english:
            trace.step(f"Language: the claim looks {language.name} ({language.why}); the local judge and the "
                       "embedder are English models" + (", so the LLM judges it." if self.verdict_engine == "llm"
                                                         else ", so without an LLM claimcheck gives no True/False for it."))
        if classification.claim_type is ClaimType.MIXED:
            trace.step(f"Checking only the factual part: {claim!r}")
        if classification.claim_type is ClaimType.OPINION:
            trace.step("Opinion: no retrieval and no search; answering Not Verifiable.")
            return self._finish(run, claim, original, classification.claim_type, [], VerdictDecision(
                Verdict.NOT_VERIFIABLE, 0.9,
                "This is an opinion or value judgement, not a factual claim, so it cannot be verified "
                "against evidence.", "llm" if classification.by == "llm" else "evidence-only"), Citations())
        if classification.claim_type is ClaimType.AMBIGUOUS:
            trace.step("Ambiguous: no retrieval and no search; asking to rephrase.")
            return self._finish(run, claim, original, classification.claim_type, [], VerdictDecision(
                Verdict.NOT_ENOUGH_EVIDENCE, 0.0,
                f"The claim is too vague to check ({classification.reason}). Please rephrase it with "
                "the who, what and when.", "llm" if classification.by == "llm" else "evidence-only"),
                Citations())

        # 2–6 evidence
        if options.references:
            pool = await self._references(claim, options, chat, run)
        else:
            pool = await self._gather(claim, options, chat, run, early=early,
                                      keywords=classification.keywords)
        with trace.stage("final_rerank"):
            chosen = self._final(pool)
        trace.step(f"Final evidence: {len(chosen)} item(s) after dedup, credibility boost and "
                   f"≤{self.config.max_per_domain} per domain.")

        # 7 quotes and stances here; source trust below, concurrently with the verdict
        with trace.stage("stances"):
            evidence = [self._evidence(claim, item) for item in chosen]
            evidence, promoted = promote_contrast(
                claim, evidence, lambda: [self._evidence(claim, p) for p in self._rest(pool, chosen)],
                limit=self.config.top_k_rerank)
            stance_by, probs = await self._stances(claim, evidence, language.english)
            stale = self._freshness(claim, evidence)
        if promoted is not None:
            trace.step(f"Political balance: the evidence leaned one way; ranked a contrasting "
                       f"credible source higher ({promoted.domain}, {promoted.bias}).")
        flagged = [f"[{n}] {e.domain}: {', '.join(e.flags)}" for n, e in enumerate(evidence, 1) if e.flags]
        if flagged:
            trace.step("Flagged sources (kept, never read as fact): " + "; ".join(flagged))
        if evidence:
            trace.step(f"Quotes and stance by {stance_by}: " + ", ".join(
                f"[{n}] {e.stance}" + (f" {e.stance_score:.2f}" if e.stance_score is not None else "")
                for n, e in enumerate(evidence, 1)) + ".")
        if stale:
            trace.step("Freshness: the claim is time-sensitive and " + "; ".join(stale)
                       + " — stale for it (weighted down in factuality).")
        # trust (URL checks, the LLM's source judgement) ∥ the verdict, which does not read it
        trust_job = asyncio.create_task(self._trust(claim, evidence, options, chat, run))
        try:
            with trace.stage("verdict"):
                decision, fact = await self._verdict(claim, evidence, chat, run, probs, language)
            trust = await trust_job
        except BaseException:
            await _discard(trust_job)
            raise
        run.usage.url_checks += trust.url_checks
        for step in trust.steps:
            trace.step(step)
        if evidence:
            trace.step("Scored sources: " + ", ".join(
                f"{e.domain} ({e.credibility:.2f}, trust {e.trust.posterior:.2f} {e.trust.verdict})"
                if e.trust and e.trust.posterior is not None else f"{e.domain} ({e.credibility:.2f})"
                for e in evidence))

        # 8 verdict (asked above, concurrently with the trust scores)
        if fact is None and evidence:
            fact = factuality(evidence)
            if fact is not None and decision.mode != "llm" and stance_by == HEURISTIC_NAME:
                trace.step(f"Factuality {fact:.2f} aggregates the {HEURISTIC_NAME}'s stances: "
                           "a rough signal, not a judgement.")

        # 9 check: the citation check ∥ the grounding re-ask (both read the verdict, not each other);
        # a grounding measured on a verdict the citation check then downgrades is dropped.
        with trace.stage("check"):
            decision, citations, grounding = await self._check(claim, evidence, decision, options, chat, run)
        await self.retriever.record_verdict_use({e.id: e.relevance for e in evidence})
        result = self._finish(run, claim, original, classification.claim_type, evidence, decision, citations)
        result.factuality = fact
        result.grounding = grounding
        return result

    # -- stages 7–9 -----------------------------------------------------------------------

    @property
    def judge_label(self) -> str:
        """The NLI model or local judge as steps name it."""
        if self.nli is None:
            return HEURISTIC_NAME
        kind = getattr(self.nli, "kind", "NLI model")
        return f"the {kind} ({self.nli.name})"

    async def _stances(self, claim: str, evidence: list[Evidence],
                       english: bool = True) -> tuple[str, list[StanceProbs | None]]:
        """Quote + stance per item: the NLI model or the local judge over sentences when loaded,
        else the heuristic (an LLM verdict answer refines them in stage 8). Returns what judged
        them and each item's probabilities (empty for the heuristic)."""
        if self.nli is not None and evidence and not english:
            lexical_judge(claim, evidence)
            return f"{HEURISTIC_NAME} (the {getattr(self.nli, 'kind', 'NLI model')} reads English only)", []
        if self.nli is not None and evidence:
            try:
                probs = await nli_judge(claim, evidence, self.nli,
                                        getattr(self.nli, "sentences_per_item", MAX_SENTENCES_PER_ITEM))
                return self.judge_label, probs
            except Exception as exc:  # a local model failing mid-run must not fail the request
                lexical_judge(claim, evidence)
                return f"{HEURISTIC_NAME} (the {getattr(self.nli, 'kind', 'NLI model')} failed: {_short(str(exc), 80)})", []
        lexical_judge(claim, evidence)
        return HEURISTIC_NAME, []

    def _freshness(self, claim: str, evidence: list[Evidence]) -> list[str]:
        """Freshness weight per item; items too old for a time-sensitive claim are marked stale."""
        sensitive = is_time_sensitive(claim)
        stale = []
        for n, item in enumerate(evidence, 1):
            item.freshness = freshness(item.published, item.source_type)
            if sensitive and is_stale(item.published, item.source_type):
                item.stale = True
                stale.append(f"[{n}] {item.domain or item.source} ({item.source_type}) is from {item.published}")
        return stale

    async def _trust(self, claim: str, evidence: list[Evidence], options: VerifyOptions,
                     chat: ChatModel | None, run: _Run) -> TrustReport:
        with run.trace.stage("score_sources"):
            return await score_sources(
                claim, evidence, fetcher=self.fetcher if options.web_search else None,
                chat=chat, sufficient_mean=self.retriever.reranker.scale.sufficient_mean)

    async def _check(self, claim: str, evidence: list[Evidence], decision: VerdictDecision,
                     options: VerifyOptions, chat: ChatModel | None,
                     run: _Run) -> tuple[VerdictDecision, Citations, Grounding]:
        quiet = _Run(Trace(), run.usage, run.search)  # the grounding's steps wait for the citations'

        async def grounding() -> Grounding:
            with run.trace.stage("grounding"):
                return await self._grounding(claim, evidence, decision, options, chat, quiet)

        job = asyncio.create_task(grounding())
        try:
            checked, citations = await self._check_citations(claim, evidence, decision, chat, run)
            measured = await job
        except BaseException:
            await _discard(job)
            raise
        if checked.verdict != decision.verdict:
            profile = profile_named(options.profile, self.config.grounding_profile)
            # a request that asks for `grounding: "always"` gets it measured on the verdict the judge
            # gave; otherwise a grounding of a verdict that no longer stands is not reported
            if options.grounding != "always":
                run.trace.step("Grounding check skipped (the citation check changed the verdict it measured).")
                return checked, citations, skipped(profile)
            run.trace.step(f"Grounding (always): measured on the judge's verdict {decision.verdict.value!r} "
                           "before the citation check downgraded it.")
        for step in quiet.trace.steps:
            run.trace.step(step)
        return checked, citations, measured

    async def _check_citations(self, claim: str, evidence: list[Evidence], decision: VerdictDecision,
                               chat: ChatModel | None, run: _Run) -> tuple[VerdictDecision, Citations]:
        """Each cited sentence backed by its evidence (LLM reasoning; claimcheck's own reasoning
        is built from the evidence, so only its numbers are checked); then the uncited downgrade."""
        trace = run.trace
        judge_chat = chat if self.config.citation_check == "llm" else None
        with trace.stage("citations"):
            report, problem = await check_reasoning(
                decision.reasoning, evidence, claim, nli=self.nli if run.english else None, chat=judge_chat,
                check_backing=decision.mode == "llm",
                # a verdict sentence is backed by the cited item's stance, which local judges give
                # only for English claims; otherwise it stands unless it states checkable facts
                verdict=decision.verdict if run.english else None)
        if problem:
            trace.step(f"Citation check: the LLM failed ({_short(problem)}); checked locally instead.")
        decision = replace(decision, reasoning=report.reasoning)
        if report.nonexistent:
            trace.step("Citations: removed " + ", ".join(f"[{n}]" for n in report.nonexistent)
                       + f" (no such evidence; there are {len(evidence)} item(s)).")
        for number, sentence in report.unbacked:
            trace.step(f"Citations: [{number}] does not back \"{_short(sentence, 120)}\" "
                       f"(judged by {report.judge}); citation dropped.")
        downgraded = downgrade_uncited(decision, report.citations) if evidence else None
        if downgraded is not None:
            trace.step(f"Citations: the verdict {decision.verdict.value!r} cited no evidence that backs it; "
                       "downgraded to Not Enough Evidence.")
            decision = downgraded
        checked = (f"backed by their evidence ({report.judge}"
                   + (f"; {report.unchecked} too short to check" if report.unchecked else "") + ")"
                   if report.judge != "existence" else "point at existing evidence")
        trace.step(f"Citations: {report.citations.supported} of {report.citations.total} {checked}.")
        return decision, report.citations

    async def _grounding(self, claim: str, evidence: list[Evidence], decision: VerdictDecision,
                         options: VerifyOptions, chat: ChatModel | None, run: _Run) -> Grounding:
        """The two-pass check: the verdict's confidence on scrubbed evidence vs on the full evidence."""
        profile = profile_named(options.profile, self.config.grounding_profile)
        trigger = options.grounding or self.config.grounding_trigger
        run_it, why = should_check(trigger, profile, decision, len(evidence), chat is not None)  # type: ignore[arg-type]
        if not run_it or chat is None:
            run.trace.step(f"Grounding check skipped ({why}).")
            return skipped(profile)
        try:
            scrubbed, replaced = await scrubbed_confidence(claim, evidence, decision, chat)
        except LLMError as exc:
            run.trace.step(f"Grounding check skipped: the scrubbed pass failed ({_short(str(exc))}).")
            return skipped(profile)
        result = measured(decision.confidence, scrubbed, profile)
        run.trace.step(f"Grounding ({why}): {result.status} — confidence {result.full_confidence:.2f} on the "
                       f"full evidence, {result.scrubbed_confidence:.2f} with {replaced} specific(s) scrubbed "
                       f"(delta {result.delta:+.2f}, {profile.name} profile).")
        return result

    # -- evidence gathering -------------------------------------------------------------

    async def _kb_leg(self, query: str) -> tuple[list[Candidate], list[Candidate], dict[str, float]]:
        """Retrieve and rerank without recording access (so it can run before the classification
        says whether it is wanted); returns the candidates, the kept ones and the two stage times."""
        started = time.perf_counter()
        candidates = await self.retriever.candidates(query)
        retrieved = time.perf_counter()
        kept = await self.retriever.rerank(query, candidates, keep=self.config.top_k_rerank, record_access=False)
        return candidates, kept, {"retrieve": (retrieved - started) * 1000,
                                  "rerank": (time.perf_counter() - retrieved) * 1000}

    async def _gather(self, claim: str, options: VerifyOptions, chat: ChatModel | None, run: _Run, *,
                      early: asyncio.Task | None = None, keywords: str = "") -> list[_Pooled]:
        trace = run.trace
        scale = self.retriever.reranker.scale
        waited = time.perf_counter()
        candidates, kept, spent = await (early if early is not None else self._kb_leg(claim))
        if early is not None:  # ran during the classification: report its own durations
            trace.step(f"Knowledge base searched while the claim was classified "
                       f"({(time.perf_counter() - waited) * 1000:.0f} ms left to wait).")
        for stage, ms in spent.items():
            trace.timings_ms[stage] = round(trace.timings_ms.get(stage, 0.0) + ms, 2)
        if kept:
            await self.retriever.kb.record_access({c.doc.id: float(c.relevance or 0.0) for c in kept})
        trace.step(f"Retrieved {len(candidates)} candidate(s) from the knowledge base.")
        unusable = [c for c in candidates if not usable_source(c.doc.source)]
        if unusable:  # stored before sources were validated: skipped, never a 500 (kb doctor fixes)
            kept = [c for c in kept if usable_source(c.doc.source)]
            trace.step(f"Skipped {len(unusable)} KB document(s) with an unusable source "
                       f"({', '.join(c.doc.id for c in unusable[:3])}); `claimcheck kb doctor` repairs them.")
        trace.step(f"Reranked with {self.retriever.reranker.name}: kept {len(kept)} with relevance ≥ "
                   f"{scale.min_relevance:g}.")
        pool = [_Pooled(c, "kb") for c in kept]
        if kept:
            run.search.tier_used = "kb"

        with trace.stage("sufficiency"):
            relevances = [c.relevance or 0.0 for c in kept]
            failed = failed_conditions(relevances, scale.sufficient_mean, self.config.min_evidence)
            enough = not failed
            reason = (f"rule met: {len(kept)} item(s), mean relevance ≥ {scale.sufficient_mean:g}" if enough
                      else "rule failed: " + "; ".join(failed))
            if enough and chat is not None:
                enough, why = await llm_agrees(claim, [self._evidence(claim, p) for p in pool], chat)
                reason = f"rule met; the LLM {'agrees' if enough else 'disagrees'}: {why}"
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
            return pool + await self._escalate(claim, pool, chat, run, self.escalation, keywords)

    async def _escalate(self, claim: str, pool: list[_Pooled], chat: ChatModel | None, run: _Run,
                        escalation: SearchEscalation, keywords: str = "") -> list[_Pooled]:
        """5a trusted ∥ 5b fact-checkers; 5c broad only if relevant evidence (everything gathered
        so far, reranked and deduplicated) is still short; 5d index every web result, one batch."""
        trace = run.trace
        deadline = escalation.deadline()  # bounds the query rewrite and every tier
        queries = [claim]
        given = with_keywords(claim, keywords) if keywords else None
        if given is not None:  # the classification's keywords: no rewrite call on the critical path
            queries = given
            if len(queries) > 1:
                trace.step(f"Search queries: the claim as written, and keywords {queries[1]!r} "
                           "(from the classification).")
        elif chat is not None:
            budget = escalation.plan.deadline_s / 4
            try:
                async with asyncio.timeout(budget):
                    queries, problem = await search_queries(claim, chat)
            except TimeoutError:
                problem = f"no answer within {budget:g} s"
            if problem:
                trace.step(f"Search query rewrite skipped ({_short(problem)}); searching the claim as written.")
            elif len(queries) > 1:
                trace.step(f"Search queries: the claim as written, and keywords {queries[1]!r}.")
        found: dict[str, _WebHit] = {}
        with trace.stage("search_targeted"):  # network time alone: 5a ∥ 5b cost one latency
            outcomes = await escalation.targeted(queries, deadline=deadline)
        web = await self._absorb(claim, outcomes, found, run)
        relevant = len(_distinct(pool + web))
        if relevant < self.config.min_evidence:
            trace.step(f"{relevant} relevant item(s) after the targeted tiers (< {self.config.min_evidence}): "
                       "searching the broad web.")
            with trace.stage("search_broad"):
                broad = await escalation.broad(queries, deadline=deadline)
            web += await self._absorb(claim, [broad], found, run)
        await self._index_web(list(found.values()), run)
        if web:
            best = max(web, key=lambda p: p.candidate.relevance or 0.0)
            run.search.tier_used = "broad" if any(
                found[p.candidate.doc.id].tier == "broad" for p in web) else found[best.candidate.doc.id].tier
        return web

    async def _absorb(self, claim: str, outcomes: Sequence[TierOutcome], found: dict[str, _WebHit],
                      run: _Run) -> list[_Pooled]:
        """Record what the tiers did and rerank their new results as candidates (not yet indexed)."""
        trace = run.trace
        fresh: list[_WebHit] = []
        fetched_at = utc_now()
        for outcome in outcomes:
            if outcome.error != NO_DOMAINS:
                run.search.queries += len(outcome.queries)
            run.usage.searches += outcome.calls
            if outcome.error:
                trace.step(f"Search tier {outcome.tier} failed ({_short(outcome.error)}); "
                           "continuing with what we have.")
                continue
            partial = f"; {len(outcome.problems)} of {len(outcome.queries)} queries failed " \
                      f"({_short(outcome.problems[0], 80)})" if outcome.problems else ""
            trace.step(f"Search tier {outcome.tier}: {len(outcome.results)} result(s) from "
                       f"{len(outcome.queries)} quer{'y' if len(outcome.queries) == 1 else 'ies'} in "
                       f"{outcome.elapsed_ms:.0f} ms{partial}.")
            for result in outcome.results:
                hit = _web_hit(result, outcome.tier, fetched_at)
                if hit is not None and hit.document.id not in found:
                    found[hit.document.id] = hit
                    fresh.append(hit)
        if not fresh:
            return []
        candidates = [Candidate(StoredDocument(h.document.id, h.document.text, h.document.metadata()), 0.0)
                      for h in fresh]
        kept = await self.retriever.rerank(claim, candidates, keep=len(candidates), record_access=False)
        return [_Pooled(c, found[c.doc.id].document.origin) for c in kept]  # type: ignore[arg-type]

    async def _index_web(self, hits: list[_WebHit], run: _Run) -> None:
        """5d: every web result into the KB in one batch; same URL + same text adds nothing.

        By default only the check of what is new happens here; the embedding and the write run
        after the answer (``index_after_response``), retried, and drained at shutdown."""
        if not hits:
            return
        trace = run.trace
        if self.config.index_after_response:
            documents = [h.document for h in hits]
            first = {d.id: (chunk_document(d)[0].id if self.retriever.config.chunking else d.id)
                     for d in documents}
            with trace.stage("index"):
                try:
                    stored = await self.retriever.kb.existing(list(first.values()))
                except Exception as exc:  # the KB write is best effort; the evidence is still used
                    trace.step(f"Could not index web results into the knowledge base ({_short(str(exc))}).")
                    return
            new = [d for d in documents if first[d.id] not in stored and d.id not in self._pending]
            run.search.new_documents += len(new)
            trace.step(f"Indexing {len(new)} new web document(s) into the knowledge base after the answer "
                       f"({len(documents) - len(new)} already there).")
            if new:
                self.schedule_write(new)
            return
        with trace.stage("index"):
            try:
                report = await self.retriever.index([h.document for h in hits])
            except Exception as exc:  # the KB write is best effort; the evidence is still used
                trace.step(f"Could not index web results into the knowledge base ({_short(str(exc))}).")
                return
        run.search.new_documents += report.added
        trace.step(f"Indexed {report.added} new web document(s) into the knowledge base "
                   f"({report.duplicates} already there).")

    def schedule_write(self, documents: list[Document]) -> None:
        """Queue documents for the one background writer (started if none is running); their ids
        count as present for other requests until the write ends, well or badly."""
        self._pending.update(d.id for d in documents)
        self._queue += documents
        if self._writer is None or self._writer.done():
            self._writer = asyncio.create_task(self._write_queued())

    async def _write_queued(self) -> None:
        """The one writer: waits `write_coalesce_s` so concurrent requests' results share a write
        (an embedded Chroma add holds the GIL for ~30 ms whatever its size), then writes until
        the queue is empty."""
        if self.config.write_coalesce_s > 0:
            await asyncio.sleep(self.config.write_coalesce_s)
        while self._queue:
            batch, self._queue = self._queue, []
            await self._write_later(batch)

    async def _write_later(self, documents: list[Document], attempts: int = 3) -> None:
        """The background half of 5d: a failed write is retried (1 s, 2 s) before it is given up,
        loudly, in the log."""
        try:
            for attempt in range(1, attempts + 1):
                try:
                    await self.retriever.index(documents)
                    return
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    if attempt == attempts:
                        log.error("gave up indexing %d web document(s) after %d attempts: %s",
                                  len(documents), attempts, exc)
                        return
                    log.warning("indexing %d web document(s) failed (%s); retrying", len(documents), exc)
                    await asyncio.sleep(attempt)
        finally:
            self._pending.difference_update(d.id for d in documents)

    @property
    def pending_writes(self) -> int:
        """1 while the background writer runs, else 0."""
        return int(self._writer is not None and not self._writer.done())

    async def drain(self, timeout_s: float = 30.0) -> int:
        """Wait for the background KB writer (at shutdown, and in tests); returns 1 when the
        timeout cut the wait, else 0."""
        if not self.pending_writes:
            return 0
        assert self._writer is not None
        _, pending = await asyncio.wait([self._writer], timeout=timeout_s)
        if pending:
            log.error("the background KB writer did not finish within %g s", timeout_s)
        return len(pending)

    async def _references(self, claim: str, options: VerifyOptions, chat: ChatModel | None,
                          run: _Run) -> list[_Pooled]:
        """The caller's references as the evidence pool: URLs fetched (SSRF-guarded) and extracted,
        texts as given; the KB and the web join only when web_search was asked for explicitly."""
        trace = run.trace
        with trace.stage("references"):
            loaded = await load_references(options.references or [], self.pages)
        for step in loaded.steps:
            trace.step(step)
        documents = loaded.documents
        trace.step(f"Using {len(documents)} passage(s) from {loaded.pages} fetched page(s) and "
                   f"{loaded.texts} text(s) supplied as references as the evidence pool.")
        if options.index_references and documents:
            report = await self.retriever.index(documents)
            trace.step(f"Indexed {report.added} reference passage(s) into the knowledge base "
                       f"({report.duplicates} already there).")
        elif documents:
            trace.step("References were not written to the knowledge base (index_references is false).")
        candidates = [Candidate(StoredDocument(d.id, d.text, d.metadata()), 0.0) for d in documents]
        with trace.stage("rerank"):
            kept = await self.retriever.rerank(claim, candidates, keep=len(candidates), record_access=False)
        trace.step(f"Reranked reference passages with {self.retriever.reranker.name}: kept {len(kept)} of "
                   f"{len(candidates)} with relevance ≥ {self.retriever.reranker.scale.min_relevance:g}.")
        pool = [_Pooled(c, "reference") for c in kept]
        if options.search_with_references:
            trace.step("web_search was asked for next to the references: also searching the KB and the web.")
            pool += await self._gather(claim, options, chat, run)
        return pool

    def _final(self, pool: list[_Pooled]) -> list[_Pooled]:
        """Dedup, relevance + (credibility − 0.5) × boost (in the reranker's units), ≤ N per domain."""
        unit = self.retriever.reranker.scale.unit
        for item in pool:
            item.final = (item.candidate.relevance or 0.0) + (
                item.candidate.doc.credibility - 0.5) * self.config.credibility_boost * unit
        ranked = sorted(pool, key=lambda p: p.final, reverse=True)
        unique = _distinct(ranked)
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

    def _rest(self, pool: list[_Pooled], chosen: list[_Pooled]) -> list[_Pooled]:
        """Pool items not chosen, relevant and best first, not duplicating a chosen URL."""
        taken = {id(p) for p in chosen}
        urls = {p.candidate.doc.source for p in chosen}
        floor = self.retriever.reranker.scale.min_relevance
        rest = [p for p in pool if id(p) not in taken and p.candidate.doc.source not in urls
                and (p.candidate.relevance or 0.0) >= floor]
        return sorted(rest, key=lambda p: p.final, reverse=True)

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
            published=_published(meta, item.origin), flags=list(profile.flags),
        )

    async def _verdict(self, claim: str, evidence: list[Evidence], chat: ChatModel | None,
                       run: _Run, probs: Sequence[StanceProbs | None] = (),
                       language: Language | None = None) -> tuple[VerdictDecision, float | None]:
        trace = run.trace
        engine = self.verdict_engine
        lead = NO_LLM if self.chat is None else (
            "The language model is not used for verdicts (VERDICT_BACKEND), so claimcheck did not judge "
            "the claim itself.")
        if not evidence:
            trace.step("No relevant evidence: Not Enough Evidence, without asking a judge.")
            decision = no_evidence_verdict()
            if engine == "evidence-only":
                decision = VerdictDecision(decision.verdict, 0.0, f"{lead} {decision.reasoning}", decision.mode)
            return decision, None
        if engine == "llm" and chat is not None:
            try:
                decision, reply = await llm_verdict(claim, evidence, chat)
            except LLMError as exc:
                trace.step(f"Verdict: the LLM failed ({_short(str(exc))}); falling back.")
                lead = "The language model's answer could not be used, so claimcheck did not judge the claim itself."
                engine = "nli" if self.nli is not None and self.config.verdict_backend == "auto" else "evidence-only"
            else:
                trace.step(f"Verdict by the LLM ({chat.name}): {decision.verdict} at {decision.confidence:.2f}.")
                judged, rejected = apply_judgements(evidence, validate_answer(VerdictAnswer, reply.data).evidence)
                if judged:
                    trace.step(f"Stance of {judged} item(s) from the LLM's verdict answer"
                               + (f"; {rejected} quote(s) not found verbatim in their evidence were not used"
                                  if rejected else "") + ".")
                return decision, None
        if engine == "nli" and self.nli is not None and language is not None and not language.english:
            trace.step(f"Verdict: not judged — {self.judge_label} is an English model and the claim looks "
                       f"{language.name}; configure an LLM to judge claims in other languages.")
            return VerdictDecision(
                Verdict.NOT_ENOUGH_EVIDENCE, 0.0,
                f"The claim looks {language.name}, and claimcheck's local judge reads English only, so it "
                f"does not answer True or False for it without a language model. The most relevant evidence "
                f"is {pointers(evidence)}.", "evidence-only"), None
        if engine == "nli" and self.nli is not None:
            if len(probs) != len(evidence):  # the stances fell back to the heuristic: no judgement
                trace.step(f"Verdict: {self.judge_label} gave no stances; answering evidence-only.")
            else:
                calibration = getattr(self.nli, "calibration", None) or Calibration()
                decision, factuality = judged_verdict(claim, evidence, probs, self.judge_label, calibration)
                trace.step(f"Verdict by {self.judge_label} from the stances: {decision.verdict} at "
                           f"{decision.confidence:.2f} (thresholds and confidence calibrated on "
                           f"{calibration.fitted_on}).")
                return decision, factuality
        if self.config.verdict_backend == "llm" and self.chat is None:
            trace.step("VERDICT_BACKEND=llm but no LLM is configured; answering evidence-only.")
        decision = evidence_only_verdict(evidence, lead)
        if decision.verdict is Verdict.NOT_ENOUGH_EVIDENCE:
            trace.step("Verdict: evidence-only; no language model or NLI model judged the claim.")
        else:
            trace.step(f"Verdict: evidence-only, from a fact-checker's published rating: {decision.verdict}.")
        return decision, None

    def _finish(self, run: _Run, claim: str, original: str, claim_type: ClaimType,
                evidence: list[Evidence], decision: VerdictDecision, citations: Citations) -> VerificationResult:
        run.trace.finish()
        return VerificationResult(
            claim=claim, original_claim=original, claim_type=claim_type, verdict=decision.verdict,
            confidence=round(decision.confidence, 4), reasoning=decision.reasoning, evidence=evidence,
            mode=decision.mode, session_id=str(uuid.uuid4()), steps=run.trace.steps,
            timings_ms=run.trace.timings_ms, factuality=None, citations=citations,
            balance=political_balance(claim, evidence), search=run.search, usage=run.usage,
        )


def _published(meta: dict, origin: str) -> str | None:
    """A stated publication date (search result, page metadata); for KB items their KB timestamp."""
    value = meta.get("published") or (meta.get("timestamp") if origin == "kb" else None)
    return str(value)[:10] if value else None


def _short(text: str, limit: int = 160) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _domain_of(doc: StoredDocument) -> str:
    return str(doc.metadata.get("domain") or registered_domain(doc.source) or "")


@dataclass(frozen=True)
class _WebHit:
    document: Document
    tier: SearchTier


def _web_hit(result: SearchResult, tier: SearchTier, fetched_at: str) -> _WebHit | None:
    """A web result as a KB document: origin, tier, query, provider and fetch time in its metadata."""
    text = " ".join(part for part in (result.title.strip(), result.snippet.strip()) if part)
    if len(text) < 20:
        return None
    origin = "fact_check" if tier == "fact_check" or is_fact_checker(result.url) else "web"
    return _WebHit(Document(
        text=text, source=result.url, title=result.title, origin=origin,
        timestamp=result.published or None,
        extra={"tier": tier, "query": result.query[:300], "fetched_at": fetched_at,
               "provider": result.provider, "published": result.published or None}), tier)


def _distinct(pool: Sequence[_Pooled]) -> list[_Pooled]:
    """One item per URL or per text (docs/architecture.md, flow step 6's duplicate rule)."""
    return dedupe(pool, url=lambda p: p.candidate.doc.source if "://" in p.candidate.doc.source else "",
                  text=lambda p: p.candidate.doc.text)


async def _discard(task: asyncio.Task | None) -> None:
    """Cancel a side task and wait for it to end. Its own outcome is collected (no "exception
    never retrieved"), while a cancellation of the caller still reaches the caller."""
    if task is None:
        return
    task.cancel()
    await asyncio.wait([task])
    if not task.cancelled():
        task.exception()
