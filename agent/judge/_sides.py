"""The side a deed takes: "voted for the bill" against "voted against the bill", "ruled in favour
of the company" against "ruled against the company". Every other part of the claim is in its place;
the words right after the shared verb say the opposite side. WordNet has no antonyms for
prepositions, so the comparison's direction rule never saw these, and "Ana Roske voted for the
bill" read "… voted against the bill" as the same statement."""

from __future__ import annotations

import re

from agent.judge._lexicon import antonymous, is_adjective, word_pairs
from agent.judge._text import _STOP, _Text, _Unit

# the phrases of each side, as token words; the longer first
_FOR = (("in", "favour", "of"), ("in", "favor", "of"), ("in", "support", "of"), ("for",))
_AGAINST = (("in", "opposition", "to"), ("against",))
_SIDES = tuple(
    (side, p) for side, phrases in (("for", _FOR), ("against", _AGAINST)) for p in phrases
)
# "argued for years", "for the first time", "for a decade": a time, not a side
_TIME = frozenset(
    "year years month months week weeks day days decade decades hour hours minute minutes century "
    "centuries time times while life ever long now once ages".split()
)
# verbs of a tenure: who played for a team may have played against it before or after
_TENURE = frozenset(
    f"{v}{e}"
    for v in ("play", "work", "serve", "coach", "compete", "race")
    for e in ("", "s", "ed", "ing")
) | {"served", "serving", "competed", "competing", "raced", "racing"}
# words before the time: "for the first time", "for two years", "for more than a decade"
_COUNTING = frozenset(
    "a an the first second last two three four five six several many some more than over nearly "
    "almost about most".split()
)


def side_taken(c: _Text, s: _Text, placed: dict[int, int], unmatched: list[int]) -> str | None:
    """The reason, where a word of the claim that the sentence has in its place (a verb: "voted")
    is followed by one side in the claim and by the other in the sentence, and nothing else of the
    claim is missing but the side's own word ("against" is a content word; "for" is not). A leaf:
    it calls no other function of the project (the claim path counts such calls)."""
    words_c, words_s = tuple(t.low for t in c.tokens), tuple(t.low for t in s.tokens)
    for i, at in placed.items():
        unit = c.units[i]
        if unit.proper or unit.tokens[0].low in _TENURE:
            continue
        after_c = unit.tokens[-1].index + 1
        after_s = at + len(unit.tokens)
        mine, theirs = (
            next(((side, len(p)) for side, p in _SIDES if words[k : k + len(p)] == p), None)
            for words, k in ((words_c, after_c), (words_s, after_s))
        )
        if mine is None or theirs is None or mine[0] == theirs[0]:
            continue
        if any(
            next(
                (t.low in _TIME for t in tokens[k + n : k + n + 4] if t.low not in _COUNTING),
                False,
            )
            for tokens, k, n in ((c.tokens, after_c, mine[1]), (s.tokens, after_s, theirs[1]))
        ):
            continue  # "argued for years that …", "for the first time"
        side_words = {t.index for t in c.tokens[after_c : after_c + mine[1]]}
        if any(not side_words & {t.index for t in c.units[u].tokens} for u in unmatched):
            return None  # "voted for the bill" against "voted against the amendment"
        said = " ".join(t.text for t in c.tokens[unit.tokens[0].index : after_c + mine[1]])
        other = " ".join(t.text for t in s.tokens[at : after_s + theirs[1]])
        return f"the claim says “{said}”; the source says the opposite, “{other}”"
    return None


# who won a contest and who lost it: "Velmar United beat Tessa City" / "Tessa City beat Velmar
# United"; "finished ahead of" / "finished behind"; who bought whom: "Kessa Labs bought Orvel Corp" /
# "Kessa Labs was sold to Orvel Corp"
_WON = frozenset(
    "beat beats beaten defeat defeats defeated overcame edged thrashed routed eliminated ousted "
    "outscored outpolled outsold outvoted overtook overtaken ahead won wins acquired acquires "
    "bought buys purchased purchases".split()
)
_LOST = frozenset("lost lose loses behind trailed trails".split())
_SOLD = (("was", "sold", "to"), ("were", "sold", "to"), ("been", "sold", "to"))


