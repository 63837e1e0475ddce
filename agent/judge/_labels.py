"""Who else is said to have done the claim's doer's deed without contradicting it: the label that
issues an artist's record, the people of a place that did it. Moved out of
agent/judge/_roles.py (``_other_agent`` reads it)."""

from __future__ import annotations

from agent.judge import _lexicon as lex
from agent.judge._demonyms import its_people
from agent.judge._described import CORPORATE
from agent.judge._text import _Tok

_FIRM = CORPORATE | frozenset(
    """
records recordings music entertainment pictures studios studio films productions publishing press
networks media games
""".split()
)
_ISSUED = frozenset("release publish distribute issue market".split())


def _a_company(name: str) -> bool:
    """Does the name end as a company's does ("Island Records", "Apple Inc.")?"""
    return len(name.split()) > 1 and name.split()[-1].rstrip(".").lower() in _FIRM


def a_label(doer: str, names: list[_Tok], verb: str) -> bool:
    """A company that issues what the claim's doer made ("Amy Winehouse released Back to Black"
    against "… released … by Island Records"): both are said to release it. Or the people of the
    doer's place ("Obrelia was invaded by Karsenian forces" for "Karsenia invaded Obrelia")."""
    said = " ".join(t.text for t in names)
    if len(names) == 1 == len(doer.split()) and its_people(doer.lower(), names[0].low):
        return True
    return bool(lex.lemmas(verb) & _ISSUED) and _a_company(said) and not _a_company(doer)
