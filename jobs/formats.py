"""What comes out of a job (JSONL, CSV, ClaimReview) and the provenance rules of what goes in (the
request bodies themselves, JSON items or JSONL / CSV files, are read by app/schemas/jobs.py)."""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import AsyncIterator, Iterable, Iterator
from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from agent.plain import plain_reasoning
from jobs.items import ItemResult

CSV_COLUMNS = ("id", "claim", "status", "verdict", "confidence", "mode", "evidence_urls", "error")


def provenance(claimant: object, appearance: object) -> tuple[str | None, str | None, str | None]:
    """(claimant, appearance, error) of a submitted item: who made the claim (≤ 200 characters) and
    an http(s) URL where it appeared (≤ 2,000), both optional; an error says what is wrong."""
    if claimant is not None:
        claimant = str(claimant).strip() or None
    if isinstance(appearance, str):
        appearance = appearance.strip() or None
    if claimant is not None and len(claimant) > 200:
        return None, None, "invalid claimant: longer than 200 characters"
    if appearance is not None and not (
        isinstance(appearance, str)
        and len(appearance) <= 2000
        and re.fullmatch(r"https?://\S+", appearance)
    ):
        return None, None, "invalid appearance: not an http(s) URL of at most 2000 characters"
    return claimant, appearance, None


def evidence_urls(result: dict[str, Any] | None) -> list[str]:
    urls: list[str] = []
    for evidence in (result or {}).get("evidence", []):
        source = evidence.get("source") or ""
        if source.startswith(("http://", "https://")) and source not in urls:
            urls.append(source)
    return urls


# OWASP "CSV injection": a cell a spreadsheet would read as a formula starts with one of these
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
_SHOWN_ESCAPED = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def csv_cell(value: Any) -> Any:
    """A text cell as a spreadsheet may open it: a leading =, +, -, @, tab or CR gets a ' before
    it (the cell is text, never a formula), and control and bidirectional-override characters are
    shown escaped (\\u202e) instead of reordering or hiding what the cell says. Numbers pass."""
    if not isinstance(value, str):
        return value
    if value.startswith(FORMULA_STARTS):
        value = "'" + value
    return _SHOWN_ESCAPED.sub(lambda m: f"\\u{ord(m.group(0)):04x}", value)


_ESCAPED = re.compile(r"\\u(00[0-1][0-9a-f]|007f|00[89][0-9a-f]|061c|200[ef]|202[a-e]|206[6-9])")


def csv_uncell(value: str) -> str:
    """What `csv_cell` wrote, back (for `claimcheck batch` resuming from its own CSV)."""
    value = _ESCAPED.sub(lambda m: chr(int(m.group(1), 16)), value)
    return value[1:] if value.startswith("'") and value[1:].startswith(FORMULA_STARTS) else value


def csv_row(item: ItemResult) -> list[Any]:
    result = item.result or {}
    return [
        csv_cell(value)
        for value in (
            item.id,
            item.claim,
            item.status,
            result.get("verdict", ""),
            result.get("confidence", ""),
            result.get("mode", ""),
            " ".join(evidence_urls(item.result)),
            item.error or "",
        )
    ]


