"""Sentences that call a proposition false — "the myth that …", "it is a myth that …", "there is
no evidence that …", "claims that … have been debunked", "… falsely claimed that …" — and the
proposition they frame."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from agent.judge._carried import leading_name
from agent.judge._decision import Comparison, _decision
from agent.judge._text import _analyse, _find, _Text

# a view someone holds or reports, said of the claim: "X claimed that …", "Critics say …"
ATTRIBUTED = re.compile(
    # "its claims were found to be false": a possessive's claims are a thing, not a report
    r"\b(?:(?<!\bits )(?<!\bhis )(?<!\bher )(?<!\btheir )(?:claim|claims)|claimed|allege|alleges|alleged|alleging|allegedly|rumou?red|believe|believes|believed|"
    # second-hand and doubted: "Rep. Barton supposedly once said that …"
    r"supposedly|reportedly|purportedly|deny|denies|denied|(?:is|are|was|were) said to|"
    r"suggest|suggests|suggested|speculat\w+|propos\w+|argu\w+|"
    # a hypothesis, not a finding: "was hypothesized to reduce mortality"
    r"hypothesi[sz]e[sd]?|postulated?|theori[sz]ed|presumed|"
    # "a feared murderer" is a murderer people fear: an adjective, not a report
    r"think|thinks|thought|fear|fears|(?<!\ba )(?<!\ban )(?<!\bthe )(?<!\bmost )feared|"
    r"asked|asks|ask|whether|if)(?:\s+(?:that\s+)?|\W*$)"
    # a view someone holds against others ("Critics say …"), not what an official said ("the city said")
    r"|\b(?:critics|opponents|skeptics|sceptics|some|many|others|proponents|supporters|believers|"
    r"theorists|activists|rumou?rs|posts|users)\s+(?:\w+\s+)?(?:say|says|said|insist|insists|insisted)\b"
    r"|\baccording\s+to\s+(?:some\s+)?(?:fans|critics|supporters|opponents|rumou?rs|some|many|"
    r"social media|posts|users)\b"
    # "…, according to a viral post": what a post or a rumour says, not what is so
    r"|\baccording\s+to\s+(?:a|an|one|some|several)\s+(?:\w+\s+)?(?:post|posts|tweet|tweets|"
    r"video|videos|message|messages|rumou?r|rumou?rs|blog|website|chain\s+email)\b"
    # a figure of the past, since revised: "…, according to older estimates; newer ones are lower"
    r"|\baccording\s+to\s+(?:older|earlier|previous|early|outdated|old|former)\s+(?:\w+\s+)?"
    r"(?:estimates?|studies|figures|data|reports|measurements|surveys)\b"
    # an accusation is not a finding: "was accused of stealing", "charged with fraud"
    r"|\b(?:accused|suspected)\s+(?:by\s+(?:\w+\s+){1,3}|(?:\w+\s+){1,3})?of\b"
    r"|\b(?:charged|indicted)\s+(?:with|for|on)\b"
    # what a paper reported, or a work is credited with: "A local newspaper reported that …",
    # "is often credited to Juno Vaile"
    r"|\b(?:newspapers?|papers?|tabloids?|outlets?|media|sites?|blogs?)\s+(?:\w+\s+)?reported\s+that\b"
    r"|\b(?:often|widely|commonly|usually|wrongly|mistakenly|popularly)\s+(?:credited|attributed)\s+to\b"
    # a demand or an assumption is no deed: "Students demanded that he resign", "many assume"
    r"|\b(?:demand|demands|demanded|demanding|urged|urging)\s+(?:that\b|\w+\s+to\b)"
    r"|\b(?:assume|assumes|assumed)\b(?!\s+(?:office|power|control|command|the|his|her|its|their|"
    r"responsibility|leadership|a|an)\b)"
    # what a report says, dismissed: "dismissed reports of her resignation as false"
    r"|\b(?:dismiss\w*|rejected|rejects)\s+(?:the\s+)?(?:reports?|claims?|rumou?rs?|suggestions?|"
    r"allegations?|speculation)\s+(?:of|that|about)\b"
    # a rumour or a report of it, not the thing: "Rumours that General Vosk had resigned …"
    r"|\brumou?rs?\s+that\b|\b(?:the|a)\s+(?:\w+\s+)?reports?\s+that\b"
    # a reader's comment quoted: '"…," one commenter wrote'
    r"|\b(?:one|a|some|many|several)\s+(?:\w+\s+)?(?:commenters?|users?|posters?|readers?|"
    r"viewers?|callers?|fans?)\s+(?:wrote|writes|posted|said|says|claimed|insisted)\b"
    # an estimate or a forecast of it, said with "that" ("an estimated 2 million" states a figure)
    r"|\b(?:estimat|predict|expect|forecast)\w*\s+that\b"
    # a theory or hypothesis reports a view only when it says what: "the theory that …"
    # ("one of the best-supported theories in science" states a fact about one)
    r"|\b(?:hypothes\w+|theor\w+)\s+that\s+",
    re.I,
)


def reported_in(
    c: _Text, s: _Text, window: range, said_of: frozenset[int] = frozenset()
) -> str | None:
    """The reason, where the sentence's clause (tokens ``window``) reports the claim as someone's
    view ("critics said", "claimed that") and the claim does not, or tells it of a story.
    ``said_of``: tokens of a relative clause that tells what one of the claim's parts is ("the
    1998 paper by Andrew Wakefield that suggested a link …, was retracted"), left out."""
    if ATTRIBUTED.search(c.raw):
        return None
    story = _STORY.search(s.raw)
    if story and not story.group(0).endswith(","):  # "… in the second series of Doctor Kessa"
        claim_words = {t.low for t in c.tokens if t.cap or len(t.low) > 3}
        after = re.findall(r"[\w'’-]+", s.raw[story.end() :])[:4]
        story = None if any(w.lower() in claim_words for w in after) else story  # the claim's show
    if story and not _FICTION.search(c.raw) and not _PERFORMED.search(c.raw):  # "In the film,
        # Ana Roske wins the election"; not "Daniel Radcliffe played Harry Potter": a role in it
        return f"the source tells it of a story (“{story.group(0).strip(' ,')}”), not of the world"
    for doubt in _DOUBTED:  # "insufficient evidence that …", "…, but it was not significant"
        if (found := doubt.search(s.raw)) and not doubt.search(c.raw):
            return f"the source doubts the finding (“{found.group(0).strip()}”)"
    text = " ".join(t.text for t in s.tokens[window.start : window.stop] if t.index not in said_of)
    admitted = bool(_ADMIT & {t.low for t in c.tokens})
    for found in ATTRIBUTED.finditer(text):
        if admitted and found.group(0).strip().lower().startswith("den"):
            continue  # "admitted the allegations" against "denied the allegations": opposites
        return f"the source reports it as someone's view (“{found.group(0).strip()}”), it does not state it"
    return None


