"""Opposites this project writes itself, beside WordNet's antonyms (the lexicon's table,
agent/judge/_lexicon.py, adds them when it loads): directional words WordNet does not pair, one
frequency against another, a change against no change; deeds of which one follows the other (a
factory that closed had opened); and opposite deeds a newsroom reports."""

from __future__ import annotations


def word_pairs(*pairs: tuple[str, str]) -> frozenset[frozenset[str]]:
    """Unordered pairs of words, to look up either way round: ``frozenset((a, b)) in pairs``."""
    return frozenset(frozenset(pair) for pair in pairs)


# Directional words WordNet does not pair as antonyms (or pairs only in a rare sense), written here.
_EXTRA_ANTONYMS = [
    ("rise", "fall"),
    ("form", "disband"),
    ("found", "dissolve"),
    ("rise", "decline"),
    ("rise", "drop"),
    ("increase", "decrease"),
    ("increase", "decline"),
    ("increase", "fall"),
    ("increase", "drop"),
    ("increase", "reduce"),
    ("grow", "shrink"),
    ("grow", "decline"),
    ("expand", "shrink"),
    ("expand", "decline"),
    ("expand", "contract"),
    ("gain", "lose"),
    ("accept", "decline"),  # "declined the award"
    ("kindness", "cruelty"),
    ("older", "younger"),  # "the older brother of", "the younger sister of"
    ("elder", "younger"),
    ("success", "flop"),  # a box-office success and a box-office bomb or flop
    ("success", "bomb"),
    ("hit", "flop"),
    ("win", "lose"),
    ("higher", "lower"),
    ("high", "low"),
    ("more", "less"),
    ("more", "fewer"),
    ("most", "least"),
    ("largest", "smallest"),
    ("biggest", "smallest"),
    ("longest", "shortest"),
    ("tallest", "shortest"),
    ("deepest", "shallowest"),
    ("oldest", "youngest"),
    ("eldest", "youngest"),  # "the eldest child of Queen Elizabeth II"
    ("elder", "younger"),
    ("oldest", "newest"),
    ("first", "last"),
    ("north", "south"),
    ("east", "west"),
    ("northern", "southern"),
    ("eastern", "western"),
    ("before", "after"),
    ("above", "below"),
    ("improve", "worsen"),
    ("retreat", "advance"),
    # what a finding says of a cause (a science desk's, stop 61)
    ("inhibit", "promote"),
    ("inhibit", "activate"),
    ("inhibit", "stimulate"),
    ("inhibit", "enhance"),
    ("suppress", "promote"),
    ("suppress", "activate"),
    ("suppress", "stimulate"),
    ("suppress", "enhance"),
    ("upregulate", "downregulate"),
    ("required", "dispensable"),
    ("essential", "dispensable"),
    ("impair", "improve"),
    ("impair", "enhance"),
    ("strengthen", "weaken"),
    ("accept", "reject"),
    ("approve", "reject"),
    ("allow", "ban"),
    ("allow", "forbid"),
    ("legal", "illegal"),
    ("safe", "dangerous"),
    ("safe", "harmful"),
    ("effective", "ineffective"),
    ("true", "false"),
    ("alive", "died"),  # "is alive" against "died in 2010"
    ("cut", "add"),  # "cut 500 jobs" against "added 500 jobs"
    ("living", "died"),
    ("success", "failure"),
    ("succeed", "fail"),
    ("open", "close"),
    ("opened", "closed"),
    ("cheap", "expensive"),
    ("hot", "cold"),
    ("warm", "cool"),
    ("wet", "dry"),
    ("full", "empty"),
    ("heavy", "light"),
    ("fast", "slow"),
    ("strong", "weak"),
    ("rich", "poor"),
    ("major", "minor"),
    ("maximum", "minimum"),
    ("inside", "outside"),
    ("private", "public"),
    ("male", "female"),
    ("alive", "dead"),
    ("arrive", "depart"),
    ("entered", "left"),
    ("import", "export"),
    ("positive", "negative"),
    ("majority", "minority"),
    ("real", "fictional"),
    ("real", "fictitious"),
    ("real", "imaginary"),
    ("true", "fictional"),
    ("profit", "loss"),
    ("surplus", "deficit"),
    ("victory", "defeat"),
    ("pass", "reject"),
    ("acquit", "convict"),
    ("grow", "contract"),
    ("relegate", "promote"),
    ("relegation", "promotion"),
]
# how often, one against another: "a daily newspaper" / "a weekly newspaper"
_OFTEN = "hourly daily weekly fortnightly monthly quarterly annual biennial".split()
_EXTRA_ANTONYMS += [(a, b) for k, a in enumerate(_OFTEN) for b in _OFTEN[k + 1 :]]
# how a figure moves in a market or statistics report, up against down: "revenue grew" / "revenue
# fell", "shares plunged" / "shares rose", "inflation eased" / "inflation climbed"
UP_MOVES = "rise grow increase climb surge soar jump rebound rally".split()
DOWN_MOVES = "fall drop decline decrease slip sink plunge slump tumble shrink contract dip ease slide".split()
_EXTRA_ANTONYMS += [(up, down) for up in UP_MOVES for down in DOWN_MOVES]
# a change against no change: "unemployment fell" / "unemployment remained unchanged", "raised
# rates" / "held rates steady"
_EXTRA_ANTONYMS += [
    (change, still)
    for change in ["raise", "cut", "lower", *UP_MOVES, *DOWN_MOVES]
    for still in ("unchanged", "steady", "stable", "flat")
]


