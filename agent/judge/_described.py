"""What an article's opening calls its subject, against a claim that calls it something else.

"Ashley Graham is a US senator" against "Ashley Graham (born October 30, 1987) is an American
model"; "Marnie is a romantic film" against "Marnie is a 1964 American psychological thriller film
directed by Alfred Hitchcock"; "Colin Kaepernick is a poker player" against "… is an American
football quarterback". An encyclopaedia's opening sentence says what its subject is known as: a
person's trades, a work's kind and genre. Where it names none of the claim's, the claim is refuted
— read narrowly:

- a trade only against trades of another field (a table below, not WordNet's kinds: a
  "filmmaker" and a "film director" are one field, "entrepreneur" and "businessman" too), and
  only where no word of the sentence belongs to the claim's field ("… an Austrian actor and
  businessman who served as governor" names politics);
- a genre only against another genre on the same axis (a film's genre, a music genre, a sport),
  where the sentence never has the claim's genre word;
- nationalities only where the opening gives its subject's and none is the claim's;
- the sentence opens with the claim's subject, the words "is a" or "was a" follow it (a bracket
  or an aside between), and the claim says nothing but that its subject "is a …" (or works in a
  field, or does a deed a trade names: "was professionally involved in politics", "has yet to
  write for a television show").

A description is refuted here and supported only as "a person" (or "a human") where every item of
the opening is a trade (what the opening names supports through the other rules); a field or a
deed is stated where one of the opening's trades is of it.
"""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._lexicon import DEMONYMS, NATIONALITIES
from agent.judge._nicknames import named_alike
from agent.judge._restate import subject_restated
from agent.judge._trades import FIELD_NAMES, in_field, is_trade, trades_apart

_AXES = {
    "genre": """horror comedy thriller romantic romance action crime documentary fantasy western
    musical war medical legal police psychological epic historical pornographic erotic teen
    superhero spy espionage mystery disaster adventure biographical satirical mockumentary slasher
    melodrama sitcom fiction""",
    "music": """pop rock country jazz hip rap folk metal punk blues soul reggae classical dance
    electronic gospel dancehall grunge disco funk techno indie""",
    "sport": """football soccer basketball baseball tennis poker chess cricket rugby hockey golf
    volleyball boxing wrestling badminton snooker darts handball""",
}
_AXIS_OF = {word: axis for axis, words in _AXES.items() for word in words.split()}
_ALIKE = {"romance": "romantic", "pornography": "pornographic", "movie": "film", "sci": "fiction"}
# a genre within another is compared as that one: heavy metal is rock, a sitcom a comedy
_ALIKE |= {"slasher": "horror", "mockumentary": "comedy", "sitcom": "comedy", "espionage": "spy"}
_ALIKE |= dict.fromkeys("metal punk grunge indie alternative".split(), "rock")
_ALIKE |= dict.fromkeys("techno disco house".split(), "dance") | {"electronic": "dance"}
_ALIKE |= {"rap": "hip", "dancehall": "reggae"}
# a company by another name: "a South Korean multinational manufacturing conglomerate"
_ALIKE |= dict.fromkeys("corporation conglomerate firm multinational".split(), "company")
_PLAYERS_OF = {"footballer": "football", "cricketer": "cricket", "golfer": "golf"}
# what a work is: the head of a description a genre is said of ("drama" is a head, never a genre:
# "comedy-drama", "crime drama", "romantic drama" — a drama is of most genres)
_WORK_HEADS = frozenset(
    "film movie series show drama comedy thriller documentary western musical sitcom program "
    "programme album song single band group novel game miniseries".split()
)

# what a sport is said of
_TEAM_HEADS = frozenset("team club league competition tournament championship".split())

