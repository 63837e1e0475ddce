"""The comparison stage's reading of a text: tokens, the claim's parts (names, content words,
quantities), negation and hedge cues, tense, and where a claim's part is found in a sentence."""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from agent.judge import _lexicon as lex
from agent.judge._cues import (
    _FUTURE_AUX,
    _NEGATION,
    _PAST_AUX,
    _PRESENT_AUX,
    _phrase_negations,
)
from agent.judge._letters import letter_label
from agent.judge._measures import measures_as_dimensions
from agent.judge._nicknames import named_alike
from agent.judge._paraphrases import FORMULAS as _FORMULAS
from agent.judge._paraphrases import PARAPHRASES as _PARAPHRASE
from agent.judge._quantities import Quantity, quantities
from agent.judge._wordmatch import _word_match, same_name, spelled

_STOP = frozenset(
    """
a an the of in on at to for from by with and or but is are was were be been being am has have had do
does did this that these those it its as into than then there their they he she his her him them we
our you your i me my who whom which what when where why how also such would should will shall must
about over under after before between during including while s 's very much many any each other just
even still already well so both either ever yet same here upon within via per whose whether if
because since though although more less fewer than least approximately around roughly nearly almost
above below up exactly some every
""".split()
)
_HEDGES = frozenset(
    """
may might could possibly perhaps probably likely unlikely suggest suggests suggested suggesting
appear appears appeared seem seems seemed reportedly allegedly alleged believed thought rumoured
rumored unclear uncertain potentially rarely seldom sometimes occasionally nearly almost narrowly
hope hopes hoped wish wishes wished
""".split()
)
_TOKEN = re.compile(r"[^\W_][\w'’\-]*|[%°$€£]")
_CLAUSE = re.compile(
    r"[;:()\[\]—–]|,\s+(?:and|but|while|whereas|although|though|which|who)\b|\bbut\b|\bwhereas\b"
)


@dataclass(frozen=True)
class _Tok:
    text: str
    low: str
    start: int
    end: int
    cap: bool
    index: int


@dataclass(frozen=True)
class _Unit:
    tokens: tuple[_Tok, ...]
    proper: bool

    @property
    def text(self) -> str:
        return " ".join(t.text for t in self.tokens)


@dataclass(frozen=True)
class _Text:
    raw: str
    tokens: tuple[_Tok, ...]
    units: tuple[_Unit, ...]
    numbers: tuple[Quantity, ...]
    negations: tuple[int, ...]  # token indices of negation cues
    hedges: tuple[int, ...]
    tense: str | None

    def gap(self, k: int) -> str:
        """What stands between token k and the next, spaces left out ("," in "Paris, France")."""
        return self.raw[self.tokens[k].end : self.tokens[k + 1].start].strip()


def _norm(word: str) -> str:
    word = unicodedata.normalize("NFKD", word.replace("’", "'").lower())
    word = "".join(ch for ch in word if not unicodedata.combining(ch))  # Noël → noel
    return word[:-2] if word.endswith("'s") else word


def _title_case(tokens: list[_Tok]) -> bool:
    """A headline in Title Case: capitals say nothing there, only words no dictionary knows are
    names."""
    words = [t for t in tokens[1:] if t.text[:1].isalpha() and len(t.text) > 3]
    return sum(t.cap for t in words) >= max(4, 0.7 * len(words))


def _content(
    tokens: list[_Tok], i: int, cues: dict[int, bool], hedge: bool, number: tuple[bool, bool]
) -> bool:
    """Is token i a word the claim asserts (not a stop word, a negation or hedge cue, part of a
    number, or a word that only qualifies one: "only 6,000", "solely", "only American")?
    ``number``: (token i, token i + 1) stand in a number."""
    low, before = tokens[i].low, tokens[i - 1].low if i else ""
    after = tokens[i + 1] if i + 1 < len(tokens) else None
    return (
        i not in cues
        and not number[0]
        and not (low in _FOCUS and number[1])
        and low not in _EXCLUSIVE
        and not (low in _GET and after is not None and after.low.endswith("ed"))  # "got married"
        and not (low == "only" and after and not number[1] and before not in _THE_ONLY)
        and low not in _STOP
        and low not in _NEGATION
        and not hedge
        and not low.endswith("n't")
        and tokens[i].text not in "%°$€£"
        and len(low) > 1
    )


