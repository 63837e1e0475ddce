"""Source credibility: who published a URL, what kind of source it is, and how far to trust it.

Pure lookup logic, no I/O. ``profile_for(url)`` answers a :class:`SourceProfile` from, in order:

1. the curated table (retrieval/_domain_table.py) merged over the MBFC-derived table (``data/mbfc_domains.tsv``,
   ~9,800 domains, built by ``scripts/build_mbfc_table.py``; the hand list wins), matched on the
   exact host (and ``host/path`` rows such as ``al.com/birmingham``) and then on each parent
   domain down to the registrable domain (``science.nasa.gov`` → ``nasa.gov``; ``amp.``/``m.``/
   ``mobile.`` hosts the same way). Archive and AMP-cache wrappers (``web.archive.org/web/<ts>/<url>``,
   ``www-bbc-com.cdn.ampproject.org``) are unwrapped to the publisher first;
2. suffix rules: ``.gov``/``.mil``/``.gov.<cc>`` and friends → government, ``.edu``/``.ac.<cc>``
   → academic, ``.int`` → intergovernmental, ``.org`` → unknown but slightly above the floor;
3. the fallback: unknown, 0.5, ``known=False``.

Credibility scale (0..1) — a prior on how reliable the publisher is, not on any one article:

    0.95  top science agencies, health authorities and peer-reviewed journals (NASA, NIST, CDC,
          WHO, IPCC, Nature, The Lancet, NEJM …)
    0.90  other government and intergovernmental bodies, news wires (Reuters, AP, AFP), major
          universities, Britannica; also the ``.gov``/``.int`` suffix rules
    0.85  major news organisations with strong corrections practice (BBC, NPR, NYT, WSJ …),
          IFCN fact-checkers with a long record; the ``.edu``/``.ac.<cc>`` suffix rule
    0.80  other established news outlets and fact-checkers
    0.70–0.75  open-edited reference (Wikipedia), preprint servers, advocacy NGOs
    0.55–0.65  partisan-but-mainstream outlets; ``.org`` with nothing else known (0.55)
    0.50  unknown
    0.30–0.40  social platforms and self-publishing blogs (anyone can post)
    0.20–0.30  hyper-partisan or state-propaganda outlets with a record of false claims
    0.10  conspiracy / pseudoscience sites; 0.05 satire (not meant to be read as fact)

``bias`` follows the Media Bias/Fact Check style labels ("left" … "right", "pro-science",
"conspiracy-pseudoscience") and is ``None`` where no label applies or none is known.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from urllib.parse import urlsplit

from retrieval._domain_table import TABLE, Bias, Entry, SourceType, TableOrigin
from retrieval._hosts import (
    host_of,
    is_ip,
    public_suffix_len,
    publisher_url,
    registered,
    registered_domain,
)

_TABLE = TABLE  # the curated table under its old name (tests, scripts/coverage_averitec.py)

__all__ = [
    "DEFAULT_FACT_CHECK_DOMAINS",
    "DEFAULT_TRUSTED_DOMAINS",
    "Bias",
    "SourceProfile",
    "SourceType",
    "host_of",
    "FLAGGED_BIASES",
    "is_fact_checker",
    "profile_for",
    "publisher_url",
    "registered_domain",
    "table_size",
]

# Evidence from these sources is flagged on its item (never silently dropped).
FLAGGED_BIASES: frozenset[str] = frozenset({"satire", "conspiracy-pseudoscience", "fake-news"})


@dataclass(frozen=True)
class SourceProfile:
    """What we know about a publisher.

    ``domain`` is the table entry that matched (``factcheck.afp.com``, ``nasa.gov``) or, when
    nothing matched, the registered domain of the input. ``known`` is true when the source type
    was identified (table, a reliable suffix rule, or a social/blog platform) and false for the
    ``.org`` rule and the blind fallback.
    """

    domain: str
    credibility: float
    source_type: SourceType
    bias: Bias | None
    known: bool
    reporting: str | None = None  # MBFC factual reporting (very-high … very-low)
    questionable: tuple[str, ...] = ()  # MBFC's questionable-source reasons
    origin: TableOrigin = "none"  # which table answered

    @property
    def flags(self) -> tuple[str, ...]:
        """Warnings a reader must see: satire, conspiracy-pseudoscience, fake-news."""
        found = {self.bias} & FLAGGED_BIASES if self.bias else set()
        if self.source_type == "satire":
            found.add("satire")
        if "fake-news" in self.questionable:
            found.add("fake-news")
        if {"conspiracy", "pseudoscience"} & set(self.questionable):
            found.add("conspiracy-pseudoscience")
        return tuple(sorted(found))

    def __post_init__(self) -> None:
        if not 0.0 <= self.credibility <= 1.0:
            raise ValueError(f"credibility must be within [0, 1], got {self.credibility!r}")


# --- default search domains -------------------------------------------------------------------

# Used verbatim as one ``(site:a OR site:b …)`` filter by the trusted-news search tier. Kept to
# 12: search engines (DuckDuckGo in particular) silently drop or mis-handle long OR chains of site:
# operators, and every domain lengthens the query. Ordered wires → broadcasters → science/health
# so a shorter prefix is still a sensible list. Paywalled papers (nytimes, washingtonpost, wsj)
# are left out because their snippets are often too thin to serve as evidence; they are still
# in the credibility table. Extend through the TRUSTED_DOMAINS setting.
DEFAULT_TRUSTED_DOMAINS: tuple[str, ...] = (
    "reuters.com",
    "apnews.com",
    "bbc.com",
    "npr.org",
    "pbs.org",
    "theguardian.com",
    "nature.com",
    "science.org",
    "who.int",
    "nasa.gov",
    "cdc.gov",
    "nih.gov",
)

# Publishers whose main output is claim ratings. Wire fact-check desks that live under a path
# (reuters.com/fact-check, apnews.com/hub/ap-fact-check) are not listed: a site: filter on the
# whole wire domain would return ordinary news.
DEFAULT_FACT_CHECK_DOMAINS: tuple[str, ...] = (
    "snopes.com",
    "politifact.com",
    "factcheck.org",
    "fullfact.org",
    "factcheck.afp.com",
    "leadstories.com",
    "checkyourfact.com",
    "healthfeedback.org",
    "climatefeedback.org",
    "science.feedback.org",
)


# --- profiles -------------------------------------------------------------------------------

_GOVERNMENT_SECOND_LEVEL = frozenset({"gov", "gob", "gouv", "go", "govt", "gv", "mil", "nic"})
_ACADEMIC_SECOND_LEVEL = frozenset({"edu", "ac"})


_DATA_FILE = "mbfc_domains.tsv"


@functools.cache
def _mbfc_table() -> MappingProxyType[str, Entry]:
    """The MBFC-derived rows (read once, on first use: nothing is loaded at import time)."""
    text = resources.files("retrieval").joinpath("data", _DATA_FILE).read_text(encoding="utf-8")
    rows: dict[str, Entry] = {}
    for line in text.splitlines()[1:]:
        if not line or line.startswith("#") or line.startswith("domain\t"):
            continue
        domain, credibility, bias, reporting, _klass, questionable = line.split("\t")
        rows[domain] = Entry(
            credibility=float(credibility),
            source_type="satire" if bias == "satire" else "news",
            bias=bias or None,  # type: ignore[arg-type]  # the build script writes MBFC's labels
            reporting=reporting or None,
            questionable=tuple(q for q in questionable.split(";") if q),
            origin="mbfc",
        )
    return MappingProxyType(rows)


def table_size() -> int:
    """How many distinct domains (and domain/path rows) the two tables hold together."""
    return len(_mbfc_table().keys() | TABLE.keys())


def _table_match(host: str, path: str = "") -> tuple[str, Entry] | None:
    """The hand-curated table wins wherever it matches (its parent entries are deliberate, e.g.
    ``ncbi.nlm.nih.gov`` for PubMed); then the MBFC rows."""
    return _match_in(TABLE, host, path) or _match_in(_mbfc_table(), host, path)


def _match_in(table: Mapping[str, Entry], host: str, path: str) -> tuple[str, Entry] | None:
    """Most specific row first: ``host/a/b``, ``host/a``, ``host``, then each parent host down to
    the registrable domain (never a bare public suffix such as ``co.uk``)."""
    labels = host.split(".")
    segments = [s for s in path.lower().split("/") if s][:2]
    last = len(labels) - public_suffix_len(labels) - 1
    for start in range(max(last, 0) + 1):
        candidate = ".".join(labels[start:])
        for depth in range(len(segments), -1, -1):
            key = "/".join([candidate, *segments[:depth]])
            entry = table.get(key)
            if entry is not None:
                return key, entry
    return None


def _suffix_rule(host: str) -> tuple[float, SourceType, bool] | None:
    labels = host.split(".")
    tld = labels[-1]
    second = labels[-2] if len(labels) >= 2 else ""
    country = len(tld) == 2
    if tld in {"gov", "mil"} or (country and second in _GOVERNMENT_SECOND_LEVEL):
        return 0.9, "government", True
    if host.endswith(".gc.ca"):
        return 0.9, "government", True
    if tld == "int":
        return 0.9, "intergovernmental", True
    if tld == "edu" or (country and second in _ACADEMIC_SECOND_LEVEL):
        return 0.85, "academic", True
    if tld == "org" or (country and second == "org"):
        return 0.55, "unknown", False
    return None


def profile_for(url_or_domain: str) -> SourceProfile:
    """The credibility profile of a URL's publisher (table, then suffix rules, then unknown)."""
    url = publisher_url(url_or_domain)
    host = host_of(url)
    if not host:
        return _unknown("")
    if not is_ip(host) and "." in host:
        path = urlsplit(url if "://" in url else "//" + url).path if "/" in url else ""
        match = _table_match(host, path)
        if match is not None:
            domain, entry = match
            return SourceProfile(
                domain=domain,
                credibility=entry.credibility,
                source_type=entry.source_type,
                bias=entry.bias,
                known=True,
                reporting=entry.reporting,
                questionable=entry.questionable,
                origin=entry.origin,
            )
        rule = _suffix_rule(host)
        if rule is not None:
            credibility, source_type, known = rule
            return SourceProfile(
                domain=registered(host),
                credibility=credibility,
                source_type=source_type,
                bias=None,
                known=known,
                origin="suffix",
            )
    return _unknown(registered(host))


def _unknown(domain: str) -> SourceProfile:
    return SourceProfile(
        domain=domain, credibility=0.5, source_type="unknown", bias=None, known=False
    )


def is_fact_checker(url_or_domain: str) -> bool:
    """Whether the publisher is a dedicated fact-checking outlet."""
    return profile_for(url_or_domain).source_type == "fact_check"
