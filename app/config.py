"""One `Settings` object, read from the environment and `.env`, validated at start-up.

Names are the seed system's (no prefix); `.env.example` lists every field with its default.
Tests build their own `Settings(...)` and pass it to `create_app(settings)`.
"""

from __future__ import annotations

import re
from typing import Literal

from pydantic import SecretStr, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from app._settings_fields import ModelFields, SearchFields, ServiceFields
from search.urls import parse_allowed_host

MIN_API_KEY_CHARS = 16


def _split_csv(value: object) -> object:
    if value is None:
        return ()
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    return value


class Settings(ServiceFields, SearchFields, ModelFields, BaseSettings):
    """Every knob of the service (fields: app/_settings_fields.py). Unknown environment variables
    are ignored."""

    model_config = SettingsConfigDict(env_file=".env", extra="ignore", case_sensitive=False)

    @field_validator(
        "TRUSTED_DOMAINS",
        "DDGS_BACKENDS",
        "FACT_CHECK_DOMAINS",
        "FETCH_ALLOW_HOSTS",
        "API_KEYS",
        "CORS_ORIGINS",
        "ALLOWED_HOSTS",
        "REVIEWER_KEYS",
        mode="before",
    )
    @classmethod
    def _csv(cls, value: object) -> object:
        return _split_csv(value)

    @field_validator("CORS_ORIGINS")
    @classmethod
    def _exact_origins(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for origin in value:
            if not _ORIGIN.fullmatch(origin):
                raise ValueError(
                    f"CORS_ORIGINS takes exact origins like chrome-extension://<id> or "
                    f"https://app.example (scheme://host[:port], no path, no '*', no 'null'); got {origin!r}"
                )
        return tuple(origin.lower() for origin in value)  # scheme and host are case-insensitive

    @field_validator("FETCH_ALLOW_HOSTS")
    @classmethod
    def _allowed_hosts(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        for entry in value:
            parse_allowed_host(entry)  # ValueError names the entry and the accepted forms
        return value

    @field_validator("API_KEYS")
    @classmethod
    def _long_keys(cls, value: tuple[SecretStr, ...]) -> tuple[SecretStr, ...]:
        for number, key in enumerate(value, start=1):
            if len(key.get_secret_value()) < MIN_API_KEY_CHARS:
                raise ValueError(
                    f"API key #{number} has fewer than {MIN_API_KEY_CHARS} characters; make one with "
                    "python -c 'import secrets; print(secrets.token_urlsafe(32))'"
                )
        return value

    @field_validator("REVIEWER_KEYS")
    @classmethod
    def _reviewer_keys(cls, value: tuple[SecretStr, ...]) -> tuple[SecretStr, ...]:
        names = set()
        for number, pair in enumerate(value, start=1):
            name, sep, key = pair.get_secret_value().partition(":")
            if not sep or not _REVIEWER_NAME.fullmatch(name.strip()):
                raise ValueError(
                    f"REVIEWER_KEYS entry #{number} must be name:key (a name of letters, digits, "
                    "spaces, . _ - @, up to 64 characters)"
                )
            if len(key.strip()) < MIN_API_KEY_CHARS:
                raise ValueError(
                    f"REVIEWER_KEYS entry #{number} ({name.strip()}) has a key of fewer than "
                    f"{MIN_API_KEY_CHARS} characters"
                )
            if name.strip() in names:
                raise ValueError(f"REVIEWER_KEYS names {name.strip()!r} twice")
            names.add(name.strip())
        return value

    @field_validator("SEARCH_PROVIDER", "RERANKER_MODEL", mode="before")
    @classmethod
    def _strip(cls, value: object) -> object:
        return value.strip() if isinstance(value, str) else value

    @field_validator(
        "OPENAI_API_KEY",
        "OPENAI_BASE_URL",
        "CHROMA_HOST",
        "SEARXNG_URL",
        "REDIS_URL",
        "DATABASE_URL",
        "WEBHOOK_SECRET",
        "SEARCH_DEADLINE_S",
        "EMBEDDING_CACHE_DIR",
        "CLAIMREVIEW_AUTHOR_URL",
        "CLAIMREVIEW_URL_TEMPLATE",
        "VERIFY_RESERVE_S",
        "RECORD_TTL_DAYS",
        "REVIEW_URL",
        "ARCHIVE_ACCESS_KEY",
        "ARCHIVE_SECRET_KEY",
        mode="before",
    )
    @classmethod
    def _empty_is_unset(cls, value: object) -> object:
        if isinstance(value, str) and not value.strip():
            return None
        return value

    @field_validator("GROUNDING_PROFILE")
    @classmethod
    def _profile(cls, value: str) -> str:
        from agent.check import profile_named

        return profile_named(value).name

    @field_validator("RATE_LIMIT")
    @classmethod
    def _rate_limit(cls, value: str) -> str:
        parse_rate(value)
        return value

    @model_validator(mode="after")
    def _consistent(self) -> Settings:
        if self.SEARCH_PROVIDER.lower() == "searxng" and not self.SEARXNG_URL:
            raise ValueError(
                "SEARCH_PROVIDER=searxng needs SEARXNG_URL (e.g. http://127.0.0.1:8080)"
            )
        if self.JOB_QUEUE == "redis" and not self.REDIS_URL:
            raise ValueError(
                "JOB_QUEUE=redis needs REDIS_URL (the queue `claimcheck worker` processes read)"
            )
        if self.JOB_QUEUE == "redis" and self.DATABASE_URL is None:
            raise ValueError(
                "JOB_QUEUE=redis needs DATABASE_URL, a jobs database the API and its workers share "
                "(postgresql://…, or one sqlite:///path file on one machine): without it each process keeps "
                "its own SQLite file beside its KB, and no worker would ever see this API's jobs"
            )
        if self.CLAIMREVIEW_URL_TEMPLATE is not None:
            import string

            fields = {
                name
                for _, name, _, _ in string.Formatter().parse(self.CLAIMREVIEW_URL_TEMPLATE)
                if name is not None
            }
            if not fields or fields - {"id", "job"}:
                raise ValueError(
                    "CLAIMREVIEW_URL_TEMPLATE names each review's page with {id} (and {job}), e.g. "
                    f"https://factcheck.example.org/reviews/{{id}}; it has {sorted(fields)}"
                )
        if self.TOP_K_RERANK > self.TOP_K_RETRIEVAL:
            raise ValueError("TOP_K_RERANK must not exceed TOP_K_RETRIEVAL")
        if self.VERIFY_RESERVE_S is None:
            self.VERIFY_RESERVE_S = min(5.0, self.VERIFY_DEADLINE_S / 5)
        if self.VERIFY_RESERVE_S >= self.VERIFY_DEADLINE_S:
            raise ValueError("VERIFY_RESERVE_S must be shorter than VERIFY_DEADLINE_S")
        if self.SEARCH_DEADLINE_S is None:
            self.SEARCH_DEADLINE_S = 2 * self.SEARCH_TIMEOUT_S
        if self.SEARCH_RATE_PER_S is None:
            self.SEARCH_RATE_PER_S = 0.0 if self.SEARCH_PROVIDER.lower() == "searxng" else 2.0
        if self.SEARCH_MAX_CONCURRENCY is None:
            self.SEARCH_MAX_CONCURRENCY = 16 if self.SEARCH_PROVIDER.lower() == "searxng" else 6
        return self

    @property
    def allowed_hosts(self) -> frozenset[str] | None:
        """The Host names /api/* answers for (lower case, no port), or None: no check."""
        if "*" in self.ALLOWED_HOSTS:
            return None
        if self.ALLOWED_HOSTS:
            return frozenset(h.strip().strip("[]").lower() for h in self.ALLOWED_HOSTS)
        if self.HOST.strip("[]") in LOOPBACK_HOSTS:
            return frozenset(LOOPBACK_HOSTS | {self.HOST.strip("[]").lower()})
        return None

    @property
    def llm_configured(self) -> bool:
        return bool(self.OPENAI_API_KEY or self.OPENAI_BASE_URL)

    @property
    def openai_api_key(self) -> str | None:
        """The LLM key in clear, for the one client that sends it."""
        return self.OPENAI_API_KEY.get_secret_value() if self.OPENAI_API_KEY else None

    @property
    def factcheck_api_key(self) -> str | None:
        return self.FACTCHECK_API_KEY.get_secret_value() if self.FACTCHECK_API_KEY else None

    @property
    def redis_url(self) -> str | None:
        return self.REDIS_URL.get_secret_value() if self.REDIS_URL else None

    @property
    def reviewers(self) -> dict[str, str]:
        """REVIEWER_KEYS as key → reviewer name (in clear: for the edge and the review route only)."""
        pairs = (pair.get_secret_value().partition(":") for pair in self.REVIEWER_KEYS)
        return {key.strip(): name.strip() for name, _, key in pairs}

    @property
    def job_queue(self) -> Literal["redis", "inprocess"]:
        """Where job items run (JOB_QUEUE resolved): the Redis queue needs REDIS_URL and a shared
        DATABASE_URL; with REDIS_URL alone (shared caches and rate limits) items run in the API."""
        if self.JOB_QUEUE == "auto":
            return "redis" if self.REDIS_URL and self.DATABASE_URL is not None else "inprocess"
        return self.JOB_QUEUE

    @property
    def job_queue_reason(self) -> str | None:
        """Why JOB_QUEUE=auto runs items in the API although REDIS_URL is set (for /api/health)."""
        if self.JOB_QUEUE == "auto" and self.REDIS_URL and self.DATABASE_URL is None:
            return (
                "REDIS_URL is set but DATABASE_URL is not: job items run in this process, since workers "
                "could not see its own SQLite jobs database; set DATABASE_URL (shared) to use workers"
            )
        return None

    @property
    def database_url(self) -> str:
        """The jobs database as SQLAlchemy reads it (async drivers: aiosqlite, asyncpg)."""
        if self.DATABASE_URL is None:
            path = self.CHROMA_PERSIST_DIR.with_name(self.CHROMA_PERSIST_DIR.name + "-jobs.sqlite3")
            return f"sqlite+aiosqlite:///{path.resolve()}"
        url = self.DATABASE_URL.get_secret_value()
        for plain, driver in (
            ("postgresql://", "postgresql+asyncpg://"),
            ("postgres://", "postgresql+asyncpg://"),
            ("sqlite://", "sqlite+aiosqlite://"),
        ):
            if url.startswith(plain):
                return driver + url[len(plain) :]
        return url


LOOPBACK_HOSTS = frozenset(
    {"localhost", "127.0.0.1", "::1", "localhost.localdomain", "ip6-localhost"}
)
_REVIEWER_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 ._@-]{0,63}")

# scheme://host[:port]: what browsers send in `Origin` (chrome-extension://<id>, https://app.example).
_ORIGIN = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://[A-Za-z0-9.-]+(:[0-9]{1,5})?")

_PERIODS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}


def parse_rate(value: str) -> tuple[int, int]:
    """'30/minute' → (30, 60). Raises ValueError with the accepted forms."""
    try:
        count, period = value.strip().lower().split("/", 1)
        period = period.rstrip("s") or period
        return int(count), _PERIODS[period]
    except (ValueError, KeyError):
        raise ValueError(
            f"RATE_LIMIT must look like '30/minute' (per second|minute|hour|day), got {value!r}"
        ) from None


def render_env_example() -> str:
    """The text of `.env.example`: every setting with its default (kept in sync by a test)."""
    lines = [
        "# claimcheck settings: every name with its default. Copy to .env and edit.",
        "# Lists are comma-separated. An LLM is configured when OPENAI_API_KEY or OPENAI_BASE_URL is set.",
        "",
    ]
    for name, info in Settings.model_fields.items():
        default = info.default
        if default is None:
            value = ""
        elif isinstance(default, tuple):
            value = ",".join(default)
        elif isinstance(default, bool):
            value = str(default).lower()
        else:
            value = str(default)
        lines.append(f"{name}={value}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    print(render_env_example(), end="")
