"""The ASGI application: `create_app(settings)`; `app.main:app` builds one from the environment."""

from __future__ import annotations

import gc
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles
from starlette.routing import Route
from swagger_ui_bundle import swagger_ui_path

from app.config import Settings
from app.disconnect import CancelOnDisconnect
from app.errors import install_error_handlers
from app.jobs_api import router as jobs_router
from app.limits import BodySizeLimit
from app.mcp import McpEndpoint, build_mcp, transport_security
from app.records import router as records_router
from app.routes import router
from app.runtime import runtime
from app.schemas.jobs import document_jobs
from app.security import install_edge
from retrieval.embeddings import Embedder

log = logging.getLogger("claimcheck")


@asynccontextmanager
async def _serving(
    app: FastAPI, settings: Settings, embedder: Embedder | None, mcp: McpEndpoint
) -> AsyncIterator[None]:
    """The server's lifetime: the runtime (with batch jobs, docs/jobs.md; records share their
    database, docs/records.md), then the /mcp transport; closed in the reverse order."""
    async with runtime(
        settings,
        embedder=embedder,
        seed=settings.AUTO_SEED,
        jobs=True,
        edge_status=app.state.edge_status,
    ) as running:
        app.state.runtime = running
        app.state.jobs = running.jobs.service if running.jobs else None
        app.state.records = running.jobs.recorder if running.jobs else None
        # Everything loaded so far (models, clients, tables) lives as long as the server: move it
        # out of the collector's reach, or each full collection walks millions of model objects
        # with the event loop stopped (the /api/health p99 spikes of issue 10 were those pauses:
        # 281 ms p99 during a 16-claim burst before, see docs/measurements.md).
        gc.freeze()
        try:
            async with mcp.running():  # the /mcp transport and its task group, new for each start
                yield
        finally:
            gc.unfreeze()  # what the server held may be collected again once it is gone


def create_app(settings: Settings | None = None, *, embedder: Embedder | None = None) -> FastAPI:
    """Build the app. Heavy resources are created in the lifespan, not here."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        try:
            async with _serving(app, settings, embedder, mcp):
                yield
        finally:
            await limiter.aclose()

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
    app.include_router(jobs_router)
    app.include_router(records_router)
    document_jobs(app)
    # MCP over Streamable HTTP at /mcp, behind the same keys, CORS and rate limit as /api/ (docs/mcp.md).
    # Stateless: any replica answers any request, and progress goes out on each call's own stream.
    mcp = McpEndpoint(
        build_mcp(lambda: app.state.runtime),
        transport_security(settings.HOST, list(settings.CORS_ORIGINS)),
    )
    app.router.routes.append(Route("/mcp", endpoint=mcp, methods=["GET", "POST", "DELETE"]))
    app.mount("/docs-assets", StaticFiles(directory=str(swagger_ui_path)), name="docs-assets")
    # a verification whose client went away is cancelled and frees its slot (app/disconnect.py)
    app.add_middleware(CancelOnDisconnect)
    app.add_middleware(
        BodySizeLimit,
        max_bytes=settings.MAX_BODY_BYTES,
        per_path={
            "/api/kb/documents": settings.KB_MAX_BODY_BYTES,
            "/api/jobs": settings.JOB_MAX_BODY_BYTES,
        },
    )
    # Keys, rate limit and exact-origin CORS (outermost, so even a 401/413/429 carries its headers).
    limiter = install_edge(app, settings)
    return app


def __getattr__(name: str) -> FastAPI:
    # `uvicorn app.main:app` builds the app on first access, never at import time.
    if name == "app":
        return create_app()
    raise AttributeError(name)
