"""The one way into verification for every caller: `/api/verify`, its stream, `/api/check`, its
stream and the command line all go through `VerificationService`, so they share the verdict cache,
the concurrency slots and one Server-Sent Events implementation with one error body.
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from contextvars import ContextVar
from dataclasses import asdict, replace
from typing import TYPE_CHECKING, Any

from pydantic import TypeAdapter, ValidationError

from agent.cache import TextCache, verdict_key
from agent.models import VerificationResult
from agent.passages import PassageChecker, PassageClaim, PassageResult
from agent.plain import verdict_sentence
from agent.trust import unscored_trust
from agent.verifier import Verifier, VerifyOptions
from app.errors import DeadlineExceeded, Saturated, describe_error
from app.schemas.check import CheckClaimOut, CheckResponse
from app.schemas.verify import VerifyRequest, VerifyResponse
from app.sse import KEEP_ALIVE, frame
from jobs.items import ItemOptions
from search.resilience import cuts, within

if TYPE_CHECKING:
    from app.records import Recorder, Via

__all__ = ["VerificationService", "to_check_response", "to_response", "verify_options"]

KEEPALIVE_S = 10.0
_HOLDING: ContextVar[bool] = ContextVar("claimcheck_verification_slot", default=False)
DEADLINE_GRACE_S = 0.5  # past VERIFY_DEADLINE_S, a verification still running is ended (503)
EPOCH_KEY = "reviews:epoch"
_RESULT = TypeAdapter(VerificationResult)
Emit = Callable[[str, Any], None]


def verify_options(body: VerifyRequest) -> VerifyOptions:
    """With references, the KB and the web are searched only when web_search was sent explicitly."""
    return VerifyOptions(
        web_search=body.web_search,
        references=body.references,
        index_references=body.index_references,
        grounding=body.grounding,
        profile=body.profile,
        search_with_references=body.web_search and "web_search" in body.model_fields_set,
    )


def job_options(options: ItemOptions) -> VerifyOptions:
    """A job's options as `verify_options` reads the same fields of a `POST /api/verify` body."""
    return VerifyOptions(
        web_search=options.web_search is not False,
        references=list(options.references) if options.references is not None else None,
        index_references=options.index_references,
        grounding=options.grounding,
        profile=options.profile,
        search_with_references=options.web_search is True,
    )


def to_response(result: VerificationResult) -> VerifyResponse:
    """The wire form of a verification (docs/api.md)."""
    body = asdict(result)
    for item, evidence in zip(body["evidence"], result.evidence, strict=True):
        if item["trust"] is None:  # not scored: the content domain alone
            item["trust"] = asdict(unscored_trust(evidence))
    body["claim_type"] = str(result.claim_type)
    body["verdict"] = str(result.verdict)
    body["plain_summary"] = verdict_sentence(body)
    return VerifyResponse.model_validate(body)


Answer = Callable[[VerificationResult], VerifyResponse]


def claim_out(claim: PassageClaim, answer: Answer = to_response) -> CheckClaimOut:
    """A passage claim on the wire; `answer` makes its result's wire form (with a record id)."""
    return CheckClaimOut(
        text=claim.text,
        start=claim.start,
        end=claim.end,
        check_worthy=claim.check_worthy,
        result=answer(claim.result) if claim.result else None,
        reason=claim.reason,
    )


def to_check_response(result: PassageResult, answer: Answer = to_response) -> CheckResponse:
    return CheckResponse(
        claims=[claim_out(c, answer) for c in result.claims],
        summary=result.summary,
        max_claims=result.max_claims,
        left_out=result.left_out,
        repeated=result.repeated,
        session_id=result.session_id,
        timings_ms=result.timings_ms,
        steps=result.steps,
    )


