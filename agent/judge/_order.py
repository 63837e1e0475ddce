"""Who does what to whom: the claim's parts in the opposite roles in the sentence — two names the
other way round ("Kessa Labs acquired Orvel Corp" for "Orvel Corp acquired Kessa Labs"), the
passive on one side only, or the claim's subject, verb and object all turned round ("The war ended
two years after the Tessa treaty" for "The Tessa treaty ended the war"). Read once per pair by
agent/judge/_reading.py."""

from __future__ import annotations

from agent.judge import _lexicon as lex
from agent.judge._dates import MONTHS
from agent.judge._lexicon import DEMONYMS
from agent.judge._text import _STOP, _Text, _Unit, _word_match

_BE = frozenset("is are was were been being be".split())


def _voice_differs(c: _Text, s: _Text, placed: dict[int, int], x: int, y: int) -> bool:
    """Two names in the claim's order, a verb between them, and "by" between them on one side only:
    one side says the first did it, the other that it was done to the first."""
    mine = [t.low for t in c.tokens[c.units[x].tokens[-1].index + 1 : c.units[y].tokens[0].index]]
    theirs = [t.low for t in s.tokens[placed[x] + len(c.units[x].tokens) : placed[y]]]
    verbs = [w for w in mine if w not in _STOP and any(_word_match(w, v) for v in theirs)]

    def shared(word: str) -> bool:
        return any(_word_match(v, word) for v in verbs)

    def be_done(words: list[str]) -> bool:  # "was released": a passive on its own
        return any(words[j - 1] in _BE and shared(words[j]) for j in range(1, len(words)))

    both = be_done(mine) and be_done(theirs)  # "was released on" / "was released for the Switch"

    def passive(words: list[str]) -> bool:  # the shared verb right before "by": "acquired by",
        for k, word in enumerate(words):  # or after "was" and before "for": "was criticised for"
            if word in {"for", "over"} and k > 1 and words[k - 2] in _BE and shared(words[k - 1]):
                if both:
                    continue
                return True
            if word == "by" and any(  # or a time or place between: "was founded in 1998 by"
                shared(words[j]) and (j == k - 1 or (j > 0 and words[j - 1] in _BE))
                for j in range(max(0, k - 4), k)
            ):
                return True
        return False

    return bool(verbs) and passive(mine) != passive(theirs)