# evidence said to be too weak to state the claim, and a result said not to be significant
_DOUBTED = (
    re.compile(
        r"\b(?:insufficient|inconclusive|limited|weak|mixed|conflicting|not enough|inadequate)\s+"
        r"(?:\w+\s+)?(?:evidence|data|proof)\s+(?:that|for|to)\b",
        re.I,
    ),
    re.compile(
        r"\bnot\s+(?:statistically\s+)?significant\b|\bnon-?significant\b"
        r"|\b(?:did not|failed to)\s+reach\s+(?:statistical\s+)?significance\b",
        re.I,
    ),
    re.compile(r"\b(?:ruled|rules|ruling)\s+out\b", re.I),  # "Investigators ruled out arson"
)


# a story's world, not ours: "In the film, …", "… in the novel by Bel Tamsin"
_STORIES = (
    r"(?:film|movie|novel|book|series|show|story|play|episode|game|comic|musical|opera|sitcom|"
    r"fiction|fictional|plot|character|script|screenplay)s?"
)
_FICTION = re.compile(rf"\b{_STORIES}\b", re.I)
# a claim of a role in a work, which the work's story holds: "played Harry Potter", "starred in"
_PERFORMED = re.compile(
    r"\b(?:portray(?:s|ed)?|starr?(?:s|ed|ing)?|voiced?|voices|appear(?:s|ed)?|cast|"
    r"play(?:s|ed)?(?= (?:the role of |as )?[A-Z]))\b"
)
_STORY = re.compile(
    rf"^\W*in (?:the|a|an|his|her|their|its) (?:\w+ )?{_STORIES}(?: [A-Z][\w'’-]*){{0,4}}\s*,"
    rf"|\bin (?:the|a|an|his|her|their|its) (?:\w+ )?{_STORIES} (?:by|of)\b",
    re.I,
)