@lru_cache(maxsize=4096)
def _analyse(text: str) -> _Text:
    text = unicodedata.normalize("NFC", text)  # "Noe\u0308l" is one word
    numbers = tuple(quantities(text))
    spans = [(q.start, q.end) for q in numbers]
    tokens = []
    for n, m in enumerate(_TOKEN.finditer(text)):
        tokens.append(
            _Tok(m.group(), _norm(m.group()), m.start(), m.end(), m.group()[:1].isupper(), n)
        )
    in_number = lambda t: any(a <= t.start < b for a, b in spans)  # noqa: E731
    measures_as_dimensions(tokens, in_number)
    title_case = _title_case(tokens)
    units: list[_Unit] = []
    current: list[_Tok] = []
    negations, hedges = [], []
    cues = _phrase_negations(tokens)  # "has yet to", "something other than", "failed to"
    tense = None
    for i, tok in enumerate(tokens):
        low = tok.low
        after = [t.low for t in tokens[i + 1 : i + 3]]  # "not only", "not the only cause"
        only = low == "not" and (after[:1] in (["only"], ["just"]) or after == ["the", "only"])
        negative = low in _NEGATION or low.endswith("n't") or cues.get(i)
        if negative and not only and cues.get(i) is not False:  # False: "did not lose"
            negations.append(i)
        numeric = low in {"almost", "nearly"} and i + 1 < len(tokens) and in_number(tokens[i + 1])
        hedge = _is_hedge(tokens, i) and not numeric  # "almost 14 million": the number's bound
        if hedge:
            hedges.append(i)
        if tense is None and low in _PAST_AUX | _PRESENT_AUX | _FUTURE_AUX:
            tense = "past" if low in _PAST_AUX else "future" if low in _FUTURE_AUX else "present"
        proper = _proper(tokens, i, title_case)
        numbers_at = (in_number(tok), i + 1 < len(tokens) and in_number(tokens[i + 1]))
        content = _content(tokens, i, cues, hedge, numbers_at) or (
            proper and not in_number(tok) and (low not in _STOP or letter_label(text, tokens, i))
        )
        if current and low in _PARTICLES and i + 1 < len(tokens) and tokens[i + 1].cap:
            current.append(tok)  # "Leonardo da Vinci", "Vincent van Gogh": one name
            continue
        if proper and content:
            current.append(tok)
            continue
        if current:
            units.append(_Unit(tuple(current), True))
            current = []
        if content:
            units.append(_Unit((tok,), False))
    if current:
        units.append(_Unit(tuple(current), True))
    return _Text(text, tuple(tokens), tuple(units), numbers, tuple(negations), tuple(hedges), tense)


def _proper(tokens: list[_Tok], i: int, title_case: bool) -> bool:
    """Is the token at ``i`` (part of) a name: capitalised where capitals tell (not first, not in a
    headline in Title Case), or a word no dictionary knows, or in capitals, or a first word that a
    name follows or that is a name?"""
    tok, low = tokens[i], tokens[i].low
    return (
        tok.cap
        and not low.isdigit()
        and (
            (i > 0 and not title_case)
            or not lex.known_word(low)
            or tok.text.isupper()
            or (
                i == 0
                and not title_case
                and low not in _STOP
                and (_name_follows(tokens) or lex.is_name(low))
            )
        )
    )


_PARTICLES = frozenset("da de di del della van von der den du dos das bin ibn al".split())
# words between "no" and what it denies, saying how much of it there is not
_HOW_MUCH = frozenset(
    "significant statistically clear real measurable meaningful noticeable major".split()
)


_SEEM = frozenset(["appear", "appears", "appeared", "seem", "seems", "seemed"])


def _is_hedge(tokens: list[_Tok], i: int) -> bool:
    """A hedge word: "may" (not the month "May 21"), and "appear" / "seem" only as "appears to",
    "it seems that" ("appeared on television" is an appearance, not a hedge)."""
    tok = tokens[i]
    if tok.low in {"would", "should"} and i + 1 < len(tokens) and tokens[i + 1].low == "have":
        return True  # "would have won": it did not happen
    if tok.low not in _HEDGES or (tok.cap and i > 0):
        return False
    following = tokens[i + 1].low if i + 1 < len(tokens) else ""
    if tok.low == "narrowly":  # "narrowly passed" passed; "narrowly missed" did not quite
        return following[:4] in {"miss", "fail", "avoi", "esca", "surv"}
    return tok.low not in _SEEM or following in {"to", "that", "as"}


def _name_follows(tokens: list[_Tok]) -> bool:
    """A first word that a capitalised word follows is a first name ("Penélope Cruz", "Carlos
    Santana"), though a dictionary knows it."""
    return len(tokens) > 1 and tokens[1].cap and tokens[1].low not in _STOP


