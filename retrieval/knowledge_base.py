"""The Chroma knowledge base: embedded (one owning process, locked) or a Chroma server.

Collections are created with `embedding_function=None` (we pass embeddings ourselves) and HNSW
`space=cosine, ef_search=400`: the default ef of 100 measured recall@20 of 0.54 at 100k docs.
Every Chroma call runs in a worker thread.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Literal, Protocol

import numpy as np
from filelock import FileLock, Timeout

from retrieval.concurrency import run_blocking
from retrieval.documents import AddReport, Document, StoredDocument, utc_now
from retrieval.errors import KnowledgeBaseError, KnowledgeBaseLocked, KnowledgeBaseUnavailable

log = logging.getLogger(__name__)

LOCK_NAME = ".claimcheck.lock"
HNSW = {"space": "cosine", "ef_search": 400, "ef_construction": 200}


class KnowledgeBase(Protocol):
    """A store of documents with vectors. Ids are deterministic, so adding twice adds nothing."""

    mode: Literal["embedded", "server"]

    async def add(self, documents: Sequence[Document], embeddings: np.ndarray) -> AddReport: ...
    async def query(self, embedding: np.ndarray, k: int) -> list[StoredDocument]: ...
    async def get(self, ids: Sequence[str]) -> list[StoredDocument]: ...
    async def delete(self, doc_id: str) -> bool: ...
    async def count(self) -> int: ...
    async def record_access(self, relevances: dict[str, float]) -> None: ...
    def close(self) -> None: ...


def _lock_for(path: Path) -> FileLock:
    path.mkdir(parents=True, exist_ok=True)
    return FileLock(str(path / LOCK_NAME), timeout=0)


def locked_message(path: Path) -> str:
    return (
        f"the knowledge base at {path} is already in use by another claimcheck process; "
        "stop that process, choose another CHROMA_PERSIST_DIR, or run a Chroma server and set "
        "CHROMA_HOST so several processes can share one store"
    )


def check_directory_free(path: Path) -> None:
    """Raise KnowledgeBaseLocked at once when another process owns `path`."""
    lock = _lock_for(path)
    try:
        lock.acquire()
    except Timeout as exc:
        raise KnowledgeBaseLocked(locked_message(path)) from exc
    lock.release()


class ChromaKnowledgeBase:
    """`KnowledgeBase` on Chroma. Build with `open_embedded` or `open_server` (both blocking)."""

    def __init__(self, client: Any, collection: Any, mode: Literal["embedded", "server"],
                 where: str, lock: FileLock | None = None) -> None:
        self._client = client
        self._collection = collection
        self._lock = lock
        self.mode = mode
        self.where = where

    @classmethod
    def open_embedded(cls, path: Path, collection: str) -> ChromaKnowledgeBase:
        path = Path(path).expanduser().resolve()
        lock = _lock_for(path)
        try:
            lock.acquire()
        except Timeout as exc:
            raise KnowledgeBaseLocked(locked_message(path)) from exc
        try:
            import chromadb
            from chromadb.config import Settings as ChromaSettings

            client = chromadb.PersistentClient(
                path=str(path), settings=ChromaSettings(anonymized_telemetry=False)
            )
            coll = _collection(client, collection)
        except Exception as exc:
            lock.release()
            raise KnowledgeBaseError(f"could not open the Chroma store at {path}: {exc}") from exc
        return cls(client, coll, "embedded", str(path), lock)

    @classmethod
    def open_server(cls, host: str, port: int, collection: str) -> ChromaKnowledgeBase:
        try:
            import chromadb
            from chromadb.config import Settings as ChromaSettings

            client = chromadb.HttpClient(
                host=host, port=port, settings=ChromaSettings(anonymized_telemetry=False)
            )
            client.heartbeat()
            coll = _collection(client, collection)
        except Exception as exc:
            raise KnowledgeBaseUnavailable(
                f"could not reach the Chroma server at {host}:{port}: {exc}"
            ) from exc
        return cls(client, coll, "server", f"{host}:{port}")

    # -- blocking internals -------------------------------------------------------------

    def _add(self, documents: Sequence[Document], embeddings: np.ndarray) -> AddReport:
        ids = [d.id for d in documents]
        unique: dict[str, int] = {}
        for index, doc_id in enumerate(ids):
            unique.setdefault(doc_id, index)
        existing = set(self._collection.get(ids=list(unique), include=[])["ids"]) if unique else set()
        new = [(i, index) for i, index in unique.items() if i not in existing]
        if new:
            self._collection.add(
                ids=[i for i, _ in new],
                documents=[documents[index].text for _, index in new],
                metadatas=[documents[index].metadata() for _, index in new],
                embeddings=np.asarray([embeddings[index] for _, index in new], dtype=np.float32),
            )
        return AddReport(ids=ids, added=len(new), duplicates=len(ids) - len(new))

    def _query(self, embedding: np.ndarray, k: int) -> list[StoredDocument]:
        total = self._collection.count()
        if total == 0:
            return []
        result = self._collection.query(
            query_embeddings=[np.asarray(embedding, dtype=np.float32)],
            n_results=min(k, total),
            include=["documents", "metadatas", "distances"],
        )
        return [
            StoredDocument(id=i, text=t or "", metadata=dict(m or {}), similarity=1.0 - float(d))
            for i, t, m, d in zip(
                result["ids"][0], result["documents"][0], result["metadatas"][0],
                result["distances"][0], strict=True,
            )
        ]

    def _get(self, ids: Sequence[str]) -> list[StoredDocument]:
        if not ids:
            return []
        result = self._collection.get(ids=list(ids), include=["documents", "metadatas"])
        return [
            StoredDocument(id=i, text=t or "", metadata=dict(m or {}))
            for i, t, m in zip(result["ids"], result["documents"], result["metadatas"], strict=True)
        ]

    def _delete(self, doc_id: str) -> bool:
        if not self._collection.get(ids=[doc_id], include=[])["ids"]:
            return False
        self._collection.delete(ids=[doc_id])
        return True

    def _record_access(self, relevances: dict[str, float]) -> None:
        docs = self._get(list(relevances))
        if not docs:
            return
        now = utc_now()
        metadatas = []
        for doc in docs:
            meta = doc.metadata
            count = int(meta.get("verification_count", 0) or 0)
            avg = float(meta.get("avg_relevance", 0.0) or 0.0)
            meta["access_count"] = int(meta.get("access_count", 0) or 0) + 1
            meta["verification_count"] = count + 1
            meta["avg_relevance"] = (avg * count + relevances[doc.id]) / (count + 1)
            meta["last_accessed"] = now
            metadatas.append(meta)
        self._collection.update(ids=[d.id for d in docs], metadatas=metadatas)

    # -- async API ----------------------------------------------------------------------

    async def _call(self, fn, *args):
        try:
            return await run_blocking(fn, *args)
        except KnowledgeBaseError:
            raise
        except Exception as exc:
            raise KnowledgeBaseError(f"knowledge base ({self.mode}) failed: {exc}") from exc

    async def add(self, documents: Sequence[Document], embeddings: np.ndarray) -> AddReport:
        if len(documents) != len(embeddings):
            raise ValueError("one embedding per document is required")
        if not documents:
            return AddReport(ids=[], added=0, duplicates=0)
        return await self._call(self._add, documents, embeddings)

    async def query(self, embedding: np.ndarray, k: int) -> list[StoredDocument]:
        return await self._call(self._query, embedding, k)

    async def get(self, ids: Sequence[str]) -> list[StoredDocument]:
        return await self._call(self._get, ids)

    async def delete(self, doc_id: str) -> bool:
        return await self._call(self._delete, doc_id)

    async def count(self) -> int:
        return await self._call(self._collection.count)

    async def record_access(self, relevances: dict[str, float]) -> None:
        if relevances:
            await self._call(self._record_access, relevances)

    def close(self) -> None:
        closer = getattr(self._client, "close", None)
        if callable(closer):
            try:
                closer()
            except Exception as exc:  # closing must not mask the shutdown reason
                log.warning("closing the Chroma client failed: %s", exc)
        if self._lock is not None and self._lock.is_locked:
            self._lock.release()


def _collection(client: Any, name: str) -> Any:
    return client.get_or_create_collection(
        name=name, configuration={"hnsw": dict(HNSW)}, embedding_function=None
    )
