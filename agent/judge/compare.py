"""The comparison stage: decide the plain cases exactly, each with a reason a reader can check.

A careful reader with one evidence sentence mostly *compares*: is every part of the claim there,
and does anything conflict? ``compare(claim, sentence)`` aligns the claim's parts — names, content
words (by lemma, common-sense synonym or derived form; agent/judge/_lexicon.py), numbers with
units and bounds (agent/judge/_quantities.py) — to the sentence and decides only when it is plain:

* ``same``: every part matched, no negation, hedge, tense or role swap in between → supports;
* ``number``: everything matched but the number, which the sentence gives otherwise → refutes;
* ``negation``: everything matched, one side negated → refutes;
* ``framing``: the sentence calls the claim false ("the myth that …", "there is no evidence
  that …", "… has been debunked") → refutes;
* ``substitution``: one name or noun of the claim has another of its kind in the same slot
  (Paris for Berlin, chess for tennis) → refutes;
* ``direction``: one word of the claim has its antonym in the same slot (rise/fall) → refutes.

Anything else is ``None``: the learned judge (or the LLM) decides, as before. Each rule's
probability is the precision it measured on the validation splits (agent/data/compare.json,
``python -m benchmarks.compare``), never on the held-out test splits.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Literal

from agent.judge import _lexicon as lex
from agent.judge._framing import framed
from agent.judge._quantities import Quantity, quantities
from agent.judge._text import (
    _FUTURE_AUX,
    _PAST_AUX,
    _PRESENT_AUX,
    _STOP,
    _analyse,
    _clause_bounds,
    _find,
    _norm,
    _place,
    _Text,
    _Tok,
    _Unit,
    _word_match,
)
from agent.sentences import split_sentences

RULES_CARD = Path(__file__).resolve().parents[1] / "data" / "compare.json"
Rule = Literal[
    "same",
    "number",
    "negation",
    "framing",
    "substitution",
    "direction",
    "hedge",
    "tense",
    "reported",
    "subject",
    "question",
    "partial",
]
GUARDS = frozenset(
    {"hedge", "tense", "reported", "subject", "question", "partial"}
)  # "not plain": the sentence has every
# part of the claim but says less (a hedge, another tense, someone's claim, another subject): no model may
# read it as support

_ATTRIBUTED = re.compile(
    r"\b(?:claim|claims|claimed|allege|alleges|alleged|rumou?red|believe|believes|believed|"
    r"suggest|suggests|suggested|speculat\w+|hypothes\w+|theor\w+|propos\w+|argu\w+|"
    r"think|thinks|thought|fear|fears|feared|asked|asks|ask|whether|if)\s+(?:that\s+)?",
    re.I,
)


@dataclass(frozen=True)
class Comparison:
    """A plain decision about one (claim, sentence) pair and why."""

    stance: Literal["supports", "refutes", "neutral"]  # neutral: a guard (GUARDS)
    rule: Rule
    reason: str  # for a reader: "the claim says 540 km; the source says 212 km"
    probability: float  # the rule's measured precision (agent/data/compare.json)


@lru_cache(maxsize=1)
def precisions() -> dict[str, float]:
    """Each rule's measured precision (validation splits); a rule not measured yet counts 0.85."""
    try:
        data = json.loads(RULES_CARD.read_text())
        return {k: float(v["precision"]) for k, v in data.get("rules", {}).items()}
    except (OSError, ValueError, KeyError):
        return {}


