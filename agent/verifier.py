"""The verifier: the flow of docs/architecture.md, top to bottom, over typed stage results.

Each stage lives in its own module and returns new values (`agent.gather.Gathered`,
`agent.judging.Stances` / `Judged`, `agent.check.Checked`, `agent.trust.TrustReport`); this
module only decides which runs next and overlaps the waits that do not depend on each other.
"""

from __future__ import annotations

import asyncio
import uuid
from collections.abc import Callable
from dataclasses import dataclass, replace

from agent.balance import political_balance, promote_contrast
from agent.check import check
from agent.classify import (
    Language,
    OpinionDetector,
    classify_claim,
    not_checked,
)
from agent.gather import GatherConfig, Gathered, Gatherer, KbLeg
from agent.judge import (
    HEURISTIC_NAME,
    NLIModel,
    Stances,
    factuality,
    judge_stances,
    judge_verdict,
)
from agent.llm import ChatModel
from agent.models import (
    Citations,
    ClaimType,
    Classification,
    Evidence,
    Grounding,
    VerdictDecision,
    VerificationResult,
)
from agent.prior import PriorChecks, PriorLookup, ReviewMatcher
from agent.run import CountingChat, Run, Trace, discard
from agent.trust import TrustReport, score_sources, scored_sources_step
from retrieval.retriever import EvidenceRetriever
from retrieval.writer import BackgroundWriter
from search.escalation import SearchEscalation
from search.fetch import Fetcher
from search.resilience import cuts as deadline_cuts
from search.resilience import deadline_seconds

__all__ = ["Verifier", "VerifierConfig", "VerifyOptions"]


@dataclass(frozen=True)
class VerifierConfig(GatherConfig):
    """The gathering settings (`GatherConfig`) and the judging and checking ones."""

    verdict_backend: str = "auto"
    grounding_profile: str = "general"
    grounding_trigger: str = "on_medium_confidence"
    citation_check: str = "local"  # local: NLI model when loaded, else lexical; llm: one more call
    write_coalesce_s: float = 0.0  # background writes of concurrent requests gathered this long


@dataclass
class VerifyOptions:
    web_search: bool = True
    references: list[str] | None = None
    index_references: bool = False
    grounding: str | None = None
    profile: str | None = None
    search_with_references: bool = False  # web_search explicitly asked for next to references


