"""claimcheck — the seed facts and the idempotent seeding of an empty knowledge base.

The names below are the package's public API (pinned by tests/test_public_api.py); they are
imported on first use (lazy_loader), so `import seed` stays cheap. docs/architecture.md describes the layers.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach(
    __name__,
    submod_attrs={
        "seeding": [
            "SEED_FILE",
            "SeedFileError",
            "ingest",
            "read_jsonl_documents",
            "seed_if_empty",
        ],
    },
)
