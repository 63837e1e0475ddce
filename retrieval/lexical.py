"""The lexical leg of hybrid retrieval: BM25 over an SQLite FTS5 index kept beside the collection.

FTS5 is an inverted index in C: a query touches only the posting lists of its terms, so it
does not scan every document (100k documents answer in milliseconds). It ships with Python's
sqlite3, needs no download, and persists in one file, so it survives a restart. The knowledge
base writes to it in the same call that writes to Chroma and reconciles the two at open.
Porter stemming and a small stop-word list: claims full of names, numbers and rare terms are
where BM25 helps, while "the"/"of" would only make every document a match.
"""

from __future__ import annotations

import math
import re
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

_WORD = re.compile(r"[^\W_]+(?:[.,'][^\W_]+)*", re.UNICODE)

# Function words only: content words, even common ones, keep their BM25 weight.
_STOP_WORDS_TEXT = """
a about above after again against all am an and any are as at be because been before being
below between both but by can could did do does doing down during each few for from further
had has have having he her here hers herself him himself his how i if in into is it its itself
just me more most my myself no nor not of off on once only or other our ours ourselves out over
own same she should so some such than that the their theirs them themselves then there these
they this those through to too under until up very was we were what when where which while who
whom why will with would you your yours yourself yourselves
"""
STOP_WORDS = frozenset(_STOP_WORDS_TEXT.split())


def query_terms(text: str, limit: int = 64) -> list[str]:
    """Distinct lower-cased terms of a query, stop words dropped, in order of appearance."""
    seen: dict[str, None] = {}
    for match in _WORD.finditer(text.lower()):
        term = match.group(0)
        if term not in STOP_WORDS and term not in seen:
            seen[term] = None
            if len(seen) >= limit:
                break
    return list(seen)


def fts_query(text: str) -> str | None:
    """An FTS5 MATCH expression: the query's terms OR-ed, each quoted (no operator injection)."""
    terms = query_terms(text)
    if not terms:
        return None
    return " OR ".join('"' + term.replace('"', '""') + '"' for term in terms)


@dataclass(frozen=True)
class IndexedRow:
    """What the sidecar keeps per document: the searchable text and the facets stats group by."""

    id: str
    title: str
    text: str
    source_type: str = ""
    origin: str = ""
    timestamp: str = ""


@dataclass(frozen=True)
class LexicalHit:
    id: str
    score: float  # BM25, higher is better
    normalised: float  # score / the query's ideal BM25, in [0, 1]: comparable across queries


K1 = 1.2  # FTS5's bm25() constants


class LexicalIndex:
    """BM25 over (title, text) with FTS5. Thread-safe; every method is blocking."""

    def __init__(self, path: Path | str, title_weight: float = 1.0, text_weight: float = 1.0) -> None:
        self.path = str(path)
        self.title_weight = title_weight
        self.text_weight = text_weight
        self._lock = threading.Lock()
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS passages USING fts5("
            "doc_id UNINDEXED, title, body, tokenize='porter unicode61 remove_diacritics 2')"
        )
        self._db.execute(
            "CREATE TABLE IF NOT EXISTS doc_rows (doc_id TEXT PRIMARY KEY, row INTEGER NOT NULL, "
            "source_type TEXT, origin TEXT, timestamp TEXT)"
        )

    def add(self, rows: Iterable[IndexedRow]) -> int:
        """Index rows; ids already present are skipped. Returns how many were new."""
        added = 0
        with self._lock:
            self._db.execute("BEGIN")
            try:
                for row in rows:
                    if self._db.execute("SELECT 1 FROM doc_rows WHERE doc_id=?", (row.id,)).fetchone():
                        continue
                    cursor = self._db.execute(
                        "INSERT INTO passages(doc_id, title, body) VALUES (?, ?, ?)",
                        (row.id, row.title, row.text),
                    )
                    self._db.execute(
                        "INSERT INTO doc_rows(doc_id, row, source_type, origin, timestamp) "
                        "VALUES (?, ?, ?, ?, ?)",
                        (row.id, cursor.lastrowid, row.source_type, row.origin, row.timestamp),
                    )
                    added += 1
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return added

    def delete(self, ids: Sequence[str]) -> int:
        removed = 0
        with self._lock:
            self._db.execute("BEGIN")
            try:
                for doc_id in ids:
                    found = self._db.execute("SELECT row FROM doc_rows WHERE doc_id=?", (doc_id,)).fetchone()
                    if found:
                        self._db.execute("DELETE FROM passages WHERE rowid=?", (found[0],))
                        self._db.execute("DELETE FROM doc_rows WHERE doc_id=?", (doc_id,))
                        removed += 1
                self._db.execute("COMMIT")
            except BaseException:
                self._db.execute("ROLLBACK")
                raise
        return removed

    def search(self, query: str, k: int) -> list[LexicalHit]:
        """The k best BM25 matches, best first; [] when the query has no usable term.

        Each hit also carries its BM25 divided by the query's ideal score, (k1 + 1) × Σ idf(t) ×
        the larger column weight (what a document saturated with every term would reach), so the
        lexical share of a fused score means the same for every query instead of always giving
        the best match of an unrelated query full marks."""
        match = fts_query(query)
        if match is None or k <= 0:
            return []
        with self._lock:
            rows = self._db.execute(
                "SELECT doc_id, bm25(passages, 0.0, ?, ?) AS s FROM passages WHERE passages MATCH ? "
                "ORDER BY s LIMIT ?",
                (self.title_weight, self.text_weight, match, k),
            ).fetchall()
            ideal = self._ideal(query) if rows else 0.0
        # FTS5's bm25() is negated so that ascending order is best first.
        return [LexicalHit(doc_id, -float(score), min(1.0, -float(score) / ideal) if ideal > 0 else 0.0)
                for doc_id, score in rows]

    def _ideal(self, query: str) -> float:
        """(k1 + 1) × Σ idf over the query's terms, with FTS5's idf (the lock is held)."""
        total = int(self._db.execute("SELECT count(*) FROM doc_rows").fetchone()[0])
        idf_sum = 0.0
        for term in query_terms(query):
            quoted = '"' + term.replace('"', '""') + '"'
            n = int(self._db.execute("SELECT count(*) FROM passages WHERE passages MATCH ?",
                                     (quoted,)).fetchone()[0])
            if n:
                idf_sum += max(1e-6, math.log((total - n + 0.5) / (n + 0.5)))
        return (K1 + 1.0) * idf_sum * max(self.title_weight, self.text_weight)

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM doc_rows").fetchone()[0])

    def facets(self) -> dict[str, object]:
        """Counts by source_type and origin, oldest and newest timestamp (SQL, no Python scan)."""
        with self._lock:
            by_type = dict(self._db.execute(
                "SELECT coalesce(source_type, ''), count(*) FROM doc_rows GROUP BY 1 ORDER BY 2 DESC"))
            by_origin = dict(self._db.execute(
                "SELECT coalesce(origin, ''), count(*) FROM doc_rows GROUP BY 1 ORDER BY 2 DESC"))
            oldest, newest = self._db.execute(
                "SELECT min(timestamp), max(timestamp) FROM doc_rows WHERE timestamp != ''").fetchone()
        return {"by_source_type": by_type, "by_origin": by_origin, "oldest": oldest, "newest": newest}

    def ids(self) -> set[str]:
        with self._lock:
            return {row[0] for row in self._db.execute("SELECT doc_id FROM doc_rows")}

    def close(self) -> None:
        with self._lock:
            self._db.close()
