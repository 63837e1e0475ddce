"""`claimcheck serve` and `claimcheck kb seed|stats|ingest FILE`."""

from __future__ import annotations

import argparse
import asyncio
import logging
import sys
from pathlib import Path

from pydantic import ValidationError

from app.config import Settings
from retrieval.errors import KnowledgeBaseError, ModelUnavailable


def _settings() -> Settings:
    try:
        return Settings()
    except ValidationError as exc:
        print(f"claimcheck: invalid settings:\n{exc}", file=sys.stderr)
        raise SystemExit(2) from None


def serve(args: argparse.Namespace) -> int:
    import uvicorn

    from app.main import create_app
    from retrieval.knowledge_base import check_directory_free

    settings = _settings()
    host = args.host or settings.HOST
    port = args.port or settings.PORT
    if not settings.CHROMA_HOST:
        try:
            check_directory_free(settings.CHROMA_PERSIST_DIR)
        except KnowledgeBaseError as exc:
            print(f"claimcheck: {exc}", file=sys.stderr)
            return 1
    print(f"claimcheck: serving on http://{host}:{port} (KB: "
          f"{settings.CHROMA_HOST + ':' + str(settings.CHROMA_PORT) if settings.CHROMA_HOST else settings.CHROMA_PERSIST_DIR})",
          file=sys.stderr)
    config = uvicorn.Config(create_app(settings), host=host, port=port, log_level=args.log_level,
                            timeout_graceful_shutdown=10)
    server = uvicorn.Server(config)
    server.run()
    # uvicorn reports a failed lifespan (e.g. the KB lock taken meanwhile) by not starting.
    return 0 if server.started else 1


async def _with_retriever(action):
    from app.services import open_kb, retrieval_config
    from retrieval.concurrency import run_blocking
    from retrieval.embeddings import load_embedder
    from retrieval.rerank import EmbeddingReranker
    from retrieval.retriever import Retriever

    settings = _settings()
    kb = await run_blocking(open_kb, settings)
    try:
        embedder, _ = await run_blocking(load_embedder, settings.EMBEDDING_MODEL,
                                         settings.EMBEDDING_BACKEND, settings.EMBEDDING_CACHE_DIR)
        retriever = Retriever(embedder, kb, EmbeddingReranker(embedder), retrieval_config(settings))
        return await action(retriever)
    finally:
        kb.close()


def kb_command(args: argparse.Namespace) -> int:
    from seed.seeding import SEED_FILE, SeedFileError, ingest, read_jsonl_documents

    async def seed_action(retriever):
        docs = list(read_jsonl_documents(SEED_FILE))
        report = await ingest(retriever, docs)
        print(f"seeded: {report.added} added, {report.duplicates} already present; "
              f"KB now holds {await retriever.kb.count()} documents")

    async def stats_action(retriever):
        stats = await retriever.kb.stats()
        print(f"count: {stats['count']} ({retriever.kb.mode}: {retriever.kb.where})")
        for facet in ("by_source_type", "by_origin"):
            print(f"{facet}: " + ", ".join(f"{k or '?'} {v}" for k, v in stats[facet].items()))
        print(f"oldest: {stats['oldest']}  newest: {stats['newest']}")

    async def ingest_action(retriever):
        from tqdm import tqdm

        docs = list(read_jsonl_documents(Path(args.file), origin="user"))
        # Resumable: stored passages are skipped before embedding, so a re-run after an
        # interruption only embeds what is missing and adds nothing twice.
        with tqdm(total=len(docs), unit="doc", desc="ingest") as bar:
            report = await ingest(retriever, docs, batch_size=args.batch, progress=bar.update)
        print(f"ingested: {report.added} added, {report.duplicates} duplicates; "
              f"KB now holds {await retriever.kb.count()} documents")

    actions = {"seed": seed_action, "stats": stats_action, "ingest": ingest_action}
    try:
        asyncio.run(_with_retriever(actions[args.kb_command]))
    except (KnowledgeBaseError, ModelUnavailable, SeedFileError, OSError) as exc:
        print(f"claimcheck: {exc}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="claimcheck", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    p_serve = commands.add_parser("serve", help="serve the HTTP API")
    p_serve.add_argument("--host")
    p_serve.add_argument("--port", type=int)
    p_serve.add_argument("--log-level", default="info")
    p_serve.set_defaults(func=serve)
    p_kb = commands.add_parser("kb", help="knowledge base tasks")
    kb_sub = p_kb.add_subparsers(dest="kb_command", required=True)
    kb_sub.add_parser("seed", help="add the seed facts (idempotent)")
    kb_sub.add_parser("stats", help="document count")
    p_ingest = kb_sub.add_parser("ingest", help="add documents from a JSONL file {text, source, title?, timestamp?}")
    p_ingest.add_argument("file")
    p_ingest.add_argument("--batch", type=int, default=64)
    p_kb.set_defaults(func=kb_command)
    args = parser.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    return args.func(args)


if __name__ == "__main__":
    raise SystemExit(main())
