"""A claim's phrases said the way a source says them, before the comparison reads the claim
(``agent/judge/_restate.restated_claim``): "is childless" is "has no children", "are still together"
is "have not disbanded", "was born outside of Trieste" is "was not born in Trieste", "Tessa hosted
the 2012 Games" is "the 2012 Games were held in Tessa", "Ostrania's president is Tom Vell" is "Tom
Vell is the president of Ostrania", "released their debut album in 2005" is "X's debut album was
released in 2005", "is part of her second album" is "is a song on" it, "had a voice that made him
famous" is "was known for his voice", "took place" is "happened", "broke up" is "disbanded", "came
out" is "was released", "was started" is "was founded", "is an only child" is "has no siblings",
"stepped down" is "resigned", "topped the chart" is "peaked at number one on" it, "cuts the risk
in half" is "halves the risk", "has no coastline" is "is landlocked" (and "has a coastline" "is not
landlocked"), "can be seen" is "is visible", "kills 8 million people" is "causes 8 million deaths",
"The capital of Borovia is Tessa" is "Tessa is the capital of Borovia". A reason still quotes the
claim's own words (``_reasons.in_the_claims_words``). Said in the sentence's words where only it
says them (``other_wordings``): "co-founded" as "founded" where the sentence names the others, "was
made by" as the sentence's "produced by" or "developed by", "is owned by" as "is a subsidiary of"."""

from __future__ import annotations

import re

from agent.judge._charts import chart_wordings
from agent.judge._reworded import deaths_said
from agent.judge._wordings import more_wordings

_TOOK_PLACE = re.compile(r"\btook place\b")
# an organisation "was started" (by someone, in a year or a place): it was founded ("Toyota was
# started in the 1930s" / "founded … in 1937"); not "started out", nor a career "started" by "began"
_STARTED = re.compile(
    r"\b(was|were|is|are|has been|have been|had been) started\b(?!\s+(?:out|up)\b)"
)
# "is an only child": "has no siblings", as a source says it
_ONLY_CHILD = re.compile(r"\b(is|was) an only child\b")
# "stepped down": resigned
_STEPPED_DOWN = re.compile(r"\bstep(s|ped)? down\b")
_RESIGNED = {"": "resign", "s": "resigns", "ped": "resigned"}
# a chart's top: "topped the Billboard Hot 100", "reached the top of …", "reached number one on …"
_TOPPED = re.compile(r"\b(?:topped|reached the top of|went to the top of|hit the top of)(?= the\b)")
_REACHED_NUMBER = re.compile(r"\b(?:reached|hit|climbed to|rose to) number (\w+) (?:on|in)\b")
# a work "came out" (not "came out of", "came out as", "came out against"): it was released
_CAME_OUT = re.compile(r"\b(came|comes) out\b(?!\s+(?:of|as|against|for|in favou?r|to|with)\b)")
_BROKE_UP = re.compile(r"\b(broke|split|break)\s+up\b(?!\s+with\b)", re.I)  # a band disbanded
_CHILDLESS = re.compile(r"\b(is|was|are|were) childless\b")  # "has no children", as sources say it
# "is part of Kira Dane's second album": a song on it, as an encyclopaedia says of a song
_PART_OF_ALBUM = re.compile(r"\bis (?:a )?part of (?=[A-Z][\w'’ .&-]*?'s (?:[\w-]+ ){0,3}album\b)")
# "had a gravelly voice that made him known": "was known for his gravelly voice"
_MADE_KNOWN = re.compile(
    r"^(?P<who>.+?) (?:had|has) (?:a |an )?(?P<what>[\w' -]+?) that made "
    r"(?P<them>him|her|them|it) (?:known|famous)\s*[.!]?\s*$"
)
# "are still together": a band that has not disbanded (a source says when it disbanded)
_TOGETHER = re.compile(r"\b(is|are) still together\b")
# "Tessa hosted the 2012 Borovian Games": "The 2012 Borovian Games were held in Tessa" (a plural
# event name is held as "were": Games, Olympics, Championships)
_HOSTED = re.compile(
    r"^\s*(?P<host>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3})\s+(?:hosted|staged)\s+"
    r"(?P<event>the\s+(?:\d{4}\s+)?[A-Z][^.,;]*?(?P<be>Games|Olympics|Championships|Finals)?)"
    r"(?P<when>\s+in\s+\d{4})?\s*[.!]?\s*$"
)  # "hosted the Summer Olympics in 1964": the Summer Olympics were held in Tokyo in 1964
# "Ostrania's president is Tom Vell": "Tom Vell is the president of Ostrania"
_ROLES = (
    r"(?P<role>(?i:prime\s+minister|president|capital|king|queen|mayor|ceo|chairman|chairwoman|"
    r"founder|leader|head\s+of\s+state|largest\s+city))"
)
_ROLE_OF = re.compile(
    r"^\s*(?:(?P<of>[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*){0,3})['’]s\s+|[Tt]he\s+(?=\w+(?:\s+\w+)?\s+of\s))"
    + _ROLES
    + r"(?:\s+of\s+(?P<of2>[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*){0,3}))?"
    r"\s+is\s+(?P<who>[A-Z][^.,;]*?)\s*[.!]?\s*$"
)  # "Ostrania's president is Tom Vell", "The capital of Borovia is Tessa"
# "was born outside of Trieste" is "was not born in Trieste"
_OUTSIDE = re.compile(
    r"\b(is|was|are|were) (born|based|located|situated|buried|raised) outside (?:of )?"
)
# "cuts the risk of stroke in half": "halves the risk of stroke", as the multiples are read
_IN_HALF = re.compile(r"\b(cuts|cut)\s+(?P<what>[^.,;]{1,60}?)\s+in\s+half\b")
# a headline's "to": "Kessa Corp to cut 10,000 jobs" is "Kessa Corp will cut 10,000 jobs"
_HEADLINE_TO = re.compile(
    r"^\s*(?P<who>(?:The\s+)?[A-Z][\w'’.&-]*(?:\s+[A-Z][\w'’.&-]*){0,3})\s+to\s+(?=[a-z]+\b)"
)
# "has no coastline": "is landlocked", as an encyclopaedia says of a country
_NO_COAST = re.compile(
    r"\b(?P<have>has|have|had) no (?:coastline|coast|sea coast|access to the sea)\b"
)
_LANDLOCKED = {"has": "is", "have": "are", "had": "was"}
_COAST = re.compile(r"\b(?P<have>has|have|had) (?:a coastline|a coast|access to the sea)\b")
# "can be seen from the Moon": "is visible from the Moon", as sources say it
_SEEN = re.compile(r"\b(?P<can>can|cannot|can't|can not)\s+be\s+seen\b")
_VISIBLE = {"can": "is visible", "cannot": "is not visible", "can't": "is not visible"}
_THEIR = {"him": "his", "her": "her", "them": "their", "it": "its"}

