"""What an encyclopaedia's sentence about a film, an album, a book or a series says in the words a
claim uses, read where the claim's parts are compared (``agent/judge/_restate.py``):

* "Velmora is a 2004 American drama film" says the film came out in 2004: "Velmora was released in
  2004" (the claim's own verb: released, premiered, published, came out, debuted);
* "… a 2004 film starring Kira Dane, Paul Orsen and Mia Lott" says "Kira Dane starred in Velmora"
  (for a name the claim gives);
* "… a television series that aired on NBC from 2003 to 2007" says it premiered in 2003 and ended
  in 2007 (for a claim about its start or its end);
* "Paul Orsen is an American actor, known for his role as Jack Stone in Velmora" says "Paul Orsen
  played Jack Stone in Velmora" (for a claim of who played whom);
* "Principal photography took place in Tessa in 2003" says the film was filmed in Tessa (for a
  claim of where a work was filmed or shot; the work the sentence names, else the claim's).
"""

from __future__ import annotations

import re

from agent.judge._text import _Text

_KINDS = (
    r"(?:feature |short |animated |documentary |television |TV |web |mini-?)?"
    r"(?:film|movie|album|EP|single|song|novel|novella|book|video game|game|series|sitcom|"
    r"miniseries|serial|documentary|musical|play|opera|soundtrack|mixtape|comedy|drama|"
    r"thriller|show|programme|program)s?"
)
# the work named first, then what it is: "Velmora is a 2004 American drama film"
_WORK = re.compile(
    r"^\s*(?P<name>(?:The\s+)?[A-Z0-9\"“][^,;()]{0,60}?)\s+(?:is|was)\s+(?:an?|the)\s+"
    r"(?:(?P<year>1[89]\d\d|20\d\d)\s+)?(?:[\w'’-]+\s+){0,5}?(?P<kind>" + _KINDS + r")\b"
)
# who wrote a book: "a 1998 novel by Borovian writer Tom Vell"
_WRITTEN_BY = re.compile(
    r"(?:novel|novella|book|poem|play|short story|memoir|biography)s?\s+by\s+(?:(?:[A-Z][a-z]+n|"
    r"[a-z]+)\s+)*(?P<author>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3})"
)
_WROTE = re.compile(r"\b(?:written|wrote|authored|penned)\b")
# who recorded an album or a song: "the debut studio album by the Borovian rock band The Glass Keys"
_RECORDED_BY = re.compile(
    r"(?:album|EP|single|song|mixtape)s?\s+by\s+(?:the\s+)?(?:(?:[A-Z][a-z]+n|[a-z]+)\s+)*"
    r"(?P<artist>[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*){0,3})"
)
_RECORDED = re.compile(r"\b(?P<verb>recorded|performed|released|sung)\s+by\b")
# a character in a work: "Nick Brody is a fictional character in the Borovian television series
# Night Lines" says he appears in Night Lines
_CHARACTER = re.compile(
    r"^\s*(?P<name>[A-Z][^,;()]{0,60}?)\s*(?:,[^;]{1,80}?,\s*)?\s+(?:is|was)\s+an?\s+"
    r"(?:(?:fictional|main|recurring|supporting|title)\s+)*character\s+(?:in|on|from)\s+"
    r"(?P<rest>[^,;.()]+)"
)
_APPEARS = re.compile(r"\b(?P<verb>appears|appeared|features|featured)\s+in\b")
_RELEASED = re.compile(
    r"\b(?P<verb>released|premiered|published|issued|debuted|came out|first aired|first shown)\b",
    re.I,
)
_STARRING = re.compile(
    r"\b(?:starring|stars|featuring)\s+(?P<names>[A-Z][^;()]*?)"
    r"(?=\s*(?:[,.;]|\band\s+(?:is|was|written|directed|produced|released)\b|\b(?:as|in|with|who|"
    r"which)\b)|$)"
)
_NAMES = re.compile(r"\s*(?:,\s*(?:and\s+)?|\s+and\s+)\s*")
_ACTED = re.compile(
    r"\b(?P<verb>star(?:red|s)?|appear(?:ed|s)?|act(?:ed|s)?|featured?|play(?:ed|s)?)\s+in\b", re.I
)  # and the bare verb of a denial's positive reading: "did not appear in" is read "appear in"
_AIRED = re.compile(
    r"\b(?:aired|ran|was broadcast|broadcast|was shown)\s+(?:on\s+(?:[A-Z][\w&'-]*\s+){1,3})?"
    r"(?:for\s+(?:\w+\s+){1,2}(?:seasons|series|years),?\s+)?"  # "ran for five seasons, from"
    r"from\s+(?P<first>1[89]\d\d|20\d\d)\s+(?:to|until|till)\s+(?P<last>1[89]\d\d|20\d\d)\b"
)
# a work whose run the sentence gives first: "Night Lines ran for five seasons, from 2012 to 2017"
_RAN = re.compile(
    r"^\s*(?P<name>(?:The\s+)?[A-Z0-9\"“][^,;()]{0,60}?)(?=\s+(?:aired|ran|was\s+broadcast)\b)"
    r"(?P<year>)(?P<kind>)"
)
_STARTED = re.compile(r"\b(?P<verb>premiered|debuted|began|started|launched|first aired)\b", re.I)
_ENDED = re.compile(r"\b(?P<verb>ended|finished|concluded|was cancell?ed|last aired)\b", re.I)