_CLAIM = re.compile(
    r"^(?P<subject>[A-Z][^,;()]*?) (?:is|was|are|were) (?:(?P<only>solely|only|exclusively|primarily) )?"
    r"(?P<article>an?) (?P<desc>[\w -]+?)\s*[.!]?\s*$"
)
_FIELD_CLAIM = re.compile(
    r"^(?P<subject>[A-Z][^,;()]*?) (?:(?P<no>(?:has|had) (?:no relation|nothing to do) (?:to|with)|"
    r"(?:has |had )?never (?:worked|been) in)|(?:is|was|has been|had been) (?:professionally )?"
    r"(?:involved|active|working|employed) in|works in|worked in|(?:has|had) a career in|"
    r"(?:is|was) part of) (?:the )?(?P<field>[a-z]+)(?P<industry> industry)?\s*[.!]?\s*$"
)
_OPENING = re.compile(
    r"^\W*(?P<name>[A-Z][^,;()]*?)\s*(?:\([^()]*(?:\([^()]*\)[^()]*)*\))?\s*(?:,[^,;]{1,60},)?"
    r"\s+(?:is|was|are|were)\s+(?P<article>an?|the)\s+(?P<desc>[^;(]+)"
)
# where an opening's description ends ("… film directed by", "… singer who rose to fame")
_ENDS = re.compile(
    r"\s(?:who|whom|whose|which|that|where|directed|written|starring|created|from|in|on|of|for|"
    r"by|with|at|known|best|located|based|founded|formed|released|produced|currently|first|"
    r"originally|organi[sz]ed|held|contested|owned|operated|headquartered|"
    r"and\s+(?:the|a|an|his|her|its|was|is|has|had|who))\b|[.,;:]\s*(?:who|which|"
    r"where|and\s+(?:the|a|an|his|her|its|was|is|has|had))\b|[.;:]"
)
# an opening's second description after "and a": "is a singer and an actress"
_AND_A = re.compile(r",?\s+and\s+(?:an?|the)\s+[\w-]+(?:\s+[a-z][\w-]*){0,2}")
_NO_CLAIM_WORDS = frozenset("and or of in on at by for from with that who which".split())


def described_otherwise(claim: str, sentence: str, name: str | None = None) -> Comparison | None:
    """The claim's "<subject> is a <description>" against the sentence's opening description of
    the same subject: refutes where the sentence names another trade of another field, or
    another genre on the same axis; else None. ``name``: the claim's subject, where the sentence
    opens the evidence, so that a pronoun it opens with is the subject ("She is a … model")."""
    if name is not None:
        sentence = subject_restated(name, sentence, pronoun=True) or sentence
    o = _OPENING.match(sentence)
    if o is None:
        return None
    f = _FIELD_CLAIM.match(claim.strip())
    if f is not None and _same_subject(f.group("subject"), o.group("name")):
        return _of_a_field(f, o, sentence)
    d = _DEED.match(claim.strip())
    if d is not None and _same_subject(d.group("subject"), o.group("name")):
        return _deed_of_the_trade(d, o)
    m = _CLAIM.match(claim.strip())
    if m is None or not _same_subject(m.group("subject"), o.group("name")):
        return None
    words = m.group("desc").split()
    if not words or _NO_CLAIM_WORDS & {w.lower() for w in words} or len(words) > 5:
        return None
    mine = _item(words)
    theirs = _items(o.group("desc"))
    if mine is None or not theirs or None in theirs:
        return None  # "a US President and …": a title, which the table does not read
    low = {w.lower().strip(".,;:()\"'") for w in sentence.split()}
    said = _said(o)
    mine_text = f"{m.group('article').lower()} {' '.join(words)}"
    more = _AND_A.match(o.group("desc"), len(_written(o.group("desc"))))  # "… and an actress"
    if m.group("only") in _SOLELY and (_also(mine, theirs) or (more and mine in theirs)):
        only = f"{m.group('only')} {mine_text}"
        tail = (
            re.sub(r"(?:\s+(?:of|in|for|at|by|with|from|on|to))+$", "", more.group(0))
            if more
            else ""
        )
        said = f"{said}{tail}"  # "a singer and an actress", "… and the founder"
        return _decision(
            "refutes", "substitution", f"the claim says {only}; the source says {said}"
        )
    apart = _nationality_apart(words, o.group("desc"), mine, theirs, low)
    if apart or _genre_apart(mine, theirs, low) or _trades_apart(mine, theirs, low):
        return _decision(
            "refutes", "substitution", f"the claim says {mine_text}; the source says {said}"
        )
    on_tv = {w.lower() for w in words} & {"tv", "television"}  # "TV" is no lower-case modifier
    if on_tv and mine[1] in _SHOWS and set(_written(o.group("desc")).lower().split()) & _ON_TV:
        return _decision("supports", "same", f"the source says {said}, a television {mine[1]}")
    if mine[1] in _ONE_OF_US and not mine[0] and all(_a_person(h) for _, h in theirs):
        return _decision("supports", "same", f"the source says {said}, a person")  # "a human"
    if mine[1] in _WORK_HEADS - {"band", "group"} and all(_a_person(h) for _, h in theirs):
        return _decision(
            "refutes", "substitution", f"the claim says {mine_text}; the source says {said}"
        )
    return None