def contest_turned(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The reason, where the claim says one name won against another or bought it (a word of
    ``_WON`` or ``_LOST`` between the two) and the sentence has the two names the other way round
    with a word of the same side between, or in the same order with a word of the other side; every
    other part of the claim is in the sentence, and at least one (the match, the race, the year)
    says which contest. A leaf, as side_taken (its reading of a side is inline)."""
    names = [i for i in placed if c.units[i].proper]
    for x, y in ((x, y) for x in names for y in names if x < y):
        between_c = c.tokens[c.units[x].tokens[-1].index + 1 : c.units[y].tokens[0].index]
        within = list(range(x + 1, y))
        if any(c.units[i].proper for i in within) or not 1 <= len(between_c) <= 4:
            continue
        rest = [i for i in range(len(c.units)) if i not in (x, y, *within)]
        dated = bool(c.numbers) and all(
            any(q.text == p.text for p in s.numbers) for q in c.numbers
        )  # "in 2019" on both sides
        if not (rest or dated) or any(i not in placed for i in rest) or (c.numbers and not dated):
            continue  # a part of the claim not in the sentence, or none says which contest
        first, second = (x, y) if placed[x] < placed[y] else (y, x)
        start, end = placed[first] + len(c.units[first].tokens), placed[second]
        between_s = [t.low for t in s.tokens[start:end]]
        if (
            not 1 <= len(between_s) <= 4
            or "," in s.raw[s.tokens[start - 1].end : s.tokens[end].start]
        ):
            continue
        side_c, side_s = None, None  # "won" or "lost" for each; "was sold to" lost
        for k, words in enumerate(([t.low for t in between_c], between_s)):
            sold = any(tuple(words[j : j + 3]) in _SOLD for j in range(len(words)))
            plain = not sold and "sold" not in words and "by" not in words  # "was beaten by"
            won, lost = (
                plain and bool(set(words) & _WON),
                sold or (plain and bool(set(words) & _LOST)),
            )
            side = "won" if won else "lost" if lost else None
            side_c, side_s = (side, side_s) if k == 0 else (side_c, side)
        if side_c is None or side_s is None or (side_c == side_s) == (first == x):
            continue
        said = c.raw[
            c.tokens[c.units[x].tokens[0].index].start : c.tokens[c.units[y].tokens[-1].index].end
        ]
        other = s.raw[
            s.tokens[placed[first]].start : s.tokens[
                min(end + len(c.units[second].tokens), len(s.tokens)) - 1
            ].end
        ]
        return f"the claim says “{said}”; the source says “{other}”"
    return None


def opposed_between(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The reason, where the opposite of a word of the claim stands between that word and the
    claim's last part in the sentence ("reduces the risk of bleeding and increases the risk of
    stroke" for "reduces the risk of stroke"): the last part is the opposite deed's."""
    for i, at in placed.items():
        unit, later = c.units[i], [j for j in placed if j > i]
        if unit.proper or len(unit.tokens) != 1 or not later:
            continue
        last = max(later, key=placed.__getitem__)
        for tok in s.tokens[at + 1 : placed[last]]:
            if antonymous(unit.tokens[0].low, tok.low) and tok.low not in {t.low for t in c.tokens}:
                end = min(placed[last] + len(c.units[last].tokens), len(s.tokens)) - 1
                said = s.raw[tok.start : s.tokens[end].end]
                return f"the claim says “{unit.text}”; the source says “{said}”"
    return None


# words of degree or place that say the opposite before the same word: "more people" / "fewer
# people", "above sea level" / "below sea level" (not "before" / "after": _events reads a time)
_OPPOSED = word_pairs(
    ("more", "fewer"),
    ("more", "less"),
    ("most", "fewest"),
    ("most", "least"),
    ("above", "below"),
    ("inside", "outside"),
)


def least_of(c: _Text, s: _Text, i: int, j: int) -> bool:
    """Is the claim's quality (part ``i``, said plainly) said with "least" before it in the
    sentence (at ``j``), not "at least"?"""
    word = c.units[i].tokens[0]
    k = word.index
    if len(c.units[i].tokens) != 1 or not is_adjective(word.low) or s.tokens[j - 1].low != "least":
        return False
    return (j < 2 or s.tokens[j - 2].low != "at") and (k == 0 or c.tokens[k - 1].low not in _DEGREE)


_DEGREE = frozenset(["most", "least", "more", "less"])


def manner_opposed(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The word right after one of the claim's verbs and the word right after it in the sentence
    are opposite adverbs ("the album sold well" against "sold poorly"): the reason, or None."""
    for i, at in placed.items():
        first, last = c.units[i].tokens[0].index, c.units[i].tokens[-1].index
        for k, j, word in (  # after the verb ("sold well"), or before its word ("well known")
            (last + 1, at + len(c.units[i].tokens), last),
            (first - 1, at - 1, first),
        ):
            if not (0 <= k < len(c.tokens) and 0 <= j < len(s.tokens)):
                continue
            mine, theirs = c.tokens[k].low, s.tokens[j].low
            adverb = mine.endswith("ly") or mine in {"well", "badly"}
            if adverb and mine != theirs and antonymous(mine, theirs):
                said = c.raw[c.tokens[min(k, word)].start : c.tokens[max(k, word)].end]
                other = s.raw[s.tokens[min(j, at)].start : s.tokens[max(j, at)].end]
                return f"the claim says “{said}”; the source says the opposite, “{other}”"
    return None


def degree_opposed(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The reason, where the word just before one of the claim's parts and the word just before
    it in the sentence are opposites of degree or place ("more people" against "fewer people"). A
    leaf, as side_taken."""
    if _other_targets(c, s):
        return None  # "more effective than Drug Y" against "less effective than Drug Z"
    articles = {"the", "a", "an"}
    for i, at in placed.items():
        k = c.units[i].tokens[0].index
        k -= k > 1 and c.tokens[k - 1].low in articles  # "before the war"
        j = at - (at > 1 and s.tokens[at - 1].low in articles)
        if k == 0 or j == 0:
            continue
        mine, theirs = c.tokens[k - 1], s.tokens[j - 1]
        if least_of(c, s, i, j):  # "one of the least influential creators" for "influential"
            word = c.raw[c.units[i].tokens[0].start : c.units[i].tokens[-1].end]
            return f"the claim says “{word}”; the source says “least {word}”"
        if frozenset((mine.low, theirs.low)) in _OPPOSED:
            end_c = c.units[i].tokens[-1].index + (c.units[i].tokens[-1].index + 1 < len(c.tokens))
            end_s = min(at + 1 + (end_c - c.units[i].tokens[-1].index) - 1, len(s.tokens) - 1)
            said = c.raw[mine.start : c.tokens[min(end_c, len(c.tokens) - 1)].end]
            other = s.raw[theirs.start : s.tokens[end_s].end]
            return f"the claim says “{said}”; the source says the opposite, “{other}”"
    if (manner := manner_opposed(c, s, placed)) is not None:  # "sold well" / "sold poorly"
        return manner
    if (equal := _equal_or_not(c, s)) is not None:  # "as effective as" against "less effective
        return equal  # than" the same thing
    for k in c.hedges:  # "less likely" against "more likely" (inline: a leaf, as side_taken)
        for j in s.hedges:
            opposed = frozenset((c.tokens[k - 1].low, s.tokens[j - 1].low)) in _OPPOSED
            if k > 0 and j > 0 and s.tokens[j].low == c.tokens[k].low and opposed:
                said = c.raw[c.tokens[k - 1].start : c.tokens[k].end]
                other = s.raw[s.tokens[j - 1].start : s.tokens[j].end]
                return f"the claim says “{said}”; the source says the opposite, “{other}”"
    return None


_UNEQUAL = re.compile(r"\b(?:more|less)\s+(?P<adj>\w+)\s+than\s+(?P<b>[^,;.]+)", re.I)
_EQUAL = re.compile(r"\b(?:as|just as|equally)\s+(?P<adj>\w+)\s+as\s+(?P<b>[^,;.]+)", re.I)


def _equal_or_not(c: _Text, s: _Text) -> str | None:
    """ "as effective as Drug Y" on one side, "more" or "less effective than Drug Y" on the other:
    the same quality against the same thing, equal and unequal."""
    for mine, theirs in ((_UNEQUAL, _EQUAL), (_EQUAL, _UNEQUAL)):
        a, b = mine.search(c.raw), theirs.search(s.raw)
        if a is None or b is None or a["adj"].lower() != b["adj"].lower():
            continue
        if _same_target(a["b"], b["b"]):  # "… than Drug Y", "as … as Drug Y in the trial"
            return f"the claim says “{a.group(0).strip()}”; the source says “{b.group(0).strip()}”"
    return None


def _same_target(a: str, b: str) -> bool:
    """What two comparisons compare with is one thing: one's words hold the other's."""
    mine, theirs = ({w for w in x.lower().split() if w not in _STOP} for x in (a, b))
    return bool(mine and theirs) and (mine <= theirs or theirs <= mine)


def _other_targets(c: _Text, s: _Text) -> bool:
    """Both sides compare ("… than Drug Y", "… than Drug Z"), with other things."""
    a, b = _UNEQUAL.search(c.raw), _UNEQUAL.search(s.raw)
    return bool(a and b) and not _same_target(a["b"], b["b"])


def _shared_hedges(c: _Text, s: _Text) -> list[tuple[int, int]]:
    """A hedge word of the claim's that the sentence has too, each with a word before it."""
    return [
        (k, j)
        for k in c.hedges
        for j in s.hedges
        if k > 0 and j > 0 and s.tokens[j].low == c.tokens[k].low
    ]


def _degree(t: _Text, k: int) -> str:
    return t.raw[t.tokens[k - 1].start : t.tokens[k].end]


_DEGREES = frozenset("more less fewer most least".split())
_OTHER_DEGREE = _DEGREES | {"as", "equally", "similarly", "no"}  # "as likely as adults"


def degree_unsaid(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The reason, where the claim says how much ("less likely", "more people") and the sentence
    says the same word with another degree ("as likely as adults"): not plain."""
    pairs = _shared_hedges(c, s) + [
        (c.units[i].tokens[0].index, at)
        for i, at in placed.items()
        if at > 0 and not c.units[i].proper and is_adjective(c.units[i].tokens[0].low)
    ]  # a degree of a quality: "more potent", not "more CO2"
    for k, j in pairs:
        theirs = s.tokens[j - 1].low
        if (
            k > 0
            and c.tokens[k - 1].low in _DEGREES
            and theirs in _OTHER_DEGREE - {c.tokens[k - 1].low}
        ):
            return f"the claim says “{_degree(c, k)}”; the source says “{_degree(s, j)}”"
    return None


# a result no better than its control: "lowered blood pressure less than placebo"
_AGAINST_CONTROL = re.compile(
    r"\b(?:less|worse|no better|not better|no more|not more|smaller|weaker)\b[^.;]{0,25}?\bthan\s+"
    r"(?:the\s+|a\s+)?(?:placebo|control|controls|usual care|standard care)\b",
    re.I,
)


_AMOUNT = frozenset("more less fewer rather other greater".split())


def said_as_comparison(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The reason, where the sentence compares instead of stating: the claim's verb found as a
    comparative with "than" after it ("Blood pressure was lower in the placebo group than in the
    Kessamab group" for "Kessamab lowers blood pressure"), or a result said to be no better than
    its control ("… less than placebo"). A leaf, as side_taken."""
    control = _AGAINST_CONTROL.search(s.raw)
    if control and not _AGAINST_CONTROL.search(c.raw):
        return f"the source compares it with a control (“{control.group(0)}”)"
    if any(t.low == "than" for t in c.tokens):
        if _compares(c) and not re.search(r"\bthan\b|\bas\b.+\bas\b", s.raw, re.I):
            return "the claim compares the two; the source does not"  # "5 million … 8 million"
        return None
    for i, at in placed.items():
        mine, theirs = c.units[i].tokens[0].low, s.tokens[at].low
        if c.units[i].proper or mine == theirs or not theirs.endswith("er"):
            continue
        than = next((t.index for t in s.tokens[at + 1 : at + 9] if t.low == "than"), None)
        if than is None or s.tokens[than - 1].low in _AMOUNT:
            continue  # "the winner of more than 20 awards": an amount, no comparison
        said = s.raw[s.tokens[at].start : s.tokens[than].end]
        return f"the source compares two things (“{said}”), it does not state the claim"
    return None


# "Tessa is larger than Velmar", "Ana Roske is more famous than Bel Tamsin", "Kessamab works
# faster than Orvelin"
_WINS = frozenset("won win wins winning".split())


def lost_for_won(c: _Text, s: _Text, missing: int, neg_s: list[int], window: range) -> str | None:
    """The claim's missing part "won" where the sentence's only negation is "lost" a contest in
    the claim's clause ("lost the election", read as "did not win it"): the reason, or None."""
    unit = c.units[missing]
    if len(unit.tokens) != 1 or unit.tokens[0].low not in _WINS or not neg_s:
        return None
    if not all(i in window and s.tokens[i].low in _LOST for i in neg_s):
        return None
    return (
        f"the claim says “{unit.text}”; the source says the opposite, “{s.tokens[neg_s[0]].text}”"
    )


def _compares(c: _Text) -> bool:
    """Does the claim compare two things ("more people than Ostrania"), not bound a number ("more
    than 400 films")?"""
    starts = {q.start for q in c.numbers}
    return any(
        t.low == "than"
        and t.index + 1 < len(c.tokens)
        and c.tokens[t.index + 1].start not in starts
        for t in c.tokens
    )


def said_turned(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The reason, where the claim's noun is followed by its verb ("profits rose") and the sentence
    says that noun with the verb's opposite right after it ("revenue rose, but profits fell"): the
    claim's verb found elsewhere in the sentence is another thing's."""
    for i, at in placed.items():
        unit = c.units[i]
        verb = c.units[i + 1] if i + 1 < len(c.units) else None
        if unit.proper or verb is None or len(verb.tokens) != 1 or not _no_object(c, verb):
            continue  # "profits rose (in 2020)", "net profit fell in the first half"; not
            # "increases the risk of bleeding", whose object the sentence may give otherwise
        if i + 1 not in placed:
            continue  # the verb not said at all: the slot's opposite reads it (compare.py)
        if verb.tokens[0].index != unit.tokens[-1].index + 1:
            continue
        k = at + len(unit.tokens)
        if (
            k < len(s.tokens)
            and not s.gap(k - 1)
            and antonymous(verb.tokens[0].low, s.tokens[k].low)
        ):
            said = s.raw[s.tokens[at].start : s.tokens[k].end]
            return f"the claim says “{unit.text} {verb.text}”; the source says “{said}”"
    return None


def _no_object(c: _Text, verb: _Unit) -> bool:
    """Does the claim end at its verb, or go on only to when ("in the first half")?"""
    k = verb.tokens[0].index + 1
    return k >= len(c.tokens) or c.tokens[k].low in {"in", "on", "during", "last", "this", "since"}
