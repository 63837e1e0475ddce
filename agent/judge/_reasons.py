"""The reasons the comparison stage gives a reader (agent/judge/compare.py): a hedge's ("the
source says only that it may be so"), a number given otherwise ("the claim says 540 km; the
source says 212 km"), a negation with its words quoted, and a claim word said only by a weaker one
("is linked to" for "causes", "treats" for "cures"), which supports nothing."""

from __future__ import annotations

import difflib
import re
from dataclasses import replace

from agent.judge import _lexicon as lex
from agent.judge._cues import _phrase_negations
from agent.judge._decision import Comparison, _decision
from agent.judge._numbers import _list_of
from agent.judge._paraphrases import WEAKER, WEAKER_SAYS
from agent.judge._quantities import Quantity, bound_words
from agent.judge._reading import _Reading
from agent.judge._text import _STOP, _Text


def _only(cue: str) -> str:
    """A hedge's reason: "nearly finished" is not "may be finished"."""
    said = {
        "nearly": "that it is nearly so",
        "almost": "that it is nearly so",
        "would": "what would have been",
        "should": "what should have been",
    }.get(cue, "that it was hoped for" if cue.startswith(("hope", "wish")) else "that it may be so")
    return f"the source says only {said} (“{cue}”)"


# a time the sentence gives relative to its year: another year's figure may be the claim's
_RELATIVE_TIME = re.compile(
    r"\b(?:a|one|two|three|four|five|\d+) years? (?:earlier|before|previously|ago|later)\b|"
    r"\b(?:the (?:previous|preceding|prior|following|next) year|the year (?:before|after)|"
    r"last year)\b",
    re.I,
)


def _number_given_otherwise(c: _Text, s: _Text, conflict: tuple[Quantity, Quantity]) -> Comparison:
    q, other = conflict
    if q.dimension == "year" and (then := _RELATIVE_TIME.search(s.raw)) is not None:
        return _decision(  # "7.4% in 2020, up from 5.1% a year earlier": 2019's figure is there
            "neutral",
            "partial",
            f"the source dates a figure relative to {other.text} (“{then.group(0)}”)",
        )
    bound = None if q.exact else bound_words(c.raw, q)  # "more than 20", "about 40"
    said = f"{bound} {q.text}" if bound else q.text
    theirs = _list_of(s, other)
    if theirs == other.text and not other.exact and (b := bound_words(s.raw, other)):
        theirs = f"{b} {theirs}"  # "more than 400"
    return _decision("refutes", "number", f"the claim says {said}; the source says {theirs}")


def _negation(c: _Text, s: _Text, r: _Reading) -> Comparison:
    """One side negated, everything else the same: the reason quotes the negation."""
    if r.neg_s:
        at = r.neg_s[0]
        end = min(at + 2, len(s.tokens) - 1)
        while end + 1 < len(s.tokens) and s.tokens[end].low in _STOP and not s.gap(end):
            end += 1  # not "… avoided relegation in": "… avoided relegation in 2019"
        if end + 1 < len(s.tokens) and not s.gap(end) and _before_its_noun(s, end):
            end += 1  # not "… with an increased": "… with an increased risk"
        start = max(at - 2, 0)
        while (
            start > 0 and s.tokens[start].cap and s.tokens[start - 1].cap and not s.gap(start - 1)
        ):
            start -= 1  # not "Dane was not arrested": "Kira Dane was not arrested"
        cue = s.raw[s.tokens[start].start : s.tokens[end].end]
        return _decision(
            "refutes",
            "negation",
            f"the claim says it is so; the source says it is not (“{cue}”)",
        )
    at = r.neg_c[0]
    phrase = [i for i in _phrase_negations(list(c.tokens)) if abs(i - at) <= 1] or [at]
    cue = c.raw[c.tokens[min(phrase)].start : c.tokens[max(phrase)].end]
    return _decision(
        "refutes", "negation", f"the claim says “{cue}”; the source states it without negation"
    )


def _before_its_noun(s: _Text, k: int) -> bool:
    """Is the word at ``k`` an adjective or a participle with its noun right after it ("an
    increased risk")?"""
    word, noun = s.tokens[k].low, s.tokens[k + 1].low
    return (
        lex.is_adjective(word)
        and not lex.noun_only(word)
        and lex.is_noun(noun)
        and noun not in _STOP
    )


def said_weaker(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The reason when the sentence says a claim word only by a weaker one ("Kessamab is used to
    treat asthma" for "Kessamab cures asthma"; "X is linked to Y" for "X causes Y"), else None."""
    for i, at in placed.items():
        unit, said = c.units[i], s.tokens[at]
        if unit.proper:
            continue
        for lemma in lex.lemmas(unit.tokens[0].low):
            weaker, mine = WEAKER.get(lemma, (frozenset(), ""))
            if said.low in weaker:
                theirs = next(v for k, v in WEAKER_SAYS.items() if said.low.startswith(k))
                return f"the source says only {theirs} (“{said.text}”), not {mine}"
    return None


_CLAIM_SAYS = re.compile(r"the claim says (“)?([^”;]+?)(?(1)”|(?=;|$| \())")


def in_the_claims_words(decision: Comparison, claim: str, restated: str) -> Comparison:
    """The decision with the claim quoted as the user wrote it where the comparison read it
    restated ("is childless" read as "has no children"; "born outside of" as "not born in"): its
    reason names the claim's own words, not the restatement's "no" or "not"."""
    m = _CLAIM_SAYS.search(decision.reason)
    top = m and re.search(rf"\btop[- ]{re.escape(m.group(2))}\b", claim, re.I)
    if top:  # "reached the top ten" read as the peak it needs: "the claim says the top ten"
        said = f"the claim says the {top.group(0)}"
        return replace(decision, reason=decision.reason.replace(m.group(0), said, 1))
    if m is None or claim == restated or m.group(2).lower() in claim.lower():
        return decision
    if m.group(2).startswith(("what will be", "it is so")):  # a headline's "to cut" read as
        return decision  # "will cut": the reason names no word of the claim's to put back
    mine, read = claim.rstrip(".!").split(), restated.rstrip(".!").split()
    spans = difflib.SequenceMatcher(
        a=[w.lower() for w in mine], b=[w.lower() for w in read], autojunk=False
    ).get_opcodes()
    changed = [(i1, i2) for tag, i1, i2, _, _ in spans if tag != "equal"]
    if not changed or min(a for a, _ in changed) == max(b for _, b in changed):
        return decision
    lo, hi = min(a for a, _ in changed), max(b for _, b in changed)
    hi += hi < len(mine) and mine[hi] in m.group(2).split()  # "lived past the age of 70": its 70
    said = " ".join(mine[lo:hi])
    quoted = f"the claim says “{said}”"
    return replace(decision, reason=decision.reason.replace(m.group(0), quoted, 1))
