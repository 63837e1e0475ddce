"""Stage 7's stance and quote per evidence item, and the claim's factuality.

A quote is always ``text[start:end]`` of the evidence — a sentence span — or a judge's quote that
`verbatim` found in the text; nothing else is ever shown as a quote. Stance comes from, best first:

* the NLI model, sentence by sentence (its quote is the sentence it is most decided about);
* the LLM's verdict answer (``evidence: [{n, stance, probability, quote}]``; no extra call);
* a lexical heuristic — content-word overlap with the claim, negation and number mismatches —
  whose scores are the precision each rule measured on Climate-FEVER evidence sentences
  (``python -m benchmarks.stance_heuristic``), not a model's probability. Steps say which.

``factuality`` aggregates the stances Jina-style: Σ supports vs Σ refutes, each weighted by its
stance score, the source's credibility, its rank and its freshness.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import NamedTuple

from agent.judge._carried import PRONOUN_OPENS
from agent.judge._decision import ASSERTS_NOTHING
from agent.judge._nli import NLIModel, StanceProbs
from agent.judge._text import _STOP
from agent.judge.compare import GUARDS, Comparison, combine, compare
from agent.models import Evidence, Stance
from agent.sentences import content_words, split_sentences
from retrieval.concurrency import run_blocking

MAX_QUOTE_CHARS = 300
MAX_SENTENCES_PER_ITEM = 6  # NLI pairs per item: the sentences that share most words with the claim
# sentences per item the rules compare when no model is loaded: the local judge's (its card's
# default), so that the rules decide what their precision was measured on
RULE_SENTENCES = 3

_NEGATION = re.compile(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|without|cannot|false|untrue|incorrect|"
    r"myth|hoax|debunk\w*|disprove\w*|refute\w*|den(?:y|ies|ied)|fake|wrong|baseless|unfounded|"
    r"misleading|mislead\w*|no longer)\b|n't\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"(?<![\w.])\d[\d,]*(?:\.\d+)?")

# Each heuristic rule's score is the precision it measured on 5,375 Climate-FEVER claim–sentence
# pairs (benchmarks/stance_heuristic.py; base rates: supports 0.25, refutes 0.10, neutral 0.64).
# The rules lift both sides well above their base rate, but the whole heuristic's 3-way accuracy
# (0.644) is the majority baseline's (0.643): a weak signal, labelled as such wherever it is used.
HEURISTIC_PRECISION = {
    "refutes_negation": 0.402,
    "refutes_number": 0.276,
    "supports_overlap": 0.465,
    "neutral": 0.659,
}
HEURISTIC_NAME = "lexical heuristic (overlap, negation, numbers)"


@dataclass(frozen=True)
class Span:
    start: int
    end: int

    def of(self, text: str) -> str:
        return text[self.start : self.end]


def sentence_spans(text: str) -> list[Span]:
    """Sentence spans of ``text`` (exact offsets); long sentences are cut at a word boundary."""
    spans = [Span(s.start, s.end) for s in split_sentences(text)] if text.strip() else []
    if not spans and text.strip():
        lead = len(text) - len(text.lstrip())
        spans = [Span(lead, len(text.rstrip()))]
    out = []
    for span in spans:
        if span.end - span.start > MAX_QUOTE_CHARS:
            cut = text.rfind(" ", span.start, span.start + MAX_QUOTE_CHARS)
            span = Span(span.start, cut if cut > span.start else span.start + MAX_QUOTE_CHARS)
        out.append(span)
    return out


def verbatim(quote: str, text: str) -> str | None:
    """``quote`` as it stands in ``text``: exact, or up to whitespace and quote marks; else None."""
    quote = quote.strip().strip("\"“”'‘’").strip()
    if len(quote) < 8:
        return None
    if quote in text:
        return quote
    words = [re.escape(w) for w in re.split(r"\s+", _plain_quotes(quote)) if w]
    if not words:
        return None
    pattern = re.compile(r"\s+".join(words), re.IGNORECASE)
    match = pattern.search(_plain_quotes(text))
    return text[match.start() : match.end()] if match else None  # same offsets: 1-to-1 mapping


def _plain_quotes(text: str) -> str:
    return text.translate(str.maketrans("“”‘’", "\"\"''"))


def _stems(text: str) -> set[str]:
    return {w[:6] for w in content_words(text)}


def _numbers(text: str) -> set[str]:
    return {n.replace(",", "") for n in _NUMBER.findall(text)}


def overlap(claim: str, sentence: str) -> float:
    wanted = _stems(claim)
    return len(wanted & _stems(sentence)) / len(wanted) if wanted else 0.0


def lexical_stance(claim: str, sentence: str) -> tuple[Stance, float, str]:
    """(stance, score, rule) of one sentence by the lexical heuristic."""
    share = overlap(claim, sentence)
    if share < 0.5:
        return "neutral", HEURISTIC_PRECISION["neutral"], "neutral"
    if bool(_NEGATION.search(claim)) != bool(_NEGATION.search(sentence)):
        return "refutes", HEURISTIC_PRECISION["refutes_negation"], "refutes_negation"
    claimed, stated = _numbers(claim), _numbers(sentence)
    if claimed and stated and not claimed & stated:
        return "refutes", HEURISTIC_PRECISION["refutes_number"], "refutes_number"
    return "supports", HEURISTIC_PRECISION["supports_overlap"], "supports_overlap"


def _ranked_spans(claim: str, text: str, spans: Sequence[Span] | None = None) -> list[Span]:
    """Sentence spans (``spans``: the text's, already split), most claim words first, then shorter
    first (the shortest bearing span)."""
    spans = sentence_spans(text) if spans is None else spans
    return sorted(spans, key=lambda s: (-overlap(claim, s.of(text)), s.end - s.start))


def lexical_judge(claim: str, evidence: Sequence[Evidence]) -> list[Evidence]:
    """Each item with the heuristic's quote and stance (new items; the given ones are unchanged)."""
    out = []
    for item in evidence:
        spans = _ranked_spans(claim, item.text)
        if not spans:
            out.append(item)
            continue
        decided = [(s, *lexical_stance(claim, s.of(item.text))) for s in spans]
        best = next((d for d in decided if d[1] != "neutral"), decided[0])
        out.append(replace(item, quote=best[0].of(item.text), stance=best[1], stance_score=best[2]))
    return out


def compared(
    claim: str,
    evidence: Sequence[Evidence],
    spans: Sequence[Sequence[Span]],
    orders: Sequence[Sequence[Span]] | None = None,
) -> list[tuple[Span, Comparison] | None]:
    """The comparison stage over each item's best sentences (blocking, well under 1 ms a pair): the
    sentence and decision of each item a rule decides plainly, or a guard says is not plain (a
    hedge, another tense, another subject); None where nothing fires or the sentences disagree.
    ``orders``: each item's sentences in order, when the caller has split them already."""
    orders = orders or [sentence_spans(item.text) for item in evidence]
    out: list[tuple[Span, Comparison] | None] = []
    for item, item_spans, order in zip(evidence, spans, orders, strict=True):
        order = list(order)  # the sentences before each: who a pronoun is
        if (
            order
            and PRONOUN_OPENS.match(order[0].of(item.text))
            and not _opens(claim, item, order[0])
        ):
            order = []  # a passage that opens with another's pronoun carries no subject over
        found = [
            (span, d)
            for span in item_spans
            if (
                d := compare(
                    claim,
                    span.of(item.text),
                    opens=_opens(claim, item, span),
                    before=[s.of(item.text) for s in order if s.end <= span.start],
                )
            )
            is not None
        ]
        chosen = combine([d for _, d in found])
        out.append(
            next((sd for sd in found if sd[1] is chosen), None) if chosen is not None else None
        )
    return out


def compared_safely(
    claim: str,
    evidence: Sequence[Evidence],
    spans: Sequence[Sequence[Span]],
    orders: Sequence[Sequence[Span]] | None = None,
) -> tuple[list[tuple[Span, Comparison] | None], str | None]:
    """``compared``, and an error in it kept to the rules: no item is decided by a rule and the
    reason says why, so the judge (or the heuristic) still reads every item."""
    try:
        return compared(claim, evidence, spans, orders), None
    except Exception as exc:  # noqa: BLE001 — a rule's bug must not take the judge down with it
        return [None] * len(evidence), f"the comparison rules failed: {str(exc)[:80]}"


def _opens(claim: str, item: Evidence, span: Span) -> bool:
    """Does the sentence open a text about the claim's subject, so that a pronoun it opens with
    ("He was born …") can only be that subject? The first sentence of a reference the user gave, or
    of an item whose title names a word of the claim's names (a passage cut from the middle of a
    page about someone else opens with a pronoun that is theirs). A later sentence's pronoun is the
    subject where every sentence before it speaks of the subject alone (``compare``'s ``before``)."""
    if item.text[: span.start].strip():
        return False  # the sentences before it say (``compare``'s ``before``)
    if item.origin == "reference":
        return True
    names = {w.lower() for w in re.findall(r"\b[A-Z][\w'’-]{2,}", claim)} - _STOP
    return bool(names & {w.lower() for w in re.findall(r"[\w'’-]+", item.title)})


def rule_probs(decision: Comparison) -> StanceProbs:
    """A rule's decision as probabilities: its measured precision on its side."""
    rest = round((1.0 - decision.probability) / 2, 4)
    if decision.stance == "supports":
        return StanceProbs(decision.probability, rest, rest)
    return StanceProbs(rest, decision.probability, rest)


class Judgement(NamedTuple):
    """The judge's reading of every item: the items with their quote and stance (new values),
    each item's probabilities for its most decided sentence (None: no text), and why the
    comparison rules did not run (None: they ran)."""

    evidence: list[Evidence]
    probs: list[StanceProbs | None]
    rules_failed: str | None = None


async def nli_judge(
    claim: str, evidence: Sequence[Evidence], nli: NLIModel, sentences: int = MAX_SENTENCES_PER_ITEM
) -> Judgement:
    """Quote + stance per item: where a comparison rule decides one of the item's best sentences
    plainly, the rule (its quote, its measured precision, its reason); elsewhere the NLI model (or
    the local judge) over those sentences."""
    orders = [sentence_spans(item.text) for item in evidence]  # split once, read twice
    spans = [
        _ranked_spans(claim, i.text, o)[:sentences] for i, o in zip(evidence, orders, strict=True)
    ]
    rules, failed = await run_blocking(compared_safely, claim, evidence, spans, orders)
    decided = [rule is not None and rule[1].rule not in GUARDS for rule in rules]
    pairs = [
        (span.of(item.text), claim)
        for item, item_spans, done in zip(evidence, spans, decided, strict=True)
        if not done
        for span in item_spans
    ]
    probs = iter(await nli.predict(pairs) if pairs else [])
    items: list[Evidence] = []
    out: list[StanceProbs | None] = []
    for item, item_spans, rule, done in zip(evidence, spans, rules, decided, strict=True):
        if done:
            span, decision = rule
            items.append(_ruled(item, span, decision))
            out.append(rule_probs(decision))
            continue
        scored = [(span, next(probs)) for span in item_spans]
        if not scored:
            items.append(item)
            out.append(None)
            continue
        item, p = _read(item, scored, rule)
        items.append(item)
        out.append(p)
    return Judgement(items, out, failed)


def ruled_lexical(
    claim: str, evidence: Sequence[Evidence], sentences: int = RULE_SENTENCES
) -> tuple[list[Evidence], str | None]:
    """Blocking. Quote + stance per item with no model loaded: the comparison rules' plain
    decisions; every other item is neutral, with the heuristic's quote (its overlap and negation
    cues are right less than half the time: shown beside a decided verdict, "supports" on an
    unrelated sentence misleads), and a guarded item shows the guard's reason. If the rules
    fail, the heuristic's stances stand. Returns the items and why the rules did not run (None:
    they ran)."""
    items = lexical_judge(claim, evidence)
    spans = [_ranked_spans(claim, item.text)[:sentences] for item in evidence]
    rules, failed = compared_safely(claim, evidence, spans)
    if failed:
        return items, failed
    out = []
    for item, rule in zip(items, rules, strict=True):
        if rule is not None and rule[1].rule not in GUARDS:
            out.append(_ruled(item, *rule))
            continue
        guard = rule[1] if rule is not None else None
        out.append(
            replace(
                item,
                stance="neutral",
                stance_score=None,
                stance_rule=guard.rule if guard else None,
                stance_reason=guard.reason if guard else None,
            )
        )
    return out, None


def _ruled(item: Evidence, span: Span, decision: Comparison) -> Evidence:
    """An item a comparison rule decided: the rule's sentence, stance, precision and reason."""
    return replace(
        item,
        quote=span.of(item.text),
        stance=decision.stance,
        stance_score=decision.probability,
        stance_rule=decision.rule,
        stance_reason=decision.reason,
    )


def _read(
    item: Evidence,
    scored: Sequence[tuple[Span, StanceProbs]],
    guarded: tuple[Span, Comparison] | None,
) -> tuple[Evidence, StanceProbs]:
    """An item the judge read: its most decided sentence. Under a guard (the sentence says less
    than the claim) it is never read as support, and the guard's reason is shown; a sentence that
    asserts nothing (a view reported, a question) is not read at all."""
    if guarded is not None and (guarded[1].rule in ASSERTS_NOTHING or guarded[1].silent):
        silent = guarded[0]  # "Some say X was born in Tessa" neither states nor refutes anything
        scored = [(sp, p) for sp, p in scored if sp != silent] or [(silent, StanceProbs(0, 0, 1))]
    span, p = max(scored, key=lambda sp: max(sp[1].entailment, sp[1].contradiction))
    quote, rule, reason = span.of(item.text), item.stance_rule, item.stance_reason
    if guarded is not None:
        guard_span, guard = guarded
        p = StanceProbs(0.0, p.contradiction, round(p.neutral + p.entailment, 4))
        rule, reason = guard.rule, guard.reason
        if p.contradiction < p.neutral:
            quote = guard_span.of(item.text)
    stance, score = stance_of(p)
    return (
        replace(
            item,
            quote=quote,
            stance=stance,
            stance_score=score,
            stance_rule=rule,
            stance_reason=reason,
        ),
        p,
    )


def stance_of(p: StanceProbs) -> tuple[Stance, float]:
    """The stance an item shows for its probabilities (the argmax) and that stance's probability."""
    if p.entailment >= max(p.contradiction, p.neutral):
        return "supports", round(p.entailment, 4)
    if p.contradiction >= p.neutral:
        return "refutes", round(p.contradiction, 4)
    return "neutral", round(p.neutral, 4)


def factuality(
    evidence: Sequence[Evidence], stances: Sequence[tuple[Stance, float | None]] | None = None
) -> float | None:
    """Σ support / (Σ support + Σ refute), each weighted by stance score × credibility × rank
    decay × freshness (1 when unknown). None when no item takes a side. ``stances``: (stance,
    score) per item when they are not yet on the items (default: the items' own)."""
    pairs = (
        stances if stances is not None else [(item.stance, item.stance_score) for item in evidence]
    )
    support = refute = 0.0
    for rank, (item, (stance, score)) in enumerate(zip(evidence, pairs, strict=True)):
        if stance == "neutral" or score is None:
            continue
        weight = score * item.credibility / (1 + 0.5 * rank)
        weight *= item.freshness if item.freshness is not None else 1.0
        if stance == "supports":
            support += weight
        else:
            refute += weight
    total = support + refute
    return round(support / total, 4) if total > 0 else None


__all__ = [
    "HEURISTIC_NAME",
    "HEURISTIC_PRECISION",
    "Judgement",
    "Span",
    "factuality",
    "lexical_judge",
    "lexical_stance",
    "nli_judge",
    "overlap",
    "sentence_spans",
    "stance_of",
    "verbatim",
]
