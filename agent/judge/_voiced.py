"""What the sentence says someone said, or says with a condition, a stop or another year: the
claim's words inside a quotation someone is said to have said ('"…," the mayor told supporters'),
after the subject's own verb of saying ("Rusa Pell said several of her counterparts had called
…"), another year's event ("Last year's Dunmore Derby"), a deed said stopped ("ended all financing
for coal mines"), an object of another deed ("supports holding a referendum on the pension
reform"), and "would … should" for "will". Read by agent/judge/_bearing.py before every part of the
claim is said to be stated."""

from __future__ import annotations

import re

from agent.judge._decision import Comparison, _decision
from agent.judge._text import _STOP, _Text

# what someone says: the words after it are theirs, not the source's
_SAYING = frozenset(
    "said says told tells announced argued insisted warned stated added noted claimed suggested "
    "explained complained wrote writes tweeted posted predicted".split()
)
_QUOTES = "\"“”‘’'"


def quoted(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """'"Tarnby's air is the cleanest in the country," the town's mayor told supporters': the
    claim's words are inside a quotation that someone is said to have said."""
    raw = s.raw.lstrip()
    if not raw or raw[0] not in _QUOTES or not placed:
        return None
    close = next((k for k in range(1, len(raw)) if raw[k] in _QUOTES and raw[k - 1] in ",.!?"), -1)
    offset = len(s.raw) - len(raw)
    parts = [at for i, at in placed.items() if not c.units[i].proper] or list(placed.values())
    if close < 0 or any(s.tokens[at].start >= offset + close for at in parts):
        return None  # "'The jury was biased …,' complained …" for "The Vantor Prize jury …"
    after = re.findall(r"[\w'’-]+", raw[close + 1 :])[:6]
    said = next((w for w in after if w.lower() in _SAYING), None)
    if said is None or said.lower() in {t.low for t in c.tokens}:
        return None
    return _decision(
        "neutral", "reported", f"the source quotes what someone {said}, it does not state it"
    )


_YEARS = re.compile(r"\b(this|last|next|previous)\s+year(?:'s|’s)?\b", re.I)


def year_apart(c: _Text, s: _Text) -> Comparison | None:
    """ "This year's Dunmore Derby" against "Last year's Dunmore Derby": another year's."""
    mine = {m.lower() for m in _YEARS.findall(c.raw)}
    theirs = {m.lower() for m in _YEARS.findall(s.raw)}
    if mine and theirs and not mine & theirs:
        other = _YEARS.search(s.raw).group(0)
        return _decision("neutral", "tense", f"the source speaks of another year (“{other}”)")
    return None


def said_by(c: _Text, s: _Text, end: int, lo: int) -> Comparison | None:
    """ "Foreign Minister Rusa Pell said several of her counterparts had called the sanctions
    illegal" for "Rusa Pell called the sanctions illegal": what the claim says of its subject
    stands after a verb of saying of hers, which the claim does not have."""
    mine = {t.low for t in c.tokens}
    for k in range(end, lo):
        word = s.tokens[k].low
        own = {u.low for u in s.tokens[k + 1 : k + 5]} & {"it", "he", "she", "they", "we"}
        if word in _SAYING and word not in mine and not own:  # "said it would cut": its own plan
            return _decision(
                "neutral", "reported", f"the source reports what {c.units[0].text} {word}"
            )
    return None


# a deed stopped: "ended all financing for coal mines" says no "still finances"
_ENDED = frozenset(
    "ended ends stopped stops ceased ceases halted halts quit quits suspended".split()
)


def ended_or_deferred(c: _Text, s: _Text, end: int, placed: dict[int, int]) -> Comparison | None:
    """The claim's deed said stopped ("Vessa Bank ended all financing for coal mines" for "still
    finances coal mines"), or its object only the object of another deed after its verb ("supports
    holding a referendum on the pension reform" for "supports the pension reform")."""
    mine = {t.low for t in c.tokens}
    parts = sorted(at for i, at in placed.items() if at >= end)
    for at in parts:
        before = [u for u in s.tokens[max(end, at - 2) : at] if u.low not in {"all", "its"}]
        if before and before[-1].low in _ENDED and before[-1].low not in mine:
            said = s.raw[before[-1].start : s.tokens[at].end]
            return _decision("neutral", "tense", f"the source says it ended (“{said}”)")
    for verb, obj in zip(parts, parts[1:], strict=False):
        gerund = s.tokens[verb + 1] if verb + 1 < obj else None
        if gerund is not None and gerund.low.endswith("ing") and gerund.low not in mine | _STOP:
            said = s.raw[s.tokens[verb].start : s.tokens[parts[-1]].end]
            return _decision("neutral", "partial", f"the source says “{said}”")
    return None


def would(c: _Text, s: _Text, end: int, lo: int) -> Comparison | None:
    """ "would move online should travel restrictions be reintroduced" for "will move online": a
    condition, not a plan."""
    if "will" not in {t.low for t in c.tokens}:
        return None
    words = [s.tokens[k].low for k in range(end, lo)]
    if any(w in _SAYING for w in words):
        return None  # "said on Tuesday it would cut": a plan reported, no condition
    if any(w in {"would", "could", "might"} for w in words):
        return _decision("neutral", "hedge", "the source says only that it would, on a condition")
    return None
