"""Two frames restated plainly before the comparison, so that its rules can read them.

* A claim's asides in brackets are not what it asserts: "Fantastic Four (2005 film) was released in
  August" is compared as "Fantastic Four was released in August".
* A claim that introduces its subject ("There is a British actor named Marcus Bentley", "This is
  an ethnic group called Lithuanians") says "Marcus Bentley is a British actor".
* A sentence that gives a life span in brackets after a name ("Harold Macmillan (10 February 1894
  – 29 December 1986) was …", "Sidse Babett Knudsen (born 22 November 1968) is …") also says
  "Harold Macmillan was born on 10 February 1894" and "… died on 29 December 1986": encyclopaedias
  write a birth date that way, and a reader reads it so. Only full dates (a day or a month) count,
  and only "born" or a range of two dates: "(signed 12 May 1900)" is not a life span.
"""

from __future__ import annotations

import re

from agent.judge._acronyms import with_the_claims_names
from agent.judge._ages import ages_at_death, lived_as_died
from agent.judge._claimwords import in_sources_words
from agent.judge._dates import dates
from agent.judge._demonyms import from_its_people
from agent.judge._lives import name_readings, renamed, span_readings, works_in_readings
from agent.judge._measures import measured_as_claimed
from agent.judge._news import named_alike, news_readings
from agent.judge._predicates import second_deed
from agent.judge._reworded import _RANKED, BEST_OF, RANKED_BEST, world_scope
from agent.judge._trades import trades_joined
from agent.judge._wordings import making_it
from agent.judge._works import award_readings, work_readings
from agent.judge._years import span_as_duration

_INTRODUCED = re.compile(
    r"^\s*(?:there\s+(?:is|was|exists)|this\s+is|here\s+is)\s+(?P<kind>(?:a|an|the)\s+.+?)\s+"
    r"(?:named|called|name|known\s+as|by\s+the\s+name(?:\s+of)?)\s+(?P<name>.+?)\s*[.!]?\s*$",
    re.IGNORECASE,
)
_BRACKET = re.compile(r"\(([^()]*)\)")
_LANGUAGE = re.compile(r"\b(an?(?: \d{4})?) ([A-Z][a-z]+)-language ((?:[a-z-]+ ){0,3}?)film\b")
# "the south of Ostrania", "the northern part of Ostrania" are "southern", "northern Ostrania"
# (read first; _REGION_OF reads the regions it leaves: "the southwestern region of", "central")
_SIDE_OF = re.compile(r"\bthe (north|south|east|west)(?:ern)? (?:part |region )?of (?=[A-Z])")
# "a series that fits into the genre of crime drama" is "a crime drama series"
_GENRE_OF = re.compile(
    r"\b(is|was) an? ([a-z]+) (?:that|which) (?:fits?|falls?|belongs?) (?:into|in|under|to) "
    r"the genre of ([a-z][a-z -]*?)\s*(?=[.!]?\s*$)"
)
_WORKS_AS = re.compile(r"\b(works|worked|serves|served) as (?=an? [a-z])")  # "works as a lawyer"
_NUMBERED = re.compile(r"(?:\bNo\.\s?|#)(\d+)\b")  # "peaked at No. 2", "#1": number 2, number 1
_DEBUT = re.compile(
    r"\bdebut(?=\s+(?:studio\s+)?(?:album|single|novel|film|feature|EP|record|season|game)\b)", re.I
)


def _words(text: str) -> set[str]:
    return set(re.findall(r"\w+", text.lower()))


# a bracket that qualifies what the sentence says is no aside to leave out
_QUALIFIED = re.compile(
    r"\b(?:not|no|never|n't|though|although|except|but|formerly|former|until|disputed|alleged\w*|"
    r"unofficial\w*|claimed|reportedly|possibly|perhaps|may|might|probably|about|approximately)\b",
    re.I,
)
_RANGE = re.compile(r"^\s*(?:--|–|—|-|to)\s*$")
_YEARS_ONLY = re.compile(r"^\s*(1\d{3}|20\d{2})\s*(?:--|–|—|-)\s*(1\d{3}|20\d{2})\s*$")
_DEATH = re.compile(r"\b(?:di(?:ed|es|e)|dead|death)\b", re.I)


def _article(word: str) -> str:
    return "an" if word[:1] in "aeiou" else "a"


# "most-watched", "least-visited": "most" is the superlative, ranked like "deepest"
MOST_OF = re.compile(r"\b(most|least)-(?=[a-z])", re.I)


