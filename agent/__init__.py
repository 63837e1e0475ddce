"""claimcheck — the agent layer: the verifier and its stages, one package per stage.

    verifier.py  the flow of one claim, top to bottom (Verifier.verify)
    prior/       0    prior fact-checks: the Fact Check Tools API, which reviews match the claim
    classify/    1    the claim's type and checkable part, its language; the local text heads
    gather/      2–6  the knowledge base, the web, the caller's references, the final choice
    judge/       7–8  quotes and stances, freshness and the claim's time, the verdict
    trust/       7    source trust by the groundcheck standard; the source audit
    check/       9    citations backed by their evidence, the grounding re-check
    passages/         a passage's check-worthy claims, each verified
    llm/              the chat model and the shapes of its answers

and beside them the values and helpers they share: models.py (values passed between stages),
run.py (what one verification carries: trace, counters), prompts.py, sentences.py, balance.py
(political balance), cache.py (the verdict cache), plain.py (plain language for readers).

A package's __init__ is its public face: other packages import only from it; inside a package
the private modules (``_name.py``) import each other. Imports point one way — llm, models, run,
prompts, sentences, balance ← classify, prior ← gather, judge ← trust, check ← verifier ←
passages — and none is written inside a function, except the heavy optional libraries, loaded by
the function that first needs them so that importing the package stays cheap: torch,
transformers and safetensors (judge.local, judge._align, classify._heads), sentence-transformers
(judge._nli), openai (llm._client), py3langid (classify._language), pint (judge._quantities),
pysbd (sentences), redis (cache).

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
