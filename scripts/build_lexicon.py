"""Derive the comparison stage's lexicon (agent/data/lexicon.json.gz) from WordNet 3.0.

    apt-get install wordnet-base          # Debian's WordNet 3.0 database in /usr/share/wordnet
    .venv/bin/python scripts/build_lexicon.py [--wordnet /usr/share/wordnet]

What it keeps (single lower-case words only; ~1 MB gzipped), all read from WordNet's own files:
- ``lemmas``: the base forms per part of speech (n, v, a, r), so that the lemmatiser can check a
  candidate the way WordNet's morphy does, and ``exceptions`` (went → go, mice → mouse, better → good);
- ``antonyms``: WordNet's lexical antonym pointers (`!`), for the part of speech the word is mostly
  used as (the most senses), both directions;
- ``synonyms``: for each word, the other single words of the synsets of its first two senses in which
  that other word is also among its own first two senses (common meanings only: "bank" does not
  become "depository" for a river bank);
- ``kinds``: for each noun, the hypernyms (and instance hypernyms) of its first two senses, three levels
  up, as synset offsets: two words are of the same kind when they share one and neither is the
  other's hypernym (Paris and Berlin are both national capitals; Europe is a continent);
- ``derived``: derivationally related forms (`+`) across parts of speech (vaccinate ↔ vaccination);
- ``countries`` and ``within``: for each place a noun names, the countries of today it touches and
  every place it lies in, by WordNet's part-of pointers (Munich → Germany; Belfast lies in Ireland);
- ``categories``: the nouns whose most frequent sense is in one of six of WordNet's lexicographer
  files (person, animal, plant, artifact, location, communication), by file: "singer" is a
  person, "dog" an animal, "novel" a communication;
- ``names``: nouns whose most frequent sense WordNet writes with a capital and that are no other
  part of speech (Berlin, Saturn, Einstein, not Water or May's verb), so that a claim's first word
  is read as a name though it is capitalised as every first word is.

WordNet's licence (BSD-style) asks for its notice on every copy: it is carried in the file's
``notice`` field and in docs/credits.md. The output is deterministic (sorted), so a rebuild from the
same database is byte-identical.
"""

from __future__ import annotations

import argparse
import gzip
import json
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "agent" / "data" / "lexicon.json.gz"
POS = {"noun": "n", "verb": "v", "adj": "a", "adv": "r"}
# WordNet's lexicographer files (lexnames) of nouns that say what a thing is
CATEGORIES = {
    5: "animal",
    6: "artifact",
    10: "communication",
    15: "location",
    18: "person",
    20: "plant",
}
WORD = re.compile(r"^[a-z][a-z'-]*[a-z]$|^[a-z]$")
NOTICE = (
    "Derived from WordNet 3.0. WordNet 3.0 Copyright 2006 by Princeton University. All rights reserved. "
    'THIS SOFTWARE AND DATABASE IS PROVIDED "AS IS" AND PRINCETON UNIVERSITY MAKES NO REPRESENTATIONS '
    "OR WARRANTIES, EXPRESS OR IMPLIED. (Full licence: https://wordnet.princeton.edu/license-and-commercial-use)"
)


