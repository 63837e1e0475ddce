"""Passages: split a text into its check-worthy claims, verify them concurrently under one budget,
and place each back in the text by character offsets.

Sentences come from pysbd (rule-based, ships its rules). With an LLM, the passage is decomposed into
self-contained atomic claims, each tied to the sentence it came from; without one, every sentence is
a candidate, scored by the local check-worthiness head (ClaimBuster-trained) and screened for
opinions by the claim classifier's rules and opinion detector.
"""

from __future__ import annotations

import asyncio
import re
import time
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field

from pydantic import BaseModel, Field

from agent.classify import HeadClassifier, classify_local
from agent.llm import ChatModel, LLMError, validate_answer
from agent.models import ClaimType, VerificationResult
from agent.prompts import DECOMPOSE_SYSTEM, decompose_user
from agent.sentences import Sentence, split_sentences
from agent.verifier import Verifier, VerifyOptions

_WORDS = re.compile(r"\w+")


@dataclass(frozen=True)
class PassageBudget:
    """Caps for one passage: claims verified, verifications at once, and total seconds."""

    max_claims: int = 8
    concurrency: int = 3
    deadline_s: float = 90.0


@dataclass
class PassageClaim:
    text: str
    start: int
    end: int
    check_worthy: float
    result: VerificationResult | None = None
    reason: str = ""


@dataclass
class PassageResult:
    claims: list[PassageClaim]
    summary: dict[str, int]
    session_id: str
    timings_ms: dict[str, float] = field(default_factory=dict)
    steps: list[str] = field(default_factory=list)
    max_claims: int = 0  # the cap this check ran under
    left_out: int = 0  # check-worthy claims over the cap
    repeated: int = 0  # sentences repeating an earlier claim: verified once


class _DecomposedClaim(BaseModel):
    claim: str = Field(min_length=3, max_length=2000)
    sentence: int = Field(ge=1)


class _Decomposition(BaseModel):
    claims: list[_DecomposedClaim] = Field(
        max_length=50
    )  # required: an answer without it is unusable


def locate(text: str, claim: str, sentence: Sentence) -> tuple[int, int]:
    """The claim's span: verbatim if it occurs in its sentence (or the text), else the sentence."""
    index = text.find(claim, sentence.start, sentence.end)
    if index < 0:
        index = text.find(claim)
    if index >= 0:
        return index, index + len(claim)
    return sentence.start, sentence.end


