"""Relations that hold of many things at once. A drug treats fever and headaches, a gene regulates
growth and death, smoking causes lung cancer and heart disease: "Aspirin treats fever" names
another thing in the place of "headaches", but does not deny it — unlike "is headquartered in",
"was directed by" or "is broken down by the liver", which hold of one. And a finding in one group
("reduced mortality in men") says nothing of another ("in women"). Read for agent/judge/compare.py's
one-part-missing comparison, after agent/judge/_slots.py has found what stands in the part's
place."""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._letters import with_its_word
from agent.judge._quantities import Quantity
from agent.judge._shares import GROUPS
from agent.judge._text import _STOP, _Text

# verbs of effect, cause, treatment and composition a science or health desk reads, and of what a
# firm makes or sells, and whom a country borders: each may hold of several objects at once, so another object in the claim's
# place is no refutation (nor is another school one graduated from or studied at)
_MANY = frozenset(
    """
treat cure heal cause prevent increase raise boost reduce decrease lower inhibit block bind
effective activate regulate modulate affect target infect express encode contain include induce trigger
stimulate suppress promote improve worsen protect damage enhance impair mediate alleviate relieve
attenuate exacerbate aggravate influence limit prolong shorten accelerate delay facilitate
link associate correlate relate predict make manufacture produce sell export import grow
graduate study attend visit speak border neighbour neighbor
""".split()
)
# groups a finding is restricted to: "in men" says nothing of women
_GROUPS = GROUPS | frozenset(
    "man woman boy girl male males female females child adult infant teenagers non-smokers mice "
    "rats".split()
)
_AS_SAID = {
    "graduate": "graduate from",  # "one can graduate from both"
    "study": "study at",
    "attend": "attend",
    "visit": "visit",
    "effective": "be effective against",
    "link": "be linked to",
    "associate": "be associated with",
    "correlate": "correlate with",
    "relate": "be related to",
}
_ONE = dict.fromkeys(["graduate", "study", "attend", "visit", "speak"], "one") | dict.fromkeys(
    ["border", "neighbour", "neighbor"], "a country"
)  # a person or a country, not "one thing"
# nouns a number after names a kind with: "type 1", "stage 3", "group B"
_LABELS = frozenset("type types subtype serotype strain group class grade stage stages".split())
_RESTRICTING = frozenset({"in", "among", "for"})
_SAYS = re.compile(r"the source says (?:the opposite, )?“?(?P<other>[^”;]+)”?$")


def held_of_many(c: _Text, missing: int, slot: Comparison | None) -> Comparison | None:
    """The slot's substitution or opposite, unless the claim's relation may hold of both: then
    the source names another thing and leaves the claim's open (a partial match, no refutation)."""
    if slot is None or slot.stance != "refutes" or slot.rule not in {"substitution", "direction"}:
        return slot
    unit = c.units[missing]
    first = unit.tokens[0].index
    m = _SAYS.search(slot.reason)
    other = m.group("other").strip() if m else "something else"
    before = c.tokens[first - 1].low if first > 0 else ""
    mine = with_its_word(c.tokens, first, unit.tokens[-1].index, unit.text)  # "influenza A"
    if before in _RESTRICTING and unit.tokens[-1].low in _GROUPS:
        return _decision("neutral", "partial", f"the source says it of {other}, not of {unit.text}")
    if slot.rule != "substitution":
        return slot
    verb = _relation_before(c, first)
    if verb is None:
        return slot
    return _decision(
        "neutral",
        "partial",
        f"the source names {other}, not {mine}; {_ONE.get(verb, 'one thing')} can"
        f" {_AS_SAID.get(verb, verb)} both",
    )


def labelled_of_many(c: _Text, conflict: tuple[Quantity, Quantity]) -> Comparison | None:
    """A number that names a kind ("type 1 diabetes", "stage 3 cancer") after a relation that may
    hold of several kinds ("increases the risk of"): another kind in the source is no conflict."""
    q, other = conflict
    at = next((t.index for t in c.tokens if t.start >= q.start), None)
    if at is None or at == 0 or c.tokens[at - 1].low not in _LABELS:
        return None
    verb = _relation_before(c, at - 1)
    if verb is None:
        return None
    label = c.tokens[at - 1].low
    return _decision(
        "neutral",
        "partial",
        f"the source names {label} {other.text}, not {label} {q.text}; one thing can"
        f" {_AS_SAID.get(verb, verb)} both",
    )


def _relation_before(c: _Text, first: int) -> str | None:
    """The many-valued verb the claim's part is the object of, within a few words before it
    ("treats headaches", "is used to treat asthma", "increases the risk of stroke")."""
    seen = 0
    for tok in reversed(c.tokens[:first]):
        if tok.cap:
            return None  # another name between: "binds to receptor R1" keeps its kind of reading
        if tok.low == "by":
            return None  # the doer of a passive ("is caused by a bacterium"): one cause named
        if tok.low in _STOP:
            continue
        hit = sorted(lex.lemmas(tok.low) & _MANY)
        if hit:
            return hit[0]
        seen += 1
        if seen > 3:
            return None
    return None
