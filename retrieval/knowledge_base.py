"""The Chroma knowledge base: embedded (one owning process, locked) or a Chroma server.

Collections are created with `embedding_function=None` (we pass embeddings ourselves) and HNSW
`space=cosine, ef_search=400`: the default ef of 100 measured recall@20 of 0.54 at 100k docs.
Every Chroma call runs in a worker thread.

Beside the collection sits the lexical leg (`retrieval/lexical.py`, BM25 over SQLite FTS5, in
`<CHROMA_PERSIST_DIR>/lexical-<collection>.sqlite3`). Every add and delete goes to both; at open
the two are reconciled (a crash between the writes, or a store filled by an older version, is
repaired then). Stats (by source_type, by origin, oldest/newest) come from the same sidecar.

With a Chroma server several API processes share one collection but each keeps its own sidecar,
so each also catches up with the others' writes: at most every `LEXICAL_SYNC_S` seconds, when a
lexical query or the stats need the sidecar, it asks the server for the ids indexed since its
last look (every document carries `indexed_at`, epoch seconds, in its metadata), pulls the text
of only those it lacks, and compares counts; a count that still differs (a delete elsewhere, or
documents written before `indexed_at` existed) makes it list the ids and repair both ways.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, Literal, ParamSpec, Protocol, TypeVar

import numpy as np
from filelock import FileLock

from retrieval import _kb_store as store
from retrieval._kb_counters import Counters, Delta, updated_metadata
from retrieval._kb_store import (
    LOCK_NAME,
    HybridHits,
    Legs,
    check_directory_free,
    locked_message,
)
from retrieval.concurrency import run_blocking
from retrieval.documents import AddReport, Document, StoredDocument
from retrieval.errors import KnowledgeBaseError, KnowledgeBaseUnavailable
from retrieval.lexical import LexicalHit, LexicalIndex

log = logging.getLogger(__name__)

__all__ = [
    "COUNT_TTL_S",
    "LOCK_NAME",
    "ChromaKnowledgeBase",
    "HybridHits",
    "KnowledgeBase",
    "Legs",
    "check_directory_free",
    "locked_message",
]

_P = ParamSpec("_P")
_T = TypeVar("_T")

COUNT_TTL_S = 1.0  # how long count() reuses its last answer when this process has not written
LEXICAL_SYNC_S = 2.0  # a server-mode sidecar looks for other processes' writes at most this often
CLOCK_MARGIN_S = 60.0  # look back this far past the last look: clock skew, slow writes elsewhere


class KnowledgeBase(Protocol):
    """A store of documents with vectors. Ids are deterministic, so adding twice adds nothing."""

    mode: Literal["embedded", "server"]

    async def add(self, documents: Sequence[Document], embeddings: np.ndarray) -> AddReport: ...
    async def query(self, embedding: np.ndarray, k: int) -> list[StoredDocument]:
        """Cosine top-k, best first, each with its similarity and stored vector."""

    async def lexical_query(self, text: str, k: int) -> list[LexicalHit]:
        """BM25 top-k over the same documents, best first."""

    async def hybrid_query(
        self, text: str, embedding: np.ndarray, k: int, legs: Legs = "both"
    ) -> HybridHits:
        """The legs asked for at once, then the lexical-only documents (one call per search)."""

    async def get(
        self, ids: Sequence[str], *, embeddings: bool = False
    ) -> list[StoredDocument]: ...
    async def existing(self, ids: Sequence[str]) -> set[str]:
        """Which of `ids` are stored (so re-ingesting skips the embedding, not only the write)."""

    async def delete(self, doc_id: str) -> int:
        """Delete a document (or every passage of a chunked one); returns how many were removed."""

    async def count(self) -> int: ...
    async def stats(self) -> dict[str, Any]: ...
    async def record_access(self, relevances: dict[str, float]) -> None:
        """access_count += 1 and last_accessed = now for documents that passed the rerank."""

    async def record_use(self, accessed: dict[str, float], used: dict[str, float]) -> None:
        """One verification's record: `record_access(accessed)`, and verification_count += 1 and
        avg_relevance updated for the evidence its verdict used."""

    def close(self) -> None: ...


class ChromaKnowledgeBase:
    """`KnowledgeBase` on Chroma. Build with `open_embedded` or `open_server` (both blocking)."""

    def __init__(
        self,
        client: Any,
        collection: Any,
        mode: Literal["embedded", "server"],
        where: str,
        lexical: LexicalIndex,
        lock: FileLock | None = None,
        lexical_sync_s: float | None = None,
    ) -> None:
        """`lexical_sync_s`: how often (at most) to catch the sidecar up with writes made by other
        processes; None when this process is the only writer (the embedded store)."""
        self._client = client
        self._collection = collection
        self._lock = lock
        self.lexical = lexical
        self.mode = mode
        self.where = where
        self.lexical_sync_s = lexical_sync_s
        self._sync_lock = threading.Lock()
        self._looked_at = time.time()  # wall clock: compared with other processes' indexed_at
        self._next_look = time.monotonic() + (lexical_sync_s or 0.0)
        # Access and verdict-use counters, written behind `counters.write_behind_s` (0: at once).
        self.counters = Counters(lambda deltas: self._call(self._apply_deltas, deltas))
        self._counted: tuple[float, int] | None = None  # (monotonic time, count) for count()
        self.reconciled = store.reconcile(self._collection, self.lexical)

    @classmethod
    def open_embedded(cls, path: Path, collection: str) -> ChromaKnowledgeBase:
        path = Path(path).expanduser().resolve()
        lock = store.acquire_directory(path)
        try:
            import chromadb
            from chromadb.config import Settings as ChromaSettings

            client = chromadb.PersistentClient(
                path=str(path), settings=ChromaSettings(anonymized_telemetry=False)
            )
            coll = store.open_collection(client, collection)
            return cls(
                client, coll, "embedded", str(path), store.lexical_for(path, collection), lock
            )
        except Exception as exc:
            lock.release()
            raise KnowledgeBaseError(f"could not open the Chroma store at {path}: {exc}") from exc

    @classmethod
    def open_server(
        cls,
        host: str,
        port: int,
        collection: str,
        lexical_dir: Path = Path("./chroma_db"),
        lexical_sync_s: float = LEXICAL_SYNC_S,
    ) -> ChromaKnowledgeBase:
        """A Chroma server; this process's lexical sidecar in `lexical_dir` is reconciled at open,
        then catches up with others' writes at most every `lexical_sync_s` s (0: every query)."""
        try:
            import chromadb
            from chromadb.config import Settings as ChromaSettings

            client = chromadb.HttpClient(
                host=host, port=port, settings=ChromaSettings(anonymized_telemetry=False)
            )
            client.heartbeat()
            coll = store.open_collection(client, collection)
        except Exception as exc:
            raise KnowledgeBaseUnavailable(
                f"could not reach the Chroma server at {host}:{port}: {exc}"
            ) from exc
        lexical_dir = Path(lexical_dir).expanduser().resolve()
        lexical_dir.mkdir(parents=True, exist_ok=True)
        return cls(
            client,
            coll,
            "server",
            f"{host}:{port}",
            store.lexical_for(lexical_dir, f"{collection}-{host}-{port}"),
            lexical_sync_s=lexical_sync_s,
        )

    # -- blocking internals -------------------------------------------------------------

    def _add(self, documents: Sequence[Document], embeddings: np.ndarray) -> AddReport:
        return store.add(self._collection, self.lexical, documents, embeddings)

    def catch_up(self, *, force: bool = False) -> int:
        """Blocking. Index what other processes wrote to a shared collection since the last look
        (see the module docstring); returns how many sidecar rows changed. A no-op for an
        embedded store, before the interval has passed, or while another thread is catching up
        (that query then uses the sidecar as it is rather than wait)."""
        if self.lexical_sync_s is None or (not force and time.monotonic() < self._next_look):
            return 0
        if not self._sync_lock.acquire(blocking=force):
            return 0
        try:
            started = time.time()
            recent = self._collection.get(
                where={"indexed_at": {"$gte": self._looked_at - CLOCK_MARGIN_S}}, include=[]
            )["ids"]
            changed = store.pull(self._collection, self.lexical, self.lexical.missing(recent))
            if self._collection.count() != self.lexical.count():
                changed += store.reconcile(self._collection, self.lexical)
            self._looked_at = started
            self._next_look = time.monotonic() + self.lexical_sync_s
        finally:
            self._sync_lock.release()
        if changed:
            log.info(
                "lexical index caught up with other processes' writes: %d row(s) changed",
                changed,
            )
        return changed

    def _lexical_search(self, text: str, k: int) -> list[LexicalHit]:
        self.catch_up()
        return self.lexical.search(text, k)

    def _query(self, embedding: np.ndarray, k: int) -> list[StoredDocument]:
        # No count() first: Chroma returns fewer than n_results on a small (or empty) collection,
        # and counting 100k documents costs ~7 ms, as much as the search itself.
        result = self._collection.query(
            query_embeddings=[np.asarray(embedding, dtype=np.float32)],
            n_results=k,
            include=["documents", "metadatas", "distances", "embeddings"],
        )
        return [
            StoredDocument(
                id=i,
                text=t or "",
                metadata=dict(m or {}),
                similarity=1.0 - float(d),
                embedding=np.asarray(e, dtype=np.float32),
            )
            for i, t, m, d, e in zip(
                result["ids"][0],
                result["documents"][0],
                result["metadatas"][0],
                result["distances"][0],
                result["embeddings"][0],
                strict=True,
            )
        ]

    def _get(self, ids: Sequence[str], embeddings: bool = False) -> list[StoredDocument]:
        if not ids:
            return []
        include = (
            ["documents", "metadatas", "embeddings"] if embeddings else ["documents", "metadatas"]
        )
        result = self._collection.get(ids=list(ids), include=include)
        vectors = result["embeddings"] if embeddings else [None] * len(result["ids"])
        found = {
            i: StoredDocument(
                id=i,
                text=t or "",
                metadata=dict(m or {}),
                embedding=None if e is None else np.asarray(e, dtype=np.float32),
            )
            for i, t, m, e in zip(
                result["ids"], result["documents"], result["metadatas"], vectors, strict=True
            )
        }
        return [found[i] for i in ids if i in found]  # in the order asked

    def _existing(self, ids: Sequence[str]) -> set[str]:
        return set(self._collection.get(ids=list(dict.fromkeys(ids)), include=[])["ids"])

    def _delete(self, doc_id: str) -> int:
        ids = set(self._collection.get(ids=[doc_id], include=[])["ids"])
        ids.update(self._collection.get(where={"parent_id": doc_id}, include=[])["ids"])
        if not ids:
            return 0
        self._collection.delete(ids=sorted(ids))
        self.lexical.delete(sorted(ids))
        return len(ids)

    def _apply_deltas(self, deltas: dict[str, Delta]) -> None:
        docs = self._get(list(deltas))
        if docs:
            self._collection.update(
                ids=[d.id for d in docs], metadatas=updated_metadata(docs, deltas)
            )

    def _stats(self) -> dict[str, Any]:
        self.catch_up()
        return {"count": self._collection.count(), **self.lexical.facets()}

    # -- async API ----------------------------------------------------------------------

    async def _call(self, fn: Callable[_P, _T], *args: _P.args, **kwargs: _P.kwargs) -> _T:
        try:
            return await run_blocking(fn, *args, **kwargs)
        except KnowledgeBaseError:
            raise
        except Exception as exc:
            raise KnowledgeBaseError(f"knowledge base ({self.mode}) failed: {exc}") from exc

    async def add(self, documents: Sequence[Document], embeddings: np.ndarray) -> AddReport:
        if len(documents) != len(embeddings):
            raise ValueError("one embedding per document is required")
        if not documents:
            return AddReport(ids=[], added=0, duplicates=0)
        try:
            return await self._call(self._add, documents, embeddings)
        finally:
            self._counted = None

    async def query(self, embedding: np.ndarray, k: int) -> list[StoredDocument]:
        return await self._call(self._query, embedding, k)

    async def lexical_query(self, text: str, k: int) -> list[LexicalHit]:
        return await self._call(self._lexical_search, text, k)

    async def hybrid_query(
        self, text: str, embedding: np.ndarray, k: int, legs: Legs = "both"
    ) -> HybridHits:
        """Both legs at once in worker threads, the lexical first: FTS5 releases the GIL and Chroma's
        search holds it, so the dense search overlaps (fused p50 at 100k: 29.9 → 18.1 ms)."""
        if legs == "dense":
            return HybridHits(await self.query(embedding, k), [], [])
        if legs == "lexical":
            lexical, dense = await self.lexical_query(text, k), list[StoredDocument]()
        else:  # gather, not a task group: a KnowledgeBaseError must reach the app as itself
            lexical, dense = await asyncio.gather(
                self.lexical_query(text, k), self.query(embedding, k)
            )
        found = {d.id for d in dense}
        only = await self.get([h.id for h in lexical if h.id not in found], embeddings=True)
        return HybridHits(dense, lexical, only)

    async def get(self, ids: Sequence[str], *, embeddings: bool = False) -> list[StoredDocument]:
        return await self._call(self._get, ids, embeddings)

    async def existing(self, ids: Sequence[str]) -> set[str]:
        if not ids:
            return set()
        return await self._call(self._existing, ids)

    async def delete(self, doc_id: str) -> int:
        try:
            return await self._call(self._delete, doc_id)
        finally:
            self._counted = None

    async def count(self) -> int:
        """The collection's size, reused for COUNT_TTL_S (counting 100k documents holds the GIL
        ~7 ms; /api/health asks on every probe); this process's own writes drop it at once."""
        cached = self._counted
        if cached is not None and time.monotonic() - cached[0] < COUNT_TTL_S:
            return cached[1]
        total: int = await self._call(self._collection.count)
        self._counted = (time.monotonic(), total)
        return total

    async def stats(self) -> dict[str, Any]:
        return await self._call(self._stats)

    async def record_access(self, relevances: dict[str, float]) -> None:
        await self.counters.record(accessed=relevances)

    async def record_use(self, accessed: dict[str, float], used: dict[str, float]) -> None:
        await self.counters.record(accessed, used)

    async def close_writes(self) -> None:
        """At shutdown, before close(): stop the timer and write what is pending now."""
        await self.counters.close()

    async def flush(self) -> None:
        """Write the merged counters now (one update); at shutdown, and for readers that need them."""
        await self.counters.flush()

    @property
    def pending_counters(self) -> int:
        """Documents whose counters are not in the store yet (waiting, or being written)."""
        return self.counters.pending

    def close(self) -> None:
        closer = getattr(self._client, "close", None)
        if callable(closer):
            try:
                closer()
            except Exception as exc:  # closing must not mask the shutdown reason
                log.warning("closing the Chroma client failed: %s", exc)
        self.lexical.close()
        if self._lock is not None and self._lock.is_locked:
            self._lock.release()
