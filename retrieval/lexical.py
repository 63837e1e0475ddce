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


def _quoted(term: str) -> str:
    """An FTS5 string: whatever the term holds, it is one phrase, never an operator."""
    return '"' + term.replace('"', '""') + '"'


def fts_query(text: str) -> str | None:
    """An FTS5 MATCH expression: the query's terms OR-ed, each quoted (no operator injection)."""
    return match_expression(query_terms(text))


def match_expression(terms: Sequence[str]) -> str | None:
    return " OR ".join(_quoted(term) for term in terms) if terms else None


@dataclass(frozen=True)
class LexicalPlan:
    """What one lexical query will score. `kept` terms are OR-ed in the MATCH; `left_out` are the
    most frequent ones dropped to bound the rows FTS5 scores (see `LexicalIndex.search`)."""

    terms: tuple[str, ...]
    kept: tuple[str, ...]
    left_out: tuple[str, ...]
    frequency: dict[str, int]  # documents containing each term
    ideal: float  # (k1 + 1) × Σ idf × max column weight over every term that occurs at all
    left_out_bound: float  # the most the left-out terms could add to any document's BM25

    @property
    def matches(self) -> tuple[str, ...]:
        """The MATCH expressions whose rows (disjoint) together make the result. Every query term
        is a phrase of each, so bm25() scores a row with all its terms, left-out ones included:
        the kept terms alone, or the rows with a kept and a left-out term + those with a kept
        term and no left-out one (both bounded by the kept terms' rows)."""
        kept = match_expression(self.kept)
        if not self.left_out:
            return (kept,) if kept else ()
        left_out = match_expression(self.left_out)
        return (f"({kept}) AND ({left_out})", f"({kept}) NOT ({left_out})")

    @property
    def exhaustive(self) -> bool:
        return not self.left_out


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

# The rows FTS5 may score per query. bm25() costs ≈ 1 µs a row on this machine (34k rows ≈ 27 ms):
# 4000 rows keep the leg near 4 ms at 100k documents; a KB this small never prunes at all.
MAX_SCORED_ROWS = 4000


