"""The HTTP edge: who gets in (API keys), how often (rate limits) and from which pages (CORS).

One pure ASGI middleware, `EdgeGuard`, covers every path under `/api/` except `/api/health`, so
routes added later are protected without opting in:

    request ─ CORS (exact origins, outermost) ─ EdgeGuard ─ BodySizeLimit ─ routes
                                                 │
                        identify: X-API-Key or Authorization: Bearer, compared in constant time
                        rate limit: per key when one matched, else per client address → 429
                        API_KEYS set and no key matched → 401

A wrong key is charged to the caller's address, so guessing keys runs into 429 as well.
Keys never leave this module in clear: a matched key is known by a short fingerprint.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import math
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from limits import RateLimitItemPerSecond
from limits.aio.storage import MemoryStorage, RedisStorage
from limits.aio.strategies import MovingWindowRateLimiter
from limits.errors import StorageError
from pydantic import SecretStr
from starlette.datastructures import Headers
from starlette.middleware.cors import CORSMiddleware
from starlette.responses import Response
from starlette.types import ASGIApp, Receive, Scope, Send

from app.config import Settings, parse_rate
from app.errors import error_response

log = logging.getLogger("claimcheck")

OPEN_API_PATHS = frozenset({"/api/health"})
REDIS_TIMEOUT_S = 1.0
AUTH_HINT = "send X-API-Key: <key> or Authorization: Bearer <key>"


def is_protected(path: str) -> bool:
    """Everything under /api/ but the health check, and the MCP endpoint; the try-it page and the
    docs stay open."""
    if path == "/mcp" or path.startswith("/mcp/"):
        return True
    return path.startswith("/api/") and path.rstrip("/") not in OPEN_API_PATHS


JOB_STATUS = re.compile(r"^/api/jobs/[^/]+(/events)?/?$")


def is_counted(method: str, path: str) -> bool:
    """Whether a request counts against RATE_LIMIT: all protected ones but a job's status and its
    progress stream (a client following a job polls it; a cheap read of its own job, still behind
    the key). Submitting, listing, cancelling and downloading count."""
    return not (method == "GET" and JOB_STATUS.match(path))


def _digest(value: str) -> bytes:
    return hashlib.sha256(value.encode("utf-8", "surrogateescape")).digest()


class ApiKeys:
    """The configured keys, held as SHA-256 digests; every check compares against all of them."""

    def __init__(self, keys: Sequence[SecretStr]) -> None:
        self._keys = [
            (_digest(k.get_secret_value()).hex()[:12], _digest(k.get_secret_value())) for k in keys
        ]

    @property
    def enabled(self) -> bool:
        return bool(self._keys)

    def __len__(self) -> int:
        return len(self._keys)

    def identify(self, presented: str | None) -> str | None:
        """The fingerprint of the key that matches, or None.

        Digests have one length, so `compare_digest` takes the same time for every input, and the
        loop never stops early: the time does not tell which key (or how much of one) matched.
        """
        if presented is None:
            return None
        candidate = _digest(presented)
        match = None
        for fingerprint, digest in self._keys:
            if hmac.compare_digest(candidate, digest):
                match = fingerprint
        return match


def presented_key(headers: Headers) -> str | None:
    """The key from `X-API-Key`, else from `Authorization: Bearer <key>`; None when neither is sent."""
    key = headers.get("x-api-key")
    if key:
        return key.strip()
    scheme, _, token = headers.get("authorization", "").partition(" ")
    if scheme.lower() == "bearer" and token.strip():
        return token.strip()
    return None


@dataclass(frozen=True)
class Decision:
    allowed: bool
    retry_after_s: int = 0


class RateLimit:
    """`RATE_LIMIT` per identity over a moving window, with the `limits` library.

    In-process by default; in Redis when `REDIS_URL` is set, so replicas share one quota. When
    Redis fails the request is counted in-process instead (per replica), logged and shown in
    health, rather than failing the request or letting it through uncounted.
    """

    def __init__(self, rate: str, redis_url: str | None = None) -> None:
        count, seconds = parse_rate(rate)
        self.rate = rate
        self.item = RateLimitItemPerSecond(count, seconds)
        self._local_storage = MemoryStorage()
        self._local = MovingWindowRateLimiter(self._local_storage)
        self._pool: Any = None
        self._shared: MovingWindowRateLimiter | None = None
        self.last_error: str | None = None
        self._last_error_at = 0.0
        if redis_url:
            import redis.asyncio

            # Our own pool, so every call has a timeout and shutdown can close it.
            self._pool = redis.asyncio.ConnectionPool.from_url(
                redis_url, socket_timeout=REDIS_TIMEOUT_S, socket_connect_timeout=REDIS_TIMEOUT_S
            )
            self._shared = MovingWindowRateLimiter(
                RedisStorage(
                    "async+redis://",
                    implementation="redispy",
                    wrap_exceptions=True,
                    key_prefix="claimcheck",
                    connection_pool=self._pool,
                )
            )

    @property
    def store(self) -> str:
        return "redis" if self._shared is not None else "memory"

    async def hit(self, identity: str) -> Decision:
        limiter = self._shared or self._local
        try:
            return await self._hit(limiter, identity)
        except StorageError as exc:
            self._note_failure(exc)
            return await self._hit(self._local, identity)

    async def _hit(self, limiter: MovingWindowRateLimiter, identity: str) -> Decision:
        if await limiter.hit(self.item, identity):
            return Decision(True)
        reset_at, _ = await limiter.get_window_stats(self.item, identity)
        return Decision(False, max(1, math.ceil(reset_at - time.time())))

    def _note_failure(self, exc: Exception) -> None:
        # No URL in the message: REDIS_URL may carry a password.
        self.last_error = (
            f"{type(exc.__cause__ or exc).__name__}: rate limits counted per replica meanwhile"
        )
        now = time.monotonic()
        if now - self._last_error_at > 60:
            log.warning("rate-limit store (redis) failed; counting in-process: %s", self.last_error)
        self._last_error_at = now

    def health(self) -> dict[str, Any]:
        recent = self.last_error is not None and time.monotonic() - self._last_error_at < 300
        return {
            "rate_limit": self.rate,
            "store": self.store,
            "fallback": "memory" if recent else None,
            "last_error": self.last_error if recent else None,
        }

    async def aclose(self) -> None:
        # `limits` storages have no close(): cancel the in-memory expiry task and drop Redis sockets.
        timer = getattr(self._local_storage, "timer", None)
        if timer is not None:
            timer.cancel()
        if self._pool is not None:
            await self._pool.disconnect()


class EdgeGuard:
    """Pure ASGI middleware: rate limit, then API keys, for every protected path."""

    def __init__(self, app: ASGIApp, *, keys: ApiKeys, limiter: RateLimit) -> None:
        self.app = app
        self.keys = keys
        self.limiter = limiter

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not is_protected(scope["path"]):
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        presented = presented_key(headers)
        fingerprint = self.keys.identify(presented) if self.keys.enabled else None
        client = scope.get("client")
        identity = (
            f"key:{fingerprint}" if fingerprint else f"addr:{client[0] if client else 'unknown'}"
        )
        decision = (
            await self.limiter.hit(identity) if is_counted(scope["method"], scope["path"]) else None
        )
        if decision is not None and not decision.allowed:
            response: Response = error_response(
                429,
                "rate_limited",
                f"more than {self.limiter.rate} requests; retry after {decision.retry_after_s} s",
                headers={"Retry-After": str(decision.retry_after_s)},
            )
        elif self.keys.enabled and fingerprint is None:
            detail = (
                f"invalid API key: {AUTH_HINT}" if presented else f"missing API key: {AUTH_HINT}"
            )
            response = error_response(
                401,
                "unauthorized",
                detail,
                headers={"WWW-Authenticate": 'Bearer realm="claimcheck"'},
            )
        else:
            # who is asking, for routes that keep things per key (batch jobs): the fingerprint, or
            # "" when no keys are configured (one tenant)
            scope.setdefault("state", {})["api_key"] = fingerprint or ""
            await self.app(scope, receive, send)
            return
        await response(scope, receive, send)


class HostGuard:
    """Pure ASGI middleware: /api/* answers only for the Host names in ALLOWED_HOSTS, 421 for any
    other (a DNS-rebinding page reaches a loopback server under its own name), as /mcp does."""

    def __init__(self, app: ASGIApp, *, allowed: frozenset[str]) -> None:
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or not scope["path"].startswith("/api/"):
            await self.app(scope, receive, send)
            return
        host = host_name(Headers(scope=scope).get("host", ""))
        if host in self.allowed:
            await self.app(scope, receive, send)
            return
        shown = host.encode("ascii", "backslashreplace").decode()[:100] or "(none)"
        response = error_response(
            421,
            "misdirected_request",
            f"this server does not answer for the host "
            f"{shown!r}; the names it answers for are set by ALLOWED_HOSTS",
        )
        await response(scope, receive, send)


def host_name(header: str) -> str:
    """The host of a Host header, without its port, lower case ('[::1]:8000' → '::1')."""
    header = header.strip().lower()
    if header.startswith("["):
        return header[1:].split("]", 1)[0]
    return header.rsplit(":", 1)[0] if header.count(":") == 1 else header


class ExactOriginCORS(CORSMiddleware):
    """Starlette's CORS with exact origins only; a refused preflight answers in our JSON shape."""

    def preflight_response(self, request_headers: Headers) -> Response:
        response = super().preflight_response(request_headers)
        if response.status_code != 400:
            return response
        headers = {
            k: v
            for k, v in response.headers.items()
            if k.lower() not in {"content-length", "content-type"}
        }
        return error_response(400, "cors_refused", bytes(response.body).decode(), headers=headers)


def install_edge(app: FastAPI, settings: Settings) -> RateLimit:
    """Add the guard and CORS around the app (CORS outermost, so 401/413/429 carry its headers)."""
    # reviewers' keys (REVIEWER_KEYS) pass the edge like API keys when keys are required
    reviewer_keys = [SecretStr(key) for key in settings.reviewers] if settings.API_KEYS else []
    keys = ApiKeys([*settings.API_KEYS, *reviewer_keys])
    limiter = RateLimit(settings.RATE_LIMIT, settings.redis_url)
    app.add_middleware(EdgeGuard, keys=keys, limiter=limiter)
    allowed = settings.allowed_hosts
    if allowed is not None:  # outside the key check: a foreign Host is refused before anything
        app.add_middleware(HostGuard, allowed=allowed)
    if settings.CORS_ORIGINS:
        app.add_middleware(
            ExactOriginCORS,
            allow_origins=list(settings.CORS_ORIGINS),
            allow_credentials=False,
            allow_methods=["GET", "POST", "DELETE"],
            allow_headers=[
                "authorization",
                "content-type",
                "x-api-key",
                "mcp-protocol-version",
                "mcp-session-id",
                "last-event-id",
            ],
            expose_headers=["retry-after", "mcp-session-id"],
            max_age=600,
        )
    document_security(app, keys_enabled=keys.enabled)
    app.state.edge_status = lambda: {
        "api_keys": {"configured": keys.enabled, "count": len(keys)},
        "allowed_hosts": sorted(allowed) if allowed is not None else "any",
        "cors_origins": list(settings.CORS_ORIGINS),
        **limiter.health(),
    }
    return limiter


def document_security(app: FastAPI, *, keys_enabled: bool) -> None:
    """Put what EdgeGuard enforces into the OpenAPI schema: the key schemes, 401 and 429."""
    build: Callable[[], dict[str, Any]] = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = build()
        error_ref = {"$ref": "#/components/schemas/ErrorBody"}
        if keys_enabled:
            schema.setdefault("components", {})["securitySchemes"] = {
                "ApiKeyHeader": {"type": "apiKey", "in": "header", "name": "X-API-Key"},
                "BearerKey": {"type": "http", "scheme": "bearer"},
            }
        for path, operations in schema.get("paths", {}).items():
            if not is_protected(path):
                continue
            for operation in operations.values():
                responses = operation.setdefault("responses", {})
                responses.setdefault(
                    "429",
                    {
                        "description": "Rate limited; see Retry-After",
                        "content": {"application/json": {"schema": error_ref}},
                    },
                )
                if keys_enabled:
                    operation["security"] = [{"ApiKeyHeader": []}, {"BearerKey": []}]
                    responses.setdefault(
                        "401",
                        {
                            "description": "Missing or invalid API key",
                            "content": {"application/json": {"schema": error_ref}},
                        },
                    )
        if "ErrorBody" not in schema.get("components", {}).get("schemas", {}):
            from app.schemas.common import ErrorBody

            schema.setdefault("components", {}).setdefault("schemas", {})["ErrorBody"] = (
                ErrorBody.model_json_schema()
            )
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]
