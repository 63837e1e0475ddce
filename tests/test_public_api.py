"""Each package's public names (`__all__`), pinned: a change to them is a deliberate change of the
API other layers and outside code import. Importing a package stays cheap (names load on use)."""

from __future__ import annotations

import importlib
import subprocess
import sys

import pytest

PUBLIC = {
    "app": [
        "Runtime",
        "Settings",
        "VerificationService",
        "create_app",
        "to_response",
    ],
    "agent": [
        "CHECKWORTHY_WEIGHTS",
        "ChatModel",
        "ClaimType",
        "Evidence",
        "EvidenceOrigin",
        "Gathered",
        "Gatherer",
        "JudgeStatus",
        "LLMError",
        "MemoryCache",
        "NLIStatus",
        "OpenAIChatModel",
        "PROFILES",
        "PassageBudget",
        "PassageChecker",
        "PassageResult",
        "ReferenceRefused",
        "SUBJECTIVITY_WEIGHTS",
        "SourceAuditor",
        "TextCache",
        "UnknownProfile",
        "Verdict",
        "VerificationResult",
        "Verifier",
        "VerifierConfig",
        "VerifyOptions",
        "content_domain",
        "find_doi",
        "load_head_classifier",
        "load_local_judge",
        "load_nli",
        "make_cache",
        "plain_reasoning",
        "profile_named",
        "unscored_trust",
        "verdict_key",
        "verdict_sentence",
    ],
    "retrieval": [
        "AddReport",
        "BackgroundWriter",
        "BatchPolicy",
        "BatchedCrossEncoder",
        "BatchedEmbedder",
        "CachedEmbedder",
        "Candidate",
        "ChromaKnowledgeBase",
        "CrossEncoderReranker",
        "DEFAULT_FACT_CHECK_DOMAINS",
        "DEFAULT_TRUSTED_DOMAINS",
        "Document",
        "DocumentNotFound",
        "EMBEDDING_SCALE",
        "Embedder",
        "EmbedderStatus",
        "EmbeddingReranker",
        "EvidenceRetriever",
        "InferenceLane",
        "KnowledgeBaseError",
        "MINILM_NAMES",
        "MemoryRetriever",
        "ModelUnavailable",
        "Origin",
        "RelevanceScale",
        "Reranker",
        "RerankerStatus",
        "RetrievalConfig",
        "Retriever",
        "StoredDocument",
        "check_directory_free",
        "chunk_document",
        "dedupe",
        "hub_reachable",
        "hybrid_embedding_scale",
        "is_fact_checker",
        "load_embedder",
        "load_reranker",
        "make_vector_cache",
        "profile_for",
        "registered_domain",
        "resolve_model",
        "run_blocking",
        "set_inference_threads",
        "utc_now",
    ],
    "search": [
        "CallPolicy",
        "FORBIDDEN_CHARS",
        "FetchError",
        "FetchInvalidUrl",
        "FetchPolicy",
        "FetchRefused",
        "Fetcher",
        "InvalidUrl",
        "NO_DOMAINS",
        "PageText",
        "ProviderContext",
        "SearchError",
        "SearchEscalation",
        "SearchProvider",
        "SearchResult",
        "Tier",
        "TierOutcome",
        "TierPlan",
        "UnreadablePage",
        "UrlCheck",
        "extract_page",
        "make_provider",
        "normalise_url",
        "usable_source",
    ],
    "seed": ["SEED_FILE", "SeedFileError", "ingest", "read_jsonl_documents", "seed_if_empty"],
}


@pytest.mark.parametrize("package", sorted(PUBLIC))
def test_public_names_are_pinned_and_resolve(package: str) -> None:
    module = importlib.import_module(package)
    assert module.__all__ == sorted(PUBLIC[package])
    for name in module.__all__:
        value = getattr(module, name)
        assert not isinstance(value, type(module)), (
            f"{package}.{name} is a module, not the public name"
        )
        assert name in dir(module)
    with pytest.raises(AttributeError):
        module.not_a_public_name  # noqa: B018


def test_importing_the_packages_loads_no_model_library() -> None:
    code = (
        "import sys, app, agent, retrieval, search, seed; "
        "print(sorted(m for m in ('torch', 'chromadb', 'onnxruntime', 'transformers', 'openai') if m in sys.modules))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_layers_import_one_way() -> None:
    """app → agent → (retrieval, search); retrieval and search never import agent or app. The one
    exception is the URL parser, `search.urls` (pure, no I/O), which every boundary uses."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    allowed = {
        "app": {"agent", "retrieval", "search", "seed"},
        "agent": {"retrieval", "search"},
        "retrieval": set(),
        "search": set(),
        "seed": {"retrieval"},
    }
    wrong = []
    for package, ok in allowed.items():
        for path in (root / package).rglob("*.py"):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = (
                    [node.module]
                    if isinstance(node, ast.ImportFrom) and node.module
                    else [a.name for a in node.names]
                    if isinstance(node, ast.Import)
                    else []
                )
                for name in names:
                    top = name.split(".")[0]
                    if (
                        top in allowed
                        and top != package
                        and top not in ok
                        and name != "search.urls"
                    ):
                        wrong.append(f"{path.relative_to(root)} imports {name}")
    assert wrong == []


def test_only_retrieval_reads_the_knowledge_bases_metadata() -> None:
    """The KB's metadata keys are read through `StoredDocument`'s typed properties
    (retrieval/documents.py): no module of agent/ or app/ touches a `.metadata` dict."""
    import ast
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    readers = [
        f"{path.relative_to(root)}:{node.lineno}"
        for package in ("agent", "app")
        for path in (root / package).rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Attribute) and node.attr == "metadata"
    ]
    assert readers == []