class Verifier:
    """Verifies one claim at a time; safe to share between concurrent requests."""

    def __init__(
        self,
        retriever: EvidenceRetriever,
        escalation: SearchEscalation | None,
        chat: ChatModel | None,
        config: VerifierConfig,
        detector: OpinionDetector | None = None,
        nli: NLIModel | None = None,
        *,
        fetcher: Fetcher | None = None,
        pages: Fetcher | None = None,
        prior: PriorChecks | None = None,
        matcher: ReviewMatcher | None = None,
    ) -> None:
        self.retriever = retriever
        self.chat = chat
        self.config = config
        self.fetcher = fetcher  # URL checks for source trust (None: URL_CHECK off)
        self.detector = detector
        self.nli = nli
        self.writer = BackgroundWriter(retriever.index, coalesce_s=config.write_coalesce_s)
        self.prior = (
            prior  # step 0: prior fact-checks (FACTCHECK_API_KEY); None when not configured
        )
        self.gatherer = Gatherer(retriever, escalation, config, self.writer, pages, prior, matcher)

    @property
    def verdict_engine(self) -> str:
        """Which engine answers judged verdicts: llm, nli or evidence-only (VERDICT_BACKEND)."""
        backend = self.config.verdict_backend
        if backend in {"auto", "llm"} and self.chat is not None:
            return "llm"
        if backend in {"auto", "nli"} and self.nli is not None:
            return "nli"
        return "evidence-only"

    async def verify(
        self,
        raw: str,
        options: VerifyOptions | None = None,
        on_step: Callable[[str], None] | None = None,
    ) -> VerificationResult:
        options = options or VerifyOptions()
        run = Run(Trace(on_step))
        chat = CountingChat(self.chat, run.usage) if self.chat is not None else None
        original, raw = raw, raw.strip()
        # 0 prior checks ∥ 1 classify ∥ the KB leg on the input as written
        classification, language, early, prior = await self._classify(raw, options, chat, run)
        kind, claim = classification.claim_type, classification.claim
        if kind in {ClaimType.OPINION, ClaimType.AMBIGUOUS}:
            return self._not_checked(run, original, classification)
        # 2–6 gather: the KB, then the web tiers (or the caller's references); the final choice
        gathered = await self.gatherer.gather(
            claim,
            run,
            chat,
            web_search=options.web_search,
            references=options.references or (),
            index_references=options.index_references,
            search_with_references=options.search_with_references,
            early=early,
            keywords=classification.keywords,
            prior=prior,
        )
        # 7 quotes, stances, freshness; 7 source trust ∥ 8 the verdict; 9 check
        stances = await self._stances(claim, gathered, run)
        decision, evidence, fact = await self._judge(claim, stances, language, options, chat, run)
        with run.trace.stage("check"):
            checked = await check(
                claim,
                evidence,
                decision,
                run,
                chat=chat,
                nli=self.nli,
                citation_check=self.config.citation_check,
                grounding=options.grounding,
                profile=options.profile,
                default_profile=self.config.grounding_profile,
                default_trigger=self.config.grounding_trigger,
            )
        # one record per verification: the KB documents kept, and the evidence the verdict used
        await self.retriever.record_use(
            dict(gathered.accessed), {e.id: e.relevance for e in evidence}
        )
        return self._finish(
            run,
            claim,
            original,
            kind,
            evidence,
            checked.decision,
            checked.citations,
            factuality=fact,
            grounding=checked.grounding,
        )

    async def _classify(
        self, raw: str, options: VerifyOptions, chat: ChatModel | None, run: Run
    ) -> tuple[
        Classification, Language, asyncio.Task[KbLeg] | None, asyncio.Task[PriorLookup] | None
    ]:
        """Step 1, with the KB leg on the input as written and step 0 (the prior fact-checks)
        started beside it; returns the classification and the side tasks still wanted."""
        # the KB leg's local work overlaps the LLM call, and is used when the classification keeps
        # the claim as it was; the Fact Check Tools API is asked while the claim is classified
        early = (
            asyncio.create_task(self.gatherer.kb_leg(raw))
            if chat is not None and not options.references
            else None
        )
        prior = (
            asyncio.create_task(self.prior.lookup(raw))
            if self.prior is not None and options.web_search and not options.references
            else None
        )
        try:
            with run.trace.stage("classify"):
                classified = await classify_claim(
                    raw, chat, self.detector, llm_judges=self.verdict_engine == "llm"
                )
        except BaseException:
            await discard(early)
            await discard(prior)
            raise
        classification, language = classified.classification, classified.language
        kind = classification.claim_type
        unchecked = kind in {ClaimType.OPINION, ClaimType.AMBIGUOUS}
        if early is not None and (unchecked or classification.claim != raw):
            await discard(early)
            early = None
        if prior is not None and unchecked:
            await discard(prior)
            prior = None
        run.english = language.english
        for step in classified.steps:
            run.trace.step(step)
        return classification, language, early, prior

    def _not_checked(
        self, run: Run, original: str, classification: Classification
    ) -> VerificationResult:
        """An opinion (Not Verifiable) or an ambiguous claim (asked to rephrase): nothing gathered."""
        decision, step = not_checked(classification)
        run.trace.step(step)
        return self._finish(
            run,
            classification.claim,
            original,
            classification.claim_type,
            [],
            decision,
            Citations(),
        )

    async def _stances(self, claim: str, gathered: Gathered, run: Run) -> Stances:
        """Step 7: quotes, stances and freshness; a contrasting source for a one-sided political
        claim. The stances' evidence is the evidence as it goes on."""
        with run.trace.stage("stances"):
            evidence, promoted = promote_contrast(
                claim,
                list(gathered.evidence),
                lambda: [p.evidence() for p in gathered.rest],
                limit=self.config.top_k_rerank,
            )
            stances = await judge_stances(claim, evidence, self.nli, run.english, promoted)
        for step in stances.steps:
            run.trace.step(step)
        return stances

    async def _judge(
        self,
        claim: str,
        stances: Stances,
        language: Language,
        options: VerifyOptions,
        chat: ChatModel | None,
        run: Run,
    ) -> tuple[VerdictDecision, list[Evidence], float | None]:
        """Step 7's source trust ∥ step 8's verdict (which does not read it); then a prior
        fact-check weighs in and the claim's own time may withhold the verdict. Returns the
        decision, the evidence with its trust, and the factuality."""
        trace = run.trace
        evidence = stances.evidence
        trust_job = asyncio.create_task(self._trust(claim, evidence, options, chat, run))
        try:
            with trace.stage("verdict"):
                judged = await judge_verdict(
                    claim,
                    evidence,
                    run,
                    engine=self.verdict_engine,
                    chat=chat,
                    nli=self.nli,
                    llm_configured=self.chat is not None,
                    backend=self.config.verdict_backend,
                    probs=stances.probs,
                    language=language,
                    references=bool(options.references) and not options.search_with_references,
                    compared=stances.compared,
                )
            trust = await trust_job
        except BaseException:
            await discard(trust_job)
            raise
        decision = judged.decision
        evidence = [
            replace(e, trust=t.trust) for e, t in zip(judged.evidence, trust.evidence, strict=True)
        ]
        run.usage.url_checks += trust.url_checks
        for step in (*judged.steps, *trust.steps):
            if step:
                trace.step(step)
        if evidence:
            trace.step(scored_sources_step(evidence))
        fact = judged.factuality
        if fact is None and evidence:
            fact = factuality(evidence)
            if fact is not None and judged.decision.mode != "llm" and stances.by == HEURISTIC_NAME:
                trace.step(
                    f"Factuality {fact:.2f} aggregates the {HEURISTIC_NAME}'s stances: "
                    "a rough signal, not a judgement."
                )
        return decision, evidence, fact

    async def _trust(
        self,
        claim: str,
        evidence: list[Evidence],
        options: VerifyOptions,
        chat: ChatModel | None,
        run: Run,
    ) -> TrustReport:
        """Source trust of the evidence (the verdict runs meanwhile on its own)."""
        with run.trace.stage("score_sources"):
            return await score_sources(
                claim,
                evidence,
                fetcher=self.fetcher if options.web_search else None,
                chat=chat,
                sufficient_mean=self.retriever.scale.sufficient_mean,
            )

    @property
    def pending_writes(self) -> int:
        """1 while the background KB writer runs, else 0."""
        return self.writer.running

    async def drain(self, timeout_s: float = 30.0) -> int:
        """Wait for the background KB writer; 1 when the timeout cut the wait, else 0."""
        return await self.writer.drain(timeout_s)

    def _finish(
        self,
        run: Run,
        claim: str,
        original: str,
        claim_type: ClaimType,
        evidence: list[Evidence],
        decision: VerdictDecision,
        citations: Citations,
        *,
        factuality: float | None = None,
        grounding: Grounding | None = None,
    ) -> VerificationResult:
        left_out = deadline_cuts()
        if (
            left_out
        ):  # what VERIFY_DEADLINE_S cut (search/resilience.py): the answer is built without it
            run.trace.step(
                f"Deadline: the verification's time limit ({deadline_seconds():g} s for outside "
                f"calls) cut {'; '.join(left_out)}. The answer is built from what came back in time."
            )
        run.trace.finish()
        return VerificationResult(
            claim=claim,
            original_claim=original,
            claim_type=claim_type,
            verdict=decision.verdict,
            confidence=round(decision.confidence, 4),
            reasoning=decision.reasoning,
            evidence=tuple(evidence),
            mode=decision.mode,
            session_id=str(uuid.uuid4()),
            steps=tuple(run.trace.steps),
            timings_ms=dict(run.trace.timings_ms),
            factuality=factuality,
            citations=citations,
            grounding=grounding or Grounding(),
            balance=political_balance(claim, evidence),
            search=run.search.freeze(),
            usage=run.usage.freeze(),
            trail=run.trail.freeze(),
        )
