"""What an encyclopaedia's sentence about a life says without saying it in the claim's words.

* "Ana Roske fled to Velmaria, where she still lives": she lives in Velmaria (``where_readings``);
  "…, where her brother still lives" says it of her brother, not of her (``where_another``).
* "Shane Lind (born February 11, 1994), professionally known as Murro Beats, …" and "Alvin Corr
  (born Vincent Furr; February 4, 1948) is …": the real name of Murro Beats is Shane Lind, Alvin
  Corr was born Vincent Furr (``name_readings``).
* "Albert Einstein (…) was a German-born theoretical physicist": he was born in Germany
  (``name_readings``).
* "Borovia is a landlocked country bordered by Ostrania and Kessa": it borders them
  (``span_readings``).
* "The Orvel river … flows 540 km into the Kessa Sea": it is 540 km long (``span_readings``).
* "World War II lasted from 1939 to 1945": it began in 1939 and ended in 1945 (``span_readings``).
* "Tom Vell (born 1950) is a Borovian actor" — a birth alone and the present tense, as an
  encyclopaedia writes of the living — refutes "Tom Vell died in 2010" (``still_living``).
* "Tom Vell (born June 26, 1980) is …" refutes "Tom Vell graduated from college on June 26, 1980":
  the day the claim gives is the day he was born (``born_that_day``).
"""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex
from agent.judge._dates import dates
from agent.judge._decision import Comparison, _decision
from agent.judge._demonyms import COUNTRY_OF
from agent.judge._text import _STOP, _Text

_NAME = r"[A-Z][\w.'’-]*(?:\s+(?:[A-Z][\w.'’-]*|de|van|von|da|del|bin|al))*"
_PRONOUNS = frozenset("he she they it".split())
_PLACE_BEFORE = frozenset("in at to from near into".split())

# "… fled to Velmaria, where she still lives as a refugee"
_WHERE = re.compile(
    rf"^(?P<before>.*?)\b(?:to|in|at|into)\s+(?P<place>(?:the\s+)?{_NAME}),\s+where\s+"
    r"(?P<pronoun>he|she|they|it)\s+(?P<rest>[^,;.()]+)"
)


def where_readings(sentence: str, subject: str | None, pronoun: bool = False) -> list[str]:
    """ "<subject> … to <Place>, where she <deed>" read as "<subject> <deed> in <Place>", where
    the subject is the only one named before the place, so the pronoun can only be the subject's.
    ``pronoun``: a "she" before the place may stand for the subject ("In 1959 she fled to …" in a
    paragraph about her)."""
    kin = _SIBLING.match(sentence) if subject else None
    if kin and kin.group("name") == subject:  # "is the younger brother of actress Kessa Orin"
        return [f"{subject} has a sibling."]
    wed = _SPOUSE.search(sentence) if subject else None
    between = sentence[sentence.find(subject) + len(subject) : wed.start()] if wed else ""
    if wed and subject in sentence[: wed.start()] and not _OTHERS.search(between):
        return [f"{subject} is married to {wed.group('name')}."]  # "with his wife, Mira Sol"
    m = _WHERE.search(sentence)
    if m is None or not subject:
        return []
    before = m.group("before")
    if subject not in before:
        lead = re.search(r"\b(?:he|she|they)\b", before, re.I)
        if not pronoun or lead is None or _another_named(before[: lead.start()]) is not None:
            return []
        before = before[: lead.start()] + subject + before[lead.end() :]
    if _another_named(before.split(subject, 1)[1]) is not None:
        return []  # "visited her brother in Velmaria, where he lives": the brother lives there
    return [f"{subject} {m.group('rest').strip()} in {m.group('place')}."]


# one's spouse named: "has two children with his wife, Mira Sol", "her husband Tom Vell"
_SPOUSE = re.compile(
    r"\b(?:his|her)\s+(?:wife|husband|spouse),?\s+"
    r"(?P<name>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3})(?=\s*(?:[,.;)]|$|\s+(?:and|in|since)\b))"
)


# one's sibling named: "Tom Orin is the younger brother of actress Kessa Orin"
_SIBLING = re.compile(
    r"^\s*(?P<name>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3})\s+(?:\([^()]*\)\s+)?(?:is|was)\s+"
    r"(?:the|a)\s+(?:(?:younger|older|elder|twin|big|little)\s+)?(?:half-|step-)?"
    r"(?:brother|sister|sibling)\s+of\b"
)
# another person between the subject and "his wife" (a name, not a place after "in"; "'s")
_OTHERS = re.compile(r"'s\b|(?<!\bin )(?<!\bat )(?<!\bto )(?<!\bfrom )\b[A-Z]")