_SEQUENCES = word_pairs(
    ("open", "close"),
    ("open", "shut"),
    ("hire", "fire"),
    ("hire", "dismiss"),
    ("employ", "fire"),
    ("enter", "exit"),
    ("enter", "leave"),
    ("arrive", "depart"),
    ("arrive", "leave"),
    ("start", "stop"),
    ("start", "finish"),
    ("start", "end"),
    ("begin", "end"),
    ("begin", "finish"),
    ("join", "leave"),
    ("marry", "divorce"),
    ("buy", "sell"),
    ("appoint", "dismiss"),
    ("build", "demolish"),
    ("found", "dissolve"),
    ("launch", "end"),
    ("birth", "death"),
    ("live", "die"),
)


# Opposite deeds a newsroom reports that WordNet does not pair as antonyms (ours, not WordNet's):
# "supports the ban" / "opposes the ban", "signed the bill" / "vetoed the bill"
_NEWS_OPPOSITES = word_pairs(
    ("well", "poorly"),  # "sold well" / "sold poorly" (WordNet pairs "well" with "badly")
    ("support", "oppose"),
    ("endorse", "oppose"),
    ("uphold", "overturn"),
    ("sign", "veto"),
    ("raise", "cut"),
    ("raise", "reduce"),
    ("raise", "lower"),
    ("increase", "lower"),
    ("boost", "reduce"),
    ("boost", "lower"),
    ("boost", "cut"),
    ("hike", "cut"),  # "hiked rates" / "cut rates"
    ("lift", "cut"),  # "lifted its benchmark interest rate" / "cuts rates"
    ("praise", "criticize"),
    ("praise", "criticise"),
    # a deed and its undoing, as an abstract says them ("downregulation activates the Ras-ERK
    # pathway" / "deactivates"): each named, not any "de-" word ("devote" undoes no "vote")
    ("activate", "deactivate"),
    ("activate", "inactivate"),
    ("stabilize", "destabilize"),
    ("stabilise", "destabilise"),
    ("methylate", "demethylate"),
    ("phosphorylate", "dephosphorylate"),
    ("acetylate", "deacetylate"),
    ("polymerize", "depolymerize"),
    ("sensitize", "desensitize"),
    ("hydrate", "dehydrate"),
    ("couple", "uncouple"),
    *((f"up{x}", f"down{x}") for x in ("regulate", "regulates", "regulated", "regulating")),
    *((f"up-{x}", f"down-{x}") for x in ("regulate", "regulates", "regulated", "regulating")),
)
