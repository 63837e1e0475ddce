"""Phrases that say a claim word in a sentence beyond WordNet's synonyms ("lead to" for "cause",
"located" for "is in"), and which of them say it only weakly: "is linked to" says less than
"causes", "treats" less than "cures". A weaker phrase is matched so that its negation refutes the
claim ("there is no link between", "does not treat"); said plainly it supports nothing
(agent/judge/_reasons.py)."""

from __future__ import annotations

# a gas's formula and its name: "CO2" is said by "carbon dioxide"
FORMULAS = {
    "co2": "carbon dioxide",
    "ch4": "methane",
    "n2o": "nitrous oxide",
    "o3": "ozone",
    "so2": "sulfur dioxide",
    "no2": "nitrogen dioxide",
}

# a claim word's lemma → phrases that say it in a sentence
PARAPHRASES: dict[str, tuple[str, ...]] = {
    "cause": (
        "cause",
        "causes",
        "caused",
        "causing",
        "lead to",
        "leads to",
        "led to",
        "result in",
        "results in",
        "resulted in",
        "increase the risk of",
        "increases the risk of",
        "raise the risk of",
        "link between",
        "association between",
        "linked to",
        "linked with",
        "link with",
        "trigger",
        "triggers",
        "responsible for",
        "spread",
        "spreads",
    ),
    "spread": (
        "spread",
        "spreads",
        "transmit",
        "transmits",
        "transmitted",
        "cause",
        "causes",
        "carry",
        "carries",
    ),
    "cure": (
        "cure",
        "cures",
        "cured",
        "treat",
        "treats",
        "heal",
        "heals",
        "effective against",
        "eliminate",
    ),
    "prevent": (
        "prevent",
        "prevents",
        "protect against",
        "protects against",
        "effective against",
        "stop",
        "stops",
    ),
    "locate": ("located", "situated", "lies", "stands", "sits", "is in", "lie"),
    "main": ("main", "predominant", "principal", "primary", "chief"),
    "air": ("air", "airs", "aired", "broadcast", "broadcasts", "screened", "shown on"),
    # the disease as the press names it ("5G spreads the coronavirus"; WHO: "… spread COVID-19")
    "coronavirus": ("coronavirus", "covid-19", "covid", "sars-cov-2"),
    "found": ("founded", "came into existence", "was established", "was created"),
    "participate": (
        "participate",
        "participates",
        "participated",
        "take part",
        "takes part",
        "took part",
        "part in",
        "role in",
        "involved in",
    ),
    "dead": ("died", "dead"),  # "is dead": a death the source dates
    "die": (
        "died",
        "dies",
        "lost her life",
        "lost his life",
        "lost their lives",
        "was killed",
        "were killed",
    ),
    "kill": (
        "kill",
        "kills",
        "killed",
        "killing",
        "effective against",
        "work against",
        "works against",
    ),
}
# "had no effect on blood pressure" denies that it lowers it; "has an effect on" says less
_EFFECT = ("effect on", "effects on", "impact on", "influence on")
_CHANGING = "reduce lower raise increase decrease improve boost worsen slow lessen".split()
PARAPHRASES |= {verb: _EFFECT for verb in _CHANGING} | {"affect": _EFFECT}
PARAPHRASES["cure"] += ("work against", "works against")
PARAPHRASES["people"] = ("inhabitants", "residents")  # "3.4 million people": "… inhabitants"
PARAPHRASES["build"] = ("built", "completed", "constructed", "erected")  # "completed in 1931"
PARAPHRASES["mountain"] = ("mountain", "peak", "mount")  # "the highest peak in Ostrania"
PARAPHRASES["annual"] = ("annual", "annually", "every year", "each year", "yearly")
PARAPHRASES["annually"] = ("annually", "annual", "every year", "each year", "yearly")
PARAPHRASES["play"] = ("play", "plays", "played", "competes in", "competed in", "compete in")
PARAPHRASES["play"] += ("portrayed", "portraying", "portrays", "portray")  # a role: "played Harry"
PARAPHRASES["leave"] = ("left", "leaves", "leave", "withdrew from", "withdraws from", "exited")
PARAPHRASES["beat"] = ("beat", "beats", "defeated", "defeats", "defeat", "overcame", "won against")
PARAPHRASES["defeat"] = ("defeated", "defeats", "defeat", "beat", "beats", "overcame")
PARAPHRASES["last"] = ("last", "bottom", "final")  # "finished bottom"; "her final album"
PARAPHRASES["final"] = ("final", "last")
PARAPHRASES["series"] = ("series", "sitcom", "miniseries")  # "an American animated sitcom"
PARAPHRASES["show"] = ("sitcom", "miniseries", "series")  # "a show": "a television series"
PARAPHRASES["inhabitant"] = ("inhabitants", "residents", "population")  # "a population of"
PARAPHRASES["population"] = (
    "population",
    "inhabitants",
    "residents",
)  # "of some 80,000 inhabitants"
# where an organisation is "based" its headquarters are, and the other way round
PARAPHRASES["base"] = ("headquartered",)
PARAPHRASES["headquarter"] = ("based",)
# a corporation, a conglomerate, a firm is a company ("a South Korean multinational manufacturing
# conglomerate" says "a South Korean company"); one way only
PARAPHRASES["company"] = ("corporation", "conglomerate", "firm", "manufacturer")
PARAPHRASES["receive"] = tuple(  # a prize "received": "was awarded", not "X awarded Y the prize"
    f"{be} awarded" for be in "was were been is are".split()
)
PARAPHRASES["native"] = ("native", "endemic", "indigenous")  # endemic: native there alone
PARAPHRASES["tv"] = ("tv", "television")  # "a TV actor": "a television actor"
PARAPHRASES["television"] = ("television", "tv")
# a level reached, as a source says it: "hits 10%", "reached 10%" for "rose to 10%", "stood at"
_LEVEL = tuple(
    f"{verb} to"
    for verb in "rose rise rises risen climbed climbs grew grows increased increases jumped jumps "
    "surged surges soared soars fell falls fallen dropped drops declined declines".split()
) + ("reach", "reaches", "reached", "hit", "hits", "stood at", "stands at")
PARAPHRASES["reach"] = _LEVEL
PARAPHRASES["hit"] = _LEVEL
PARAPHRASES["happen"] = ("happened", "occurred", "took place", "fought", "held")  # a battle, a vote
# "worked with Aron Vesk" is said by "collaborated with Aron Vesk"
PARAPHRASES["work"] = ("collaborated", "collaborates", "collaborate", "collaborating")
PARAPHRASES["book"] = ("book", "books", "novel", "novels", "novella")  # a novel is a book
PARAPHRASES["accident"] = ("accident", "crash", "collision")  # "killed in a car crash"
PARAPHRASES["base"] = ("based", "headquartered", "headquarters")  # "headquartered in Malmo"

# claim words a sentence may say with a weaker word, matched so that the weaker word's negation
# refutes ("there is no link between", "does not treat") — said plainly, the weaker word supports
# nothing: the claim word's lemma → (the weaker words, what the claim says)
WEAKER: dict[str, tuple[frozenset[str], str]] = {
    "cause": (frozenset(["link", "links", "linked", "association"]), "that one causes the other"),
    "cure": (
        frozenset("treat treats treated treating effective work works".split()),
        "that it cures it",
    ),
    "kill": (frozenset(["effective", "work", "works"]), "that it kills it"),
} | {
    verb: (frozenset(["effect", "effects", "impact", "influence"]), f"that it {verb}s it")
    for verb in _CHANGING
}
# what a weaker word says, for a reader
WEAKER_SAYS = {
    "link": "that they are linked",
    "association": "that they are linked",
    "treat": "that it treats it",
    "effective": "that it is effective against it",
    "work": "that it works against it",
    "effect": "that it has an effect on it",
    "impact": "that it has an effect on it",
    "influence": "that it has an effect on it",
}