def csv_line(values: Iterable[Any]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(values)
    return out.getvalue()


# ClaimReview ratings (docs/jobs.md#claimreview): every verdict has a ratingValue on one scale,
# worstRating 1 (False) … bestRating 5 (True). The numbers place the claim between false and true;
# the two verdicts that place it nowhere (no evidence either way, or not a statement of fact) take
# the middle, and the verdict itself is the rating's alternateName (the text Google shows).
RATING = {
    "False": 1,
    "Misleading": 2,
    "Partially True": 3,
    "True": 5,
    "Not Enough Evidence": 3,
    "Not Verifiable": 3,
}
UNRATED = frozenset({"Not Enough Evidence", "Not Verifiable"})  # left out with rated_only
WORST_RATING, BEST_RATING = 1, 5
_CLAIM_KEY = re.compile(r"[\W_]+")


def claim_key(claim: str) -> str:
    """Two items whose claims differ only in case, spacing or punctuation are one claim."""
    return _CLAIM_KEY.sub(" ", claim.casefold()).strip()


@dataclass(frozen=True)
class ClaimReviewPublisher:
    """Who publishes the reviews and where each one lives (CLAIMREVIEW_* settings)."""

    author_name: str
    author_url: str
    job_id: str
    published: str  # ISO date
    url_template: str | None = None  # {id}, {job}; None: the export itself, #review-{id}
    export_url: str = ""
    rated_only: bool = False

    def url(self, item_id: str) -> str:
        if self.url_template:
            return self.url_template.format(
                id=quote(item_id, safe=""), job=quote(self.job_id, safe="")
            )
        return f"{self.export_url}#review-{quote(item_id, safe='')}"


def claim_review(item: ItemResult, publisher: ClaimReviewPublisher) -> dict[str, Any]:
    result = item.result or {}
    verdict = result.get("verdict", "")
    rating: dict[str, Any] = {
        "@type": "Rating",
        "alternateName": verdict,
        "ratingValue": RATING.get(verdict, 3),
        "bestRating": BEST_RATING,
        "worstRating": WORST_RATING,
    }
    claimed: dict[str, Any] = {"@type": "Claim"}
    if item.claimant:  # schema.org has no type for "a person or an organisation": Organization
        claimed["author"] = {"@type": "Organization", "name": item.claimant}
    if item.appearance:
        claimed["appearance"] = {"@type": "CreativeWork", "url": item.appearance}
    return {
        "@type": "ClaimReview",
        "identifier": item.id,
        "url": publisher.url(item.id),
        "claimReviewed": item.claim,
        "datePublished": publisher.published,
        "author": {
            "@type": "Organization",
            "name": publisher.author_name,
            "url": publisher.author_url,
        },
        "reviewRating": rating,
        "reviewBody": plain_reasoning(result.get("reasoning", "")),
        "citation": [{"@type": "CreativeWork", "url": url} for url in evidence_urls(item.result)],
        "itemReviewed": claimed,
    }


async def claim_review_stream(
    items: AsyncIterator[ItemResult],
    publisher: ClaimReviewPublisher,
    seen: set[str] | None = None,
) -> AsyncIterator[str]:
    """One JSON-LD document, `{"@context", "@graph": [ClaimReview…]}`, written item by item. Failed
    items have no review to publish and are left out; so is every repeat of a claim already
    reviewed (the first answered item of each claim stands for all — `seen` holds the claims of
    earlier pages), and with `rated_only` the Not Enough Evidence and Not Verifiable ones."""
    seen = set() if seen is None else seen
    yield '{"@context": "https://schema.org", "@graph": ['
    first = True
    async for item in items:
        if item.status != "done":
            continue
        if publisher.rated_only and (item.result or {}).get("verdict") in UNRATED:
            continue
        key = claim_key(item.claim)
        if key in seen:
            continue
        seen.add(key)
        yield ("" if first else ",\n") + json.dumps(claim_review(item, publisher))
        first = False
    yield "]}\n"


async def reviewed_claims(items: AsyncIterator[ItemResult], rated_only: bool) -> set[str]:
    """The claims earlier pages of the export already reviewed (so a later page repeats none)."""
    seen: set[str] = set()
    async for item in items:
        if item.status == "done" and not (
            rated_only and (item.result or {}).get("verdict") in UNRATED
        ):
            seen.add(claim_key(item.claim))
    return seen


def read_answered(path: str) -> Iterator[str]:
    """Item ids already in a results file (JSONL or CSV), for `claimcheck batch` to resume; none
    when the file does not exist yet."""
    try:
        handle = open(path, encoding="utf-8", newline="")  # noqa: SIM115 (closed by the with below)
    except FileNotFoundError:
        return
    with handle:
        if path.endswith(".csv"):
            for row in csv.DictReader(handle):
                if row.get("id"):
                    yield csv_uncell(row["id"])
            return
        for raw in handle:
            try:
                row = json.loads(raw)
            except json.JSONDecodeError:
                continue  # a line cut by an interrupted run: that item is asked again
            if isinstance(row, dict) and row.get("id") is not None:
                yield str(row["id"])


async def jsonl_stream(rows: AsyncIterator[ItemResult]) -> AsyncIterator[str]:
    async for item in rows:
        yield json.dumps(item.row()) + "\n"


async def csv_stream(rows: AsyncIterator[ItemResult]) -> AsyncIterator[str]:
    yield csv_line(CSV_COLUMNS)
    async for item in rows:
        yield csv_line(csv_row(item))
