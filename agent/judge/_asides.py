"""Where a negation in the sentence stands apart from what the claim says: a ", not …" after every
part of the claim that sets another thing against what the sentence states ("Antibiotics kill
bacteria, not viruses"), and a relative clause between commas that holds no part of the claim.
Read by agent/judge/_reading.py (moved out of agent/judge/_text.py)."""

from __future__ import annotations

from agent.judge._text import _STOP, _Text, _word_match


def set_against(c: _Text, s: _Text, at: int, placed: dict[int, int]) -> bool:
    """Is the sentence's negation at ``at`` a ", not …" (or "and not …") after every part of the claim that sets
    something the claim does not name against what the sentence states ("Antibiotics kill
    bacteria, not viruses" states that they kill bacteria)?"""
    return (
        s.tokens[at].low == "not"
        and 0 < at < len(s.tokens) - 1
        and (
            "," in s.raw[s.tokens[at - 1].end : s.tokens[at].start]
            or s.tokens[at - 1].low in {"and", "but"}  # "is a sphere and not flat"
        )
        and at - (s.tokens[at - 1].low in {"and", "but"})
        > max(placed.values(), default=len(s.tokens))
        and not any(_word_match(t.low, _set_word(s, at)) for t in c.tokens if t.low not in _STOP)
    )


def _set_word(s: _Text, at: int) -> str:
    """What ", not …" sets against: its first word past a preposition ("not through the air")."""
    return next((u.low for u in s.tokens[at + 1 : at + 4] if u.low not in _STOP | _VIA), "")


# prepositions of a way that the claim shares with what is set against ("through droplets, not
# through the air"): the thing set against is the word after them
_VIA = frozenset("through via across over under into onto within".split())


def in_aside(s: _Text, at: int, placed: dict[int, int]) -> bool:
    """Is the token at ``at`` in a relative clause between commas that holds no part of the claim
    ("Ana Roske, who lost the election in 2015, was elected …": the loss is another event), or in a
    participle's clause after all of them ("…, meaning the disease was no longer spreading")?"""
    start = s.raw.rfind(",", 0, s.tokens[at].start)
    end = s.raw.find(",", s.tokens[at].end)
    opener = s.raw[start + 1 :].split(None, 1)[:1] if start >= 0 else []
    if _trailing(opener, start, s, placed):
        return True  # "…, meaning the disease was no longer spreading there": its own clause
    if end < 0 or not opener or opener[0].lower() not in {"who", "which", "whose", "whom"}:
        return False
    return not any(start < s.tokens[k].start < end for k in placed.values())


# participles that open a clause telling what the statement before them means or does
_SEQUELS = frozenset(
    "meaning making leaving causing prompting allowing forcing ending bringing".split()
)


def _trailing(opener: list[str], start: int, s: _Text, placed: dict[int, int]) -> bool:
    """Is the comma at ``start`` followed by a participle's clause ("…, meaning …") after every
    part of the claim? What that clause denies is its own."""
    if not opener or opener[0].lower() not in _SEQUELS or not placed:
        return False
    return all(s.tokens[k].start < start for k in placed.values())
