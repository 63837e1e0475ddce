"""The one URL parser: every URL claimcheck takes from outside passes :func:`normalise_url`.

Used at every boundary — the API models (KB sources), `claimcheck kb ingest`, web results
(``search.sanitize.clean_url``), references, the source audit and the :class:`~search.fetch.Fetcher`
(every hop) — so that a URL which got in is one httpx can request and every later step can read.

Accepted: ``http``/``https`` URLs of at most ``MAX_URL_CHARS`` characters, no whitespace, control or invisible
formatting characters anywhere (``FORBIDDEN_CHARS``), no ``user:pass@``, a host that is

- a DNS name: dot-separated labels of 1–63 characters (letters, digits, ``-``, ``_``), no empty
  label (``a..b``), the last one starting with a letter or ``_``; a non-ASCII name must pass IDNA 2008 with UTS #46
  mapping (the ``idna`` package httpx itself uses) and is stored as its ASCII (``xn--``) form;
- an IPv4 address in any spelling the C resolver reads (``127.1``, ``0x7f000001``, zero-padded
  ``127.000.000.001``, octal ``0177.0.0.1``), rewritten to its dotted-quad form — so the SSRF
  guard and httpx see the same address; an all-numeric host no resolver reads (``999.1.1.1``,
  ``08.1.1.1``) is refused;
- a bracketed IPv6 address (no zone id);

and an optional port 1–65535. Scheme and host are lower-cased; path, query and fragment are kept
as written. Anything else raises :class:`InvalidUrl` (a ``ValueError``) with a readable reason.
"""

from __future__ import annotations

import ipaddress
import re
import socket
from urllib.parse import urlsplit, urlunsplit

import idna

__all__ = [
    "DEFAULT_PORTS",
    "FORBIDDEN_CHARS",
    "MAX_URL_CHARS",
    "InvalidUrl",
    "is_valid_url",
    "normalise_url",
    "parse_allowed_host",
    "usable_source",
]

MAX_URL_CHARS = 2048

_LABEL = re.compile(r"^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$")
_NUMERIC_V4 = re.compile(r"^(0x[0-9a-f]*|\d+)(\.(0x[0-9a-f]*|\d+)){0,3}$", re.IGNORECASE)
# Never inside a URL: whitespace (Python's, what str.strip() removes), C0/C1 controls, and the
# invisible format characters that reorder or hide text (bidi overrides, zero-width, BOM).
# app/schemas/kb.py builds the schema's pattern from the same class.
FORBIDDEN_CHARS = (
    r"\t\n\x0b\x0c\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"
    r"\x00-\x1f\x7f-\x9f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff"
)
_FORBIDDEN = re.compile(f"[{FORBIDDEN_CHARS}]")


class InvalidUrl(ValueError):
    """The text is not a URL claimcheck will store or request; ``str()`` says why."""


def _ipv4(host: str) -> str | None:
    """The dotted quad of an all-numeric host as the C resolver reads it; None if not all-numeric."""
    if not _NUMERIC_V4.match(host):
        return None
    try:
        return str(ipaddress.IPv4Address(socket.inet_aton(host)))
    except OSError:
        raise InvalidUrl(f"{host!r} is neither an IPv4 address nor a host name") from None


def _host(raw: str) -> str:
    if raw.startswith("["):
        inner = raw[1:-1] if raw.endswith("]") else raw[1:]
        if "%" in inner:
            raise InvalidUrl("an IPv6 zone id is not allowed in a URL host")
        try:
            return f"[{ipaddress.IPv6Address(inner).compressed}]"
        except ValueError:
            raise InvalidUrl(f"{raw!r} is not an IPv6 address") from None
    name = raw.rstrip(".") if raw.endswith(".") and not raw.endswith("..") else raw
    if not name:
        raise InvalidUrl("the URL has no host")
    if not name.isascii():
        try:
            name = idna.encode(name, uts46=True).decode("ascii")
        except (idna.IDNAError, UnicodeError, ValueError) as exc:
            raise InvalidUrl(f"{raw!r} is not a valid internationalised host name: {exc}") from None
    name = name.lower()
    quad = _ipv4(name)
    if quad is not None:
        return quad
    labels = name.split(".")
    for label in labels:
        if not _LABEL.match(label):
            what = "an empty label" if not label else f"the label {label!r}"
            raise InvalidUrl(
                f"the host {raw!r} has {what}: labels are 1–63 letters, digits, '-' or '_'"
            )
    if not (labels[-1][0].isalpha() or labels[-1][0] == "_"):  # e.g. 1.2.3.4.5, example.1com
        raise InvalidUrl(f"{raw!r} is neither an IPv4 address nor a host name (no top-level name)")
    return name


