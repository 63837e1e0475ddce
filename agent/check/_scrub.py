"""The scrubber of the two-pass grounding check, pure: replace the specific identifiers of a text —
URLs, e-mail addresses, dates, numbers, and names of people, places and organisations — by typed
placeholders ``[URL_1]``, ``[DATE_2]``, ``[PERSON_1]`` …

The same surface form gets the same placeholder across every text of one call, so the scrubbed
evidence keeps its structure ("[PERSON_1] said … [PERSON_1] later …") while its specifics are gone.
Names are found without a language model: runs of capitalised words, typed by cue words
(titles, organisation and place words), a small gazetteer and acronyms; a capitalised word that
only opens a sentence is left alone unless it is known. Existing placeholders are never touched,
so scrubbing is idempotent.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

PLACEHOLDER = re.compile(r"\[(?:URL|EMAIL|DATE|NUMBER|PERSON|PLACE|ORG|NAME)_\d+\]")

_MONTH = (
    r"(?:Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|"
    r"Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)"
)
_PATTERNS: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("EMAIL", re.compile(r"\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+\b")),
    (
        "URL",
        re.compile(
            r"\bhttps?://[^\s<>\"')\]]+|\bwww\.[^\s<>\"')\]]+"
            r"|\b(?:[a-z0-9-]+\.)+(?:com|org|net|gov|edu|int|io|info|co\.uk|org\.uk|ac\.uk)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "DATE",
        re.compile(
            rf"\b(?:\d{{1,2}}(?:st|nd|rd|th)?\s+{_MONTH}\.?(?:,?\s+\d{{4}})?"
            rf"|{_MONTH}\.?\s+\d{{1,2}}(?:st|nd|rd|th)?(?:,?\s+\d{{4}})?"
            rf"|{_MONTH}\.?\s+\d{{4}}"
            r"|\d{4}-\d{2}-\d{2}(?:T[\d:.]+Z?)?|\d{1,2}/\d{1,2}/\d{2,4}"
            r"|(?:1[5-9]|20)\d{2}s?)\b"
        ),
    ),
    (
        "NUMBER",
        re.compile(
            r"(?<![\w.])[-+−]?\d[\d,]*(?:\.\d+)?(?:\s?(?:%|percent|per cent)"
            r"|\s(?:thousand|million|billion|trillion))?(?![\w])",
            re.IGNORECASE,
        ),
    ),
)


def _wordset(words: str) -> frozenset[str]:
    return frozenset(w.lower() for w in words.split())


_TITLES = _wordset("""mr mrs ms miss dr prof professor president senator sen rep governor gov
king queen prince princess pope sir dame saint st general gen captain capt chancellor minister
premier mayor judge justice lord lady rev father sister brother ceo""")
_ORG_WORDS = _wordset("""university institute institution agency organization organisation company
corporation corp inc ltd llc association council ministry department bank party committee commission
foundation society service administration court congress parliament senate assembly union
federation league network news times post journal press group school college academy museum
laboratory laboratories lab board bureau office authority fund club team""")
_PLACE_WORDS = _wordset("""city town village river lake mountain mount mountains ocean sea island
islands county province state states street avenue road bay gulf valley desert forest park tower
bridge square peninsula coast canal region district kingdom republic""")
# A compact gazetteer: continents, the most cited countries and cities.
_PLACES = _wordset("""Africa Antarctica Asia Europe America Americas Oceania
Australia Afghanistan Argentina Austria Bangladesh Belgium Brazil Canada Chile China Colombia Cuba
Denmark Egypt England Ethiopia Finland France Germany Greece Hungary India Indonesia Iran Iraq
Ireland Israel Italy Japan Kenya Korea Mexico Netherlands Nigeria Norway Pakistan Palestine Peru
Philippines Poland Portugal Russia Scotland Spain Sweden Switzerland Syria Taiwan Thailand Turkey
Ukraine Venezuela Vietnam Wales Yemen Britain UK USA US Paris London Berlin Madrid Rome Moscow
Beijing Tokyo Delhi Washington Chicago Boston Texas California Florida Ohio Georgia Virginia
Sydney Toronto Geneva Brussels Vienna Kyiv Kiev Jerusalem Cairo Lagos Nairobi Mumbai Shanghai
Seoul Istanbul Dubai Amsterdam Stockholm Oslo Copenhagen Dublin Lisbon Athens Warsaw Prague
Budapest Hollywood Manhattan Alaska Hawaii Arizona Michigan Pennsylvania Quebec Ontario""")
_CONNECTORS = frozenset(
    {"of", "de", "du", "da", "van", "von", "der", "la", "le", "al", "bin", "the", "for", "&"}
)
# Capitalised words that are ordinary words, not names, wherever they stand.
_COMMON = _wordset("""the a an this that these those it its they their there then thus this however
but and or so if in on at by for from with as of to into after before during while when where which
who what why how he she we you i our my his her some many most more all no not every each one both
according also although because since until yet today yesterday monday tuesday wednesday thursday
friday saturday sunday earth moon sun evidence claim source sources""")

_TOKEN = re.compile(r"[A-Za-z][\w'’-]*|&")
_POSSESSIVE = re.compile(r"['’]s?$")
_OPENS_SENTENCE = re.compile(r"(?:^|[.!?:;\"“(\n])\s*$")


@dataclass
class Scrubbed:
    """Texts with their specifics replaced; ``replacements`` maps placeholder → original text."""

    texts: list[str]
    replacements: dict[str, str] = field(default_factory=dict)

    def count(self, kind: str) -> int:
        return sum(1 for p in self.replacements if p.startswith(f"[{kind}_"))


class _Table:
    """One placeholder per (type, case-folded surface), numbered per type in order of first sight."""

    def __init__(self) -> None:
        self.by_surface: dict[tuple[str, str], str] = {}
        self.numbers: dict[str, int] = {}
        self.replacements: dict[str, str] = {}

    def placeholder(self, kind: str, surface: str) -> str:
        key = (kind, " ".join(surface.lower().split()))
        if key not in self.by_surface:
            self.numbers[kind] = self.numbers.get(kind, 0) + 1
            name = f"[{kind}_{self.numbers[kind]}]"
            self.by_surface[key] = name
            self.replacements[name] = surface
        return self.by_surface[key]


def _name_kind(words: list[str], before: str) -> str | None:
    """PERSON, PLACE, ORG or NAME for a run of capitalised words; None when it is not a name."""
    lowered = [w.lower().rstrip(".") for w in words]
    content = [w for w in lowered if w not in _CONNECTORS]
    if not content:
        return None
    previous = before.split()[-1].lower().rstrip(".") if before.split() else ""
    if any(w in _ORG_WORDS for w in content) or (
        len(words) == 1 and words[0].isupper() and 2 <= len(words[0]) <= 6
    ):
        return "ORG"
    if (
        " ".join(content) in _PLACES
        or any(w in _PLACE_WORDS for w in content[1:])
        or (len(content) == 1 and content[0] in _PLACES)
    ):
        return "PLACE"
    if previous in _TITLES or content[0] in _TITLES:
        return "PERSON"
    if previous in {"in", "at", "near", "from"} and len(content) <= 3:
        return "PLACE"
    if len(content) >= 2:
        return "PERSON"
    return "NAME"


def _runs(segment: str) -> list[list[re.Match[str]]]:
    """Runs of capitalised word tokens separated only by spaces (connectors allowed inside)."""
    runs: list[list[re.Match[str]]] = []
    current: list[re.Match[str]] = []
    for token in _TOKEN.finditer(segment):
        word = token.group(0)
        if len(word) == 1 and word != "&":  # units (°C) and initials are not names on their own
            current = []
            continue
        joined = bool(current) and segment[current[-1].end() : token.start()].strip() == ""
        if word[0].isupper():
            if not joined:
                current = []
                runs.append(current)
            current.append(token)
        elif joined and word.lower() in _CONNECTORS:
            current.append(token)
        else:
            current = []
    return [run for run in runs if run]


def _split_titled(
    segment: str, prefix: str, runs: list[list[re.Match[str]]]
) -> list[list[re.Match[str]]]:
    """'Dr Jane Smith of the World Health Organization' is a person, then an organisation."""
    out = []
    for run in runs:
        before = (prefix + segment[: run[0].start()]).split()
        titled = bool(before) and before[-1].lower().rstrip(".") in _TITLES
        cut = next((i for i, t in enumerate(run) if t.group(0).lower() in _CONNECTORS), None)
        if titled and cut:
            out.append(run[:cut])
            run = run[cut:]
        out.append(run)
    return out


def _scrub_names(segment: str, table: _Table, prefix: str) -> str:
    out: list[str] = []
    last = 0
    known = {surface for _, surface in table.by_surface}
    for run in _split_titled(segment, prefix, _runs(segment)):
        while run and run[0].group(0).lower() in _COMMON | _CONNECTORS:
            run = run[1:]
        while run and run[-1].group(0).lower() in _CONNECTORS:
            run = run[:-1]
        if not run:
            continue
        start, end = run[0].start(), run[-1].end()
        possessive = _POSSESSIVE.search(run[-1].group(0)) if len(run[-1].group(0)) > 2 else None
        if possessive:
            end -= len(possessive.group(0))
        text = segment[start:end]
        words = text.split()
        before = prefix + segment[:start]
        opens = bool(_OPENS_SENTENCE.search(before))
        if (
            opens
            and len(words) == 1
            and not words[0].isupper()
            and text.lower() not in _PLACES
            and text.lower() not in known
        ):
            continue  # a sentence's first word: an ordinary word as often as a name
        kind = _name_kind(words, before)
        if kind is None:
            continue
        out.append(segment[last:start])
        out.append(table.placeholder(kind, text))
        last = end
    out.append(segment[last:])
    return "".join(out)


def _scrub_segment(segment: str, table: _Table, prefix: str) -> str:
    """Scrub one stretch of text that holds no placeholder yet."""
    for kind, pattern in _PATTERNS:
        pieces = PLACEHOLDER.split(segment)
        holders = PLACEHOLDER.findall(segment)
        rebuilt = [
            pattern.sub(lambda m, k=kind: table.placeholder(k, m.group(0)), piece)
            for piece in pieces
        ]
        segment = "".join(
            p + (holders[i] if i < len(holders) else "") for i, p in enumerate(rebuilt)
        )
    pieces = PLACEHOLDER.split(segment)
    holders = PLACEHOLDER.findall(segment)
    rebuilt = []
    consumed = prefix
    for i, piece in enumerate(pieces):
        rebuilt.append(_scrub_names(piece, table, consumed))
        consumed += piece + (holders[i] if i < len(holders) else "")
    return "".join(p + (holders[i] if i < len(holders) else "") for i, p in enumerate(rebuilt))


def scrub(texts: Sequence[str]) -> Scrubbed:
    """Replace the specifics of every text; one placeholder table for all of them."""
    table = _Table()
    return Scrubbed([_scrub_segment(text, table, "") for text in texts], table.replacements)


__all__ = ["PLACEHOLDER", "Scrubbed", "scrub"]