# an actor's part: "known for his role as Jack Stone in Velmora (2004)"
_ROLE = re.compile(
    r"^\s*(?P<name>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3})\s+(?:\([^()]*\)\s+)?(?:is|was)\b"
    r"[^;]*?\b(?:his|her|their)\s+(?:role|roles|portrayal)\s+(?:as|of)\s+"
    r"(?P<part>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3})\s+(?:in|on)\s+"
    r"(?P<work>[A-Z\"“][\w'’:-]*(?:\s+[A-Z0-9][\w'’:-]*){0,5})"
)
# where a film was made: "Principal photography for Velmora took place in Tessa"
_MONTHS = (
    r"(?:January|February|March|April|May|June|July|August|September|October|November|December)"
)
_PHOTOGRAPHY = re.compile(
    r"^\s*(?:Principal\s+photography|Filming|Shooting)\s+(?:(?:for|on|of)\s+(?:the\s+film\s+)?"
    r"(?P<work>[A-Z\"“][^,;]*?)\s+)?(?:took\s+place|began|started|occurred|was\s+done|lasted)\s+"
    r"(?:[^,;]*?\s)??in\s+(?!" + _MONTHS + r"\b)(?P<place>[A-Z][^;()]*?)"
    r"(?=\s+(?:in|on|from|during|between|and\s+(?:ended|lasted|finished|wrapped))\b|\s*[.;(]|$)"
)
_FILMED = re.compile(r"^\s*(?P<work>.+?)\s+(?:was|were)\s+(?P<verb>filmed|shot)\s+(?:\w+\s+)?in\b")
# an actor's parts: "known for her roles in The Long Tide (2004), Glass Harbour (2007) and …"
_ROLES = re.compile(
    r"^\s*(?P<name>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3})\s+(?:\([^()]*\)\s+)?(?:is|was)\b"
    r"[^;]*?\b(?:known|famous|noted|recogni[sz]ed|remembered)\s+for\s+(?:his|her|their)\s+"
    r"(?:(?P<kind>film|movie|television|TV|stage|screen|leading|starring|supporting)\s+)?"
    r"roles?\s+in\s+"
    r"(?P<works>[^;]+)"
)
_YEAR_AFTER = re.compile(r"\s*\((?:[^()]*\b(?:1[89]\d\d|20\d\d)\b[^()]*)\)")
_PLAYED = re.compile(r"\b(?P<verb>played|plays|portrayed|portrays|starred as|stars as)\b", re.I)


_FILMS = frozenset(["films", "movies", "a film", "a movie", "film", "feature films"])
_FILMS_NAMED = re.compile(r"(?:the\s+)?(?:films|movies)\s+(?:such\s+as\s+|including\s+)?", re.I)


