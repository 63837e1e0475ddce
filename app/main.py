"""The ASGI application: `create_app(settings)`; `app.main:app` builds one from the environment."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.cors import CORSMiddleware
from fastapi.staticfiles import StaticFiles
from swagger_ui_bundle import swagger_ui_path

from app.config import Settings
from app.errors import install_error_handlers
from app.limits import BodySizeLimit
from app.routes import router
from app.services import build_services
from retrieval.embeddings import Embedder
from seed.seeding import seed_if_empty

log = logging.getLogger("claimcheck")


def create_app(settings: Settings | None = None, *, embedder: Embedder | None = None) -> FastAPI:
    """Build the app. Heavy resources are created in the lifespan, not here."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        services = await build_services(settings, embedder=embedder)
        try:
            if settings.AUTO_SEED:
                report = await seed_if_empty(services.retriever)
                if report is not None:
                    services.seeded = report.added
                    log.info("seeded an empty knowledge base with %d documents", report.added)
            app.state.services = services
            yield
        finally:
            await services.aclose()

    app = FastAPI(
        title="claimcheck",
        version="0.1.0",
        summary="Verify a claim with cited, trust-scored evidence and a trace of what was done.",
        lifespan=lifespan,
        docs_url=None,  # served by app.routes from the swagger-ui-bundle wheel: no CDN needed
        redoc_url=None,
    )
    app.state.settings = settings
    install_error_handlers(app)
    app.include_router(router)
    app.mount("/docs-assets", StaticFiles(directory=str(swagger_ui_path)), name="docs-assets")
    app.add_middleware(BodySizeLimit, max_bytes=settings.MAX_BODY_BYTES)
    if settings.CORS_ORIGINS:
        # Exact origins only (e.g. chrome-extension://<id> for the extension); never a wildcard.
        # Added last = outermost, so even a 413 carries the CORS headers.
        app.add_middleware(CORSMiddleware, allow_origins=list(settings.CORS_ORIGINS),
                           allow_methods=["GET", "POST", "DELETE"],
                           allow_headers=["content-type", "x-api-key"], max_age=600)
    return app


def __getattr__(name: str) -> FastAPI:
    # `uvicorn app.main:app` builds the app on first access, never at import time.
    if name == "app":
        return create_app()
    raise AttributeError(name)
