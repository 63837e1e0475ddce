"""What a news sentence says in its own way, read plainly, as sentences the comparison stage
compares a claim with (agent/judge/_restate.py): who heads an organisation ("Mara Quillon, chief
executive of the Eskarian Rail Authority, …" says "Mara Quillon heads the Eskarian Rail
Authority"), who holds a country's office, a court's verdict, members listed, deals and founders,
how long a thing is, a name without its aside; a claim's stacked nouns said out ("Brenmoor
Airport passenger numbers" as "passenger numbers of Brenmoor Airport"); one figure's everyday
names; and where something no longer is ("moved its headquarters from Lusk to Castor City": it is
not headquartered in Lusk) or no longer so ("has since fallen to 5.2 percent")."""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._opposites import DOWN_MOVES, UP_MOVES
from agent.judge._quantities import quantities
from agent.judge._text import _STOP, _Text

_NAME = r"[A-Z][\w'’.-]*(?:\s+(?:of\s+(?:the\s+)?|for\s+)?[A-Z][\w'’.-]*)*"
_ROLE = (
    r"chief\s+executive(?:\s+officer)?|CEO|managing\s+director|director(?:-general)?|head|"
    r"president|chair(?:man|woman|person)?|leader|boss|governor|dean|rector|commissioner|"
    r"secretary-general|captain|coach|head\s+coach|manager"
)
# "Mara Quillon, chief executive of the Eskarian Rail Authority", "Dr Anika Rosz, director of …"
_APPOSED_ROLE = re.compile(
    rf"(?P<name>(?:Dr\.?\s+|Prof\.?\s+)?{_NAME}),\s+(?:the\s+|its\s+)?(?:(?:new|current|interim|"
    rf"acting|founding)\s+)?(?P<role>{_ROLE})\s+of\s+(?P<org>(?:the\s+)?{_NAME})"
)
# "Quillon chief executive Anaya Bresk", "Eskarian Rail Authority boss Mara Quillon"
_ROLE_BEFORE = re.compile(rf"(?P<org>{_NAME})(?:'s|’s)?\s+(?P<role>{_ROLE})\s+(?P<name>{_NAME})")
# "Quillon, founded in 2001 by …, is led by chief executive Anaya Bresk"
_LED_BY = re.compile(
    rf"^(?P<org>{_NAME})\b[^.;]*?\b(?:is|are)\s+(?:now\s+)?(?:led|headed|run)\s+by\s+"
    rf"(?:(?:its|the)\s+)?(?:(?P<role>{_ROLE})\s+)?(?P<name>{_NAME})"
)
# a claim about who leads, heads or runs something
_LEADS = re.compile(
    rf"\b(?:heads?|headed|leads?|led|runs?|ran|{_ROLE})\b|\bin\s+charge\s+of\b", re.IGNORECASE
)


def news_readings(sentence: str, claim: str) -> list[str]:
    """Every plainer statement read here: who heads what, how long a thing is, a court's
    verdict, who is a member of what, who bought or founded what, a name without its aside."""
    return (
        leader_readings(sentence, claim)
        + extent_readings(sentence, claim)
        + verdict_readings(sentence, claim)
        + member_readings(sentence, claim)
        + deal_readings(sentence, claim)
        + aside_readings(sentence)
        + office_readings(sentence, claim)
    )


# "Altheria's foreign minister, Cassius Brell, said …"
_OFFICE_OF = re.compile(
    rf"(?P<org>{_NAME})(?:'s|’s)\s+(?P<role>(?:[a-z]+\s+){{0,2}}(?:minister|secretary|president|"
    rf"ambassador|spokesman|spokeswoman|envoy|governor|mayor|leader)),?\s+(?P<name>{_NAME})"
)


def office_readings(sentence: str, claim: str) -> list[str]:
    """ "X is Y's foreign minister" for "Y's foreign minister, X, …"; [] where the claim does not
    name the office."""
    out = []
    for m in _OFFICE_OF.finditer(sentence):
        role = m.group("role")
        if role.split()[-1] in claim.lower():
            out += [
                f"{m['name']} is {m['org']}'s {role}.",
                f"{m['name']} is the {role} of {m['org']}.",
            ]
    return out


