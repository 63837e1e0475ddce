"""One thing said to be more so than another, and the sentence saying it the other way round:
"Tessa is larger than Velmar" against "Velmar is larger than Tessa", "Volcanoes emit more carbon
dioxide than humans" against "Humans emit more than 100 times as much carbon dioxide as volcanoes".
Leaves: the comparison's direction rule asks them."""

from __future__ import annotations

import re

from agent.judge._text import _Text

_COMPARED = re.compile(
    r"^\s*(?:the\s+)?(?P<a>[^,;]+?)\s+(?P<verb>is|are|was|were|\w+)\s+"
    r"(?P<cmp>(?:more|less)\s+\w+|\w+er|better|worse)\s+than\s+(?:the\s+)?(?P<b>[^,;]+?)\s*[.!]?\s*$",
    re.IGNORECASE,
)
_DEGREE = r"(?:(?:much|far|slightly|significantly|considerably|still|even)\s+)?"


def comparison_turned(c: _Text, s: _Text) -> str | None:
    """The reason, where the claim says one thing is more so than another ("Tessa is larger than
    Velmar") and the sentence says it the other way round ("Velmar is larger than Tessa"). A leaf."""
    m = _COMPARED.match(c.raw)
    if m is None or m.group("cmp").lower() in {"other", "rather", "never", "ever"}:
        return None
    a, verb, cmp, b = (re.escape(m.group(k)) for k in ("a", "verb", "cmp", "b"))
    turned = re.search(
        rf"\b{b}\s+{verb}\s+{_DEGREE}{cmp}\s+than\s+(?:the\s+)?{a}"
        r"(?=\s*(?:[.,;!]|$|and\b|but\b))",  # not "… than Ana Roske at chess": said of less
        s.raw,
        re.IGNORECASE,
    )
    return _quoted(m, turned)


def _quoted(m: re.Match[str], turned: re.Match[str] | None) -> str | None:
    """The reason quoting the claim's comparison and the sentence's turned one, or None."""
    if turned is None:
        return None
    return (
        f"the claim says “{m.group(0).strip().rstrip('.!')}”; the source says “{turned.group(0)}”"
    )


# "Volcanoes emit more carbon dioxide than humans": a claim that one does more of something
_MORE_OF = re.compile(
    r"^\s*(?:the\s+)?(?P<a>[^,;]+?)\s+(?P<verb>[a-z]+)\s+more\s+(?P<what>[\w-]+(?:\s+[\w-]+){0,2})"
    r"\s+than\s+(?:the\s+)?(?P<b>[^,;]+?)\s*[.!]?\s*$",
    re.IGNORECASE,
)


def amount_turned(c: _Text, s: _Text) -> str | None:
    """The reason, where the claim says one does more of something than another ("Volcanoes emit
    more carbon dioxide than humans") and the sentence says the other does more of it ("Humans
    emit more than 100 times as much carbon dioxide as volcanoes", "… more carbon dioxide than
    volcanoes"). A leaf."""
    m = _MORE_OF.match(c.raw)
    if m is None:
        return None
    a, verb, what, b = (re.escape(m.group(k)) for k in ("a", "verb", "what", "b"))
    times = r"(?:(?:more\s+than\s+|about\s+|nearly\s+|almost\s+)?(?:[\d,.]+|\w+)\s+times|twice)"
    turned = re.search(
        rf"\b{b}\s+{verb[:-1] if verb.endswith('s') else verb}\w{{0,3}}\s+"
        rf"(?:{_DEGREE}more\s+{what}\s+than|{times}\s+as\s+(?:much|many)\s+{what}\s+as"
        rf"|{times}\s+more\s+{what}\s+than)\s+(?:the\s+)?{a}(?=\s*(?:[.,;!]|$|and\b|but\b))",
        s.raw,
        re.IGNORECASE,
    )
    return _quoted(m, turned)


# "Tessa Rovers won the 2019 Cup": a claim that one won a contest
_WON_CLAIM = re.compile(
    r"^\s*(?P<who>[A-Z][^,;]*?)\s+(?:won|wins)\s+(?P<what>the\s+[^,;]+?)\s*[.!]?\s*$"
)
_NAME = r"[A-Z][\w'’.&-]*(?:\s+[A-Z][\w'’.&-]*){0,4}"