def _another_named(text: str) -> str | None:
    """The first person the words name, a noun for one or a name that is no place ("her brother",
    "Tom Vell"; not "Kessa" in "grew up in Kessa")."""
    words, place = re.findall(r"[\w'’-]+", text), False
    for k, word in enumerate(words):
        place = word[:1].isupper() and (place or (k > 0 and words[k - 1] in _PLACE_BEFORE))
        if word.lower() in _STOP:
            continue  # "In 1959 she fled …": a capital that opens the sentence
        if (word[:1].isupper() and not place) or lex.category(word.lower()) == "person":
            return word
    return None


def where_another(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's other parts stand after ", where" (or "when") in the sentence, with a subject of
    their own that is no pronoun ("moved to Tessa, where her son was born"): (that subject, the
    claim's subject)."""
    if 0 not in placed or not c.units[0].proper:
        return None
    rest = [at for i, at in placed.items() if i]
    if not rest:
        return None
    for w in range(placed[0] + 1, max(rest)):
        if s.tokens[w].low not in {"where", "when"} or not s.gap(w - 1):
            continue
        between = s.tokens[w + 1 : min(at for at in rest if at > w)]
        if any(t.low in _PRONOUNS for t in between):  # "…, where he lives": he is the last
            end = s.tokens[placed[0] + len(c.units[0].tokens) - 1].end
            other = _another_named(s.raw[end : s.tokens[w].start])
            return (other, c.units[0].text) if other else None  # named: "visited her brother"
        if not between:
            return None
        nouns = [t for t in between if t.cap or lex.is_noun(t.low)]
        if not nouns:
            return None
        said = s.raw[between[0].start : nouns[-1].end]
        return said, c.units[0].text
    return None


_WORKS = frozenset(
    "film films movie movies novel novels book books album albums series show shows song songs "
    "play plays game games single singles opera operas".split()
)


def apposed_to_another(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's last part stands in commas after another name ("Tom Vell, a lawyer, and Ana
    Roske, a doctor, founded …" for "Ana Roske is a lawyer"): (that name, the claim's subject)."""
    if 0 not in placed or len(placed) < 2 or not c.units[0].proper:
        return None
    last = c.units[max(placed)]
    after = placed[max(placed)] + len(last.tokens)  # "the painter Tom Roske": his title
    titled = after < len(s.tokens) and s.tokens[after].cap and not s.gap(after - 1)
    the = s.tokens[placed[max(placed)] - 1].low == "the"
    a_work = last.tokens[0].low in _WORKS  # "in the films Velmora and …": what the films are
    if titled and the and not last.proper and after != placed[0] and not a_work:
        return _name_from(s, after), c.units[0].text
    k = placed[max(placed)] - 1  # the claim's last part: "a lawyer"
    while k > 0 and s.tokens[k].low not in {"a", "an", "the"} and not s.gap(k - 1):
        k -= 1
    if k <= 0 or s.tokens[k].low not in {"a", "an", "the"} or s.gap(k - 1) != ",":
        return None
    end = k - 1
    if not s.tokens[end].cap or placed[0] <= end < placed[0] + len(c.units[0].tokens):
        return None  # "Ana Roske, a doctor, …": her own
    first = end
    while first > 0 and s.tokens[first - 1].cap and not s.gap(first - 1):
        first -= 1
    return s.raw[s.tokens[first].start : s.tokens[end].end], c.units[0].text


def _name_from(s: _Text, k: int) -> str:
    end = k
    while end + 1 < len(s.tokens) and s.tokens[end + 1].cap and not s.gap(end):
        end += 1
    return s.raw[s.tokens[k].start : s.tokens[end].end]


# "Shane Lind (born February 11, 1994), professionally known as Murro Beats, is …"
_KNOWN_AS = re.compile(
    rf"^\W*(?P<real>{_NAME})\s*\((?:[^()]*)\),?\s+(?:(?:professionally|better|popularly)\s+)?"
    rf"known\s+(?:professionally\s+)?as\s+(?P<stage>{_NAME})"
)
# "Eric Arthur Blair (25 June 1903 – 21 January 1950), better known by his pen name George Orwell,
# was an English novelist": the sentence says it of George Orwell
_KNOWN_BY = re.compile(
    rf"^\W*(?P<real>{_NAME})\s*(?P<aside>\([^()]*\))?,?\s+(?:(?:professionally|better|popularly)\s+)?"
    r"known\s+(?:professionally\s+|mononymously\s+)?(?:as|by\s+(?:his|her|their|the)\s+"
    rf"(?:pen|stage|ring)\s*name)\s+(?P<stage>{_NAME}),\s+(?P<rest>[a-z].+)$"
)


def renamed(sentence: str, claim: str) -> str | None:
    """The opening said of the name its subject is known by, where the claim uses that name and
    not the real one ("George Orwell (25 June 1903 – 21 January 1950) was an English novelist")."""
    m = _KNOWN_BY.search(sentence)
    if m is None or m["stage"].split()[-1] not in claim or m["real"].split()[-1] in claim:
        return None
    return f"{m['stage']}{' ' + m['aside'] if m['aside'] else ''} {m['rest']}"


# "Alvin Corr (born Vincent Furr; February 4, 1948) is …"
_BORN_AS = re.compile(rf"^\W*(?P<stage>{_NAME})\s*\(\s*born\s+(?P<real>{_NAME})\s*[;,]")


# "Albert Einstein (14 March 1879 – 18 April 1955) was a German-born theoretical physicist"
_BORN_IN = re.compile(
    rf"^\W*(?P<name>{_NAME})\s*(?:\([^()]*\)\s*)?,?\s+(?:is|was)\s+an?\s+(?:[a-z]+\s+)?"
    r"(?P<people>[A-Z][a-z]+)-born\b"
)


def name_readings(sentence: str) -> list[str]:
    """What an encyclopaedia's first sentence says of a person's name and birth: the real name
    ("… is Shane Lind", "… was born Shane Lind"), and the country of a "German-born" one."""
    born = _BORN_IN.search(sentence)
    country = COUNTRY_OF.get(born.group("people").lower()) if born else None
    out = [f"{born.group('name')} was born in {country}."] if born and country else []
    m = _KNOWN_AS.search(sentence) or _BORN_AS.search(sentence)
    if m is None or dates(m.group("real")):
        return out  # "(born February 4, 1948)": a date, no name
    stage, real = m.group("stage"), m.group("real")
    return [*out, f"{stage}'s real name is {real}.", f"{stage} was born {real}."]


# "World War II lasted from 1939 to 1945", "The series ran from 1968 to 1973"
_LASTED = re.compile(
    r"^\W*(?P<name>(?:The\s+)?[A-Z][\w.'’-]*(?:\s+(?:[A-Z0-9][\w.'’-]*|of|the|and))*"
    r"(?:\s+[a-z]+)?|The\s+[a-z]+)\s+"  # "World War II", "The Kessa festival", "The war"
    r"(?:lasted|ran|took\s+place|was\s+held|was\s+fought|raged|continued)\s+from\s+"
    r"(?P<a>(?:[\w,]+\s+){0,2}?(?:1\d{3}|20\d{2}))\s+(?:to|until|till|through)\s+"
    r"(?P<b>(?:[\w,]+\s+){0,2}?(?:1\d{3}|20\d{2}))\b"
)


_YEAR = re.compile(r"\b(?:1\d{3}|20\d{2})\b")


# "Borovia is a landlocked country bordered by Ostrania, Velmaria and Kessa"
_BORDERED = re.compile(
    rf"^\W*(?P<name>{_NAME})\s+(?:is|was)\s+(?:an?\s+[\w -]+?\s+)?bordered\s+(?:to\s+the\s+\w+\s+)?"
    r"by\s+(?P<them>[^;.()]+)"
)


# "The Orvel river rises in the Tessa Mountains and flows 540 km into the Kessa Sea"
_FLOWS = re.compile(
    rf"^\W*(?P<name>(?:The\s+)?{_NAME}(?:\s+river)?)\s+(?:[^,;.]*?\s+and\s+)?flows\s+(?:for\s+)?"
    r"(?P<length>(?:about\s+|some\s+|nearly\s+)?\d[\d,.]*\s*(?:km|kilometres|kilometers|miles))\b"
)


def span_readings(sentence: str) -> list[str]:
    """ "<Name> lasted from <date> to <date>": it began on the first and ended on the second; and
    "<Name> is … bordered by A, B and C": it borders them (a border is both countries')."""
    bordered = _BORDERED.search(sentence)
    if bordered is not None:
        return [f"{bordered['name']} borders {bordered['them'].strip()}."]
    flows = _FLOWS.search(sentence)
    if flows is not None:  # "The Orvel river rises in … and flows 540 km into …": its length
        return [f"{flows['name']} is {flows['length']} long."]
    m = _LASTED.search(sentence)
    if m is None or not all(_YEAR.search(m.group(k)) for k in "ab"):
        return []
    name, a, b = m.group("name"), m.group("a"), m.group("b")
    return [f"{name} began {_on_or_in(a)} {a}.", f"{name} ended {_on_or_in(b)} {b}."]


def _on_or_in(when: str) -> str:
    """ "on 12 May 1928", "in 1928" (and "in May 1928")."""
    return "on" if when.strip()[:1].isdigit() and len(when.split()) > 1 else "in"


def _named_lead(claim: str, name: str) -> list[str] | None:
    """The capitalised words that open the claim, where they name the sentence's person ("Tom Vell"
    for "Tom Dwayne Vell": its words, the surname last); None for another, or an owner ("Tom
    Vell's")."""
    lead = []
    for word in claim.split():
        if not word[:1].isupper() or word.endswith(("'s", "’s")):
            break
        lead.append(word)
    names = name.split()
    return lead if lead and set(lead) <= set(names) and lead[-1] == names[-1] else None


_LIFE_EVENTS = re.compile(r"\b(?:born|birth|bapti[sz]\w*|christen\w*|named|di(?:ed|es|e)|death)\b")
_BORN_ON = re.compile(rf"^\W*(?P<name>{_NAME})\s*\((?:born\s+)?(?P<inner>[^()]*)\)")


def born_that_day(claim: str, sentence: str) -> Comparison | None:
    """The claim gives its subject a deed on one day; the sentence's bracket after the same name
    says that is the day the subject was born: refutes."""
    if _LIFE_EVENTS.search(claim.lower()):
        return None  # being born, baptised, named or dying can fall on that day
    m = _BORN_ON.search(sentence)
    if m is None:
        return None
    claimed = claim.split()
    lead = _named_lead(claim, m.group("name"))
    if lead is None or lead[-1] in claimed[len(lead) :]:
        return None  # "Tom Vell's first album", or another person
    outside = set(re.findall(r"\w+", (sentence[: m.start()] + sentence[m.end() :]).lower()))
    deed = [w for w in re.findall(r"[a-z]+", " ".join(claimed[len(lead) :])) if len(w) > 3]
    if any(lex.lemmas(w) & {x for o in outside for x in lex.lemmas(o) | {o}} for w in deed):
        return None  # "(born June 26, 1980) graduated from college in 1980": it says the deed
    born = [d for d in dates(m.group("inner")) if d[3] - d[2] < 0.01]
    days = [d for d in dates(claim) if d[3] - d[2] < 0.01]
    if not born or len(days) != 1 or abs(born[0][2] - days[0][2]) > 1e-6:
        return None
    inner = m.group("inner")
    when = inner[born[0][0] : born[0][1]]
    return _decision(
        "refutes",
        "number",
        f"the source says {' '.join(lead)} was born on {when}, the day the claim gives",
    )


_DIED = re.compile(r"\b(?:died|dies|is dead|was killed|passed away)\b")
_ALIVE = re.compile(r"\b(?:is|remains) (?:still )?alive\b")
_LIVING = re.compile(
    rf"^\W*(?P<name>{_NAME})\s*\(\s*born\b[^()]*\)\s*,?\s+is\s+(?P<what>an?\s+[^,;.]+)"
)


def still_living(claim: str, sentence: str) -> Comparison | None:
    """An encyclopaedia gives a living person's birth alone and speaks of them in the present ("Tom
    Vell (born 1950) is a Borovian actor"): that refutes "Tom Vell died in 2010" and states "Tom
    Vell is alive". None for a claim about another ("Tom Vell's father died") or a denied one."""
    m = _LIVING.search(sentence)
    low = claim.lower()
    died, alive = _DIED.search(low), _ALIVE.search(low)
    if m is None or not (died or alive) or re.search(r"\b(?:not|never|n't)\b", low):
        return None
    lead = _named_lead(claim, m.group("name"))
    if lead is None or len(lead) == len(claim.split()):
        return None
    if claim.split()[len(lead)].lower() not in {"died", "dies", "is", "was", "passed"}:
        return None  # "Tom Vell's father died": another's death
    who, what = " ".join(lead), m.group("what").strip()
    said = f"the source gives {who}'s birth alone and writes in the present (“is {what}”)"
    if died:
        return _decision("refutes", "direction", f"{said}: a living person")
    return _decision("supports", "same", said)


_TRADE_IN = re.compile(
    r"^\s*(?P<name>[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*){0,3})\s+(?:is|was)\s+an?\s+"
    r"[^.;()]*?\b(?P<trade>[a-z]+)\s+(?:based\s+|working\s+)?in\s+"
    r"(?P<where>(?:the\s+)?[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*)"
)
_WORKS_IN = re.compile(r"\bworks?\s+in\b")


def _a_trade(word: str) -> bool:
    """ "director", "architect" (before "in"); not "born", "located", "founded"."""
    return word in {"based", "working"} or (
        lex.noun_only(word) and not lex.irregular_verb_form(word)
    )


def works_in_readings(sentence: str, claim: str) -> list[str]:
    """ "Veeru Devgan is an Indian … film director in Bollywood", "… an architect based in Velmar":
    works there (for a claim that says where its subject works)."""
    trade = _TRADE_IN.search(sentence)
    if trade is None or not _a_trade(trade.group("trade")) or not _WORKS_IN.search(claim):
        return []
    return [f"{trade.group('name')} works in {trade.group('where')}."]