def leader_readings(sentence: str, claim: str) -> list[str]:
    """ "X heads Y" and "X is the <role> of Y" for each head of an organisation the sentence names,
    where the claim speaks of who leads something; [] otherwise."""
    if not _LEADS.search(claim):
        return []
    out = []
    for pattern in (_APPOSED_ROLE, _ROLE_BEFORE, _LED_BY):
        for m in pattern.finditer(sentence):
            name, org, role = m.group("name"), m.group("org"), m.group("role") or "head"
            if name == org:
                continue
            out += [f"{name} heads {org}.", f"{name} is the {role} of {org}."]
    return out


_MOVED = re.compile(
    r"\b(?:moved|relocated|transferred|shifted)\s+(?:(?:its|their|his|her|the)\s+)?"
    rf"(?P<what>[a-z]+(?:\s+[a-z]+)?\s+)?from\s+(?P<old>{_NAME})\s+to\s+(?P<new>{_NAME})"
)
_NOW = re.compile(r"\b(?:is|are|has|have)\b|\b\w+(?<!s)s\b")
_BEFORE = re.compile(r"\b(?:was|were|had|used to|formerly|previously|once|until|before|from)\b")


def moved_away(claim: str, sentence: str) -> Comparison | None:
    """A refutation where the claim says something is (now) in a place the sentence says it moved
    from: "Velmora is headquartered in Lusk" against "Velmora moved its headquarters from Lusk to
    Castor City"; None otherwise."""
    m = _MOVED.search(sentence)
    if m is None or _BEFORE.search(claim) or not _NOW.search(claim):
        return None
    old, new = m.group("old"), m.group("new")
    said = lambda name: re.search(rf"\b{re.escape(name)}\b", claim) is not None  # noqa: E731
    if not said(old) or said(new):
        return None
    return _decision(
        "refutes",
        "substitution",
        f"the claim says {old}; the source says it moved from {old} to {new}",
    )


# a claim of size: "The Ostrel Bridge is 3 km long", "Vellis Tunnel is about 10 miles long"
_SIZE_CLAIM = re.compile(
    r"^\s*(?P<subj>.+?)\s+(?:is|was|are|were)\s+(?P<q>(?:about\s+|around\s+|roughly\s+|nearly\s+|"
    r"almost\s+|over\s+|more\s+than\s+|less\s+than\s+)?[\d.,]+\s*[^\W\d]+)\s+"
    r"(?P<adj>long|wide|tall|high|deep)\W*$",
    re.IGNORECASE,
)
# a verb that says how far a thing reaches, before its measure
_EXTENT = r"(?:spans?|spanned|stretch(?:es|ed)?|runs?|ran|extends?|extended|measures?|measured)"


def extent_readings(sentence: str, claim: str) -> list[str]:
    """The claim's subject said to be as long as the sentence's one length: "The Ostrel Bridge
    spans 2.4 kilometres" and "the 2.4 km Ostrel Bridge" say "The Ostrel Bridge is 2.4
    kilometres long"; [] where the sentence gives no length or several."""
    m = _SIZE_CLAIM.match(claim)
    if m is None:
        return []
    lengths = [q.text for q in quantities(sentence) if q.dimension == "[length]"]
    if len(lengths) != 1:
        return []
    subj = re.sub(r"^(?:the|a|an)\s+", "", m.group("subj"), flags=re.IGNORECASE)
    size = lengths[0]
    named = re.escape(subj)
    hedge = r"(?:(?P<hedge>about|around|some|roughly|nearly|almost|over|more\s+than)\s+)?"
    said = re.search(
        rf"\b{named}\b(?:,[^,]{{1,80}},|,\s+(?:which|that))?\s+(?:\w+\s+)?{_EXTENT}\b"
        rf"(?:\s+|[^,.;]{{0,40}}?\bfor\s+){hedge}{re.escape(size)}"
        rf"|{re.escape(size)}(?:-long)?\s+(?:\w+\s+)?{named}\b",
        sentence,
        re.IGNORECASE,
    )
    size = f"{said.group('hedge')} {size}" if said and said.group("hedge") else size
    return [f"The {subj} is {size} {m.group('adj')}."] if said else []


