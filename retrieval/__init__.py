"""claimcheck — the retrieval layer: embeddings, the Chroma knowledge base and its lexical sidecar, reranking, credibility, batching.

The names below are the package's public API (pinned by tests/test_public_api.py); they are
imported on first use (lazy_loader), so `import retrieval` stays cheap. docs/architecture.md describes the layers.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach(
    __name__,
    submod_attrs={
        "documents": ["AddReport", "Document", "Origin", "StoredDocument", "utc_now"],
        "retriever": ["Candidate", "EvidenceRetriever", "RetrievalConfig", "Retriever"],
        "memory": ["MemoryRetriever"],
        "writer": ["BackgroundWriter"],
        "knowledge_base": ["ChromaKnowledgeBase", "check_directory_free"],
        "embeddings": ["Embedder", "EmbedderStatus", "load_embedder"],
        "embedding_cache": ["CachedEmbedder", "make_vector_cache"],
        "batching": ["BatchPolicy", "BatchedCrossEncoder", "BatchedEmbedder"],
        "concurrency": ["InferenceLane", "run_blocking", "set_inference_threads"],
        "chunking": ["chunk_document"],
        "dedup": ["dedupe"],
        "errors": ["DocumentNotFound", "KnowledgeBaseError", "ModelUnavailable"],
        "rerank": [
            "EMBEDDING_SCALE",
            "CrossEncoderReranker",
            "EmbeddingReranker",
            "RelevanceScale",
            "Reranker",
            "RerankerStatus",
            "hybrid_embedding_scale",
            "load_reranker",
        ],
        "credibility": [
            "DEFAULT_FACT_CHECK_DOMAINS",
            "DEFAULT_TRUSTED_DOMAINS",
            "is_fact_checker",
            "profile_for",
            "registered_domain",
        ],
        "model_files": ["MINILM_NAMES", "hub_reachable", "resolve_model"],
    },
)
