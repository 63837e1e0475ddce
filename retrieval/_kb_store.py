"""What the Chroma knowledge base (retrieval/knowledge_base.py) opens and keeps in line: the
embedded store's directory lock, the collection (HNSW settings), and the lexical sidecar's rows,
reconciled with the collection (ids listed in pages, text fetched only for what it lacks)."""

from __future__ import annotations

import logging
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, NamedTuple

import numpy as np
from filelock import FileLock, Timeout

from retrieval.documents import AddReport, Document, StoredDocument
from retrieval.errors import KnowledgeBaseLocked
from retrieval.lexical import IndexedRow, LexicalHit, LexicalIndex

log = logging.getLogger(__name__)

LOCK_NAME = ".claimcheck.lock"
HNSW = {"space": "cosine", "ef_search": 400, "ef_construction": 200}
Legs = Literal["both", "dense", "lexical"]  # which legs a hybrid query runs


class HybridHits(NamedTuple):
    """Dense top-k, BM25 top-k (best first), and the documents only BM25 found, with vectors."""

    dense: list[StoredDocument]
    lexical: list[LexicalHit]
    lexical_only: list[StoredDocument]


def lock_for(path: Path) -> FileLock:
    path.mkdir(parents=True, exist_ok=True)
    # not thread-local: the lock is taken and released on whichever worker thread runs open and close
    return FileLock(str(path / LOCK_NAME), timeout=0, thread_local=False)


def locked_message(path: Path) -> str:
    return (
        f"the knowledge base at {path} is already in use by another claimcheck process; "
        "stop that process, choose another CHROMA_PERSIST_DIR, or run a Chroma server and set "
        "CHROMA_HOST so several processes can share one store"
    )


def acquire_directory(path: Path) -> FileLock:
    """The embedded store's lock on `path`, taken; KnowledgeBaseLocked at once when another
    process owns it."""
    lock = lock_for(path)
    try:
        lock.acquire()
    except Timeout as exc:
        raise KnowledgeBaseLocked(locked_message(path)) from exc
    return lock


def check_directory_free(path: Path) -> None:
    """Raise KnowledgeBaseLocked at once when another process owns `path`."""
    acquire_directory(path).release()


RECONCILE_PAGE = 5000  # ids per page when listing (ids only: no text, no vectors)
PULL_BATCH = 500  # documents fetched per call when the sidecar pulls text it lacks


def lexical_for(directory: Path, name: str) -> LexicalIndex:
    safe = "".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in name)
    return LexicalIndex(Path(directory) / f"lexical-{safe}.sqlite3")


def row(doc_id: str, text: str, meta: dict[str, Any]) -> IndexedRow:
    return IndexedRow(
        id=doc_id,
        title=str(meta.get("title") or ""),
        text=text,
        source_type=str(meta.get("source_type") or ""),
        origin=str(meta.get("origin") or ""),
        timestamp=str(meta.get("timestamp") or ""),
    )


def open_collection(client: Any, name: str) -> Any:
    return client.get_or_create_collection(
        name=name, configuration={"hnsw": dict(HNSW)}, embedding_function=None
    )


def reconcile(collection: Any, lexical: LexicalIndex) -> int:
    """Bring the lexical sidecar in line with the collection; returns how many rows changed.
    Lists ids only, and fetches the text of just the documents the sidecar lacks."""
    total = collection.count()
    if total == lexical.count():
        return 0
    stored: list[str] = []
    for offset in range(0, total, RECONCILE_PAGE):
        stored += collection.get(limit=RECONCILE_PAGE, offset=offset, include=[])["ids"]
    known = lexical.ids()
    present = set(stored)
    changed = pull(collection, lexical, [i for i in stored if i not in known])
    changed += lexical.delete([i for i in known if i not in present])
    if changed:
        log.info("lexical index reconciled with the collection: %d row(s) changed", changed)
    return changed


def pull(collection: Any, lexical: LexicalIndex, ids: Sequence[str]) -> int:
    """Index into the sidecar the given stored documents (their text and metadata fetched)."""
    added = 0
    for start in range(0, len(ids), PULL_BATCH):
        page = collection.get(
            ids=list(ids[start : start + PULL_BATCH]), include=["documents", "metadatas"]
        )
        added += lexical.add(
            row(i, t or "", dict(m or {}))
            for i, t, m in zip(page["ids"], page["documents"], page["metadatas"], strict=True)
        )
    return added


def add(
    collection: Any, lexical: LexicalIndex, documents: Sequence[Document], embeddings: np.ndarray
) -> AddReport:
    """Blocking. Add the documents not stored yet to the collection and the sidecar (ids are
    deterministic, so a document stored before, or twice in one batch, is added once)."""
    ids = [d.id for d in documents]
    unique: dict[str, int] = {}
    for index, doc_id in enumerate(ids):
        unique.setdefault(doc_id, index)
    existing = set(collection.get(ids=list(unique), include=[])["ids"]) if unique else set()
    new = [(i, index) for i, index in unique.items() if i not in existing]
    if new:
        indexed_at = time.time()  # lets other processes' sidecars find what is new
        metadatas = [{**documents[index].metadata(), "indexed_at": indexed_at} for _, index in new]
        collection.add(
            ids=[i for i, _ in new],
            documents=[documents[index].text for _, index in new],
            metadatas=metadatas,
            embeddings=np.asarray([embeddings[index] for _, index in new], dtype=np.float32),
        )
        lexical.add(
            row(i, documents[index].text, meta)
            for (i, index), meta in zip(new, metadatas, strict=True)
        )
    return AddReport(
        ids=ids, added=len(new), duplicates=len(ids) - len(new), new_ids=[i for i, _ in new]
    )
