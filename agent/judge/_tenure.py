"""A post or state the sentence says has ended: "the former CEO", "stepped down as mayor",
"Bel Tamsin replaced Ana Roske as CEO", "once the capital", "lost its status as the capital" — the
comparison stage's `tense` guard for a claim in the present about who holds it or what it is."""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex
from agent.judge._cues import _LOST
from agent.judge._text import _STOP, _Text, _Unit
from agent.judge._wordmatch import KIND_PREFIXES

_FORMER = frozenset("former ex erstwhile onetime outgoing".split())


_BE = frozenset("is are was were be been being".split())
_GAVE_UP = re.compile(
    r"\b(?:later |but |and )(?:gave|abandoned|quit) (?:it|them|this|that)(?: up)?\b"
)


def _used_to(s: _Text, at: int, mine: str) -> str | None:
    """ "used to live" before the claim's verb in the present ("lives"): a habit that ended. Not
    the passive "is used to treat", nor a claim in the past ("lived")."""
    if at < 2 or [t.low for t in s.tokens[at - 2 : at]] != ["used", "to"]:
        return None
    if mine.endswith("ed") or lex.irregular_verb_form(mine):
        return None
    if any(t.low in _BE for t in s.tokens[max(0, at - 5) : at - 2]):
        return None
    return s.raw[s.tokens[at - 2].start : s.tokens[at].end]