def restated_claim(claim: str, sentence: str = "") -> str:
    """The claim without its asides in brackets ("Fantastic Four (2005 film) was released …"), and
    with an introduced subject put first ("Y is a X")."""
    claim = _RANKED.sub(r"\1 \2", claim)  # "the second-largest" is "the second largest"
    claim = MOST_OF.sub(r"\1 ", claim)  # "the most-watched drama": "the most watched"
    if RANKED_BEST.search(sentence):  # "the second best-selling album": "best selling" in both
        claim = BEST_OF.sub(r"\1 ", claim)
    claim = _DEBUT.sub("first", _NUMBERED.sub(r"number \1", claim))  # "No. 1"; "debut" is "first"
    claim = _SIDE_OF.sub(r"\1ern ", claim)  # "in the south of Ostrania": "in southern Ostrania"
    claim = _WORKS_AS.sub(lambda m: "was " if m[1].endswith("ed") else "is ", claim)
    genre = _GENRE_OF.search(claim)  # "a series that fits into the genre of crime drama"
    if genre is not None:
        said = f"{genre[1]} {_article(genre[3])} {genre[3]} {genre[2]}"
        claim = claim[: genre.start()] + said + claim[genre.end() :]
    claim = in_sources_words(world_scope(claim), sentence)  # "is childless": "has no children"
    claim = lived_as_died(claim)  # "lived past the age of 70": "died at the age of over 70"
    plain = " ".join(_BRACKET.sub(" ", claim).split())
    if len(plain.split()) >= 3:
        claim = plain
    m = _INTRODUCED.match(claim)
    if m is None or not m.group("name")[:1].isupper():
        return claim
    verb = "was" if re.match(r"\s*there\s+was", claim, re.IGNORECASE) else "is"
    return f"{m.group('name')} {verb} {m.group('kind')}."


_ACTIVE = re.compile(
    r"^\s*(?P<agent>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,4})\s+"
    r"(?P<verb>produced|directed|wrote|co-wrote|composed|founded|co-founded|created|designed|"
    r"built|painted|recorded|published|developed|invented|discovered)\s+"
    r"(?P<object>[A-Z\"“].*?)\s*[.!]?\s*$"
)
_PARTICIPLES = {"wrote": "written", "co-wrote": "co-written"}


def passive_claim(claim: str) -> str | None:
    """A claim that names who made something said the way an encyclopaedia says it: "Peter
    Jackson produced Soul Food" → "Soul Food was produced by Peter Jackson"; None otherwise."""
    m = _ACTIVE.match(claim)
    if m is None:
        return None
    verb = _PARTICIPLES.get(m.group("verb"), m.group("verb"))
    return f"{m.group('object')} was {verb} by {m.group('agent')}."


# a newsroom's age after a name: "Ana Roske, 45, lives in Tessa"
_AGE = re.compile(
    r"^\s*(?P<name>(?:[A-Z][\w\-'’.]*\s+){0,4}[A-Z][\w\-'’.]*), (?P<age>\d{1,3}),\s+[a-z]"
)


def life_span(sentence: str, claim: str = "") -> list[str]:
    """The birth and death a bracket after the sentence's first name states, as sentences (only the
    death for a ``claim`` about a death); and the age a newsroom writes after a name ("Ana Roske,
    45, lives …": she is 45 years old)."""
    age = _AGE.match(sentence)
    if age is not None:
        return [f"{age.group('name')} is {age.group('age')} years old."]
    m = _BRACKET.search(sentence)
    if m is None:
        return []
    name = sentence[: m.start()].strip().strip(",").strip().strip("\"“”'")
    if not name[:1].isupper() or len(name.split()) > 10:
        return []
    inner = m.group(1)
    if years := _YEARS_ONLY.match(inner):  # "Ana Roske (1940–2015) was a Borovian painter"
        died = f"{name} died in {years.group(2)}."
        span = int(years.group(2)) - int(years.group(1))
        aged = ages_at_death(name, (span - 1, span), claim)  # "died in her seventies"
        return aged + (
            [died] if _DEATH.search(claim) else [f"{name} was born in {years.group(1)}.", died]
        )
    found = [d for d in dates(inner) if d[4] and d[3] - d[2] < 0.1]  # a day or a month
    if not found:
        return []
    out = []
    first = found[0]
    before = inner[: first[0]]
    ranged = len(found) > 1 and _RANGE.match(inner[first[1] : found[1][0]])
    if ranged or re.search(r"\bborn\b", before, re.IGNORECASE):
        out.append(f"{name} was born on {inner[first[0] : first[1]]}.")
    if ranged:  # each alone: "… was born on …" read against "Ana Roske died." is no refutation
        died = f"{name} died on {inner[found[1][0] : found[1][1]]}."
        out = [died] if _DEATH.search(claim) else [*out, died]
        age = int(found[1][2] - first[2])  # "(18 July 1918 – 5 December 2013)": 95 years old
        out += ages_at_death(name, (age, age), claim)
    return out


