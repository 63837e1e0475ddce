"""The sentence in the words the comparison reads: a rank written with a hyphen ("the
second-largest" → "the second largest"), what something is free of said as what it has none of
("is free of mercury", "is mercury-free" → "contains no mercury", in the claim's verb), and
"ineffective against" as "not effective against", and "won A but never B" as "… but never won B"
— so that the rank and the denial are read (agent/judge/compare.py). A reason quotes the source's
own words (agent/judge/_decision.py)."""

from __future__ import annotations

import re

# a denial said by degree: "hardly cheap", "far from a small organisation", "anything but easy"
_HARDLY = re.compile(
    r"\b(?:hardly|far from|by no means|anything but)\s+(?P<a>(?:a|an)\s+)?(?P<word>[a-z]+)\b", re.I
)
# a place said with its kind before it: "the northern town of Kell" is Kell
_TOWN_OF = re.compile(
    r"\bthe\s+(?:(?:northern|southern|eastern|western|coastal|small|little|nearby|neighbou?ring|"
    r"rural|industrial|market|mining|fishing|historic|ancient|old|medieval|tiny|quiet|remote|"
    r"seaside|mountain|border|port)\s+){0,2}(?:town|city|village|port|hamlet|suburb)\s+of\s+"
    r"(?P<name>[A-Z][\w'-]*)"
)


_NOT_AN_ADJECTIVE = frozenset(
    "the this that these those his her its their our my your home here there it them him me us "
    "being having".split()
)


def _hardly_said(m: re.Match) -> str:
    """ "far from popular" as "not popular" where the word after is an adjective; "far from the
    coast" stays a distance."""
    if m["word"].lower() in _NOT_AN_ADJECTIVE:
        return m.group(0)
    return f"not {m['a'] or ''}{m['word']}"


# "best-selling" only where the other side ranks it ("the second best-selling"): elsewhere it stays
# one word, the antonym of "worst-selling"
BEST_OF = re.compile(r"\b(best|worst)-(?=[a-z])", re.I)
RANKED_BEST = re.compile(
    r"\b(?:second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))\s+"
    r"(?:best|worst)-",
    re.I,
)
_MOST_OF = re.compile(r"\b(most|least)-(?=[a-z])", re.I)  # as _restate reads it
_RANKED = re.compile(
    r"\b(second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|\d+(?:st|nd|rd|th))-(\w+est)\b",
    re.I,
)


# the source's own words of a denial reworded here, which a reason quotes (agent/judge/_decision.py)
DENIED_IN_OTHER_WORDS = re.compile(
    r"\b(?:is|are|was|were|been)\s+(?:free (?:of|from)\s+[\w-]+|[a-z]+-free\b|"
    r"ineffective (?:against|in)\s+[\w-]+)"
    # a plan denied: "has no plans to ban TikTok", "denied reports that it would cut 10,000 jobs"
    r"|\b(?:has|have|had)\s+no\s+(?:plans?|intention)\s+to\s+[\w-]+(?:\s+\w[\w,-]*\w)?"
    r"|\b(?:denied|denies)\s+(?:\w+\s+)?(?:that\s+)?(?:it|he|she|they)\s+would\s+[\w-]+(?:\s+\w[\w,-]*\w)?",
    re.I,
)
_INEFFECTIVE = re.compile(r"\b(is|are|was|were|be|been)\s+ineffective\s+(against|in)\b", re.I)
_HAVING = re.compile(r"\b(contain|has|have|had)(?:s|ed)?\b", re.IGNORECASE)
_FREE_OF = re.compile(
    r"\b(?P<be>is|are|was|were|has been|have been|had been|remains?|remained|becomes?|became)\s+"
    r"(?:(?:declared|certified|considered|completely|entirely|totally)\s+)?"
    r"(?:free (?:of|from)\s+(?P<what>\w[\w-]*)|(?P<compound>[a-z]+)-free\b)",
    re.IGNORECASE,
)
# the verb's form for each: the claim's verb in the sentence's tense and number
_PLURAL = frozenset(["are", "were", "have been", "remain", "become"])
_PAST = frozenset(["was", "were", "had been", "remained", "became"])
_HAVING_FORMS = {
    "contain": {"singular": "contains", "plural": "contain", "past": "contained"},
    "have": {"singular": "has", "plural": "have", "past": "had"},
}