class PassageChecker:
    """Wires segmentation, selection and concurrent verification; owns no I/O itself."""

    def __init__(
        self,
        verifier: Verifier,
        checkworthy: HeadClassifier | None,
        chat: ChatModel | None,
        budget: PassageBudget,
        threshold: float | None = None,
        verify: Callable[[str, VerifyOptions], Awaitable[VerificationResult]] | None = None,
    ) -> None:
        self.verifier = verifier
        self.verify = verify or verifier.verify  # the app passes its cached verification
        self.checkworthy = checkworthy
        self.chat = chat
        self.budget = budget
        self.threshold = (
            threshold if threshold is not None else (checkworthy.threshold if checkworthy else 0.5)
        )

    async def _candidates(
        self, text: str, sentences: list[Sentence], steps: list[str]
    ) -> list[PassageClaim]:
        if self.chat is not None:
            try:
                reply = await self.chat.complete_json(
                    DECOMPOSE_SYSTEM, decompose_user([s.text for s in sentences])
                )
                decomposition = validate_answer(_Decomposition, reply.data)
            except LLMError as exc:
                steps.append(
                    f"The LLM could not decompose the passage ({exc}); scoring sentences locally."
                )
            else:
                claims = []
                for item in decomposition.claims:
                    if item.sentence > len(sentences):
                        continue
                    sentence = sentences[item.sentence - 1]
                    start, end = locate(text, item.claim.strip(), sentence)
                    claims.append(PassageClaim(item.claim.strip(), start, end, 1.0))
                steps.append(
                    f"The LLM decomposed {len(sentences)} sentence(s) into {len(claims)} atomic claim(s)."
                )
                return claims
        scores = (
            await self.checkworthy.probabilities([s.text for s in sentences])
            if self.checkworthy
            else [0.5] * len(sentences)
        )
        steps.append(f"Scored {len(sentences)} sentence(s) for check-worthiness locally.")
        return [
            PassageClaim(s.text, s.start, s.end, round(score, 4))
            for s, score in zip(sentences, scores, strict=True)
        ]

    async def check(
        self,
        text: str,
        *,
        web_search: bool = True,
        max_claims: int | None = None,
        on_claim: Callable[[PassageClaim], None] | None = None,
    ) -> PassageResult:
        started = time.perf_counter()
        timings: dict[str, float] = {}
        steps: list[str] = []
        cap = min(max_claims or self.budget.max_claims, self.budget.max_claims)

        sentences = split_sentences(text)
        timings["split"] = round((time.perf_counter() - started) * 1000, 2)
        mark = time.perf_counter()
        claims = await self._candidates(text, sentences, steps)
        repeats = _repeats(claims, steps)
        chosen, left_out = await self._select(claims, repeats, cap)
        timings["select"] = round((time.perf_counter() - mark) * 1000, 2)
        steps.append(f"Selected {len(chosen)} of {len(claims)} claim(s) to verify.")

        mark = time.perf_counter()
        await self._verify_all(chosen, web_search, on_claim)
        timings["verify"] = round((time.perf_counter() - mark) * 1000, 2)
        for claim in claims:
            first = repeats.get(id(claim))
            if first is not None:
                claim.result = first.result
                claim.reason = f"repeats an earlier sentence (“{first.text[:80]}”), checked once: {first.reason}"
        timings["total"] = round((time.perf_counter() - started) * 1000, 2)
        ordered = sorted(claims, key=lambda c: (c.start, c.end))
        summary = Counter(c.result.verdict.value if c.result else "not checked" for c in ordered)
        return PassageResult(
            ordered,
            dict(summary),
            str(uuid.uuid4()),
            timings,
            steps,
            max_claims=cap,
            left_out=left_out,
            repeated=len(repeats),
        )

    async def _select(
        self, claims: list[PassageClaim], repeats: dict[int, PassageClaim], cap: int
    ) -> tuple[list[PassageClaim], int]:
        """The claims to verify, most check-worthy first, at most ``cap`` (and how many the cap
        left out): not a repeat, not an opinion, not too vague, check-worthy enough."""
        chosen: list[PassageClaim] = []
        for claim in claims:
            if id(claim) in repeats:
                continue
            classification = await classify_local(claim.text, self.verifier.detector)
            if classification.claim_type is ClaimType.OPINION:
                claim.reason = f"an opinion, not verified ({classification.reason})"
            elif classification.claim_type is ClaimType.AMBIGUOUS:
                claim.reason = f"too vague to verify ({classification.reason})"
            elif claim.check_worthy < self.threshold:
                claim.reason = (
                    f"not check-worthy (score {claim.check_worthy:.2f} < {self.threshold:.2f})"
                )
            else:
                chosen.append(claim)
        chosen.sort(key=lambda c: c.check_worthy, reverse=True)
        for claim in chosen[cap:]:
            claim.reason = (
                f"left out: only {cap} claim(s) were asked for (max_claims); ask for more, up to "
                f"{self.budget.max_claims}, to check it"
            )
        return chosen[:cap], len(chosen[cap:])

    async def _verify_all(
        self,
        chosen: list[PassageClaim],
        web_search: bool,
        on_claim: Callable[[PassageClaim], None] | None,
    ) -> None:
        """Verify the chosen claims, at most ``concurrency`` at once, within the passage's deadline;
        each claim says what happened to it."""
        gate = asyncio.Semaphore(self.budget.concurrency)

        async def run(claim: PassageClaim) -> None:
            async with gate:
                claim.result = await self.verify(claim.text, VerifyOptions(web_search=web_search))
                claim.reason = "verified"
            if on_claim is not None:
                on_claim(claim)

        tasks = [asyncio.create_task(run(c)) for c in chosen]
        if not tasks:
            return
        _, pending = await asyncio.wait(tasks, timeout=self.budget.deadline_s)
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.gather(*pending, return_exceptions=True)
        for claim, task in zip(chosen, tasks, strict=True):
            if task in pending:
                claim.reason = f"time budget exhausted ({self.budget.deadline_s:g} s)"
            elif task.exception() is not None:
                claim.result = None
                claim.reason = f"verification failed: {task.exception()}"


def _repeats(claims: list[PassageClaim], steps: list[str]) -> dict[int, PassageClaim]:
    """A sentence the passage repeats is one claim: verified once, the repeats share its result.
    Returns id(repeat) → the first occurrence."""
    first_of: dict[str, PassageClaim] = {}
    repeats: dict[int, PassageClaim] = {}
    for claim in claims:
        key = " ".join(_WORDS.findall(claim.text.casefold()))
        if key in first_of:
            repeats[id(claim)] = first_of[key]
        else:
            first_of[key] = claim
    if repeats:
        steps.append(f"{len(repeats)} sentence(s) repeat an earlier claim: each is checked once.")
    return repeats