_FRONTED = re.compile(
    r"^\s*(?P<part>(?:Born|Founded|Formed|Established|Released|Built|Raised|Educated|Written|"
    r"Directed|Produced|Published|Created|Developed|Designed|Named|Based|Located|Distributed)"
    r"\s[^,;()]{2,80}?(?:,\s+in\s+(?:the\s+)?[A-Z][^,;()]{1,60}?)?),"  # "Born in Salzburg,
    r"\s+(?P<name>(?:The\s+)?[A-Z][\w\-'’.]*(?:\s+[A-Z][\w\-'’.]*){0,5})"  # in the Holy Roman Empire,"
    r"\s+(?=[a-z])"
)


def sentence_readings(sentence: str, claim: str) -> list[str]:
    """Every plainer statement of the sentence read here: a life span, a fronted participle or a
    copula turned round, what a sentence about a work says of its year, cast and run, and when a
    post held "since" a year began."""
    readings = [*life_span(sentence, claim), *fronted(sentence), *work_readings(sentence, claim)]
    readings += award_readings(sentence, claim)  # "won an Academy Award": nominated for one
    readings += name_readings(sentence) + span_readings(sentence)  # a real name; "lasted from"
    readings += span_as_duration(sentence, claim)  # "from 2005 to 2021": for about 16 years
    readings += from_its_people(sentence, claim)  # "is a Canadian actress": is from Canada
    readings += second_deed(sentence)  # "was born in A and died in B": died in B
    readings += making_it(sentence)  # "…, making it the world's second-largest country"
    if named := renamed(sentence, claim):  # "…, better known by his pen name George Orwell, was"
        readings += [named, *life_span(named, claim), *from_its_people(named, claim)]
    asides = _BRACKET.findall(sentence)  # left out where they qualify or hold the claim's words
    mine = {w for w in _words(claim) if len(w) > 3 or w.isdigit()}
    if asides and not any(_QUALIFIED.search(a) or mine & _words(a) for a in asides):
        bare = " ".join(_BRACKET.sub(" ", sentence).split()).replace(" ,", ",")
        readings.append(bare)  # "Peking University (abbreviated PKU …), is a … university"
    staff = _STAFF.search(sentence)
    if staff and re.search(r"\bemploy(?:s|ed)?\b", claim):  # "has about 3,000 employees"
        verb = "employed" if re.search(r"\bemployed\b", claim) else "employs"
        readings.append(f"{staff.group('name')} {verb} {staff.group('many')} people.")
    place, located = _PLACE_IN.search(sentence), _LOCATED.search(claim)
    if place and located:  # "Velmar is a city in southern Ostrania": it is located there
        readings.append(f"{place.group('name')} {located.group(0)} in {place.group('where')}")
    readings += works_in_readings(sentence, claim) + news_readings(sentence, claim)  # "a film
    # director in Bollywood"; "Mara Quillon, chief executive of the Eskarian Rail Authority""
    held, began = _HELD_SINCE.search(sentence), _BECAME.search(claim)
    if held and began:  # "has served as Minister of Health since 2021": became it in 2021
        post, year = held.group("post"), held.group("year")
        readings.append(f"{held.group('name')} {began.group(0)} {post} in {year}.")
    member = held and re.match(r"(?:a\s+)?member\s+of\s+(?P<body>.+)$", held.group("post"))
    if member and re.search(r"\bjoined\b", claim):  # "has been a member of … since 2004"
        readings.append(
            f"{held.group('name')} joined {member.group('body')} in {held.group('year')}."
        )
    if re.search(r"\bwill\b", claim):  # "has no plans to ban TikTok": it will not ban it
        readings += [_NO_PLANS.sub("will not ", sentence)] if _NO_PLANS.search(sentence) else []
        if denied := _DENIED_PLAN.match(sentence):  # "Kessa Corp denied reports that it would …"
            readings.append(f"{denied.group('name')} will not {sentence[denied.end() :]}")
    return readings


