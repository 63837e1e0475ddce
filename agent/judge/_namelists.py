"""A name in a sentence and the list it stands in: the whole name a few words lead to ("English"
→ "English rock band Pink Floyd"), the names listed after it ("Kenneth " Babyface " Edmonds, Tracey
Edmonds and Robert Teitel"), and whether it is one of a list joined by "and" or "or" ("Germany and
the Netherlands"; "Paris, France" is one place, not a list). Read by agent/judge/_slots.py, where
another name in the claim's name's place may refute."""

from __future__ import annotations

from agent.judge._text import _STOP, _Text


def names_from(s: _Text, a: int, b: int) -> str:
    """The name at tokens a..b with the names listed after it ("Kenneth " Babyface " Edmonds,
    Tracey Edmonds and Robert Teitel"), as the sentence writes them; only a list joined by "and" or
    "or" ("Paris, France" is one place, not a list); a word said of a name is shown with it
    ("the English rock band Pink Floyd": "English rock band Pink Floyd", not "English")."""
    b = _through_its_name(s, b)
    end, joined = b, False
    while end + 1 < len(s.tokens):
        nxt = s.tokens[end + 1]
        gap = s.raw[s.tokens[end].end : nxt.start].strip(' "“”')
        if gap not in {"", ","} or not (nxt.cap or nxt.low in {"and", "or"}):
            break
        if nxt.low in {"and", "or"}:
            if not (end + 2 < len(s.tokens) and s.tokens[end + 2].cap):
                break
            joined = True
        end += 1
    return s.raw[s.tokens[a].start : s.tokens[end if joined else b].end]


def listed(s: _Text, a: int, b: int) -> bool:
    """Is the name at tokens a..b one of a list joined by "and" or "or" ("Germany and the
    Netherlands", "Spain, Belgium and Germany")? "Paris, France" is one place, not a list."""
    tokens = s.tokens

    def name_at(k: int) -> int | None:  # the last token of a name starting at k ("the" allowed)
        k += k < len(tokens) and tokens[k].low == "the"
        if k >= len(tokens) or not tokens[k].cap:
            return None
        while k + 1 < len(tokens) and tokens[k + 1].cap and not _quoted_gap(s, k):
            k += 1
        return k

    end: int | None = b
    while end is not None and end + 1 < len(tokens):
        end = _past_its_side(s, end)  # "Ostrania to the north and Velmaria to the east"
        if end + 1 >= len(tokens):
            break
        if tokens[end + 1].low in {"and", "or"} and not _quoted_gap(s, end):
            return name_at(end + 2) is not None
        end = name_at(end + 1) if _quoted_gap(s, end) == "," else None
    before = a - 1 - (a > 0 and tokens[a - 1].low == "the")
    return before > 0 and tokens[before].low in {"and", "or"} and tokens[before - 1].cap


_SIDES = frozenset(
    "north south east west northeast northwest southeast southwest north-east north-west "
    "south-east south-west".split()
)


def _past_its_side(s: _Text, end: int) -> int:
    """The last token of "to the north" (or "in the east", "on the west") right after the name
    ending at ``end``, else ``end``: a side said of each name of a list of neighbours."""
    words = [t.low for t in s.tokens[end + 1 : end + 4]]
    plain = not any(s.gap(k) for k in range(end, min(end + 3, len(s.tokens) - 1)))
    sided = len(words) == 3 and words[0] in {"to", "in", "on"} and words[1] == "the"
    return end + 3 if sided and plain and words[2] in _SIDES else end


def _quoted_gap(s: _Text, k: int) -> str:
    """``s.gap(k)`` with quote marks left out too ("Kenneth " Babyface " Edmonds")."""
    return s.gap(k).strip(' "“”')


def _through_its_name(s: _Text, b: int) -> int:
    """The last token of the name that the words after token b lead to, unbroken ("English" →
    "English rock band Pink Floyd"), or b where lower-case words lead to no name."""
    last = b
    for k in range(b + 1, min(b + 6, len(s.tokens))):
        tok = s.tokens[k]
        if s.raw[s.tokens[k - 1].end : tok.start].strip() or tok.low in _STOP:
            break
        if tok.cap:
            last = k
        elif last > b:
            break
    return last if last > b + 1 and not s.tokens[b + 1].cap else b
