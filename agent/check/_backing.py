"""Is a cited sentence backed by the evidence it cites (step 9's citation check, see
``_citations``)? A sentence that only restates the verdict is backed by the cited item's stance;
one that states facts by the LLM (``CITATION_CHECK=llm``), the NLI model or the local judge, or
the lexical test (content words and numbers found in the evidence).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent.judge import NLIModel
from agent.llm import ChatModel, CitationAnswer, LLMError, validate_answer
from agent.models import Evidence, Verdict
from agent.prompts import CITATION_SYSTEM, citation_user
from agent.sentences import content_words

CITATION = re.compile(r"\s*\[(\d{1,3})\]")

_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")


# Words that describe the evidence or the verdict rather than assert a fact.
_META = frozenset(
    str.split("""evidence source sources claim claims states stated state says said say according
shows show showed shown report reports reported article confirms confirm confirmed supports support
supported refutes refute refuted contradicts contradict contradicted indicates indicate notes note
mentions mention verdict true false partially misleading therefore however which also item items
cited cites cite text page document suggests suggest clearly explicitly directly based""")
)


# A sentence that restates the verdict: verdict words, and nothing of its own beyond them.
_VERDICT_WORDS = re.compile(
    r"\b(?:true|false|correct|incorrect|accurate|inaccurate|wrong|right|holds?|hold up|stands?|"
    r"confirm\w*|refut\w*|contradict\w*|support\w*|debunk\w*|disprov\w*|prov\w*|myth|hoax|"
    r"misleading|mislead\w*|partly|partially|half|baseless|unfounded|unsupported|verified|valid|"
    r"invalid|untrue|not the case|is the case|backs?|backed)\b",
    re.IGNORECASE,
)


_VERDICT_FILLER = (
    frozenset(
        str.split("""per see also according claim claims this that statement
it its the is are was were does do did not no never nor hold holds held stand stands up case
evidence source sources item items cited cites shows show shown showing states stated state says
said say clearly plainly directly both all each which as by in of on and or so thus hence therefore
indeed rather instead fact facts""")
    )
    | _META
)


_DIRECTION = {
    Verdict.TRUE: {"supports"},
    Verdict.FALSE: {"refutes"},
    Verdict.PARTIALLY_TRUE: {"supports", "refutes"},
    Verdict.MISLEADING: {"supports", "refutes"},
}


def restates_verdict(part: str, claim: str) -> bool:
    """Whether a cited sentence only restates a verdict: it uses verdict words and, bar those,
    the claim's own words and fillers, has nothing to look up in the evidence."""
    if not _VERDICT_WORDS.search(part):
        return False
    claim_words = {w[:6] for w in content_words(claim)}
    rest = {
        w[:6]
        for w in content_words(_VERDICT_WORDS.sub(" ", part))
        if w not in _VERDICT_FILLER and not w.isdigit()
    }
    return not (rest - claim_words) and not (_numbers(part) - _numbers(claim))


def agrees(stance: str, verdict: Verdict | None) -> bool:
    """Whether an evidence item's stance agrees with the verdict its citing sentence restates."""
    return verdict is not None and stance in _DIRECTION.get(verdict, set())


@dataclass
class Pair:
    sentence: int  # index into the reasoning's sentences
    number: int
    before: str  # the sentence's text between the previous citation and this one
    after: str  # … between this citation and the next


def _words(text: str) -> set[str]:
    return {w[:6] for w in content_words(text) if w not in _META and not w.isdigit()}


def _numbers(text: str) -> set[str]:
    return {n.replace(",", "").rstrip(".") for n in _NUMBER.findall(text)}


def lexical_backing(part: str, evidence_text: str, claim: str) -> bool | None:
    """Whether ``evidence_text`` backs ``part``; None when the part asserts too little to check."""
    words = _words(part)
    numbers = _numbers(part) - _numbers(claim)
    if len(words) < 2 and not numbers:
        return None
    if numbers - _numbers(evidence_text):
        return False  # a number the evidence never states
    if not words:
        return True
    return len(words & _words(evidence_text)) / len(words) >= 0.5


