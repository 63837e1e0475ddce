"""claimcheck — the HTTP layer: the FastAPI app, settings, the composition root (`app.runtime.runtime`), the verification service, the CLI.

The names below are the package's public API (pinned by tests/test_public_api.py); they are
imported on first use (lazy_loader), so `import app` stays cheap. docs/architecture.md describes the layers.
"""

import lazy_loader

__getattr__, __dir__, __all__ = lazy_loader.attach(
    __name__,
    submod_attrs={
        "main": ["create_app"],
        "config": ["Settings"],
        "runtime": ["Runtime"],
        "verification": ["VerificationService", "to_response"],
    },
)
