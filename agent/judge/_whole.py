"""Every part of the claim is in the sentence: what still decides — a number given otherwise, a
negation, a hedge, another tense, a slot filled otherwise, a share or a narrower subject — or the
same statement (supports). The last step of agent/judge/compare.py's comparison, moved out of it
to keep that file a reader's size."""

from __future__ import annotations

import re
from dataclasses import replace

from agent.judge._bearing import borne_by_another
from agent.judge._categories import predicate_elsewhere
from agent.judge._dates import MONTHS
from agent.judge._decision import Comparison, _decision
from agent.judge._events import _time_word_differs, _undone, time_turned
from agent.judge._filled import _slot_filled_otherwise
from agent.judge._frames import figure_of_another_year
from agent.judge._negated import NARROWER, narrower_denial, privative
from agent.judge._numbers import event_named_on, every_otherwise
from agent.judge._order import another_deed_between, voice_turned
from agent.judge._reading import (
    _compound_split,
    _narrower_subject,
    _off_scope,
    _Reading,
    denied_degree,
)
from agent.judge._reasons import _negation, _number_given_otherwise, _only, said_weaker
from agent.judge._relations import labelled_of_many
from agent.judge._shares import quantified_otherwise
from agent.judge._subject import narrowed_superlative
from agent.judge._text import _Text
from agent.judge._undercut import undercut
from agent.judge._units import NUMBER_WORDS


def _conflicted(c: _Text, s: _Text, placed: dict[int, int], r: _Reading) -> Comparison | None:
    """A number of the claim's given otherwise: refutes, unless negated, hedged, of another tense,
    or the figure of another year ("$4.5 billion in 2023" for "… in 2021")."""
    if r.conflict is None or r.negated or r.hedged or r.tensed:
        return None
    if (clause := of_anothers_clause(c, s, placed, r.conflict[1].start)) is not None:
        held = _decision("neutral", "partial", f"the source gives it of another (“{clause}”)")
        return replace(held, silent=True)  # "married Bel Tamsin, who was born in 1950": not 1990
    if _month_of_a_kind(c, r.conflict[0]):  # "September Arctic sea ice" against "… in March"
        held = _decision("neutral", "partial", f"the source gives it of {r.conflict[1].text}")
        return replace(held, silent=True)
    return (
        figure_of_another_year(c, s, r.conflict)
        or labelled_of_many(c, r.conflict)
        or _number_given_otherwise(c, s, r.conflict)
    )


def of_anothers_clause(c: _Text, s: _Text, placed: dict[int, int], at: int) -> str | None:
    """The sentence's figure (at character ``at``) in a clause of its own about another name, after
    every part of the claim ("Ana Roske married Bel Tamsin, who was born in 1950"): its words up
    to the figure, or None. The figure is Bel Tamsin's birth, not the marriage's year."""
    last = max(placed.values(), default=-1)
    subject = {t.low for t in c.units[0].tokens} if c.units else set()
    for k in range(last + 1, len(s.tokens)):
        tok = s.tokens[k]
        if tok.start >= at:
            return None
        opens = tok.low in {"who", "whose", "which"} and s.gap(k - 1) == ","
        if opens and s.tokens[k - 1].cap and s.tokens[k - 1].low not in subject:
            end = next((t.end for t in s.tokens[k:] if t.start >= at), s.tokens[-1].end)
            return s.raw[tok.start : end]
    return None


def _month_of_a_kind(c: _Text, q) -> bool:
    """The claim's figure a month alone that says which of a thing it is ("September Arctic sea ice
    extent", "the March figure"), not when something happened: another month is another thing."""
    if q.text.lower() not in MONTHS:
        return False
    after = next((t for t in c.tokens if t.start >= q.end), None)
    return (
        after is not None
        and after.low.isalpha()
        and after.low not in {"in", "on", "of", "and", "or", "to", "at", "by", "for"}
    )


_THAN = re.compile(r"\bthan\s+(?:the\s+|a\s+|an\s+|its\s+|their\s+|in\s+)?([\w-]+)", re.I)


def _a_figure(word: str) -> bool:
    """ "60", "5,000", "ten", "once", "ever": a bound's figure, not what is compared with."""
    low = word.lower()
    return low[:1].isdigit() or low in NUMBER_WORDS or low in {"once", "twice", "ever", "a", "half"}


def compared_otherwise(c: _Text, s: _Text) -> Comparison | None:
    """The claim compares with one thing ("rising faster than before"), the sentence with another
    ("… faster than the global average"): no support."""
    mine = {w.lower() for w in _THAN.findall(c.raw) if not _a_figure(w)}  # not "more than 60"
    theirs = next((m for m in _THAN.finditer(s.raw) if not _a_figure(m.group(1))), None)
    if not mine or theirs is None or theirs.group(1).lower() in mine:
        return None
    said = " ".join(s.raw[theirs.start() :].split()[:4]).rstrip(".,;")  # "than the global average"
    return _decision("neutral", "partial", f"the source compares it with something else (“{said}”)")