def roles_readings(sentence: str, claim: str) -> list[str]:
    """ "Kessa Marlow is an actress known for her roles in The Long Tide (2004) and Nightfall" says
    "Kessa Marlow starred in The Long Tide" (the claim's verb, for a work of the list the claim
    names; the list is not all she played in, so it refutes nothing)."""
    roles, acted = _ROLES.match(sentence), _ACTED.search(claim)
    if roles is None or acted is None:
        return []
    named = claim[acted.end() :].strip(' .!"“”').lower()
    works = _YEAR_AFTER.sub("", roles.group("works")).rstrip(" .")
    films = _FILMS_NAMED.match(works)  # "her roles in the films Velmora and Tessa Nights"
    works = works[films.end() :] if films else works
    listed = [w.strip(' "“”').lower() for w in _NAMES.split(works) if w.strip()]
    filmed = films is not None or (roles.group("kind") or "").lower() in {"film", "movie"}
    kind = _FILMS if filmed else ()
    if named not in listed and named not in kind:  # "acted in movies": "her film roles in …"
        return []
    return [f"{roles.group('name')} {acted.group('verb')} in {claim[acted.end() :].strip(' .')}."]


def _title_after_a_noun(words: list[str]) -> str | None:
    """The first run of capitalised words after a lower-case one and before a preposition or the
    end ("the American television series Night Lines on BTV": Night Lines), or None."""
    for k in range(1, len(words)):
        if words[k][:1].isupper() and words[k - 1][:1].islower():
            end = k
            while end < len(words) and words[end][:1].isupper():
                end += 1
            if end == len(words) or words[end] in _AFTER_A_TITLE:  # not "the American series"
                return " ".join(words[k:end])
    return None


_AFTER_A_TITLE = frozenset("on in from by at for with and which that".split())


# "Ana Roske (born 1950) is a Borovian writer and the author of the novel Tessa Nights (2005)"
_AUTHOR_OF = re.compile(
    r"^\s*(?P<name>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3})\s+(?:\([^()]*\)\s+)?(?:is|was)\s+"
    r"(?:[^;]*?\b(?:and|as)\s+)?(?:best\s+known\s+as\s+)?the\s+author\s+of\s+(?P<what>[^;,]+)"
)


# a role claimed in a work: "Ryan Gosling played Ken in Barbie"
_ROLE_IN = re.compile(
    r"^\s*(?P<who>[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){0,3})\s+(?P<verb>played|plays|portrayed|"
    r"portrays|starred as|stars as)\s+(?:the role of\s+)?(?P<role>(?:the\s+)?[A-Z][\w.'’-]*"
    r"(?:\s+[A-Z][\w.'’-]*){0,3})\s+in\s+(?P<work>[A-Z][^.;]*?)\s*[.!]?\s*$"
)
_CAST_VERB = re.compile(r"\b(?:stars|starring|starred|co-stars|co-starring|features|featuring)\b")


def cast_as(sentence: str, claim: str) -> list[str]:
    """ "Barbie (2023) … stars Margot Robbie in the title role and Ryan Gosling as Ken" says "Ryan
    Gosling played Ken in Barbie": the actor's role in the work the sentence casts, said with the
    claim's verb (one actor, one role in a work: "… as Allan" refutes "played Ken")."""
    m = _ROLE_IN.match(claim)
    if m is None or m.group("work") not in sentence or not (cast := _CAST_VERB.search(sentence)):
        return []
    who = re.escape(m.group("who"))
    part = re.compile(
        rf"\b{who}\s+as\s+(?P<r>(?:the\s+)?[A-Z][\w.'’-]*(?:\s+[A-Z][\w.'’-]*){{0,3}})"
    )
    said = part.search(sentence, cast.end())
    if said is None:
        return []
    return [
        f"{m.group('who')} {m.group('verb')} {said.group('r').rstrip('.')} in {m.group('work')}."
    ]


