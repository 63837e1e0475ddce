"""What goes in (JSON items, JSONL or CSV files) and what comes out (JSONL, CSV, ClaimReview)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import AsyncIterator, Iterable, Iterator
from typing import Any

from app.jsonbody import strict_loads

CSV_COLUMNS = ("id", "claim", "status", "verdict", "confidence", "mode", "evidence_urls", "error")
CLAIM_FIELDS = ("claim", "text", "statement")  # the column a CSV or JSONL row names its claim by


class InputError(ValueError):
    """A file that cannot be read as items at all (not one bad item: those are reported)."""


def _item(row: Any, line: int) -> dict[str, Any]:
    """An input row as `{"id"?, "claim"}`; a row that is not an object becomes an item whose claim
    fails validation, so it is reported like any bad item."""
    if not isinstance(row, dict):
        return {"id": None, "claim": row, "_line": line}
    claim = next((row[name] for name in CLAIM_FIELDS if name in row), None)
    return {"id": row.get("id"), "claim": claim, "_line": line}


def parse_jsonl(text: str) -> list[dict[str, Any]]:
    items = []
    for line, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            row = strict_loads(raw)  # no NaN, lone surrogates or runaway nesting (app/jsonbody.py)
        except json.JSONDecodeError as exc:
            raise InputError(f"line {line} is not JSON: {exc.msg}") from None
        items.append(_item(row, line))
    return items


def parse_csv(text: str) -> list[dict[str, Any]]:
    reader = csv.DictReader(io.StringIO(text))
    fields = [f.strip().lower() for f in reader.fieldnames or []]
    if not any(name in fields for name in CLAIM_FIELDS):
        raise InputError(f"the CSV header needs a 'claim' column; it has {fields}")
    reader.fieldnames = fields
    return [_item({k: v for k, v in row.items() if k is not None}, line)
            for line, row in enumerate(reader, start=2)]


def parse_file(text: str, kind: str) -> list[dict[str, Any]]:
    return parse_csv(text) if kind == "csv" else parse_jsonl(text)


def evidence_urls(result: dict[str, Any] | None) -> list[str]:
    urls: list[str] = []
    for evidence in (result or {}).get("evidence", []):
        source = evidence.get("source") or ""
        if source.startswith(("http://", "https://")) and source not in urls:
            urls.append(source)
    return urls


def result_row(item: dict[str, Any]) -> dict[str, Any]:
    """The JSONL row clients rely on: id, claim, status, result, error."""
    return {"id": item["id"], "claim": item["claim"], "status": item["status"],
            "result": item["result"], "error": item["error"]}


def csv_row(item: dict[str, Any]) -> list[Any]:
    result = item["result"] or {}
    return [item["id"], item["claim"], item["status"], result.get("verdict", ""),
            result.get("confidence", ""), result.get("mode", ""), " ".join(evidence_urls(item["result"])),
            item["error"] or ""]


def csv_line(values: Iterable[Any]) -> str:
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerow(values)
    return out.getvalue()


# ClaimReview ratings: claimcheck's verdicts on a 1 (false) … 5 (true) scale; the verdict itself is
# the rating's alternateName, as fact-checkers publish it.
RATING = {"True": 5, "Partially True": 3, "Misleading": 2, "False": 1}


def claim_review(item: dict[str, Any], published: str, base_url: str) -> dict[str, Any]:
    result = item["result"] or {}
    verdict = result.get("verdict", "")
    rating: dict[str, Any] = {"@type": "Rating", "alternateName": verdict}
    if verdict in RATING:
        rating.update(ratingValue=RATING[verdict], bestRating=5, worstRating=1)
    review = {
        "@type": "ClaimReview",
        "identifier": item["id"],
        "claimReviewed": item["claim"],
        "datePublished": published,
        "author": {"@type": "Organization", "name": "claimcheck", "url": base_url},
        "reviewRating": rating,
        "reviewBody": result.get("reasoning", ""),
        "citation": [{"@type": "CreativeWork", "url": url} for url in evidence_urls(item["result"])],
        "itemReviewed": {"@type": "Claim", "text": item["claim"]},
    }
    return review


async def claim_review_stream(items: AsyncIterator[dict[str, Any]], published: str,
                              base_url: str) -> AsyncIterator[str]:
    """One JSON-LD document, `{"@context", "@graph": [ClaimReview…]}`, written item by item.
    Failed items have no review to publish and are left out."""
    yield '{"@context": "https://schema.org", "@graph": ['
    first = True
    async for item in items:
        if item["status"] != "done":
            continue
        yield ("" if first else ",\n") + json.dumps(claim_review(item, published, base_url))
        first = False
    yield "]}\n"


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
                    yield row["id"]
            return
        for raw in handle:
            try:
                row = json.loads(raw)
            except json.JSONDecodeError:
                continue  # a line cut by an interrupted run: that item is asked again
            if isinstance(row, dict) and row.get("id") is not None:
                yield str(row["id"])