class LexicalIndex:
    """BM25 over (title, text) with FTS5. Thread-safe; every method is blocking."""

    def __init__(
        self,
        path: Path | str,
        title_weight: float = 1.0,
        text_weight: float = 1.0,
        max_scored_rows: int | None = MAX_SCORED_ROWS,
    ) -> None:
        """`max_scored_rows=None` scores every row matching any term (the exhaustive path)."""
        self.path = str(path)
        self.title_weight = title_weight
        self.text_weight = text_weight
        self.max_scored_rows = max_scored_rows
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
                    if self._db.execute(
                        "SELECT 1 FROM doc_rows WHERE doc_id=?", (row.id,)
                    ).fetchone():
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
                    found = self._db.execute(
                        "SELECT row FROM doc_rows WHERE doc_id=?", (doc_id,)
                    ).fetchone()
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
        the best match of an unrelated query full marks.

        FTS5 computes bm25() for every row its MATCH admits before it can sort, so the cost is
        the number of matching rows (34k of 100k for a typical ten-term claim OR-ed). `plan`
        therefore admits the query's terms rarest first until `max_scored_rows` documents could
        match; the rarest matching term is always kept. When every term fits (any small KB) the
        MATCH and every score are exactly the exhaustive ones. Otherwise only rows holding a kept
        term are scored, but with every term (see `LexicalPlan.matches`), so each hit's score is
        its exact BM25; what is lost are documents holding nothing but the frequent left-out
        terms, whose BM25 is at most `LexicalPlan.left_out_bound` — when the k-th hit scores at
        least that, the top k are exactly the exhaustive top k (MaxScore's argument)."""
        if k <= 0:
            return []
        with self._lock:
            plan = self._plan(query)
            if plan is None or not plan.kept:
                return []
            rows: list[tuple[str, float]] = []
            for match in plan.matches:
                rows += self._db.execute(
                    "SELECT doc_id, bm25(passages, 0.0, ?, ?) AS s FROM passages WHERE passages MATCH ? "
                    "ORDER BY s LIMIT ?",
                    (self.title_weight, self.text_weight, match, k),
                ).fetchall()
        rows = sorted(rows, key=lambda row: row[1])[:k]
        ideal = plan.ideal
        # FTS5's bm25() is negated so that ascending order is best first.
        return [
            LexicalHit(doc_id, -float(score), min(1.0, -float(score) / ideal) if ideal > 0 else 0.0)
            for doc_id, score in rows
        ]

    def plan(self, query: str) -> LexicalPlan | None:
        """Which terms `search` will MATCH, with their document frequencies (None: no usable term)."""
        with self._lock:
            return self._plan(query)

    def _plan(self, query: str) -> LexicalPlan | None:
        """The lock is held. One count per term (each walks one posting list, in C): the same
        document frequencies FTS5's own idf uses, here also for the ideal score and the pruning."""
        terms = query_terms(query)
        if not terms:
            return None
        total = int(self._db.execute("SELECT count(*) FROM doc_rows").fetchone()[0])
        frequency = {
            term: int(
                self._db.execute(
                    "SELECT count(*) FROM passages WHERE passages MATCH ?", (_quoted(term),)
                ).fetchone()[0]
            )
            for term in terms
        }
        weight = (K1 + 1.0) * max(self.title_weight, self.text_weight)
        idf = {
            t: max(1e-6, math.log((total - n + 0.5) / (n + 0.5))) for t, n in frequency.items() if n
        }
        kept: list[str] = []
        left_out: list[str] = []
        admitted = 0
        for term in sorted(idf, key=lambda t: frequency[t]):  # rarest first; stable for ties
            if (
                not kept
                or self.max_scored_rows is None
                or admitted + frequency[term] <= self.max_scored_rows
            ):
                kept.append(term)
                admitted += frequency[term]
            else:
                left_out.append(term)
        order = {term: i for i, term in enumerate(terms)}
        kept.sort(
            key=order.__getitem__
        )  # the query's own order: the MATCH text of the exhaustive path
        return LexicalPlan(
            terms=tuple(terms),
            kept=tuple(kept),
            left_out=tuple(left_out),
            frequency=frequency,
            ideal=weight * sum(idf.values()),
            left_out_bound=weight * sum(idf[t] for t in left_out),
        )

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT count(*) FROM doc_rows").fetchone()[0])

    def facets(self) -> dict[str, object]:
        """Counts by source_type and origin, oldest and newest timestamp (SQL, no Python scan)."""
        with self._lock:
            by_type = dict(
                self._db.execute(
                    "SELECT coalesce(source_type, ''), count(*) FROM doc_rows GROUP BY 1 ORDER BY 2 DESC"
                )
            )
            by_origin = dict(
                self._db.execute(
                    "SELECT coalesce(origin, ''), count(*) FROM doc_rows GROUP BY 1 ORDER BY 2 DESC"
                )
            )
            oldest, newest = self._db.execute(
                "SELECT min(timestamp), max(timestamp) FROM doc_rows WHERE timestamp != ''"
            ).fetchone()
        return {
            "by_source_type": by_type,
            "by_origin": by_origin,
            "oldest": oldest,
            "newest": newest,
        }

    def missing(self, ids: Sequence[str]) -> list[str]:
        """Those of `ids` not indexed here, in their order (duplicates dropped)."""
        wanted = list(dict.fromkeys(ids))
        present: set[str] = set()
        with self._lock:
            for start in range(0, len(wanted), 500):
                chunk = wanted[start : start + 500]
                present.update(
                    row[0]
                    for row in self._db.execute(
                        f"SELECT doc_id FROM doc_rows WHERE doc_id IN ({','.join('?' * len(chunk))})",
                        chunk,
                    )
                )
        return [i for i in wanted if i not in present]

    def ids(self) -> set[str]:
        with self._lock:
            return {row[0] for row in self._db.execute("SELECT doc_id FROM doc_rows")}

    def close(self) -> None:
        with self._lock:
            self._db.close()