def former(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """A present claim about the holder of a role ("is the CEO of") against "the former CEO": the
    words that say it, or None."""
    if c.tense == "past" or any(t.low in _FORMER for t in c.tokens):
        return None
    words = {t.low for t in c.tokens}
    if (split := _parted(c, s, placed) or _given_up(s, placed)) is not None:
        return split  # "married Tom Vell in 2001; they divorced in 2009" for "is married to"
    for i, at in placed.items():
        unit = c.units[i]
        first = unit.tokens[0].index
        ended = at > 1 and s.tokens[at - 2].low in _LIFTED - words  # not the claim's "lifted"
        if ended and s.tokens[at - 1].low in _DETERMINERS:
            return s.raw[s.tokens[at - 2].start : s.tokens[at].end]  # "lifted the ban on"
        where = at > 1 and s.tokens[at - 1].low in _WHERE and s.tokens[at - 2].low in _ONCE
        if where and unit.proper:  # "(formerly in Borovia)": there once, not now
            return s.raw[s.tokens[at - 2].start : s.tokens[at].end]
        if at > 0 and s.tokens[at - 1].low in _ONCE | _ENDED and not unit.proper:
            then = s.tokens[at].low  # "once flowed", not "once every 365 days"
            if (
                s.tokens[at - 1].low != "once"
                or then.endswith("ed")
                or lex.irregular_verb_form(then)
            ):
                return s.raw[s.tokens[at - 1].start : s.tokens[at].end]  # "initially supported"
        lost = at > 1 and s.tokens[at - 2].low in _LOST and s.tokens[at - 1].low in _OWNERS
        if lost and {"has", "have"} & {t.low for t in c.tokens}:  # "lost its atmosphere"
            return s.raw[s.tokens[at - 2].start : s.tokens[at].end]
        if used := _used_to(s, at, unit.tokens[0].low) or _former_doer(s, at, unit, words):
            return used  # "used to live in Tessa" for "lives in Tessa"; "a former … player"
        if at > 2 and [t.low for t in s.tokens[at - 3 : at]] in _CAME_OUT:  # "came out of
            return s.raw[s.tokens[at - 3].start : s.tokens[at].end]  # retirement": it ended
        if first == 0 or c.tokens[first - 1].low not in {"the", "a", "an"} or at == 0:
            continue
        k = at - 1  # "a former professor", "a former American football quarterback"
        while k > at - 3 and k > 0 and s.tokens[k].low not in _FORMER | _DETERMINERS:
            k -= 1
        of_a_kind = not unit.proper and unit.text.lower() not in lex.NATIONALITIES  # "former
        the = c.tokens[first - 1].low == "the"  # American football quarterback": American still
        if s.tokens[k].low in _FORMER and (of_a_kind or (the and k == at - 1)):
            return s.raw[s.tokens[k].start : s.tokens[at].end]
        if stopped := _STOPPED_BEING.search(s.raw[: s.tokens[at].start]):
            return s.raw[stopped.start() : s.tokens[at].end]  # "stopped being a vegetarian"
        if not the:
            continue
        if ended := _ENDED_POST.search(s.raw[: s.tokens[at].start]):  # "once the capital"
            return s.raw[ended.start() : s.tokens[at].end]
        k = at - 2 if s.tokens[at - 1].low == "the" else at - 1  # "resigned as (the) CEO"
        if k >= 1 and s.tokens[k].low == "as" and s.tokens[k - 1].low in _LEFT:
            verb = k - 2 if s.tokens[k - 1].low == "down" and k >= 2 else k - 1
            return s.raw[s.tokens[verb].start : s.tokens[at].end]  # "stepped down as CEO"
        sub = placed.get(0, -1)  # "Bel Tamsin replaced Ana Roske as CEO": Ana Roske was; "…
        # replaced the Kessa bridge as the longest bridge"
        end = sub + len(c.units[0].tokens)
        ends = sub > 0 and s.tokens[k].low == "as" and end <= k
        ends = ends and all(t.low in words for t in s.tokens[end:k])
        verb = sub - 1 - (sub > 1 and s.tokens[sub - 1].low in _DETERMINERS)
        if ends and s.tokens[verb].low in _SUCCEEDED:
            return s.raw[s.tokens[verb].start : s.tokens[at].end]
    return None


def _given_up(s: _Text, placed: dict[int, int]) -> str | None:
    """ "… but gave it up in 2006" after every part of the claim: what it says, or None."""
    last = max((s.tokens[at].end for at in placed.values()), default=len(s.raw))
    quit = _GAVE_UP.search(s.raw, last)  # "became a vegan in 2004 but gave it up in 2006"
    return quit.group(0) if quit else None


_DOERS = ("er", "or", "ist", "ian")


def _former_doer(s: _Text, at: int, unit: _Unit, words: set[str]) -> str | None:
    """The claim's verb ("plays") found as a doer's noun the sentence calls former ("a former
    professional tennis player"): the words, or None (not where the claim's ``words`` say
    "retired" themselves: "retired from tennis")."""
    if (
        "retired" in words
        or unit.proper
        or not unit.tokens[0].low.endswith(("s", "ing"))
        or not s.tokens[at].low.endswith(_DOERS)
    ):
        return None
    for k in range(at - 1, max(-1, at - 4), -1):
        if s.tokens[k].low in _FORMER | {"retired"}:  # "a retired tennis player" plays no more
            return s.raw[s.tokens[k].start : s.tokens[at].end]
    return None


# what ends a marriage the claim says still holds ("is married to")
_PARTED = frozenset("divorced divorce separated annulled".split())


def _parted(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """ "they divorced in 2009" after the marriage the claim says is ("is married to"): the words."""
    married = [at for i, at in placed.items() if c.units[i].tokens[0].low == "married"]
    if not married or not {"is", "are"} & {t.low for t in c.tokens}:
        return None
    later = [t for t in s.tokens[married[0] + 1 :] if t.low in _PARTED]
    return s.raw[later[0].start : later[0].end] if later else None


# what ends a rule or a ban: "lifted the ban on smoking" (the ban was, and is no more)
_LIFTED = frozenset(
    "lifted lifts repealed repeals scrapped scraps withdrew withdraws withdrawn dropped abolished "
    "abolishes".split()  # "abolished its monarchy": there was one, and is no more
)  # and what ends a stance: "withdrew her support for the bill"
_OWNERS = frozenset(["its", "his", "her", "their"])
_CAME_OUT = [[verb, "out", "of"] for verb in ("came", "come", "comes", "coming")]
_SUCCEEDED = frozenset(
    "replaced succeeded ousted unseated deposed superseded overtook overtaken surpassed displaced "
    "dethroned".split()  # "Orvel Bank overtook Kessa Corp as the largest bank"
)


# "initially supported the treaty but later opposed it": so once, not now
_ONCE = frozenset("initially originally formerly previously once".split())
_WHERE = frozenset("in at on of from with for".split())  # "formerly in Borovia", "once of Tessa"
# "ceased operation", "stopped production": what was so has ended
_ENDED = frozenset("ceased stopped ended halted discontinued suspended abandoned".split())
# verbs of leaving a post, before "as" and the post ("resigned as CEO", "stepped down as mayor")
_LEFT = frozenset(
    "down resigned retired quit ousted replaced removed fired dismissed sacked left".split()
)

# a post or state ended, said just before it: "once the capital", "lost its status as the capital",
# "ceased to be the capital", "no longer the capital"
_STOPPED_BEING = re.compile(r"\b(?:stopped being|ceased to be|ceased being) (?:a |an )$", re.I)
_ENDED_POST = re.compile(
    r"\b(?:once|no longer|ceased to be|stopped being|(?:lost|loses|lose|losing) (?:its|his|her|"
    r"their) (?:status|position|role|title|place|rank) as) (?:the |a |an )?$",
    re.I,
)


def past_deed(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """A state the claim says holds now ("Ana Roske is married", "the border is closed") that the
    sentence tells as a deed in the past ("Ana Roske married Bel Tamsin in 2001", "closed the
    border in 2020"): what was done then may have been undone. The deed's words, or None."""
    for i, at in placed.items():
        k = c.units[i].tokens[0].index
        word = c.tokens[k].low
        if k == 0 or c.tokens[k - 1].low not in {"is", "are"} or not word.endswith("ed"):
            continue
        before = s.tokens[at - 1].low if at else ""
        after = s.tokens[at + 1] if at + 1 < len(s.tokens) else None
        done_to = after is not None and (
            after.cap or after.low in _DETERMINERS
        )  # "closed the border"
        if s.tokens[at].low == word and done_to and before not in _STATE_BEFORE:
            end = min(at + 2, len(s.tokens) - 1)
            return s.raw[s.tokens[at].start : s.tokens[end].end]
    return None


# what makes the sentence's participle a state too: "is married", "has been closed", "remains banned"
_STATE_BEFORE = frozenset(
    "is are was were be been being remains remain remained stays stay stayed still now "
    "currently not also never longer".split()
)
# words that open a noun phrase (agent/judge/_roles.py reads them too)
_DETERMINERS = frozenset("a an the this that these those his her its their our my your".split())


# words before a post that make it another ("deputy mayor" is not the mayor)
_LESSER = frozenset(
    "deputy vice assistant associate acting interim honorary sub under self-proclaimed "
    "self-declared self-styled would-be titular cultural financial commercial economic "
    "spiritual religious unofficial graphic".split()
)
# and after it: "the president-elect" is not yet the president
_NOT_YET = frozenset("elect designate".split())


def lesser_post(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The claim's post ("the mayor") said with a word that makes it another ("the deputy mayor",
    "the vice president", "the acting CEO"): those words, or None."""
    words = {t.low for t in c.tokens}
    for i, at in placed.items():
        before = s.tokens[at - 1].low.rstrip("-") if at else ""
        if before in _LESSER and before not in words:
            return s.raw[s.tokens[at - 1].start : s.tokens[at].end]
        parts = s.tokens[at].low.split("-")
        kind = (_LESSER | KIND_PREFIXES) - words
        own = s.tokens[at].low in words  # the claim's own compound ("co-found")
        if len(parts) > 1 and not own and (parts[0] in kind or parts[-1] in _NOT_YET - words):
            return s.tokens[at].text  # "vice-president", "semi-final", "president-elect"
        mine, said = c.units[i].tokens[-1], s.tokens[at]
        head = s.tokens[at + 1] if at + 1 < len(s.tokens) and not s.gap(at) else None
        if c.units[i].proper or len(c.units[i].tokens) != 1 or head is None or head.low in words:
            continue
        derived = said.low.endswith("ing") and mine.low.endswith(("er", "or", "ist", "ian"))
        known = lex.known_word(head.low) and head.low not in _STOP  # "Doctor Who", not "Sciences"
        j = at + 1  # the capitalised run after the word: "Doctor Who", "Minister Kira Dane"
        while j < len(s.tokens) and s.tokens[j].cap and not s.gap(j - 1):
            j += 1
        noun_after = j < len(s.tokens) and lex.noun_only(s.tokens[j].low)  # not "… resigned"
        named = (
            said.cap and head.cap and at > 0 and not known and noun_after
        )  # "a Doctor Who actress"
        if (derived and not head.cap and lex.noun_only(head.low)) or named:
            return s.raw[said.start : head.end]  # "a singing teacher" is no singer
    return None