def _lexical(
    pair: Pair, sentences: Sequence[str], evidence: Sequence[Evidence], claim: str
) -> bool | None:
    """The lexical test over the parts of the sentence the citation vouches for."""
    checks = [
        lexical_backing(p, evidence[pair.number - 1].text, claim)
        for p in _parts(pair, sentences[pair.sentence])
    ]
    decided = [c for c in checks if c is not None]
    return any(decided) if decided else None


def _asserts(sentence: str, claim: str) -> bool:
    """Whether a sentence says anything of its own (a content word or a number) for a judge to check."""
    text = CITATION.sub("", sentence)
    return bool(_words(text)) or bool(_numbers(text))


def _parts(pair: Pair, sentence: str) -> list[str]:
    """The text a citation vouches for: the part before it, the part after it, or the sentence."""
    return [p for p in (pair.before, pair.after, CITATION.sub("", sentence)) if p.strip()]


async def backing(
    pairs: list[Pair],
    valid: list[int],
    sentences: list[str],
    evidence: Sequence[Evidence],
    claim: str,
    nli: NLIModel | None,
    chat: ChatModel | None,
    verdict: Verdict | None,
) -> tuple[dict[int, bool | None], str, str | None]:
    """Whether each valid (sentence, N) pair is backed by evidence N (None: not checkable), what
    judged them, and why the LLM judge failed (None when it did not)."""
    verdicts: dict[int, bool | None] = {}
    judge, problem = "lexical", None
    if verdict is not None:  # verdict restatements: the cited item's stance decides
        for i in valid:
            text = CITATION.sub("", sentences[pairs[i].sentence])
            if restates_verdict(text, claim):
                verdicts[i] = agrees(evidence[pairs[i].number - 1].stance, verdict)
    # sentences that state facts; one that asserts too little to check ("Refuted by [1].")
    # goes to the lexical test, which lets it stand
    facts = [
        i for i in valid if i not in verdicts and _asserts(sentences[pairs[i].sentence], claim)
    ]
    if chat is not None and facts:
        try:
            verdicts.update(await _llm_backing(pairs, facts, sentences, evidence, chat))
            judge = "llm"
        except LLMError as exc:
            problem = str(exc)
    if nli is not None and judge != "llm" and facts:
        verdicts.update(await _nli_backing(pairs, facts, sentences, evidence, nli))
        # a sentence that restates its evidence in the evidence's own words stands even when
        # the model misses it: a citation goes only when neither local test backs it
        for i in facts:
            if verdicts.get(i) is False and _lexical(pairs[i], sentences, evidence, claim):
                verdicts[i] = True
        judge = f"nli ({nli.name}) or lexical"
    if any(verdicts.get(i) is not None for i in valid if i not in facts):
        judge += " + stance for verdict sentences"
    for i in valid:
        if i not in verdicts:
            verdicts[i] = _lexical(pairs[i], sentences, evidence, claim)
    return verdicts, judge, problem


async def _nli_backing(
    pairs: list[Pair],
    valid: list[int],
    sentences: list[str],
    evidence: Sequence[Evidence],
    nli: NLIModel,
) -> dict[int, bool]:
    hypotheses = [CITATION.sub("", sentences[pairs[i].sentence]).strip() for i in valid]
    probs = await nli.predict(
        [
            (evidence[pairs[i].number - 1].text[:2000], h)
            for i, h in zip(valid, hypotheses, strict=True)
        ]
    )
    return {
        i: p.entailment >= max(p.contradiction, p.neutral)
        for i, p in zip(valid, probs, strict=True)
    }


async def _llm_backing(
    pairs: list[Pair],
    valid: list[int],
    sentences: list[str],
    evidence: Sequence[Evidence],
    chat: ChatModel,
) -> dict[int, bool]:
    cited: dict[int, list[int]] = {}
    for i in valid:
        cited.setdefault(pairs[i].sentence, []).append(pairs[i].number)
    order = sorted(cited)
    listed = [(CITATION.sub("", sentences[s]).strip(), cited[s]) for s in order]
    reply = await chat.complete_json(CITATION_SYSTEM, citation_user(listed, evidence))
    answer = validate_answer(CitationAnswer, reply.data)
    by = {(order[c.s - 1], c.n): c.supported for c in answer.checks if 1 <= c.s <= len(order)}
    return {
        i: by[(pairs[i].sentence, pairs[i].number)]
        for i in valid
        if (pairs[i].sentence, pairs[i].number) in by
    }