# what a denial is the opposite of, in the claim's verb
_ADMIT = frozenset(
    "admit admits admitted confirm confirms confirmed acknowledge acknowledges acknowledged".split()
)


_FALSE_WORDS = (
    r"(?:false|untrue|not true|incorrect|wrong|a myth|myths|a hoax|baseless|unfounded|unsubstantiated"
    r"|a misconception|misinformation|fake|fabricated|debunked|disproven|disproved|refuted"
    r"|been (?:\w+ly )?(?:debunked|disproven|disproved|refuted|discredited|rejected)"
    r"|a conspiracy theory)"  # "has been thoroughly debunked"
)
_FRAMES = [  # (pattern with a group P: the proposition the sentence calls false, the phrase a reader sees)
    re.compile(
        r"\b(?:the|a|this|that|common|popular|widespread|persistent|false|old)?\s*(?:popular\s+|common\s+)?"
        r"(?:myth|misconception|false claim|false belief|falsehood|(?<=false )rumou?r|hoax|conspiracy theory|"
        r"misinformation|false notion|fallacy|urban legend)s?\s+(?:is\s+)?that\s+(?P<p>.+)",
        re.I,
    ),
    re.compile(
        r"\bit\s+is\s+(?:a\s+)?(?:myth|false|untrue|not true|incorrect|wrong|a misconception|simply not true)"
        r"\s+that\s+(?P<p>.+)",
        re.I,
    ),
    re.compile(
        r"\bthere\s+is\s+(?:no|not any|little)\s+(?:\w+\s+){0,2}(?:evidence|proof|data|indication|basis)\s+"
        r"(?:that|to suggest that|to support (?:the )?(?:claim|idea|notion) that|for (?:the )?(?:claim|idea|"
        r"notion) that)\s+(?P<p>.+)",
        re.I,
    ),
    re.compile(
        r"\b(?:claims?|reports?|posts?|rumou?rs?|suggestions?|assertions?|notion|idea|belief|"
        r"story|stories|tale|legend)\s+that\s+"
        rf"(?P<p>.+?)\s+(?:is|are|was|were|has|have|had)\s+(?:been\s+)?(?:proven\s+|shown\s+to\s+be\s+)?"
        rf"{_FALSE_WORDS}\b",
        re.I,
    ),
    re.compile(
        r"\b(?:falsely|wrongly|mistakenly|erroneously)\s+(?:\w+\s+)?(?:claim|claims|claimed|say|says|said|"
        r"state|states|stated|suggest|suggests|suggested|believe|believes|believed|assert|asserts|asserted)"
        r"\s+that\s+(?P<p>.+)",
        re.I,
    ),
    re.compile(rf"^(?P<p>.+?)\s+(?:is|are)\s+(?:a\s+)?{_FALSE_WORDS}\s*[.!]?$", re.I),
    # "The Earth is flat, which has long been disproven", "…, which scientists have debunked"
    re.compile(
        r"^(?P<p>[^,;]+?),\s+which\s+(?:is|are|was|were|has|have|had)\s+(?:\w+ly\s+|long\s+)?"
        r"(?:a\s+)?(?:false|untrue|not true|incorrect|a myth|a hoax|baseless|unfounded|"
        r"(?:been\s+)?(?:debunked|disproven|disproved|refuted|discredited))\b",  # not "rejected"
        re.I,
    ),
    re.compile(
        r"^(?P<p>[^,;]+?),\s+which\s+(?:\w+\s+){1,2}(?:have|has|had)\s+(?:\w+ly\s+|long\s+)?"
        r"(?:debunked|disproven|disproved|refuted|discredited)\b",  # not "rejected as unfair"
        re.I,
    ),
    # "experts reject the idea that …", "scientists have debunked the claim that …"
    re.compile(
        r"\b(?:reject(?:s|ed)?|dismiss(?:es|ed)?|debunk(?:s|ed)?|refute(?:s|d)?|disprove(?:s|d)?|"
        r"discredit(?:s|ed)?)\s+(?:the|a|this|that|any)\s+(?:\w+\s+)?(?:idea|claim|notion|belief|"
        r"assertion|suggestion|myth|theory|rumou?r)s?\s+that\s+(?P<p>.+)",
        re.I,
    ),
    # "Contrary to the popular story that thousands perished in the fire, records list six deaths"
    re.compile(
        r"\bcontrary\s+to\s+(?:the\s+|a\s+)?(?:popular|common|widespread|widely\s+held|persistent)?\s*"
        r"(?:belief|story|myth|claim|view|assumption|perception|notion|idea|legend)s?\s+that\s+"
        r"(?P<p>[^,;]+)",
        re.I,
    ),
    # "no study has shown that …", "no evidence has been found that …"
    re.compile(
        r"\bno\s+(?:\w+\s+)?(?:study|studies|evidence|research|data|trial|trials|proof)\s+(?:has|have)\s+"
        r"(?:ever\s+)?(?:been\s+found\s+|shown|found|proven|proved|demonstrated|established|confirmed)"
        r"\s+that\s+(?P<p>.+)",
        re.I,
    ),
]


