"""The nationalities the comparison stage tells apart, written by hand beside WordNet (which lists
them as adjectives with no kind to compare): one in the place of another is a substitution."""

from __future__ import annotations

import re

from agent.judge._decision import Comparison, _decision

# Nationalities of sovereign states, one per state, none inside another ("English" is inside
# "British", "Taiwanese" and "Chinese" are contested): one in the place of another is a substitution.
DEMONYMS = frozenset(
    """
afghan albanian algerian angolan argentine argentinian armenian australian austrian azerbaijani
bangladeshi belarusian belgian bolivian bosnian brazilian british bulgarian cambodian cameroonian
canadian chilean chinese colombian congolese croatian cuban cypriot czech danish dominican dutch
ecuadorian egyptian estonian ethiopian filipino finnish french georgian german ghanaian greek
guatemalan haitian honduran hungarian icelandic indian indonesian iranian iraqi israeli italian
jamaican japanese jordanian kazakh kenyan kuwaiti latvian lebanese libyan lithuanian malaysian
maltese mexican moroccan nepalese nigerian norwegian pakistani palestinian panamanian paraguayan
peruvian polish portuguese qatari romanian russian rwandan saudi senegalese serbian singaporean
slovak slovenian somali spanish sudanese swedish swiss syrian tanzanian thai tunisian turkish
ugandan ukrainian uruguayan uzbek venezuelan vietnamese yemeni zambian zimbabwean
""".split()
)

# "American" is the United States' own (a Mexican is North American, not American)
NATIONALITIES = DEMONYMS | {"american"}

# the country each nationality is of ("German-born" is born in Germany), and the four nations of
# the United Kingdom, whose people are born in them as much as in Britain
_COUNTRY_OF = """
afghan:Afghanistan albanian:Albania algerian:Algeria angolan:Angola argentine:Argentina
argentinian:Argentina armenian:Armenia australian:Australia austrian:Austria
azerbaijani:Azerbaijan bangladeshi:Bangladesh belarusian:Belarus belgian:Belgium bolivian:Bolivia
bosnian:Bosnia brazilian:Brazil british:Britain bulgarian:Bulgaria cambodian:Cambodia
cameroonian:Cameroon canadian:Canada chilean:Chile chinese:China colombian:Colombia
croatian:Croatia cuban:Cuba cypriot:Cyprus czech:Czechia danish:Denmark dutch:the_Netherlands
ecuadorian:Ecuador egyptian:Egypt estonian:Estonia ethiopian:Ethiopia filipino:the_Philippines
finnish:Finland french:France georgian:Georgia german:Germany ghanaian:Ghana greek:Greece
guatemalan:Guatemala haitian:Haiti honduran:Honduras hungarian:Hungary icelandic:Iceland
indian:India indonesian:Indonesia iranian:Iran iraqi:Iraq israeli:Israel italian:Italy
jamaican:Jamaica japanese:Japan jordanian:Jordan kazakh:Kazakhstan kenyan:Kenya kuwaiti:Kuwait
latvian:Latvia lebanese:Lebanon libyan:Libya lithuanian:Lithuania malaysian:Malaysia maltese:Malta
mexican:Mexico moroccan:Morocco nepalese:Nepal nigerian:Nigeria norwegian:Norway
pakistani:Pakistan panamanian:Panama paraguayan:Paraguay peruvian:Peru polish:Poland
portuguese:Portugal qatari:Qatar romanian:Romania russian:Russia rwandan:Rwanda
saudi:Saudi_Arabia senegalese:Senegal serbian:Serbia singaporean:Singapore slovak:Slovakia
slovenian:Slovenia somali:Somalia spanish:Spain sudanese:Sudan swedish:Sweden
swiss:Switzerland syrian:Syria tanzanian:Tanzania thai:Thailand tunisian:Tunisia turkish:Turkey
ugandan:Uganda ukrainian:Ukraine uruguayan:Uruguay uzbek:Uzbekistan venezuelan:Venezuela
vietnamese:Vietnam yemeni:Yemen zambian:Zambia zimbabwean:Zimbabwe american:the_United_States
english:England scottish:Scotland welsh:Wales irish:Ireland
"""
COUNTRY_OF = {
    pair.split(":")[0]: pair.split(":")[1].replace("_", " ") for pair in _COUNTRY_OF.split()
}

# nations within a state, and the state's own words: an English actor is a British actor
_WITHIN = {
    "british": "english scottish welsh cornish northern-irish england scotland wales",
    "britain": "english scottish welsh england scotland wales",
    "uk": "english scottish welsh england scotland wales british britain",
}


def within_another(a: str, b: str, first: bool = False) -> bool:
    """Is one of two nationality or country words within the other ("British", "English")?
    ``first``: is the second within the first?"""
    a, b = a.lower().replace(" ", "-"), b.lower().replace(" ", "-")
    return b in _WITHIN.get(a, "").split() or (not first and a in _WITHIN.get(b, "").split())


def held_within(claimed: str, said: str) -> Comparison | None:
    """ "British" against "an English actor" is stated; "English" against "a British actor" is not
    plain (Scottish is British too)."""
    if not within_another(claimed, said, first=True):
        return None
    return _decision("supports", "same", f"the source says {said}, which is {claimed}")


# "Ana Roske (born 1970) is a Canadian actress": the opening's subject and its nationality
_NATIONAL_OPENING = re.compile(
    r"^\s*(?P<name>[A-Z][\w.'’&-]*(?:\s+[A-Z][\w.'’&-]*){0,4})\s+(?:\([^()]*\)\s+)?(?P<be>is|was)\s+"
    r"an?\s+(?:[\w-]+\s+){0,2}?(?P<people>[A-Z][a-z]+)\s+[a-z]"
)
_FROM = re.compile(
    r"\b(?P<said>(?:is|was|comes|came)\s+from\s+(?:the\s+)?(?P<place>[A-Z][\w ]+?))\s*[.!]?\s*$"
)


def from_its_people(sentence: str, claim: str) -> list[str]:
    """ "Ana Roske is from Canada" read in "Ana Roske (born 1970) is a Canadian actress": the
    opening's nationality said as where its subject is from — only where that is the claim's place
    (a Canadian actress may have been born in Mexico: the nationality refutes no origin)."""
    claimed, opening = _FROM.search(claim), _NATIONAL_OPENING.match(sentence)
    if claimed is None or opening is None:
        return []
    country = COUNTRY_OF.get(opening.group("people").lower(), "")
    place = claimed.group("place")
    if country.lower().removeprefix("the ") != place.lower().removeprefix("the "):
        return []
    return [f"{opening.group('name')} {claimed.group('said')}."]  # the claim's verb: "is from"


def its_people(place: str, word: str) -> bool:
    """Is ``word`` the adjective of the place's people ("karsenian" for "karsenia")?"""
    return word != place and word.startswith(place[:-1]) and word.endswith(("n", "ese", "ish"))
