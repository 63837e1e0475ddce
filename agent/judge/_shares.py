"""The share of its subject a sentence says a thing of: "some Borovians" for "Borovians", "half of
the voters", "safe for most people", "in women over 60" — the comparison stage's guards that keep a
statement about a part from reading as one about the whole."""

from __future__ import annotations

import re
from dataclasses import replace

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._paraphrases import PARAPHRASES
from agent.judge._text import _Text

# words that say how much of a group: "some Borovians", "most of the voters", "half of Borovians"
_SHARES = frozenset("some many most several few certain half majority minority".split())


def quantified_otherwise(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """The sentence says it of a share of the claim's subject ("some Borovians", "half of
    Borovians", "38% of Borovians") and the claim of all of it or of another share ("Borovians",
    "most Borovians"): the `subject` guard, so that no support is read. Shares given as numbers
    on both sides are compared as numbers instead. Also a share the sentence adds after every part
    of the claim ("safe for most people"): the `partial` guard."""
    if share := (
        _for_a_share(c, s, placed)
        or _only_when(c, s, placed)
        or _in_part(c, s, placed)
        or _aged(c, s, placed)
        or _against_only(c, s, placed)
    ):
        return _decision("neutral", "partial", f"the source says it only “{share}”")
    if combined := _combined(c, s, placed):
        return _decision("neutral", "subject", f"the source says it of {combined}")
    if kind := _counted_as_a_kind(c, s, placed):
        return _decision("neutral", "partial", f"the source counts {kind[0]}, not {kind[1]}")
    at = placed.get(0)
    if not at:
        return None
    k = at - 1 - (s.tokens[at - 1].low == "the")
    k -= k > 0 and s.tokens[k].low == "of"
    word = s.tokens[k] if k >= 0 else None
    if word is None or any(ch in ",;:()" for ch in s.raw[word.end : s.tokens[at].start]):
        return None  # "In 1975, Thatcher …": a comma between, no share of her
    share = next((q for q in s.numbers if q.start <= word.start < q.end), None)
    if share is not None and (share.dimension != "dimensionless" or share.low >= 1.0):
        return None  # a share is a part of a whole: "38%", "half", not "1975", "three" or "all"
    if not (word.low in _SHARES or share is not None):
        return None
    before = [t.low for t in c.tokens[: c.units[0].tokens[0].index]]
    if word.low in before or (share and any(q.dimension == share.dimension for q in c.numbers)):
        return None  # the claim's own share
    start = share.start if share is not None else word.start
    last = c.units[0].tokens[-1].low  # the subject as the sentence writes it, up to its last word
    end = next((t for t in s.tokens[at : at + 4] if t.low == last), s.tokens[at])
    theirs = s.raw[start : end.end]
    mine = c.raw[: c.units[0].tokens[-1].end]
    return _decision("neutral", "subject", f"the source says it of {theirs}, not of {mine}")


def _counted_as_a_kind(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's counted noun ("two children") found as a kind of it ("two sons and a daughter"):
    the count is of the kind, not of the whole. (the sentence's word, the claim's), or None."""
    for i, at in placed.items():
        unit = c.units[i]
        k = unit.tokens[0].index
        if unit.proper or len(unit.tokens) != 1 or k == 0:
            continue
        counted = any(  # "two children": a count right before a noun, not "212 km long"
            q.dimension == "count" and c.tokens[k - 1].end <= q.end <= c.tokens[k].start
            for q in c.numbers
        )
        mine, theirs = unit.tokens[0].low, s.tokens[at].low
        counted = counted and lex.noun_only(mine)
        if counted and not lex.lemmas(mine) & lex.lemmas(theirs) and not _said_alike(mine, theirs):
            return s.tokens[at].text, mine
    return None


def _said_alike(a: str, b: str) -> bool:
    """Synonyms, or a paraphrase the comparison reads ("a population of" for "inhabitants")."""
    said = any(b in PARAPHRASES.get(lemma, ()) for lemma in lex.lemmas(a) | {a})
    return said or bool(lex.synonyms(a) & lex.lemmas(b) or lex.synonyms(b) & lex.lemmas(a))


def _for_a_share(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """ "for most people", "in some patients", "in women over 60" right after the claim's last part
    in the sentence, where the claim names no such share or group: the words."""
    last = max(placed, key=placed.__getitem__)
    k = placed[last] + len(c.units[last].tokens)
    words = [t.low for t in s.tokens[k : k + 4]]
    if len(words) < 2 or words[0] not in {"for", "in", "among"}:
        return None
    group = next((j for j, w in enumerate(words[1:3], 1) if w in GROUPS), None)
    counted = words[2:3] == ["of"] and (words[1].isdigit() or words[1] in _COUNTS)  # "two of 19"
    sub = words[1] in {"a", "one"} and words[2:3] and words[2] in _SUBSETS  # "in a subgroup"
    if words[1] not in _SHARES and group is None and not counted and not sub:
        return None
    mine = {t.low for t in c.tokens}
    if words[1] in mine or (group is not None and words[group] in mine):
        return None
    plain = group == 1 and words[1] in {"people", "patients", "adults"} and words[2:3] != ["with"]
    but_not = _BUT_NOT.match(s.raw, s.tokens[k + 1].end)  # "for adults but not for children"
    if plain and not (len(words) > 2 and words[2] in _AGES) and not but_not:
        return None  # "in patients": whom the claim speaks of
    if but_not:
        return s.raw[s.tokens[k].start : but_not.end()]
    n = len(s.tokens)
    end = k + (group or 1) + 2 * counted  # "in two of 19 subpopulations"
    if group is None and end + 1 < n and not s.gap(end):
        end += 1  # "for most people", "in a subgroup"
    if group is not None and end + 1 < n and s.tokens[end + 1].low in GROUPS | _AGES | {"with"}:
        end += 1 + (s.tokens[end + 1].low not in GROUPS and end + 2 < n)  # "in women over 60"
    return s.raw[s.tokens[k].start : s.tokens[end].end]


_BUT_NOT = re.compile(r",?\s+but\s+not\s+(?:for|in|among)?\s*\w+")
# a part of those studied: "in a subgroup of patients over 65"
_SUBSETS = frozenset("subgroup subgroups subset subsets subpopulation subpopulations".split())
# groups of people a finding may hold for only: "in women", "in elderly patients"
GROUPS = frozenset(
    "women men children adults adolescents infants girls boys patients people smokers "
    "nonsmokers seniors elderly".split()
)
_AGES = frozenset("over under above below aged older younger".split())
_COUNTS = frozenset("one two three four five six seven eight nine ten".split())


# a condition after the statement: "…, but only at high doses", "only when taken with food"
_ONLY_WHEN = re.compile(
    r"^\W{0,3}(?:but\s+)?only\s+(?:in|at|when|if|for|among|with|after|during|under)\b[^,;.]*", re.I
)


def _only_when(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """ "…, but only at high doses" right after the claim's last part, where the claim has no
    "only": the words."""
    last = max(placed, key=placed.__getitem__)
    end = min(placed[last] + len(c.units[last].tokens), len(s.tokens)) - 1  # "Tom and Paul Vell"
    rest = s.raw[s.tokens[end].end :]
    parallel = _PARALLEL.match(rest)  # "damages the kidney but not the liver": another object
    if (m := _EXCEPT.match(rest)) and not _EXCEPT.search(c.raw) and not parallel:
        return m.group(0).strip(" ,")  # "every day except Monday", "free to enter on Sundays"
    m = _ONLY_WHEN.match(rest)
    if m is None or any(t.low == "only" for t in c.tokens):
        return None
    return re.sub(r"^\W*(?:but\s+)?only\s+", "", m.group(0)).strip(" ,")  # "at high doses"


# an exception or a time that narrows what the claim says of every time or everyone
# (days said as a habit: "on Sundays"; "died on Sunday" dates a deed, it narrows nothing)
_DAYS = r"(?:mon|tues|wednes|thurs|fri|satur|sun)days|weekends|weekdays|holidays"
_EXCEPT = re.compile(
    rf"^\W{{0,3}}(?:except|apart from|other than|save for|but not)\b[^,;.]*"
    rf"|^\s*(?:on|at)\s+(?:{_DAYS})\b|^\s*(?:in|during)\s+(?:the\s+)?(?:summer|winter)\b"
    # a use it is allowed or made for: "legalised cannabis for medical use"
    r"|^\s*(?:only\s+)?for\s+(?:medical|medicinal|recreational|personal|research|scientific|"
    r"industrial|commercial|military|civilian|domestic|emergency)\s+(?:use|uses|purposes?)\b",
    re.I,
)

_PARALLEL = re.compile(r"^\W{0,3}but\s+not\s+(?:the|a|an|its|his|her|their)\b", re.I)
_WITH = ("with", "plus")  # not "and": "Ana Roske and her band recorded …" did it together


def _combined(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The claim's subject with another thing in the sentence, before the claim's next part
    ("Vitamin D with calcium prevented fractures" for "Vitamin D prevents fractures"): the phrase."""
    at = placed.get(0)
    if at is None:
        return None
    i, end = 0, at + len(c.units[0].tokens)  # the subject's phrase: "Kessa dust"
    while (
        i + 1 in placed
        and placed[i + 1] == end
        and c.units[i + 1].tokens[0].index == (c.units[i].tokens[-1].index + 1)
    ):
        i += 1
        end += len(c.units[i].tokens)
    rest = [p for k, p in placed.items() if k > i]
    if not rest or end >= min(rest) or s.gap(end - 1):
        return None
    joint = {t.low for t in s.tokens[end : min(rest)]} & {"together", "combined"}
    if s.tokens[end].low not in _WITH and not (s.tokens[end].low == "and" and joint):
        return None  # "Kessamab and aspirin together reduce …" is the pair's deed
    if any(t.low in _WITH for t in c.tokens):
        return None  # the claim names its own combination
    phrase = [t for t in s.tokens[end + 1 : min(rest)] if t.low not in {"the", "a", "an"}]
    if not phrase or len(phrase) > 4 or any(s.gap(t.index - 1) for t in phrase):
        return None
    return s.raw[s.tokens[at].start : phrase[-1].end]


# words that say a thing holds only in part: "partly covered in ice", "largely destroyed"
_IN_PART = frozenset("partly partially largely mostly somewhat half".split())


def _in_part(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """ "partly covered in ice" for "covered in ice", "cures some cancers" for "cures cancer": the
    words, where the claim has no such word."""
    mine = {t.low for t in c.tokens}
    cures = any(lex.lemmas(t.low) & _CURES for t in c.tokens)
    for i, at in placed.items():
        if at == 0 or c.units[i].proper:
            continue
        if s.tokens[at - 1].low in _IN_PART - mine or (
            i > 0 and cures and s.tokens[at - 1].low in _SOME - mine
        ):
            return s.raw[s.tokens[at - 1].start : s.tokens[at].end]
    return None


# what a cure or a protection is said of as a whole: "cures cancer" is not "cures some cancers"
_CURES = frozenset("cure treat heal prevent kill protect eliminate eradicate".split())
_SOME = frozenset("some certain several".split())


def _aged(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """ "children over 12", "adults aged 65 and older" for the claim's "children", "adults": the
    words, where the claim gives no age."""
    mine = {t.low for t in c.tokens}
    for i, at in placed.items():
        k = at + len(c.units[i].tokens)
        if c.units[i].tokens[-1].low not in GROUPS or k + 1 >= len(s.tokens) or mine & _AGES:
            continue
        if s.tokens[k].low in _AGES and s.tokens[k + 1].low[:1].isdigit() and not s.gap(k - 1):
            return s.raw[s.tokens[at].start : s.tokens[k + 1].end]
    return None


_PROTECTS = frozenset("effective efficacy protection protective effectiveness".split())


def _against_only(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """ "95% effective against severe disease" for "95% effective": the words, where the claim
    names nothing the protection is against."""
    last = max(placed, key=placed.__getitem__)
    k = placed[last] + len(c.units[last].tokens)
    if c.units[last].tokens[-1].low not in _PROTECTS or any(t.low == "against" for t in c.tokens):
        return None
    if k + 1 >= len(s.tokens) or s.tokens[k].low != "against" or s.gap(k - 1):
        return None
    end = k + 1
    while end + 1 < len(s.tokens) and not s.gap(end) and s.tokens[end + 1].low not in {"in", "and"}:
        end += 1
    return s.raw[s.tokens[k].start : s.tokens[min(end, k + 4)].end]


# a change in per cent of the value and a change in percentage points of a rate are two measures:
# "rose by 10%" (9% → 9.9%) is not "rose by 10 percentage points" (9% → 19%)
_PER_CENT = re.compile(r"(\d+(?:\.\d+)?)\s*(?:%|per ?cent\b)", re.I)
_POINTS = re.compile(r"(\d+(?:\.\d+)?)\s*(?:percentage|%)[ -]points?\b", re.I)


def points_otherwise(c: _Text, s: _Text) -> Comparison | None:
    """The claim's per cent given by the sentence in percentage points, or the other way round: a
    silent `partial` guard (the two may both hold; no model may read one as the other)."""
    for mine, theirs, who in (
        (c.raw, s.raw, ("claim", "source")),
        (s.raw, c.raw, ("source", "claim")),
    ):
        points = [m.group(0) for m in _POINTS.finditer(theirs)]
        cents = [m.group(0) for m in _PER_CENT.finditer(mine) if not _POINTS.match(mine, m.start())]
        if points and cents and not _POINTS.search(mine):
            held = _decision(
                "neutral",
                "partial",
                f"the {who[0]} gives a change in per cent ({cents[0]}), the {who[1]} in"
                f" percentage points ({points[0]}): two measures",
            )
            return replace(held, silent=True)
    return None


_ONE_OF_SEVERAL = re.compile(
    r"\bone of (?:the |its |their |his |her )?(?:(?:two|three|four|five|six|seven|eight|nine|ten|"
    r"several|many|numerous|\d+)\s+)?(?:[a-z-]+\s+)?$",
    re.I,
)


def one_of_several(c: _Text, s: _Text, missing: int, placed: dict[int, int]) -> Comparison | None:
    """The claim's "the only survivor" (its one unmatched part "only" or "sole") against "one of
    three survivors": the source counts others beside it, a refutation."""
    unit = c.units[missing]
    k = unit.tokens[0].index
    if len(unit.tokens) != 1 or unit.tokens[0].low not in {"only", "sole"} or k == 0:
        return None
    nxt = next((i for i, u in enumerate(c.units) if u.tokens[0].index == k + 1), None)
    if c.tokens[k - 1].low != "the" or nxt is None or nxt not in placed:
        return None
    at = placed[nxt]
    m = _ONE_OF_SEVERAL.search(s.raw[: s.tokens[at].start])
    if m is None or not s.tokens[at].low.endswith("s"):
        return None
    said = s.raw[m.start() : s.tokens[at].end]
    return _decision(
        "refutes",
        "number",
        f"the claim says “the {unit.text} {c.units[nxt].text}”; the source says “{said}”",
    )


# a change said to pass: "exercise raises blood pressure briefly" does not say it raises it
_PASSING = re.compile(
    r"\b(?:briefly|temporarily|transiently|momentarily|initially|at first|for a (?:short )?while|"
    r"in the short term|short-term)\b",
    re.I,
)
# some places or some of a kind: "are declining in several regions", "Some scientists disagree"
_SOME_OF = re.compile(
    r"\b(?:in|across|at|for)\s+(?:several|some|many|certain|a\s+few|parts\s+of|a\s+number\s+of)\s+"
    r"(?:[\w-]+\s+)?(?:regions|areas|places|countries|parts|locations|sites|states|provinces|"
    r"populations|cases|studies|patients|people)\b"
    r"|^\s*(?:some|several|a\s+few|certain|a\s+minority\s+of)\s+\w+",
    re.I,
)


def limited(claim: str, sentence: str) -> str | None:
    """The reason, where the sentence says the opposite of the claim only for a while or only of
    some ("briefly", "in several regions", "Some scientists …") and the claim does not: the
    opposite of a part is not the opposite of the whole."""
    if (passing := _PASSING.search(sentence)) and not _PASSING.search(claim):
        return f"the source says it only for a while (“{passing[0]}”)"
    if (some := _SOME_OF.search(sentence)) and not _SOME_OF.search(claim):
        return f"the source says it only of some (“{some[0].strip()}”)"
    return None


# animals and laboratory models a finding may hold in, and people not ("causes cancer in rats")
_MODELS = re.compile(
    r"\b(?:in|among)\s+(?:\w+\s+)?(?:rats?|mice|mouse|rodents?|animals?|animal models?|cells?|"
    r"vitro|monkeys?|primates?|pigs?|zebrafish|yeast|cell cultures?|petri dish(?:es)?|the lab(?:oratory)?)\b",
    re.I,
)


def in_a_model(c: _Text, s: _Text) -> str | None:
    """The sentence says it of rats, mice, cells, "in vitro", which the claim does not name: those
    words, or None."""
    m = _MODELS.search(s.raw)
    return m.group(0) if m and not _MODELS.search(c.raw) else None