_WHO = r"(?:(?:[a-z][\w-]*\s+){0,4})(?P<who>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)"
# a court's verdict in a report's words: "found Corvin Dask guilty on all three counts of
# embezzlement", "cleared former mayor Bram Oyelaran of all fraud charges", "was jailed for life"
_FOUND = re.compile(
    rf"\bfound\s+{_WHO}\s+(?P<neg>not\s+)?guilty\s+(?:on\s+[^,.;]*?counts?\s+)?of\s+"
    r"(?:all\s+)?(?P<what>[^,.;]+?)(?:\s+charges?)?(?P<when>\s+(?:on|in)\s+(?:\w+\s+){0,2}\d{1,2},?\s+\d{4}"
    r"|\s+in\s+\d{4})?(?=\s+(?:on|in|at|after|and|but)\b|[,.;]|$)"
)
_CLEARED = re.compile(
    rf"\b(?:cleared|acquitted)\s+{_WHO}\s+of\s+(?:all\s+)?(?:the\s+)?(?P<what>[^,.;]+?)"
    r"(?:\s+charges?)?(?=\s+(?:on|in|at|after|and|but)\b|[,.;]|$)"
)
_FOR_LIFE = re.compile(
    rf"^(?:[^,]*,\s*)?{_WHO}\b[^;]*?\b(?:was|were)\s+(?:jailed|imprisoned)\s+for\s+life\b"
)
_STRUCK = re.compile(
    r"\b(?:declared|ruled)\s+(?P<what>(?:the\s+)?(?:\d{4}\s+)?[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*)*)\s+"
    r"(?:to\s+be\s+)?unconstitutional\b"
)
_VERDICTS = re.compile(
    r"\b(?:convict|acquit|guilty|innocent|clear|sentence|life|jail|struck|strike|strikes|overturn|unconstitutional)",
    re.I,
)


_CONVICTED = ("convicted", "found guilty")
_ACQUITTED = ("acquitted", "found not guilty")


def verdict_readings(sentence: str, claim: str) -> list[str]:
    """A court's verdict said plainly: "X was convicted of Y" / "X was acquitted of Y", "X was
    given a life sentence", "struck down X"; [] where the claim speaks of no verdict."""
    if not _VERDICTS.search(claim):
        return []
    out = []
    for m in _FOUND.finditer(sentence):
        deeds = _ACQUITTED if m.group("neg") else _CONVICTED
        what = m.group("what") + (m.group("when") or "")
        out += [f"{m.group('who')} was {deed} of {what}." for deed in deeds]
    for m in _CLEARED.finditer(sentence):
        out += [f"{m.group('who')} was {deed} of {m.group('what')}." for deed in _ACQUITTED]
    if m := _FOR_LIFE.search(sentence):
        out.append(f"{m.group('who')} was given a life sentence.")
    for m in _STRUCK.finditer(sentence):
        court = re.match(rf"^\W*(?:In\s[^,]*,\s*)?(?P<court>(?:the\s+)?{_NAME})", sentence)
        who = court.group("court") if court else "The court"
        out.append(f"{who} struck down {m.group('what')}.")
    return out


# Names of one thing in everyday use, several words each ("climate change" and "global warming"
# are used for each other by the public and the press): the sentence is read with the claim's name.
_ALIKE = (
    ("climate change", "global warming"),
    ("tv series", "television series"),
    ("tv show", "television show"),
    ("chief executive officer", "ceo"),
    ("unemployment rate", "jobless rate"),  # a statistics desk's words for one figure
    ("unemployment", "jobless rate"),
    ("gdp", "gross domestic product"),
    ("economy", "gross domestic product"),  # "the economy shrank 0.8%": its GDP contracted
    ("revenue", "sales"),
    ("pm", "prime minister"),
    ("oscar", "academy award"),  # "won an Oscar": "… won the Academy Award for Best Actress"
    ("olympics", "olympic games"),  # "hosted the Summer Olympics": "… the Summer Olympic Games"
)


_NO_TRACE = re.compile(r"\bno\s+(?:trace|traces|sign|signs|evidence|record)\s+of\b", re.I)


def named_alike(claim: str, sentence: str) -> str:
    """The sentence with another everyday name of something the claim names put as the claim puts
    it ("human activities have caused global warming" for "… climate change"), and "no trace of
    water" said as "no water"."""
    if not _NO_TRACE.search(claim):
        sentence = _NO_TRACE.sub("no", sentence)
    low_claim, low_sentence = claim.lower(), sentence.lower()
    for names in _ALIKE:
        mine = next((n for n in names if n in low_claim), None)
        if mine is None or mine in low_sentence:
            continue
        at = low_claim.index(mine)
        written = claim[at : at + len(mine)]  # the claim's own letters: "Oscar", not "oscar"
        for other in names:
            if other != mine:
                sentence = re.sub(  # "won two Academy Awards": two Oscars
                    rf"\b{re.escape(other)}(s?)\b",
                    lambda m, w=written: w + m.group(1),
                    sentence,
                    flags=re.I,
                )
    return sentence


