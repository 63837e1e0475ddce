"""Who published a URL: its host, its registrable domain (a heuristic public-suffix rule, no data
file) and the publisher behind archive and AMP-cache wrappers. Used by retrieval/credibility.py,
which exports host_of, registered_domain and publisher_url."""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

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


def is_ip(host: str) -> bool:
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


def public_suffix_len(labels: list[str]) -> int:
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
    return registered(host_of(publisher_url(url_or_domain)))


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


def registered(host: str) -> str:
    if not host or is_ip(host):
        return host
    labels = host.split(".")
    keep = public_suffix_len(labels) + 1
    return ".".join(labels[-keep:]) if len(labels) >= keep else host
