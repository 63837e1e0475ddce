"""Words of the claim that the sentence holds, but bound to another head. A description after
another person's name ("Ana Roske married Bel Tamsin, born in 1950": Bel Tamsin's birth, not Ana
Roske's); a thing the subject only feels something about ("Ana Roske is afraid of dogs": no dog of
hers); the place where a work the subject is in was made ("a film starring Ana Roske, shot in
Paris": the film was in Paris). Each was read as every part of the claim stated. Read by
agent/judge/_whole.py before the same statement is said to support."""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._kin import KIN
from agent.judge._placed import away_from, post_named_otherwise
from agent.judge._text import _STOP, _Text
from agent.judge._voiced import ended_or_deferred, quoted, said_by, would, year_apart

# what opens a description of the name just before it: ", born in 1950", ", aged 40"
_DESCRIBING = frozenset("born died aged nee née who whose".split())
# a feeling or a state towards a thing: "afraid of dogs" says nothing of owning one
_ATTITUDES = frozenset(
    "afraid scared terrified frightened fearful allergic fond wary weary tired sick jealous "
    "envious critical suspicious ashamed skeptical sceptical dismissive contemptuous intolerant "
    "ignorant unaware aware nervous worried anxious curious phobic".split()
)
_TOWARDS = frozenset("of to towards toward about".split())
_DETERMINERS = frozenset("a an the his her its their some all most many".split())
# what a work is, made somewhere: "shot in Paris", "set in Rome", "recorded in London"
_MADE = frozenset(
    "shot filmed set recorded made produced staged held built published printed painted "
    "written composed premiered".split()
)
# words that name a person only as taking part in another thing: "a film starring Ana Roske"
_TAKING_PART = frozenset("starring featuring by with and co-starring".split())


