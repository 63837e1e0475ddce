"""The first part of a compound participle: "computer-animated" is animated (by a computer);
"non-animated" is not, and "Swedish-founded" says where, not that it was founded there."""

from __future__ import annotations

from agent.judge._lexicon import DEMONYMS, NATIONALITIES

_UNDOING = frozenset("non un anti pseudo quasi semi mock faux half never".split())


def by_its_means(head: str) -> bool:
    """Is the first part of a compound participle the means it was done by ("computer-animated",
    "hand-drawn"), not a denial ("non-animated") nor a people ("Swedish-founded": where)?"""
    return (
        head.isalpha()
        and head not in _UNDOING
        and head not in NATIONALITIES
        and head not in DEMONYMS
    )
