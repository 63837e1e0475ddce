"""`claimcheck kb doctor`: rows stored before sources were validated are found, normalised or
removed (exported first, so nothing is lost)."""

from __future__ import annotations

import json
import re

from app.cli import main
from retrieval.doctor import doctor
from retrieval.documents import Document
from retrieval.embeddings import HashingEmbedder
from retrieval.knowledge_base import ChromaKnowledgeBase
from retrieval.rerank import EmbeddingReranker
from retrieval.retriever import RetrievalConfig, Retriever

GOOD = Document(
    text="Apollo 11 landed on the Moon on 20 July 1969.", source="https://www.nasa.gov/apollo-11"
)
PADDED = Document(text="A page on a zero-padded address.", source="http://127.000.000.001/page")
UPPER = Document(text="A page with a shouting host name.", source="HTTPS://WWW.Example.ORG/Page")
BROKEN = Document(text="Honey never spoils when sealed.", source="http://[zz]/honey")
CONTROL = Document(text="Bells ring in the source.", source="https://example.org/a\x07b")
LONG = Document(
    text=" ".join(f"Sentence {i} about bees making honey in summer." for i in range(200)),
    source="http://a..b/bees",
)


async def _kb_with_old_rows(path):
    kb = ChromaKnowledgeBase.open_embedded(path, "news_evidence")
    embedder = HashingEmbedder()
    await Retriever(embedder, kb, EmbeddingReranker(embedder), RetrievalConfig()).index(
        [GOOD, PADDED, UPPER, BROKEN, CONTROL, LONG]
    )
    return kb


async def test_doctor_reports_then_fixes_and_exports(tmp_path):
    kb = await _kb_with_old_rows(tmp_path / "kb")
    try:
        before = await kb.count()
        report = await doctor(kb)
        assert {new for _, new in report.repairable.values()} == {
            "http://127.0.0.1/page",
            "https://www.example.org/Page",
        }
        assert set(report.unusable) == {BROKEN.id, CONTROL.id, LONG.id}
        assert await kb.count() == before  # a report changes nothing

        export = tmp_path / "removed.jsonl"
        fixed = await doctor(kb, fix=True, export=export)
        assert fixed.repaired == 2 and fixed.removed >= 3
        rows = [json.loads(line) for line in export.read_text().splitlines()]
        assert {r["parent_id"] for r in rows} == {BROKEN.id, CONTROL.id, LONG.id}
        kept = " ".join(r["text"] for r in rows if r["parent_id"] == LONG.id)
        assert {int(n) for n in re.findall(r"Sentence (\d+)", kept)} == set(
            range(200)
        )  # every passage
        assert await kb.count() == before - fixed.removed
        (padded,) = await kb.get([PADDED.id])
        assert padded.source == "http://127.0.0.1/page" and padded.id == PADDED.id

        again = await doctor(kb)
        assert not again.repairable and not again.unusable
    finally:
        kb.close()


def test_the_cli_exits_2_on_findings_and_0_once_fixed(tmp_path, monkeypatch, capsys):
    import asyncio

    kb = asyncio.run(_kb_with_old_rows(tmp_path / "kb"))
    kb.close()
    monkeypatch.setenv("CHROMA_PERSIST_DIR", str(tmp_path / "kb"))
    monkeypatch.setenv("EMBEDDING_BACKEND", "torch")
    assert main(["kb", "doctor"]) == 2
    out = capsys.readouterr().out
    assert "3 document(s) with an unusable source" in out and "http://[zz]/honey" in out
    assert main(["kb", "doctor", "--fix", "--export", str(tmp_path / "out.jsonl")]) == 0
    assert (tmp_path / "out.jsonl").exists()
    assert main(["kb", "doctor"]) == 0
    assert "0 with a source to normalise, 0 document(s)" in capsys.readouterr().out
