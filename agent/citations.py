"""Stage 9's citation check: every sentence of the reasoning that cites [N] must be backed by
evidence N. A citation of evidence that does not exist, or that does not back its sentence, is
dropped; a sentence left without any citation is flagged in the text. ``citations.total`` counts
(sentence, N) pairs, ``supported`` those that stand.

Judges, in order of preference: the LLM (``CITATION_CHECK=llm``: one extra call for all pairs),
the NLI model (evidence N entails the sentence), or a lexical test (most of the sentence's content
words and all of its numbers, bar the claim's own, appear in evidence N). A part of a sentence
with fewer than two content words and no number ("Refuted by [1].") cannot be checked and stands.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from agent.answers import CitationAnswer, validate_answer
from agent.llm import ChatModel, LLMError
from agent.models import Citations, Evidence
from agent.nli import NLIModel
from agent.prompts import CITATION_SYSTEM, citation_user
from agent.sentences import split_sentences
from agent.sources import content_words

_CITATION = re.compile(r"\s*\[(\d{1,3})\]")
_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")
FLAG = " (not backed by the cited evidence)"
# Words that describe the evidence or the verdict rather than assert a fact.
_META = frozenset(str.split("""evidence source sources claim claims states stated state says said say according
shows show showed shown report reports reported article confirms confirm confirmed supports support
supported refutes refute refuted contradicts contradict contradicted indicates indicate notes note
mentions mention verdict true false partially misleading therefore however which also item items
cited cites cite text page document suggests suggest clearly explicitly directly based"""))


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
            pairs.append(Pair(index, int(mark.group(1)), sentence[start:mark.start()],
                              sentence[mark.end():end]))
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


def _parts(pair: Pair, sentence: str) -> list[str]:
    """The text a citation vouches for: the part before it, the part after it, or the sentence."""
    return [p for p in (pair.before, pair.after, _CITATION.sub("", sentence)) if p.strip()]


async def check_reasoning(reasoning: str, evidence: Sequence[Evidence], claim: str, *,
                          nli: NLIModel | None = None, chat: ChatModel | None = None,
                          check_backing: bool = True) -> tuple[CitationReport, str | None]:
    """Check every citation; returns the report and, when the LLM judge failed, why."""
    spans = split_sentences(reasoning) if reasoning.strip() else []
    sentences = [s.text for s in spans]
    pairs = _pairs(sentences)
    verdicts: dict[int, bool | None] = {}  # pair index → backed (None: not checkable)
    valid = [i for i, p in enumerate(pairs) if 1 <= p.number <= len(evidence)]
    judge, problem = "existence", None
    if check_backing and valid:
        judge = "lexical"
        if chat is not None:
            try:
                verdicts.update(await _llm_backing(pairs, valid, sentences, evidence, chat))
                judge = "llm"
            except LLMError as exc:
                problem = str(exc)
        if nli is not None and judge != "llm":
            verdicts.update(await _nli_backing(pairs, valid, sentences, evidence, nli))
            judge = f"nli ({nli.name})"
        for i in valid:
            if i not in verdicts:
                pair = pairs[i]
                checks = [lexical_backing(p, evidence[pair.number - 1].text, claim)
                          for p in _parts(pair, sentences[pair.sentence])]
                decided = [c for c in checks if c is not None]
                verdicts[i] = any(decided) if decided else None

    report = CitationReport(reasoning, Citations(total=len(pairs)), judge=judge)
    drop: dict[int, set[int]] = {}
    unbacked: set[int] = set()
    for i, pair in enumerate(pairs):
        if i not in valid:
            report.nonexistent.append(pair.number)
            drop.setdefault(pair.sentence, set()).add(pair.number)
        elif verdicts.get(i) is False:
            report.unbacked.append((pair.number, _CITATION.sub("", sentences[pair.sentence]).strip()))
            unbacked.add(pair.sentence)
            drop.setdefault(pair.sentence, set()).add(pair.number)
        else:
            report.citations.supported += 1
            report.unchecked += verdicts.get(i) is None and check_backing
    report.nonexistent = sorted(set(report.nonexistent))
    if drop:
        report.reasoning, report.flagged = _rewrite(reasoning, spans, drop, unbacked)
    return report, problem


def _rewrite(reasoning: str, spans, drop: dict[int, set[int]], unbacked: set[int]) -> tuple[str, int]:
    """Drop the given citations; flag sentences that cited only evidence that does not back them."""
    out, last, flagged = [], 0, 0
    for index, span in enumerate(spans):
        if index not in drop:
            continue
        dropped = drop[index]
        text = _CITATION.sub(lambda m, d=dropped: "" if int(m.group(1)) in d else m.group(0), span.text)
        text = re.sub(r"\s+([.,;:!?])", r"\1", text)
        if index in unbacked and not _CITATION.search(text):
            end = len(text.rstrip(".!?"))
            text = text[:end] + FLAG + text[end:]
            flagged += 1
        out.append(reasoning[last:span.start] + text)
        last = span.end
    out.append(reasoning[last:])
    return "".join(out).strip(), flagged


async def _nli_backing(pairs: list[Pair], valid: list[int], sentences: list[str],
                       evidence: Sequence[Evidence], nli: NLIModel) -> dict[int, bool]:
    hypotheses = [_CITATION.sub("", sentences[pairs[i].sentence]).strip() for i in valid]
    probs = await nli.predict([(evidence[pairs[i].number - 1].text[:2000], h)
                               for i, h in zip(valid, hypotheses, strict=True)])
    return {i: p.entailment >= max(p.contradiction, p.neutral) for i, p in zip(valid, probs, strict=True)}


async def _llm_backing(pairs: list[Pair], valid: list[int], sentences: list[str],
                       evidence: Sequence[Evidence], chat: ChatModel) -> dict[int, bool]:
    cited: dict[int, list[int]] = {}
    for i in valid:
        cited.setdefault(pairs[i].sentence, []).append(pairs[i].number)
    order = sorted(cited)
    listed = [(_CITATION.sub("", sentences[s]).strip(), cited[s]) for s in order]
    reply = await chat.complete_json(CITATION_SYSTEM, citation_user(listed, evidence))
    answer = validate_answer(CitationAnswer, reply.data)
    by = {(order[c.s - 1], c.n): c.supported for c in answer.checks if 1 <= c.s <= len(order)}
    return {i: by[(pairs[i].sentence, pairs[i].number)] for i in valid
            if (pairs[i].sentence, pairs[i].number) in by}


__all__ = ["FLAG", "CitationReport", "check_reasoning", "lexical_backing"]
