"""A measure's words read as its dimension (the comparison stage's tokens, agent/judge/_text.py):
"8,849 metres tall" and "taller than 300 metres" say a height, as "an elevation of 29,032 feet" does."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from typing import Any

# A measure's adjective after its quantity ("8,849 metres tall", "6,650 km long") names the
# quantity's dimension; it is read as that dimension, which a sentence also says with its noun
# ("an elevation of 29,032 feet"), and never as a noun of its own (WordNet lists "tall" as a noun of
# one kind with "elevation"). Elsewhere these words keep their meaning ("The tower is old").
MEASURES = {
    "height": ("tall", "high", "height", "elevation", "altitude"),
    "length": ("long", "length"),
    "depth": ("deep", "depth"),
    "width": ("wide", "broad", "width", "breadth"),
    "thickness": ("thick", "thickness"),
}
MEASURED = {adjective: f"<{dim}>" for dim, words in MEASURES.items() for adjective in words[:2]}
# and its comparative before "than" and a quantity: "taller than 300 metres" (the bound is the number's)
COMPARED = {"taller": "<height>", "shorter": "<height>", "higher": "<height>", "lower": "<height>"}
COMPARED |= {"longer": "<length>", "deeper": "<depth>", "shallower": "<depth>", "wider": "<width>"}
SAID_BY = {f"<{dim}>": frozenset(words) for dim, words in MEASURES.items()}
# a span of time before the word makes it a record, not a measure: "a 40-year high", "a 10-day low"
_SPAN = re.compile(r"(?:^|-)(?:years?|months?|weeks?|days?|decades?|centur(?:y|ies))$")


def measures_as_dimensions(tokens: list[Any], in_number: Callable[[Any], bool]) -> None:
    """In place: "8,849 metres tall" and "taller than 300 metres" read the word as the dimension."""
    for i, tok in enumerate(tokens):
        if (
            i
            and tok.low in MEASURED
            and in_number(tokens[i - 1])
            and not _SPAN.search(tokens[i - 1].low)
        ):
            tokens[i] = replace(tok, low=MEASURED[tok.low])
        elif tok.low in COMPARED and [t.low for t in tokens[i + 1 : i + 2]] == ["than"]:
            numbered = i + 2 < len(tokens) and in_number(tokens[i + 2])
            tokens[i] = replace(tok, low=COMPARED[tok.low]) if numbered else tok


# a measure said as an adjective before its noun: "a 310-metre skyscraper", "a 212-km river"
_HYPHENED = re.compile(
    r"\b\d[\d,.]*-(?:(?:kilo|centi|milli)?met(?:re|er)s?|km|foot|feet|ft|miles?|yards?|inch)"
    r"(?=\s+[a-z])"
)
_DIMENSION_WORDS = frozenset(w for words in MEASURES.values() for w in words)


def measured_as_claimed(claim: str, sentence: str) -> str:
    """ "The Tessa Tower is 300 metres tall" against "… a 310-metre skyscraper": a length before
    the noun it measures is the dimension the claim names, where the sentence names none ("a
    310-metre tall skyscraper"); else the sentence as it is."""
    claimed = {MEASURED.get(w) or COMPARED.get(w) for w in re.findall(r"[a-z]+", claim.lower())}
    claimed.discard(None)
    if len(claimed) != 1 or _DIMENSION_WORDS & set(re.findall(r"[a-z]+", sentence.lower())):
        return sentence
    adjective = MEASURES[claimed.pop().strip("<>")][0]  # "tall", "long", "deep"
    return _HYPHENED.sub(lambda m: f"{m.group(0)} {adjective}", sentence, count=1)
