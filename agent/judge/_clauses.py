"""A sentence of several clauses ("…; she married Tom Vell", "…; the idea that he was very
short is a myth", "… formed in 2008 …; drummer Tovan Reik joined the band in 2011"): what the
whole sentence's comparison may not read across them."""

from __future__ import annotations

from collections.abc import Sequence

from agent.judge._carried import leading_name
from agent.judge._framing import framed
from agent.judge._text import _analyse


def said_in_one(claim: str, clauses: Sequence[str]) -> bool:
    """Does a later clause give every number of the claim (so a refutation by another number
    across the clauses reads one clause's figure for another's)?"""
    mine = _analyse(claim).numbers
    return bool(mine) and any(
        all(any(q.within(r) for r in _analyse(clause).numbers) for q in mine) for clause in clauses
    )


def frames_any(clauses: Sequence[str]) -> bool:
    """Does one of the clauses call something false ("the idea that … is a myth")?"""
    return any(next(framed(clause), None) is not None for clause in clauses)


def named_later(claim: str, clauses: Sequence[str]) -> bool:
    """Is the claim's subject named first in a clause after the first?"""
    c = _analyse(claim)
    name = leading_name(c) if c.units else None
    where = [k for k, clause in enumerate(clauses) if name and name in clause]
    return bool(where) and where[0] > 0
