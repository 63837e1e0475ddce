"""`claimcheck kb doctor`: find (and with ``--fix`` repair) stored rows whose source is unusable.

Rows stored before every source went through ``search.urls.normalise_url`` can carry a source
no later step can read (``http://[zz]/honey``, control characters, ``http://a..b/``). The verifier
skips them with a step; the doctor reports them and, with ``fix``:

- rewrites a source the parser can normalise (``http://127.000.000.001/`` → ``http://127.0.0.1/``,
  ``HTTP://EXAMPLE.ORG/`` → ``http://example.org/``) in place (ids are kept);
- removes a document whose source cannot be repaired, after writing it (id, source, title, text,
  origin, timestamp) to a JSONL file, so nothing is lost: fix the source and `kb ingest` it again.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from retrieval.concurrency import run_blocking
from retrieval.credibility import registered_domain
from search.urls import InvalidUrl, normalise_url, usable_source

PAGE = 1000


@dataclass
class DoctorReport:
    scanned: int = 0
    repairable: dict[str, tuple[str, str]] = field(default_factory=dict)  # row id → (old, new)
    unusable: dict[str, str] = field(default_factory=dict)  # parent id → source
    repaired: int = 0
    removed: int = 0

    def lines(self) -> list[str]:
        out = [
            f"scanned {self.scanned} row(s): {len(self.repairable)} with a source to normalise, "
            f"{len(self.unusable)} document(s) with an unusable source"
        ]
        out += [
            f"  normalise {row}: {old!r} -> {new!r}"
            for row, (old, new) in sorted(self.repairable.items())
        ]
        out += [f"  unusable  {doc}: {source!r}" for doc, source in sorted(self.unusable.items())]
        if self.repaired or self.removed:
            out.append(f"fixed: {self.repaired} row(s) normalised, {self.removed} row(s) removed")
        return out


def _diagnose(kb: Any) -> tuple[DoctorReport, dict[str, dict[str, Any]]]:
    report = DoctorReport()
    metas: dict[str, dict[str, Any]] = {}
    offset = 0
    while True:
        page = kb._collection.get(include=["metadatas"], limit=PAGE, offset=offset)
        if not page["ids"]:
            break
        for row_id, meta in zip(page["ids"], page["metadatas"], strict=True):
            meta = dict(meta or {})
            report.scanned += 1
            source = str(meta.get("source", ""))
            if usable_source(source):
                if "://" in source:
                    new = normalise_url(source)
                    if new != source.strip() or source != source.strip():
                        report.repairable[row_id] = (source, new)
                        metas[row_id] = meta
                continue
            try:
                new = normalise_url(source)
            except InvalidUrl:
                report.unusable[str(meta.get("parent_id") or row_id)] = source
            else:  # pragma: no cover - usable_source accepts every URL normalise_url accepts
                report.repairable[row_id] = (source, new)
                metas[row_id] = meta
        offset += len(page["ids"])
    return report, metas


async def doctor(kb: Any, *, fix: bool = False, export: Path | None = None) -> DoctorReport:
    """Scan every row of a Chroma knowledge base; with ``fix``, repair or remove (see module doc)."""
    report, metas = await run_blocking(_diagnose, kb)
    if not fix:
        return report
    if report.repairable:
        ids = sorted(report.repairable)
        updated = []
        for row_id in ids:
            meta = dict(metas[row_id])
            meta["source"] = report.repairable[row_id][1]
            meta["domain"] = registered_domain(meta["source"]) or meta.get("domain", "")
            updated.append(meta)
        await run_blocking(lambda: kb._collection.update(ids=ids, metadatas=updated))
        report.repaired = len(ids)
    if report.unusable:
        if export is None:
            raise ValueError("removing documents needs a file to export them to")
        parents = sorted(report.unusable)

        def rows() -> dict[str, tuple[str, dict[str, Any]]]:
            found: dict[str, tuple[str, dict[str, Any]]] = {}
            for got in (
                kb._collection.get(ids=parents, include=["documents", "metadatas"]),
                kb._collection.get(
                    where={"parent_id": {"$in": parents}}, include=["documents", "metadatas"]
                ),
            ):
                for row_id, text, meta in zip(
                    got["ids"], got["documents"], got["metadatas"], strict=True
                ):
                    found[row_id] = (text or "", dict(meta or {}))
            return found

        def write(found: dict[str, tuple[str, dict[str, Any]]]) -> None:
            with Path(export).open("a", encoding="utf-8") as handle:
                for row_id, (text, meta) in sorted(found.items()):
                    handle.write(
                        json.dumps(_exported(row_id, text, meta), ensure_ascii=False) + "\n"
                    )

        await run_blocking(write, await run_blocking(rows))  # exported before anything is deleted
        for doc_id in sorted(report.unusable):
            report.removed += await kb.delete(doc_id)
    return report


def _exported(row_id: str, text: str, meta: dict[str, Any]) -> dict[str, Any]:
    return {
        "id": row_id,
        "parent_id": meta.get("parent_id") or row_id,
        "source": meta.get("source", ""),
        "title": meta.get("title") or "",
        "timestamp": meta.get("timestamp") or None,
        "origin": meta.get("origin") or "",
        "text": text,
    }
