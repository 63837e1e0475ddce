"""Symmetric synthetic pairs for the local judge (scripts/train_judge.py --synthetic).

FEVER-Symmetric showed that a judge can score well by reading the claim alone; the shipped
cross-encoder, trained on 7k real pairs, learnt little else (FEVER-Symmetric 2-way accuracy at
chance on validation). These pairs teach it to *compare* claim and evidence, the way
FEVER-Symmetric was built (Schuster et al., 2019): from a supported pair (c, e), one word the claim
shares with the evidence — a number, a month, a name, a word with a listed antonym, or another
content word — is replaced by another of its kind, giving

    (c', e) refutes    (c, e') refutes    (c', e') supports

so the edited word decides the label and neither text alone does; and with "not" after the first
auxiliary verb, (not-c, e) refutes, (c, not-e) refutes, (not-c, not-e) supports.

Only the training part of the training pairs is used (never the validation split or a test split);
the result is deterministic for a seed. Replacement words come from the training evidence itself.
"""

from __future__ import annotations

import random
import re
from collections.abc import Sequence

from agent.judge._align import MONTHS
from agent.judge._align import STOP as ALIGN_STOP
from agent.judge._nli import negate_claim
from benchmarks.judge_data import Pair

WORD = re.compile(r"[A-Za-z][A-Za-z'-]+|\d[\d,.]*\d|\d")
# agent.align's stop words, and the negations the editor leaves alone (a negation edit is its own kind)
STOP = ALIGN_STOP | {"not", "no", "never", "only"}
# the pairs the editor swaps: a subset of agent.align.OPPOSITE (tests/test_judge_synthetic.py checks it)
_ANTONYM_PAIRS = """best worst|before after|earlier later|increase decrease|increased decreased|increases decreases
more less|higher lower|high low|larger smaller|large small|rise fall|rising falling|positive negative|alive dead
first last|male female|men women|success failure|successful unsuccessful|major minor|fictional real
warming cooling|warmer cooler|reduces increases|reduced increased|benefit harm|safe dangerous|always never
most least|north south|east west|older younger|old young|strong weak|stronger weaker|long short|longer shorter
inside outside|private public|started ended|gained lost|won lost|good bad|better worse|above below
accepted rejected|included excluded|present absent|same different|enhances inhibits|promotes inhibits
activates inhibits|upregulates downregulates|protective harmful|effective ineffective|causes prevents"""
ANTONYMS: dict[str, list[str]] = {}
for _pair in _ANTONYM_PAIRS.replace("\n", "|").split("|"):
    _a, _b = _pair.split()
    ANTONYMS.setdefault(_a, []).append(_b)
    ANTONYMS.setdefault(_b, []).append(_a)


def _replace(text: str, word: str, new: str) -> str:
    return re.sub(
        r"(?<![A-Za-z0-9])" + re.escape(word) + r"(?![A-Za-z0-9])", new, text, flags=re.IGNORECASE
    )


class Editor:
    """Picks a shared word of a pair and a replacement of its kind."""

    def __init__(self, pairs: Sequence[Pair], rng: random.Random) -> None:
        self.rng = rng
        numbers, names, content = set(), set(), set()
        for p in pairs:
            for w in WORD.findall(p.evidence):
                low = w.lower()
                if low in STOP:
                    continue
                if w[0].isdigit():
                    numbers.add(w)
                elif w[0].isupper() and low not in MONTHS:
                    names.add(w)
                elif len(w) >= 4:
                    content.add(low)
        self.numbers, self.names, self.content = sorted(numbers), sorted(names), sorted(content)

    def shared_words(self, claim: str, evidence: str) -> list[tuple[str, str]]:
        in_evidence = {w.lower() for w in WORD.findall(evidence)}
        out = []
        for i, w in enumerate(WORD.findall(claim)):
            low = w.lower()
            if low in STOP or low not in in_evidence:
                continue
            kind = (
                "number"
                if w[0].isdigit()
                else "month"
                if low in MONTHS
                else "antonym"
                if low in ANTONYMS
                else "name"
                if w[0].isupper() and i > 0
                else "content"
                if len(w) >= 4
                else None
            )
            if kind:
                out.append((w, kind))
        return out

    def replacement(self, word: str, kind: str) -> str | None:
        rng, low = self.rng, word.lower()
        if kind == "number":
            if re.fullmatch(r"\d{4}", word):
                return str(int(word) + rng.choice([-30, -11, -3, -1, 1, 2, 5, 12, 40]))
            if re.fullmatch(r"\d+", word):
                return str(max(1, int(word) + rng.choice([-7, -3, -1, 1, 2, 4, 9])))
            new = rng.choice(self.numbers)
        elif kind == "month":
            new = rng.choice([m for m in MONTHS if m != low]).capitalize()
        elif kind == "antonym":
            new = rng.choice(ANTONYMS[low])
            new = new.capitalize() if word[0].isupper() else new
        elif kind == "name":
            new = rng.choice(self.names)
        else:
            new = rng.choice(self.content)
        return None if new.lower() == low else new


