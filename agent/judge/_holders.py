"""A role one holder has at a time: "the capital of France", "the first person to …", "the only
…", a superlative ("the tallest building in Velmar"). "Paris is the capital of France" refutes
"Berlin is the capital of France": the sentence gives the role to another name. Read by
agent/judge/compare.py where the claim's subject is its one unmatched part (moved out of
agent/judge/_roles.py)."""

from __future__ import annotations

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._text import _STOP, _Text, _Tok

# words after "the" that make a role one holder's: "the first person to …", "the only …", "the
# capital of …" (a superlative is read from the lexicon); "first" stays so in any tense ("was the
# first to …"), the others only in the present ("Bonn was the capital" and "Berlin was the capital"
# are both so, at different times)
_ONE_HOLDER = frozenset(["first", "last", "only", "sole", "capital"])
_TIMELESS = frozenset(["first"])
# a preposition after the role that narrows it to another one ("… for fiction", "… above sea level")
_NARROWING = frozenset("for among with above below by since outside except excluding".split())
# words two names of different things may share ("Mount Everest", "Mount Kilimanjaro")
_SHARED_IN_NAMES = frozenset("the mount lake river saint st cape port fort".split())


def _superlative(word: str) -> bool:
    if word in {"best", "worst", "most", "least"}:
        return True
    adjectives = lex.table()["lemma_sets"]["a"]
    return word.endswith("est") and any(b != word and b in adjectives for b in lex.lemmas(word))