class VerificationService:
    """Cache, slots and streams around the verifier and the passage checker."""

    def __init__(
        self,
        verifier: Verifier,
        cache: TextCache,
        *,
        max_concurrent: int,
        cache_ttl_s: float,
        llm_model: str,
        deadline_s: float = 45.0,
        reserve_s: float = 5.0,
        passages: Callable[..., PassageChecker] | None = None,
        recorder: Recorder | None = None,
    ) -> None:
        """`passages(verify=…)` makes the passage checker: its claims are verified through this
        service (the verdict cache, within the passage's slot). `recorder` keeps each answer's
        record (RECORDS, app/records.py)."""
        self.verifier = verifier
        # VERIFY_DEADLINE_S: outside calls end VERIFY_RESERVE_S before it, leaving that for building
        # the answer from what is there; a verification still running at the deadline (+ grace) ends
        self.deadline_s = deadline_s
        self.reserve_s = reserve_s
        self.cache = cache
        self.slots = asyncio.Semaphore(max_concurrent)
        self.max_concurrent = max_concurrent
        self.cache_ttl_s = cache_ttl_s
        self.llm_model = llm_model
        self.passages = passages(verify=self.verify) if passages is not None else None
        self.recorder = recorder
        self.review_epoch = ""  # changes with every review: answers cached before it are not served
        self._epoch_read = 0.0

    # -- records (issue 40) ----------------------------------------------------------------------

    async def verify_and_answer(
        self,
        claim: str,
        options: VerifyOptions,
        owner: str,
        *,
        via: Via,
        on_step: Callable[[str], None] | None = None,
        wait: bool = False,
    ) -> VerifyResponse:
        """`verify`, then `answer`: a claim's wire answer, its record kept — what every entry point
        (route, stream, CLI, MCP, batch item) gives for one claim."""
        result = await self.verify(claim, options, on_step=on_step, wait=wait)
        return self.answer(result, owner, via=via, options=options)

    def answer(
        self,
        result: VerificationResult,
        owner: str,
        *,
        via: Via,
        options: VerifyOptions | None = None,
    ) -> VerifyResponse:
        """The wire form of a result, with the `id` of the record kept for `owner` (when records are on)."""
        response = to_response(result)
        if self.recorder is not None:
            self.recorder.keep(result, response, owner, via=via, options=options)
        return response

    async def reviews_changed(self) -> None:
        """A review was made: verdicts cached before it are stale (in Redis, for every replica)."""
        self.review_epoch = uuid.uuid4().hex
        self._epoch_read = time.monotonic()
        await self.cache.set(EPOCH_KEY, self.review_epoch, 10 * 365 * 86400)

    async def _epoch(self) -> str:
        """The review epoch, re-read from a shared cache at most once a second."""
        if self.cache.name != "memory" and time.monotonic() - self._epoch_read > 1.0:
            self._epoch_read = time.monotonic()
            self.review_epoch = await self.cache.get(EPOCH_KEY) or self.review_epoch
        return self.review_epoch

    # -- the concurrency slot ------------------------------------------------------------------

    @asynccontextmanager
    async def slot(self, *, wait: bool = False) -> AsyncIterator[None]:
        """Hold a verification slot: taken now or `Saturated` (503 + Retry-After: no queue that grows
        without bound), or with `wait` (batch jobs) once one frees up. Within it (and in the tasks
        it starts) `verify`, `check` and `stream` take no second one: a passage's claims share it."""
        if _HOLDING.get():
            yield
            return
        await self._take(wait)
        token = _HOLDING.set(True)
        try:
            yield
        finally:
            _HOLDING.reset(token)
            self.slots.release()

    async def _take(self, wait: bool) -> None:
        if not wait and self.slots.locked():
            raise Saturated(f"all {self.max_concurrent} verification slots are busy; retry shortly")
        await self.slots.acquire()  # free (unless waiting), so this returns at once

    async def verify_job_item(
        self, claim: str, options: ItemOptions, owner: str = ""
    ) -> dict[str, Any]:
        """One batch item (its claim and options validated when the job was made), as
        `POST /api/verify` would answer it (its body as JSON data), waiting its turn for a slot:
        the jobs' `VerifyItem`, called by the in-process runner and `claimcheck worker`."""
        answer = await self.verify_and_answer(
            claim, job_options(options), owner, via="job", wait=True
        )
        return answer.model_dump(mode="json")

    # -- verification, cached ---------------------------------------------------------------

    def cache_key(self, claim: str, options: VerifyOptions) -> str | None:
        if self.cache_ttl_s <= 0 or options.references:
            return None
        return verdict_key(
            claim,
            engine=self.verifier.verdict_engine,
            model=self.llm_model,
            web_search=options.web_search,
            grounding=options.grounding,
            profile=options.profile,
            **({"reviews": self.review_epoch} if self.review_epoch else {}),
        )

    async def verify(
        self,
        claim: str,
        options: VerifyOptions | None = None,
        on_step: Callable[[str], None] | None = None,
        *,
        wait: bool = False,
    ) -> VerificationResult:
        """A verdict from the cache when one is there (`cache: "hit"`, no slot needed), else from the
        verifier in a slot (`slot(wait=wait)`).
        Degraded answers (the configured engine did not answer) are not cached: the next try may do
        better."""
        options = options or VerifyOptions()
        started = time.perf_counter()
        if self.cache_ttl_s > 0:
            await self._epoch()
        key = self.cache_key(claim, options)
        if key is not None:
            cached = await self._cached(key)
            if cached is not None:
                elapsed = round((time.perf_counter() - started) * 1000, 2)
                steps = [
                    f"Served from the verdict cache ({self.cache.name}); the original trace follows.",
                    *cached.steps,
                ]
                if on_step is not None:
                    for step in steps:
                        on_step(step)
                return replace(
                    cached,
                    cache="hit",
                    session_id=str(uuid.uuid4()),
                    original_claim=claim,
                    steps=steps,
                    timings_ms={"cache_lookup": elapsed, "total": elapsed},
                )
        async with self.slot(wait=wait):
            result = await self._verify_in_time(claim, options, on_step)
        if key is not None and result.mode == self.verifier.verdict_engine:
            await self.cache.set(key, _RESULT.dump_json(result).decode(), self.cache_ttl_s)
        return result

    async def _verify_in_time(
        self, claim: str, options: VerifyOptions, on_step: Callable[[str], None] | None
    ) -> VerificationResult:
        """The verifier under VERIFY_DEADLINE_S: outside calls are cut to end VERIFY_RESERVE_S before
        it (the verifier then answers from what it has, saying what was cut); if the local work still
        runs past the deadline and a grace second, `DeadlineExceeded` (503) ends it."""
        with within(self.deadline_s - self.reserve_s):
            try:
                async with asyncio.timeout(self.deadline_s + DEADLINE_GRACE_S):
                    return await self.verifier.verify(claim, options, on_step=on_step)
            except TimeoutError:
                left_out = "; ".join(cuts()) or "nothing recorded"
                raise DeadlineExceeded(
                    f"no answer within VERIFY_DEADLINE_S ({self.deadline_s:g} s); cut: {left_out}"
                ) from None

    async def _cached(self, key: str) -> VerificationResult | None:
        text = await self.cache.get(key)
        if text is None:
            return None
        try:
            return _RESULT.validate_json(text)
        except ValidationError:  # written by an older release: recomputed and overwritten
            return None

    async def check(
        self,
        text: str,
        *,
        web_search: bool = True,
        max_claims: int | None = None,
        on_claim: Callable[[PassageClaim], None] | None = None,
    ) -> PassageResult:
        """Check a passage's claims in one slot, under one deadline their verifications share."""
        if self.passages is None:
            raise RuntimeError("the passage checker is not configured")
        async with self.slot():
            with within(self.deadline_s - self.reserve_s):
                try:
                    async with asyncio.timeout(self.deadline_s + DEADLINE_GRACE_S):
                        return await self.passages.check(
                            text, web_search=web_search, max_claims=max_claims, on_claim=on_claim
                        )
                except TimeoutError:
                    raise DeadlineExceeded(
                        f"no answer within VERIFY_DEADLINE_S ({self.deadline_s:g} s)"
                    ) from None

    # -- Server-Sent Events ---------------------------------------------------------------------

    async def stream(self, work: Callable[[Emit], Awaitable[Any]]) -> AsyncIterator[str]:
        """Take a slot now (so saturation is a plain 503, before the stream starts), then run
        `work(emit)` in it as its own task (started now, so it ends, and gives the slot back, even
        if the client never reads); yield each `emit(name, data)` as an event as it happens, then
        `result` with what `work` returned, or `error` with the API's error body. A client that
        goes away cancels the work."""
        queue: asyncio.Queue[tuple[str, Any] | None] = asyncio.Queue()
        held = _HOLDING.get()
        if not held:
            await self._take(wait=False)

        async def run() -> Any:
            _HOLDING.set(True)  # this task's own context: the work's verifications are in the slot
            try:
                return await work(lambda name, data: queue.put_nowait((name, data)))
            finally:
                if not held:
                    self.slots.release()
                queue.put_nowait(None)

        task = asyncio.create_task(run())

        async def events() -> AsyncIterator[str]:
            try:
                yield ": claimcheck started\n\n"  # flushes headers so clients see progress at once
                while True:
                    try:
                        item = await asyncio.wait_for(queue.get(), timeout=KEEPALIVE_S)
                    except TimeoutError:
                        yield KEEP_ALIVE
                        continue
                    if item is None:
                        break
                    yield frame(*item)
                try:
                    body = task.result()
                except Exception as exc:  # noqa: BLE001 — reported to the client as an `error` event
                    status, error, _ = describe_error(exc)
                    yield frame("error", {**error, "status": status})
                else:
                    yield frame("result", body)
            finally:
                if not task.done():
                    task.cancel()

        return events()