# a plan denied: "has no plans to ban", "does not plan to", "is not planning to"
_NO_PLANS = re.compile(
    r"\b(?:has|have|had)\s+no\s+(?:plans?|intention)\s+to\s+|\b(?:does|do|did)\s+not\s+plan\s+to\s+"
    r"|\b(?:is|are|was|were)\s+not\s+planning\s+to\s+"
)
# the subject's own denial of a plan: "Kessa Corp denied reports that it would cut 10,000 jobs"
_DENIED_PLAN = re.compile(
    r"^\s*(?P<name>[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*){0,3})\s+(?:denied|denies)\s+"
    r"(?:(?:reports|claims|rumou?rs|suggestions)\s+)?(?:that\s+)?(?:it|he|she|they)\s+(?:would|will|was\s+going\s+to)\s+"
)


# the sentence's subject, a name of up to four words, before what it says of it
_SUBJECT = r"^\s*(?P<name>[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*){0,3})\s+"
_HELD_SINCE = re.compile(
    _SUBJECT + r"(?:has|have)\s+(?:served|been)\s+"
    r"(?:as\s+)?(?P<post>(?:the\s+)?[\w'’ -]{2,60}?)\s+since\s+(?P<year>1[89]\d\d|20\d\d)\b"
)
_PLACE_IN = re.compile(
    _SUBJECT + r"(?:is|was)\s+an?\s+(?:[\w-]+\s+){0,3}?"
    r"(?:city|town|village|municipality|suburb|port|island|lake|river|mountain|volcano|region|"
    r"bridge|building|tower|castle|palace|museum|church|cathedral|temple|mosque|stadium|arena|"
    r"airport|station|university|college|school|hospital|library|theatre|theater|park|dam|"
    r"monument|hotel|lighthouse|prison|factory|district|neighbourhood|neighborhood)\s+"
    # "on the Champ de Mars in Paris, France": the place after its site
    r"(?:(?:on|at|near)\s+(?:the\s+)?[A-Z][\w'’-]*(?:\s+(?:[A-Z][\w'’-]*|de|of|the))*\s+)?"
    r"in\s+(?P<where>(?:[a-z][\w-]*\s+){0,2}?[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*"
    r"(?:,\s+[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)*)?)"
)
_LOCATED = re.compile(r"\b(?:is|was|are|were) (?:located|situated)\b")
_STAFF = re.compile(
    _SUBJECT + r"(?:has|had)\s+"
    r"(?P<many>(?:about|around|more than|over|nearly|some)?\s*[\d,.]+(?:\s+(?:thousand|million))?)\s+"
    r"(?:employees|staff|workers)\b"
)
_BECAME = re.compile(r"\b(?:became|was appointed|was named|was elected|took office as)\b", re.I)


# "The capital of France is Paris." says "Paris is the capital of France."
_TURNED = re.compile(
    r"^(?P<role>The (?:\w+ )?\w+ (?:of|in) (?:the )?[A-Z][\w' -]*?) (?P<be>is|was) "
    r"(?P<name>[A-Z][\w'-]*(?: [A-Z][\w'-]*){0,3})\.?$"
)


def fronted(sentence: str) -> list[str]:
    """What a sentence that opens with a participle says of the name after it: "Born in Naples,
    Renato Balestra comes from …" also says "Renato Balestra was born in Naples."; and a copula
    turned round, the role first and the name last: "The capital of France is Paris." says
    "Paris is the capital of France." (one function, read where the claim's parts are compared)."""
    m = _FRONTED.match(sentence)
    if m is not None:
        part = m.group("part")
        return [f"{m.group('name')} was {part[0].lower()}{part[1:]}."]
    turned = _TURNED.match(sentence.strip())
    if turned is None:
        return []
    role = turned.group("role")
    return [f"{turned.group('name')} {turned.group('be')} {role[0].lower()}{role[1:]}."]


_CONTINENTS = {
    "european": "Europe",
    "african": "Africa",
    "asian": "Asia",
    "north american": "North America",
    "south american": "South America",
    "antarctic": "Antarctica",
}
_CONTINENT = re.compile(r"\bthe (" + "|".join(_CONTINENTS) + r") continent\b", re.IGNORECASE)
# "in the southwestern region of the United States" is in the United States
_REGION_OF = re.compile(
    r"\bin the (?:(?:north|south|east|west|central|north-?east|north-?west|south-?east|"
    r"south-?west)(?:ern)?\s+)?(?:region|part|portion)s? of (?=[A-Z]|the [A-Z])"
)


# "lies on the banks of the Velmar" lies on the Velmar; "on the shores of Lake Orvel", on the lake
_BANKS_OF = re.compile(r"\bon the (?:banks?|shores?) of (?=the [A-Z]|[A-Z])")


