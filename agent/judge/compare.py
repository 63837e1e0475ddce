"""The comparison stage: decide the plain cases exactly, each with a reason a reader can check.

A careful reader with one evidence sentence mostly *compares*: is every part of the claim there,
and does anything conflict? ``compare(claim, sentence)`` aligns the claim's parts — names, content
words (by lemma, common-sense synonym or derived form; agent/judge/_lexicon.py), numbers with
units and bounds (agent/judge/_quantities.py) — to the sentence and decides only when it is plain:

* ``same``: every part matched, no negation, hedge, tense or role swap in between → supports;
* ``number``: everything matched but the number, which the sentence gives otherwise → refutes;
* ``negation``: everything matched, one side negated → refutes;
* ``framing``: the sentence calls the claim false ("the myth that …", "there is no evidence
  that …", "… has been debunked") → refutes;
* ``substitution``: one name or noun of the claim has another of its kind in the same slot
  (Paris for Berlin, chess for tennis) → refutes;
* ``direction``: one word of the claim has its antonym in the same slot (rise/fall) → refutes.

Anything else is ``None``: the learned judge (or the LLM) decides. Each rule's probability is its
precision on the validation splits, never the test splits (agent/data/compare.json).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agent.judge import _decision as decisions
from agent.judge import _lexicon as lex
from agent.judge._adjuncts import adjunct_readings, dead_since
from agent.judge._agent_nouns import agent_noun_claim
from agent.judge._attach import by_preposition
from agent.judge._carried import (
    head_restated,
    leading_name,
    of_the_subject_alone,
    one_word_title,
    opening_title,
    passive_readings,
    pronoun_clause,
)
from agent.judge._case import recased
from agent.judge._categories import based_otherwise, kind_alone, of_a_kind_elsewhere
from agent.judge._claimwords import ordinal_dropped, other_wordings
from agent.judge._clauses import frames_any, named_later, said_in_one
from agent.judge._comparatives import (
    amount_turned,
    beaten_winner,
    comparison_turned,
    contest_readings,
    sides_swapped,
)
from agent.judge._counted import names_counted
from agent.judge._decision import GUARDS, Comparison, _decision, _verbatim, combine, precisions
from agent.judge._described import described_otherwise
from agent.judge._events import _event_stated, _never_at_all
from agent.judge._framing import (
    framed_support,
    framing,
    relative_reports,
    reported_in,
)
from agent.judge._holders import only_holder, ordinal_opposed, rank_unsaid, ranked_below
from agent.judge._lives import born_that_day, still_living, where_readings
from agent.judge._multiples import multiplied
from agent.judge._negated import denial, judged_denial
from agent.judge._news import compound_claims, moved_away, since_changed
from agent.judge._numbers import CHANGES, none_of, only_amounts_missing
from agent.judge._order import relational, turned_round
from agent.judge._places import nested_in, says_solely, solely_one_of_several, solely_said
from agent.judge._quantities import quantities
from agent.judge._reading import (
    _not_contrasted,
    _other_subject,
    _place,
    _read,
    _Reading,
    _scattered,
)
from agent.judge._reasons import (
    _negation,
    _number_given_otherwise,
    _only,
    in_the_claims_words,
)
from agent.judge._relations import held_of_many
from agent.judge._restate import (
    passive_claim,
    restated_claim,
    said_alike,
    sentence_readings,
    subject_restated,
)
from agent.judge._reworded import reworded
from agent.judge._roles import held_in_another_role
from agent.judge._shares import limited, one_of_several, points_otherwise
from agent.judge._sides import (
    contest_turned,
    degree_opposed,
    degree_unsaid,
    lost_for_won,
    opposed_between,
    said_as_comparison,
    said_turned,
    side_taken,
)
from agent.judge._slots import _slot
from agent.judge._subject import turned_to_another
from agent.judge._text import _analyse, _clause_bounds, _find, _Text
from agent.judge._whole import every_part_there
from agent.judge._works import roles_readings
from agent.sentences import semicolon_clauses, split_sentences

# a cause said in words the comparison does not match as parts ("because" is a stop word; "cause"
# is a part, matched with its paraphrases in agent/judge/_text.py)
_CAUSE_WORDS = r"because|due to|owing to|as a result of|thanks to"
_BECAUSE = re.compile(rf"\b(?:{_CAUSE_WORDS})\b", re.I)
_CAUSAL = re.compile(  # the same, or a cause said with a verb
    rf"\b(?:{_CAUSE_WORDS}|result(?:s|ed)? (?:of|from|in)|caus\w*|driven by|led to|"
    r"lead(?:s|ing)? to|responsible for|contribut\w+ to)\b",
    re.I,
)
_CONCEDE = frozenset(["although", "though", "whereas"])  # "…, although the capital is Dorrin"
# "is only a singer": what else the source calls its subject refutes it (agent/judge/_described.py)
_ONLY_A = re.compile(r"\b(?:is|was|are|were) (?:only|solely|exclusively) an?\b")
# a fact-check's "Claim: …" (or "Viral claim: …") line quotes what it checks: it asserts nothing
_QUOTES_A_CLAIM = re.compile(r"\W*(?:[\w'’-]+\s+){0,2}claims?\s*:", re.IGNORECASE)


def compare(
    claim: str, sentence: str, *, opens: bool = True, before: Sequence[str] = ()
) -> Comparison | None:
    """The plain decision for one claim and one evidence sentence, or None (not plain).
    ``opens``: the sentence opens its evidence text, so a pronoun it opens with ("She …") has
    nothing in the text to stand for but the claim's subject; later sentences' pronouns may
    stand for anything named before them (``before``: those sentences; a pronoun is still the
    subject where each of them speaks of the subject alone, ``_carried``)."""
    claim, sentence = claim.strip(), sentence.strip()
    if not claim or not sentence:
        return None
    claim = recased(claim, sentence)  # "BRENMOOR AIRPORT PASSENGER NUMBERS FELL IN 2023"
    quoted = sentence[:1] in '"“'  # a quoted question, closed with a full stop: '"Ask …?".'
    if claim.endswith("?") or sentence.rstrip('"”’)' + ". " * quoted).endswith("?"):
        who = "claim" if claim.endswith("?") else "source"
        return _decision(
            "neutral",
            "question",
            f"the {who} is a question: it asserts nothing to confirm or refute",
        )
    quoted = _QUOTES_A_CLAIM.match(sentence)
    if quoted:
        return _decision(
            "neutral",
            "reported",
            f"the source quotes a claim (“{quoted.group(0).strip()}”), it does not state it",
        )
    plain = _plain(claim, sentence, opens, before)
    if plain is not None and plain.stance == "supports":  # "The story that … is a myth"
        plain = framed_support(claim, sentence, lambda x, y: _plain(x, y, True, ())) or plain
    if plain is None and (untitled := ordinal_dropped(claim, sentence)) is not None:
        plain = _plain(untitled, sentence, opens, before)  # "The 14th Dalai Lama": "the Dalai Lama"
    clauses = semicolon_clauses(sentence)
    if len(clauses) > 1:  # "Tessa is the capital of Ostrania; Velmar is its second city"
        found = [
            compare(claim, clause, opens=opens and k == 0, before=before if k == 0 else ())
            for k, clause in enumerate(clauses)
        ]
        by_clause = combine([d for d in found if d is not None])
        ended = plain is not None and plain.rule == "tense"  # "married …; they divorced"
        if by_clause is not None and by_clause.rule not in GUARDS and not ended:
            return by_clause  # else the whole sentence: "…; they depend on the ocean" is theirs
        if plain is not None and plain.stance == "supports" and named_later(claim, clauses):
            plain = None  # "Ana Roske (born 1961) is …; she married Tom Vell": not his birth
        if plain is not None and plain.stance == "supports" and frames_any(clauses[1:]):
            plain = None  # "…; the idea that he was very short is a myth": no support across it
        if plain is not None and plain.rule == "number" and said_in_one(claim, clauses[1:]):
            plain = None  # "… formed in 2008 …; drummer Tovan Reik joined the band in 2011"
    denied = denial(claim)
    if denied is None:
        return plain
    # "not directed by Ana Roske": what the source says of "directed by Ana Roske" decides
    return judged_denial(_plain(denied.positive, sentence, opens, before), denied, plain, sentence)


def _plain(claim: str, sentence: str, opens: bool, before: Sequence[str]) -> Comparison | None:
    """The decision for the claim as written: framing, the parts compared, the pair restated."""
    c = _analyse(restated_claim(claim, sentence))
    if not c.units or len(c.tokens) > 40:
        return None
    original, sentence = sentence, reworded(claim, said_alike(claim, sentence))
    decided = framing(c, sentence) or _compare(c, _analyse(sentence))
    if decided is None:  # "an espionage film" against "a music video": no film at all
        decided = kind_alone(claim, sentence, _compare)
    if decided is None or decided.rule in GUARDS:
        decided = _restated(c, sentence, opens, before, decided) or decided
    if decided is None:  # "graduated on June 26, 1980" against "(born June 26, 1980)"
        decided = born_that_day(c.raw, sentence) or still_living(c.raw, sentence)
    only = decided is not None and decided.stance == "supports" and _ONLY_A.search(c.raw)
    if decided is None or decided.rule == "partial" or only:  # "is a US senator"
        # against "(born 1987) is an American model"; "an Indian Tamil film" against "a Pakistani
        # film", not "partial"; "only a singer" against "a singer and actress", not "same"
        decided = (
            described_otherwise(c.raw, original, leading_name(c) if opens else None) or decided
        )
    if decided is None or decided.stance == "supports":  # "based on the novel" for "a play"
        decided = based_otherwise(c.raw, original) or moved_away(c.raw, original) or decided
    if decided is None or (decided.stance == "supports" and says_solely(c, original)):
        return solely_one_of_several(c.raw, original)  # "only speaks French": and German
    dead = decided.stance == "supports" and (
        dead_since(c.raw, original) or since_changed(c.raw, original)
    )
    if dead:
        return _decision("neutral", "tense", dead)  # "Tom Vell, the mayor of Tessa, died in 1990"
    decided = in_the_claims_words(decided, claim, c.raw)  # "childless", not its "no"
    return _verbatim(solely_said(decided, [t.low for t in c.tokens], original), original)


def _restated(
    c: _Text, sentence: str, opens: bool, before: Sequence[str], held: Comparison | None
) -> Comparison | None:
    """The first plain decision over the pair said another way: "X (10 February 1894 – …)" says X
    was born on …; "Born in Naples, X …" says X was born in Naples; "She …" or "The F-35 …" speak
    of the claim's subject; "Peter Jackson produced Soul Food" is "Soul Food was produced by …"."""
    readings = [(c, stated) for stated in sentence_readings(sentence, c.raw)]
    readings += [(c, stated) for stated in adjunct_readings(sentence)]
    name = leading_name(c) or one_word_title(c, sentence) or opening_title(c, sentence)
    if name is not None:
        alone = all(of_the_subject_alone(name, b, sentence) for b in before)
        carried = opens or (bool(before) and alone)
        restated = subject_restated(name, sentence, pronoun=carried)
        said = [restated, *adjunct_readings(restated)] if restated else []
        said += roles_readings(restated, c.raw) if restated else []  # "She is known for her roles"
        said += [x for x in [pronoun_clause(name, sentence)] if x]  # "…, and she never had any"
        readings += [(c, stated) for stated in said]  # "It sold …, becoming": Bad Romance became
        readings += [(c, x) for x in where_readings(sentence, name, carried)]  # ", where she …"
    readings += [(c, stated) for stated in contest_readings(sentence)]  # "…, defeating Tom Vell"
    readings += [(c, stated) for stated in names_counted(c.raw, sentence)]  # "by three people"
    if opens and (owned := head_restated(c.raw, sentence)) is not None:
        readings.append((c, owned))  # "The series finale aired …": the claim's show's finale
    if (player := agent_noun_claim(c.raw)) is not None:  # "plays drums": "is a drummer"
        mine = _analyse(player)
        readings += [(mine, sentence)] + [(mine, stated) for _, stated in readings]
    others = compound_claims(c.raw) + other_wordings(c.raw, sentence)  # "co-founded": founded
    readings += [(_analyse(x), sentence) for x in others]  # "Heart failure admissions in …"
    if (passive := passive_claim(c.raw)) and not (held and held.rule == "subject"):  # another's
        readings += passive_readings(passive, sentence, opens, before)
    for mine, stated in readings:
        said = _compare(mine, _analyse(stated))
        if said is not None and said.rule not in GUARDS and not nested_in(said, sentence):
            return decisions.read_as(said, stated, sentence)  # "…, read as “… married to …”"
    return None