_SOLELY = frozenset("solely only exclusively".split())
# what every one of a person's trades says they are: "Tom Hanks is a person" / "… an American actor"
_ONE_OF_US = frozenset("person human individual".split())
# a television show by its kind: "a Borovian sitcom" is a TV show
_SHOWS = frozenset("show series programme program".split())
_ON_TV = frozenset("sitcom miniseries telenovela soap".split())


def _also(mine: tuple[frozenset[str], str], theirs: list[tuple[frozenset[str], str]]) -> str:
    """What else the opening calls its subject beside the claim's one description ("a singer and
    actress": "actress"), where one of its items is the claim's; "" where none is, or no other."""
    mods, head = mine
    ours = [(m, h) for m, h in theirs if h == head and mods <= m]
    others = [h for m, h in theirs if h != head and not lex.hypernym_of(head, h)]
    others = [h for h in others if not lex.hypernym_of(h, head)]
    return " and ".join(others) if ours and others else ""


def _a_person(noun: str) -> bool:
    """Is the noun a trade or another word for a person ("actress", "murderer")?"""
    return is_trade(noun) or lex.category(noun) == "person"


# nationalities an opening gives: one per state, and "Korean" of either Korea ("a South Korean
# conglomerate" is no Japanese company; a North Korean one is not told apart from it here)
_PEOPLES = NATIONALITIES | {"korean"}


def _nationality_apart(
    words: list[str], desc: str, mine: tuple, theirs: list, low: set[str]
) -> bool:
    """ "Veeram is an Indian Tamil film" against "… is a 2014 Pakistani action film": the opening
    gives its subject's nationalities, none of them the claim's (an encyclopaedia names every
    country of a co-production; "French-born" may be French still)."""
    claimed = {w.lower() for w in words} & _PEOPLES
    said = {w.lower().strip(",") for w in _written(desc).split()} & _PEOPLES
    heads = {h for _, h in theirs}  # "a … company" against "a … conglomerate": one is the other
    if not claimed or not said or claimed & said:
        return False
    if mine[1] not in heads and not any(lex.hypernym_of(mine[1], h) for h in heads):
        return False
    return not any(n in part.split("-") for n in claimed for part in low)


def _of_a_field(f: re.Match, o: re.Match, sentence: str) -> Comparison | None:
    """ "Ann Richards was professionally involved in politics" against the opening's trades: one
    of the field's states it, trades of other fields only refute it."""
    word = f.group("field").lower()
    field, theirs = FIELD_NAMES.get(word), _items(o.group("desc"))
    if not theirs or None in theirs:
        return None
    low = {w.lower().strip(".,;:()\"'") for w in sentence.split()}
    named = {FIELD_NAMES.get(w) for m, _ in theirs for w in m} - {None}  # "a film producer"
    plain = [h for m, h in theirs if not {FIELD_NAMES.get(w) for w in m} - {None}]
    decided: bool | None = any(word in m or word == h for m, h in theirs) or field in named
    if not decided:  # the trades the description's words do not place; a word out of the table
        decided = in_field(field, plain, low) if plain and field is not None else None
    decided = None if decided is False and plain != [h for _, h in theirs] else decided
    said = f"the source says {_said(o)}"
    if decided is None or (decided is False and f.group("no")):
        return None
    if decided == bool(f.group("no")):
        claim = f"the claim says “{f.group('no').strip()}”" if f.group("no") else ""
        return _decision(
            "refutes",
            "negation" if claim else "substitution",
            f"{claim or 'the claim says ' + word}; {said}",
        )
    now = re.search(r" (?:is|works|has been) ", f[0]) and not f.group("no")
    if now and re.search(r"\b(?:former|retired|was|were)\b", o[0]):
        return None  # "is part of the arms industry" against "a former arms dealer"
    what = f"the {word} industry" if f.group("industry") else word
    return _decision("supports", "same", f"{said}, a trade in {what}")


