"""What stands between the claim's parts and the sentence's, in the clause that holds them: the
negations (and whether they bear on the claim's words), hedges and tense on each side, names in
swapped roles, a compound split apart, another subject, a number given otherwise — read once per
(claim, sentence) pair for the comparison stage's rules (agent/judge/compare.py)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agent.judge import _lexicon as lex
from agent.judge._asides import in_aside, set_against
from agent.judge._cues import _FUTURE_AUX, _PAST_AUX, _PRESENT_AUX, _REFUSE, denial_ends
from agent.judge._numbers import _number_conflict
from agent.judge._order import _roles_swapped
from agent.judge._quantities import Quantity
from agent.judge._text import (
    _HOW_MUCH,
    _STOP,
    _Text,
    _Tok,
    _word_match,
    used_tokens,
)


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
        inserted = s.tokens[placed[x] + len(ux.tokens) : placed[y]]  # "global sea temperatures"
        if not 0 < gap <= 3 or any(not t.cap and lex.noun_only(t.low) for t in inserted):
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


@dataclass(frozen=True)
class _Reading:
    """What stands between the claim's parts and the sentence's, in the clause that holds them."""

    neg_s: list[int]  # the sentence's negations in the clause (token indices)
    neg_c: list[int]  # the claim's negations
    said_less: set[str]  # hedges the sentence has and the claim has not
    hedged: bool  # the two differ in hedges
    tense_s: str | None  # the sentence's tense in the clause (past, present, future)
    tensed: bool  # the two differ in tense
    swapped: bool  # two names in the opposite roles
    negated: bool  # one side negated (presence, not parity: two clauses may each hold one)
    conflict: tuple[Quantity, Quantity] | None  # a number of the claim given otherwise
    missing: bool  # a number of the claim with nothing of its kind in the sentence
    loose: bool  # a number the sentence gives only loosely


def _read(
    c: _Text, s: _Text, placed: dict[int, int], window: range, said_of: frozenset[int] = frozenset()
) -> _Reading:
    neg_s = [
        i
        for i in s.negations
        if i in window and not set_against(c, s, i, placed) and not in_aside(s, i, placed)
    ]
    hedge_s = {s.tokens[i].low for i in s.hedges if i in window and i not in said_of}
    hedge_c = {c.tokens[i].low for i in c.hedges}
    aux = next(
        (
            s.tokens[i].low
            for i in window
            if s.tokens[i].low in _PAST_AUX | _PRESENT_AUX | _FUTURE_AUX
        ),
        None,
    )
    became = [i for i in window if s.tokens[i].low == "became"]
    if aux is None and any(  # "became mayor in 1990": an office then, not said of now (not
        0 < at - i <= 3 and s.tokens[at].low in _OFFICES  # "the son of …", "a member of the EU")
        for i in became
        for at in placed.values()
    ):
        aux = "was"
    tense_s = (
        None
        if aux is None
        else ("past" if aux in _PAST_AUX else "future" if aux in _FUTURE_AUX else "present")
    )
    conflict, missing, loose = _number_conflict(c, s, placed)
    ended = [i for i in neg_s if denial_ends(s.tokens, i, placed.values())]
    if c.negations and neg_s and all(i in ended and _off_scope(c, s, i, placed) for i in neg_s):
        neg_s = []  # "had no children" against "never married but had several children"
    return _Reading(
        neg_s=neg_s,
        neg_c=list(c.negations),
        said_less=hedge_s - hedge_c,
        hedged=hedge_s != hedge_c,
        tense_s=tense_s,
        tensed=c.tense is not None
        and tense_s is not None
        and c.tense != tense_s
        # what the source says is so now was so (a film that is German was German); not the
        # other way round (who was president may not be now)
        and not (c.tense == "past" and tense_s == "present")
        and not _past_event(c, s, placed)
        or _verb_in_the_past(c, s, placed),
        swapped=_roles_swapped(c, s, placed),
        negated=bool(c.negations) != bool(neg_s),
        conflict=conflict,
        missing=missing,
        loose=loose,
    )


# offices held for a term: one who became mayor in 1990 may not be mayor now
_OFFICES = frozenset(
    "mayor president minister governor chancellor premier ceo chairman chairwoman chair captain "
    "champion leader head king queen pope senator speaker secretary manager coach editor".split()
)


# verbs of a state that holds for a time and ends (where one lives, works, what one owns or
# leads): in the past they say nothing of now. Not findings ("dexamethasone increased the risk"
# states that it increases it)
_TENURE = frozenset(
    "live reside work own run lead head manage serve coach teach play chair employ host house "
    "belong hold rule govern represent edit operate occupy sponsor".split()
)


def _verb_in_the_past(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """The claim's verb of a state in the present ("lives in Velmar") found in the past ("lived in
    Velmar until 2010 and now lives in Tessa"): what was so may not be now."""
    if c.tense == "past":
        return False
    for i, at in placed.items():
        unit = c.units[i]
        mine, theirs = unit.tokens[0].low, s.tokens[at].low
        if unit.proper or len(unit.tokens) != 1 or mine == theirs or mine.endswith(("ed", "en")):
            continue
        past = theirs.endswith("ed") or lex.irregular_verb_form(theirs)
        shared = lex.lemmas(mine) & lex.lemmas(theirs)
        k = at - 1
        while k > 0 and s.tokens[k].low.endswith("ly"):
            k -= 1  # "have unequivocally caused": the perfect goes on to now
        perfect = k >= 0 and s.tokens[k].low in {"have", "has"}
        since = perfect and any(t.low == "since" for t in s.tokens[at + 1 : at + 8])
        now = k >= 0 and s.tokens[k].low in {"is", "are"}  # "is hosted by": the passive now
        if past and mine.endswith("s") and shared & _TENURE and not (since or now):
            return True  # "has lived in Tessa since 2010" lives there now
        if past and mine.endswith("ing") and c.tense == "present" and shared and not perfect:
            return True  # "are falling" against "fell in the 1960s": it is not said to go on
    return False


