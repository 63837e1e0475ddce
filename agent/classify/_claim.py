"""Stage 1: is the claim FACTUAL, OPINION, MIXED or AMBIGUOUS, and what part can be checked?

With an LLM: it classifies and extracts, and the extraction is checked (numbers and units of the
input must survive: "Water boils at 50C" is never "corrected" to 100C). Without one, or when it
fails: local rules for vague inputs and opinion markers, plus the tiny NewsSD-trained opinion
detector (agent/classify/_heads.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agent.classify._heads import OpinionDetector
from agent.classify._language import Language, detect
from agent.llm import ChatModel, ClassifyAnswer, LLMError, validate_answer
from agent.models import ClaimType, Classification, Mode, Verdict, VerdictDecision
from agent.prompts import CLASSIFY_SYSTEM, classify_user

_OPINION_MARKERS = re.compile(
    r"\b(i think|i believe|i feel|in my (?:opinion|view)|imo|personally|we should|you should|"
    r"i (?:really |just |absolutely )?(?:love|like|hate|adore|prefer|enjoy|dislike|can't stand)|my favou?rite|"
    r"should be|should not|shouldn't|ought to|must be banned)\b",
    re.IGNORECASE,
)
# A policy prescription ("The government should ban cars in cities") is a position, not a fact;
# "should have …", "should they …" and conditionals are not prescriptions.
_PRESCRIPTION = re.compile(
    r"(?<!\bif )\b(?:should|must|ought to) (?:not |never )?(?:ban|stop|allow|abolish|legali[sz]e|outlaw|"
    r"scrap|repeal|resign|apologi[sz]e|get rid of|be (?:banned|abolished|allowed|forced|punished|jailed|fired))\b",
    re.IGNORECASE,
)
# Hyphenated compounds ("best-selling", "worst-hit") describe, they do not judge; "a natural disaster"
# and "disaster relief" are events and programmes.
_EVALUATIVE = re.compile(
    r"(?<!-)\b(best|worst|greatest|beautiful|ugly|delicious|disgusting|boring|amazing|awesome|terrible|"
    r"awful|overrated|underrated|wonderful|stupid|brilliant|nicest|coolest|better than|worse than|"
    r"(?<!natural )disaster(?!s? (?:relief|area|zone|declaration|response|recovery|aid|fund|preparedness))|"
    r"disgrace|shameful|ridiculous|pathetic|incompetent)\b(?!-)",
    re.IGNORECASE,
)
# A ranking on a measured quantity ("the worst job losses in state history", "the best two-year job
# growth in a decade") is a statistic a fact-checker looks up, not a taste.
_STATISTIC = re.compile(
    r"\b(?:best|worst)\b(?:\W+\w+){0,3}?\W+(?:job|jobs|employment|unemployment|growth|losses|loss|"
    r"rate|rates|record|turnout|participation|ranking|ranked|performance|economy|deficit|year|years|"
    r"quarter|month|decade|states? for|countries for)\b",
    re.IGNORECASE,
)
# Reported words of a third party ("Speaker Gingrich has said that we ought to …", "Donald Trump
# called the military a disaster", PolitiFact's "Says …"): whether they were said is checkable,
# whatever their wording. The speaker must not be the writer ("I", "we", "you").
_ATTRIBUTION = re.compile(
    r"^(?P<who>(?:[^.!?]{0,120}?[\s\"“])??)(?:says|said|has said|have said|had said|claims|claimed|called|"
    r"calls|wrote|writes|argued|argues|stated|declared|tweeted|told|insisted|admitted|warned|thinks|believes|"
    r"issued (?:instructions|guidance|an order|orders)|"
    r"(?:polls?|surveys?|studies|study|data|figures|research|records|statistics) (?:show|shows|showed|found|"
    r"finds|suggest|suggests))\b(?P<what>.+)$",
    re.IGNORECASE,
)
_PASSIVE_END = re.compile(
    r"\b(?:be|been|being|is|are|was|were|so)\W*$", re.IGNORECASE
)  # "what may be called"
_FIRST_PERSON = re.compile(r"\b(?:i|we|you|my|our|your|us|me)\b", re.IGNORECASE)
_CHECKABLE = re.compile(
    r"\d|\b(is|are|was|were|has|have|had|causes?|caused|founded|invented|born|died|discovered|"
    r"located|contains?|won|landed|killed|increased|decreased|kills|cures?|tall|long|old)\b",
    re.IGNORECASE,
)
_ANCHOR = re.compile(
    r"\d|\b[A-Z][a-z]+|\b(causes?|caused|founded|invented|born|died|discovered|located|contains?|won|"
    r"landed|killed|increased|decreased|kills|cures?|rose|fell|grew|voted|passed|signed)\b",
)
_VAGUE_ONLY = re.compile(
    r"^(it|this|that|they|he|she|something|stuff|things)\s+(is|was|are|were|happened|did)\b.{0,20}$",
    re.IGNORECASE,
)
_CLAUSE_SPLIT = re.compile(r"\s*(?:,\s*and\s+|;\s*|\s+and\s+|\s+but\s+|,\s*)", re.IGNORECASE)
_NUMBER = re.compile(r"\d+(?:[.,]\d+)*\s*(?:%|°?[CF]\b|[a-zA-Z]{1,3}\b)?")


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", text)


def is_vague(text: str) -> bool:
    words = _words(text)
    return (
        len(words) < 3 or bool(_VAGUE_ONLY.match(text)) or (text.endswith("?") and len(words) < 5)
    )


def _evaluative(text: str) -> bool:
    return any(
        not (m.group(1).lower() in {"best", "worst"} and _STATISTIC.match(text, m.start()))
        for m in _EVALUATIVE.finditer(text)
    )


def has_opinion_markers(text: str) -> bool:
    if (reported := reported_speech(text)) is not None:
        text = reported[
            0
        ]  # the speaker's wording is theirs: only the framing can carry the writer's view
    return bool(_OPINION_MARKERS.search(text) or _evaluative(text) or _PRESCRIPTION.search(text))


def reported_speech(text: str) -> tuple[str, str] | None:
    """(speaker, reported words) when the sentence reports what a third party said, else None."""
    match = _ATTRIBUTION.match(text.strip())
    if (
        match is None
        or _FIRST_PERSON.search(match["who"])
        or _PASSIVE_END.search(match["who"])
        or len(_words(match["what"])) < 3
    ):
        return None
    return match["who"].strip(), match["what"].strip()


def factual_part(text: str) -> str | None:
    """The clauses of a mixed sentence that are checkable and carry no opinion marker. A clause
    counts when it has a verb of state or event and an anchor a fact-checker could look up: a
    number, a name (a capitalised word after the clause's first) or an event verb — so a long
    opinion's "as normal life is plunged into …" is not verified as its "factual part"."""
    clauses = [c for c in _CLAUSE_SPLIT.split(text) if c and len(_words(c)) >= 3]
    if len(clauses) < 2:
        return None
    factual = [
        c
        for c in clauses
        if _CHECKABLE.search(c) and _ANCHOR.search(c.strip()[1:]) and not has_opinion_markers(c)
    ]
    if not factual or len(factual) == len(clauses):
        return None
    return " ".join(factual).strip().rstrip(".,;") + "."


def classify_rules(
    claim: str, opinion_probability: float | None = None, threshold: float = 0.5
) -> Classification:
    """Local decision: vague → AMBIGUOUS; opinion markers or the detector → OPINION/MIXED; else FACTUAL."""
    text = claim.strip()
    if is_vague(text):
        return Classification(
            ClaimType.AMBIGUOUS,
            text,
            "too short or vague to check; name who or what, and when",
            "rules",
        )
    # reported words are judged by their framing (the markers), not by the detector's reading of them
    by_model = (
        opinion_probability is not None
        and opinion_probability >= threshold
        and reported_speech(text) is None
    )
    if not (has_opinion_markers(text) or by_model):
        why = (
            "a checkable statement"
            if opinion_probability is None
            else f"a checkable statement (opinion probability {opinion_probability:.2f})"
        )
        return Classification(ClaimType.FACTUAL, text, why, "rules")
    part = factual_part(text)
    if part:
        return Classification(ClaimType.MIXED, part, "a factual part plus an opinion", "rules")
    why = "a value judgement, not a checkable fact"
    if by_model:
        why += f" (opinion probability {opinion_probability:.2f})"
    return Classification(ClaimType.OPINION, text, why, "rules")


def numbers_of(text: str) -> set[str]:
    return {re.sub(r"\s+", "", m.group(0)).lower().replace(",", "") for m in _NUMBER.finditer(text)}


def preserves_errors(original: str, extracted: str) -> bool:
    """Every number (with its unit) of the original survives in the extraction."""
    return numbers_of(original) <= numbers_of(extracted)


async def classify_local(claim: str, detector: OpinionDetector | None) -> Classification:
    probability = (
        await detector.opinion_probability(claim)
        if detector is not None and not is_vague(claim)
        else None
    )
    return classify_rules(claim, probability, detector.threshold if detector is not None else 0.5)


async def classify(
    claim: str, chat: ChatModel | None, detector: OpinionDetector | None = None
) -> tuple[Classification, str | None]:
    """Classify with the LLM when one is configured, else locally.

    Returns the classification and, when the LLM failed or was overruled, why (for the trace)."""
    if chat is None:
        return await classify_local(claim, detector), None
    try:
        reply = await chat.complete_json(CLASSIFY_SYSTEM, classify_user(claim))
        answer = validate_answer(ClassifyAnswer, reply.data)
    except LLMError as exc:
        local = await classify_local(claim, detector)
        return local, f"the LLM failed ({exc}); fell back to the local classifier"
    claim_type = ClaimType(answer.claim_type)
    extracted = answer.claim.strip() or claim
    note = None
    if len(extracted) > 2000:
        extracted = claim
    if claim_type in {ClaimType.FACTUAL, ClaimType.MIXED} and not preserves_errors(
        claim, extracted
    ):
        note = (
            f"the LLM's rewrite {extracted!r} changed numbers of the claim; "
            "checking the claim as written"
        )
        extracted = claim
    keywords = answer.keywords if claim_type in {ClaimType.FACTUAL, ClaimType.MIXED} else ""
    return Classification(claim_type, extracted, answer.reason[:300], "llm", keywords), note


@dataclass(frozen=True)
class Classified:
    """Step 1's results: the classification, the language of the claim to check, the trace lines."""

    classification: Classification
    language: Language
    steps: tuple[str, ...]


async def classify_claim(
    claim: str, chat: ChatModel | None, detector: OpinionDetector | None, *, llm_judges: bool
) -> Classified:
    """Step 1 whole: `classify`, then the language of the claim it keeps, and the step's lines
    (``llm_judges``: the LLM gives the verdict, so a claim in another language is judged)."""
    classification, note = await classify(claim, chat, detector)
    language = detect(classification.claim)
    steps = classified_steps(classification, note, language, llm_judges)
    return Classified(classification, language, tuple(steps))


def classified_steps(
    classification: Classification, note: str | None, language: Language, llm_judges: bool
) -> list[str]:
    """The trace lines of step 1: a note on the LLM's answer, the type and why, the language when
    it is not English (the local judges read English only), the factual part of a mixed claim."""
    steps = [f"Classification: {note}."] if note else []
    kind, claim = classification.claim_type, classification.claim
    by = "the LLM" if classification.by == "llm" else "the local classifier"
    steps.append(f"Classified as {kind} by {by}: {classification.reason}")
    if not language.english:
        steps.append(
            f"Language: the claim looks {language.name} ({language.why}); the local judge and the "
            "embedder are English models"
            + (
                ", so the LLM judges it."
                if llm_judges
                else ", so without an LLM claimcheck gives no True/False for it."
            )
        )
    if kind is ClaimType.MIXED:
        steps.append(f"Checking only the factual part: {claim!r}")
    return steps


def not_checked(classification: Classification) -> tuple[VerdictDecision, str]:
    """The answer to an opinion (Not Verifiable) or an ambiguous claim (asked to rephrase), and
    the step that says so: nothing is retrieved or searched for either."""
    mode: Mode = "llm" if classification.by == "llm" else "evidence-only"
    if classification.claim_type is ClaimType.OPINION:
        return VerdictDecision(
            Verdict.NOT_VERIFIABLE,
            0.9,
            "This is an opinion or value judgement, not a factual claim, so "
            "it cannot be verified against evidence.",
            mode,
        ), "Opinion: no retrieval and no search; answering Not Verifiable."
    return VerdictDecision(
        Verdict.NOT_ENOUGH_EVIDENCE,
        0.0,
        f"The claim is too vague to check ({classification.reason}). "
        "Please rephrase it with the who, what and when.",
        mode,
    ), "Ambiguous: no retrieval and no search; asking to rephrase."
