"""A claim that denies, read through what it denies.

"The film was not directed by Ana Roske" is the denial of "The film was directed by Ana Roske". A
source that plainly refutes the positive claim — another name in its slot ("directed by Bel
Tamsin"), another number, the opposite direction, a negation, the myth framed as false — supports
the denial; a source that plainly states the positive refutes it. A guard on the positive (a hedge,
a report, another subject) guards the denial too. Only a denial of the claim's own verb counts: one
"not", "n't", "never" or "something other than" in the main clause, and no other negation ("not
only", "not all" and a denial inside "who …" or "because …" are left alone).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from agent.judge import _lexicon as lex
from agent.judge._cues import _LOST
from agent.judge._decision import GUARDS, Comparison, _decision
from agent.judge._text import _Text

_AUX = r"is|are|was|were|am|does|do|did|has|have|had|could|would|should|must"
_DENIALS = (
    (
        re.compile(
            rf"\b({_AUX})\s+not\b(?!\s+(?:only|just|merely|all|every|always|the\s+only)\b)", re.I
        ),
        r"\1",
    ),
    (
        re.compile(
            rf"\b({_AUX})n[’']t\b(?!\s+(?:only|just|merely|all|every|always|the\s+only)\b)", re.I
        ),
        r"\1",
    ),
    (re.compile(r"\bcan(?:not|\s+not|[’']t)\b", re.I), "can"),
    (re.compile(r"\bwon[’']t\b", re.I), "will"),
    (re.compile(r"\bnever\s+(?!before\b|again\b)", re.I), ""),
    (re.compile(r"\b(?:something|anything)\s+other\s+than\s+", re.I), ""),
)
# any other negation, or a denial that may belong to a clause inside the claim
_OTHER_NEGATION = re.compile(
    r"\b(?:not|no|never|none|nobody|nothing|neither|nor|without|cannot)\b|n[’']t\b", re.I
)
_SUBORDINATE = re.compile(
    r"\b(?:who|whom|whose|which|that|when|where|while|because|although|though|if|unless|until)\b",
    re.I,
)


@dataclass(frozen=True)
class Denial:
    positive: str  # the claim without its denial
    cue: str  # the denial as the claim says it ("was not", "never")


def denial(claim: str) -> Denial | None:
    """The positive claim a claim denies, or None where the claim denies nothing plainly."""
    found = [(m, repl) for pattern, repl in _DENIALS for m in pattern.finditer(claim)]
    if len(found) != 1:
        return None
    m, repl = found[0]
    if _SUBORDINATE.search(claim, 0, m.start()):
        return None
    positive = claim[: m.start()] + m.expand(repl) + claim[m.end() :]
    positive = " ".join(positive.split())
    if _OTHER_NEGATION.search(positive) or len(positive.split()) < 3:
        return None
    return Denial(positive[0].upper() + positive[1:], m.group(0).strip())


_SAYS = re.compile(r"^the claim says (?P<mine>.+?); the source says (?P<other>.+)$")
_QUOTE = re.compile(r"“[^”]*”")
_OTHERWISE = frozenset({"substitution", "number", "direction"})


def judged_denial(
    said: Comparison | None, claim: Denial, as_written: Comparison | None, sentence: str = ""
) -> Comparison | None:
    """The decision on a denying claim from the decision on its positive (``said``); where that
    decides nothing, the decision on the claim as written (``as_written``: "never falls … twice"
    against "often falls … more than once"), but never a refutation that gives the denied slot
    to another (that supports a denial); then a guard of either."""
    if as_written is not None and as_written.rule in _OTHERWISE:
        as_written = None
    if said is not None and said.reason == NARROWER and not _denies_alike(claim, sentence):
        return said  # "never in a rock band" against "turned down … the rock band Queen"
    flipped = _flipped(said, claim) if said is not None and said.rule not in GUARDS else None
    for decision in (flipped, as_written, said):
        if decision is not None and decision.rule not in GUARDS:
            return decision
    return said if said is not None else as_written


def _denies_alike(claim: Denial, sentence: str) -> bool:
    """Does the sentence deny with the claim's own word ("has never won … in any category")?"""
    word = claim.cue.split()[-1].lower()
    return re.search(rf"\b{re.escape(word)}\b", sentence, re.I) is not None


# a denied time ("not after the war") is no clause: "the claim says it is not after the war"
_TIME_WORDS = frozenset("before after during since until".split())
_NOT_A_CLAUSE = _TIME_WORDS | {"a", "an", "the"}  # "it is not an Indian Tamil film"