# "The Orsen Four released their debut album in 2005": "The Orsen Four's debut album was
# released in 2005"
_RELEASED_THEIR = re.compile(
    r"^\s*(?P<who>.+?)\s+(?P<verb>released|published|recorded|issued)\s+(?:their|his|her|its)\s+"
    r"(?P<what>(?:[\w-]+\s+){0,2}(?:album|single|EP|novel|book|film|record|song))\s+"
    r"(?P<rest>(?:in|on)\s.+)$"
)


def in_sources_words(claim: str, sentence: str = "") -> str:
    """The claim with each phrase above said the way a source says it (not "hosted" where the
    sentence says "hosted" too)."""
    claim = _CHILDLESS.sub(
        lambda m: "had no children" if m.group(1)[0] == "w" else "has no children", claim
    )
    claim = _NO_COAST.sub(lambda m: f"{_LANDLOCKED[m.group('have')]} landlocked", claim)
    claim = _COAST.sub(lambda m: f"{_LANDLOCKED[m.group('have')]} not landlocked", claim)
    claim = _TOOK_PLACE.sub("happened", claim)  # one word, said by "was fought", "was held"
    claim = _STARTED.sub(r"\1 founded", claim)
    claim = _ONLY_CHILD.sub(
        lambda m: "had no siblings" if m.group(1)[0] == "w" else "has no siblings", claim
    )
    claim = _STEPPED_DOWN.sub(lambda m: _RESIGNED[m.group(1) or ""], claim)
    claim = _TOPPED.sub("peaked at number one on", claim)
    claim = _REACHED_NUMBER.sub(r"peaked at number \1 on", claim)
    claim = _PERFORMED_AS.sub("worked as", claim)  # "performed as an actor": a trade
    out = "published" if re.search(r"\bpublished\b(?!.*\breleased\b)", sentence) else "released"
    claim = _CAME_OUT.sub(  # a book "came out": "… published in 1813", where the sentence says so
        lambda m: f"was {out}" if m.group(1) == "came" else f"is {out}", claim
    )
    claim = _SEEN.sub(lambda m: _VISIBLE.get(m.group("can"), "is not visible"), claim)
    claim = deaths_said(claim)  # "kills 8 million people": "causes 8 million deaths"
    claim = _PART_OF_ALBUM.sub("is a song on ", claim)
    claim = _TOGETHER.sub(
        lambda m: "has not disbanded" if m.group(1) == "is" else "have not disbanded", claim
    )
    if own := _RELEASED_THEIR.match(claim):  # "released their debut album in 2005"
        who, what, verb = own.group("who"), own.group("what"), own.group("verb")
        claim = f"{who}'s {what} was {verb} {own.group('rest')}"
    # "Tessa hosted the 2012 Games": they were held in Tessa (unless the source says "hosted" too)
    hosts = re.search(r"\b(?:host|hosts|hosted|staged)\b", sentence)
    if (hosted := _HOSTED.match(claim)) and not hosts:
        event, be = hosted.group("event"), "were" if hosted.group("be") else "was"
        when = hosted.group("when") or ""
        claim = f"{event[0].upper()}{event[1:]} {be} held in {hosted.group('host')}{when}."
    if role := _ROLE_OF.match(claim):  # "Ostrania's president is Tom Vell"
        of = role.group("of") or role.group("of2")
        claim = f"{role.group('who')} is the {role.group('role')} of {of}." if of else claim
    claim = _OUTSIDE.sub(r"\1 not \2 in ", claim)
    if known := _MADE_KNOWN.match(claim):
        their = _THEIR[known.group("them")]
        claim = f"{known.group('who')} was known for {their} {known.group('what')}."
    claim = _IN_HALF.sub(
        lambda m: f"{'halves' if m.group(1) == 'cuts' else 'halved'} {m.group('what')}", claim
    )
    claim = _HEADLINE_TO.sub(lambda m: f"{m.group('who')} will ", claim)
    claim = _BROKE_UP.sub(lambda m: "disbanded" if m.group(1) != "break" else "disband", claim)
    if own := _ITS_SEAT.match(claim):  # "Microsoft's headquarters are in Redmond"
        deed = "is headquartered in" if own.group("what").startswith("head") else "was born in"
        claim = f"{own.group('who')} {deed} {own.group('where')}"
    return claim


