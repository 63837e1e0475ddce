"""The guards of a prior fact-check's match, pure: does a review's claim negate the user's
(``polarity_mismatch``), or name other particulars — another number, date, name, or an antonym
(``detail_mismatch``)? A review that fails either is about another claim, however close its words.
"""

from __future__ import annotations

import re

_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "`": "'"})
_TOKEN = re.compile(r"[a-z]+(?:'[a-z]+)?")
_NEGATORS = frozenset(
    {
        "not",
        "no",
        "never",
        "none",
        "nobody",
        "nothing",
        "neither",
        "nor",
        "nowhere",
        "cannot",
    }
)
# Framings that assert the opposite of the statement they introduce ("it is a myth that X").
_FRAMINGS = re.compile(
    r"\b(?:myth|lie|hoax|falsehood|misconception)s?\s+that\b"
    r"|\b(?:false|untrue|fake|bogus|debunked|baseless|unfounded|wrong)\s+(?:claims?\s+|rumou?rs?\s+|reports?\s+)?that\b"
    r"|\b(?:falsely|wrongly|erroneously)\s+(?:claims?|claimed|says?|said|states?|stated|suggests?)\b"
    # implicit negation: verbs and adjectives that deny the action they govern
    r"|\b(?:fail(?:s|ed)?|refus(?:e|es|ed)|yet|unable|incapable)\s+(?:to|of)\b"
)
# A headline's answer word ("No, the Earth is not flat"; "False: …") repeats the verdict; it is
# not a second negation of the statement that follows.
_ANSWER_PREFIX = re.compile(
    r"^\s*(?:(?:no|false|fake|myth|wrong)\s*[,:.!\u2013\u2014-]|(?:yes|true)\b[,:.!\u2013\u2014-]?)\s*",
    re.IGNORECASE,
)


def _negations(text: str) -> int:
    text = _ANSWER_PREFIX.sub("", text.translate(_APOSTROPHES).lower())
    tokens = _TOKEN.findall(text)
    count = sum(1 for t in tokens if t in _NEGATORS or t.endswith("n't"))
    return count + len(_FRAMINGS.findall(text))


def polarity_mismatch(a: str, b: str) -> bool:
    """True when one text negates what the other states: the parity of negations differs.

    Negations are negator words (not, no, never, none, nobody, nothing, neither, nor, nowhere,
    cannot), any "…n't", framings that deny what follows ("myth that", "false claim that",
    "falsely claims") and implicit negations ("failed to", "refused to", "has yet to", "unable to",
    "incapable of"). A leading answer word ("No, …", "False: …") is not counted. Antonyms
    ("flat" / "round", "refused" / "agreed") are not seen; the similarity threshold has to catch
    those.
    """
    return _negations(a) % 2 != _negations(b) % 2


_WORD = re.compile(r"\d[\d,.]*\d(?:st|nd|rd|th|s)?|\d(?:st|nd|rd|th|s)?|[^\W\d_][\w'\-]*")
_MONTHS = [
    "january",
    "february",
    "march",
    "april",
    "june",
    "july",
    "august",
    "september",
    "october",
    "november",
    "december",
    "jan",
    "feb",
    "mar",
    "apr",
    "jun",
    "jul",
    "aug",
    "sep",
    "sept",
    "oct",
    "nov",
    "dec",
]
_NUMBER_WORDS = frozenset(
    [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "twenty",
        "thirty",
        "forty",
        "fifty",
        "sixty",
        "seventy",
        "eighty",
        "ninety",
        "hundred",
        "thousand",
        "million",
        "billion",
        "trillion",
        "first",
        "second",
        "third",
        "fourth",
        "fifth",
        "sixth",
        "seventh",
        "eighth",
        "ninth",
        "tenth",
        "twenties",
        "thirties",
        "forties",
        "fifties",
        "sixties",
        "seventies",
        "eighties",
        "nineties",
        "dozen",
        "half",
        "quarter",
    ]
) | frozenset(_MONTHS)
_ANTONYMS = {
    a: b
    for x, y in (
        ("larger", "smaller"),
        ("bigger", "smaller"),
        ("largest", "smallest"),
        ("biggest", "smallest"),
        ("more", "less"),
        ("more", "fewer"),
        ("most", "least"),
        ("higher", "lower"),
        ("highest", "lowest"),
        ("increase", "decrease"),
        ("increased", "decreased"),
        ("rise", "fall"),
        ("rose", "fell"),
        ("before", "after"),
        ("first", "last"),
        ("best", "worst"),
        ("oldest", "youngest"),
        ("older", "younger"),
        ("born", "died"),
        ("real", "fictional"),
        ("alive", "dead"),
        ("legal", "illegal"),
        ("won", "lost"),
        ("win", "lose"),
        ("north", "south"),
        ("east", "west"),
        ("male", "female"),
        ("majority", "minority"),
        ("accepted", "refused"),
        ("agreed", "refused"),
        ("support", "oppose"),
        ("supported", "opposed"),
        ("include", "exclude"),
        ("included", "excluded"),
        ("success", "failure"),
        ("safe", "dangerous"),
    )
    for a, b in ((x, y), (y, x))
}
_PREFIXES = ("un", "dis", "in", "im", "il", "ir", "non")
_FUNCTION_WORDS = frozenset(
    [
        "a",
        "an",
        "the",
        "and",
        "or",
        "but",
        "of",
        "in",
        "on",
        "at",
        "to",
        "for",
        "from",
        "by",
        "with",
        "as",
        "about",
        "into",
        "over",
        "under",
        "than",
        "then",
        "that",
        "this",
        "these",
        "those",
        "it",
        "its",
        "it's",
        "is",
        "are",
        "was",
        "were",
        "be",
        "been",
        "being",
        "am",
        "has",
        "have",
        "had",
        "do",
        "does",
        "did",
        "will",
        "would",
        "can",
        "could",
        "shall",
        "should",
        "may",
        "might",
        "must",
        "there",
        "their",
        "they",
        "them",
        "he",
        "she",
        "his",
        "her",
        "him",
        "we",
        "our",
        "you",
        "your",
        "i",
        "me",
        "my",
        "who",
        "whom",
        "which",
        "what",
        "when",
        "where",
        "why",
        "how",
        "all",
        "any",
        "some",
        "each",
        "every",
        "so",
        "such",
        "very",
        "just",
        "also",
        "only",
        "still",
        "even",
        "yet",
        "ever",
        "one's",
        "s",
    ]
)


