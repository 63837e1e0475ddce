"""Stage 9's citation check: every sentence of the reasoning that cites [N] must be backed by
evidence N. A citation of evidence that does not exist, or that does not back its sentence, is
dropped; a sentence left without any citation is flagged in the text. ``citations.total`` counts
(sentence, N) pairs, ``supported`` those that stand.

Two kinds of cited sentence:

* a sentence that restates the verdict ("the claim does not hold", "this is false", "confirmed
  by [2]") asserts nothing of its own to look up: it is backed when evidence N's stance agrees with
  the verdict (supports for True, refutes for False, either side for Partially True / Misleading);
* a sentence that states facts is backed when evidence N entails it. Judges, in order of
  preference: the LLM (``CITATION_CHECK=llm``: one extra call for all pairs), the NLI model or the
  local judge (evidence N entails the sentence), or a lexical test (most of the sentence's content
  words and all of its numbers, bar the claim's own, appear in evidence N). A part of a sentence
  with fewer than two content words and no number cannot be checked and stands.

Dropping a citation never leaves broken text: a list of citations loses its joiner ("[1] and
[9]" → "[1]"), a clause left with no words of its own ("see also [9]") goes, and a sentence left
with nothing to say goes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent.answers import CitationAnswer, validate_answer
from agent.llm import ChatModel, LLMError
from agent.models import Citations, Evidence, Verdict
from agent.nli import NLIModel
from agent.prompts import CITATION_SYSTEM, citation_user
from agent.sentences import split_sentences
from agent.sources import content_words

_CITATION = re.compile(r"\s*\[(\d{1,3})\]")
_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")
FLAG = " (not backed by the cited evidence)"
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
# Words a clause may keep and still say nothing once its citations are gone ("see also [9]").
_CONNECTIVES = frozenset(
    str.split("""see also per according to as in cf e g eg and or by from
