"""Common English short forms of given names, as an encyclopaedia's opening gives the full one:
"Tom Hanks" is "Thomas Jeffrey Hanks", "Bill Gates" "William Henry Gates III". Read where a claim's
name is found by its surname with the given names before it (agent/judge/_text._find)."""

from __future__ import annotations

_SHORT = """
tom:thomas tommy:thomas bill:william will:william billy:william willie:william bob:robert
rob:robert bobby:robert robbie:robert mike:michael mick:michael jim:james jimmy:james jamie:james
joe:joseph joey:joseph dick:richard rick:richard ricky:richard rich:richard dave:david
dan:daniel danny:daniel chris:christopher matt:matthew nick:nicholas steve:steven steve:stephen
tony:anthony andy:andrew drew:andrew alex:alexander ben:benjamin sam:samuel ed:edward
eddie:edward ted:edward teddy:theodore charlie:charles chuck:charles jack:john johnny:john
kate:katherine kate:catherine katie:katherine cathy:catherine liz:elizabeth beth:elizabeth
betty:elizabeth jen:jennifer jenny:jennifer meg:margaret peggy:margaret maggie:margaret
pat:patrick pat:patricia fred:frederick freddie:frederick harry:henry hank:henry larry:lawrence
jerry:gerald ron:ronald ronnie:ronald don:donald ken:kenneth tim:timothy greg:gregory
jeff:jeffrey pete:peter phil:philip ray:raymond walt:walter zach:zachary gabe:gabriel sue:susan
vicky:victoria abby:abigail becky:rebecca sally:sarah nate:nathan nathaniel:nathan brad:bradley
al:albert al:alan al:alfred jon:jonathan josh:joshua leo:leonard lou:louis mitch:mitchell
"""
NICKNAMES: dict[str, frozenset[str]] = {}
for _pair in _SHORT.split():
    _short, _full = _pair.split(":")
    NICKNAMES[_short] = NICKNAMES.get(_short, frozenset()) | {_full}


def named_alike(given: str, said: set[str]) -> bool:
    """Is the claim's given name (lower-case) among the sentence's words ``said``, as written or
    in its full form ("tom" for "thomas")?"""
    return given in said or bool(NICKNAMES.get(given, frozenset()) & said)
