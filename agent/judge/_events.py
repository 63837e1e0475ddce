"""Events the claim says happened, read against the sentence: the claim's "happened" stated by the
event's own verb ("Apollo 11 landed …" for "the Moon landing happened"), and a "never" that refutes
the deed at any time or place ("never failed mathematics" for "failed mathematics at school")."""

from __future__ import annotations

import re
from dataclasses import replace

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._reading import _off_scope, _Reading
from agent.judge._text import _Text

# "the landing never happened": the verb says only that the event took place
_HAPPENED = frozenset(["happen", "happens", "happened", "occur", "occurs", "occurred"])


def _event_stated(c: _Text, s: _Text, placed: dict[int, int], missing: int) -> int | None:
    """Where the sentence states, with a verb, the event a claim says happened (or never did):
    "the Moon landing never happened" against "Apollo 11 landed the lunar module on the Moon". The
    missing part is the claim's "happened"; the part before it is the event, found in the sentence
    in a past verb's form ("landed" for "landing"). That token's index, or None."""
    unit = c.units[missing]
    if missing == 0 or len(unit.tokens) != 1 or unit.tokens[0].low not in _HAPPENED:
        return None
    event = missing - 1
    if event not in placed or c.units[event].proper:
        return None
    said, stated = c.units[event].tokens[-1].low, s.tokens[placed[event]].low
    if stated == said or not stated.endswith("ed") or said.endswith("ed"):
        return None
    return placed[event]


# prepositions that add a time, place or manner to what the claim says happened
_ADJUNCT = frozenset("at in on during for with from while before after".split())


def _never_at_all(
    c: _Text, s: _Text, missing: int, r: _Reading, placed: dict[int, int], window: range
) -> bool:
    """The sentence says its subject never did what the claim says, and the claim's one part the
    sentence lacks only adds when or where ("never failed mathematics" for "failed mathematics at
    school", "lost a match in Velmar"): never is at no time and in no place. Not an object
    ("never visited Paris" says nothing of Velmar), not the subject, not where the "never" is off
    the claim's words, and not where the sentence has an adjunct of its own after them ("never
    lost a match on clay")."""
    own = any(t.low in _ADJUNCT for t in s.tokens[max(placed.values()) + 1 : window.stop])
    return (
        not own
        and missing > 0
        and not r.neg_c
        and _word_before(c, c.units[missing].tokens[0].index) in _ADJUNCT
        and bool(r.neg_s)
        and (
            all(s.tokens[i].low == "never" for i in r.neg_s)
            or _denied_bare(s, max(placed.values()))
        )
        and not any(_off_scope(c, s, i, placed) for i in r.neg_s)
    )


def _denied_bare(s: _Text, last: int) -> bool:
    """The sentence's clause ends right after the claim's last word ("Kira Dane was not arrested;
    the image is doctored"): a deed denied with no when or where is denied at all."""
    end = s.tokens[last].end
    return last + 1 >= len(s.tokens) or bool(
        re.match(r"\s*(?:[;.!]|,\s*(?:but|and)?\s*\w)", s.raw[end:])
    )


_WHEN = frozenset("during before after since until till throughout".split())