def _free_of(claim: str, sentence: str) -> str:
    """ "is free of mercury" and "is mercury-free" said as the claim says what something has
    ("contains no mercury", "has no mercury"), so that its negation is read."""
    having = _HAVING.search(claim)
    if having is None:
        return sentence
    lemma = "contain" if having.group(1).lower() == "contain" else "have"

    def said(m: re.Match) -> str:
        be = m.group("be").lower()
        form = "past" if be in _PAST else "plural" if be in _PLURAL else "singular"
        verb = _HAVING_FORMS[lemma][form]
        return f"{verb} no {m.group('what') or m.group('compound')}"

    return _FREE_OF.sub(said, sentence)


# a superlative's scope said three ways: "the highest mountain on Earth", "… in the world", "the
# world's highest mountain" (a noun or two after it)
_SUPERLATIVE = (
    r"(?:(?:second|third|fourth|fifth|\d+(?:st|nd|rd|th))[\s-])?"  # "the world's second-deepest"
    r"(?:(?:most|least)\s+[a-z]+|[a-z]+est|best|worst)"
)
# what a place's superlative is said of: "Borovia's largest city" is "the largest city in Borovia"
_PLACED = (
    r"city|town|village|river|lake|mountain|peak|island|port|airport|museum|stadium|building|"
    r"tower|bridge|park|forest|desert|province|region|state|university|company|bank|employer|"
    r"newspaper|club|team|export|industry|cities|towns|rivers|lakes|mountains|islands|companies"
)
_PLACES_OWN = re.compile(
    rf"\b(?P<place>[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?)['’]s\s+(?P<top>{_SUPERLATIVE})\s+"
    rf"(?P<noun>(?:[a-z]+\s+)?(?:{_PLACED}))\b"
)
_WORLDS = re.compile(
    rf"\bthe\s+world['’]s\s+(?P<top>{_SUPERLATIVE})\s+(?P<noun>[a-z]+(?:\s+[a-z]+)?)"
    r"(?=\s*(?:[,.;:)]|$|\s+(?:is|are|was|were|has|have|had|and|with|in|of|at|by|for|on|to|that|which|who)\b))",
    re.I,
)
_ON_EARTH = re.compile(
    rf"\b(?P<said>the\s+(?:{_SUPERLATIVE})(?:\s+[a-z]+){{1,3}})\s+"
    r"(?:on\s+(?:Earth|earth|the\s+planet|our\s+planet|the\s+globe)|worldwide|in\s+the\s+whole\s+world)\b",
)


def world_scope(text: str, claim: str | None = None) -> str:
    """A superlative's scope said as "in the world": "the world's highest mountain" and "the
    highest mountain on Earth" are "the highest mountain in the world" (applied to the claim and
    to the sentence alike, so either way of saying it matches the other). A place's own ("Borovia's
    longest river" → "the longest river in Borovia") is said so in a claim, and in a sentence only
    where the claim says that very record ("president of Borovia's largest bank" stays a bank's)."""
    text = _WORLDS.sub(r"the \g<top> \g<noun> in the world", text)

    def placed(m: re.Match) -> str:
        said = f"the {m.group('top')} {m.group('noun')} in {m.group('place')}"
        if m.group("place").lower() == "world":
            return m.group(0)
        if claim is not None and said.lower() not in world_scope(claim).lower():
            return m.group(0)
        return said

    text = _PLACES_OWN.sub(placed, text)
    return _ON_EARTH.sub(r"\g<said> in the world", text)


# "kills 8 million people a year": "causes 8 million deaths a year", in the claim and the sentence
_KILLS = re.compile(
    r"\b(?P<verb>kills|killed|kill)\s+(?P<n>(?:more than |over |about |around |nearly |up to |at least |fewer than |less than )?"
    r"[\d.,]+(?:\s+(?:thousand|million|billion))?)\s+people\b"
)
_CAUSES = {"kills": "causes", "killed": "caused", "kill": "cause"}


