"""Who the sentence says does what, where every part of the claim is in it but in another role: the
claim's name as the owner of someone else ("Ana Roske's brother is a vegetarian"), the claim's verb
done by another name ("Kessa Labs was founded by Bel Tamsin, who later hired Ana Roske"), the
claim's event only intended ("considered banning plastic bags", "plans to ban them"), the claim's
object as what another noun is for ("batteries for electric cars"), a former holder of the claim's
role ("the former CEO"). Read once per (claim, sentence) pair before the comparison stage's rules
decide (agent/judge/compare.py); and ``not_one_kind``, which keeps a substitution to words of one
kind (agent/judge/_slots.py)."""

from __future__ import annotations

import re

from agent.judge import _lexicon as lex
from agent.judge._decision import Comparison, Rule, _decision
from agent.judge._doers import _by_after, _doer, _possessive
from agent.judge._future import future_otherwise
from agent.judge._labels import a_label
from agent.judge._left import left_it
from agent.judge._lives import apposed_to_another, where_another
from agent.judge._modifier import object_of_another
from agent.judge._news import met_another
from agent.judge._shares import in_a_model
from agent.judge._subject import said_of_another
from agent.judge._tenure import _DETERMINERS, former, lesser_post, past_deed
from agent.judge._text import _EXCLUSIVE, _Text, _Tok, _Unit, _word_match

# verbs that make the next one an intention, not an event ("plans to ban", "considered banning")
# asking another to do it: "called on the mayor to resign", "was urged to resign"
_URGE = frozenset(
    "urge urges urged urging called calls call pressed pressured pressure demanded demands demand "
    "begged appeals appealed pleas expect expects expected".split()  # "Calls for Kira Dane to
    # resign grew", "Economists expect the Central Bank of Tressland to cut its rate"
)
_INTENT = (
    frozenset(
        "consider considers considered considering plan plans planned planning propose proposes "
        "proposed proposing seek seeks sought seeking aim aims aimed try tries tried attempt attempts "
        "attempted want wants wanted intend intends intended threaten threatens threatened hope hopes "
        "hoped promise promises promised vow vows vowed designed meant supposed scheduled expected "
        "expects expect offer offers offered bid running campaigning candidate ran run runs stood "
        "due training prepare prepares prepared preparing dream dreams dreamed dreamt dreaming "
        "pretend pretends pretended pretending about poised forbidden apply applies applied "
        "applying submit submits submitted submitting await awaits awaited awaiting pending "
        "request requests requested requesting search searches searched searching looked "
        "looking debate debates debated debating discuss discusses discussed discussing pledge "
        "pledges pledged pledging trained warrant warrants postponed postpones delayed "
        "delays".split()
    )
    | _URGE
)
# only with "to": "committed to cutting" (not "committed a crime"), "is projected to reach"
_TO_INTENT = frozenset(
    "commit commits committed committing projected forecast predicted set agree agrees agreed "
    "agreeing deal deals talks studied decision decisions invited".split()  # "set to direct", "agreed to acquire", "a
    # deal to buy", "studied to become a doctor"
)
# an attempt or a plot named after the deed: "survived an assassination attempt"
_ATTEMPT = frozenset("attempt attempts plot plots bid bids".split())
# words between an intention and its deed: "hopes to become a member", "ran unsuccessfully to"
_ON_THE_WAY = frozenset(
    "a an the become becoming unsuccessfully successfully named appointed elected chosen his her "
    "their its".split()
)
# where the names after "by" end: a clause or a preposition (and a word after "and" that is not a
# name: "… and released by Fox")
_BY_ENDS = frozenset("who which that whose for in on at with from after before during as".split())