# a seat or a birthplace said as a possession: "X's headquarters are in Y", "X's birthplace was Y"
_ITS_SEAT = re.compile(
    r"^(?P<who>[A-Z][\w.&-]*(?: [A-Z][\w.&-]*){0,4})['’]s? (?P<what>headquarters|birthplace|"
    r"place of birth) (?:are|is|was|were) (?:(?:located )?in )?(?P<where>[A-Z].*)$"
)


_ORDINAL_TITLE = re.compile(
    r"^(?P<the>[Tt]he) (?P<nth>\d+(?:st|nd|rd|th)) (?P<title>(?:[A-Z][\w-]+ ?)+)"
)


def ordinal_dropped(claim: str, sentence: str) -> str | None:
    """ "The 14th Dalai Lama lives in …" as "The Dalai Lama lives in …", where the sentence names
    "the Dalai Lama" with no ordinal: a reference about him calls him so."""
    m = _ORDINAL_TITLE.match(claim.strip())
    if m is None:
        return None
    title = m.group("title").rstrip()
    plain = re.search(rf"\b[Tt]he {re.escape(title)}\b", sentence)
    if plain is None or re.search(rf"\b\d+(?:st|nd|rd|th) {re.escape(title)}\b", sentence):
        return None
    return f"{m.group('the')} {title}{claim.strip()[m.start('title') + len(title) :]}"


# "co-founded Microsoft": founded it with others; said where a source names them beside ("founded
# by Bill Gates and Paul Allen", "founded … with Steve Wozniak")
_CO = re.compile(
    r"\bco-?(founded|founds|wrote|writes|directed|directs|created|creates|produced|produces|"
    r"hosted|hosts|authored|authors)\b"
)
_SEVERAL = re.compile(  # "by drummer Lars Ulrich and vocalist and guitarist James Hetfield"
    r"\bby\s+(?:[\w.'’-]+\s+){0,4}?[A-Z][\w.'’-]*,?\s+and\s+(?:[a-z]+\s+){0,4}[A-Z]|\swith\s+[A-Z]"
)