def beaten_winner(c: _Text, s: _Text) -> str | None:
    """The reason, where the claim says one won a contest ("Tessa Rovers won the 2019 Cup") and
    the sentence says another won it by beating the claim's ("Kessa United won the 2019 Cup,
    beating Tessa Rovers in the final"). A leaf."""
    m = _WON_CLAIM.match(c.raw)
    if m is None:
        return None
    who, what = re.escape(m["who"]), re.escape(m["what"].rstrip("."))
    said = re.search(
        rf"(?P<other>{_NAME})\s+(?:won|wins|claimed|took)\s+{what}\b[^.;]{{0,40}}?,?\s+"
        rf"(?:after\s+)?(?:beating|defeating|with\s+a\s+win\s+over)\s+(?:the\s+)?{who}\b",
        s.raw,
    )
    if said is None or said["other"].lower() == m["who"].lower():
        return None
    return f"the claim says {m['who']} won; the source says “{said.group(0)}”"


# the two sides of "twice as many women as men", "more common in women than in men"
_SIDES_OF = re.compile(
    r"\b(?P<x>[a-z]+)\s+(?P<cmp>as|than)\s+(?:in\s+|among\s+|for\s+)?(?:the\s+)?(?P<y>[a-z]+)\b"
)
_DEGREE_WORDS = re.compile(r"\b(?:twice|thrice|half|times|more|less|fewer|higher|lower)\b", re.I)
_NOT_SIDES = frozenset("well soon long much many far good likely possible such same".split())


def sides_swapped(c: _Text, s: _Text) -> str | None:
    """The reason, where the claim compares two groups ("Twice as many women as men have the
    disease") and the sentence compares them the other way round ("The disease is twice as common
    in men as in women"): the same degree, the two sides swapped. A leaf."""
    m = _SIDES_OF.search(c.raw)
    if m is None or not _DEGREE_WORDS.search(c.raw) or {m["x"], m["y"]} & _NOT_SIDES:
        return None
    x, y = m["x"], m["y"]
    pairs = {(n["x"], n["y"]) for n in _SIDES_OF.finditer(s.raw) if n["cmp"] == m["cmp"]}
    if (y, x) not in pairs or (x, y) in pairs or not _DEGREE_WORDS.search(s.raw):
        return None
    said = next(n.group(0) for n in _SIDES_OF.finditer(s.raw) if (n["x"], n["y"]) == (y, x))
    return f"the claim says “{m.group(0)}”; the source says it the other way round, “{said}”"


# "Ana Roske won the election with 52% of the vote, defeating Tom Vell"
_WON_BEATING = re.compile(
    rf"^\W*(?P<a>{_NAME})\s+(?:won|clinched|took)\s+(?P<what>the\s+[\w -]+?)"
    r"(?:\s+(?:with|by|in|on)\s+[^,;.]+)?,\s+(?:defeating|beating)\s+(?:the\s+)?"
    rf"(?P<b>{_NAME})"
)
# "Kessa United beat Tessa Rovers 2–1 in the cup final on Saturday"
_BEAT_IN = re.compile(
    rf"^\W*(?P<a>{_NAME})\s+(?:beat|defeated)\s+(?:the\s+)?(?P<b>{_NAME})"
    r"(?:\s+\d+\s*[–-]\s*\d+)?\s+in\s+(?P<what>the\s+[\w -]+?)(?=\s+(?:on|at|in)\b|[,;.]|$)"
)

_BEAT = re.compile(rf"^\W*(?P<a>{_NAME})\s+(?:beat|defeated)\s+(?:the\s+)?(?P<b>{_NAME})")


def contest_readings(sentence: str) -> list[str]:
    """A contest's result said both ways: "A won the election, defeating B" says A defeated B and
    B lost the election; "A beat B 2–1 in the cup final" says A won the cup final and B lost it."""
    m = _WON_BEATING.search(sentence)
    if m is not None:
        return [f"{m['a']} defeated {m['b']}.", f"{m['b']} lost {m['what']}."]
    m = _BEAT_IN.search(sentence)
    if m is not None:
        return [f"{m['a']} won {m['what']}.", f"{m['b']} lost {m['what']}."]
    m = _BEAT.search(sentence)  # "Torvan United defeated Ossel City 2-0 at the Harken Stadium"
    return [f"{m['b']} lost to {m['a']}.", f"{m['a']} won against {m['b']}."] if m else []