def read_data(folder: Path):
    """synsets[(pos, offset)] = {"words": [...], "ptrs": [(symbol, pos, offset, src, dst)]}"""
    synsets = {}
    for name, pos in POS.items():
        for line in (folder / f"data.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue
            parts = line.split(" | ")[0].split()
            offset, lex, ss_type, n_words = parts[0], parts[1], parts[2], int(parts[3], 16)
            written = [re.sub(r"\(.*\)$", "", parts[4 + 2 * i]) for i in range(n_words)]
            words = [w.lower() for w in written]
            k = 4 + 2 * n_words
            n_ptrs = int(parts[k])
            ptrs = []
            for i in range(n_ptrs):
                sym, off, ppos, st = parts[k + 1 + 4 * i : k + 5 + 4 * i]
                ptrs.append(
                    (sym, "a" if ppos == "s" else ppos, off, int(st[:2], 16), int(st[2:], 16))
                )
            synsets[(pos, offset)] = {
                "gloss": line.partition(" | ")[2].strip(),
                "words": words,
                "written": written,
                "ptrs": ptrs,
                "satellite": ss_type == "s",
                "lex": int(lex),
            }
    return synsets


def read_index(folder: Path) -> dict[tuple[str, str], list[str]]:
    """senses[(pos, lemma)] = synset offsets, most frequent sense first."""
    senses = {}
    for name, pos in POS.items():
        for line in (folder / f"index.{name}").read_text(encoding="latin-1").splitlines():
            if line.startswith("  "):
                continue
            parts = line.split()
            lemma, n_synsets, n_ptrs = parts[0], int(parts[2]), int(parts[3])
            offsets = parts[4 + n_ptrs + 2 :]
            senses[(pos, lemma)] = offsets[:n_synsets]
    return senses


def build(folder: Path) -> dict:
    synsets, senses = read_data(folder), read_index(folder)
    single = lambda w: bool(WORD.match(w))  # noqa: E731
    lemmas = {p: sorted(w for (pos, w) in senses if pos == p and single(w)) for p in POS.values()}
    exceptions: dict[str, dict[str, str]] = {}
    for name, pos in POS.items():
        path = folder / f"{name}.exc"
        if not path.exists():
            continue
        table = {}
        for line in path.read_text(encoding="latin-1").splitlines():
            parts = line.split()
            if len(parts) >= 2 and single(parts[0]) and single(parts[1]):
                table[parts[0]] = parts[1]
        exceptions[pos] = dict(sorted(table.items()))

    antonyms: dict[str, set[str]] = defaultdict(set)
    for (
        (_pos, _),
        synset,
    ) in synsets.items():  # direct antonyms only: indirect ones (wet ↔ scorched) are too loose
        for sym, ppos, off, src, dst in synset["ptrs"]:
            if sym != "!" or not src or not dst:
                continue
            a, b = synset["words"][src - 1], synsets[(ppos, off)]["words"][dst - 1]
            if single(a) and single(b):
                antonyms[a].add(b)
                antonyms[b].add(a)
    # a word's antonyms for the part of speech it is mostly used as (the most senses): "liver" the
    # organ has no antonym, though "liver" the colour has
    counts = {(pos, w): len(offsets) for (pos, w), offsets in senses.items()}
    dominant = {}
    for (pos, w), n in sorted(counts.items(), key=lambda kv: "vanr".index(kv[0][0])):
        if n > dominant.get(w, ("", 0))[1]:
            dominant[w] = (pos, n)
    antonyms = {
        w: {b for b in others if dominant.get(b, ("", 0))[0] == dominant.get(w, ("?", 0))[0]}
        for w, others in antonyms.items()
    }
    antonyms = {w: others for w, others in antonyms.items() if others}

    synonyms: dict[str, set[str]] = defaultdict(set)
    for (pos, word), offsets in senses.items():
        if not single(word):
            continue
        for off in offsets[:2]:
            for other in synsets[(pos, off)]["words"]:
                if other != word and single(other) and off in _first_senses(senses, pos, other, 2):
                    synonyms[word].add(other)

    kinds: dict[str, set[str]] = {}
    for (pos, word), offsets in senses.items():
        if pos != "n" or not single(word) or not offsets:
            continue
        up, frontier = set(), list(offsets[:2])
        for _ in range(3):
            nxt = []
            for off in frontier:
                for sym, ppos, target, _, _ in synsets[("n", off)]["ptrs"]:
                    if sym in {"@", "@i"} and ppos == "n":
                        up.add(target)
                        nxt.append(target)
            frontier = nxt
        if up:
            kinds[word] = up | {
                "=" + o for o in offsets[:2]
            }  # "=offset": the word's own synset, to tell hypernyms apart

    derived: dict[str, set[str]] = defaultdict(set)
    for (_pos, _), synset in synsets.items():
        for sym, ppos, off, src, dst in synset["ptrs"]:
            if sym != "+" or not src or not dst:
                continue
            a, b = synset["words"][src - 1], synsets[(ppos, off)]["words"][dst - 1]
            if single(a) and single(b) and a != b:
                derived[a].add(b)
                derived[b].add(a)

    # a noun whose most frequent sense is written with a capital (Berlin, Saturn, Einstein) and
    # that is no verb, adjective or adverb: a name, even as a sentence's first word
    names = sorted(
        word
        for (pos, word), offsets in senses.items()
        if pos == "n"
        and single(word)
        and offsets
        and not any((p, word) in senses for p in "var")
        and any(
            w.lower() == word and w[:1].isupper() for w in synsets[("n", offsets[0])]["written"]
        )
    )

    # the lexicographer file of a noun's most frequent sense, for the few that tell what a thing is
    # (a person, an animal, a plant, an artifact, a place, a work): "singer" a person, "dog" an animal
    categories: dict[str, set[str]] = defaultdict(set)
    for (pos, word), offsets in senses.items():
        lex = synsets[("n", offsets[0])]["lex"] if pos == "n" and offsets else None
        if lex in CATEGORIES and single(word):
            categories[CATEGORIES[lex]].add(word)

    as_lists = lambda table: {k: sorted(v) for k, v in sorted(table.items())}  # noqa: E731
    countries, within = _places(synsets, senses)
    return {
        "categories": as_lists(categories),
        "countries": countries,
        "within": within,
        "notice": NOTICE,
        "source": "WordNet 3.0 (Debian wordnet-base)",
        "lemmas": lemmas,
        "exceptions": exceptions,
        "antonyms": as_lists(antonyms),
        "synonyms": as_lists(synonyms),
        "kinds": as_lists(kinds),
        "derived": as_lists(derived),
        "names": names,
    }


# the instance hypernyms that make a place a sovereign state or one of a union's countries
_COUNTRY_KINDS = re.compile(
    r"(?:^|_)(?:country|nation)$|^(?:kingdom|principality|sultanate|emirate|grand_duchy)$"
)

# countries that are no more, or never were sovereign: a city in one lay (or lies) in another too
_GONE = re.compile(r"(?:an? )?(?:former|ancient|medieval|autonomous)\b")


def _places(synsets, senses) -> tuple[dict[str, list[str]], dict[str, list[str]]]:
    """For each place a noun names (any sense; names of several words joined by spaces), the
    countries it touches: those it lies in by WordNet's part-of pointers (`#p`, six levels up) and
    those that lie in it (`%p`, three levels down), itself included when it is one — a country of
    today, by its gloss (not "a former country", "an ancient kingdom"). Honolulu → none (Oahu is
    no country), Hawaii → United States, London → England and United Kingdom, Ireland → Ireland
    and Northern Ireland (the island holds both). A word of several senses gets the
    union, so a place whose senses lie in different countries never looks apart from either; a
    word with a sense of the past ("Yugoslavia", "Prussia") gets nothing. Beside it, every name of
    every place each one lies in (`#p`): Belfast lies in Ireland, the island."""

    def is_country(off: str) -> bool:
        if _GONE.match(synsets[("n", off)]["gloss"]):
            return False  # Yugoslavia, the Soviet Union, Etruria, Tibet: Zagreb is in Croatia now
        return any(
            sym == "@i" and _COUNTRY_KINDS.search(synsets[(ppos, target)]["words"][0])
            for sym, ppos, target, _, _ in synsets[("n", off)]["ptrs"]
        )

    def reached(off: str, pointer: str, levels: int) -> set[str]:
        seen, frontier = {off}, [off]
        for _ in range(levels):
            frontier = [
                target
                for here in frontier
                for sym, ppos, target, _, _ in synsets[("n", here)]["ptrs"]
                if sym == pointer and ppos == "n" and target not in seen
            ]
            seen.update(frontier)
        return seen

    touching: dict[str, set[str]] = {}
    within: dict[str, set[str]] = {}
    for (pos, lemma), offsets in senses.items():
        if pos != "n" or not lemma[:1].isalpha():
            continue
        if any(_GONE.match(synsets[("n", off)]["gloss"]) for off in offsets):
            continue  # "Yugoslavia", "Prussia": a name of the past may hold any place of today
        touched = {
            synsets[("n", place)]["written"][0].replace("_", " ")
            for off in offsets
            for place in reached(off, "#p", 6) | reached(off, "%p", 3)
            if is_country(place)
        }
        if not touched:
            continue
        name = lemma.replace("_", " ")
        touching[name] = touched
        within[name] = {  # every name of every place it lies in: Kuching → Sarawak, Borneo, …
            word.replace("_", " ")
            for off in offsets
            for place in reached(off, "#p", 6) - {off}
            for word in synsets[("n", place)]["words"]
        }
    as_lists = lambda table: {k: sorted(v) for k, v in sorted(table.items())}  # noqa: E731
    return as_lists(touching), as_lists(within)


def _first_senses(senses, pos: str, word: str, n: int) -> set[str]:
    return set(senses.get((pos, word), [])[:n])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wordnet", default="/usr/share/wordnet")
    parser.add_argument("--out", default=str(OUT))
    args = parser.parse_args()
    table = build(Path(args.wordnet))
    raw = json.dumps(table, sort_keys=True, separators=(",", ":")).encode()
    with open(args.out, "wb") as fh, gzip.GzipFile(fileobj=fh, mode="wb", mtime=0) as gz:
        gz.write(raw)
    print(
        json.dumps({k: len(v) for k, v in table.items() if isinstance(v, dict)}),
        f"{Path(args.out).stat().st_size / 1e6:.2f} MB",
    )


if __name__ == "__main__":
    main()
