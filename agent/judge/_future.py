"""The future against a fact: "The bridge will open in 2025" does not say that it opened.

A claim states what is or was ("The bridge opened in 2025", "The phone runs on Kessa OS"); a
sentence that says the same verb with "will" or "shall" before it ("will open", "will run from
2022") tells what is to come, which may not happen or may not have happened yet. The other way round,
a claim of what will be ("The Velmar plant will close") is not settled by a sentence that says it
was done ("closed in 2020"): the reader asked about a plan, the source tells of a deed. Both are a
tense guard: they decide nothing, and no model is asked to read the pair as support.
"""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex
from agent.judge._text import _Text

_WILL = frozenset({"will", "shall"})
# words that may stand between "will" and its verb: "will not", "will soon open", "will be open"
_BETWEEN = frozenset("be have not soon also then now again still finally eventually first".split())
# a claim that says what is meant or planned speaks of what is to come too ("plans to build")
_MEANT = frozenset(
    "going plan plans planned intend intends intended aim aims aimed expect expects expected "
    "scheduled due set poised promise promises promised pledge pledges pledged vow vows "
    "vowed".split()
)


def _will_before(text: _Text, at: int) -> int | None:
    """The index of the "will" (or "shall", or "…'ll") that governs the verb at ``at``, or None."""
    k = at - 1
    while k >= 0 and at - k <= 4:
        low = text.tokens[k].low
        if _is_will(text.tokens[k].text):
            return k
        if low not in _BETWEEN and not low.endswith("ly"):
            return None
        k -= 1
    return None


def _is_will(word: str) -> bool:
    """The auxiliary as written: "will", "shall", "it'll"; not "Will" the name."""
    return word in _WILL or word.lower().endswith(("'ll", "’ll"))


def _claim_future(c: _Text) -> bool:
    lows = [t.low for t in c.tokens]
    meant = any(a in _MEANT and b == "to" for a, b in zip(lows, lows[1:], strict=False))
    return meant or any(_is_will(t.text) for t in c.tokens)


# before a verb's form, these make it a deed done: "was closed", "has closed"
_DONE = frozenset("was were had has have".split())
# and these a state or what is to come: "is closed", "to be closed"
_NOT_DONE = frozenset("is are am be been being to will would shall".split())


def _done(s: _Text, at: int) -> bool:
    """The sentence's verb at ``at`` tells of a deed done: "closed in 2020", "was closed"."""
    word, before = s.tokens[at].low, s.tokens[at - 1].low if at else ""
    past = lex.past_form(word)
    past = past or (
        word in _SAME_IN_THE_PAST and bool(_PAST_TIME.search(s.raw))
    )  # "cut … last year"
    return past and (before in _DONE or before not in _NOT_DONE)


# verbs whose past is their base form, read as past beside a past time ("cut 10,000 jobs last year")
_SAME_IN_THE_PAST = frozenset(
    "cut put set hit let shut quit spread cost hurt split bet burst cast broadcast upset shed".split()
)
_PAST_TIME = re.compile(
    r"\b(?:last\s+(?:year|month|week|spring|summer|autumn|fall|winter)|ago|yesterday|in\s+(?:19|20)\d\d)\b",
    re.I,
)


def future_otherwise(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The guard's reason when the sentence puts the claim's verb in the future and the claim
    states it as a fact, or the claim's future verb is said as done; None otherwise."""
    future = _claim_future(c)
    for i, at in placed.items():
        unit = c.units[i]
        if unit.proper or len(unit.tokens) != 1:
            continue
        will = _will_before(s, at)
        if will is not None and not future:
            said = s.raw[s.tokens[will].start : s.tokens[at].end]
            return f"the claim states it as a fact; the source says what will be (“{said}”)"
        if not any(t.low == "would" for t in c.tokens) and (forecast := _forecast(s, at)):
            if future and _own_word(c, s, placed, forecast[0]):
                continue  # "Kessa Corp said it would cut 10,000 jobs" for "… will cut …"
            said = "says what will be" if future else "states it as a fact"
            return f"the claim {said}; the source reports a forecast (“{forecast[1]}”)"
        mine = _will_before(c, unit.tokens[0].index)
        if future and mine is not None and will is None and _done(s, at):
            return (
                "the claim says what will be; the source tells of what was done"
                f" (“{s.tokens[at].text}”)"
            )
    return None


# verbs that report what someone said would happen: "said that taxes would rise"
_SAID = frozenset(
    "said says say told predicted predicts forecast forecasts warned warns promised promises "
    "claimed claims expected expects believed believes thought".split()
)


def _own_word(c: _Text, s: _Text, placed: dict[int, int], said: int) -> bool:
    """Is the speech verb at ``said`` the claim's subject's own ("Kessa Corp said …", "Kessa Corp
    has said …"): what it says it will do is what a claim of its future deed reports."""
    at = placed.get(0)
    if at is None or c.units[0].tokens[0].index != 0 or at >= said:
        return False
    between = [t.low for t in s.tokens[at + len(c.units[0].tokens) : said]]
    return between in ([], ["has"], ["have"])


def _forecast(s: _Text, at: int) -> tuple[int, str] | None:
    """Where the sentence reports what someone said would happen ("Ana Roske said that taxes would
    rise"): the speech verb's index and the words from it to the claim's verb, or None."""
    k = at - 1
    while k >= 0 and at - k <= 4 and s.tokens[k].low != "would":
        if s.tokens[k].low not in _BETWEEN and not s.tokens[k].low.endswith("ly"):
            return None
        k -= 1
    if k < 0 or s.tokens[k].low != "would":
        return None
    for j in range(k - 1, max(-1, k - 8), -1):
        if s.tokens[j].low in _SAID:
            return j, s.raw[s.tokens[j].start : s.tokens[at].end]
    return None