# what one who does it is called: "writes" → a writer, "was incapable of acting" → an actor
_DOERS = {
    "write": "writer author novelist playwright screenwriter songwriter poet journalist columnist",
    "sing": "singer vocalist singer-songwriter",
    "act": "actor actress",
    "paint": "painter",
    "compose": "composer",
    "dance": "dancer",
}
_FORMS = {
    **dict.fromkeys("write writes wrote written writing".split(), "write"),
    **dict.fromkeys("sing sings sang sung singing".split(), "sing"),
    **dict.fromkeys("act acts acted acting".split(), "act"),
    **dict.fromkeys("paint paints painted painting".split(), "paint"),
    **dict.fromkeys("compose composes composed composing".split(), "compose"),
    **dict.fromkeys("dance dances danced dancing".split(), "dance"),
}
_DEED = re.compile(
    r"^(?P<subject>[A-Z][^,;()]*?) (?P<not>(?:has|have|is|was) yet to|(?:is|was) incapable of|"
    r"(?:has |had )?never|(?:does|did) not|(?:has|had) refused to)?\s*(?:(?:has|have|had) )?"
    r"(?P<verb>[a-z]+)"
    r"(?: for (?:an? |the )?(?P<what>[a-z]+)(?: (?:show|series|programme|program|magazine))?)?"
    r"\s*[.!]?\s*$"
)


def _deed_of_the_trade(d: re.Match, o: re.Match) -> Comparison | None:
    """ "Marjorie Gross has yet to write for a television show" against "Marjorie Gross (…) was a
    television writer": the opening names one who does the deed (where the claim says for what,
    the same words before the trade), so the claim's denial is refuted and the deed stated (not
    "writes" of one the opening says "was")."""
    verb = _FORMS.get(d.group("verb"))
    theirs = _items(o.group("desc"))
    if verb is None or not theirs or None in theirs:
        return None
    doers = set(_DOERS[verb].split())
    what = d.group("what")
    if not any(h in doers and (what is None or what in m) for m, h in theirs):
        return None
    said = f"the source says {_said(o)}"
    if d.group("not"):
        return _decision("refutes", "negation", f"the claim says “{d.group('not')}”; {said}")
    if d.group("verb").endswith("s") and re.search(r"\bwas\s+an?\s", o.group(0)):
        return None  # "writes" of one the opening speaks of in the past
    return _decision("supports", "same", said)


# what a company's full name may end in
CORPORATE = frozenset(
    "group inc corporation corp company co ltd limited plc ag sa llc holdings".split()
)


def _same_subject(claimed: str, named: str) -> bool:
    """The claim's subject is the opening's name, or some of its words with the last ("Kendall
    Jenner" for "Kendall Nicole Jenner"); "The Mod Squad" is "The Mod Squad"."""
    a, b = claimed.split(), named.split()
    if b and b[-1].rstrip(".").lower() in CORPORATE and len(b) > 1:
        b = b[:-1]  # "Samsung" is "Samsung Group", "Apple" "Apple Inc."
    if [w.lower() for w in a] == [w.lower() for w in b]:
        return True
    if len(a) == 1 and len(b) > 1 and a[0] in b[1:] and not lex.known_word(a[0].lower()):
        return True  # "Rihanna" for "Robyn Rihanna Fenty": a name no dictionary knows, in it
    if len(b) > 2 and b[-1].rstrip(".") in {"Jr", "Sr", "II", "III", "IV"}:
        b = b[:-1]  # "William Henry Gates III"
    said = {w.lower() for w in b}  # "Dorothy Ann Willis Richards"; "Tom" for "Thomas Jeffrey Hanks"
    return len(a) >= 2 and a[-1] == b[-1] and all(named_alike(w.lower(), said) for w in a[:-1])


def _said(o: re.Match) -> str:
    """The opening's description with its article, as it is written: "an American model"."""
    return f"{o.group('article').lower()} {_written(o.group('desc'))}"


def _written(desc: str) -> str:
    """The description as the sentence words it, up to where it ends."""
    end = _ENDS.search(" " + desc)
    return ((" " + desc)[: end.start()] if end else desc).strip().rstrip(",")