def symmetric_pairs(pairs: Sequence[Pair], seed: int = 13, per_pair: int = 1) -> list[Pair]:
    """The synthetic pairs of every supported pair in ``pairs`` (see the module's docstring)."""
    rng = random.Random(seed)
    editor = Editor(pairs, rng)
    out: list[Pair] = []
    for p in pairs:
        if p.label != "supports":
            continue
        words = editor.shared_words(p.claim, p.evidence)
        rng.shuffle(words)
        for word, kind in words[:per_pair]:
            new = editor.replacement(word, kind)
            if new is None:
                continue
            claim2, evidence2 = _replace(p.claim, word, new), _replace(p.evidence, word, new)
            out += [
                Pair(claim2, p.evidence, "refutes", p.group),
                Pair(p.claim, evidence2, "refutes", p.group),
                Pair(claim2, evidence2, "supports", p.group),
            ]
        negated_claim, negated_evidence = negate_claim(p.claim), negate_claim(p.evidence)
        if negated_claim:
            out.append(Pair(negated_claim, p.evidence, "refutes", p.group))
            if negated_evidence:
                out += [
                    Pair(p.claim, negated_evidence, "refutes", p.group),
                    Pair(negated_claim, negated_evidence, "supports", p.group),
                ]
    return out


def topical_nei_pairs(pairs: Sequence[Pair], seed: int = 13, candidates: int = 30) -> list[Pair]:
    """For each supported or refuted pair, the claim with another claim's evidence that shares most
    of its words (at least one; its names first, else its content words): on a related topic, not
    about the claim — not enough info. An evidence sentence judged against any claim that names one
    of the same things is never taken (FEVER-Symmetric pairs one sentence with several edited
    claims, which it supports or refutes). Teaches that shared words are not yet a refutation
    (FEVER-Symmetric has no not-enough-info class)."""
    rng = random.Random(seed)

    def content(text: str) -> set[str]:
        return {w.lower() for w in WORD.findall(text) if w.lower() not in STOP and len(w) > 2}

    def named(claim: str) -> set[str]:
        return (
            {w.lower() for w in WORD.findall(claim)[1:] if w[0].isupper()}
            | {WORD.findall(claim)[0].lower()}
            if WORD.findall(claim)
            else set()
        )

    # an evidence text judged against a claim naming the same thing is that claim's, not another's
    # (FEVER-Symmetric pairs one sentence with several edited claims)
    claimed: dict[str, set[str]] = {}
    for p in pairs:
        claimed.setdefault(p.evidence, set()).update(named(p.claim))
    evidence = [(p.group, p.evidence, content(p.evidence)) for p in pairs]
    index: dict[str, list[int]] = {}
    for i, (_, _, words) in enumerate(evidence):
        for w in words:
            index.setdefault(w, []).append(i)
    out: list[Pair] = []
    for p in pairs:
        if p.label == "nei":
            continue
        words = content(p.claim)
        names = [
            w.lower() for w in WORD.findall(p.claim)[1:] if w[0].isupper() and w.lower() in words
        ]
        keys = names or sorted(words)
        own = named(p.claim)
        pool = sorted(
            {
                i
                for w in keys
                for i in index.get(w, [])
                if evidence[i][0] != p.group and not own & claimed[evidence[i][1]]
            }
        )
        if not pool:
            continue
        picked = rng.sample(pool, min(candidates, len(pool)))
        best = max(picked, key=lambda i: (len(words & evidence[i][2]), -i))
        out.append(Pair(p.claim, evidence[best][1], "nei", p.group))
    return out


__all__ = ["ANTONYMS", "MONTHS", "Editor", "symmetric_pairs", "topical_nei_pairs"]