# "only 6,000 years": the word says the number is all there is; the number is compared, not the word
_FOCUS = frozenset(["only", "just", "merely"])
# "solely a horror film", "only works in Hollywood": the rest of the claim is compared, so that "a
# German film" refutes it; a sentence that does not say "solely" does not support it (not "the only")
_EXCLUSIVE = frozenset(["exclusively", "solely"])
_THE_ONLY = frozenset("the an his her its".split())  # "the only woman to win it" says more
_GET = frozenset(["get", "gets", "got", "gotten", "getting"])


def _others(verb: str, tok: _Tok, sent: _Text) -> bool:
    """The sentence's plural agent noun for the claim's verb ("climbers" for "climbed"): people who
    do it, not the claim's subject ("Ana Roske photographed climbers on Mount Orvel") — unless the
    sentence counts the subject among them ("was one of the founders", "were the founders")."""
    noun = tok.low
    if (
        not (verb.endswith(("ed", "s", "ing")) and noun.endswith(("ers", "ors", "ists")))
        or noun == verb
        or lex.lemmas(noun) & lex.lemmas(verb)  # "lowers" for "lowered": the verb itself
        # only a doer of the verb ("climbers", "founders"); "lowers" is none of "reduces": it says it
        or not any(b in lex.derived(verb) or b[:4] == verb[:4] for b in lex.lemmas(noun) - {noun})
    ):
        return False
    before = {t.low for t in sent.tokens[max(0, tok.index - 4) : tok.index]}
    return not before & {"is", "was", "are", "were", "one", "among", "as", "both"}


# a gas's formula and its name: "CO2" is said by "carbon dioxide"
def _plural_of(rest: list[str], ahead: list[str]) -> bool:
    """The sentence's name the claim's with its last word in the plural ("Academy Awards")."""
    same = bool(rest) and len(ahead) == len(rest) and rest[:-1] == ahead[:-1]
    return same and ahead[-1] == rest[-1] + "s"


def _unowned(word: str) -> str:
    """A name's word without its possessive ("roske's" → "roske")."""
    return word[:-2] if word.endswith(("'s", "’s")) else word


def _as_noun(sent: _Text, tok: _Tok) -> bool:
    """A word that is only a noun, or a noun where it stands after an article, a name or a noun
    ("a football quarterback": WordNet also knows "to quarterback")."""
    before = sent.tokens[tok.index - 1] if tok.index else None
    return lex.noun_only(tok.low) or (
        before is not None
        and lex.is_noun(tok.low)
        and not sent.gap(before.index)  # "Ana Roske (born 1950)": no noun ("Born", a physicist)
        and (before.low in {"a", "an"} or before.cap or lex.noun_only(before.low))
    )


def _find(unit: _Unit, sent: _Text) -> list[int]:
    """Token indices in the sentence where the claim's unit is found (its first token's place)."""
    if unit.proper:
        first = unit.tokens[0].low
        out = []
        for tok in sent.tokens:
            if _unowned(tok.low) == _unowned(first):
                rest = [t.low for t in unit.tokens[1:]]
                ahead = [t.low for t in sent.tokens[tok.index + 1 : tok.index + 1 + len(rest)]]
                if rest[-1:] and ahead[-1:] and _unowned(rest[-1]) == _unowned(ahead[-1]):
                    rest, ahead = rest[:-1], ahead[:-1]  # "Ana Roske's novel", "by Ana Roske"
                if spelled(rest) == spelled(ahead) or _plural_of(rest, ahead):  # "three Awards"
                    out.append(tok.index)
        if (
            not out and len(unit.tokens) > 1
        ):  # "Yara Shahidi" in "Yara Sayeh Shahidi", "Thatcher" for "Margaret Thatcher"
            names = [t.low for t in unit.tokens]
            for tok in sent.tokens:
                if tok.cap and names[-1] in (tok.low, tok.low.rsplit("-", 1)[-1]):  # "Curie" in
                    # "Marie Salomea Skłodowska-Curie"
                    near = [
                        t.low for t in sent.tokens[_run_start(sent, tok.index, names) : tok.index]
                    ]
                    if all(named_alike(n, set(near)) for n in names[:-1]) or not any(
                        t.cap and t.low not in names for t in _name_before(sent, tok.index, names)
                    ):  # not "Festival" of "the Berlin International Film Festival" for Venice's
                        out.append(tok.index)
        if (
            not out and len(unit.tokens) == 1
        ):  # a name's other form: "Paris" ~ "Parisian" is not enough; plurals are
            cap = unit.tokens[0].cap
            out = [t.index for t in sent.tokens if same_name(t.low, t.cap, first, cap)]
        if not out and len(unit.tokens) == 1 and first in _FORMULAS:  # "CO2": "carbon dioxide"
            m = re.search(rf"\b{_FORMULAS[first]}\b", sent.raw, re.I)
            out = [t.index for t in sent.tokens if m and t.start == m.start()]
        return out
    word = unit.tokens[0].low
    out = [t.index for t in sent.tokens if _word_match(word, t.low) and not _others(word, t, sent)]
    if unit.tokens[0].text.islower() and not _title_case(list(sent.tokens)):
        out = [i for i in out if not _derived_in_a_name(word, sent, i)]  # "animated", not
        # "Pixar Animation Studios"
    own = [i for i in out if lex.lemmas(sent.tokens[i].low) & lex.lemmas(word)]
    out = own or out  # the word itself before its synonym ("signed … but never ratified")
    if not out and lex.noun_only(word):  # "musician" is said by "vocalist": a kind of musician
        out = [
            t.index
            for t in sent.tokens
            if not t.cap and t.low.isalpha() and _as_noun(sent, t) and lex.hypernym_of(word, t.low)
        ]
    if not out and word in {"author", "authors"}:  # "a novelist" (not "a playwright": of books)
        out = [t.index for t in sent.tokens if t.low.rstrip("s") in lex.BOOK_WRITERS]
    if not out:
        for base in lex.lemmas(word):
            for phrase in _PARAPHRASE.get(base, ()):  # each place it is said: "was awarded A
                for m in re.finditer(rf"\b{re.escape(phrase)}\b", sent.raw, re.I):  # but was
                    out.extend(t.index for t in sent.tokens if t.start == m.start())  # never …"
    return out


