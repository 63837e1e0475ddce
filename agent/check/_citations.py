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
from dataclasses import dataclass, field, replace

from agent.check._backing import CITATION, Pair, backing
from agent.judge import NLIModel
from agent.llm import ChatModel
from agent.models import Citations, Evidence, Verdict
from agent.sentences import split_sentences

FLAG = " (not backed by the cited evidence)"
# Words a clause may keep and still say nothing once its citations are gone ("see also [9]").
_CONNECTIVES = frozenset(
    str.split("""see also per according to as in cf e g eg and or by from
source sources evidence item items shown stated reported noted for example instance the
this that which""")
)


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
        marks = list(CITATION.finditer(sentence))
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
        verdicts, judge, problem = await backing(
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
            cited = {int(m.group(1)) for m in CITATION.finditer(sentence)}
            report.unbacked.append(
                (
                    pair.number,
                    drop_citations(sentence, cited) or CITATION.sub("", sentence).strip(),
                )
            )
            unbacked.add(pair.sentence)
            drop.setdefault(pair.sentence, set()).add(pair.number)
        else:
            report.citations = replace(report.citations, supported=report.citations.supported + 1)
            report.unchecked += verdicts.get(i) is None and check_backing
    report.nonexistent = sorted(set(report.nonexistent))
    if drop:
        report.reasoning, report.flagged = _rewrite(reasoning, spans, drop, unbacked)
    return report, problem


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
        if text and index in unbacked and not CITATION.search(text):
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
    text = CITATION.sub(lambda m: marker if int(m.group(1)) in numbers else m.group(0), sentence)
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
    body = CITATION.sub("", text)
    if not [w for w in re.findall(r"[A-Za-z]+|\d+", body) if w.lower() not in _CONNECTIVES]:
        return ""
    if text and sentence[:1].isupper() and text[:1].islower():
        text = text[0].upper() + text[1:]
    if text and text[-1] not in ".!?\"')" and sentence.rstrip()[-1:] in ".!?":
        text += sentence.rstrip()[-1]
    return text


__all__ = [
    "FLAG",
    "CitationReport",
    "check_reasoning",
    "drop_citations",
]
