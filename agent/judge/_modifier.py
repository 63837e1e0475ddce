"""A name said as what another thing is of: the claim's subject before another noun ("The Tessa
metropolitan area has …", "Tessa airport is closed" for "Tessa …"), and a place of the claim as
the owner of one of its divisions ("the capital of Ostrania's Kessa province" for "the capital of
Ostrania"). Read for agent/judge/_subject.py's ``said_of_another``. And the claim's object as
what another noun is for, of or about ("makes batteries for electric cars" for "makes electric
cars", "worked on a film about the report" for "worked on the report"), for agent/judge/_roles.py."""

from __future__ import annotations

from agent.judge import _lexicon as lex
from agent.judge._tenure import _DETERMINERS
from agent.judge._text import _PARTICLES as _NAME_PARTICLES
from agent.judge._text import _STOP, _Text, _Tok, _Unit, _word_match

# the head before "of" that is the subject itself, not another thing: "the city of Velmar", "the
# population of Velmar" (what Velmar has)
_SAME_THING = frozenset(
    "city town village state republic kingdom island isle county province municipality borough "
    "population area size length height elevation depth name people inhabitants residents "
    "construction".split()  # "construction of the dam was completed in 1979": the dam was
)
# a name's own kind after it: "Tessa city" is Tessa ("the Tessa metropolitan area" is not)
_SAME_PLACE = frozenset("city town village island isle state republic kingdom".split())
# "batteries for electric cars", "the film about the protest", "the trial over the protest"
_OF_ANOTHER = frozenset("for of with from in about over into to".split())  # "the foreword to"
# a claim verb's own particle before its object: "worked on the report", "took part in the protest"
_PARTICLES = frozenset("in on at to for with about into from".split())
# a part of the thing, which is in it: "the second series of", "the first half of"
_PARTS = frozenset(
    "series season seasons episode episodes part parts chapter chapters edition editions volume "
    "stage stages round rounds leg legs half halves final finals opening start end rest first "
    "second third fourth fifth last next north south east west northeast northwest southeast "
    "southwest centre center heart middle".split()
)  # and a side of a place: "a town in the north of Ostrania" is in Ostrania
_MEASURE = frozenset("risk risks chance chances likelihood odds rate rates number level".split())
_SUFFERERS = frozenset("patients people persons individuals subjects participants those".split())
_MEASURE |= frozenset("millions thousands hundreds dozens billions lots plenty scores".split())
_MODALS = frozenset("may might can could will would shall should must".split())
# parts a place is divided into: "Ostrania's Kessa province" is not Ostrania
_DIVISIONS = frozenset(
    "province provinces state states region regions district districts county counties city "
    "cities town towns capital territory territories island islands department prefecture "
    "municipality borough village colony part north south east west northern southern eastern "
    "western central".split()
)