source sources evidence item items shown stated reported noted for example instance the
this that which""")
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


@dataclass
class CitationReport:
    reasoning: str
    citations: Citations
    nonexistent: list[int] = field(default_factory=list)
    unbacked: list[tuple[int, str]] = field(default_factory=list)  # (N, sentence)
    flagged: int = 0
    unchecked: int = 0
    judge: str = "existence"


def _pairs(sentences: Sequence[str]) -> list[Pair]:
    pairs = []
    for index, sentence in enumerate(sentences):
        marks = list(_CITATION.finditer(sentence))
        for k, mark in enumerate(marks):
            start = marks[k - 1].end() if k else 0
            end = marks[k + 1].start() if k + 1 < len(marks) else len(sentence)
            pairs.append(
                Pair(
                    index,
                    int(mark.group(1)),
                    sentence[start : mark.start()],
                    sentence[mark.end() : end],
                )
            )
    return pairs


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
    text = _CITATION.sub("", sentence)
    return bool(_words(text)) or bool(_numbers(text))


def _parts(pair: Pair, sentence: str) -> list[str]:
    """The text a citation vouches for: the part before it, the part after it, or the sentence."""
    return [p for p in (pair.before, pair.after, _CITATION.sub("", sentence)) if p.strip()]


async def check_reasoning(
    reasoning: str,
    evidence: Sequence[Evidence],
    claim: str,
    *,
    nli: NLIModel | None = None,
    chat: ChatModel | None = None,
    check_backing: bool = True,
    verdict: Verdict | None = None,
) -> tuple[CitationReport, str | None]:
    """Check every citation; returns the report and, when the LLM judge failed, why.

    ``verdict``: the verdict the reasoning argues for; a sentence that only restates it is backed
    by the cited item's stance (see the module's docstring). Without it, every sentence is read
    as stating facts."""
    spans = split_sentences(reasoning) if reasoning.strip() else []
    sentences = [s.text for s in spans]
    pairs = _pairs(sentences)
    valid = [i for i, p in enumerate(pairs) if 1 <= p.number <= len(evidence)]
    verdicts: dict[int, bool | None] = {}  # pair index → backed (None: not checkable)
    judge, problem = "existence", None
    if check_backing and valid:
        verdicts, judge, problem = await _backing(
            pairs, valid, sentences, evidence, claim, nli, chat, verdict
        )
    report = CitationReport(reasoning, Citations(total=len(pairs)), judge=judge)
    drop: dict[int, set[int]] = {}
    unbacked: set[int] = set()
    for i, pair in enumerate(pairs):
        if i not in valid:
            report.nonexistent.append(pair.number)
            drop.setdefault(pair.sentence, set()).add(pair.number)
        elif verdicts.get(i) is False:
            sentence = sentences[pair.sentence]
            cited = {int(m.group(1)) for m in _CITATION.finditer(sentence)}
            report.unbacked.append(
                (
                    pair.number,
                    drop_citations(sentence, cited) or _CITATION.sub("", sentence).strip(),
                )
            )
            unbacked.add(pair.sentence)
            drop.setdefault(pair.sentence, set()).add(pair.number)
        else:
            report.citations.supported += 1
            report.unchecked += verdicts.get(i) is None and check_backing
    report.nonexistent = sorted(set(report.nonexistent))
    if drop:
        report.reasoning, report.flagged = _rewrite(reasoning, spans, drop, unbacked)
    return report, problem


async def _backing(
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
            text = _CITATION.sub("", sentences[pairs[i].sentence])
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


def _rewrite(
    reasoning: str, spans, drop: dict[int, set[int]], unbacked: set[int]
) -> tuple[str, int]:
    """Drop the given citations cleanly; flag sentences that cited only evidence that does not
    back them; remove clauses and sentences the removal leaves with nothing to say."""
    out, last, flagged = [], 0, 0
    for index, span in enumerate(spans):
        if index not in drop:
            continue
        text = drop_citations(span.text, drop[index])
        if text and index in unbacked and not _CITATION.search(text):
            end = len(text.rstrip(".!?"))
            text = text[:end] + FLAG + text[end:]
            flagged += 1
        before = reasoning[last : span.start]
        out.append(before + text if text else before.rstrip(" "))
        last = span.end
    out.append(reasoning[last:])
    return re.sub(r"[ \t]{2,}", " ", "".join(out)).strip(), flagged


_LIST = r"(?:\s*(?:,|;|\band\b|\bor\b|&)?\s*)"


def drop_citations(sentence: str, numbers: set[int]) -> str:
    """``sentence`` without the citations of ``numbers``, and without what they leave broken:
    the joiner of a citation list, a clause with no words of its own, or the whole sentence when
    nothing of substance is left ("" then)."""
    marker = "\x00"
    text = _CITATION.sub(lambda m: marker if int(m.group(1)) in numbers else m.group(0), sentence)
    # a dropped citation inside a list takes its joiner with it: "[1] and [9]" → "[1]"
    previous = None
    while previous != text:
        previous = text
        text = re.sub(rf"{marker}{_LIST}{marker}", marker, text)
        text = re.sub(rf"(\[\d{{1,3}}\]){_LIST}{marker}", r"\1", text)
        text = re.sub(rf"{marker}{_LIST}(?=\s*\[\d{{1,3}}\])", "", text)
    # and the words that only pointed at it: "confirmed by [9]." → "confirmed."
    text = re.sub(
        rf"(?:\s+(?:by|per|see|also|in|from|to|according|cf\.?|and|or)\b)*\s*{marker}(?=\s*[.,;:!?]|\s*$)",
        marker,
        text,
        flags=re.IGNORECASE,
    )
    had_marker = set()
    clauses = re.split(r"([,;:])", text)
    kept: list[str] = []
    for k in range(0, len(clauses), 2):
        clause = clauses[k]
        if marker in clause:
            had_marker.add(k)
            clause = clause.replace(marker, "")
            words = re.findall(r"[A-Za-z]+|\d+", clause)
            if not [w for w in words if w.lower() not in _CONNECTIVES]:
                continue  # "see also", "per", "according to": nothing left to say
        kept.append(clause)
        if k + 1 < len(clauses):
            kept.append(clauses[k + 1])
    text = "".join(kept).replace(marker, "")
    text = re.sub(r"\s+([.,;:!?])", r"\1", text)
    text = re.sub(r"([,;:])(?=[,;:.!?])", "", text)  # ", ;" or ";." left by a removed clause
    text = re.sub(r"^[\s,;:]+", "", text).strip()
    text = re.sub(r"[,;:]+(\s*)$", ".", text) if text and text[-1] in ",;:" else text
    body = _CITATION.sub("", text)
    if not [w for w in re.findall(r"[A-Za-z]+|\d+", body) if w.lower() not in _CONNECTIVES]:
        return ""
    if text and sentence[:1].isupper() and text[:1].islower():
        text = text[0].upper() + text[1:]
    if text and text[-1] not in ".!?\"')" and sentence.rstrip()[-1:] in ".!?":
        text += sentence.rstrip()[-1]
    return text


async def _nli_backing(
    pairs: list[Pair],
    valid: list[int],
    sentences: list[str],
    evidence: Sequence[Evidence],
    nli: NLIModel,
) -> dict[int, bool]:
    hypotheses = [_CITATION.sub("", sentences[pairs[i].sentence]).strip() for i in valid]
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
    listed = [(_CITATION.sub("", sentences[s]).strip(), cited[s]) for s in order]
    reply = await chat.complete_json(CITATION_SYSTEM, citation_user(listed, evidence))
    answer = validate_answer(CitationAnswer, reply.data)
    by = {(order[c.s - 1], c.n): c.supported for c in answer.checks if 1 <= c.s <= len(order)}
    return {
        i: by[(pairs[i].sentence, pairs[i].number)]
        for i in valid
        if (pairs[i].sentence, pairs[i].number) in by
    }


__all__ = [
    "FLAG",
    "CitationReport",
    "agrees",
    "check_reasoning",
    "drop_citations",
    "lexical_backing",
    "restates_verdict",
]