def said_alike(claim: str, sentence: str) -> str:
    """The sentence with another everyday name of something the claim names put as the claim puts
    it ("human activities have caused global warming" for "… climate change"), a continent named
    ("the European continent" → "Europe") and a region of a place said as the place ("in the
    southwestern region of the United States" → "in the United States")."""
    sentence = with_the_claims_names(claim, sentence)  # "the EU" for "the European Union"
    sentence = _BANKS_OF.sub("on ", _SIDE_OF.sub(r"\1ern ", sentence))
    sentence = _CONTINENT.sub(lambda m: _CONTINENTS[m.group(1).lower()], sentence)
    sentence = _DEBUT.sub("first", _REGION_OF.sub("in ", _NUMBERED.sub(r"number \1", sentence)))
    if "-language" not in claim:  # "an English-language drama film" is a drama film in English
        sentence = _LANGUAGE.sub(r"\1 \3film in \2", sentence)
    sentence = trades_joined(measured_as_claimed(claim, sentence))  # "a 310-metre skyscraper" is
    # 310 metres tall; "a singer-songwriter" a singer and a songwriter
    return named_alike(claim, sentence)  # "jobless rate" for "unemployment"


# what "the …" opening an encyclopaedia's sentence stands for: the article's work (or band, firm)
WORKS = "film|movie|series|show|song|single|album|novel|book|game|play|episode"
# what else an article calls its subject in its later sentences: "The war ended with …"
_KINDS = (
    "band|group|company|university|war|battle|city|town|country|island|river|species|disease|"
    "character|club|team|empire|dynasty|language|tournament|school|museum|magazine|newspaper|"
    "network|channel|station|church|party|organization|organisation|building|stadium|region|"
    "tower|bridge|mountain|lake|festival|spacecraft|mission|airport|park|palace|castle|cathedral|"
    "temple|monument|statue|drink|brand|console|painting"
)
_PRONOUN_LEAD = re.compile(
    # "Distributed by Columbia Pictures, the film was released …", "One of the most popular
    # festivals of Hinduism, it signifies …", "Born in Saint Michael, Barbados, and raised in
    # Bridgetown, she signed …": a phrase before the subject
    r"^\s*(?P<lead>(?:[A-Z][^,;()]{2,80}?,\s+(?:(?:and\s+)?[^,;()]{2,60}?,\s+){0,2})?)"
    rf"(?:[Hh]e|[Ss]he|[Ii]t|[Tt]hey|[Tt]he\s+(?:{WORKS}|{_KINDS})"
    r"(?P<aside>,\s[a-z][^,;()]{2,60},)?)\s+(?=[a-z])"
)  # "The company, based in Tessa, employs …": the aside is the subject's
_OWNER_LEAD = re.compile(r"^\s*(?:Its|His|Her|Their)\s+(?=[a-z])")
_NAME_LEAD = re.compile(
    r"^\s*(?:The\s+)?(?P<name>(?:[A-Z][\w\-'’.]*\s+)*?[A-Z][\w\-'’]*)\s+(?=[a-z(])"
)


def _name_words(name: str) -> list[str]:
    return [
        w.strip(".").lower()
        for w in name.split()
        if w.strip(".").lower() not in {"mr", "mrs", "ms", "dr"}
    ]


def subject_restated(subject: str, sentence: str, *, pronoun: bool = True) -> str | None:
    """The sentence with its subject said as the claim says it, where the sentence opens with a
    personal pronoun ("She started …") or with part of the claim's name ("The F-35 first flew …" for
    "Lockheed Martin F-35 Lightning II", "Singer is …" for "Fred Singer"): an encyclopaedia's
    sentence about its article's subject, which a reader takes to be about that subject. None
    where the sentence opens otherwise. ``pronoun=False``: a sentence after others, whose pronoun
    may stand for something they name, keeps it."""
    base = subject[:-2] if subject.endswith(("'s", "’s")) else subject  # "The Earth's diameter"
    m = _PRONOUN_LEAD.match(sentence)
    if m is not None and pronoun:
        return f"{m.group('lead')}{base}{m.group('aside') or ''} {sentence[m.end() :]}"
    m = _OWNER_LEAD.match(sentence)
    if m is not None and pronoun:  # "Its diameter is about 12,756 kilometers"
        return f"{base}'s {sentence[m.end() :]}"
    m = _NAME_LEAD.match(sentence)
    if m is None:
        return None
    theirs, mine = _name_words(m.group("name")), _name_words(subject)
    if not theirs or theirs == mine or len(mine) < 2:
        return None
    if set(theirs) < set(mine) or (theirs[-1] == mine[-1] and len(theirs) == 1):
        return f"{subject} {sentence[m.end() :]}"
    return None


__all__ = [
    "fronted",
    "life_span",
    "passive_claim",
    "restated_claim",
    "said_alike",
    "subject_restated",
]