def held_in_another_role(c: _Text, s: _Text, placed: dict[int, int]) -> Comparison | None:
    """A decision when the sentence gives a part of the claim another role: a guard (it speaks of
    someone else's, or of an intention) or a substitution (another name does the claim's deed);
    None when every part stands in its role."""
    if (left := left_it(c, s, placed)) is not None:
        return left  # "after leaving Konami" for "while he was still at Konami"
    agents = _other_agent(c, s, placed)
    if agents is not None:
        return _decision(
            "refutes", "substitution", f"the claim says {agents[0]}; the source says {agents[1]}"
        )
    for of in (
        _possessed(c, s, placed),
        _object_owned(c, s, placed),
        object_of_another(c, s, placed),
        said_of_another(c, s, placed),
        where_another(c, s, placed),
        apposed_to_another(c, s, placed),
    ):
        if of is not None:  # "Ana Roske's brother", "batteries for electric cars"
            return _decision("neutral", "subject", f"the source says it of {of[0]}, not of {of[1]}")
    if (future := future_otherwise(c, s, placed)) is not None:  # "will open" for "opened"
        return _decision("neutral", "tense", future)
    guards: tuple[tuple[Rule, str, str | None], ...] = (
        ("partial", "the source says only that it is one of several", _one_of(c, s, placed)),
        ("tense", "the source speaks of a former one", former(c, s, placed)),
        ("partial", "the source names another post or kind", lesser_post(c, s, placed)),
        (
            "tense",
            "the claim says it is so now; the source tells of a past deed",
            past_deed(c, s, placed),
        ),
        (
            "hedge",
            "the source says only that it was intended, sought, tried, called for or forecast",
            _intended(c, s, placed),
        ),
        ("reported", "the source speaks of a part played", _played(c, s, placed)),
        ("subject", "the source names the doer in another role", _by_otherwise(c, s, placed)),
        ("subject", "the source says it of a laboratory model only", in_a_model(c, s)),
        ("subject", "the source names another after the verb", met_another(c, s, placed)),
    )
    for rule, reason, cue in guards:
        if cue is not None:
            return _decision("neutral", rule, f"{reason} (“{cue}”)")
    return None


