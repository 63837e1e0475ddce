"""The judge's synthetic training pairs (scripts/judge_synthetic.py), on invented sentences."""

from __future__ import annotations

import random
import re

from agent.judge._align import NEGATIONS, OPPOSITE
from agent.judge._align import STOP as ALIGN_STOP
from benchmarks.judge_data import Pair
from scripts.judge_synthetic import (
    ANTONYMS,
    MONTHS,
    STOP,
    Editor,
    symmetric_pairs,
    topical_nei_pairs,
)

PAIRS = [
    Pair(
        "Paramore formed in 2004.",
        "Paramore is an American rock band formed in 2004.",
        "supports",
        "a",
    ),
    Pair(
        "The album was released in October.",
        "The album was released on October 30 by Warner.",
        "supports",
        "b",
    ),
    Pair(
        "The tower is the tallest building in Lyon.",
        "The tower is the tallest building in Lyon.",
        "supports",
        "c",
    ),
    Pair("Coffee is grown in Kenya.", "Kenya exports tea and flowers.", "nei", "d"),
]


def test_a_shared_word_edited_on_either_side_decides_the_label():
    out = symmetric_pairs(PAIRS, seed=1)
    assert symmetric_pairs(PAIRS, seed=1) == out  # deterministic for a seed
    assert all(p.group in {"a", "b", "c"} for p in out)  # only supported pairs are edited
    for group in ("a", "b", "c"):
        base = next(p for p in PAIRS if p.group == group)
        edits = [
            p for p in out if p.group == group and "not" not in p.claim.split() + p.evidence.split()
        ]
        assert len(edits) == 3
        claim_edit, evidence_edit, both = edits
        assert (claim_edit.label, evidence_edit.label, both.label) == (
            "refutes",
            "refutes",
            "supports",
        )
        assert claim_edit.evidence == base.evidence and claim_edit.claim != base.claim
        assert evidence_edit.claim == base.claim and evidence_edit.evidence != base.evidence
        assert both.claim == claim_edit.claim and both.evidence == evidence_edit.evidence
        changed = [
            (a.rstrip("."), b.rstrip("."))
            for a, b in zip(base.claim.split(), claim_edit.claim.split(), strict=True)
            if a != b
        ]
        assert len(changed) == 1  # one word, the same in the evidence edit
        assert (
            changed[0][1] in evidence_edit.evidence
            and changed[0][0] not in evidence_edit.evidence.split()
        )


def test_replacements_keep_the_kind_of_word():
    editor = Editor(PAIRS, random.Random(5))
    for _ in range(20):
        year = editor.replacement("2004", "number")
        assert year is not None and re.fullmatch(r"\d{4}", year) and year != "2004"
        month = editor.replacement("October", "month")
        assert month in {m.capitalize() for m in MONTHS} and month != "October"
        assert editor.replacement("earlier", "antonym") == "later"
        assert editor.replacement("Warner", "name") in {
            "Paramore",
            "American",
            "The",
            "October",
            "Warner",
            "Lyon",
            "Kenya",
        } - {"Warner"} | {None}
    assert ("2004", "number") in editor.shared_words(PAIRS[0].claim, PAIRS[0].evidence)
    assert ("October", "month") in editor.shared_words(PAIRS[1].claim, PAIRS[1].evidence)


def test_negated_claim_and_evidence_pair_up():
    tower = symmetric_pairs(PAIRS[2:3], seed=1)
    labels = {(p.claim, p.evidence): p.label for p in tower}
    negated_claim = "The tower is not the tallest building in Lyon."
    assert labels[(negated_claim, PAIRS[2].evidence)] == "refutes"
    assert labels[(PAIRS[2].claim, negated_claim)] == "refutes"
    assert labels[(negated_claim, negated_claim)] == "supports"


def test_topical_pairs_take_another_claims_evidence_on_shared_words():
    pairs = [
        Pair("Lyon has a tall tower.", "The tower of Lyon is 165 metres tall.", "supports", "t1"),
        Pair(
            "The tower of Lyon is short.", "The tower of Lyon is 165 metres tall.", "refutes", "t2"
        ),
        Pair(
            "Lyon hosts a film festival.",
            "Lyon's Lumière festival shows classic films.",
            "supports",
            "f",
        ),
        Pair(
            "Paris has a tall tower.",
            "The Eiffel Tower in Paris is 330 metres tall.",
            "supports",
            "p",
        ),
        Pair(
            "Bananas are rich in potassium.",
            "A banana has about 400 mg of potassium.",
            "supports",
            "b",
        ),
    ]
    out = topical_nei_pairs(pairs, seed=3)
    assert out == topical_nei_pairs(pairs, seed=3)
    assert all(p.label == "nei" for p in out)
    by_claim = {p.claim: p.evidence for p in out}
    # Paris's tower claim gets Lyon's tower sentence: shared words, another subject
    assert by_claim["Paris has a tall tower."] == "The tower of Lyon is 165 metres tall."
    # and a Lyon claim gets Paris's: every Lyon sentence was judged against a claim naming Lyon
    assert by_claim["Lyon has a tall tower."] == "The Eiffel Tower in Paris is 330 metres tall."
    assert "Lyon hosts a film festival." not in by_claim  # its only shared word is Lyon's
    assert "Bananas are rich in potassium." not in by_claim  # nothing shares a word with it


def test_the_editor_reads_words_as_the_alignment_stage_does():
    # the pairs it swaps are antonyms to agent.align too, and its stop words are agent.align's
    # plus the negations it leaves alone (a negation edit is its own kind)
    assert all(b in OPPOSITE.get(a, ()) for a, swaps in ANTONYMS.items() for b in swaps)
    assert ALIGN_STOP <= STOP and STOP - ALIGN_STOP <= NEGATIONS