def framed(sentence: str) -> Iterator[tuple[str, str]]:
    """(the proposition the sentence calls false, the framing phrase a reader sees), per pattern that matches."""
    for pattern in _FRAMES:
        m = pattern.search(sentence)
        if not m:
            continue
        inner = m.group("p").strip()
        inner = re.sub(
            rf"\s+(?:is|are|was|were|has|have)\s+(?:been\s+)?(?:proven\s+)?{_FALSE_WORDS}.*$",
            "",
            inner,
            flags=re.I,
        )
        inner = re.split(r"[;]|,\s+(?:but|however|although|though)\b", inner)[0]
        yield _bare(inner), sentence[m.start() : m.start("p")].strip() or m.group(0)
    m = _MISTAKEN.search(sentence)
    if m:  # "Tessa is often mistaken for the capital of Ostrania": it is not the capital
        inner = re.split(r"[;]|,\s+(?:but|however|although|though)\b", m.group("o"))[0]
        yield f"{m.group('s')} {m.group('be')} {inner}", m.group("cue")
    for pattern in _NO_CURE:  # "There is no cure for asthma": whatever is said to cure it does not
        if m := pattern.search(sentence):
            yield f"cures {m.group('y')}", m.group("cue")


# what follows the proposition and is no part of it: "…, noting that it contains no antiviral
# compounds", "…, a review of 14 studies found", "…, according to the agency"
_AFTER = re.compile(
    r",\s+(?:(?:\w+ing|according|citing|said|says|which|who)\b|(?:a|an|the)\s[^,]*\b(?:found|"
    r"said|says|showed|shows|concluded|reported)\W*$)",
    re.I,
)
# an aside in commas that says what a name is: "dellweed, a common roadside plant in Ostravia,",
# "5G networks, which use radio waves,"
_APPOSED = re.compile(r",\s+(?:a|an|the|which|who)\s+[^,]+,", re.I)


def _bare(inner: str) -> str:
    """The proposition without asides that say what a name is, and without what follows it."""
    return _AFTER.split(_APPOSED.sub("", inner), maxsplit=1)[0].strip()


_NO_CURE = (
    re.compile(
        r"(?P<cue>\bthere\s+(?:is|are)\s+(?:still\s+|currently\s+)?no\s+(?:known\s+|proven\s+)?"
        r"cures?\s+(?:for|to))\s+(?P<y>[^,;.]+)",
        re.I,
    ),
    re.compile(
        r"^\W*(?P<y>[^,;]+?)\s+(?P<cue>(?:is|are)\s+incurable|(?:has|have)\s+no\s+(?:known\s+)?cure)\b",
        re.I,
    ),
)


_MISTAKEN = re.compile(
    r"^\W*(?P<s>[^,;]+?)\s+(?P<be>is|are|was|were)\s+(?P<cue>(?:often\s+|commonly\s+|sometimes\s+|"
    r"widely\s+|frequently\s+|usually\s+)?(?:mistaken\s+for|mistakenly\s+(?:called|thought\s+to\s+be|"
    r"described\s+as|identified\s+as)))\s+(?P<o>.+)",
    re.I,
)


def _reason_quote(text: str, limit: int = 80) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1].rsplit(" ", 1)[0] + "…"


_PRONOUN = re.compile(r"^\s*(?:he|she|it|they)\b", re.I)