_MOVED_FORMS = "rose risen fell fallen grew grown shrank shrunk sank sunk slid".split()
_MOVE_WORDS = "|".join(
    sorted({f for w in (*UP_MOVES, *DOWN_MOVES) for f in (w, w + "s", w + "d", w + "ed")})
    + _MOVED_FORMS
)
_VERB = rf"(?:has|have|had|is|are|was|were|will|{_MOVE_WORDS}|[a-z]+ed)\b"
# "Brenmoor Airport passenger numbers fell …", "Brintel shares plunged …": a name, then its thing
_NAME_THEN = re.compile(
    rf"^(?P<name>(?:[A-Z][\w'’-]*\s+){{1,3}})(?P<np>(?:[a-z][\w-]*\s+){{0,2}}[a-z][\w-]*)\s+(?P<rest>{_VERB}.*)$"
)
# "Heart failure admissions in Velmora have doubled": a thing's kind before it
_KIND_THEN = re.compile(
    rf"^(?P<mods>(?:[A-Za-z][\w-]*\s+){{1,2}})(?P<head>[a-z][\w-]*s)\s+(?P<rest>(?:in|at|among)\s.*|{_VERB}.*)$"
)


# "Tessaly Group chairman is Oren Blanc", "Fennick Pharma's chief executive is Hanna Solde"
_ROLE_IS = re.compile(
    rf"^(?P<org>{_NAME})(?:'s|’s)?\s+(?P<role>{_ROLE})\s+is\s+(?P<name>{_NAME})\W*$"
)


def compound_claims(claim: str) -> list[str]:
    """The claim with a headline's stacked nouns said out ("Brenmoor Airport passenger numbers
    fell" as "Passenger numbers of Brenmoor Airport fell", "Heart failure admissions in Velmora"
    as "Admissions of heart failure in Velmora"), which a sentence says in that order."""
    out = []
    if role := _ROLE_IS.match(claim):
        out.append(f"{role['name']} is the {role['role']} of {role['org']}.")
    words = (m.group("np").split() if (m := _NAME_THEN.match(claim)) else None) or ["was"]
    last = words[-1]
    if (
        not set(words) & _STOP
        and lex.is_noun(last)
        and not (lex.past_form(last) or lex.is_adjective(last))
    ):
        np = m.group("np")
        out.append(f"{np[0].upper()}{np[1:]} of {m.group('name').strip()} {m.group('rest')}")
    if (m := _KIND_THEN.match(claim)) and all(
        lex.is_noun(w.lower()) for w in m.group("mods").split()
    ):
        head = m.group("head")
        out.append(
            f"{head[0].upper()}{head[1:]} of {m.group('mods').strip().lower()} {m.group('rest')}"
        )
    return out


# a figure that has changed since: "stood at 9 percent in 2015 but has since fallen to 5.2 percent"
_SINCE_CHANGED = re.compile(
    rf"\b(?:has|have)\s+since\s+(?:(?:been\s+)?(?:{_MOVE_WORDS}|changed|doubled|halved|"
    r"recovered|closed|moved|ended|stopped|left|retired|resigned|died))\b(?:[^,;.]|\.(?=\d))*"
)


def since_changed(claim: str, sentence: str) -> str | None:
    """The reason, where the sentence says a thing has changed since the time it tells of and the
    claim speaks of now (no year): "Velmar unemployment is 9%" against "… stood at 9 percent in
    2015 but has since fallen to 5.2 percent"; None otherwise."""
    m = _SINCE_CHANGED.search(sentence)
    if m is None or re.search(r"\b(?:1\d|20)\d\d\b|\b(?:was|were|had)\b", claim):
        return None
    return f"the source says it has changed since (“{m.group(0).strip()}”)"


# "The Arden Compact is …, whose member states are Kestria, Ostrelia, Verantia and Lusmark"
_MEMBERS = re.compile(
    rf"^\W*(?P<x>(?:The\s+)?{_NAME})\b[^;]*?\b(?:whose|its)\s+(?:member\s+(?:states|countries|"
    r"nations)|members)\s+(?:are|were|include|included)\s+(?P<list>[^;.]+)"
)


