"""Whether the sentence says it of the claim's subject, or of another thing the subject is only
named in: "a friend of Ana Roske", "the navigable part of the Velmar river", "according to Ana
Roske" (a phrase of another's), "married Bel Tamsin, who was born in 1950" (a relative clause about
another name), "the Velmar river's main tributary" (the subject's phrase as the owner of something
else). Each gives (what the sentence speaks of, the claim's subject) for the `subject` guard."""

from __future__ import annotations

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._doers import _done_by_another
from agent.judge._kin import object_of_a_deed, of_a_kin
from agent.judge._modifier import (
    _SAME_THING,
    _a_part_of_the_place,
    _acted_on,
    _another_work,
    _name_as_modifier,
    _of_another_noun,
)
from agent.judge._paraphrases import PARAPHRASES
from agent.judge._predicates import _one_of_its_roles, _the_first_to
from agent.judge._text import _STOP, _Text, _Tok, _word_match
from agent.judge._works import the_works_run

_RELATIVE = frozenset(["who", "whose", "which"])


def said_of_another(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """(the other, the claim's subject) where the sentence says it of another; not of a group the
    sentence says the subject is one of ("Ana Roske was one of 12 Democrats who voted for …")."""
    group = _group_of_the_subject(c, s, placed)
    for reading in (
        _inside_a_phrase,
        _acted_on,
        _relative_of_another,
        of_a_kin,
        object_of_a_deed,
        _deed_of_a_relative,
        _object_in_a_relative,
        _owner,
        _a_part_of_the_place,
        _name_as_modifier,
        _another_work,
        _of_another_noun,
        _done_by_another,
        _named_first,
    ):
        found = reading(c, s, placed)
        if found is not None and not (group and set(found[0].lower().split()) <= group):
            return found
    return None


def _group_of_the_subject(c: _Text, s: _Text, placed: dict[int, int]) -> set[str]:
    """The words of "one of <group> who|that …" right after the claim's subject in the sentence."""
    if 0 not in placed:
        return set()
    k = placed[0] + len(c.units[0].tokens)
    words = [t.low for t in s.tokens[k : k + 3]]
    if len(words) < 3 or words[0] not in {"is", "was", "are", "were"} or words[1:] != ["one", "of"]:
        return set()
    group = set()
    for tok in s.tokens[k + 3 : k + 12]:
        if tok.low in _RELATIVE | {"that"}:
            return group
        group.add(tok.low)
    return set()


def _named_first(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's subject comes after every other part of the claim in the sentence, and another
    name stands before them in the same clause, where a subject stands ("Neil Armstrong became
    the first person to walk on the Moon, followed by Buzz Aldrin" for "Buzz Aldrin was the first
    person …"): (that name, the claim's subject). A copula turned round names no one before the
    parts ("The first person to walk on the Moon was Neil Armstrong")."""
    subject = c.units[0]
    rest = [at for i, at in placed.items() if i != 0]
    if not subject.proper or 0 not in placed or not rest or placed[0] < max(rest):
        return None
    far = max((i for i in placed if i), key=placed.__getitem__)
    end = placed[far] + len(c.units[far].tokens)  # the word after the claim's other parts
    if end == placed[0] or (end + 1 == placed[0] and s.gap(end - 1) in {",", "("}):
        return None  # in apposition: "the second CCR7 ligand, CCL19" says CCL19 is one
    words = {t.low for t in c.tokens}
    k, name = min(rest) - 1, []
    while k >= 0 and not s.gap(k):
        tok = s.tokens[k]
        # a word capitalised only because it opens the sentence: "Following his film debut …"
        opening = k == 0 and lex.known_word(tok.low) and not (len(s.tokens) > 1 and s.tokens[1].cap)
        if tok.cap and not opening and tok.low not in _STOP and tok.low not in words:
            name.insert(0, tok)
        elif name:
            break  # the nearest run of capitalised words
        k -= 1
    if not name:
        return None
    return s.raw[name[0].start : name[-1].end], subject.text


def _inside_a_phrase(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    at, unit = placed.get(0), c.units[0]
    if at is None or not unit.proper:
        return None
    k = at - 1
    while k >= 0 and s.tokens[k].low in {"the", "a", "an"}:
        k -= 1
    if k < 1:
        return None
    before, head = s.tokens[k], s.tokens[k - 1]
    if before.low != "of" or (head.cap and k > 1) or head.low in _SAME_THING:
        return None
    share = next((q for q in s.numbers if q.start <= head.start < q.end), None)
    if share is not None and any(q.dimension == share.dimension for q in c.numbers):
        return None  # "52 per cent of Borovians" for "half of Borovians": the shares compare
    if any(_word_match(t.low, head.low) for t in c.tokens):
        return None
    start = k - 1
    while start > 0 and lex.is_adjective(s.tokens[start - 1].low):
        start -= 1  # "the navigable part of"
    while share is not None and start > 0 and s.tokens[start - 1].end > share.start:
        start -= 1  # the whole share: "38% of Borovians", not "% of Borovians"
    if start > 0 and s.tokens[start - 1].low in {"the", "a", "an"}:
        start -= 1
    mine, end = unit.text, min(at + len(unit.tokens), len(s.tokens)) - 1
    if _adjacent(c, placed, end):  # "the Velmar river"
        end, mine = end + len(c.units[1].tokens), f"{mine} {c.units[1].text}"
    phrase = s.raw[s.tokens[start].start : s.tokens[end].end]
    return (phrase[0].lower() + phrase[1:] if s.tokens[start].low == "the" else phrase), mine


def _adjacent(c: _Text, placed: dict[int, int], end: int) -> bool:
    """The claim's second part follows its subject's name in both ("Velmar river")."""
    second = c.units[1] if len(c.units) > 1 else None
    return (
        second is not None
        and not second.proper
        and lex.nominal(second.tokens[0].low)  # not "Ana Roske founded"
        and placed.get(1) == end + 1
        and second.tokens[0].index == c.units[0].tokens[-1].index + 1
    )


def _relative_of_another(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """ "Ana Roske married Bel Tamsin, who was born in 1950": every other part of the claim is in a
    clause that opens with "who" after another name."""
    at, unit = placed.get(0), c.units[0]
    rest = [p for i, p in placed.items() if i != 0]
    if at is None or not rest or min(rest) < at:
        return None
    own = {t.low for t in unit.tokens}
    for w in range(at + len(unit.tokens), min(rest)):
        name = s.tokens[w - 1]
        if s.tokens[w].low in _RELATIVE and name.cap and name.low not in own:
            first = w - 1
            while first > at + len(unit.tokens) and s.tokens[first - 1].cap:
                first -= 1
            if the_works_run(s, first, w):
                continue
            return s.raw[s.tokens[first].start : name.end], unit.text
    return None


def _deed_of_a_relative(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """ "Borovia borders Velmar, which borders Tessa" for "Borovia borders Tessa": the claim's last
    parts stand in a clause that opens with "which" or "who" after another name, and that clause
    says the claim's deed again: it is that name's deed. (that name, the claim's subject)."""
    at = placed.get(0)
    if at is None or not c.units[0].proper:
        return None
    for w in range(max(placed.values()) - 1, at + 1, -1):
        named = s.tokens[w - 1].cap or (s.tokens[w - 2].cap and s.tokens[w - 1].low not in _STOP)
        if s.tokens[w].low not in _RELATIVE or not named:  # "Velmar", "the Velmar river"
            continue
        inside = [i for i, p in placed.items() if p > w]
        outside = [i for i in placed if i not in inside]
        if not inside or min(inside) < max(outside):
            return None  # the clause holds parts from the claim's middle: not its tail
        deeds = [c.units[i].tokens[0].low for i in outside if i and not c.units[i].proper]
        clause = s.tokens[w + 1 : min(placed[i] for i in inside)]
        if not any(_word_match(d, t.low) for d in deeds for t in clause):
            return None
        first = w - 1 - (not s.tokens[w - 1].cap)
        while first > at + 1 and s.tokens[first - 1].cap and not s.gap(first - 1):
            first -= 1
        if the_works_run(s, first, w):
            return None
        first -= s.tokens[first - 1].low == "the"
        said = s.raw[s.tokens[first].start : s.tokens[w - 1].end]
        return said[:1].lower() + said[1:] if said[:4] == "The " else said, c.units[0].text
    return None


def _object_in_a_relative(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """ "The man who beat Ana Roske won the election" for "Ana Roske won the election": the claim's
    subject is the object of a verb in a relative clause about someone else, who does the deed."""
    at = placed.get(0)
    if not at or at < 3 or s.tokens[at - 2].low not in _RELATIVE | {"that"}:
        return None
    if (
        not c.units[0].proper
        or s.gap(at - 3)
        or s.gap(at - 2)
        or s.tokens[at - 1].cap  # "Bel Tamsin, who Ana Roske …"
        or s.tokens[at - 1].low in {"the", "a", "an"}  # "confirmed that the Kessa bridge …"
    ):
        return None
    start = at - 3
    while start > 0 and not s.gap(start - 1) and s.tokens[start - 1].low not in _RELATIVE:
        start -= 1
    said = s.raw[s.tokens[start].start : s.tokens[at + len(c.units[0].tokens) - 1].end]
    if s.tokens[start].low in {"the", "a", "an"}:
        said = said[0].lower() + said[1:]
    return said, c.units[0].text  # "the man who beat Ana Roske"


def _owner(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's subject phrase — a name and the noun after it, "the Velmar river" — found as the
    owner of a word the claim does not have ("the Velmar river's main tributary")."""
    if len(c.units) < 3 or 0 not in placed or 1 not in placed or not c.units[0].proper:
        return None
    name, noun = c.units[0], c.units[1]
    if noun.proper or noun.tokens[0].index != name.tokens[-1].index + 1:
        return None
    end = placed[1] + len(noun.tokens) - 1
    if placed[1] != placed[0] + len(name.tokens) or end + 1 >= len(s.tokens):
        return None
    if not s.tokens[end].text.endswith(("'s", "’s")):
        return None
    words = {t.low for u in c.units for t in u.tokens}
    run = []  # the owned phrase up to a verb or a stop word: "main tributary"
    for t in s.tokens[end + 1 : end + 4]:
        if t.low in _STOP or t.cap:
            break
        run.append(t)
    if not run or not lex.is_noun(run[-1].low) or any(_word_match(w, run[-1].low) for w in words):
        return None
    owned = run[-1]
    return s.raw[s.tokens[placed[0]].start : owned.end], f"{name.text} {noun.text}"


# a turn to another statement: "Velmar is the largest city of Ostrania, but its capital is Tessa"
# "and" too: "…'s first president, and Ostrania declared war" is another statement
_TURNS = frozenset(["but", "whereas", "while", "although", "though", "yet", "and"])
# what opens a statement of another subject after the turn ("… but its capital is Tessa"); a verb
# there carries the same subject over ("… but declined to model for L'Oréal")
_NEW_SUBJECT = frozenset(
    "its his her their the a an this that these those it he she they there".split()
)


def turned_to_another(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The claim's parts found on both sides of a turn ("but", "whereas", "while") that opens a
    statement of its own — another subject right after it ("but its capital is Tessa", "but Tessa
    is"), not the same one carried over by a verb ("but is still the capital", "but declined to
    model") — or that parts the claim's verb from what follows it ("won the semifinal but lost the
    championship"): the turn's words, or None."""
    claimed = {t.low for t in c.tokens}
    where = sorted(placed.values())
    for k in range(where[0] + 1, where[-1]):
        turn = s.tokens[k].low
        if turn not in _TURNS or turn in claimed or k + 1 >= len(s.tokens):
            continue
        words = s.raw[s.tokens[k].start : s.tokens[min(k + 2, len(s.tokens) - 1)].end]
        verb_object = k + 2 < len(s.tokens) and s.tokens[k + 2].low in _NEW_SUBJECT  # "lost the"
        parted = any(i and at < k for i, at in placed.items()) and turn in {"but", "yet"}
        if parted and verb_object and not s.raw[s.tokens[k - 1].end : s.tokens[k].start].strip():
            return words  # no comma: "won the semifinal but lost the championship"
        if not s.raw[s.tokens[k - 1].end : s.tokens[k].start].strip().startswith(","):
            continue  # "small but busy": one statement
        if turn == "and" and "," in s.raw[s.tokens[max(0, k - 4)].start : s.tokens[k - 1].start]:
            continue  # the last of a list: "residues S61, T57, T53, and S49"
        after = s.tokens[k + 1]
        # the claim's subject opening the next statement, its other parts before the turn:
        # "Viruses cannot travel on radio waves, and COVID-19 has spread …" is two statements
        reopened = (
            after.index == placed.get(0)
            and any(at < k for at in placed.values())
            and _a_verb_after(s, k + 1 + len(c.units[0].tokens))
        )
        another = after.low in _NEW_SUBJECT or (after.cap and after.index != placed.get(0))
        if not (another or reopened) or _the_first_to(s, k + 1) or _one_of_its_roles(s, k + 1):
            continue
        return words
    return None


_AUXILIARIES = frozenset(
    "is are was were has have had can could will would may might must does did".split()
)


def _a_verb_after(s: _Text, k: int) -> bool:
    """Does a verb follow at ``k`` ("COVID-19 has spread"; not "melting of the ice sheet")?"""
    return k < len(s.tokens) and (
        s.tokens[k].low in _AUXILIARIES
        or (s.tokens[k].low.endswith("ed") and not lex.noun_only(s.tokens[k].low))
    )


_SUPERLATIVE_WORDS = frozenset("first last most least only best worst".split())


def narrowed_superlative(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """A superlative said of a narrower field: "the longest river in northern Borovia" does not
    state "the longest river in Borovia". A word the claim does not have, between the claim's
    words after its superlative, makes it the `partial` guard."""
    words = {t.low for t in c.tokens}
    top = next(
        (
            t
            for t in c.tokens
            if t.low in _SUPERLATIVE_WORDS or (t.low.endswith("est") and lex.is_adjective(t.low))
        ),
        None,
    )
    after = [i for i in placed if c.units[i].tokens[0].index > top.index] if top else []
    if not after:  # only the claim's words after its superlative say its field
        return None  # ("India's first prime minister": not "…, and British India")
    last = max(after, key=lambda i: placed[i])
    end = placed[last] + len(c.units[last].tokens)
    start = next(  # the superlative in the sentence ("first" is an ordinal, in no unit)
        (
            t.index
            for t in s.tokens[min(placed.values()) : end]
            if t.low == top.low or t.low.endswith(f"-{top.low}")
        ),
        end,
    )
    if not start < end <= start + 10:  # not found, or far from the claim's last word
        return None
    if (ranked := _ranked_otherwise(c, top, s, start)) is not None:
        return ranked  # "the largest shareholder" against "the second largest shareholder"
    if "after" not in words and (behind := _ranked_after(s, start, end)) is not None:
        return _decision(
            "refutes", "number", f"the claim says the {top.text}; the source says “{behind}”"
        )
    manner = [t.low for t in s.tokens[end : end + 2]]
    if manner[:1] and (manner[0] in _MANNER or manner in (["in", w] for w in _SEASONS)):
        said = s.raw[s.tokens[end].start : s.tokens[min(end + 1, len(s.tokens) - 1)].end]
        return _decision("neutral", "partial", f"the source says it of a narrower field (“{said}”)")
    extra = [
        t.text
        for t in s.tokens[start + 1 : end]
        if t.low not in words
        and t.low not in _STOP
        and t.text.isalpha()
        and not any(t.low in PARAPHRASES.get(w, ()) for w in words)  # "peak" says "mountain"
    ]
    if not extra:
        return None
    return _decision(
        "neutral", "partial", f"the source says it of a narrower field (“{' '.join(extra)}”)"
    )


def _ranked_after(s: _Text, start: int, end: int) -> str | None:
    """ "the largest city in Borovia after Velmar": the superlative's words to the name after
    "after" (it is the second), or None."""
    if end + 1 >= len(s.tokens) or s.tokens[end].low != "after" or s.gap(end - 1):
        return None
    k = end + 1
    if not s.tokens[k].cap:
        return None  # "after the war": a time
    while k + 1 < len(s.tokens) and s.tokens[k + 1].cap and not s.gap(k):
        k += 1
    return s.raw[s.tokens[start].start : s.tokens[k].end]


# how a first was done, after it: "the first to climb Mount Orvel without oxygen", "… in winter"
_MANNER = frozenset(
    "without solo alone unaided unassisted via backwards barefoot blindfolded".split()
)
_SEASONS = ("winter", "summer", "spring", "autumn")

_RANKS = ("second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")


def _ranked_otherwise(c: _Text, top: _Tok, s: _Text, at: int) -> Comparison | None:
    """The sentence ranks the claim's superlative otherwise: "the second largest" (or
    "second-largest", "2nd largest") for "the largest", or the other way round."""

    def rank(text: _Text, k: int) -> str:
        word = text.tokens[k].low
        before = word.rsplit("-", 1)[0] if "-" in word else text.tokens[k - 1].low if k else ""
        ordinal = before[:1].isdigit() and before.endswith(("nd", "rd", "th"))
        return before if before in _RANKS or ordinal else ""

    mine, theirs = rank(c, top.index), rank(s, at)
    if mine == theirs:
        return None
    said = f"the {mine + ' ' if mine else ''}{top.text}"
    other = f"the {theirs + ' ' if theirs else ''}{top.text}"
    return _decision("refutes", "number", f"the claim says {said}; the source says {other}")