def _compare(c: _Text, s: _Text) -> Comparison | None:
    found = _not_contrasted(c, s, {i: _find(u, s) for i, u in enumerate(c.units)})
    if c.units[0].proper and found[0] and all(ranked_below(s, at) for at in found[0]):
        found[0] = []  # "…, ahead of Tessa": the sentence says it of another, not of Tessa
    matched = {i: spots for i, spots in found.items() if spots}
    unmatched = [i for i in found if not found[i]]
    if len(matched) < max(1, (len(c.units) + 1) // 2) or len(unmatched) > 1:
        return None
    placed = _place(by_preposition(c, s, matched))
    unmatched += [i for i in matched if i not in placed]
    if not placed or len(unmatched) > 1:
        return None
    if unmatched and (stated := _event_stated(c, s, placed, unmatched[0])) is not None:
        placed, unmatched = {**placed, unmatched[0]: stated}, []
    lo, hi = min(placed.values()), max(placed.values())
    if not (c.negations or s.negations) and (turned := said_turned(c, s, placed)):
        return _decision("refutes", "direction", turned)  # "revenue rose, but profits fell"
    if _scattered(c, s, placed, lo, hi) or any(s.tokens[k].low in _CONCEDE for k in range(lo, hi)):
        return None  # "Velmar is the largest city …, although the capital … is Dorrin"
    if (turn := turned_to_another(c, s, placed)) is not None:  # "…, but its capital is Tessa"
        return _decision("neutral", "subject", f"the source turns to another statement (“{turn}”)")
    a, b = _clause_bounds(s, lo, hi)
    last = hi + len(c.units[next(i for i, at in placed.items() if at == hi)].tokens)
    relative = last < len(s.tokens) and s.tokens[last].low in {"that", "which", "who"}
    # a relative clause after the claim's last part says what that part is: "retracted Wakefield's
    # paper that suggested a link" states the retraction; the suggesting is the paper's
    window = range(min(a, lo), last if relative else max(b, hi) + 1)
    lengths = {i: len(u.tokens) for i, u in enumerate(c.units)}
    said_of = relative_reports(s, placed, lengths)  # "the paper … that suggested a link"
    if (reported := reported_in(c, s, window, said_of)) is not None:
        return _decision("neutral", "reported", reported)
    if _BECAUSE.search(c.raw) and not _CAUSAL.search(s.raw):
        return None  # "X is because of Y": a sentence that names both but no cause states no cause
    r = _read(c, s, placed, window, said_of)
    if not (r.negated or r.hedged) and (side := _turned(c, s, placed, unmatched)):
        return _decision("refutes", "direction", side)  # "voted for" against "voted against"
    if compared := said_as_comparison(c, s, placed) or degree_unsaid(c, s, placed):
        return _decision("neutral", "partial", compared)
    if (held := held_in_another_role(c, s, placed)) is not None:
        return held  # "Ana Roske's brother", "founded by Bel Tamsin", "plans to ban"
    if r.missing and unmatched and not (r.negated or r.hedged) and only_amounts_missing(c, s):
        opposite = _slot(c, s, unmatched[0], placed, window)  # "risen by 1.1 °C" / "fallen"
        if opposite is not None and opposite.rule == "direction":
            return opposite
    if r.missing and not (r.negated or r.hedged) and (ends := ordinal_opposed(c, s)):
        return ends  # "the first mayor" against "the last mayor"
    never = any(s.tokens[i].low == "never" for i in r.neg_s) and not r.neg_c
    if r.missing and not (never and not unmatched) and not none_of(c, s, placed):
        return points_otherwise(c, s)  # "10 percentage points" for "10%"; else None: "never
        # visited" refutes "visited in 1910"; "no children" "two children"
    if unmatched and r.said_less and not (r.conflict or r.negated):
        return _decision("neutral", "hedge", _only(sorted(r.said_less)[0]))
    if unmatched:
        return _one_part_missing(c, s, unmatched[0], placed, window, r)
    return every_part_there(c, s, placed, r)


def _turned(c: _Text, s: _Text, placed: dict[int, int], unmatched: list[int]) -> str | None:
    """The reason where the sentence says the claim the other way round: another side, degree,
    winner, order, or the two sides of a comparison swapped; None otherwise."""
    return (
        side_taken(c, s, placed, unmatched)
        or degree_opposed(c, s, placed)
        or contest_turned(c, s, placed)  # "Tessa City beat Velmar United"
        or comparison_turned(c, s)  # "Velmar is larger than Tessa"
        or amount_turned(c, s)  # "Humans emit 100 times as much CO2 as volcanoes"
        or beaten_winner(c, s)  # "Kessa United won the Cup, beating Tessa Rovers"
        or sides_swapped(c, s)  # "twice as common in men as in women" for "… women as men"
        or opposed_between(c, s, placed)  # "reduces … and increases the risk of stroke"
        or turned_round(c, s, placed)  # "the Earth orbits the sun" for "the sun orbits the Earth"
    )


def _one_part_missing(
    c: _Text, s: _Text, missing: int, placed: dict[int, int], window: range, r: _Reading
) -> Comparison | None:
    """Every part of the claim but one is in the sentence: another subject, or what stands in
    the missing part's place."""
    plain = not (r.conflict or r.hedged or r.tensed or r.loose)
    if missing == 0 and plain and not r.negated and (holder := only_holder(c, s, placed)):
        return holder  # "Paris is the capital of France" for "Berlin is the capital of France"
    if plain and not r.negated and (several := one_of_several(c, s, missing, placed)):
        return several  # "the only survivor" against "one of three survivors"
    if plain and not r.negated and (ranked := rank_unsaid(c, s, missing, placed)):
        return ranked  # "the second deepest lake" against "the deepest lake"
    if (
        missing == 0
        and len(c.units) >= 3
        and not (r.conflict or r.negated or r.loose)
        and _other_subject(s, placed)
    ):
        # the first part is the subject: "penguins live there" does not refute "lions live there"
        return _decision(
            "neutral",
            "subject",
            f"the source says it of something else, not of {c.units[0].text}",
        )
    if r.conflict and not (r.negated or r.hedged or r.tensed) and relational(c.units[missing]):
        # "part of her first studio album" against "for her second studio album": the word that
        # relates the two is not compared, the position is
        return _number_given_otherwise(c, s, r.conflict)
    if plain and r.negated and _never_at_all(c, s, missing, r, placed, window):
        return _negation(c, s, r)  # "never failed mathematics" for "failed mathematics at school"
    if plain and not r.neg_c and (lost := lost_for_won(c, s, missing, r.neg_s, window)):
        return _decision("refutes", "direction", lost)  # "lost the election" for "won"
    if r.negated or r.hedged or r.tensed or r.loose or missing == 0:
        return None
    if (times := multiplied(c, s, missing)) is not None:  # "halves" against "by 20%"
        return times
    k = c.units[missing].tokens[0].index  # a list: "speaks French and German" against "… Italian"
    listed = any(c.units[i].tokens[-1].index == k - 2 for i in placed)
    if listed and c.tokens[k - 1].low in {"and", "or"}:
        return _decision(
            "neutral", "partial", f"the source does not mention {c.units[missing].text}"
        )
    slot = held_of_many(c, missing, _slot(c, s, missing, placed, window))  # "treats fever"
    if slot and slot.rule == "substitution" and (others := of_a_kind_elsewhere(c, missing)):
        return _decision("neutral", "subject", others)  # "Glaciers in the Himalayas" for "… Alps"
    if slot and slot.rule == "direction" and (limit := limited(c.raw, s.raw)):
        return _decision("neutral", "partial", limit)  # "raises blood pressure briefly", "are
        # declining in several regions", "Some scientists disagree": not the claim's opposite
    if r.conflict:  # "fell to 3.5%" against "rose to 5%": a change and its value both otherwise
        changed = c.units[missing].tokens[0].low in CHANGES
        return slot if changed and slot is not None and slot.rule == "direction" else None
    if slot is None and c.units[missing].proper:
        return _decision(
            "neutral", "partial", f"the source does not mention {c.units[missing].text}"
        )
    return slot


def compare_item(claim: str, text: str, max_sentences: int = 12) -> Comparison | None:
    """The plain decision for a whole evidence text: each sentence compared; sentences that
    disagree (one supports, another refutes) leave it undecided; the first refutation or support
    found otherwise decides, with its sentence."""
    sentences = [s.text for s in split_sentences(text)[:max_sentences]]
    decisions = [
        d
        for k, sentence in enumerate(sentences)
        if (d := compare(claim, sentence, opens=k == 0, before=sentences[:k])) is not None
    ]
    return combine(decisions)


def warm() -> None:
    """Load the lexicon and the unit registry (blocking, ~1 s once) so that the first request does not."""
    lex.table()
    quantities("1 km")
    precisions()
