"""Idempotent seeding of the knowledge base from `seed/facts.jsonl` (or any JSONL file)."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path

from retrieval.documents import AddReport, Document, Origin
from retrieval.retriever import Retriever
from search.urls import InvalidUrl, normalise_url

SEED_FILE = Path(__file__).with_name("facts.jsonl")


class SeedFileError(ValueError):
    """A JSONL line is not a usable document; the message names the file and line."""


def read_jsonl_documents(path: Path, origin: Origin = "seed") -> Iterator[Document]:
    """Documents from JSONL lines `{text, source, title?, timestamp?}`; blank lines skipped."""
    with Path(path).open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError as exc:
                raise SeedFileError(f"{path}:{number}: not JSON ({exc.msg})") from exc
            if not isinstance(row, dict):
                raise SeedFileError(f"{path}:{number}: expected an object")
            text, source = row.get("text"), row.get("source")
            if (
                not isinstance(text, str)
                or not text.strip()
                or not isinstance(source, str)
                or not source.strip()
            ):
                raise SeedFileError(
                    f"{path}:{number}: 'text' and 'source' must be non-empty strings"
                )
            try:  # the one URL parser the API uses too: a stored source is always a usable URL
                source = normalise_url(source)
            except InvalidUrl as exc:
                raise SeedFileError(
                    f"{path}:{number}: 'source' is not a usable http(s) URL: {exc}"
                ) from None
            yield Document(
                text=text.strip(),
                source=source,
                title=str(row.get("title") or ""),
                timestamp=str(row["timestamp"]) if row.get("timestamp") else None,
                origin=origin,
                extra={"topic": row["topic"]} if isinstance(row.get("topic"), str) else {},
            )


async def ingest(
    retriever: Retriever,
    documents: list[Document],
    batch_size: int = 64,
    progress: Callable[[int], None] | None = None,
) -> AddReport:
    """Add documents in batches; returns the combined report."""
    ids: list[str] = []
    added = duplicates = 0
    for start in range(0, len(documents), batch_size):
        batch = documents[start : start + batch_size]
        report = await retriever.index(batch)
        ids += report.ids
        added += report.added
        duplicates += report.duplicates
        if progress is not None:
            progress(len(batch))
    return AddReport(ids=ids, added=added, duplicates=duplicates)


async def seed(retriever: Retriever, path: Path = SEED_FILE) -> AddReport:
    """Add every seed fact; safe to run again (duplicates are counted, not stored)."""
    return await ingest(retriever, list(read_jsonl_documents(path)))


async def seed_if_empty(retriever: Retriever, path: Path = SEED_FILE) -> AddReport | None:
    """Seed only an empty KB (AUTO_SEED at start-up)."""
    if await retriever.kb.count() > 0:
        return None
    return await seed(retriever, path)
