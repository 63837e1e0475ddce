"""A claim about a chart, a band or takings said in the words the sentence uses, where the sentence
says it another way: "reached the top ten of the Billboard 200" against "peaked at number forty on
the US Billboard 200" (the claim as the peak it needs: "peaked at number ten"), "topped the UK Albums
Chart" against "debuted at number one on" it, "was a member of Queen" against "the lead vocalist and
pianist of the rock band Queen", "made less than $1 billion" against "grossed $2.92 billion", "is
an adaptation of" against "is based on" (and "is based on" against "was adapted … from"), "was a
founder of Microsoft" as "Microsoft was founded by …", "was praised by critics" against "received
widespread acclaim from critics". Read by agent/judge/_claimwords.other_wordings."""

from __future__ import annotations

import re

from agent.judge._units import NUMBER_WORDS

_NUMBER = r"(?:\d{1,3}|one|two|three|four|five|six|seven|eight|nine|ten|twenty|thirty|forty|fifty)"
# "reached the top ten of …", "made the top 40 in …", "was a top-five hit on …"
_TOP = re.compile(
    rf"\b(?:reached|made|entered|cracked|hit) the top[- ](?P<k>{_NUMBER})\b"
    rf"|\bwas an? top[- ](?P<k2>{_NUMBER}) (?:hit|single|song|album)\b",
    re.I,
)
_PEAKED = re.compile(rf"\bpeaked at (?:number|No\.|#) ?(?P<n>{_NUMBER})\b", re.I)
# "debuted at number one on", "spent 14 weeks at number one on": it topped the chart
_AT_ONE = re.compile(
    r"\b(?:debuted|entered|(?:spent|remained|stayed)\s+[^.,;]{0,30}?)\s+at\s+number\s+one\b", re.I
)
# a part in a band the sentence names: "the lead vocalist and pianist of the rock band Queen"
_ROLE = (
    r"vocalist|singer|guitarist|drummer|bassist|pianist|keyboardist|frontman|frontwoman|rapper|"
    r"percussionist|saxophonist|songwriter"
)
_BAND_ROLE = re.compile(  # said of the subject: "was the lead vocalist", "as the lead singer"
    rf"\b(?:is|was|as|became)\s+(?P<role>(?:the|a)\s+(?:lead\s+|founding\s+|original\s+|main\s+)?(?:{_ROLE})"
    rf"(?:\s+and\s+(?:lead\s+)?(?:{_ROLE}))?)\s+(?:of|for|in)\b",
    re.I,
)
_MEMBER = re.compile(r"\b(?P<be>is|was|are|were) (?:a|one of the) members? of\b")
_MADE = re.compile(
    r"\b(?:made|earned|took in|brought in|raked in)(?= (?:over |more than |less than |about |"
    r"almost |nearly |under )?(?:[$€£]|a (?:million|billion) dollars|[\d.,]+ (?:million|billion)"
    r" dollars))"
)
_GROSSED = re.compile(r"\bgrossed\b")
_ADAPTATION = re.compile(r"\b(?P<be>is|was) an adaptation of\b")
# "Paul Allen was a founder of Microsoft": Microsoft was founded by Paul Allen
_FOUNDER = re.compile(
    r"^(?P<who>[A-Z][\w.'’-]*(?: [A-Z][\w.'’-]*){0,3}) (?P<be>is|was)(?P<not> not)? (?:a|the|one of"
    r" the) (?:co-?)?founders? of (?P<what>[A-Z][^.;,]*?)\s*[.!]?\s*$"
)
# "was praised by critics": "received widespread acclaim from critics", as a review says it
_PRAISED = re.compile(
    r"\b(?:(?:was|were) (?:highly |widely |universally )?(?:praised|acclaimed) by critics|"
    r"(?:was|were) (?:critically|widely) acclaimed|(?:was|were) well received by critics)\b"
)
_ACCLAIM = re.compile(
    r"\b(?:received|met with|garnered|earned|drew|won|to) (?:widespread |universal |wide |great |"
    r"critical |broad )*acclaim(?: from (?:critics|reviewers))?"
)


def _value(word: str) -> int | None:
    low = word.lower()
    return int(low) if low.isdigit() else NUMBER_WORDS.get(low)


def chart_wordings(claim: str, sentence: str) -> list[str]:
    """The claim said the way the sentence says it, for each phrase above it has."""
    said = []
    top, peak = _TOP.search(claim), _PEAKED.search(sentence)
    if top and peak:
        k, n = _value(top.group("k") or top.group("k2")), _value(peak.group("n"))
        if k is not None and n is not None:
            shown = peak.group("n") if n <= k else (top.group("k") or top.group("k2"))
            phrase = f"peaked at number {shown}"
            if top.group("k2"):  # "was a top ten hit on …"
                said.append(claim[: top.start()] + phrase + claim[top.end() :])
            else:  # "reached the top ten of the Billboard 200": "… on the Billboard 200"
                rest = re.sub(r"^\s+(?:of|in)\s+", " on ", claim[top.end() :])
                said.append(claim[: top.start()] + phrase + rest)
    one = _AT_ONE.search(sentence)
    if one and "peaked at number one" in claim:  # "topped" read as "peaked at number one on"
        said.append(claim.replace("peaked at number one", one.group(0)))
    member, role = _MEMBER.search(claim), _BAND_ROLE.search(sentence)
    if member and role and not re.search(r"\b(?:former|ex-)\b", sentence[: role.start()][-20:]):
        said.append(
            claim[: member.start()]
            + f"{member.group('be')} {role.group('role')} of"
            + claim[member.end() :]
        )
    if _MADE.search(claim) and (gross := _GROSSED.search(sentence)):
        said.append(_MADE.sub(gross.group(0), claim, count=1))
    if (adapted := _ADAPTATION.search(claim)) and re.search(r"\bbased on\b", sentence):
        said.append(
            claim[: adapted.start()] + f"{adapted.group('be')} based on" + claim[adapted.end() :]
        )
    based = re.search(r"\b(?:is|was|are|were) based on\b", claim)
    if based and re.search(r"\badapted\b[^.;]{0,80}?\bfrom\b", sentence):  # "adapted for HBO …
        said.append(claim[: based.start()] + "was adapted from" + claim[based.end() :])  # from"
    founder = _FOUNDER.match(claim)
    if founder and re.search(r"\bfounded\b[^.;]{0,40}\bby\b", sentence):
        deny = " not" if founder.group("not") else ""
        said.append(f"{founder.group('what')} was{deny} founded by {founder.group('who')}.")
    if (praised := _PRAISED.search(claim)) and (acclaim := _ACCLAIM.search(sentence)):
        said.append(claim[: praised.start()] + acclaim.group(0) + claim[praised.end() :])
    return said
