"""What a news sentence says in its own way, read plainly: who heads an organisation ("Mara
Quillon, chief executive of the Eskarian Rail Authority, …" says "Mara Quillon heads the Eskarian
Rail Authority"; "Quillon … is led by chief executive Anaya Bresk" says "Anaya Bresk heads
Quillon"), and where something no longer is ("moved its headquarters from Lusk to Castor City":
it is not headquartered in Lusk)."""

from __future__ import annotations

import re

from agent.judge._decision import Comparison, _decision

_NAME = r"[A-Z][\w'’.-]*(?:\s+(?:of\s+(?:the\s+)?|for\s+)?[A-Z][\w'’.-]*)*"
_ROLE = (
    r"chief\s+executive(?:\s+officer)?|CEO|managing\s+director|director(?:-general)?|head|"
    r"president|chair(?:man|woman|person)?|leader|boss|governor|dean|rector|commissioner|"
    r"secretary-general"
)
# "Mara Quillon, chief executive of the Eskarian Rail Authority", "Dr Anika Rosz, director of …"
_APPOSED_ROLE = re.compile(
    rf"(?P<name>(?:Dr\.?\s+|Prof\.?\s+)?{_NAME}),\s+(?:the\s+|its\s+)?(?:(?:new|current|interim|"
    rf"acting|founding)\s+)?(?P<role>{_ROLE})\s+of\s+(?P<org>(?:the\s+)?{_NAME})"
)
# "Quillon chief executive Anaya Bresk", "Eskarian Rail Authority boss Mara Quillon"
_ROLE_BEFORE = re.compile(rf"(?P<org>{_NAME})(?:'s|’s)?\s+(?P<role>{_ROLE})\s+(?P<name>{_NAME})")
# "Quillon, founded in 2001 by …, is led by chief executive Anaya Bresk"
_LED_BY = re.compile(
    rf"^(?P<org>{_NAME})\b[^.;]*?\b(?:is|are)\s+(?:now\s+)?(?:led|headed|run)\s+by\s+"
    rf"(?:(?:its|the)\s+)?(?:(?P<role>{_ROLE})\s+)?(?P<name>{_NAME})"
)
# a claim about who leads, heads or runs something
_LEADS = re.compile(
    rf"\b(?:heads?|headed|leads?|led|runs?|ran|{_ROLE})\b|\bin\s+charge\s+of\b", re.IGNORECASE
)


def leader_readings(sentence: str, claim: str) -> list[str]:
    """ "X heads Y" and "X is the <role> of Y" for each head of an organisation the sentence names,
    where the claim speaks of who leads something; [] otherwise."""
    if not _LEADS.search(claim):
        return []
    out = []
    for pattern in (_APPOSED_ROLE, _ROLE_BEFORE, _LED_BY):
        for m in pattern.finditer(sentence):
            name, org, role = m.group("name"), m.group("org"), m.group("role") or "head"
            if name == org:
                continue
            out += [f"{name} heads {org}.", f"{name} is the {role} of {org}."]
    return out


_MOVED = re.compile(
    r"\b(?:moved|relocated|transferred|shifted)\s+(?:(?:its|their|his|her|the)\s+)?"
    rf"(?P<what>[a-z]+(?:\s+[a-z]+)?\s+)?from\s+(?P<old>{_NAME})\s+to\s+(?P<new>{_NAME})"
)
_NOW = re.compile(r"\b(?:is|are|has|have)\b|\b\w+(?<!s)s\b")
_BEFORE = re.compile(r"\b(?:was|were|had|used to|formerly|previously|once|until|before|from)\b")


def moved_away(claim: str, sentence: str) -> Comparison | None:
    """A refutation where the claim says something is (now) in a place the sentence says it moved
    from: "Velmora is headquartered in Lusk" against "Velmora moved its headquarters from Lusk to
    Castor City"; None otherwise."""
    m = _MOVED.search(sentence)
    if m is None or _BEFORE.search(claim) or not _NOW.search(claim):
        return None
    old, new = m.group("old"), m.group("new")
    said = lambda name: re.search(rf"\b{re.escape(name)}\b", claim) is not None  # noqa: E731
    if not said(old) or said(new):
        return None
    return _decision(
        "refutes",
        "substitution",
        f"the claim says {old}; the source says it moved from {old} to {new}",
    )
