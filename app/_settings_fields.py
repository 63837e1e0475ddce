"""The fields of `Settings` (app/config.py), in three groups by area; `Settings` inherits them in
this order, so `.env.example` and `Settings.model_fields` list them as they always did. Validators,
derived values and defaults filled in at start-up live on `Settings` itself."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, Field, SecretStr
from pydantic_settings import NoDecode

from retrieval.credibility import DEFAULT_FACT_CHECK_DOMAINS, DEFAULT_TRUSTED_DOMAINS

CsvList = Annotated[tuple[str, ...], NoDecode]
SecretList = Annotated[tuple[SecretStr, ...], NoDecode]


class ModelFields(BaseModel):
    """The LLM, the local models and their inference."""

    # LLM (any OpenAI-compatible endpoint)
    OPENAI_API_KEY: SecretStr | None = None  # SecretStr: never printed, logged or returned
    OPENAI_BASE_URL: str | None = None
    LLM_MODEL: str = "gpt-4o-mini"
    LLM_TEMPERATURE: float = Field(0.1, ge=0.0, le=2.0)
    LLM_TIMEOUT_S: float = Field(30.0, gt=0)
    # Calls per second to the LLM (0 = no limit) with a burst; with REDIS_URL one budget for every
    # API replica and worker (a hosted model's requests-per-minute quota, a small local server).
    LLM_RATE_PER_S: float = Field(0.0, ge=0.0)
    LLM_BURST: int = Field(8, ge=1, le=1000)
    VERDICT_BACKEND: Literal["auto", "llm", "nli", "evidence-only"] = "auto"
    # The local heads that classify claims and pick a passage's check-worthy sentences when no LLM
    # does: "default" (trained on data that allows shipping derived weights) or "research" (also
    # LIAR-PLUS and HealthVer claims: for non-commercial research use only; docs/models.md).
    CLAIM_HEADS: Literal["default", "research"] = "default"
    # A model with published fact-verification figures (FactCG-DeBERTa-v3-Large, MIT, 0.4B:
    # LLM-AggreFact balanced accuracy 75.6); fetched once from the hub when reachable
    # (`claimcheck models pull`), else the local judge answers. "none": never load one.
    NLI_MODEL: str = "yaxili96/FactCG-DeBERTa-v3-Large"
    # The judge that ships with claimcheck (agent/data/judge.*): answers stances, verdicts and
    # citation checks when no LLM is configured and NLI_MODEL cannot load. false: the lexical
    # heuristic and evidence-only verdicts instead.
    LOCAL_JUDGE: bool = True
    # The local judge's runtime, both of its networks: per-row int8 ONNX (default: each token's
    # activations quantised on their own scale, so a pair's stance depends on that pair alone;
    # about a third faster here, with the same held-out verdicts: docs/judge.md "Runtime"), fp32
    # ONNX (torch's logits within 1e-6) or torch. ONNX graphs are exported once into
    # EMBEDDING_CACHE_DIR; an export that fails falls back to torch, visibly.
    JUDGE_BACKEND: Literal["onnx-int8", "onnx", "torch"] = "onnx-int8"
    # The local judge's word-alignment stage (agent/judge/_align.py): a second opinion that compares claim
    # and evidence word by word, stacked on the cross-encoder. false: the cross-encoder alone
    # (about half the judge's latency; see docs/judge.md for what each costs and scores).
    JUDGE_ALIGNMENT: bool = True

    # Models
    EMBEDDING_MODEL: str = "all-MiniLM-L6-v2"
    RERANKER_MODEL: str = "cross-encoder/ms-marco-MiniLM-L-6-v2"
    EMBEDDING_BACKEND: Literal["onnx-int8", "onnx", "torch"] = "onnx-int8"
    # The cross-encoder's runtime: fp32 ONNX Runtime (default: torch's scores within 1e-4, faster
    # here), int8 ONNX (faster still, but kept a different top 5 for some claims: docs/measurements.md
    # "Cross-encoder backends") or torch. ONNX is exported once into EMBEDDING_CACHE_DIR; if that
    # fails, torch runs it (health says why).
    RERANKER_BACKEND: Literal["onnx-int8", "onnx", "torch"] = "onnx"
    EMBEDDING_CACHE_DIR: Path | None = (
        None  # unset: ~/.cache/claimcheck/onnx (embedder and reranker exports)
    )

    # Inference (retrieval/batching.py, retrieval/embedding_cache.py)
    # Intra-op threads of torch and ONNX Runtime; 0 = one per core this process may use. Model
    # calls run one at a time, so one call gets every core.
    INFERENCE_THREADS: int = Field(0, ge=0, le=256)
    # ONNX Runtime's idle intra-op threads spin on the CPU waiting for the next call (its
    # default) or sleep (false, ours): spinning took half of a batch worker's CPU per item.
    INFERENCE_SPINNING: bool = False
    # Gather concurrent embedding / cross-encoder requests into one model call: the first request
    # of a batch waits at most INFERENCE_MAX_WAIT_MS for others, a batch holds at most
    # INFERENCE_MAX_BATCH texts or pairs (a larger request goes in chunks). false: every
    # request is its own model call (still one at a time, in a worker thread).
    INFERENCE_BATCHING: bool = True
    INFERENCE_MAX_BATCH: int = Field(64, ge=1, le=4096)
    INFERENCE_MAX_WAIT_MS: float = Field(5.0, ge=0.0, le=1000.0)
    # Vectors of repeated texts: an in-process LRU of this many entries (0 = off), in Redis
    # (with EMBEDDING_CACHE_TTL_S) when REDIS_URL is set.
    EMBEDDING_CACHE_ENTRIES: int = Field(10_000, ge=0)
    EMBEDDING_CACHE_TTL_S: int = Field(7 * 86400, ge=1)


class SearchFields(BaseModel):
    """The vector store, retrieval, web search and prior fact-checks."""

    # Vector store
    CHROMA_PERSIST_DIR: Path = Path("./chroma_db")
    COLLECTION_NAME: str = Field(
        "news_evidence", pattern=r"^[a-zA-Z0-9][a-zA-Z0-9._-]{1,510}[a-zA-Z0-9]$"
    )
    CHROMA_HOST: str | None = None
    CHROMA_PORT: int = Field(8000, ge=1, le=65535)
    REDIS_URL: SecretStr | None = None  # may carry a password: a secret like the keys

    # Retrieval
    TOP_K_RETRIEVAL: int = Field(20, ge=1, le=200)
    TOP_K_RERANK: int = Field(5, ge=1, le=50)
    MIN_RELEVANCE_SCORE: float = 0.3
    CREDIBILITY_BOOST_FACTOR: float = Field(0.3, ge=0.0)
    ACCESS_BOOST: float = Field(0.02, ge=0.0)
    RETRIEVAL_FUSION: Literal["blend", "rrf", "dense", "lexical"] = "blend"
    LEXICAL_WEIGHT: float = Field(0.5, ge=0.0, le=2.0)
    RETRIEVAL_DEPTH: int = Field(50, ge=1, le=1000)
    CHUNKING: bool = True
    KB_MAX_BODY_BYTES: int = Field(16 * 1024 * 1024, ge=1024)

    # Web search
    SEARCH_PROVIDER: str = "duckduckgo"
    SEARXNG_URL: str | None = None
    # The ddgs backends SEARCH_PROVIDER=duckduckgo asks (comma-separated; "auto" = every installed
    # text engine but AI-generated encyclopedias such as grokipedia). See docs/search.md.
    DDGS_BACKENDS: CsvList = ("duckduckgo",)
    MAX_SEARCH_RESULTS: int = Field(8, ge=1, le=50)
    SEARCH_TIMEOUT_S: float = Field(10.0, gt=0)
    # Unset: twice SEARCH_TIMEOUT_S (20 s by default), filled in by _consistent.
    SEARCH_DEADLINE_S: float | None = Field(None, gt=0)
    # Unset: 6 for DuckDuckGo (a public service: be polite; one verification's targeted round), 16 for SearXNG (your own instance,
    # which limits its engines itself); filled in by _consistent.
    SEARCH_MAX_CONCURRENCY: int | None = Field(None, ge=1, le=64)
    # Unset: 2/s for DuckDuckGo (a public service: be polite), 0 = no claimcheck-side limit for
    # SearXNG (your own instance: its limiter and engines' limits apply); filled in by _consistent.
    # With REDIS_URL the rate is one budget across API replicas and workers.
    SEARCH_RATE_PER_S: float | None = Field(None, ge=0.0)
    # 9: one verification's worst case, 3 queries (the claim, its keywords, the counter-query) × 3 tiers
    SEARCH_BURST: int = Field(9, ge=1, le=100)
    # The targeted tiers' counter-query (docs/fact-checker-habits.md): the claim's negation, a
    # "myth false debunked" phrasing, or off.
    COUNTER_QUERY: Literal["negation", "debunk", "off"] = "negation"
    TRUSTED_DOMAINS: CsvList = DEFAULT_TRUSTED_DOMAINS
    FACT_CHECK_DOMAINS: CsvList = DEFAULT_FACT_CHECK_DOMAINS

    # Web results go into the KB after the answer is sent (drained at shutdown); false: before it
    INDEX_AFTER_RESPONSE: bool = True
    # KB writes after answers are gathered for this long and written together (web results in
    # one add, access/verdict counters in one update): each embedded Chroma write holds the GIL
    KB_WRITE_BEHIND_S: float = Field(0.5, ge=0.0, le=10.0)

    # Prior fact-checks (docs/fact-checker-habits.md): with a key, the Google Fact Check Tools API is
    # asked for reviews of the claim while it is classified; a matching review becomes evidence.
    FACTCHECK_API_KEY: SecretStr | None = None  # sent as the X-goog-api-key header, never logged
    FACTCHECK_API_URL: str = "https://factchecktools.googleapis.com/v1alpha1/claims:search"
    FACTCHECK_TIMEOUT_S: float = Field(5.0, gt=0)
    FACTCHECK_RATE_PER_S: float = Field(5.0, ge=0.0)  # 0: no claimcheck-side limit
    # Unset: the threshold measured on paraphrase pairs (agent/prior/_match.py, docs/measurements.md).
    FACTCHECK_MIN_SIMILARITY: float | None = Field(None, ge=0.0, le=1.0)


class ServiceFields(BaseModel):
    """Source checks, time limits, the HTTP edge, batch jobs, records and the server."""

    # Source checks and grounding
    URL_CHECK: bool = True
    FETCH_ALLOW_HOSTS: CsvList = ()
    URL_CHECK_TIMEOUT_S: float = Field(4.0, gt=0)
    URL_CHECK_TTL_S: float = Field(3600.0, ge=0)
    URL_CHECK_CONCURRENCY: int = Field(8, ge=1, le=64)
    FETCH_MAX_BYTES: int = Field(2_000_000, ge=1024)
    GROUNDING_TRIGGER: Literal["always", "on_medium_confidence", "never"] = "on_medium_confidence"
    GROUNDING_PROFILE: str = "general"
    CITATION_CHECK: Literal["local", "llm"] = "local"
    VERDICT_CACHE_TTL_S: int = Field(86400, ge=0)

    # Time and failure limits of outside calls (issue 38; docs/configuration.md). Every verification
    # answers within VERIFY_DEADLINE_S (the stream, /api/check and job items too): outside calls (LLM,
    # search, page fetches, the Fact Check Tools API) get their own timeouts cut to what it leaves
    # less VERIFY_RESERVE_S, kept for building the answer from what is there with the local models.
    VERIFY_DEADLINE_S: float = Field(45.0, ge=1.0, le=3600.0)
    # Unset: a fifth of VERIFY_DEADLINE_S, at most 5 s; filled in by _consistent.
    VERIFY_RESERVE_S: float | None = Field(None, ge=0.0)
    # Transient failures (timeout, refused connection, 429, 5xx) are retried this many times when
    # the deadline leaves time (one policy for every outside call; 0: never).
    OUTSIDE_RETRIES: int = Field(1, ge=0, le=5)
    # After this many consecutive failures an outside service is skipped for BREAKER_COOL_OFF_S,
    # then tried with one call (half-open); page fetches keep one breaker per host.
    BREAKER_THRESHOLD: int = Field(3, ge=1, le=100)
    BREAKER_COOL_OFF_S: float = Field(30.0, gt=0.0, le=3600.0)

    # HTTP edge
    # Host names /api/* answers for (the Host header, port ignored); another host gets 421, as /mcp
    # does: DNS-rebinding protection. Unset: the localhost names and HOST when HOST is a loopback
    # address; no check when HOST is another address (behind a proxy: list the public names here).
    # "*": no check.
    ALLOWED_HOSTS: CsvList = ()
    API_KEYS: SecretList = ()
    CORS_ORIGINS: CsvList = ()
    RATE_LIMIT: str = "30/minute"
    MAX_CONCURRENT_VERIFICATIONS: int = Field(16, ge=1)
    MAX_BODY_BYTES: int = Field(65536, ge=1024)

    # Batch jobs (docs/jobs.md). The database holds every job and item result: embedded SQLite
    # beside the KB (CHROMA_PERSIST_DIR + "-jobs.sqlite3") unless DATABASE_URL names another
    # (postgresql://user:pass@host/db). WEBHOOK_SECRET signs the callback (Standard Webhooks).
    DATABASE_URL: SecretStr | None = None  # may carry a password
    # The ClaimReview export (GET /api/jobs/{id}/results?format=claimreview): who publishes the reviews,
    # and each review's page. The template's fields: {id} (the item id) and {job} (the job id), both
    # URL-quoted; unset: the export's own address with #review-{id}.
    CLAIMREVIEW_AUTHOR_NAME: str = Field("claimcheck", min_length=1, max_length=200)
    CLAIMREVIEW_AUTHOR_URL: str | None = Field(None, max_length=2000, pattern=r"^https?://\S+$")
    CLAIMREVIEW_URL_TEMPLATE: str | None = Field(None, max_length=2000, pattern=r"^https?://\S+$")
    WEBHOOK_SECRET: SecretStr | None = None
    JOB_MAX_ITEMS: int = Field(10_000, ge=1, le=1_000_000)
    JOB_CONCURRENCY: int = Field(4, ge=1, le=256)  # items verified at once by the in-process runner
    # Where job items run: "auto" = on the Redis queue when REDIS_URL and DATABASE_URL are both set
    # (then `claimcheck worker` processes run them), else in the API process; "redis" (refused without
    # DATABASE_URL: the workers must see the API's jobs) or "inprocess" to choose.
    JOB_QUEUE: Literal["auto", "redis", "inprocess"] = "auto"
    # One attempt at one item longer than this counts as failed (and is tried again, three in all).
    JOB_ITEM_TIMEOUT_S: float = Field(300.0, gt=0)
    WORKER_CONCURRENCY: int = Field(
        4, ge=1, le=256
    )  # items in flight per `claimcheck worker` process
    # A worker silent this long is taken for dead: its unacknowledged items go back on the queue.
    WORKER_HEARTBEAT_TIMEOUT_S: float = Field(60.0, ge=1.0, le=86_400.0)
    JOB_MAX_BODY_BYTES: int = Field(32 * 1024 * 1024, ge=1024)
    # A job that ended this many days ago is deleted with its items (refused ones included) and
    # results; checked at start and hourly. 0: kept for good.
    JOB_TTL_DAYS: float = Field(30.0, ge=0.0)
    JOBS_MAX_UNFINISHED_PER_KEY: int = Field(10, ge=1)  # more → 429
    JOBS_MAX_ITEMS_PER_KEY: int = Field(50_000, ge=1)  # queued + running items per key; more → 429

    # Records and reviews (issue 40, docs/records.md). Every answer is kept with what it read, in
    # the jobs database, visible to the API key that asked; RECORD_TTL_DAYS prunes older ones
    # (unset: kept until deleted). false: answers get no id and nothing is kept.
    RECORDS: bool = True
    RECORD_TTL_DAYS: float | None = Field(None, gt=0)
    # name:key pairs (comma-separated) whose holders may review verdicts; each key also passes the
    # API edge like one of API_KEYS. The name is the reviewer a review carries.
    REVIEWER_KEYS: SecretList = ()
    # Who a review is published as: the publisher of the KB fact-check and of the ClaimReview feed.
    REVIEW_PUBLISHER: str = Field("claimcheck newsroom", min_length=1, max_length=200)
    # Where a review is read (the ClaimReview `url`, the KB document's source); {id} is the review's
    # id. Unset: this server's GET /api/reviews/{id}.
    REVIEW_URL: str | None = Field(None, pattern=r"^https?://.*\{id\}")
    # Evidence archiving: "wayback" submits each web evidence URL of a kept record to the Internet
    # Archive's Save Page Now (SPN2) API in the background; "off" sends nothing anywhere.
    ARCHIVE: Literal["off", "wayback"] = "off"
    ARCHIVE_URL: str = Field("https://web.archive.org", pattern=r"^https?://")
    ARCHIVE_ACCESS_KEY: SecretStr | None = (
        None  # archive.org S3-style keys: Authorization: LOW key:secret
    )
    ARCHIVE_SECRET_KEY: SecretStr | None = None
    ARCHIVE_CONCURRENCY: int = Field(2, ge=1, le=16)  # captures followed at once
    ARCHIVE_HOST_INTERVAL_S: float = Field(
        10.0, ge=0.0, le=3600.0
    )  # between two submissions of one host's URLs
    ARCHIVE_TIMEOUT_S: float = Field(20.0, gt=0)  # one call to the archive
    ARCHIVE_POLL_S: float = Field(5.0, gt=0, le=600)  # between two status checks of a capture
    ARCHIVE_MAX_WAIT_S: float = Field(
        300.0, gt=0
    )  # a capture not done by then is recorded as failed
    ARCHIVE_ATTEMPTS: int = Field(
        3, ge=1, le=10
    )  # submissions of one URL (429/5xx/network errors retried)

    AUTO_SEED: bool = True
    HOST: str = "127.0.0.1"
    PORT: int = Field(8000, ge=1, le=65535)