def other_wordings(claim: str, sentence: str) -> list[str]:
    """The claim in the words the sentence uses, where only they say it: its "co-founded" (co-wrote,
    co-directed …) as "founded" where the sentence names several who did it ("by Bill Gates and Paul
    Allen") or one with another ("with Steve Wozniak") — a sentence naming one founder alone does
    not say the claim's shared the deed; its "is owned by" as "is a subsidiary of" where the
    sentence says so ("Pixar is owned by Disney": "… a subsidiary of The Walt Disney Company")."""
    said = []
    if _CO.search(claim) and _SEVERAL.search(sentence):
        said.append(_CO.sub(r"\1", claim))
    made = _MADE_BY.search(claim)
    made_as = _MADE_AS.search(sentence)
    if made and made_as:  # "was made by Pixar": "… produced by DreamWorks Animation"
        said.append(claim[: made.start(1)] + made_as.group(1) + claim[made.end(1) :])
    if _OWNED_BY.search(claim) and re.search(r"\bsubsidiary of\b", sentence):
        said.append(_OWNED_BY.sub(lambda m: f"{m.group(1)} a subsidiary of", claim))
    said += _said_as_the_sentence_says(claim, sentence) + chart_wordings(claim, sentence)
    return said + more_wordings(claim, sentence)


# "became famous": "rose to fame" ("… rose to fame in the era of silent film")
_BECAME_FAMOUS = re.compile(r"\b(?:became|become|becomes) (?:famous|well[- ]known|prominent)\b")
_ROSE_TO_FAME = re.compile(r"\b(?:rose|risen|rising|came) to (?:fame|prominence)\b")
# "was killed in a car crash": "died … in a car crash"
_KILLED_IN = re.compile(r"\b(?:was|were) killed (?=in\b)")
# "won the Nobel Prize": "was awarded the Nobel Prize"
_WON = re.compile(r"\bwon (?=(?:the|a|an)\b)")
_PERFORMED_AS = re.compile(r"\b(?:performed|performs) as(?= an? )")
# "Elvis Presley was an actor": "… worked as an actor" where the sentence says it so
_IS_A = re.compile(r"^(?P<who>.+?) (?:is|was) (?P<a>an?) (?P<what>[a-z-]+)\s*[.!]?\s*$")


def _said_as_the_sentence_says(claim: str, sentence: str) -> list[str]:
    """The claim with one of its phrases said as the sentence says it: "became famous" as "rose to
    fame", "was killed in" as "died in", "won" as "was awarded", "was an actor" as "worked as an
    actor" — only where the sentence says it that way."""
    said = []
    if _BECAME_FAMOUS.search(claim) and (rose := _ROSE_TO_FAME.search(sentence)):
        said.append(_BECAME_FAMOUS.sub(rose.group(0), claim))
    if _KILLED_IN.search(claim) and re.search(r"\bdied\b", sentence):
        said.append(_KILLED_IN.sub("died ", claim))
    if _WON.search(claim) and re.search(r"\b(?:was|were) awarded\b", sentence):
        said.append(_WON.sub("was awarded ", claim, count=1))
    party = re.search(r"\b(?:is|was) (?P<a>an? )(?P<who>Democrat|Republican)\b", claim)
    named = party and {"Democrat": "Democratic"}.get(party["who"], party["who"]) + " Party"
    if party and named in sentence:  # "a Democrat": "a member of the Democratic Party"
        said.append(claim[: party.start("a")] + f"a member of the {named}" + claim[party.end() :])
    acted = re.search(
        r"\bacted in\b(?= (?:an? |the )?(?:film|movie|series|show|play|[A-Z]))", claim
    )
    if acted and re.search(r"\b(?:starred|starring|co-starred|co-starring)\b", sentence):  # "acted
        # in a film" or in a title: "starred in" it
        said.append(claim[: acted.start()] + "starred in" + claim[acted.end() :])
    if re.search(r"\bdebuted in\b", claim) and re.search(r"\bfirst appeared in\b", sentence):
        said.append(re.sub(r"\bdebuted in\b", "first appeared in", claim))  # a character's debut
    native = _NATIVE.match(claim)
    if native and re.search(r"\bborn\b", sentence):  # "a native of California": born there
        place = native["of"] or native["place"]
        said.append(f"{native['who']} was born in {place}{native['end']}")
    job = _IS_A.match(claim)
    if job and re.search(rf"\bworked as an? {re.escape(job.group('what'))}\b", sentence):
        said.append(f"{job.group('who')} worked as {job.group('a')} {job.group('what')}.")
    return said


# "is a native of California", "is a California native"
_NATIVE = re.compile(
    r"^(?P<who>.+?) (?:is|was) an? (?:native of (?P<of>[A-Z][\w .,'-]*?)|(?P<place>[A-Z][\w'-]*"
    r"(?: [A-Z][\w'-]*)*) native)(?P<end>\s*[.!]?)\s*$"
)
_MADE_BY = re.compile(r"\b(?:is|was|are|were)\s+(made)\s+by\b")
_MADE_AS = re.compile(r"\b(produced|developed|created|manufactured|built|designed)\s+by\b")
_OWNED_BY = re.compile(r"\b(is|was|are|were)\s+(?:wholly\s+)?owned\s+by\b")