def _by_otherwise(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The claim's doer after "by" ("made by Kessa Corp") found after another preposition in the
    sentence ("made for Kessa Corp by Velo Ltd"): the sentence's words, or None."""
    for i, at in placed.items():
        first = c.units[i].tokens[0].index
        if not c.units[i].proper or first == 0 or c.tokens[first - 1].low != "by" or at == 0:
            continue
        if s.tokens[at - 1].low in {"for", "to", "with", "from", "against", "on", "about"}:
            end = at + len(c.units[i].tokens) - 1
            return s.raw[s.tokens[at - 1].start : s.tokens[min(end + 3, len(s.tokens) - 1)].end]
    return None


def _claim_words(c: _Text) -> list[str]:
    return [t.low for u in c.units for t in u.tokens]


def _possessed(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's name found as the owner of a word the claim does not have ("Ana Roske's
    brother"): (that phrase, the name), or None. Where the claim says the owner's too ("Ana
    Roske's father was born …"), or the owned word is the claim's ("Ana Roske's debut album" for
    "Ana Roske released her debut album"), it stands."""
    at = placed.get(0)  # only the claim's subject: "the setting of Tolkien's legendarium" may
    unit = c.units[0]  # still say what Tolkien created
    if at is None or not unit.proper:
        return None
    end = at + len(unit.tokens) - 1
    if end + 1 >= len(s.tokens) or not _possessive(s.tokens[end]) or _possessive(unit.tokens[-1]):
        return None
    owned = s.tokens[end + 1]
    if owned.cap or any(_word_match(w, owned.low) for w in _claim_words(c)):
        return None
    if end + 2 < len(s.tokens) and s.tokens[end + 2].low == "as":
        return None  # "Liverpool's status as a tourist destination" is Liverpool's own
    last = unit.tokens[-1].low
    if any(t.low == last and not _possessive(t) for t in s.tokens[end + 1 :]):
        return None  # said of the name itself further on ("the Earth's curvature … confirm that
        # the Earth is a sphere")
    head = next(  # "the Orvel River's main tributary": through its adjectives
        (t for t in s.tokens[end + 1 : end + 4] if lex.noun_only(t.low)), owned
    )
    return s.raw[s.tokens[at].start : head.end], unit.text


def _object_owned(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's last word, a common noun, found as the owner of a noun the claim does not have
    ("won the league's fair play award" for "won the league"): (that phrase, the word)."""
    last = max(placed, key=placed.__getitem__)
    unit, at = c.units[last], placed[last]
    if last == 0 or unit.proper or len(unit.tokens) != 1 or _possessive(unit.tokens[0]):
        return None
    owned = [t for t in s.tokens[at + 1 : at + 5] if not s.gap(t.index - 1)]
    if not _possessive(s.tokens[at]) or not owned or owned[0].cap:
        return None
    phrase = []
    for tok in owned:  # "fair play award", "new wing": up to the noun phrase's end
        if tok.cap or not (lex.is_noun(tok.low) or lex.is_adjective(tok.low)):
            break
        phrase.append(tok)
    head = phrase[-1] if phrase and lex.is_noun(phrase[-1].low) else None
    if head is None or any(_word_match(w, head.low) for w in _claim_words(c)):
        return None
    a = at - (at > 0 and s.tokens[at - 1].low in _DETERMINERS)  # "the league's …"
    k = unit.tokens[0].index
    b = k - (k > 0 and c.tokens[k - 1].low in _DETERMINERS)
    return s.raw[s.tokens[a].start : head.end], c.raw[c.tokens[b].start : unit.tokens[0].end]


def _other_agent(c: _Text, s: _Text, placed: dict[int, int]) -> tuple[str, str] | None:
    """The claim's verb in the sentence followed by "by" and names that leave out the claim's doer
    ("founded by Bel Tamsin" against "Ana Roske founded Kessa Labs"; "produced by Bel Tamsin and
    directed by Ana Roske" against "Bel Tamsin directed Nightfall"): (the claim's doer, the
    sentence's), or None."""
    for i, at in placed.items():
        unit = c.units[i]
        by = _by_after(s, at)  # "discovered in 1928 by …": a date may stand between
        if unit.proper or len(unit.tokens) != 1 or by is None or not _named_after(s, by):
            continue
        doer = _doer(c, i)
        if doer is None or lex.lemmas(unit.tokens[0].low) & _SYMMETRIC:
            continue  # "Kessa is bordered by Velmar": a border has no doer
        span = []  # the words after "by" up to a clause or a preposition ("by American singer
        for t in s.tokens[by + 1 : by + 13]:  # Katy Perry for her album")
            if t.low in _BY_ENDS or (span and span[-1].low == "and" and not t.cap):
                break
            span.append(t)
        names = doer.lower().split()  # "by Ana Roske's husband" is not by Ana Roske
        lows = [t.low + ("'s" if _possessive(t) else "") for t in span]
        after = [t.low for t in s.tokens[by + 1 + len(span) : by + 3 + len(span) + len(names)]]
        if after[:1] in (["at"], ["of"], ["for"]) and after[1:] in (names, ["the", *names]):
            continue  # "invented by Bel Tamsin at Kessa Labs": Kessa Labs' work
        n = len(names)  # a nickname or a middle name between: "by Markus "Notch" Persson"
        if any(
            lows[k : k + n] == names
            or (n > 1 and lows[k] == names[0] and lows[k + n : k + n + 1] == names[-1:])
            for k in range(len(lows))
        ):
            continue  # the claim's doer is among the sentence's
        said = " ".join(t.low for t in span)
        others = [u.text.lower() for u in c.units if u.proper and u.text != doer]
        if any(re.search(rf"\b{re.escape(o)}\b", said) for o in others):
            continue  # "was sued by Kessa Corp" for "sued Kessa Corp": the roles turned, not plain
        caps = [t for t in span if t.cap]
        surname = not any(_possessive(t) for t in caps) and {t.low for t in caps} <= set(names)
        if surname or a_label(doer, caps, unit.tokens[0].low):  # "Karsenian forces": its people
            continue  # "produced by Eilish herself"; "released … by Island Records": her label
        last = caps[-1]  # "by Ana Roske's son": the son
        shown = s.raw[span[0].start : (span[-1] if _possessive(last) else last).end]
        return doer, _STARRING.split(shown, maxsplit=1)[0]  # "James Cameron", not "…, starring …"
    return None


# where a reason stops showing the names after "by": "by James Cameron, starring Leonardo DiCaprio"
_STARRING = re.compile(r",\s+(?:starring|featuring|co-starring|with|written|produced|released)\b")


# the last words of a company's name: "Island Records", "Pixar Animation Studios", "Apple Inc."
_SYMMETRIC = frozenset("border adjoin neighbour neighbor".split())


def _named_after(s: _Text, by: int) -> bool:
    """Does a name follow "by", at once or after a description ("by the aerospace firm Corvane
    Systems"), where the name ends the phrase ("by a British director" names none)?"""
    if s.tokens[by + 1].cap or s.tokens[by + 1].low not in {"the", "a", "an"}:
        return s.tokens[by + 1].cap
    for j in range(by + 2, min(by + 7, len(s.tokens))):
        t = s.tokens[j]
        last = j + 1 == len(s.tokens) or s.gap(j) or s.tokens[j + 1].low in _BY_ENDS | {"and"}
        if t.cap and last:
            return True
        if not t.cap and (t.low in _BY_ENDS or t.low in {"and", "of"} or not t.low.isalpha()):
            return False
    return False


def _intended(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """An intention verb the claim does not have just before a claim word in the sentence
    ("considered banning", "plans to ban", "the planned ban"): the words that say it, or None."""
    words = {t.low for t in c.tokens}
    words |= {w for t in c.tokens for w in lex.lemmas(t.low)}  # "will run" for "ran for mayor"
    for i, at in placed.items():
        if c.units[i].proper and not lex.known_word(c.units[i].text.lower()):
            continue  # a name; but "the CEO" is a post
        after = s.tokens[at + 1].low if at + 1 < len(s.tokens) else ""
        if after in _ATTEMPT and after not in words and s.tokens[at].low not in words:
            return s.raw[s.tokens[at].start : s.tokens[at + 1].end]  # "an assassination attempt"
        for k in range(at - 1, at - 9, -1):  # "considered banning", "plans to ban", "an offer
            if (
                k < 0
                or s.tokens[k].low not in _INTENT | _TO_INTENT
                or s.tokens[k].low in words
                or lex.lemmas(s.tokens[k].low) & words
            ):  # to be acquired"
                continue
            between = [t.low for t in s.tokens[k + 1 : at]]  # "ran to become a member"
            if s.tokens[k].low in _TO_INTENT and between[:1] != ["to"]:
                continue
            urged = (
                s.tokens[k].low in _URGE
            )  # the subject may stand between: "called on the mayor",
            # "expect the Central Bank of Tressland to cut"
            said = [
                w
                for w in between
                if w not in _ON_THE_WAY and not (urged and w in words | {"on", "of"})
            ]
            if said not in ([], ["to"], ["for"], ["to", "be"], ["of"], ["as"], ["for", "to"]):
                continue
            if any(k - 3 <= n < k for n in s.negations):
                continue  # "turned down offers to work": the negation decides
            return s.raw[s.tokens[k].start : s.tokens[at].end]
    return None


def not_one_kind(c: _Text, mine: _Tok, s: _Text, theirs: _Tok) -> bool:
    """A common noun against a name ("the fifties" against "July"), or one side's word an adjective
    where it stands (no determiner before it: "Mount Orvel is high") against a noun and nothing else
    ("elevation"): not another thing of one kind in the slot. WordNet also lists "tall" and "high"
    as nouns, of the same kind as "elevation"."""
    if mine.cap or theirs.cap:
        return True

    def adjectival(text: _Text, tok: _Tok) -> bool:
        if tok.index == 0:
            return lex.is_adjective(tok.low)
        before = text.tokens[tok.index - 1]  # a token's low drops its "'s": read the text
        return (
            lex.is_adjective(tok.low) and before.low not in _DETERMINERS and not _possessive(before)
        )

    return (adjectival(c, mine) and lex.noun_only(theirs.low)) or (
        adjectival(s, theirs) and lex.noun_only(mine.low)
    )


def _one_of(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The claim's "the oldest city" against the sentence's "one of the oldest cities": those words."""
    if any(t.low == "one" for t in c.tokens):
        return None
    for i, at in placed.items():
        first = c.units[i].tokens[0].index
        before = c.tokens[first - 1].low if first else ""
        if before not in _ONE_OF_A_KIND and not (first and _possessive(c.tokens[first - 1])):
            continue  # only "the oldest", "Ostravia's biggest", "its first": one of a kind
        for k in range(max(0, at - 5), at - 1):
            if [t.low for t in s.tokens[k : k + 2]] == ["one", "of"] and _owner_between(s, k, at):
                return s.raw[s.tokens[k].start : s.tokens[at].end]
    return None


_ONE_OF_A_KIND = frozenset(["the", "its", "their", "his", "her"])


def _owner_between(s: _Text, k: int, at: int) -> bool:
    """Do the words between "one of" (at k) and the matched word say whose, or which: "one of the
    oldest", "one of Ostravia's largest", "one of its biggest"?"""
    between = s.tokens[k + 2 : at]
    return bool(between) and (between[0].low in _ONE_OF_A_KIND or _possessive(between[0]))


# verbs of a part played: "played a doctor" does not say she is one
_PLAYED = frozenset(
    "play plays played playing portray portrays portrayed portraying voice voices voiced voicing "
    "star stars starred starring impersonate impersonates impersonated depict depicts depicted "
    "cast".split()
)


def _played(c: _Text, s: _Text, placed: dict[int, int]) -> str | None:
    """The claim says what its subject is ("is a doctor"); the sentence has the word after a
    verb of acting ("played a doctor", "starred as a detective"): those words."""
    copulas = {"is", "was", "are", "were", "be", "been"}
    if any(t.low in _PLAYED for t in c.tokens):
        return None
    for i, at in placed.items():
        unit = c.units[i]
        first = unit.tokens[0].index
        if unit.proper or first < 2 or c.tokens[first - 2].low not in copulas:
            continue
        for k in range(max(0, at - 4), at):
            if s.tokens[k].low in _PLAYED:
                return s.raw[s.tokens[k].start : s.tokens[at].end]
    return None


def owned_in_claim(c: _Text, unit: _Unit) -> bool:
    """Does the claim say its subject *has* the unit's noun ("has a sister", "had two older
    brothers") — what one has, which an opposite of what one is ("the brother of …") does not
    refute?"""
    end, word = unit.tokens[-1].index, unit.tokens[-1].low
    verbal = word.endswith("ed") or lex.irregular_verb_form(word) or not lex.is_noun(word)
    if verbal or (end + 1 < len(c.tokens) and lex.is_noun(c.tokens[end + 1].low)):
        return False  # "have risen": an auxiliary; "has a high crime rate": "high" is the rate's
    k = unit.tokens[0].index - 1
    while k >= 0 and k >= unit.tokens[0].index - 3 and c.tokens[k].low not in _OWNS:
        if c.tokens[k].low in _EXCLUSIVE | {"only"}:
            return False  # "had only daughters": the sons refute it
        k -= 1
    return k >= 0 and c.tokens[k].low in _OWNS


_OWNS = frozenset("has have had having".split())