def borne_by_another(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """The claim's parts after its named subject are found in the sentence, but said of another
    head: of the name before them, as a feeling towards them, or of a work the subject is in."""
    owned = _possessed(c, s, placed) or _counted_of_another(c, s, placed)
    owned = (
        owned or _of_a_name_before(c, s, placed) or quoted(c, s, placed) or _headed(c, s, placed)
    )
    owned = owned or away_from(c, s, placed) or post_named_otherwise(c, s, placed)
    if owned is not None or (owned := year_apart(c, s)) is not None:
        return owned
    if 0 not in placed or not c.units[0].proper:
        return None
    first, named = placed[0], 1
    end = first + len(c.units[0].tokens)
    while placed.get(named) == end and c.units[named].tokens[0].cap:  # "Dr. Amir Castell"
        end, named = end + len(c.units[named].tokens), named + 1
    rest = [at for i, at in placed.items() if i >= named and at >= end]
    ahead = [at for i, at in placed.items() if i >= named and at < end]
    if not rest or any(at != first - 1 for at in ahead):  # "starring" for the claim's "acted"
        return None
    return (
        ended_or_deferred(c, s, end, placed)
        or said_by(c, s, end, min(rest))
        or would(c, s, end, min(rest))
        or _dated_apart(c, s, placed)
        or _title_of_another(c, s, placed)
        or _kin_in_a_title(c, s, placed)
        or _described_after(s, end, min(rest), s.raw[s.tokens[first].start : s.tokens[end - 1].end])
        or _felt_about(c, s, placed)
        or _made_there(c, s, first, end, min(rest), placed)
    )


def _low(said: str) -> str:
    """A phrase quoted mid-reason: its sentence-initial "The" in lower case."""
    return said[0].lower() + said[1:] if said.startswith(("The ", "A ", "An ")) else said


def _owned(word: str) -> bool:
    return word.endswith(("'s", "’s", "'", "’"))


def _possessed(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """ "Jonas Perell's business partner … was convicted" for "Jonas Perell was convicted": a
    name of the claim's said as the owner of another thing, which the sentence speaks of."""
    taken = set(placed.values())
    for i, at in placed.items():
        unit = c.units[i]
        last = at + len(unit.tokens) - 1
        if last + 1 >= len(s.tokens) or not _owned(s.tokens[last].text):
            continue
        later = min((p for p in taken if p > last), default=last)
        n, named = len(unit.tokens), [u.low for u in s.tokens[at : last + 1]]
        again = [k for k in range(last + 1, later) if [u.low for u in s.tokens[k : k + n]] == named]
        if any(not _owned(s.tokens[k + n - 1].text) for k in again):
            continue  # "The Earth's curvature … confirm that the Earth is a sphere"
        mine = unit.tokens[-1].index + 1  # the claim's own word after a name it owns too
        if _owned(unit.tokens[-1].text) and mine < len(c.tokens):
            ahead = c.tokens[mine].low
            if ahead in {u.low for u in s.tokens[last + 1 : last + 4]}:
                continue  # "the Earth's average surface temperature" for "the Earth's temperature"
        k = last + 1
        while k < len(s.tokens) and k not in taken and not s.tokens[k].low.isalpha():
            k += 1  # "Ana Roske's 1999 novel": the year is no thing owned
        as_ = k + 1 < len(s.tokens) and s.tokens[k + 1].low == "as"  # "Liverpool's status as"
        if k < len(s.tokens) and k not in taken and s.tokens[k].low not in _DETERMINERS | _STOP:
            if as_ or s.tokens[k].cap:  # "on the Moon's Sea of Tranquility": a name owned
                continue
            end = k
            while end + 1 < len(s.tokens) and end + 1 not in taken and not s.gap(end):
                nxt = s.tokens[end + 1]
                if nxt.cap or not nxt.low.isalpha() or nxt.low in _STOP:
                    break
                end += 1
            start = at
            while start > 0 and s.tokens[start - 1].cap and not s.gap(start - 1):
                start -= 1  # "The Halbrook council's finance committee"
            said = s.raw[s.tokens[start].start : s.tokens[end].end]
            return _decision("neutral", "subject", f"the source speaks of {_low(said)}")
    return None


_APART = re.compile(
    r"^\W*(?:(?:a|one|two|three|four|five|six|seven|eight|nine|ten|\d+|several|some|many)\s+)?"
    r"(?:years?|months?|weeks?|days?|decades?)\s+(?:later|earlier|afterwards?|before)\b",
    re.I,
)


def _counted_of_another(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """ "received a $40 million donation …, separate from its annual budget" for "its budget is
    $40 million": the claim's figure counts another thing, named right after it, and the claim's
    own word stands apart from it."""
    mine = {t.low.rstrip("s") for t in c.tokens}
    values = {(q.low, q.high, q.dimension) for q in c.numbers}
    for q in s.numbers:
        if (q.low, q.high, q.dimension) not in values:
            continue
        after = next((t for t in s.tokens if t.start >= q.end), None)
        if after is None or after.cap or not after.low.isalpha() or after.low in _STOP:
            continue
        if s.raw[q.end : after.start].strip():
            continue  # "in 2000, meaning …": no thing counted
        near = range(after.index - 6, after.index + 4)
        apart = [at for i, at in placed.items() if not c.units[i].proper and at not in near]
        if after.low.rstrip("s") not in mine and apart and lex.is_noun(after.low):
            said = s.raw[q.start : after.end]
            return _decision("neutral", "partial", f"the source counts another thing (“{said}”)")
    return None


def _of_a_name_before(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """ "Witnesses at the trial of Paul Grech included … Sara Minto" for "Sara Minto was on
    trial": the claim's thing, before its subject, is another name's ("the trial of Paul Grech")."""
    if 0 not in placed or not c.units[0].proper:
        return None
    taken, first = set(placed.values()), placed[0]
    for i, at in placed.items():
        after = at + len(c.units[i].tokens)
        if i == 0 or c.units[i].proper or after + 1 >= first or s.tokens[after].low != "of":
            continue
        if c.units[i].tokens[-1].low in _KINDS_OF_PLACE:
            continue  # "Set in the fictional town of Hawkins, …, the series": the town is Hawkins
        name = after + 1
        while name < first and s.tokens[name].low in _DETERMINERS:
            name += 1
        if not s.tokens[name].cap or name in taken:
            continue
        last = name
        while last + 1 < first and s.tokens[last + 1].cap and not s.gap(last):
            last += 1
        if first - last > 2:  # "The mayor of Tessa, Ana Roske, …" is hers
            start = at - (at > 0 and s.tokens[at - 1].low in _DETERMINERS)  # "the trial of …"
            said = s.raw[s.tokens[start].start : s.tokens[last].end]
            return _decision("neutral", "subject", f"the source speaks of {said}")
    return None


# what names a thing by another's name: "the lead single from the album X", "the film adaptation
# of the novel X", "the sequel to X"; not "the city of Paris"
_OF_ANOTHER = frozenset("of from to after".split())
_KINDS_OF_PLACE = frozenset(
    "city town village state province republic kingdom island county region port district "
    "borough municipality".split()
)


# a share or a count of the subject's own: "Forty-eight percent of Dalby's adults"
_AMOUNTS = frozenset(
    "percent cent half third quarter share proportion number majority minority most rest part "
    "parts all some many few dozens hundreds thousands millions".split()
)


def _headed(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """The claim's subject named in the sentence only after "of", "from" or "to" and the noun that
    the sentence speaks of ("The lead single from the album Paper Lanterns went platinum")."""
    capital = (
        i for i, u in enumerate(c.units) if u.proper or u.tokens[0].cap and u.tokens[0].index
    )
    name = next(capital, None)  # "The novel Winter Orchard": its words are a dictionary's too
    if name is None or name not in placed or name > 1:
        return None
    first = placed[name]
    k = first - 1
    while k >= 0 and s.tokens[k].low in _DETERMINERS | {"album", "novel", "film", "book", "series"}:
        k -= 1  # "from the album": the album is the subject's own kind
    if k < 1 or s.tokens[k].low not in _OF_ANOTHER or s.gap(k - 1):
        return None
    k -= s.tokens[k].low == "after" and s.tokens[k - 1].low == "named"  # "a band named after"
    head = s.tokens[k - 1]
    mine = {t.low for t in c.tokens}
    if (
        head.cap
        or head.low in mine | _STOP | _KINDS_OF_PLACE | _AMOUNTS
        or not lex.is_noun(head.low)
    ):
        return None
    if {u.low for u in s.tokens[max(0, k - 5) : k]} & mine - _STOP:
        return None  # "the childhood and adolescence of Mason Evans": the claim's own head too
    start = k - 1
    while start > 0 and not s.tokens[start - 1].cap and s.tokens[start - 1].low not in _STOP:
        start -= 1  # "film adaptation", "lead single"
    start -= start > 0 and s.tokens[start - 1].low in {"the", "a", "an"}  # "the lead single"
    said = s.raw[s.tokens[start].start : s.tokens[first - 1].end]
    return _decision(
        "neutral", "subject", f"the source speaks of {_low(said)} {c.units[name].text}"
    )


def _dated_apart(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """ "opened a new maternity wing in 2021 and its cancer wing three years later" for "opened
    its cancer wing in 2021": the claim's year is another deed's; its own is dated apart."""
    if not c.numbers:
        return None
    ends = {at + len(c.units[i].tokens) - 1 for i, at in placed.items()}
    for k in sorted(ends | {e + 1 for e in ends if e + 1 < len(s.tokens)}):  # "cancer wing …"
        if (apart := _APART.match(s.raw[s.tokens[k].end :])) is not None:
            said = apart.group(0).strip()
            return _decision("neutral", "tense", f"the source dates it apart (“{said}”)")
    return None


def _title_of_another(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """ "serving under chief executive Bram Holt" for "Tessa Moran is the chief executive": the
    claim's post said before another's name, as that name's title."""
    taken = set(placed.values())
    for i, at in placed.items():
        unit = c.units[i]
        after = at + len(unit.tokens)
        if i == 0 or unit.proper or after >= len(s.tokens) or s.gap(after - 1):
            continue
        name, mine = s.tokens[after], {t.low for t in c.tokens}
        k, start, last = unit.tokens[0].index, at, after
        while start > 0 and s.tokens[start - 1].low in mine and not s.gap(start - 1):
            start -= 1  # "chief executive": both of the claim's words
        posted = any(t.low in {"the", "a", "an"} for t in c.tokens[max(0, k - 3) : k])  # "is the
        # chief executive": a post the claim names with its article; the sentence's has none
        bare = posted and (start == 0 or s.tokens[start - 1].low not in _DETERMINERS)
        if name.cap and after not in taken and bare and name.low not in _MADE | _DETERMINERS:
            while last + 1 < len(s.tokens) and s.tokens[last + 1].cap and not s.gap(last):
                last += 1  # "Bram Holt"
            said = s.raw[s.tokens[start].start : s.tokens[last].end]
            return _decision("neutral", "subject", f"the source names “{said}”, another's post")
    return None


def _kin_in_a_title(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """The claim's kin word ("are sisters") found only capitalised inside the sentence, in a
    title ("the series Sisters of the Volga"): no kin of the subject's."""
    for i, at in placed.items():
        word = c.units[i].tokens[0]
        plain = any(u.low.rstrip("s") == word.low.rstrip("s") and not u.cap for u in s.tokens)
        if i and not c.units[i].proper and word.low in KIN and at > 0 and s.tokens[at].cap:
            if plain:
                continue  # "the older sister of …" besides "Sisters of the Volga"
            said = s.tokens[at].text
            return _decision("neutral", "partial", f"the source has “{said}” only in a name")
    return None


def _described_after(s: _Text, end: int, lo: int, who: str) -> Comparison | None:
    """ ", born in 1950" right after a name that is not the claim's subject describes that name;
    ", Kit Barlow, proposed": the claim's verb right after another name set between commas."""
    for j in range(end, min(lo, len(s.tokens) - 1)):
        apposed = j + 1 == lo and _apposed(s, end, j)  # "as his drummer, Kit Barlow, proposed"
        if s.gap(j) == "," and s.tokens[j].cap and (s.tokens[j + 1].low in _DESCRIBING or apposed):
            k = j
            while k - 1 >= end and s.tokens[k - 1].cap and not s.gap(k - 1):
                k -= 1
            name = " ".join(t.text for t in s.tokens[k : j + 1])
            return _decision("neutral", "subject", f"the source says it of {name}, not of {who}")
    return None


def _apposed(s: _Text, end: int, j: int) -> bool:
    """Is the name ending at token ``j`` set between commas after the subject ("…, Kit Barlow,")?"""
    k = j
    while k - 1 >= end and s.tokens[k - 1].cap and not s.gap(k - 1):
        k -= 1
    before = s.tokens[k - 1] if k - 1 >= end else None  # "his drummer, Kit Barlow,": a role
    return before is not None and s.gap(k - 1) == "," and not before.cap and before.low.isalpha()


def _felt_about(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """ "is afraid of dogs" for "has a dog": the claim's thing is only what the subject feels
    something about, a word the claim does not have."""
    mine = {t.low for t in c.tokens}
    taken = set(placed.values())
    for i, at in placed.items():
        if i == 0 or c.units[i].proper:
            continue
        k = at - 1
        while k > 0 and s.tokens[k].low in _DETERMINERS:
            k -= 1
        feeling = s.tokens[k - 1] if k > 0 else None
        if (
            feeling is not None
            and s.tokens[k].low in _TOWARDS
            and feeling.low in _ATTITUDES
            and feeling.low not in mine
            and feeling.index not in taken
        ):
            said = " ".join(t.text for t in s.tokens[k - 1 : at + 1])
            return _decision("neutral", "partial", f"the source says only “{said}”")
    return None


def _made_there(
    c: _Text, s: _Text, first: int, end: int, lo: int, placed: dict[int, int]
) -> Comparison | None:
    """ "a film starring Ana Roske, shot in Paris" for "Ana Roske was in Paris": the subject is
    named only as taking part in a work, and the claim's part is where the work was made."""
    if first == 0 or s.tokens[first - 1].low not in _TAKING_PART:
        return None
    mine = {t.low for t in c.tokens}
    taken = set(placed.values())
    for j in range(end - 1, lo - 1):
        made = s.tokens[j + 1]
        if s.gap(j) == "," and made.low in _MADE and made.low not in mine and j + 1 not in taken:
            said = " ".join(t.text for t in s.tokens[j + 1 : lo + 1])
            who = c.units[0].text
            return _decision(
                "neutral", "subject", f"the source says the work was “{said}”, not {who}"
            )
    return None