def _past_event(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """A claim in the passive past ("was recorded by", "was released in") whose participle the
    sentence has as written ("a song recorded by …", "released on …"): an event said once, whatever
    tense the sentence's own verb is in ("is a song")."""
    for k, tok in enumerate(c.tokens[:-1]):
        if tok.low not in {"was", "were"}:
            continue
        verb = c.tokens[k + 1]
        if not verb.low.endswith(("ed", "en")):
            return False
        for i, at in placed.items():
            if c.units[i].tokens[0].index == verb.index:
                return s.tokens[at].low == verb.low
        return False
    return False


# verbs a negation passes through to the verb after them ("never managed to write")
_ASSOCIATED = frozenset("associated linked correlated".split())
_TRANSPARENT = frozenset("managed bothered got came used seemed appeared happened".split())


def _off_scope(c: _Text, s: _Text, at: int, placed: dict[int, int]) -> bool:
    """A negation that plainly bears on a word the claim does not have: "no" before a noun ("two
    daughters and no sons" for "had only daughters"), "failed to" before a verb ("failed to achieve
    worldwide success" for "was one of the worst-selling singles"), "not" or "never" right before
    one ("does not cure the disease" for "eases the symptoms"). Not plain either way."""
    used = used_tokens(c, s, placed)
    cue = s.tokens[at].low
    if cue == "no":
        longer = at + 1 < len(s.tokens) and s.tokens[at + 1].low == "longer"
        if longer and c.tense == "past":
            return True  # "is no longer covered" does not deny "was covered"
        scope = at + 1 + longer
        while scope + 1 < len(s.tokens) and s.tokens[scope].low in _HOW_MUCH:
            scope += 1  # "no significant effect on", "no clear link between"
    elif cue in _REFUSE and at + 2 < len(s.tokens) and s.tokens[at + 1].low == "to":
        scope = at + 2
    elif cue in ("not", "never") or cue.endswith("n't"):
        scope = at + 1  # "does not cure the disease but eases its symptoms" for "eases"
        while scope + 1 < len(s.tokens) and s.tokens[scope].low in _ARTICLES:
            scope += 1  # "a round globe, not a flat disk" for "The Earth is round"
        if scope + 1 < len(s.tokens) and s.tokens[scope].low in _TRANSPARENT:
            scope += 2 if s.tokens[scope + 1].low == "to" else 1  # "never managed to write"
        if scope + 2 < len(s.tokens) and s.tokens[scope].low in _ASSOCIATED:
            scope += 2 if s.tokens[scope + 1].low == "with" else 0  # "not associated with an
            while scope + 1 < len(s.tokens) and s.tokens[scope].low in _ARTICLES:  # increased
                scope += 1  # risk": what is not associated is the claim's increase
        joined = scope + 2 < len(s.tokens) and s.tokens[scope + 1].low in ("or", "nor", "and")
        if joined and (  # "does not prevent or cure the common cold": both verbs negated
            scope + 2 in used
            or any(_word_match(t.low, s.tokens[scope + 2].low) for u in c.units for t in u.tokens)
        ):
            return False
    else:
        return False
    if scope >= len(s.tokens):
        return False
    if scope in used:  # "are not rising as fast as predicted": the degree is denied, not the rise
        after = [t.low for t in s.tokens[scope + 1 : scope + 4]]
        return after[:1] == ["as"] and after[2:3] == ["as"] or after[1:2] == ["than"]
    word = s.tokens[scope]
    # a claim word said again ("has modelled for Mango … but declined to model for L'Oréal")
    if any(_word_match(t.low, word.low) for u in c.units for t in u.tokens):
        return False
    return word.low not in _STOP and not word.low[:1].isdigit() and word.text.isalpha()


# before a kind's name, words that keep it whole ("the vaccines", "all vaccines"); quantifiers
# that narrow it ("some vaccines", "most dogs")
_WHOLE = frozenset("the all these those such every each global worldwide overall total".split())
_SOME = frozenset("some many most several few certain".split())


def _narrower_subject(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """A claim about a kind in general ("Vaccines are safe") against a sentence that says it of a
    narrower kind: a name, a number or a noun before the same word ("COVID-19 vaccines", "lung
    cells"), a quantifier ("some vaccines"), a sentence-initial modifier ("Heavy smoking"). That
    narrower subject as the sentence writes it, or None. A narrower statement never states the
    general claim; it may still refute it (a counterexample), so only support is held back."""
    first = c.units[0]
    if first.proper or first.tokens[0].index != 0 or len(first.tokens) != 1 or 0 not in placed:
        return None
    at = placed[0]
    if at == 0:
        return None
    before = s.tokens[at - 1]
    part = [t.low for t in s.tokens[max(0, at - 3) : at]]
    if len(part) == 3 and part[0] in _SOME and part[1:] == ["of", "the"]:  # "most of the dogs"
        return s.raw[s.tokens[at - 3].start : s.tokens[at].end]
    if before.low in _WHOLE or before.end < s.tokens[at].start - 1:  # "…, vaccines": another phrase
        return None
    if not _narrows(before) or (before.text.isdigit() and at > 1 and s.tokens[at - 2].low in _WHEN):
        return None  # "In 2020 unemployment rose": a time, not a narrower kind
    start = at - 1  # the whole modifier: "Golden retriever dogs", not "retriever dogs"
    while (
        start > max(0, at - 3)
        and _narrows(s.tokens[start - 1])
        and s.tokens[start - 1].low not in _WHOLE
    ):
        start -= 1
    return s.raw[s.tokens[start].start : s.tokens[at].end]


_WHEN = frozenset(["in", "by", "since", "until", "after", "before", "during", "from", "on", "at"])


def _narrows(tok: _Tok) -> bool:
    return (
        tok.low in _SOME
        or tok.cap
        or any(ch.isdigit() for ch in tok.text)
        or lex.noun_only(tok.low)
    )


# the claim's parts found in three or more items of a list ("…, leading to Arctic sea ice shrinkage,
# diminished ice in the Greenland ice sheet, and … as the permafrost thaws" for "melting ice isn't
# warming the Arctic"): the sentence lists things, it states none of them of the others. A list the
# claim's subject stands before ("X is an American actor, singer, and producer") holds its parts in
# two places, the subject's and the item's, and is read as usual; a claim that is itself a list
# is matched item by item.
_LIST_ITEMS = 3
_LIST = re.compile(r",\s+(?:and|or)\b")


def _scattered(c: _Text, s: _Text, placed: dict[int, int], lo: int, hi: int) -> bool:
    span = s.raw[s.tokens[lo].start : s.tokens[hi].end]
    if not _LIST.search(span) or _LIST.search(c.raw):  # a listing claim: matched item by item
        return False
    depth, commas = 0, []  # the commas outside brackets, as character offsets in the sentence
    for k, ch in enumerate(span, s.tokens[lo].start):
        depth += (ch in "([") - (ch in ")]")
        if ch == "," and depth <= 0:
            commas.append(k)
    items = {sum(at < s.tokens[i].start for at in commas) for i in placed.values()}
    return len(items) >= _LIST_ITEMS


# what a sentence sets its statement against: "hotter than Mercury", "unlike Mercury", "instead of
# Mercury" — the name there is the standard of comparison, not what the statement is about
_CONTRAST = frozenset(["than", "unlike", "except", "besides", "near", "outside", "beyond"])
_CONTRAST_PAIRS = frozenset(
    [("instead", "of"), ("apart", "from"), ("except", "for"), ("close", "to")]
    + [
        ("up", "from"),
        ("down", "from"),
        ("compared", "with"),
        ("compared", "to"),
    ]  # a change's start
    + [(side, "of") for side in ("north", "south", "east", "west")]
)  # and a place set against another: "in Tessa, a town near Velmar" is not in Velmar
_ARTICLES = frozenset(["the", "a", "an"])


def _contrasted(text: _Text, at: int) -> bool:
    """Does the word at ``at`` stand after a contrast ("than", "unlike", "instead of"), articles
    aside?"""
    i = at - 1
    while i >= 0 and text.tokens[i].low in _ARTICLES:
        i -= 1
    if i < 0:
        return False
    pair = (text.tokens[i - 1].low, text.tokens[i].low) if i else ("", "")
    return text.tokens[i].low in _CONTRAST or pair in _CONTRAST_PAIRS


def _not_contrasted(c: _Text, s: _Text, found: dict[int, list[int]]) -> dict[int, list[int]]:
    """The places of the claim's parts in the sentence, without those where the sentence sets the
    part against its statement ("Venus is the hottest planet, hotter than Mercury" does not say
    Mercury is) unless the claim sets it so too ("Venus is hotter than Mercury")."""
    return {
        i: [
            at
            for at in spots
            if not _contrasted(s, at) or _contrasted(c, c.units[i].tokens[0].index)
        ]
        for i, spots in found.items()
    }


def _place(found: dict[int, list[int]]) -> dict[int, int]:
    """One place per matched unit: in claim order where possible, else the nearest to the others.
    A unit found only where another part already stands is not placed: "vegetables" is found at
    "tomatoes" (a kind of vegetable) in "tomatoes are fruits", which states no "vegetables"."""
    placed: dict[int, int] = {}
    last = -1
    for u, spots in sorted(found.items()):
        free = [s for s in spots if s not in placed.values()]
        if not free:
            continue
        after = [s for s in free if s > last]
        placed[u] = after[0] if after else free[0]
        last = placed[u]
    return placed


def denied_degree(s: _Text, neg_s: Sequence[int]) -> str | None:
    """The words, where a "not" denies only a degree ("are not rising as fast as predicted", "not
    rising faster than before"), else None. A leaf (the claim path counts calls)."""
    for at in neg_s:
        words = [t.low for t in s.tokens[at + 2 : at + 5]]
        if s.tokens[at].low == "not" and (
            (words[:1] == ["as"] and words[2:3] == ["as"]) or words[1:2] == ["than"]
        ):
            end = min(at + 5 if words[:1] == ["as"] else at + 4, len(s.tokens) - 1)
            return s.raw[s.tokens[at].start : s.tokens[end].end]
    return None