def deaths_said(text: str) -> str:
    """ "kills 8 million people" said as "causes 8 million deaths", as health agencies say it."""
    return _KILLS.sub(lambda m: f"{_CAUSES[m.group('verb')]} {m.group('n')} deaths", text)


# a vote's tally, and its margin: "by 120 votes to 80" passed it by 40 votes
_TALLY = re.compile(r"\bby (\d[\d,]*) votes? to (\d[\d,]*)\b")
_MARGIN = re.compile(r"\bby (\d[\d,]*) votes?\b(?! to)")


def margin_said(claim: str, sentence: str) -> str:
    """ "rejected the treaty by 120 votes to 80" read as "by 40 votes" for a claim that gives a
    margin ("was rejected by 40 votes"), not a tally; a margin that is one side's count is left."""
    margin, tally = _MARGIN.search(claim), _TALLY.search(sentence)
    if margin is None or tally is None or _TALLY.search(claim):
        return sentence
    n, a, b = (int(x.replace(",", "")) for x in (margin.group(1), *tally.groups()))
    if n in (a, b) or a <= b:
        return sentence
    return f"{sentence[: tally.start()]}by {a - b} votes{sentence[tally.end() :]}"


# deeds listed before one doer: "directed, written, produced, and co-edited by James Cameron"
_DEED = r"[a-z][a-z-]*(?:ed|en|wn|de)"
_DEEDS = re.compile(rf"\b(?P<list>{_DEED}(?:,?\s+(?:and\s+)?{_DEED}|,\s*{_DEED}){{1,6}})\s+by\b")
_ITEM_SPLIT = re.compile(r",?\s+and\s+|,\s*")


def deed_last(claim: str, sentence: str) -> str:
    """A list of deeds before "by" with the claim's deed said last, next to its doer: "directed,
    written, produced, and co-edited by James Cameron" read as "written, produced, co-edited and
    directed by James Cameron" for a claim about who directed."""
    words = set(re.findall(r"[a-z-]+", claim.lower()))

    def last(m: re.Match) -> str:
        items = [x for x in _ITEM_SPLIT.split(m.group("list")) if x]
        mine = [x for x in items if x in words]
        if len(mine) != 1 or items[-1] == mine[0]:
            return m.group(0)
        rest = [x for x in items if x != mine[0]]
        return f"{', '.join(rest)} and {mine[0]} by"

    return _DEEDS.sub(last, sentence)


# "won the Pulitzer Prize in 1988 but never the Nobel Prize": the verb left out after "never"
_NEVER_THE = re.compile(
    r"\b(?P<verb>(?:was|were|has been|had been)\s+(?:awarded|given|granted|nominated\s+for)|won|"
    r"received|earned|has won|had won)\s+(?P<first>[^;()]+?)\s+but\s+never\s+"
    r"(?P<second>(?:the|an?|any)\s)"
)


def _never_said(m: re.Match) -> str:
    """ "… but never the Nobel Prize" with its verb: "… but was never awarded the Nobel Prize"."""
    verb = m.group("verb").split()
    said = f"{verb[0]} never {' '.join(verb[1:])}" if len(verb) > 1 else f"never {verb[0]}"
    return f"{m.group('verb')} {m.group('first')} but {said} {m.group('second')}"


def reworded(claim: str, sentence: str) -> str:
    """The sentence as the comparison reads it (this module's docstring)."""
    sentence = _NEVER_THE.sub(_never_said, sentence)
    sentence = deed_last(claim, margin_said(claim, sentence))
    sentence = _RANKED.sub(r"\1 \2", _free_of(claim, world_scope(deaths_said(sentence), claim)))
    sentence = _MOST_OF.sub(r"\1 ", sentence)  # "the second most-watched drama"
    if RANKED_BEST.search(sentence):  # "the second best-selling album" (as _restate reads it)
        sentence = BEST_OF.sub(r"\1 ", sentence)
    sentence = _HARDLY.sub(_hardly_said, sentence)  # "far from popular": "not popular"
    sentence = _TOWN_OF.sub(r"\g<name>", sentence)  # "born in the coastal town of Elbury"
    if "effective" not in claim.lower():  # "ineffective against viruses" denies "kills viruses"
        sentence = _INEFFECTIVE.sub(r"\1 not effective \2", sentence)
    return sentence