def _time_word_differs(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """A part the claim places in time with one word and the sentence with another ("during the
    war" against "before the war"): not the same statement, whatever else matches."""
    for i, at in placed.items():
        mine = _word_before(c, c.units[i].tokens[0].index)
        theirs = _word_before(s, at)
        if mine in _WHEN and theirs in _WHEN and mine != theirs:
            return True
    return False


_TURNED = {"before": "after", "after": "before"}


def time_turned(c: _Text, s: _Text, placed: dict[int, int], r: _Reading) -> Comparison | None:
    """The claim's part placed before an event and the sentence's after it, or the other way round
    ("discovered before the Kessa telescope was built" against "… after …"), everything else the
    same and plain: a refutation. Not where a number or a date differs, nor with a negation or a
    hedge on either side."""
    if r.conflict or r.negated or r.hedged or r.neg_s or r.neg_c or r.loose:
        return None
    for i, at in list(placed.items()):
        k, mine = _at_before(c, c.units[i].tokens[0].index)
        if mine in _TURNED and (elsewhere := _timed_elsewhere(s, at)) is not None:
            placed = {**placed, i: elsewhere}  # "(also known as Star Wars: …) … after Star Wars"
            at = elsewhere
        j, theirs = _at_before(s, at)
        if mine in _TURNED and theirs not in _WHEN and c.units[i].tokens[0].cap:
            first = end = c.units[i].tokens[0].index
            while end + 1 < len(c.tokens) and c.tokens[end + 1].cap and not c.gap(end):
                end += 1
            named = c.raw[c.tokens[first].start : c.tokens[end].end]
            held = _decision(  # "released before Star Wars" against "(also known as Star Wars: …)"
                "neutral", "partial", f"the source does not say it was {mine} {named}"
            )
            return replace(held, silent=True)
        if mine in _WHEN and theirs in _WHEN and mine != theirs and _TURNED.get(mine) != theirs:
            when = s.raw[s.tokens[j].start : s.tokens[at].end]  # "during" against "before the war"
            held = _decision(
                "neutral", "partial", f"the source places it at another time (“{when}”)"
            )
            return replace(held, silent=True)  # no model may read it as the same time
        if _TURNED.get(mine) != theirs:
            continue
        if any((c.units[x].tokens[0].index < k) != (p < j) for x, p in placed.items() if x != i):
            continue  # "lived in Velmar before the war and moved to Tessa after it"
        last = i  # the event as both say it: "the Kessa telescope"
        while last + 1 in placed and placed[last + 1] == placed[last] + len(c.units[last].tokens):
            last += 1
        end_c = c.units[last].tokens[-1].index
        end_s = min(placed[last] + len(c.units[last].tokens), len(s.tokens)) - 1
        if _another_event(c, s, end_c + 1, end_s + 1):
            continue  # "after the election was called" is not after the election
        said = c.raw[c.tokens[k].start : c.tokens[end_c].end]
        other = s.raw[s.tokens[j].start : s.tokens[end_s].end]
        return _decision("refutes", "direction", f"the claim says {said}; the source says {other}")
    return None


_AUXILIARIES = frozenset("was were is are had has have".split())


def _another_event(c: _Text, s: _Text, after_c: int, after_s: int) -> bool:
    """A verb the claim does not have right after the sentence's event: "the election was called",
    "the war broke out" tell of another moment than "the election", "the war"."""
    if after_s >= len(s.tokens) or s.gap(after_s - 1):
        return False
    word = s.tokens[after_s].low
    if after_c < len(c.tokens) and c.tokens[after_c].low == word:
        return False
    verb = lex.past_form(word)
    return word in _AUXILIARIES or verb


def _at_before(t: _Text, at: int) -> tuple[int, str]:
    """The index and the word before token ``at``, articles, possessive pronouns and a word that
    says which of a series aside ("after the original Star Wars film")."""
    k = at - 1
    while k >= 0 and t.tokens[k].low in _BEFORE_A_NAME:
        k -= 1
    return k, t.tokens[k].low if k >= 0 else ""


_BEFORE_A_NAME = frozenset("the a an his her its their original first earlier previous".split())


def _timed_elsewhere(s: _Text, at: int) -> int | None:
    """Another place the sentence names the word at ``at``, after "before" or "after", where
    the word before it at ``at`` says no time: the sentence's time of it is said there."""
    if _at_before(s, at)[1] in _WHEN:
        return None
    word = s.tokens[at].low
    return next(
        (
            t.index
            for t in s.tokens
            if t.index != at and t.low == word and _at_before(s, t.index)[1] in _TURNED
        ),
        None,
    )


def _word_before(t: _Text, at: int) -> str:
    """The word before token ``at``, articles and possessive pronouns aside ("" at the start)."""
    return _at_before(t, at)[1]


def _undone(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """The sentence has the claim's word and, elsewhere, its opposite ("The factory, open since
    1950, closed in 2020"): it says both were so at some time, not plainly the claim."""
    words = {  # a state said with "is" ("is open"), not a kind ("two daughters and no sons") nor
        c.units[i].tokens[0].low: at  # a change of another thing ("decreased the risk of PONV")
        for i, at in placed.items()
        if not c.units[i].proper
        and c.units[i].tokens[0].index > 0
        and c.tokens[c.units[i].tokens[0].index - 1].low in {"is", "are", "was", "were"}
        and not lex.noun_only(c.units[i].tokens[0].low)
    }
    return any(
        lex.antonymous(word, tok.low)
        and tok.index != at
        and not tok.cap
        and not lex.noun_only(tok.low)
        for word, at in words.items()
        for tok in s.tokens
    )