def voice_turned(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """Why the roles are turned, or None: the passive on one side only, between two names of the
    claim in its order ("Ana Roske was criticised for the Kessa plan" for "Ana Roske criticised the
    Kessa plan"), or a relation the claim states with "is" said the other way round ("Bel Tamsin is
    Ana Roske's mother" for "Ana Roske is Bel Tamsin's mother"; not one that goes both ways)."""
    names = _roles(c, placed)
    first = c.units[0].tokens[-1].index + 1
    stated = first < len(c.tokens) and c.tokens[first].low in {"is", "was"}
    stated = stated and not _BOTH_WAYS & {t.low for t in c.tokens}
    for x, y in ((x, y) for x in names for y in names if x < y):
        if placed[x] < placed[y] and _voice_differs(c, s, placed, x, y):
            return "the source turns the voice: the claim's doer is the one done to"
        after = placed[y] + len(c.units[y].tokens)  # "Bel Tamsin is …": the sentence states it
        said = after < len(s.tokens) and s.tokens[after].low in {"is", "was"}
        if x == 0 and stated and said and placed[x] > placed[y]:
            return "the source states the relation the other way round"
    return None


# eras after a year or a century take no role: "founded by the Greeks in the 6th century BC"
_ERAS = frozenset({"bc", "ad", "bce", "ce"})
# relations that go both ways: "Ana Roske is married to Bel Tamsin" is "Bel Tamsin is married to …"
_BOTH_WAYS = frozenset(
    "married marriage spouse sibling siblings cousin cousins friend friends partner partners "
    "neighbour neighbor neighbours neighbors colleague colleagues rival rivals ally allies twin "
    "twins teammate teammates related equal same adjacent".split()
)


def _roles(c: _Text, placed: dict[int, int], plain: bool = True) -> list[int]:
    """The claim's parts that play a role: its names (a nationality, a month or an era is none: "an
    Indian cricketer born in July"), and the doer and the object of a plain "A <verb> B" ("The cat
    chased the dog", against "The cat was chased by the dog")."""
    out = [
        i
        for i in placed
        if c.units[i].proper and c.units[i].text.lower() not in DEMONYMS | MONTHS.keys() | _ERAS
    ]
    plain = plain and len(c.units) == 3 and len(placed) == 3 and not c.units[1].proper
    plain = plain and not any(t.low in _BE | {"by"} for t in c.tokens)  # active: "was formed by"
    return sorted({*out, 0, 2}) if plain and not lex.noun_only(c.units[1].tokens[0].low) else out


def _roles_swapped(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """Two names of the claim in the opposite order in the sentence, with no passive "by" between."""
    roles = _roles(c, placed)  # the doer and object of "A <verb> B" for the voice only
    if any(
        x < y and placed[x] < placed[y] and _voice_differs(c, s, placed, x, y)
        for x in roles
        for y in roles
    ):
        return True  # "Kessa Labs acquired Orvel Corp" for "… was acquired by Orvel Corp"
    names = _roles(c, placed, plain=False)
    for x in names:
        for y in names:
            if x < y and placed[x] < placed[y] and _joined(c, s, placed, x, y):
                return True  # "Ana Roske and Bel Tamsin beat Cara Voss" for "Ana Roske beat Bel …"
            if x < y and placed[x] > placed[y]:
                between = {t.low for t in s.tokens[placed[y] : placed[x]]}
                claim_between = {
                    t.low for t in c.tokens[c.units[x].tokens[0].index : c.units[y].tokens[0].index]
                }
                # "X because of Y" is "Y contributes to X"
                caused = "because" in claim_between and between & _CAUSE_VERBS
                if ("by" in between) == ("by" in claim_between) and not caused:
                    return True
                verbs = [i for i in placed if x < i < y]  # the voice turned, the verb elsewhere
                if not caused and any(not placed[y] < placed[i] < placed[x] for i in verbs):
                    return True  # "Ana Roske joined Kessa Corp after it was founded"
    return _turned_round(c, s, placed) or _deed_after_object(c, s, placed)


def _joined(c: _Text, s: _Text, placed: dict[int, int], x: int, y: int) -> bool:
    """A verb between two names of the claim, and only "and" between them in the sentence: the
    sentence makes them two doers of one deed, the claim one the doer and one the done-to."""
    end = placed[x] + len(c.units[x].tokens)
    mine = c.tokens[c.units[x].tokens[-1].index + 1 : c.units[y].tokens[0].index]
    return [t.low for t in s.tokens[end : placed[y]]] == ["and"] and any(
        t.low not in _STOP for t in mine
    )


def _turned_round(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """The claim's subject, verb and object all in the opposite order, no "by" between ("The war
    ended two years after the Tessa treaty" for "The Tessa treaty ended the war")."""
    at = placed.get(0)
    return at is not None and any(
        placed[y] < placed[v] < at
        and "by" not in {t.low for t in s.tokens[placed[y] : at]}
        and _object_of(c, v, y)
        for y in placed
        for v in placed
        if 0 < v < y
    )


def _deed_after_object(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """The claim's subject, verb and object ("Ana Roske founded Kessa Corp") found as subject,
    another deed, object and then the verb ("Ana Roske joined Kessa Corp shortly after it was
    founded"): the sentence's deed of the subject is another one."""
    at = placed.get(0)
    if at is None:
        return False
    for v, y in ((v, v + 1) for v in placed if v > 0 and v + 1 in placed):
        if c.units[v].proper or not _object_of(c, v, y) or not at < placed[y] < placed[v]:
            continue
        if c.units[v].tokens[0].index != c.units[0].tokens[-1].index + 1:
            continue  # the verb right after the subject in the claim
        mine = {t.low for t in c.tokens}
        between = s.tokens[at + len(c.units[0].tokens) : placed[y]]
        if any(t.low not in _STOP and t.low not in mine and not t.cap for t in between):
            return True
    return False


# words after "and" that go on with the same deed: "lived in Velmar and later in Tessa"
_GOING_ON = frozenset("later then also afterwards again briefly still".split())
_PREPOSITIONS = frozenset("in at on for to from with by into of".split())
_PAST_DEEDS = frozenset(
    "born won lost made wrote written sang began became grew held left met ran".split()
)


def another_deed_between(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """Another deed, joined with "and", between the claim's verb and the part after it ("Ana Roske
    lived in Velmar and worked in Tessa" for "Ana Roske lived in Tessa"): the part is its. A leaf
    (the claim path counts calls), read where no slot of the claim is filled otherwise."""
    mine = {t.low for t in c.tokens}
    for v in (v for v in placed if v > 0 and v + 1 in placed and not c.units[v].proper):
        if not placed[v] < placed[v + 1]:  # "born in Tolochenaz, Switzerland, in 1929 and died
            after = s.tokens[placed[v] + len(c.units[v].tokens) : placed[v] + 3]  # at her home in
            gap = s.tokens[placed[v + 1] : placed[v]]  # Ixelles": Switzerland is the birth's
            past = c.units[v].tokens[-1].low
            past = past.endswith("ed") or past in _PAST_DEEDS
            joined = any(t.low == "and" for t in gap[-2:])  # "… and died", "… and later died"
            if past and joined and any(t.low in _PREPOSITIONS for t in after):
                return True
            continue
        between = s.tokens[placed[v] + len(c.units[v].tokens) : placed[v + 1]]
        if between and between[0].low == "and":  # "born and raised in Dayton": one place for both
            continue
        for a, b, after in zip(between, between[1:], between[2:], strict=False):
            deed = b.low.isalpha() and not b.cap and b.low not in _STOP | mine | _GOING_ON
            if a.low == "and" and deed and not b.low.endswith("ly") and after.low in _PREPOSITIONS:
                return True
    return False


def _object_of(c: _Text, v: int, y: int) -> bool:
    """Is the claim's part ``y`` the object right after its verb ``v`` ("ended the war"), not in
    a phrase of its own ("controls … in beige fat")?"""
    between = c.tokens[c.units[v].tokens[-1].index + 1 : c.units[y].tokens[0].index]
    return y == v + 1 and all(t.low in {"the", "a", "an"} for t in between)


_CAUSE_VERBS = frozenset("cause causes caused contributes contributed led leads made makes".split())


# words that only relate the claim's parts ("is part of", "contains", "features", "is associated
# with"): a sentence says the same relation with a preposition ("for her album", "on the album")
_RELATIONAL = frozenset(
    "part contains contain contained include includes included feature features featured "
    "associated appear appears appeared".split()
)


def relational(unit: _Unit) -> bool:
    return not unit.proper and len(unit.tokens) == 1 and unit.tokens[0].low in _RELATIONAL


# verbs whose doer and object cannot change places and keep the statement: "the Earth orbits the
# sun" denies "the sun orbits the Earth"; not "met", "married", "played" (both ways)
_ONE_WAY = frozenset(
    "orbit orbits orbited orbiting succeed succeeds succeeded precede precedes preceded own owns "
    "owned employ employs employed hire hires hired sue sues sued invade invades invaded annex "
    "annexes annexed replace replaces replaced acquire acquires acquired buy buys bought purchase "
    "purchases purchased".split()
)


def turned_round(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The reason, where the claim is "A <verb> B" with a one-way verb and the sentence says
    "B <verb> A" (the same verb, no "by" between): the roles are the other way round."""
    if len(c.units) != 3 or len(placed) != 3 or c.units[1].tokens[0].low not in _ONE_WAY:
        return None
    a, verb, b = placed[0], placed[1], placed[2]
    if not b < verb < a or s.tokens[verb].low not in _ONE_WAY:
        return None
    if any(t.low == "by" for t in s.tokens[b:a]) or any(t.low == "by" for t in c.tokens):
        return None  # "the sun is orbited by the Earth": the passive keeps the roles
    if s.tokens[verb].low.endswith("ed") and any(t.low == "of" for t in s.tokens[verb:a]):
        return None  # "Orvel Ltd is a wholly owned subsidiary of Kessa Corp": owned by it
    k, j = c.units[0].tokens[0].index, b - (b > 0 and s.tokens[b - 1].low == "the")
    k -= k > 0 and c.tokens[k - 1].low == "the"  # "the sun orbits the Earth", with its "the"
    said = c.raw[c.tokens[k].start : c.units[2].tokens[-1].end]
    other = s.raw[s.tokens[j].start : s.tokens[a + len(c.units[0].tokens) - 1].end]
    said, other = (x[:1].lower() + x[1:] if x[:4] == "The " else x for x in (said, other))
    return f"the claim says “{said}”; the source says “{other}”"
