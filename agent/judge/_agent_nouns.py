"""A claim of what someone does said the way an encyclopaedia names them: "Ana Roske plays drums" is
"Ana Roske is a drummer", "Kobe Bryant played basketball" "… was a basketball player", "is a writer
of plays" "is a playwright" (agent/judge/compare.py reads the claim so too)."""

from __future__ import annotations

import re

# who plays an instrument, as an encyclopaedia names them
_PLAYERS = {
    "drums": "drummer",
    "guitar": "guitarist",
    "piano": "pianist",
    "violin": "violinist",
    "bass": "bassist",
    "cello": "cellist",
    "saxophone": "saxophonist",
    "trumpet": "trumpeter",
    "keyboards": "keyboardist",
    "organ": "organist",
    "harp": "harpist",
    "clarinet": "clarinetist",
    "trombone": "trombonist",
}
_PLAYS = re.compile(
    rf"^(?P<who>.+?)\s+(?P<verb>plays|played|does play|did play)\s+(?:the\s+)?"
    rf"(?P<what>{'|'.join(_PLAYERS)})\b"
    r"(?P<rest>[^,;]*?)\s*[.!]?\s*$"
)


# who plays a sport: "Kobe Bryant played basketball" is "… was a basketball player"
_PLAYS_SPORT = re.compile(
    r"^(?P<who>.+?)\s+(?P<verb>plays|played|does play|did play)\s+(?P<what>basketball|baseball|"
    r"football|soccer|tennis|golf|hockey|cricket|rugby|volleyball|chess|handball|snooker|darts)\b"
    r"(?P<rest>(?:\s+(?:professionally|for\s+[^,;]+?))?)\s*[.!]?\s*$"
)
_SPORT_PLAYERS = {
    "football": "footballer",
    "soccer": "footballer",
    "cricket": "cricketer",
    "golf": "golfer",
}
_WRITERS = {"plays": "playwright", "songs": "songwriter", "screenplays": "screenwriter"}
_WRITERS |= {"books": "author", "novels": "novelist", "poems": "poet", "poetry": "poet"}
_WRITER_OF = re.compile(rf"\ba writer of (?P<what>{'|'.join(_WRITERS)})\b", re.I)
_ACTED = re.compile(r"^(?P<who>.+?)\s+(?P<verb>has acted|acts|acted|has been acting)\s*[.!]?\s*$")
# "writes for a television show": "is a television writer"
_WRITES_FOR = re.compile(
    r"^(?P<who>.+?)\s+(?P<verb>writes|wrote|has written)\s+for\s+(?:a\s+|the\s+)?"
    r"(?P<what>television|TV|film|radio|theatre|theater)(?:\s+(?:shows?|series|programs?|programmes?))?"
    r"\s*[.!]?\s*$"
)


def agent_noun_claim(claim: str) -> str | None:
    """ "Ana Roske plays drums" and "… is a writer of plays" said as an encyclopaedia says it: "Ana
    Roske is a drummer", "… is a playwright"; None for any other claim."""
    if m := _WRITER_OF.search(claim):
        noun = _WRITERS[m.group("what").lower()]
        return (
            claim[: m.start()] + ("an " if noun[0] in "aeiou" else "a ") + noun + claim[m.end() :]
        )
    if m := _ACTED.match(claim.strip()):  # "Rihanna has acted": "… is an actress" says so
        return f"{m.group('who')} {'was' if m.group('verb') == 'acted' else 'is'} an actor."
    if m := _WRITES_FOR.match(claim.strip()):  # "Marjorie Gross writes for a television show"
        verb = "is" if m.group("verb") == "writes" else "was"
        return f"{m.group('who')} {verb} a {m.group('what').lower()} writer."
    m = _PLAYS.match(claim.strip()) or _PLAYS_SPORT.match(claim.strip())
    if m is None:
        return None
    verb = "was" if m.group("verb") in ("played", "did play") else "is"
    what = _PLAYERS.get(m.group("what")) or _SPORT_PLAYERS.get(
        m.group("what"), f"{m.group('what')} player"
    )
    return f"{m.group('who')} {verb} a {what}{m.group('rest')}."