def work_readings(sentence: str, claim: str) -> list[str]:
    """The sentence's statements about its work that the claim's words ask for, as sentences."""
    if cast := cast_as(sentence, claim):
        return cast
    role, played = _ROLE.match(sentence), _PLAYED.search(claim)
    if role and played:  # "known for his role as Jack Stone in Velmora": he played Jack Stone
        part, work = role.group("part"), role.group("work").strip('"“”')
        return [f"{role.group('name')} {played.group('verb')} {part} in {work}."]
    shot, filmed = _PHOTOGRAPHY.match(sentence), _FILMED.match(claim)
    if shot and filmed:  # "Principal photography took place in Tessa": it was filmed in Tessa
        work = (shot.group("work") or filmed.group("work")).strip('"“” ')
        return [f"{work} was {filmed.group('verb')} in {shot.group('place')}."]
    who, verb = _CHARACTER.match(sentence), _APPEARS.search(claim)
    title = _title_after_a_noun(who.group("rest").split()) if who and verb else None
    if who and verb and title:  # "… in the Borovian series Night Lines on BTV": Night Lines
        return [f"{who.group('name')} {verb.group('verb')} in {title}."]
    if (author := _AUTHOR_OF.match(sentence)) and _WROTE.search(claim):  # "is the author of the
        return [f"{author.group('name')} wrote {author.group('what').rstrip('. ')}."]  # novel X"
    m = _WORK.match(sentence) or _RAN.match(sentence)  # "Night Lines ran from 2012 to 2017"
    if m is None:
        return roles_readings(sentence, claim)
    name, out = m.group("name").strip('"“” '), []
    if (author := _WRITTEN_BY.match(sentence, m.end() - len(m.group("kind")))) and _WROTE.search(
        claim
    ):
        out.append(
            f"{name} was written by {author.group('author').rstrip('.')}."
        )  # "a 1998 novel by Tom Vell"
    recorded, by = _RECORDED_BY.search(sentence, m.start("kind") if m.group("kind") else 0), None
    if recorded and (by := _RECORDED.search(claim)):  # "the debut album by … The Glass Keys"
        out.append(f"{name} was {by.group('verb')} by {recorded.group('artist').rstrip('.')}.")
    if m.group("year") and (verb := _RELEASED.search(claim)):  # "a 2004 … film"
        out.append(f"{name} {verb.group('verb')} in {m.group('year')}.")
    acted = _ACTED.search(claim)
    if acted and (cast := _STARRING.search(sentence, m.end())):
        for actor in _NAMES.split(cast.group("names")):
            if actor and actor in claim:  # the claim's verb: "appeared in" is said by "starring"
                out.append(f"{actor} {acted.group('verb')} in {name}.")
    if aired := _AIRED.search(sentence, m.end()):
        if verb := _STARTED.search(claim):
            out.append(f"{name} {verb.group('verb')} in {aired.group('first')}.")
        if verb := _ENDED.search(claim):
            out.append(f"{name} {verb.group('verb')} in {aired.group('last')}.")
    return out


# an award won: "Kessa Marlow won an Academy Award for her role in Nightfall"
_WON = re.compile(
    r"^\s*(?P<name>[A-Z][^,;()]{0,60}?)\s+(?:\([^()]*\)\s+)?(?:has\s+)?(?:won|received)\s+"
    r"(?P<award>(?:an?|the)\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,4}"
    r"(?:\s+(?:in|of|for)\s+[A-Z][\w'’-]*(?:\s+[A-Z][\w'’-]*){0,3})?)"
)
_NOMINATED = re.compile(r"\b(?:was|were|has been|have been|been)\s+nominated\s+for\s+(?:an?|the)\s")


def award_readings(sentence: str, claim: str) -> list[str]:
    """ "Kessa Marlow won an Academy Award" says she was nominated for one, for a claim of a
    nomination with no count (one nominated five times may have won three)."""
    won, nominated = _WON.match(sentence), _NOMINATED.search(claim)
    if won is None or nominated is None:
        return []
    award = won.group("award").split(None, 1)[1]
    if not re.search(rf"\bnominated\s+for\s+(?:an?|the)\s+{re.escape(award)}\s*[.!]?\s*$", claim):
        return []  # that award, and no other: one who won an Oscar may be up for a Grammy
    return [f"{won.group('name')} {nominated.group(0)}{award}."]


# what a work's run is said with: "which premiered on …", "which was released in …"
_RUN = frozenset("premiered aired ran debuted concluded originally first".split())
_RUN_AFTER_BE = frozenset("released broadcast published cancelled renewed first originally".split())


def the_works_run(s: _Text, first: int, w: int) -> bool:
    """ "… a television series created by Vince Gilligan for AMC, which premiered on January 20,
    2008": a "which" after its creator or its network that tells of a run (premiered, aired, ran,
    was released) is the work's, the sentence's subject, not the name's."""
    if s.tokens[w].low != "which" or first == 0 or s.tokens[first - 1].low not in {"by", "for"}:
        return False
    nxt = [t.low for t in s.tokens[w + 1 : w + 3]]
    return bool(nxt) and (
        nxt[0] in _RUN or (nxt[0] in {"was", "is"} and nxt[1:2] and nxt[1] in _RUN_AFTER_BE)
    )