def _items_text(desc: str) -> list[list[str]]:
    """The description's items as written, up to where it ends: "American singer, songwriter,
    rapper and record producer" → its four items, the nationality in the first."""
    items = []
    for part in re.split(r",\s*|\s+and\s+|\s+or\s+", _written(desc)):
        words = part.split()
        if not words or len(words) > 6:
            return []
        items.append(words)
    return items


def _items(desc: str) -> list:
    """Each item's (modifiers, head); an item of nationalities alone ("a Mexican and American
    musician") is the next one's."""
    return [
        _item(words)
        for words in _items_text(desc)
        if not all(w.lower() in NATIONALITIES or w.lower() in DEMONYMS for w in words)
    ]


def _item(words: list[str]) -> tuple[frozenset[str], str] | None:
    """(modifiers, head) of one item, lower-case, with years, nationalities, capitalised words and
    "former" left out; None where no lower-case head ends it ("US President": a title)."""
    kept = []
    for word in words:
        low = word.lower()
        if word[:1].isupper() or word.isdigit() or low in NATIONALITIES or low in DEMONYMS:
            continue
        if low.endswith("-born") or low in {"former", "retired", "professional", "american"}:
            continue
        kept.extend(part for part in low.split("-") if part)
    if kept and kept[-1] in _PLAYERS_OF:  # "a footballer" is a football player
        kept[-1:] = [_PLAYERS_OF[kept[-1]], "player"]
    if not kept or not words[-1][:1].islower():
        return None
    return frozenset(_ALIKE.get(w, w) for w in kept[:-1]), _ALIKE.get(kept[-1], kept[-1])


def _genre_apart(
    mine: tuple[frozenset[str], str], theirs: list[tuple[frozenset[str], str]], low: set[str]
) -> bool:
    """A work's genre: the claim's genre words, and the sentence's on the same axis, share none,
    and the sentence has none of the claim's words at all."""
    mods, head = mine
    heads = _WORK_HEADS | _TEAM_HEADS  # "a basketball team" against "an ice hockey team"
    if head not in heads or not all(h in heads for _, h in theirs):
        return False
    heads = {h for _, h in theirs}
    claimed = {w for w in mods | ({head} - heads) if w in _AXIS_OF}  # "horror drama": horror
    said = {w for m, h in theirs for w in m | ({h} - {head}) if w in _AXIS_OF}
    if not claimed or claimed & said or claimed & low:
        return False
    return all(any(_AXIS_OF[s] == _AXIS_OF[c] for s in said) for c in claimed)


def _trades_apart(
    mine: tuple[frozenset[str], str], theirs: list[tuple[frozenset[str], str]], low: set[str]
) -> bool:
    """A person's trade: the claim's and each of the sentence's in the field table, one's field
    none of the others', no word of the claim's field in the sentence — or one trade ("player")
    in another sport ("poker player" against "football quarterback")."""
    mods, head = mine
    related = [(m, h) for m, h in theirs if h == head or lex.hypernym_of(head, h)]
    if related and (is_trade(head) or lex.category(head) == "person"):  # "a pop music performer"
        return _sport_apart(mods, related, low)
    return trades_apart(head, [h for _, h in theirs], low)


def _sport_apart(
    mods: frozenset[str], related: list[tuple[frozenset[str], str]], low: set[str]
) -> bool:
    """ "poker player" against "football quarterback", "rock singer" against "pop singer": the
    claim's sport or music is not the sentence's."""
    for axis in ("sport", "music"):
        mine = {w for w in mods if _AXIS_OF.get(w) == axis}
        if mine and not mine & low and not any(mine & m for m, _ in related):
            return all(any(_AXIS_OF.get(w) == axis for w in m) for m, _ in related)
    return False


def genres_apart(a: str, b: str) -> bool | None:
    """Two genre words of one axis and of two families ("rock" and "pop": True; "rock" and
    "metal": False, metal is rock); None where either is no genre word."""
    a, b = _ALIKE.get(a, a), _ALIKE.get(b, b)
    if a not in _AXIS_OF or b not in _AXIS_OF:
        return None
    return _AXIS_OF[a] == _AXIS_OF[b] and a != b
