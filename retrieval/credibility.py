"""Source credibility: who published a URL, what kind of source it is, and how far to trust it.

Pure lookup logic, no I/O. ``profile_for(url)`` answers a :class:`SourceProfile` from, in order:

1. the curated table ``_TABLE`` merged over the MBFC-derived table (``data/mbfc_domains.tsv``,
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
import ipaddress
import re
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources
from types import MappingProxyType
from typing import Literal, NamedTuple
from urllib.parse import urlsplit

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

SourceType = Literal[
    "government",
    "intergovernmental",
    "academic",
    "scientific_journal",
    "encyclopedia",
    "news_wire",
    "news",
    "fact_check",
    "health_authority",
    "ngo",
    "blog",
    "social",
    "satire",
    "unknown",
]

Bias = Literal[
    "left",
    "left-center",
    "center",
    "right-center",
    "right",
    "pro-science",
    "conspiracy-pseudoscience",
    "satire",
    "fake-news",
]

TableOrigin = Literal["hand", "mbfc", "suffix", "none"]

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


# --- the curated table ----------------------------------------------------------------------


class _Entry(NamedTuple):
    credibility: float
    source_type: SourceType
    bias: Bias | None
    reporting: str | None = None
    questionable: tuple[str, ...] = ()
    origin: TableOrigin = "hand"


def _entries(
    credibility: float, source_type: SourceType, bias: Bias | None, *domains: str
) -> dict[str, _Entry]:
    return {domain: _Entry(credibility, source_type, bias) for domain in domains}


_TABLE: MappingProxyType[str, _Entry] = MappingProxyType(
    {
        # Science agencies and health authorities.
        **_entries(
            0.95,
            "government",
            "pro-science",
            "nasa.gov",
            "noaa.gov",
            "usgs.gov",
            "nist.gov",
            "epa.gov",
            "nsf.gov",
            "climate.gov",
            "weather.gov",
            "genome.gov",
            "metoffice.gov.uk",
            "esa.int",
            "csiro.au",
        ),
        **_entries(
            0.95,
            "health_authority",
            "pro-science",
            "cdc.gov",
            "nih.gov",
            "fda.gov",
            "cancer.gov",
            "who.int",
            "paho.org",
            "ecdc.europa.eu",
            "ema.europa.eu",
        ),
        **_entries(0.95, "scientific_journal", "pro-science", "ncbi.nlm.nih.gov"),
        **_entries(0.9, "health_authority", "pro-science", "hhs.gov", "medlineplus.gov", "nhs.uk"),
        # Other government.
        **_entries(
            0.9,
            "government",
            None,
            "census.gov",
            "bls.gov",
            "congress.gov",
            "loc.gov",
            "archives.gov",
            "nps.gov",
            "energy.gov",
            "ons.gov.uk",
            "canada.ca",
            "india.gov.in",
            "pib.gov.in",
            "abs.gov.au",
            "bom.gov.au",
        ),
        **_entries(0.85, "government", None, "state.gov", "usa.gov", "senate.gov", "house.gov"),
        **_entries(0.8, "government", None, "whitehouse.gov"),
        # Intergovernmental.
        **_entries(
            0.95,
            "intergovernmental",
            "pro-science",
            "ipcc.ch",
            "wmo.int",
            "home.cern",
            "cern.ch",
            "copernicus.eu",
        ),
        **_entries(
            0.9,
            "intergovernmental",
            None,
            "un.org",
            "unesco.org",
            "unicef.org",
            "unep.org",
            "unfccc.int",
            "unaids.org",
            "fao.org",
            "worldbank.org",
            "imf.org",
            "oecd.org",
            "iaea.org",
            "wto.org",
            "europa.eu",
        ),
        # Universities and academies.
        **_entries(
            0.9,
            "academic",
            "pro-science",
            "harvard.edu",
            "mit.edu",
            "stanford.edu",
            "berkeley.edu",
            "yale.edu",
            "princeton.edu",
            "columbia.edu",
            "caltech.edu",
            "uchicago.edu",
            "jhu.edu",
            "si.edu",
            "ox.ac.uk",
            "cam.ac.uk",
            "ucl.ac.uk",
            "imperial.ac.uk",
            "ethz.ch",
            "utoronto.ca",
            "anu.edu.au",
            "nsidc.org",
            "mayoclinic.org",
        ),
        **_entries(
            0.95,
            "academic",
            "pro-science",
            "nationalacademies.org",
            "royalsociety.org",
        ),
        **_entries(0.85, "academic", "pro-science", "clevelandclinic.org"),
        # Journals and scholarly publishers.
        **_entries(
            0.95,
            "scientific_journal",
            "pro-science",
            "nature.com",
            "science.org",
            "sciencemag.org",
            "thelancet.com",
            "nejm.org",
            "bmj.com",
            "cell.com",
            "pnas.org",
            "jamanetwork.com",
            "cochranelibrary.com",
        ),
        **_entries(
            0.85,
            "scientific_journal",
            "pro-science",
            "plos.org",
            "springer.com",
            "sciencedirect.com",
            "wiley.com",
            "aaas.org",
        ),
        **_entries(
            0.7,
            "scientific_journal",
            "pro-science",
            "arxiv.org",
            "biorxiv.org",
            "medrxiv.org",
        ),
        # Reference works.
        **_entries(0.9, "encyclopedia", "center", "britannica.com"),
        **_entries(0.75, "encyclopedia", None, "wikipedia.org"),
        **_entries(0.7, "encyclopedia", None, "wikimedia.org"),
        # News wires.
        **_entries(0.9, "news_wire", "center", "reuters.com", "apnews.com", "ap.org", "afp.com"),
        **_entries(0.85, "news_wire", "center", "dpa.com", "ptinews.com"),
        **_entries(0.8, "news_wire", "center", "upi.com"),
        # Major news.
        **_entries(0.85, "news", "center", "ft.com", "dw.com"),
        **_entries(
            0.85,
            "news",
            "left-center",
            "bbc.com",
            "bbc.co.uk",
            "npr.org",
            "pbs.org",
            "nytimes.com",
            "washingtonpost.com",
            "theguardian.com",
            "economist.com",
            "bloomberg.com",
            "cbc.ca",
            "abc.net.au",
            "lemonde.fr",
            "spiegel.de",
        ),
        **_entries(0.85, "news", "right-center", "wsj.com"),
        **_entries(
            0.85,
            "news",
            "pro-science",
            "scientificamerican.com",
            "nationalgeographic.com",
            "smithsonianmag.com",
            "carbonbrief.org",
        ),
        **_entries(0.8, "news", "pro-science", "newscientist.com", "skepticalscience.com"),
        **_entries(0.8, "news", "center", "axios.com", "france24.com", "indianexpress.com"),
        **_entries(
            0.8,
            "news",
            "left-center",
            "aljazeera.com",
            "nbcnews.com",
            "cbsnews.com",
            "abcnews.go.com",
            "abcnews.com",
            "usatoday.com",
            "latimes.com",
            "politico.com",
            "time.com",
            "theatlantic.com",
            "newyorker.com",
            "thehindu.com",
        ),
        **_entries(0.8, "news", "right-center", "thetimes.co.uk"),
        **_entries(0.8, "news", "left", "cnn.com"),
        **_entries(0.75, "news", "center", "thehill.com", "ndtv.com", "hindustantimes.com"),
        **_entries(0.75, "news", "left-center", "independent.co.uk"),
        **_entries(0.75, "news", "right-center", "telegraph.co.uk"),
        **_entries(0.7, "news", "center", "indiatimes.com"),
        **_entries(0.7, "news", "left", "vox.com"),
        **_entries(0.65, "news", "left", "msnbc.com", "huffpost.com", "motherjones.com"),
        **_entries(0.65, "news", "right", "nationalreview.com"),
        **_entries(0.6, "news", "left", "thenation.com"),
        **_entries(0.6, "news", "right", "foxnews.com"),
        **_entries(0.6, "news", "right-center", "nypost.com"),
        **_entries(0.55, "news", "right", "washingtonexaminer.com"),
        **_entries(0.45, "news", "right", "dailywire.com", "theblaze.com"),
        **_entries(0.4, "news", "right", "dailymail.co.uk", "thesun.co.uk"),
        **_entries(0.35, "news", "right", "newsmax.com"),
        **_entries(0.3, "news", "right", "theepochtimes.com"),
        **_entries(0.25, "news", "right", "breitbart.com", "oann.com"),
        **_entries(0.2, "news", None, "rt.com", "sputniknews.com"),
        # Fact-checkers.
        **_entries(
            0.85,
            "fact_check",
            "center",
            "factcheck.org",
            "fullfact.org",
            "factcheck.afp.com",
        ),
        **_entries(0.85, "fact_check", "left-center", "politifact.com"),
        **_entries(
            0.85,
            "fact_check",
            "pro-science",
            "healthfeedback.org",
            "climatefeedback.org",
            "science.feedback.org",
        ),
        **_entries(0.85, "fact_check", "center", "africacheck.org"),
        **_entries(0.8, "fact_check", "left-center", "snopes.com"),
        **_entries(0.8, "fact_check", "center", "leadstories.com", "boomlive.in", "factly.in"),
        **_entries(0.75, "fact_check", "right-center", "checkyourfact.com"),
        **_entries(0.75, "fact_check", "left-center", "altnews.in"),
        **_entries(0.75, "fact_check", "center", "truthorfiction.com"),
        # Journalism institutes, research NGOs and charities.
        **_entries(0.85, "ngo", "center", "poynter.org"),
        **_entries(0.9, "ngo", "center", "pewresearch.org"),
        **_entries(0.9, "ngo", "pro-science", "ourworldindata.org"),
        **_entries(0.85, "ngo", "center", "kff.org", "redcross.org", "icrc.org"),
        **_entries(0.85, "ngo", "pro-science", "cancer.org", "heart.org"),
        **_entries(0.75, "ngo", "left-center", "amnesty.org", "hrw.org"),
        # Social platforms and self-publishing: anyone can post, so low whatever the author.
        **_entries(
            0.3,
            "social",
            None,
            "twitter.com",
            "x.com",
            "facebook.com",
            "fb.com",
            "instagram.com",
            "threads.net",
            "reddit.com",
            "youtube.com",
            "youtu.be",
            "tiktok.com",
            "quora.com",
            "t.me",
            "linkedin.com",
        ),
        **_entries(
            0.35,
            "blog",
            None,
            "medium.com",
            "substack.com",
            "blogspot.com",
            "wordpress.com",
            "tumblr.com",
        ),
        # Conspiracy and pseudoscience.
        **_entries(
            0.1,
            "blog",
            "conspiracy-pseudoscience",
            "infowars.com",
            "naturalnews.com",
            "mercola.com",
            "globalresearch.ca",
            "beforeitsnews.com",
            "childrenshealthdefense.org",
            "davidicke.com",
            "principia-scientific.com",
            "thegatewaypundit.com",
        ),
        **_entries(0.2, "blog", "conspiracy-pseudoscience", "zerohedge.com", "wattsupwiththat.com"),
        # Satire: fine as satire, never as evidence.
        **_entries(
            0.05,
            "satire",
            None,
            "theonion.com",
            "babylonbee.com",
            "clickhole.com",
            "newsthump.com",
            "thebeaverton.com",
            "waterfordwhispersnews.com",
        ),
    }
)


# --- host and registered domain -------------------------------------------------------------

_WWW = re.compile(r"^www\d*\.")

# Second-level labels that act as public suffixes under a two-letter country TLD: bbc.co.uk,
# abc.net.au, india.gov.in, ox.ac.uk, example.com.br … A heuristic stand-in for the Public Suffix
# List (no network, no data file); _EXTRA_SUFFIXES covers well-known ones outside the pattern.
_CC_SECOND_LEVEL = frozenset(
    {
        "ac",
        "co",
        "com",
        "edu",
        "gob",
        "gov",
        "go",
        "govt",
        "gouv",
        "gv",
        "mil",
        "ne",
        "net",
        "nic",
        "or",
        "org",
    }
)
_EXTRA_SUFFIXES = frozenset(
    {"nhs.uk", "police.uk", "ltd.uk", "plc.uk", "sch.uk", "gc.ca", "gen.nz", "res.in"}
)


def host_of(url_or_domain: str) -> str:
    """The lower-cased host of a URL or bare domain.

    Drops ``www.``, the port, userinfo and a trailing dot; ``""`` when no host can be read.
    """
    text = (url_or_domain or "").strip()
    if not text:
        return ""
    if "://" not in text and not text.startswith("//"):
        text = "//" + text  # a bare domain, possibly with a port or a path
    try:
        host = urlsplit(text).hostname or ""
    except ValueError:  # e.g. an unbalanced IPv6 bracket
        return ""
    host = host.strip().rstrip(".").lower()
    stripped = _WWW.sub("", host)
    return stripped if "." in stripped else host


def _is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def _public_suffix_len(labels: list[str]) -> int:
    """How many trailing labels form the public suffix (1 or 2)."""
    if len(labels) >= 2:
        last_two = ".".join(labels[-2:])
        if last_two in _EXTRA_SUFFIXES:
            return 2
        if len(labels[-1]) == 2 and labels[-2] in _CC_SECOND_LEVEL:
            return 2
    return 1


def registered_domain(url_or_domain: str) -> str:
    """The registrable domain of the publisher: one label above the public suffix.

    ``https://science.nasa.gov/x`` → ``nasa.gov``; ``news.bbc.co.uk`` → ``bbc.co.uk``; archive
    and AMP-cache URLs name the archived publisher. IP addresses, single-label hosts and bare
    suffixes (``gov.uk``) come back unchanged; ``""`` when there is no host.
    """
    return _registered(host_of(publisher_url(url_or_domain)))


_ARCHIVE = re.compile(r"^(?:https?://)?(?:web\.)?archive\.org/web/[^/]*/(.+)$", re.IGNORECASE)
_GOOGLE_AMP = re.compile(
    r"^(?:https?://)?(?:www\.)?google\.[a-z.]+/amp/(?:s/)?(.+)$", re.IGNORECASE
)
_AMP_CACHE = ".cdn.ampproject.org"


def publisher_url(url: str) -> str:
    """The publisher's URL behind an archive or AMP-cache wrapper (else ``url`` unchanged).

    ``web.archive.org/web/2020/https://x.com/a`` → ``https://x.com/a``;
    ``https://www-bbc-co-uk.cdn.ampproject.org/c/s/…`` → ``https://www.bbc.co.uk/…``;
    ``google.com/amp/s/x.com/a`` → ``https://x.com/a``.
    """
    text = (url or "").strip()
    for _ in range(3):  # wrappers can nest (an archived AMP page)
        match = _ARCHIVE.match(text) or _GOOGLE_AMP.match(text)
        if match:
            inner = match.group(1)
            text = inner if "://" in inner else "https://" + inner
            continue
        host = host_of(text)
        if host.endswith(_AMP_CACHE):
            label = host[: -len(_AMP_CACHE)]
            decoded = label.replace("--", "\0").replace("-", ".").replace("\0", "-")
            path = urlsplit(text if "://" in text else "//" + text).path
            path = (
                re.sub(r"^/[cvi]/(?:s/)?[^/]+", "", path)
                if path.startswith(("/c/", "/v/", "/i/"))
                else path
            )
            text = f"https://{decoded}{path}"
            continue
        break
    return text


def _registered(host: str) -> str:
    if not host or _is_ip(host):
        return host
    labels = host.split(".")
    keep = _public_suffix_len(labels) + 1
    return ".".join(labels[-keep:]) if len(labels) >= keep else host


# --- profiles -------------------------------------------------------------------------------

_GOVERNMENT_SECOND_LEVEL = frozenset({"gov", "gob", "gouv", "go", "govt", "gv", "mil", "nic"})
_ACADEMIC_SECOND_LEVEL = frozenset({"edu", "ac"})


_DATA_FILE = "mbfc_domains.tsv"


@functools.cache
def _mbfc_table() -> MappingProxyType[str, _Entry]:
    """The MBFC-derived rows (read once, on first use: nothing is loaded at import time)."""
    text = resources.files("retrieval").joinpath("data", _DATA_FILE).read_text(encoding="utf-8")
    rows: dict[str, _Entry] = {}
    for line in text.splitlines()[1:]:
        if not line or line.startswith("#") or line.startswith("domain\t"):
            continue
        domain, credibility, bias, reporting, _klass, questionable = line.split("\t")
        rows[domain] = _Entry(
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
    return len(_mbfc_table().keys() | _TABLE.keys())


def _table_match(host: str, path: str = "") -> tuple[str, _Entry] | None:
    """The hand-curated table wins wherever it matches (its parent entries are deliberate, e.g.
    ``ncbi.nlm.nih.gov`` for PubMed); then the MBFC rows."""
    return _match_in(_TABLE, host, path) or _match_in(_mbfc_table(), host, path)


def _match_in(table: Mapping[str, _Entry], host: str, path: str) -> tuple[str, _Entry] | None:
    """Most specific row first: ``host/a/b``, ``host/a``, ``host``, then each parent host down to
    the registrable domain (never a bare public suffix such as ``co.uk``)."""
    labels = host.split(".")
    segments = [s for s in path.lower().split("/") if s][:2]
    last = len(labels) - _public_suffix_len(labels) - 1
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
    if not _is_ip(host) and "." in host:
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
                domain=_registered(host),
                credibility=credibility,
                source_type=source_type,
                bias=None,
                known=known,
                origin="suffix",
            )
    return _unknown(_registered(host))


def _unknown(domain: str) -> SourceProfile:
    return SourceProfile(
        domain=domain, credibility=0.5, source_type="unknown", bias=None, known=False
    )


def is_fact_checker(url_or_domain: str) -> bool:
    """Whether the publisher is a dedicated fact-checking outlet."""
    return profile_for(url_or_domain).source_type == "fact_check"