def every_part_there(c: _Text, s: _Text, placed: dict[int, int], r: _Reading) -> Comparison | None:
    """Every part of the claim is in the sentence: a number given otherwise, a negation, a hedge,
    another tense, a slot filled otherwise — or the same statement."""
    if (when := time_turned(c, s, placed, r)) is not None:  # "after the war" for "before"
        return when
    if _time_word_differs(c, s, placed) or _undone(c, s, placed):  # "… before the war",
        return None  # "open since 1950, closed in 2020"
    if r.conflict is not None:
        return _conflicted(c, s, placed, r)
    if r.negated:
        if r.hedged or (r.neg_s and all(_off_scope(c, s, i, placed) for i in r.neg_s)):
            if (degree := denied_degree(s, r.neg_s)) is None:
                return None  # "are not rising as fast as predicted" says nothing either way:
            held = _decision("neutral", "partial", f"the source denies only how much (“{degree}”)")
            return replace(held, silent=True)  # no model may read its "not" as a denial
        if r.neg_s and not r.neg_c and narrower_denial(c, s, placed):  # "has no offices in Tessa"
            return replace(_decision("neutral", "partial", NARROWER), silent=True)  # nor "offices"
        return _negation(c, s, r)
    if r.hedged and r.said_less:
        cue = sorted(r.said_less)[0]
        return _decision("neutral", "hedge", _only(cue))
    if (weaker := said_weaker(c, s, placed)) is not None:
        return _decision("neutral", "hedge", weaker)  # "linked to" for "causes"
    if r.tensed:
        return _decision(
            "neutral",
            "tense",
            f"the claim is in the {c.tense or 'present'} tense; the source speaks of the"
            f" {r.tense_s if r.tense_s not in (None, c.tense or 'present') else 'past'}",
        )
    if r.loose and not (r.hedged or r.swapped):  # "200 … and 300 more", "about 38" for "40"
        return _decision("neutral", "partial", _LOOSE)
    if r.swapped and not (r.hedged or r.loose) and (turned := voice_turned(c, s, placed)):
        return _decision("neutral", "subject", turned)  # no model may read it as support
    if r.hedged or r.swapped or r.loose or _compound_split(c, s, placed):
        return None
    # "Max is a 2015 film about a military dog" for "Max is a dog"
    other = predicate_elsewhere(c, s, placed) or _slot_filled_otherwise(c, s)
    if other is not None or another_deed_between(c, s, placed):
        return other  # "born in Velmar": or "lived in Velmar and worked in Tessa", not plain
    if part := quantified_otherwise(c, s, placed) or narrowed_superlative(c, s, placed):
        return part  # "half of Borovians" for "Borovians"; "longest … in northern Borovia"
    if (often := every_otherwise(c, s)) is not None:  # "every two hours" for "every hour"
        return _decision("refutes", "number", often)
    if (event := event_named_on(c, s)) is not None:  # "the 100 metres hurdles"
        return _decision("neutral", "partial", f"the source names another event (“{event}”)")
    if (placed_kind := _subject_placed(c, s, placed)) is not None:
        return placed_kind  # "Polar bear populations in the Southern Beaufort Sea"
    narrower = _narrower_subject(c, s, placed)
    if narrower is not None:
        return _decision(
            "neutral",
            "subject",
            f"the source says it of {narrower}, not of {c.units[0].text.lower()} in general",
        )
    if (denied := privative(c, s, placed) or undercut(c, s, placed)) is not None:
        return denied  # "Pluto is a dwarf planet" for "a planet"; "but … found no benefit"
    if (other := compared_otherwise(c, s) or _of_another(c, s, placed)) is not None:
        return other  # "faster than before" against "faster than the global average"; "car parts"
    return _decision("supports", "same", "the source states every part of the claim")


# what a thing's name before it makes another thing: "car parts" are no cars
_PARTS = frozenset(
    "part parts component components accessory accessories spare spares dealer dealers "
    "dealership dealerships factory factories plant plants".split()
)


def _of_another(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """A part of the thing ("car parts"), or the claim's words said of another head (_bearing)."""
    return _a_part_of(c, s, placed) or borne_by_another(c, s, placed)


def _a_part_of(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """A plural of the claim's ("makes cars") found only qualifying a part or a place of it in the
    sentence ("makes car parts", "owns car dealerships"): not plain."""
    for i, at in placed.items():
        unit, word = c.units[i], s.tokens[at]
        after = s.tokens[at + 1].low if at + 1 < len(s.tokens) and not s.gap(at) else ""
        plural = unit.tokens[-1].low.endswith("s") and word.low != unit.tokens[-1].low
        if not unit.proper and len(unit.tokens) == 1 and after in _PARTS and plural:
            said = f"{word.text} {s.tokens[at + 1].text}"
            return _decision("neutral", "partial", f"the source speaks of {said}")
    return None


_LOOSE = "the source gives the claim's number only loosely, in part, or beside another"


def _subject_placed(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """A claim about a kind, its subject common nouns with no place ("Polar bear populations are
    declining"), against a sentence that names a place right after them ("Polar bear populations
    in the Southern Beaufort Sea have declined"): a narrower subject, no support."""
    if 0 not in placed or c.units[0].proper or c.units[0].tokens[0].index != 0:
        return None
    k, subject = placed[0], 0  # the claim's words of the subject, in a row in the sentence
    while (
        subject + 1 in placed and placed[subject + 1] == k + 1 and not c.units[subject + 1].proper
    ):
        subject, k = subject + 1, k + 1
    words = s.tokens[k + 1 : k + 3]
    if len(words) < 2 or words[0].low not in {"in", "of", "from"} or s.gap(k):
        return None
    first = k + 2 + (words[1].low == "the")
    end = first
    while end < len(s.tokens) and s.tokens[end].cap and (end == first or not s.gap(end - 1)):
        end += 1
    mine = {t.low for t in c.tokens}
    if end == first or any(t.low in mine for t in s.tokens[first:end]):
        return None
    kind = " ".join(t.text for t in c.tokens[: c.units[subject].tokens[-1].index + 1])
    said = s.raw[s.tokens[placed[0]].start : s.tokens[end - 1].end]
    return _decision(
        "neutral", "subject", f"the source says it of {said}, not of {kind.lower()} in general"
    )