def used_tokens(c: _Text, s: _Text, placed: dict[int, int]) -> set[int]:
    """The sentence's tokens the claim's placed parts take: a name found by its surname takes the
    whole name before it ("Thomas Jeffrey Hanks" for "Tom Hanks"), not the words after."""
    used: set[int] = set()
    for i, p in placed.items():
        unit = c.units[i]
        surname = len(unit.tokens) > 1 and unit.proper and s.tokens[p].low != unit.tokens[0].low
        if surname and _unowned(s.tokens[p].low).endswith(_unowned(unit.tokens[-1].low)):
            used |= set(range(_run_start(s, p, [t.low for t in unit.tokens]), p + 1))
        else:
            used |= set(range(p, p + len(unit.tokens)))
    return used


def _run_start(sent: _Text, k: int, names: list[str]) -> int:
    """Where the name that ends at ``k`` starts: the claim's length back, or the whole run of
    capitalised words and particles ("Gabriel José de la Concordia García Márquez")."""
    j = k
    while (
        j > max(0, k - 8)
        and not sent.gap(j - 1)
        and (sent.tokens[j - 1].cap or sent.tokens[j - 1].low in _PARTICLES | {"la"})
    ):
        j -= 1
    return min(j, max(0, k - len(names) - 1))


def _name_before(sent: _Text, k: int, names: list[str]) -> list[_Tok]:
    """The word before the word at ``k``; for a name of three words or more, the capitalised
    words that run up to it ("Berlin International Film" before "Festival")."""
    if len(names) < 3:
        return list(sent.tokens[k - 1 : k])
    j = k
    while j > 0 and sent.tokens[j - 1].cap and not sent.gap(j - 1):
        j -= 1
    return list(sent.tokens[j:k])


def _derived_in_a_name(word: str, sent: _Text, i: int) -> bool:
    """Is the word at ``i`` another form of the claim's ``word`` in a name of several ("Pixar
    Animation Studios" for "animated"; "Supreme Court" says "supreme court")?"""
    toks = sent.tokens
    if not toks[i].cap or i == 0 or lex.lemmas(word) & lex.lemmas(toks[i].low):
        return False
    before = toks[i - 1].cap and not sent.gap(i - 1) and i - 1 > 0
    after = i + 1 < len(toks) and toks[i + 1].cap and not sent.gap(i)
    return before or after


def _clause_bounds(sent: _Text, lo: int, hi: int) -> tuple[int, int]:
    """Token range [a, b] of the clause(s) that hold tokens lo..hi."""
    starts = [0] + [m.end() for m in _CLAUSE.finditer(sent.raw)]
    ends = [m.start() for m in _CLAUSE.finditer(sent.raw)] + [len(sent.raw)]
    lo_c, hi_c = sent.tokens[lo].start, sent.tokens[hi].start
    a = max(s for s in starts if s <= lo_c)
    b = min(e for e in ends if e >= hi_c)
    toks = [t.index for t in sent.tokens if a <= t.start < b]
    return (toks[0], toks[-1]) if toks else (lo, hi)
