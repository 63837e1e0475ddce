"""Events the claim says happened, read against the sentence: the claim's "happened" stated by the
event's own verb ("Apollo 11 landed …" for "the Moon landing happened"), and a "never" that refutes
the deed at any time or place ("never failed mathematics" for "failed mathematics at school")."""

from __future__ import annotations

from agent.judge import _lexicon as lex
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
        and all(s.tokens[i].low == "never" for i in r.neg_s)
        and not any(_off_scope(c, s, i, placed) for i in r.neg_s)
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


def _word_before(t: _Text, at: int) -> str:
    """The word before token ``at``, articles and possessive pronouns aside ("" at the start)."""
    k = at - 1
    while k >= 0 and t.tokens[k].low in {"the", "a", "an", "his", "her", "its", "their"}:
        k -= 1
    return t.tokens[k].low if k >= 0 else ""


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
