"""claimcheck — the search layer: providers behind one Protocol, tiered escalation, the SSRF-guarded fetcher, URL parsing.

The names below are the package's public API (pinned by tests/test_public_api.py); they are
imported on first use (lazy_loader), so `import search` stays cheap. docs/architecture.md describes the layers.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach(
    __name__,
    submod_attrs={
        "base": ["SearchError", "SearchProvider", "SearchResult"],
        "registry": ["ProviderContext", "make_provider"],
        "escalation": [
            "NO_DOMAINS",
            "CallPolicy",
            "SearchEscalation",
            "Tier",
            "TierOutcome",
            "TierPlan",
        ],
        "extract": ["PageText", "UnreadablePage", "extract_page"],
        "fetch": [
            "FetchError",
            "FetchInvalidUrl",
            "FetchPolicy",
            "FetchRefused",
            "Fetcher",
            "UrlCheck",
        ],
        "urls": ["FORBIDDEN_CHARS", "InvalidUrl", "normalise_url", "usable_source"],
    },
)