def _words(text: str) -> list[str]:
    return [
        part
        for word in _WORD.findall(text.translate(_APOSTROPHES))
        for part in word.split("-")
        if part
    ]


def _stem(word: str) -> str:
    word = word.lower().removesuffix("'s")
    for suffix in ("ing", "ed", "es", "s", "ly"):
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def _numbers(words: list[str]) -> set[str]:
    out = set()
    for word in words:
        low = word.lower()
        if low[0].isdigit():
            out.add(re.sub(r"(?<=\d)(st|nd|rd|th)$", "", low).replace(",", ""))
        elif low in _NUMBER_WORDS:
            out.add(low[:3] if low in _MONTHS else low)
    return out


def _names(words: list[str]) -> set[str] | None:
    """Capitalised words after the first (proper names), or None for a Title Case headline."""
    rest = [w for w in words[1:] if w[0].isalpha()]
    capitalised = [w for w in rest if w[0].isupper()]
    if rest and len(capitalised) / len(rest) > 0.5:
        return None
    return {_stem(w) for w in capitalised}


def detail_mismatch(a: str, b: str) -> bool:
    """True when the texts name different particulars: each has a number or date the other lacks,
    each has a proper name the other lacks, or one has a word where the other has its antonym
    ("larger" / "smaller", "born" / "died", "associated" / "disassociated"), or both share at least
    half their content words and each swaps in one or two of its own ("acted in" / "directed").

    Both sides must add something: a paraphrase may drop a detail ("… in April-August 2020" vs
    "… in April-August"), a different claim replaces one ("born in Japan" vs "born in New Orleans").
    """
    wa, wb = _words(_ANSWER_PREFIX.sub("", a)), _words(_ANSWER_PREFIX.sub("", b))
    sa, sb = {_stem(w) for w in wa}, {_stem(w) for w in wb}
    na, nb = _numbers(wa), _numbers(wb)
    if na - nb and nb - na:
        return True
    names_a, names_b = _names(wa), _names(wb)
    if names_a is not None and names_b is not None and names_a - sb and names_b - sa:
        return True
    # One or two words swapped in an otherwise shared sentence: the swap is the claim
    # ("Tim McGraw acted in The Blind Side" / "… directed …"); a paraphrase rewords more.
    ca = {w for w in sa if w not in _FUNCTION_WORDS and w not in _NEGATORS}
    cb = {w for w in sb if w not in _FUNCTION_WORDS and w not in _NEGATORS}
    only_a, only_b, shared = ca - cb, cb - ca, ca & cb
    if 0 < len(only_a) <= 2 and 0 < len(only_b) <= 2 and len(shared) / len(ca | cb) >= 0.5:
        return True
    la, lb = {w.lower() for w in wa}, {w.lower() for w in wb}
    for x, y in ((la, lb), (lb, la)):
        for word in x - y:
            if _ANTONYMS.get(word) in y - x:
                return True
            if any(word.startswith(p) and word[len(p) :] in y - x for p in _PREFIXES):
                return True
    return False