def _whole_framing(sentence: str, phrase: str, inner: str, limit: int = 120) -> str | None:
    """The sentence's words from the framing phrase to the words after the proposition that call
    it false ("The idea that humans use only 10% of their brains is a myth"), where they are short
    enough to quote whole; None otherwise."""
    start, at = sentence.find(phrase), sentence.find(inner)
    if start < 0 or at < start or not inner:
        return None
    m = re.match(
        rf"\s*(?:is|are|was|were|has|have)\s+(?:been\s+)?(?:proven\s+)?{_FALSE_WORDS}",
        sentence[at + len(inner) :],
        re.I,
    )
    end = at + len(inner) + m.end() if m else -1
    return sentence[start:end] if m and end - start <= limit else None


def framing(c: _Text, sentence: str) -> Comparison | None:
    """The claim (or what it says and more) called false by the sentence: a `framing` refutation."""
    name = leading_name(c) if c.units else None
    for inner, phrase in framed(sentence):
        whole = _whole_framing(sentence, phrase, inner)  # "The idea that … is a myth", verbatim
        if name and name not in inner:  # "…; the idea that he was very short is a myth"
            inner = _PRONOUN.sub(name, inner, count=1)
        s = _analyse(inner)
        if not s.tokens:
            continue
        # the claim says at least what the sentence calls false (and not much else): "visible from
        # the Moon with the naked eye" is false when "visible from the Moon" is
        found = {i: _find(u, s) for i, u in enumerate(c.units)}
        back = [_find(u, c) for u in s.units]
        if (
            not all(back)
            or sum(map(bool, found.values())) * 3 < 2 * len(c.units)
            or not _numbers_agree(c, s)
        ):
            return None
        if bool(c.negations) != bool(s.negations):
            return None  # "the myth that X is not …": not plain
        quoted = whole or f"{_reason_quote(phrase)} …"
        return _decision("refutes", "framing", f"the source calls the claim false (“{quoted}”)")
    return None


def _numbers_agree(c: _Text, s: _Text) -> bool:
    return all(
        any(q.dimension == r.dimension and q.overlaps(r) for r in s.numbers) for q in c.numbers
    )


_RELATIVE = frozenset(["that", "which", "who"])
# a clause after a comma that tells of something the claim's parts name, after all of them
_TRAILING = frozenset(["where", "which", "who", "whose", "whom", "when"])


def relative_reports(s: _Text, placed: dict[int, int], lengths: dict[int, int]) -> frozenset[int]:
    """The relative pronoun and reporting verb right after one of the claim's parts ("paper …
    that suggested") where a part of the claim follows later still ("… was retracted by The
    Lancet"): what the part's own clause says of it, not a report of the claim."""
    ends = {at + lengths[i] for i, at in placed.items()}
    last = max(placed.values())
    out: set[int] = set()
    for tok in s.tokens:  # "a lake in Borovia, where a monster is said to live": of another thing
        if (
            tok.low in _TRAILING
            and tok.index >= max(ends)
            and s.raw[: tok.start].rstrip()[-1:] == ","
        ):
            return frozenset(range(tok.index, len(s.tokens)))
    for tok in s.tokens:
        k = tok.index
        after_a_part = k in ends or k - 1 in ends or k - 2 in ends
        if tok.low not in _RELATIVE or not after_a_part or k >= last or k + 1 >= len(s.tokens):
            continue
        if ATTRIBUTED.match(s.tokens[k + 1].text + " "):
            out |= {k, k + 1}
    return frozenset(out)


def framed_support(
    claim: str, sentence: str, plain: Callable[[str, str], Comparison | None]
) -> Comparison | None:
    """A refutation where the claim is stated by a proposition the sentence calls false ("The story
    that President Kell fathered a secret son in Lunesse is a myth" for "President Kell has a
    secret son in Lunesse"): what the sentence says inside its framing is not what it states.
    ``plain``: the comparison of a claim and one sentence (compare.py)."""
    for inner, phrase in framed(sentence):
        said = plain(claim, inner)
        if said is not None and said.stance == "supports":
            whole = _whole_framing(sentence, phrase, inner)
            quoted = whole or f"{_reason_quote(phrase)} …"
            return _decision("refutes", "framing", f"the source calls the claim false (“{quoted}”)")
    return None