def member_readings(sentence: str, claim: str) -> list[str]:
    """ "Verantia is a member of the Arden Compact" for each name the sentence lists as one of its
    subject's members; [] where the claim speaks of no member."""
    m = _MEMBERS.search(sentence) if re.search(r"\bmembers?\b", claim, re.I) else None
    if m is None:
        return []
    names = [n.strip() for n in re.split(r",\s*(?:and\s+)?|\s+and\s+", m.group("list"))]
    body = re.sub(r"^The\s", "the ", m.group("x"))
    return [f"{n} is a member of {body}." for n in names if re.fullmatch(_NAME, n)]


# "Quillon completed its $2 billion acquisition of Sarnet", "Kessa Corp's takeover of Velo Ltd"
_ACQUISITION = re.compile(
    rf"(?P<x>{_NAME})(?:(?:'s|’s)|\s+(?:\w+\s+){{0,2}}(?:its|their))\s+(?:[^\s,;]+\s+){{0,3}}?"
    rf"(?:acquisition|purchase|takeover|buyout)\s+of\s+(?P<y>(?:the\s+)?{_NAME})"
)
_BUYS = re.compile(r"\b(?:acquir|bought|buy|purchas|took over|takes over|take over|takeover)", re.I)
# "Nesso's sole founder, software engineer Tomas Irvik, …"
_FOUNDER = re.compile(
    rf"(?P<org>{_NAME})(?:'s|’s)\s+(?:sole\s+|only\s+)?founder,?\s+"  # one: not "co-founder"
    rf"(?:(?:[a-z][\w-]*\s+){{0,3}})?(?P<name>{_NAME})"
)


def deal_readings(sentence: str, claim: str) -> list[str]:
    """ "X acquired Y" for "X's acquisition of Y", "X was founded by Z" for "X's founder, Z";
    [] where the claim speaks of neither."""
    out = []
    if _BUYS.search(claim):
        for m in _ACQUISITION.finditer(sentence):
            out += [
                f"{m.group('x')} acquired {m.group('y')}.",
                f"{m.group('x')} bought {m.group('y')}.",
            ]
    if re.search(r"\bfound(?:ed|er|ers|s)?\b", claim, re.I):
        for m in _FOUNDER.finditer(sentence):
            out.append(f"{m.group('org')} was founded by {m.group('name')}.")
    return out


# an aside in commas right after a name, saying what it is: "Duvaxa, a two-dose vaccine against
# Tolland fever, was approved …", "The Halden orbiter, which launched in 2019, reached …"
_ASIDE_AFTER_NAME = re.compile(
    rf"(?P<name>(?:\b[Tt]he\s+)?{_NAME}),\s+(?:a|an|the|who|which)\s[^,;()]{{3,90}},\s+(?=[a-z])"
)


def aside_readings(sentence: str) -> list[str]:
    """The sentence without an aside in commas after a name: "Duvaxa was approved by …"."""
    bare = _ASIDE_AFTER_NAME.sub(lambda m: f"{m.group('name')} ", sentence)
    return [bare] if bare != sentence else []


def met_another(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The words, where the claim's verb is followed by a name in the claim ("Galm met President
    Straud") and in the sentence by another name ("Galm met Keldorian Prime Minister Roan Tessel
    …, a day after … Straud left"): the claim's name is found, but not where the verb puts it."""
    for i, at in placed.items():
        unit, obj = c.units[i], (c.units[i + 1] if i + 1 < len(c.units) else None)
        if unit.proper or obj is None or not obj.proper or i + 1 not in placed or i == 0:
            continue
        if obj.tokens[0].index != unit.tokens[-1].index + 1 or not lex.past_form(
            unit.tokens[0].low
        ):
            continue  # the claim's object right after its verb: "met President Straud"
        run, lower = [], 0  # the name right after the verb: at most one word before it, no stop
        for tok in s.tokens[at + 1 : at + 7]:
            if s.gap(tok.index - 1) or (not tok.cap and (run or lower)):
                break
            lower += not tok.cap
            if tok.cap:
                run.append(tok)
        mine = {t.low for t in obj.tokens}
        if len(run) >= 2 and not mine & {t.low for t in run} and placed[i + 1] > at + len(run):
            return s.raw[s.tokens[at].start : run[-1].end]
    return None