def _reason_quote(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


def _decision(stance: str, rule: Rule, reason: str) -> Comparison:
    probability = precisions().get(rule, 0.85) if rule not in GUARDS else 0.0
    return Comparison(stance, rule, reason, probability)  # type: ignore[arg-type]


def compare(claim: str, sentence: str) -> Comparison | None:
    """The plain decision for one claim and one evidence sentence, or None (not plain)."""
    claim, sentence = claim.strip(), sentence.strip()
    if not claim or not sentence:
        return None
    if claim.endswith("?"):
        return _decision(
            "neutral",
            "question",
            "the claim is a question: it asserts nothing to confirm or refute",
        )
    c = _analyse(claim)
    if not c.units or len(c.tokens) > 40:
        return None
    framed = _framing(c, sentence)
    if framed is not None:
        return framed
    return _compare(c, _analyse(sentence))


def _framing(c: _Text, sentence: str) -> Comparison | None:
    for inner, phrase in framed(sentence):
        s = _analyse(inner)
        if not s.tokens:
            continue
        # the claim says at least what the sentence calls false (and not much else): "visible from
        # the Moon with the naked eye" is false when "visible from the Moon" is
        found = {i: _find(u, s) for i, u in enumerate(c.units)}
        back = [_find(u, c) for u in s.units]
        if (
            not all(back)
            or sum(map(bool, found.values())) * 3 < 2 * len(c.units)
            or not _numbers_agree(c, s)
        ):
            return None
        if bool(c.negations) != bool(s.negations):
            return None  # "the myth that X is not …": not plain
        return _decision(
            "refutes", "framing", f"the source calls the claim false (“{_reason_quote(phrase)} …”)"
        )
    return None


def _numbers_agree(c: _Text, s: _Text) -> bool:
    return all(
        any(q.dimension == r.dimension and q.overlaps(r) for r in s.numbers) for q in c.numbers
    )


def _compare(c: _Text, s: _Text) -> Comparison | None:
    found = {i: _find(u, s) for i, u in enumerate(c.units)}
    matched = {i: spots for i, spots in found.items() if spots}
    unmatched = [i for i in found if not found[i]]
    if len(matched) < max(1, (len(c.units) + 1) // 2) or len(unmatched) > 1:
        return None
    placed = _place(matched)
    if not placed:
        return None
    lo, hi = min(placed.values()), max(placed.values())
    a, b = _clause_bounds(s, lo, hi)
    window = range(min(a, lo), max(b, hi) + 1)
    reported = _ATTRIBUTED.search(" ".join(t.text for t in s.tokens[window.start : window.stop]))
    if reported and not _ATTRIBUTED.search(c.raw):
        return _decision(
            "neutral",
            "reported",
            f"the source reports it as someone's view (“{reported.group(0).strip()}”),"
            " it does not state it",
        )
    neg_s = [i for i in s.negations if i in window]
    neg_c = list(c.negations)
    hedge_s = {s.tokens[i].low for i in s.hedges if i in window}
    hedge_c = {c.tokens[i].low for i in c.hedges}
    hedged = hedge_s != hedge_c
    tense_s = next(
        (
            s.tokens[i].low
            for i in window
            if s.tokens[i].low in _PAST_AUX | _PRESENT_AUX | _FUTURE_AUX
        ),
        None,
    )
    tense_s = (
        None
        if tense_s is None
        else ("past" if tense_s in _PAST_AUX else "future" if tense_s in _FUTURE_AUX else "present")
    )
    tensed = c.tense is not None and tense_s is not None and c.tense != tense_s
    swapped = _roles_swapped(c, s, placed)
    negated = bool(neg_c) != bool(neg_s)  # presence, not parity: two clauses may each hold one
    conflict, missing, loose = _number_conflict(c, s, placed)
    never = any(s.tokens[i].low == "never" for i in neg_s) and not neg_c
    if missing and not (never and not unmatched):  # "never visited" refutes "visited in 1910"
        return None
    said_less = hedge_s - hedge_c
    if unmatched and said_less and not (conflict or negated):
        return _decision(
            "neutral", "hedge", f"the source says only that it may be so (“{sorted(said_less)[0]}”)"
        )
    if unmatched:
        if (
            unmatched[0] == 0
            and len(c.units) >= 3
            and not (conflict or negated or loose)
            and _other_subject(s, placed)
        ):
            # the first part is the subject: "penguins live there" does not refute "lions live there"
            return _decision(
                "neutral",
                "subject",
                f"the source says it of something else, not of {c.units[0].text}",
            )
        if conflict or negated or hedged or tensed or loose or unmatched[0] == 0:
            return None
        slot = _slot(c, s, unmatched[0], placed, window)
        if slot is None and c.units[unmatched[0]].proper:
            return _decision(
                "neutral", "partial", f"the source does not mention {c.units[unmatched[0]].text}"
            )
        return slot
    if conflict is not None:
        if negated or hedged or tensed:
            return None
        q, r = conflict
        return _decision("refutes", "number", f"the claim says {q.text}; the source says {r.text}")
    if negated:
        if hedged:
            return None
        side = s.tokens[neg_s[0]].text if neg_s else None
        if side:
            cue = s.raw[
                s.tokens[max(neg_s[0] - 2, 0)].start : s.tokens[
                    min(neg_s[0] + 2, len(s.tokens) - 1)
                ].end
            ]
            return _decision(
                "refutes",
                "negation",
                f"the claim says it is so; the source says it is not (“{cue}”)",
            )
        cue = c.tokens[neg_c[0]].text
        return _decision(
            "refutes", "negation", f"the claim says “{cue}”; the source states it without negation"
        )
    if hedged and hedge_s - hedge_c:
        cue = sorted(hedge_s - hedge_c)[0]
        return _decision("neutral", "hedge", f"the source says only that it may be so (“{cue}”)")
    if tensed:
        return _decision(
            "neutral",
            "tense",
            f"the claim is in the {c.tense} tense; the source speaks of the {tense_s}",
        )
    if hedged or swapped or loose or _compound_split(c, s, placed):
        return None
    other = _slot_filled_otherwise(c, s)
    if other is not None:
        return other
    return _decision("supports", "same", "the source states every part of the claim")


def _slot_filled_otherwise(c: _Text, s: _Text) -> Comparison | None:
    """ "directed by Ana Roske" against "… produced by Ana Roske and directed by Bel Tamsin": every
    word is there, but the claim's slot ("directed by") holds another name in the sentence."""
    for unit in c.units:
        if not unit.proper:
            continue
        first = unit.tokens[0].index
        k = first - 1
        glue = []
        while k >= 0 and c.tokens[k].low in _STOP and len(glue) < 2:
            glue.insert(0, c.tokens[k].low)
            k -= 1
        if k < 0 or not glue or c.tokens[k].low in _STOP or c.tokens[k].cap:
            continue
        head = c.tokens[k].low
        names = [t.low for t in unit.tokens]
        fills = []
        for tok in s.tokens:
            if not _word_match(head, tok.low):
                continue
            after = s.tokens[tok.index + 1 : tok.index + 1 + len(glue)]
            if [t.low for t in after] != glue or tok.index + len(glue) + 1 >= len(s.tokens):
                continue
            start = tok.index + len(glue) + 1
            end = start
            while (
                end < len(s.tokens)
                and s.tokens[end].cap
                and (end == start or not s.raw[s.tokens[end - 1].end : s.tokens[end].start].strip())
            ):
                end += 1
            fills.append([t.text for t in s.tokens[start:end]])
        if not fills or any([_norm(w) for w in f] == names for f in fills):
            continue
        named = [f for f in fills if f]
        if named and not any(_norm(w) in names for f in named for w in f):
            return _decision(
                "refutes",
                "substitution",
                f"the claim says {c.tokens[k].text} {' '.join(glue)} "
                f"{unit.text}; the source says {' '.join(named[0])}",
            )
    return None


def _compound_split(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """Words that stand together in the claim ("polar bear population") found apart in the
    sentence ("the human population … polar bears"): every part is there, but not said together."""
    order = sorted(placed)
    for x, y in zip(order, order[1:], strict=False):
        if y != x + 1:
            continue
        ux, uy = c.units[x], c.units[y]
        if uy.tokens[0].index != ux.tokens[-1].index + 1 or ux.proper or uy.proper:
            continue  # not a compound of common words ("bear population")
        if not lex.noun_only(uy.tokens[0].low):
            continue
        gap = placed[y] - placed[x]
        if not 0 < gap <= 3:
            return True
    return False


_PRONOUNS = frozenset(
    [
        "he",
        "she",
        "it",
        "they",
        "his",
        "her",
        "its",
        "their",
        "this",
        "these",
        "those",
        "which",
        "who",
    ]
)


def _other_subject(s: _Text, placed: dict[int, int]) -> bool:
    """Does the sentence name something else where the claim's subject would be (not a pronoun)?"""
    first = min(placed.values())
    before = [
        t for t in s.tokens[max(0, first - 4) : first] if t.low not in _STOP or t.low in _PRONOUNS
    ]
    if not before or before[-1].low in _PRONOUNS:
        return False
    last = before[-1]
    return last.cap or lex.is_noun(last.low)


def _roles_swapped(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """Two names of the claim in the opposite order in the sentence, with no passive "by" between."""
    names = [i for i in placed if c.units[i].proper]
    for x in names:
        for y in names:
            if x < y and placed[x] > placed[y]:
                between = {t.low for t in s.tokens[placed[y] : placed[x]]}
                claim_between = {
                    t.low for t in c.tokens[c.units[x].tokens[0].index : c.units[y].tokens[0].index]
                }
                if ("by" in between) == ("by" in claim_between):
                    return True
    return False


def _anchor(c: _Text, q: Quantity, placed: dict[int, int]) -> int | None:
    """The sentence token where the content word next to the claim's number was matched."""
    best, gap = None, None
    for i, pos in placed.items():
        tok = c.units[i].tokens[0]
        d = min(abs(tok.start - q.end), abs(q.start - c.units[i].tokens[-1].end))
        if gap is None or d < gap:
            best, gap = pos, d
    return best


def _number_conflict(
    c: _Text, s: _Text, placed: dict[int, int]
) -> tuple[tuple[Quantity, Quantity] | None, bool, bool]:
    """(conflicting pair or None, a claim number with nothing of its kind in the sentence, a number
    the sentence gives only loosely — "about 38" for "40": compatible, not plain)."""
    conflict, loose = None, False
    for q in c.numbers:
        same = [r for r in s.numbers if r.dimension == q.dimension]
        if not same:
            return None, True, loose
        anchor = _anchor(c, q, placed)
        if anchor is not None:
            at = s.tokens[anchor].start
            same.sort(key=lambda r: min(abs(r.start - at), abs(at - r.end)))
        if any(q.within(r) for r in same):
            continue
        if any(q.overlaps(r) for r in same[:1]):
            loose = True
            continue
        conflict = conflict or (q, same[0])
    return conflict, False, loose


def _neighbours(c: _Text, unit: _Unit) -> tuple[_Tok | None, _Tok | None]:
    first, last = unit.tokens[0].index, unit.tokens[-1].index
    left = c.tokens[first - 1] if first > 0 else None
    right = c.tokens[last + 1] if last + 1 < len(c.tokens) else None
    return left, right


def _slot(
    c: _Text, s: _Text, missing: int, placed: dict[int, int], window: range
) -> Comparison | None:
    """The claim's one unmatched part and what the sentence has in its place."""
    unit = c.units[missing]
    left, right = _neighbours(c, unit)
    used = set(placed.values())
    candidates: list[tuple[int, int]] = []  # (start, end) token spans in the sentence
    for tok in s.tokens:
        if tok.index not in window or tok.index in used or tok.low in _STOP:
            continue
        k = tok.index - 1
        while (
            k > 0
            and s.tokens[k].low in {"the", "a", "an"}
            and (left is None or left.low not in {"the", "a", "an"})
        ):
            k -= 1
        before = s.tokens[k].low if k >= 0 else None
        after = s.tokens[tok.index + 1].low if tok.index + 1 < len(s.tokens) else None
        fits_left = left is not None and before == left.low
        fits_right = right is not None and after == right.low and right.low not in _STOP
        if unit.proper and tok.cap and (fits_left or fits_right):
            end = tok.index
            while (
                end + 1 < len(s.tokens)
                and s.tokens[end + 1].cap
                and s.tokens[end + 1].index not in used
                and not s.raw[s.tokens[end].end : s.tokens[end + 1].start].strip()
            ):
                end += 1
            candidates.append((tok.index, end))
        elif (
            not unit.proper
            and (fits_left or right is None or right.low in _STOP)
            and (fits_right or right is None or right.low in _STOP)
        ):
            candidates.append((tok.index, tok.index))
    if not candidates:
        if not unit.proper and len(unit.tokens) == 1:
            for tok in s.tokens:  # an antonym anywhere in the clause
                if (
                    tok.index in window
                    and tok.index not in used
                    and lex.antonymous(unit.tokens[0].low, tok.low)
                ):
                    return _decision(
                        "refutes",
                        "direction",
                        f"the claim says “{unit.text}”; the source says the opposite, “{tok.text}”",
                    )
        return None
    a, b = candidates[0]
    other = " ".join(t.text for t in s.tokens[a : b + 1])
    mine = unit.text
    if not unit.proper:
        word, theirs = unit.tokens[0].low, s.tokens[a].low
        if lex.antonymous(word, theirs):
            return _decision(
                "refutes",
                "direction",
                f"the claim says “{mine}”; the source says the opposite, “{other}”",
            )
        if s.tokens[a].cap or unit.tokens[0].cap:
            return None  # a common noun against a name ("the fifties" against "July"): not one kind
        verbal = any(w.endswith(("ing", "ed")) and not lex.noun_only(w) for w in (word, theirs))
        if not verbal and lex.is_noun(word) and lex.is_noun(theirs) and lex.same_kind(word, theirs):
            return _decision(
                "refutes", "substitution", f"the claim says {mine}; the source says {other}"
            )
        return None
    kind = lex.same_kind(mine.lower(), other.lower()) if len(unit.tokens) == 1 and a == b else None
    if kind is False:
        return None
    if (
        kind is None
        and (lex.known_word(mine.lower()) != lex.known_word(other.lower()))
        and len(unit.tokens) == 1
        and a == b
        and (mine.lower() in lex.table()["kinds"] or other.lower() in lex.table()["kinds"])
    ):
        return None  # one a known place or thing, the other not: containment cannot be ruled out
    return _decision("refutes", "substitution", f"the claim says {mine}; the source says {other}")


def compare_item(claim: str, text: str, max_sentences: int = 12) -> Comparison | None:
    """The plain decision for a whole evidence text: each sentence compared; sentences that
    disagree (one supports, another refutes) leave it undecided; the first refutation or support
    found otherwise decides, with its sentence."""
    decisions = [
        d
        for sentence in split_sentences(text)[:max_sentences]
        if (d := compare(claim, sentence.text)) is not None
    ]
    return combine(decisions)


def combine(decisions: list[Comparison]) -> Comparison | None:
    """One item's decision from its sentences': the sides they take must agree; a guard counts only
    when no sentence decides."""
    sides = [d for d in decisions if d.rule not in GUARDS]
    if sides:
        return sides[0] if len({d.stance for d in sides}) == 1 else None
    return decisions[0] if decisions else None


def warm() -> None:
    """Load the lexicon and the unit registry (blocking, ~1 s once) so that the first request does not."""
    lex.table()
    quantities("1 km")
    precisions()