def normalise_url(value: str) -> str:
    """``value`` as claimcheck stores and requests it, or :class:`InvalidUrl`."""
    if not isinstance(value, str):
        raise InvalidUrl("a URL must be a string")
    url = value.strip()
    if not url:
        raise InvalidUrl("the URL is empty")
    if len(url) > MAX_URL_CHARS:
        raise InvalidUrl(f"the URL is longer than {MAX_URL_CHARS} characters")
    if _FORBIDDEN.search(url) or any(0xD800 <= ord(ch) <= 0xDFFF for ch in url):
        raise InvalidUrl("the URL contains whitespace, control or invisible formatting characters")
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError as exc:
        raise InvalidUrl(f"the URL cannot be parsed: {exc}") from None
    scheme = parts.scheme.lower()
    if scheme not in {"http", "https"}:
        raise InvalidUrl(f"only http and https URLs are accepted, not {parts.scheme or 'none'!r}")
    netloc = parts.netloc
    if "@" in netloc:
        raise InvalidUrl("credentials (user:pass@) are not allowed in a URL")
    raw_host = netloc
    if raw_host.startswith("["):
        end = raw_host.find("]")
        raw_host = raw_host[: end + 1] if end >= 0 else raw_host
    else:
        raw_host = raw_host.rsplit(":", 1)[0] if ":" in raw_host else raw_host
    if not raw_host:
        raise InvalidUrl("the URL has no host")
    host = _host(raw_host)
    if port is not None and port == 0:
        raise InvalidUrl("port 0 is not a port a server listens on")
    explicit = netloc[len(raw_host) :]
    if explicit and not re.fullmatch(r":\d{0,5}", explicit):
        raise InvalidUrl(f"the URL has an invalid port part {explicit!r}")
    location = host + (f":{port}" if port is not None else "")
    return urlunsplit((scheme, location, parts.path, parts.query, parts.fragment))


def usable_source(source: str) -> bool:
    """Whether a stored document's ``source`` can be shown, deduplicated and checked: a URL the
    parser accepts, or a label that is not a URL at all (``reference:2``) without control
    characters. Rows stored before sources were validated can fail this (``claimcheck kb doctor``)."""
    if _FORBIDDEN.search(source.strip()):
        return False
    looks_like_url = "://" in source or source.strip().lower().startswith(("http:", "https:"))
    return not looks_like_url or is_valid_url(source)


def is_valid_url(value: object) -> bool:
    try:
        normalise_url(value)  # type: ignore[arg-type]
    except InvalidUrl:
        return False
    return True


DEFAULT_PORTS = (80, 443)


def parse_allowed_host(entry: str) -> tuple[str, int | str | None]:
    """A FETCH_ALLOW_HOSTS entry as (host, port): `host:port` exempts that port only, a bare host
    its default ports (80, 443) only, `host:*` every port (explicitly). IPv6 in brackets:
    `[::1]:8080`, `[::1]`. Raises ValueError for an entry that is neither."""
    text = entry.strip().lower()
    host, port = text, None
    if text.startswith("["):
        host, _, rest = text[1:].partition("]")
        if rest:
            if not rest.startswith(":"):
                raise ValueError(f"FETCH_ALLOW_HOSTS entry {entry!r}: expected [ipv6]:port")
            port = rest[1:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    host = host.rstrip(".")
    if not host or port == "":
        raise ValueError(f"FETCH_ALLOW_HOSTS entry {entry!r}: expected host, host:port or host:*")
    if port is None or port == "*":
        return host, port
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise ValueError(f"FETCH_ALLOW_HOSTS entry {entry!r}: the port must be 1-65535 or *")
    return host, int(port)