def _flipped(said: Comparison, claim: Denial) -> Comparison | None:
    if said.stance == "supports":
        return _decision(
            "refutes",
            "negation",
            f"the claim says “{claim.cue}”; the source states it without negation",
        )
    if said.rule in _OTHERWISE:
        m = _SAYS.match(said.reason)
        if m is None:
            reason = (
                f"the claim says it is not so, and the source gives it otherwise ({said.reason})"
            )
        elif len(m["mine"].split()) >= 3 and m["mine"].split()[0].lower() not in _NOT_A_CLAUSE:
            reason = f"the claim denies that {m['mine']}, and the source says {m['other']}"
        else:
            reason = f"the claim says it is not {m['mine']}, and the source says {m['other']}"
        return replace(said, stance="supports", reason=reason)
    if said.rule == "negation":
        quote = _QUOTE.search(said.reason)
        return _decision(
            "supports",
            "same",
            f"the claim says “{claim.cue}”, and the source denies it too"
            + (f" ({quote.group(0)})" if quote else ""),
        )
    if said.rule == "framing":
        reason = said.reason.replace("calls the claim false", "calls what the claim denies false")
        return replace(said, stance="supports", reason=reason)
    return None


# words that deny what they modify: a fake Rembrandt is no Rembrandt, a dwarf planet no planet
_PRIVATIVE = frozenset(
    "fake counterfeit imitation replica forged faux mock pseudo toy so-called would-be".split()
)
_PRIVATIVE_OF = {"dwarf": frozenset({"planet", "planets"})}


