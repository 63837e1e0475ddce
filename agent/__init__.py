"""claimcheck — the agent layer: the verifier and its stages, the judges, the LLM client, source trust.

The names below are the package's public API (pinned by tests/test_public_api.py); they are
imported on first use (lazy_loader), so `import agent` stays cheap. docs/architecture.md describes the layers.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach(
    __name__,
    submod_attrs={
        "verifier": ["Verifier", "VerifierConfig", "VerifyOptions"],
        "models": ["ClaimType", "Evidence", "EvidenceOrigin", "Verdict", "VerificationResult"],
        "gather": ["Gathered", "Gatherer", "ReferenceRefused"],
        "cache": ["MemoryCache", "TextCache", "make_cache", "verdict_key"],
        "check": ["PROFILES", "UnknownProfile", "profile_named"],
        "classify": ["CHECKWORTHY_WEIGHTS", "SUBJECTIVITY_WEIGHTS", "load_head_classifier"],
        "judge": ["JudgeStatus", "NLIStatus", "load_local_judge", "load_nli"],
        "llm": ["ChatModel", "LLMError", "OpenAIChatModel"],
        "passages": ["PassageBudget", "PassageChecker", "PassageResult"],
        "plain": ["plain_reasoning", "verdict_sentence"],
        "trust": ["SourceAuditor", "content_domain", "find_doi", "unscored_trust"],
    },
)