def only_holder(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """The claim's name holds a role only one can hold ("Berlin is the capital of France", "Saturn
    is the largest planet"), and the sentence gives that role, in the same words, to another name
    ("Paris is the capital … of France"): a substitution of the holder. None otherwise, and where
    the two names may be one (they share a word, or the lexicon calls them synonyms)."""
    unit = c.units[0]
    k = unit.tokens[-1].index
    if 0 in placed or not unit.proper or k + 3 >= len(c.tokens) or 1 not in placed:
        return None
    copula, the, head = (t.low for t in c.tokens[k + 1 : k + 4])
    timeless = head in _TIMELESS
    if copula not in {"is", "was", "has"} or the != "the" or (copula == "was" and not timeless):
        return None
    if (head not in _ONE_HOLDER or copula == "has") and not _superlative(head):
        return None  # "has the highest crime rate in Borovia": a superlative, held by one
    at, start = placed[1], c.units[1].tokens[0].index
    between = [t.low for t in c.tokens[k + 3 : start]]  # "first" in "the first person": no part
    the_at = at - len(between) - 1
    if len(between) > 1 or the_at < 2 or min(placed.values()) != at:
        return None
    if [t.low for t in s.tokens[the_at + 1 : at]] != between or s.tokens[the_at].low != "the":
        return None
    verb = s.tokens[the_at - 1].low
    if verb not in ({"is", "was", "became"} if timeless else {copula}):  # "became the first"
        return None
    aside = the_at >= 3 and s.gap(the_at - 2) == ","  # "Tessa, a port on the Kessa Sea, is …"
    names = _name_before_aside(s, the_at - 2) if aside else _name_before(s, the_at - 2)
    last = max(placed.values()) + len(c.units[max(placed, key=lambda i: placed[i])].tokens)
    narrowed = last < len(s.tokens) and s.tokens[last].low in _NARROWING and not s.gap(last - 1)
    if not names or narrowed:  # "…, with a summit elevation of 8,849 metres" narrows nothing
        return None  # "the first woman to win the Kessa Prize for fiction": another role
    words = {t.low for t in c.tokens}
    if head not in _ONE_HOLDER and any(t.low not in words for t in s.tokens[the_at:last]):
        return None  # "the highest crime rate in northern Borovia": a narrower field
    other = s.raw[names[0].start : names[-1].end]
    mine = {t.low for t in unit.tokens} - _SHARED_IN_NAMES
    if aside and mine & {t.low for t in s.tokens[: the_at - 1]}:
        return None  # "Tessa, instead of Velmar, is …": the claim's name in the aside
    if mine & {t.low for t in names} or other.lower() in lex.synonyms(unit.text.lower()):
        return None
    said = c.raw[c.tokens[k + 2].start : c.tokens[-1].end].rstrip(".")
    return _decision(
        "refutes",
        "substitution",
        f"the claim says {unit.text} {copula} {said}; the source says {other} {verb},"
        " and only one can be",
    )


def _name_before_aside(s: _Text, end: int) -> list[_Tok]:
    """The name before an aside set off by commas that ends at ``end`` ("The Tessa, 2,400 km long,
    is …"): the name is the sentence's subject; [] where there is no such aside."""
    if end < 1 or s.gap(end) != ",":
        return []
    for k in range(end - 1, max(-1, end - 9), -1):
        if s.raw[s.tokens[k].end : s.tokens[k + 1].start] == ",":
            continue  # inside a number: "2,400"
        if s.gap(k) == ",":
            return _name_before(s, k)
        if s.gap(k):  # another mark inside the aside: not a plain one
            return []
    return []


def _name_before(s: _Text, end: int) -> list[_Tok]:
    """The capitalised words that end at ``end`` with nothing but spaces between them (a name)."""
    out: list[_Tok] = []
    k = end
    while k >= 0 and s.tokens[k].low not in _STOP and s.tokens[k].cap:
        if len(out) == 5 or (out and s.raw[s.tokens[k].end : out[0].start].strip()):
            break
        out.insert(0, s.tokens[k])
        k -= 1
    return out


# words before a name that rank it below another: "…, ahead of Tessa", "followed by Tessa"
_BELOW = (("ahead", "of"), ("followed", "by"), ("behind",), ("beating",), ("defeating",))


def ranked_below(s: _Text, at: int) -> bool:
    """Is the name at ``at`` said as the one another comes before ("Velmar is the most expensive
    city in the world, ahead of Tessa")? Then the sentence does not say the claim of it."""
    before = tuple(t.low for t in s.tokens[max(0, at - 2) : at])
    return any(before[len(before) - len(words) :] == words for words in _BELOW)


_RANKS = frozenset("second third fourth fifth sixth seventh eighth ninth tenth".split())


def rank_unsaid(c: _Text, s: _Text, missing: int, placed: dict[int, int]) -> Comparison | None:
    """The claim ranks its subject ("the second deepest lake") and the sentence gives it the top
    of the same field ("the deepest lake"): a number conflict of the rank, or None."""
    unit = c.units[missing]
    if unit.text.lower() not in _RANKS or 0 not in placed or missing + 1 not in placed:
        return None
    top = c.units[missing + 1]
    if top.tokens[0].index != unit.tokens[-1].index + 1 or not _superlative(top.tokens[0].low):
        return None
    at = placed[missing + 1]
    if at == 0 or not (s.tokens[at - 1].low == "the" or s.tokens[at - 1].low.endswith("'s")):
        return None  # "its third largest": a rank after all
    if {t.low for t in s.tokens[max(0, at - 3) : at - 1]} & {"one", "among", "several"}:
        return None  # "one of the largest cities": the third may be one
    return _decision(
        "refutes",
        "number",
        f"the claim says the {unit.text} {top.text}; the source says the {top.text}",
    )


# an end of a sequence and the other end: "the first mayor" and "the last mayor"
_ENDS_OF = {"first": "last", "last": "first", "earliest": "latest", "latest": "earliest"}


def ordinal_opposed(c: _Text, s: _Text) -> Comparison | None:
    """ "Aron Vesk was the first mayor of Tessa" against "… was the last mayor of Tessa": the
    sentence has the other end of the sequence before the claim's noun, and not the claim's."""
    said = {t.low for t in s.tokens}
    for k, tok in enumerate(c.tokens[:-1]):
        other = _ENDS_OF.get(tok.low)
        if other is None or tok.low in said:
            continue
        noun = c.tokens[k + 1].low
        for j, theirs in enumerate(s.tokens[:-1]):
            if theirs.low == other and lex.lemmas(s.tokens[j + 1].low) & lex.lemmas(noun):
                return _decision(
                    "refutes",
                    "direction",
                    f"the claim says “{tok.text} {noun}”; the source says the opposite, “{theirs.text} "
                    f"{s.tokens[j + 1].text}”",
                )
    return None
