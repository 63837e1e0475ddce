"""A slot of the claim filled otherwise in the sentence: every word of "directed by Ana Roske" is in
"… produced by Ana Roske and directed by Bel Tamsin", but the claim's slot ("directed by") holds
another name there; or the claim's name on another side ("Tessalia to the north" against
"Tessalia to the east"). Read by agent/judge/_whole.py where every part of the claim is found."""

from __future__ import annotations

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, _decision
from agent.judge._places import apposed_within, side_otherwise
from agent.judge._text import _STOP, _norm, _Text, _word_match


def _slot_filled_otherwise(c: _Text, s: _Text) -> Comparison | None:
    """ "directed by Ana Roske" against "… produced by Ana Roske and directed by Bel Tamsin": every
    word is there, but the claim's slot ("directed by") holds another name in the sentence; or
    the claim's name on another side ("Tessalia to the north" against "Tessalia to the east")."""
    if (side := side_otherwise(c, s)) is not None:
        return side
    for unit in c.units:
        if not unit.proper:
            continue
        first = unit.tokens[0].index
        k = first - 1
        glue = []
        while k >= 0 and c.tokens[k].low in _STOP and len(glue) < 2:
            glue.insert(0, c.tokens[k].low)
            k -= 1
        if k < 0 or not glue or c.tokens[k].low in _STOP or c.tokens[k].cap:
            continue
        head = c.tokens[k].low
        names = [t.low for t in unit.tokens]
        fills = []
        for tok in s.tokens:
            if not _word_match(head, tok.low):
                continue
            after = s.tokens[tok.index + 1 : tok.index + 1 + len(glue)]
            if [t.low for t in after] != glue or tok.index + len(glue) + 1 >= len(s.tokens):
                continue
            start = tok.index + len(glue) + 1
            end = start
            while end < len(s.tokens) and s.tokens[end].cap:  # the name, or a list of names
                end += 1
                gap = (
                    s.raw[s.tokens[end - 1].end : s.tokens[end].start]
                    if end < len(s.tokens)
                    else ""
                )
                if end < len(s.tokens) and s.tokens[end].low in {"and", "or"}:
                    end += 1
                elif gap.strip() not in {"", ","}:
                    break
            near = _unbroken(s, start, 5)
            within = end > start and apposed_within(s, end - 1, unit.text)  # "Airstrip One, a
            if names[0] in near or names[-1] in near or within:  # province of … Oceania"; "by
                # American singer Katy Perry"
                fills.append(list(unit.text.split()))
                continue
            fills.append([t.text for t in s.tokens[start:end] if t.cap])
        if not fills or any([_norm(w) for w in f] == names for f in fills):
            continue
        top = k > 0 and c.tokens[k - 1].low.endswith("est")  # "the tallest building in"
        if top and glue == ["in"] and _norm(unit.text) in _norm(s.raw):
            continue  # "a skyscraper in Velmar and the tallest building in Ostrania": in both
        named = [f for f in fills if f]
        if named and not any(_norm(w) in names for f in named for w in f):
            return _decision(
                "refutes",
                "substitution",
                f"the claim says {c.tokens[k].text} {' '.join(glue)} "
                f"{unit.text}; the source says {' '.join(named[0])}",
            )
    return None


def _unbroken(s: _Text, start: int, most: int) -> set[str]:
    """The words from ``start`` up to ``most`` of them, as far as no comma, bracket or "and" breaks
    them ("by American singer Katy Perry" is one phrase; "in Tessa, with offices in Velmar" and "in
    Velmar and studied in Tessa" are not)."""
    out = set()
    for tok in s.tokens[start : start + most]:
        if tok.index > start and any(
            p in s.raw[s.tokens[tok.index - 1].end : tok.start] for p in ",;("
        ):
            break
        if tok.index > start and tok.low in {"and", "or", "but"} and _a_deed_at(s, tok.index + 1):
            break  # "born in Velmar and studied in Tessa": the next deed's (not "and later in")
        out.add(tok.low)
    return out


def _a_deed_at(s: _Text, k: int) -> bool:
    """Is the word at ``k`` a verb's past ("studied", "grew")?"""
    if k >= len(s.tokens) or s.tokens[k].cap:
        return False
    word = s.tokens[k].low
    return lex.past_form(word)