def privative(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """A refutation where the sentence says one of the claim's parts with a word that denies it
    ("Pluto is a dwarf planet" for "Pluto is a planet", "a counterfeit Rolex"); None otherwise."""
    said = {t.low for t in c.tokens}
    for i, at in placed.items():
        unit, before = c.units[i], s.tokens[at - 1] if at > 0 else None
        if before is None or before.low in said:
            continue
        if before.low in _PRIVATIVE or unit.tokens[0].low in _PRIVATIVE_OF.get(before.low, ()):
            phrase = f"{before.text} {s.raw[s.tokens[at].start : s.tokens[at + len(unit.tokens) - 1].end]}"
            article = "an" if unit.text[:1].lower() in "aeiou" else "a"
            return _decision(
                "refutes",
                "negation",
                f"the source says “{phrase}”, and a {phrase} is not {article} {unit.text}",
            )
    return None


_RESTRICTING = frozenset(
    "in at on with for from by during before after since until against".split()
)
# words of degree or manner that narrow a denial to how something is done ("does not speak French
# fluently", "is not fully open")
_DEGREE = frozenset(
    "fluently well fully completely entirely always properly regularly often enough".split()
)


# a dose or a level said right after the subject narrows it: "at the levels used in water"
_DOSE = re.compile(
    r"\s+(?:at|in)\s+(?:the\s+)?(?:\w+\s+){0,2}(?:levels?|doses?|concentrations?|amounts?)\b", re.I
)


def _indefinite(c: _Text, k: int) -> bool:
    """Does "a" or "an" stand before the claim's word at ``k``, over at most two words before it
    ("a rock band")?"""
    for j in range(k - 1, max(k - 4, -1), -1):
        if c.tokens[j].low in {"a", "an"}:
            return True
        if c.tokens[j].cap or not c.tokens[j].low.isalpha() or c.tokens[j].low in {"the", "of"}:
            return False
    return False


def narrower_denial(c: _Text, s: _Text, placed: dict[int, int]) -> bool:
    """Does the sentence deny only a narrower statement than the claim ("Kessa Labs has no offices
    in Tessa" for "Kessa Labs has offices"; "no children with Bel Tamsin")? A place, a person or a
    year right after the claim's last word narrows it, and so does a word of degree ("does not
    speak French fluently"), a number said of the noun ("in patients over 65") or a word that says
    which ("in elderly patients"); a common noun alone does not ("do not cause autism in children"
    still refutes "vaccines cause autism")."""
    words = {t.low for t in c.tokens}
    if any(k and i and s.tokens[k - 1].low in _PART_OF - words for i, k in placed.items()):
        return True  # "ineffective against some bacteria" does not deny "kill bacteria"
    last = max(placed, key=lambda i: placed[i])
    if (
        last
        and c.units[last].tokens[-1].index == len(c.tokens) - 1
        and _kind_of(s, placed[last], c)
    ):
        return True  # "do not reduce the risk of haemorrhagic stroke" does not deny "of stroke"
    if 0 in placed and _DOSE.match(s.raw, s.tokens[placed[0] + len(c.units[0].tokens) - 1].end):
        return not _DOSE.search(c.raw)  # "Fluoride at the levels used in drinking water has not"
    last = max(placed, key=lambda i: placed[i])
    at = placed[last] + len(c.units[last].tokens)  # the sentence's word after the claim's last
    if at >= len(s.tokens) or s.gap(at - 1):
        return False  # the clause ends with the claim's words
    lost = [t.index for t in s.tokens[:-2] if t.low in _LOST and s.tokens[t.index + 2].low in _ROLE]
    if lost:  # "losing the role of Jimmy Brooks in Degrassi" denies only that role in it
        named = {t.low for t in s.tokens[lost[0] + 3 : lost[0] + 7] if t.cap}
        return not (named & words or _ROLE & words)
    if s.tokens[at].cap and _indefinite(c, c.units[last].tokens[0].index):
        return True  # "turned down an offer to join the rock band Queen" for "was in a rock band"
    if (
        s.tokens[at].low in {"in", "of", "for"}
        and at + 1 < len(s.tokens)
        and s.tokens[at + 1].low == "any"
    ):
        return False  # "has never won an Academy Award in any category": no narrower at all
    if s.tokens[at].low in _DEGREE:
        return True  # "does not speak French fluently"
    ages = s.tokens[at].low in {"under", "over", "aged", "below", "above", "older", "younger"}
    if ages and any(t.low[:1].isdigit() for t in s.tokens[at + 1 : at + 3]):
        return True  # "is not approved for children under 12"
    if at + 1 >= len(s.tokens):
        return False
    k = at + 1 + (s.tokens[at + 1].low == "the")  # "in the United States"
    if k >= len(s.tokens):
        return False
    preposition, after = s.tokens[at], s.tokens[k]
    if preposition.low not in _RESTRICTING or preposition.low in words or after.low in words:
        return False
    aged = any(t.text.isdigit() for t in s.tokens[k + 1 : k + 3])  # "in patients over 65"
    region = after.low in _REGIONS  # "free of malaria in the north"
    return after.cap or after.text.isdigit() or aged or region or _qualified(s, k)


NARROWER = "the source denies only a narrower statement than the claim"
_ROLE = frozenset(["role", "part"])  # "after losing the role of Jimmy Brooks"
# a part of a group or of a place: "some bacteria", "in the north"
_PART_OF = frozenset("some certain several many".split())
_REGIONS = frozenset(
    "north south east west northern southern eastern western central northeast northwest "
    "southeast southwest".split()
)


_MOST = frozenset({"most", "many", "nearly", "almost", "virtually", "practically"})


_DETERMINERS = frozenset("no any every all such other only own same whole entire".split())
# adjectives that name the thing itself, not a narrower kind: "the common cold" is the cold
_PLAIN = frozenset(
    "common usual ordinary typical normal regular general overall main major key real actual true "
    "known simple basic various different possible potential significant so-called".split()
)


def _kind_of(s: _Text, k: int, c: _Text) -> bool:
    """An adjective right before the claim's last word, a noun, in the sentence, that the claim
    does not have in any form: a narrower kind ("haemorrhagic stroke" for "stroke", "severe side
    effects"; not "does not lower IQ" for "lowers IQ")."""
    if k == 0 or s.gap(k - 1) or not lex.is_noun(s.tokens[k].low):
        return False
    word = s.tokens[k - 1].low
    if word in _MOST | _PART_OF | _DETERMINERS | _PLAIN or s.tokens[k - 1].cap:
        return False
    if lex.lemmas(word) & {lemma for t in c.tokens for lemma in lex.lemmas(t.low) | {t.low}}:
        return False
    return lex.is_adjective(word) and not lex.noun_only(word)


def _qualified(s: _Text, k: int) -> bool:
    """A noun with a word before it that says which ("in elderly patients", "in some cases"): a
    narrower group than the claim's, which a common noun alone is not ("in children"), nor most of
    them ("in most people")."""
    if k + 1 >= len(s.tokens) or s.gap(k):
        return False
    word, noun = s.tokens[k].low, s.tokens[k + 1].low
    if word in _MOST:
        return False  # "does not cure the common cold in most people" denies the claim
    return lex.is_adjective(word) and not lex.noun_only(word) and lex.is_noun(noun)