def _name_as_modifier(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's subject named before another noun, as what that thing is of ("The Tessa
    metropolitan area has …", "Tessa airport is closed" for "Tessa …"): (that phrase, the name)."""
    at, unit = placed.get(0), c.units[0]
    if at is None or not unit.proper or len(c.units) < 2:
        return None
    after = unit.tokens[-1].index + 1  # the claim's own "the Dessa landing": compared as it is
    word = c.tokens[after].low if after < len(c.tokens) else ""
    if lex.noun_only(word) or (word.endswith("ing") and word not in _STOP):
        return None
    k = end = at + len(unit.tokens)
    said = [t.low for t in s.tokens[at:end]]
    if said != [t.low for t in unit.tokens] or _possessive_word(s.tokens[end - 1]):
        return None  # the name as the claim writes it, not "Liverpool's status"
    while k < min(end + 3, len(s.tokens)) and _modifies(c, s, k):
        k += 1
    if k == end or not lex.noun_only(s.tokens[k - 1].low) or s.tokens[k - 1].low in _SAME_PLACE:
        return None
    start = at - (at > 0 and s.tokens[at - 1].low == "the")  # "the Tessa metropolitan area"
    phrase = s.raw[s.tokens[start].start : s.tokens[k - 1].end]
    return (phrase[0].lower() + phrase[1:] if start < at else phrase), unit.text


def _modifies(c: _Text, s: _Text, k: int) -> bool:
    """A lowercase word the claim does not say, right after the word before it (no comma)."""
    tok = s.tokens[k]
    a_quality = lex.is_adjective(tok.low) and not tok.low.endswith(("ed", "ing"))
    return (
        not tok.cap
        and tok.low.isalpha()
        and (lex.noun_only(tok.low) or a_quality)  # "married", "garnered": a verb, not a noun's
        and tok.low not in _STOP | _MODALS
        # a name's particle, no noun: "da" in "Neymar da Silva Santos Júnior"
        and not (tok.low in _NAME_PARTICLES and k + 1 < len(s.tokens) and s.tokens[k + 1].cap)
        and k not in s.hedges  # "Vitamin K may help": a hedge, not a noun
        and not s.raw[s.tokens[k - 1].end : tok.start].strip()
        and not any(_word_match(t.low, tok.low) for t in c.tokens)
    )


def _possessive_word(tok: _Tok) -> bool:
    return tok.text.endswith(("'s", "’s", "'", "’"))


def _a_part_of_the_place(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """A name of the claim (not its subject) found as the owner of one of its divisions ("the
    capital of Ostrania's Kessa province" for "the capital of Ostrania"), of anything else where
    the claim has the thing "of" the name ("the president of Borovia's senate" for "the president
    of Borovia"), or as the first word of a longer name ("the president of the Borovia Football
    Association")."""
    for i, at in placed.items():
        unit = c.units[i]
        end = at + len(unit.tokens) - 1
        if i == 0 or not unit.proper or end + 1 >= len(s.tokens):
            continue
        first = unit.tokens[0].index
        k = first - 1 - (first > 1 and c.tokens[first - 1].low == "the")  # "of (the) Kessa Party"
        of = k >= 0 and c.tokens[k].low == "of"
        mine = {t.low for t in c.tokens}
        the = at > 0 and s.tokens[at - 1].low == "the" and c.tokens[first - 1].low != "the"
        if of and the and s.tokens[end + 1].cap:
            k = end + 1  # "of the Borovia Football Association": another name, of Borovia
            while k + 1 < len(s.tokens) and s.tokens[k + 1].cap and not s.gap(k):
                k += 1
            if not s.gap(end) and s.tokens[end + 1].low not in mine:
                return s.raw[s.tokens[at - 1].start : s.tokens[k].end], unit.text
        if not s.tokens[end].text.endswith(("'s", "’s")):
            continue
        for k in range(end + 1, min(end + 4, len(s.tokens))):
            if s.tokens[k].low in _DIVISIONS:
                return s.raw[s.tokens[at].start : s.tokens[k].end], unit.text
        k = end  # "of Borovia's largest bank": the words after the name, to the last of them
        while of and k + 1 < min(end + 4, len(s.tokens)) and not s.gap(k):
            word = s.tokens[k + 1]
            if (word.cap and not lex.is_adjective(word.low)) or word.low in _STOP:
                break  # "Kessa Corp's European division"
            if not word.low.isalpha() or word.low in mine:
                break  # "of Ostrania's electricity" in the claim too: the claim's own words
            k += 1
        if k > end and lex.is_noun(s.tokens[k].low):
            return s.raw[s.tokens[at].start : s.tokens[k].end], unit.text
    return None


# a work made after another: what the sentence says of the other work is not the claim's subject's
_VERSIONS = frozenset(
    "cover remake parody sequel prequel spin-off spinoff adaptation translation tribute homage "
    "reworking remix rewrite version".split()
)
_COPULAS = frozenset("is was are were".split())
_ENDS_A_WORK = frozenset("by which that who directed written produced starring".split())


def _another_work(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's subject said to be a version of another work ("The song Kessa is a cover of a
    song by Ana Roske" for "The song Kessa is by Ana Roske"): (the words, the subject)."""
    at = placed.get(0)
    if at is None or any(t.low in _VERSIONS for t in c.tokens):
        return None
    verb = next((t.index for t in c.tokens if t.low in _COPULAS), len(c.tokens))
    subject = [i for i in placed if c.units[i].tokens[-1].index < verb]  # "The song Kessa"
    k = max((placed[i] + len(c.units[i].tokens) for i in subject), default=at + 1)
    words = [t.low for t in s.tokens[k : k + 4]]
    if not words or words[0] not in _COPULAS:
        return None
    j = 1 + (len(words) > 1 and words[1] in {"a", "an", "the"})
    if len(words) <= j + 1 or words[j] not in _VERSIONS or words[j + 1] not in {"of", "to"}:
        return None
    rest = [p for i, p in placed.items() if i not in subject]
    # the claim's other parts before the version say what it is itself, not what the other is
    if not rest or min(rest) < k + j:
        return None
    end = k + j + 1  # "a cover of a song" (by …), "a sequel to the 2010 film Velmar"
    while (
        end + 1 < len(s.tokens)
        and end < k + j + 6
        and not s.gap(end)
        and s.tokens[end + 1].low not in _ENDS_A_WORK
    ):
        end += 1
    first = c.units[min(subject, default=0)].tokens[0].index
    first -= first > 0 and c.tokens[first - 1].low == "the"  # "the song Kessa"
    last = c.units[max(subject, default=0)].tokens[-1].index
    mine = c.raw[c.tokens[first].start : c.tokens[last].end]
    if c.tokens[first].low == "the":
        mine = mine[:1].lower() + mine[1:]
    return s.raw[s.tokens[k + 1].start : s.tokens[end].end], mine


def _acted_on(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's subject as the object of an act that opens the sentence ("Blocking Protein P
    inhibits tumor growth", "…, silencing Gene K reduced …"): the act does the deed, not the
    subject. (the act's words, the subject)."""
    at, unit = placed.get(0), c.units[0]
    if not at:
        return None
    k = at - 1 - (s.tokens[at - 1].low in {"the", "a", "an"})
    word = s.tokens[k] if k >= 0 else None
    if word is None or not word.low.endswith("ing") or word.low in _NOT_ACTS or len(word.low) < 6:
        return None
    if k > 0 and s.raw[s.tokens[k - 1].end : word.start].strip() not in {",", ";"}:
        return None  # an act only where a clause opens: not "a drug blocking Protein P"
    if s.raw[word.end : s.tokens[k + 1].start].strip():
        return None  # "Trailing, Ana Roske won": the act is hers, said apart
    if any(_word_match(t.low, word.low) for t in c.tokens):
        return None  # the claim's own act: "Blocking Protein P …" for "Blocking Protein P …"
    phrase = s.raw[word.start : s.tokens[at + len(unit.tokens) - 1].end]
    return phrase[:1].lower() + phrase[1:], unit.text


# words in -ing that open a clause as prepositions, not acts ("During Ana Roske's tenure"), and
# the use of a thing, which is the thing at work ("Taking vitamin Q does not cure the cold")
_NOT_ACTS = frozenset(
    "during according including concerning regarding following excluding considering "
    "notwithstanding pending barring nothing something anything everything taking using eating "
    "drinking consuming wearing applying receiving getting adding smoking".split()
)


_LINKS = frozenset("after before during from following in with at on".split())


def _of_another_noun(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's "X of Y" found as "X of Z <preposition> Y" ("the risk of bleeding after a
    stroke" for "the risk of stroke"): X is of another thing, Z. (the sentence's words, Y)."""
    for i, j in ((i, i + 1) for i in placed if i + 1 in placed):
        between_c = c.tokens[c.units[i].tokens[-1].index + 1 : c.units[j].tokens[0].index]
        if [t.low for t in between_c if t.low not in {"the", "a", "an"}] != ["of"]:
            continue
        start, end = placed[i] + len(c.units[i].tokens), placed[j]
        words = [t for t in s.tokens[start:end] if t.low not in {"the", "a", "an"}]
        if len(words) != 3 or words[0].low != "of" or words[2].low not in _LINKS:
            continue
        other = words[1]
        if other.cap or other.low in _STOP or any(_word_match(t.low, other.low) for t in c.tokens):
            continue
        last = s.tokens[min(end + len(c.units[j].tokens), len(s.tokens)) - 1]
        a = placed[i] - (placed[i] > 0 and s.tokens[placed[i] - 1].low == "the")  # "the risk"
        b = c.units[i].tokens[0].index
        b -= b > 0 and c.tokens[b - 1].low == "the"
        mine = c.raw[c.tokens[b].start : c.units[j].tokens[-1].end]
        return s.raw[s.tokens[a].start : last.end], mine
    return None


def object_of_another(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's object found as what another noun is for, of or about: "makes batteries for
    electric cars" for "makes electric cars", "worked on a film about the Kessa report" for "worked
    on the Kessa report". (the sentence's phrase, the claim's object), or None."""
    words = [t.low for u in c.units for t in u.tokens]
    order = sorted(placed)
    for i, j in zip(order, order[1:], strict=False):
        verb, obj = c.units[i], c.units[j]  # a verb and its object right after it in the claim
        gap = c.tokens[verb.tokens[-1].index + 1 : obj.tokens[0].index]  # "won the 2020 …"
        particle = gap[0].low if gap and gap[0].low in _PARTICLES else None
        gap = gap[1:] if particle else gap
        if verb.proper or i == 0 or j != i + 1 or any(not _bare(t) for t in gap):
            continue  # the subject is no verb: "Fluoride at the levels used in … to lower IQ"
        between = s.tokens[placed[i] + len(verb.tokens) : placed[j]]  # "won the popular vote in
        if particle:  # the sentence says the particle too ("worked on", "had a role in")
            if not between or between[0].low != particle or any(t.cap for t in between):
                continue  # "headquartered in Tessa, with offices in Velmar": another slot
            between = between[1:]
        while gap and between and _bare(between[-1]):  # the 2020 Borovia election"
            between = between[:-1]
        if (narrowed := _left_narrower(c, s, verb, obj, between, placed[j])) is not None:
            return narrowed  # "retired from international football" for "from football"
        if (head := _head_after(c, s, obj, placed[j], words)) is not None:
            return head  # "won the league cup" for "won the league"
        if len(between) < 2 or between[-1].low not in _OF_ANOTHER:
            continue
        if between[-1].low == "to" and not {"a", "an", "the"} & {t.low for t in between}:
            continue  # "the foreword to Kessa", not "was due to open"
        heads = [t for t in between[:-1] if t.low not in _STOP | _MEASURE and lex.is_noun(t.low)]
        if particle and all(t.low in _PARTS for t in heads):
            continue  # "appeared in the second series of Doctor Kessa": in a part of it
        if between[-1].low == "of" and heads and all(t.low in _SAME_PLACE for t in heads):
            continue  # "set in the fictional town of Velmar": the town is Velmar
        if between[-1].low == "with" and heads and all(t.low in _SUFFERERS for t in heads):
            continue  # "survival in patients with lung cancer" is survival in lung cancer
        if heads and not any(_word_match(w, t.low) for w in words for t in heads):
            k = j  # the object's words that follow it in both ("electric cars")
            while k + 1 in placed and placed[k + 1] == placed[k] + len(c.units[k].tokens):
                k += 1
            end = min(placed[k] + len(c.units[k].tokens), len(s.tokens)) - 1
            said = c.raw[(gap or obj.tokens)[0].start : c.units[k].tokens[-1].end]
            first = between[0] if gap or between[0].low in {"a", "an", "the"} else heads[0]
            return s.raw[first.start : s.tokens[end].end], said
    return None


# verbs of leaving or stopping: leaving a narrower thing is not leaving the whole ("retired from
# international football" still plays for a club), where winning a narrower one is winning one
_LEAVING = frozenset(
    "retire quit resign withdraw leave ban bar expel exclude stop cease abandon suspend exit "
    "drop".split()
)
# heads after the claim's object that name the same thing won or held: "won the league title"
_SAME_HEAD = frozenset("title titles championship championships crown".split())


def _left_narrower(
    c: _Text, s: _Text, verb: _Unit, obj: _Unit, between: list[_Tok], at: int
) -> tuple[str, str] | None:
    """A verb of leaving whose bare object ("football", "acting") the sentence narrows with words
    the claim does not have: (the sentence's words, the claim's object), or None."""
    gap = {t.low for t in c.tokens[verb.tokens[-1].index + 1 : obj.tokens[0].index]}
    if not lex.lemmas(verb.tokens[-1].low) & _LEAVING or _DETERMINERS & gap:
        return None  # "left the band" is that band, rock band or not; "quit acting" is any
    claim = {t.low for t in c.tokens}
    narrowing = [
        t for t in between if not _bare(t) and t.low not in claim and lex.known_word(t.low)
    ]  # "international", "European"; not a name
    if not narrowing or any(t.low in _STOP for t in narrowing):
        return None
    end = s.tokens[at + len(obj.tokens) - 1]
    return s.raw[narrowing[0].start : end.end], obj.text


def _head_after(
    c: _Text, s: _Text, obj: _Unit, at: int, words: list[str]
) -> tuple[str, str] | None:
    """The claim's last word, a common noun, said in the sentence before another noun that is the
    head ("the league cup"): the sentence speaks of another thing."""
    last = obj.tokens[-1]
    if obj.proper or last.index != len(c.tokens) - 1 or not lex.is_noun(last.low):
        return None
    k = at + len(obj.tokens)
    if k >= len(s.tokens) or s.gap(k - 1) or s.tokens[k - 1].cap:  # "The Daily Show draws"
        return None
    nxt = s.tokens[k]
    if nxt.cap or nxt.low in _STOP | _SAME_HEAD or not lex.is_noun(nxt.low):
        return None
    if nxt.low.endswith(("ing", "ed")) or lex.irregular_verb_form(nxt.low):
        return None
    if any(_word_match(w, nxt.low) for w in words):
        return None
    first, b = at - 1, obj.tokens[0].index - 1  # a thing named as one: "the league", both sides
    if min(first, b) < 0 or s.tokens[first].low != "the" or c.tokens[b].low != "the":
        return None  # "a film adaptation" is a film; "studied music theory" studied music
    return s.raw[s.tokens[first].start : nxt.end], c.raw[c.tokens[b].start : last.end]


def _bare(tok: _Tok) -> bool:
    return tok.low in _DETERMINERS or tok.low[:1].isdigit()
