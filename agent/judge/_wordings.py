"""More of a claim said in the sentence's words, where the sentence says it so: "the Spanish
capital" as "the capital of Spain", "a South American country" as "a country in South America",
and "ran for five seasons" as "after five seasons". Read by agent/judge/_claimwords.other_wordings."""

from __future__ import annotations

import re

from agent.judge._demonyms import COUNTRY_OF

_CONTINENT_OF = {
    "european": "Europe",
    "african": "Africa",
    "asian": "Asia",
    "south american": "South America",
    "north american": "North America",
    "central american": "Central America",
    "latin american": "Latin America",
    "oceanian": "Oceania",
    "caribbean": "the Caribbean",
}
_OF_A_PLACE = re.compile(
    r"\b(?P<the>the|an?) (?P<people>(?:South |North |Central |Latin )?[A-Z][a-z]+) "
    r"(?P<noun>capital|country|nation|state|city|town|island|region|province)\b"
)
_SEASONS = re.compile(r"\b(?:ran|runs|lasted|lasts|aired|went on)(?: for)? (?P<n>\S+) seasons\b")
_SEASONS_SAID = re.compile(
    r"\b(?P<how>after|over|lasting|spanning|across|with|(?:aired|ran|lasted) for) "
    r"(?:\S+ ){0,1}?\S+ seasons\b"
)


def more_wordings(claim: str, sentence: str) -> list[str]:
    """The claim said the way the sentence says it, for each phrase above it has."""
    said = []
    if place := _OF_A_PLACE.search(claim):
        people = place.group("people").lower()
        where = COUNTRY_OF.get(people) or _CONTINENT_OF.get(people)
        if where and re.search(rf"\b{re.escape(where)}\b", sentence):
            noun = place.group("noun")
            prep = "of" if noun == "capital" else "in"  # "the capital of Spain", "a city in Spain"
            said.append(
                claim[: place.start()]
                + f"{place.group('the')} {noun} {prep} {where}"
                + claim[place.end() :]
            )
    seasons, how = _SEASONS.search(claim), _SEASONS_SAID.search(sentence)
    if seasons and how:  # "ran for five seasons": "… concluded … after five seasons"
        said.append(
            claim[: seasons.start()]
            + f"{how.group('how')} {seasons.group('n')} seasons"
            + claim[seasons.end() :]
        )
    return said


# "…, making it the world's second-largest country by total area": the subject is that
_MAKING = re.compile(r",\s+making\s+(?:it|him|her|them)\s+(?P<rest>[^;]+?)\s*[.;]?\s*$")
_OPENING = re.compile(
    r"^(?P<name>(?:The\s+)?[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,4})\s+(?P<be>is|was|are|were)\b"
)


def making_it(sentence: str) -> list[str]:
    """ "Canada is a country … , making it the world's second-largest country by total area" says
    "Canada is the world's second-largest country by total area": what the subject is made."""
    made, opening = _MAKING.search(sentence), _OPENING.match(sentence)
    if made is None or opening is None:
        return []
    return [f"{opening.group('name')} {opening.group('be')} {made.group('rest')}."]


_ONLY_WORDS = frozenset(["only", "solely", "exclusively", "just"])


def named_with_another(lows: list[str], sentence: str) -> str | None:
    """The sentence's words where it names the claim's "only a singer" together with another
    ("became a singer and an actress", "a singer and actress, lives …"): the claim's "only" is not
    said there. ``lows``: the claim's words, lower-case."""
    at = next((i for i, w in enumerate(lows) if w in _ONLY_WORDS), None)
    if at is None or at + 2 >= len(lows) or lows[at + 1] not in ("a", "an"):
        return None
    noun = next((w for w in lows[at + 2 :] if w.isalpha()), "")  # "only a singer"
    if not noun or re.search(r"\b(?:only|solely|exclusively)\b", sentence, re.I):
        return None
    found = re.search(rf"\b{re.escape(noun)}s?(?:,|\s+and|\s*&)\s+(?:an?\s+)?[a-z][\w-]*", sentence)
    return found.group(0) if found else None
