"""The Jobs API's wire shapes in one place: the request (JSON items, or a CSV / JSONL file as the
body) read into a typed `Submission`, the response models, and their OpenAPI documentation. An
item's claim and the job's options are read by the rules of `POST /api/verify` (`VerifyRequest`)."""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model

from app.errors import BadRequest, safe_text
from app.jsonbody import strict_loads
from app.schemas.verify import VerifyRequest
from jobs.errors import JobInvalid
from jobs.formats import CSV_COLUMNS
from jobs.items import ItemIn, ItemOptions, JobStatus, Rejected, Submission
from jobs.service import MAX_ID_CHARS

REJECTED_CLAIM_CHARS = 500  # of a refused item's claim, what is stored (and shown in its results)
UPLOAD_TYPES = {
    "text/csv": "csv",
    "application/x-ndjson": "jsonl",
    "application/jsonl": "jsonl",
    "application/x-jsonlines": "jsonl",
}
CLAIM_FIELDS = ("claim", "text", "statement")  # the column a CSV or JSONL row names its claim by


# -- the request ------------------------------------------------------------------------------


class JobItemIn(BaseModel):
    model_config = ConfigDict(extra="ignore")

    id: str | None = Field(
        None,
        max_length=MAX_ID_CHARS,
        description="Your id for the item (unique in the job); default: its 1-based position.",
    )
    claim: str = Field(
        description="Validated like `POST /api/verify`'s claim; a bad one is reported, not fatal."
    )
    # checked item by item (jobs.formats.provenance): a bad one is reported like a bad claim, not fatal
    claimant: str | None = Field(
        None,
        description=(
            "Who made the claim (a person or an organisation, ≤ 200 characters), if known: the ClaimReview "
            "export's itemReviewed.author."
        ),
    )
    appearance: str | None = Field(
        None,
        description=(
            "An http(s) URL (≤ 2,000 characters) where the claim appeared, if known: the ClaimReview export's "
            "itemReviewed.appearance."
        ),
    )


# The /api/verify options, field for field (one definition: VerifyRequest's).
JobOptions = create_model(
    "JobOptions",
    __config__=ConfigDict(extra="ignore", strict=True),
    **{
        name: (field.annotation, field)
        for name, field in VerifyRequest.model_fields.items()
        if name != "claim"
    },
)


class JobCreate(BaseModel):
    model_config = ConfigDict(
        extra="ignore",
        json_schema_extra={
            "examples": [
                {
                    "items": [
                        {"id": "a1", "claim": "The Eiffel Tower is in Paris."},
                        {"id": "a2", "claim": "The Earth is flat."},
                    ],
                    "options": {"web_search": False},
                }
            ]
        },
    )

    items: list[JobItemIn] = Field(
        min_length=1,
        max_length=10_000,
        description="Up to JOB_MAX_ITEMS (10,000) claims; ids unique in the job.",
    )
    options: JobOptions = Field(
        default_factory=JobOptions,
        description=(  # type: ignore[valid-type]
            "The `POST /api/verify` options for every item: web_search, references, grounding, profile, "
            "index_references."
        ),
    )
    callback_url: str | None = Field(
        None,
        max_length=2000,
        pattern=r"^https?://",
        description=(
            "Called once (POST, signed like Standard Webhooks, retried) when the job ends; the SSRF "
            "guard refuses private and loopback addresses (422)."
        ),
    )


class InputError(BadRequest):
    """A file that cannot be read as items at all (not one bad item: those are reported)."""


@dataclass(frozen=True)
class RowIn:
    """One row of an uploaded file, as written: any of it may be missing or of the wrong type."""

    id: object = None
    claim: object = None
    claimant: object = None
    appearance: object = None


def _row(row: Any) -> RowIn:
    """A row that is not an object becomes an item whose claim fails validation, so it is
    reported like any bad item."""
    if not isinstance(row, dict):
        return RowIn(claim=row)
    claim = next((row[name] for name in CLAIM_FIELDS if name in row), None)
    return RowIn(row.get("id"), claim, row.get("claimant"), row.get("appearance"))


def parse_jsonl(text: str) -> list[RowIn]:
    rows = []
    for line, raw in enumerate(text.splitlines(), start=1):
        if not raw.strip():
            continue
        try:
            row = strict_loads(raw)  # no NaN, lone surrogates or runaway nesting (app/jsonbody.py)
        except json.JSONDecodeError as exc:
            raise InputError(f"line {line} is not JSON: {exc.msg}") from None
        rows.append(_row(row))
    return rows


def parse_csv(text: str) -> list[RowIn]:
    reader = csv.DictReader(io.StringIO(text))
    fields = [f.strip().lower() for f in reader.fieldnames or []]
    if not any(name in fields for name in CLAIM_FIELDS):
        raise InputError(f"the CSV header needs a 'claim' column; it has {fields}")
    reader.fieldnames = fields
    return [_row({k: v for k, v in row.items() if k is not None}) for row in reader]


def parse_file(text: str, kind: str) -> list[RowIn]:
    return parse_csv(text) if kind == "csv" else parse_jsonl(text)


def read_claim(row: RowIn | JobItemIn) -> ItemIn:
    """The item with its claim read as `POST /api/verify` reads one; a refused claim is kept only
    as far as it helps to find it (its first 500 characters)."""
    try:
        claim = VerifyRequest.model_validate({"claim": row.claim}).claim
    except ValidationError as exc:
        error = "invalid claim: " + "; ".join(e["msg"] for e in exc.errors())
        shown = (
            row.claim if isinstance(row.claim, str) else json.dumps(row.claim, ensure_ascii=False)
        )
        return ItemIn(row.id, shown[:REJECTED_CLAIM_CHARS], error)
    return ItemIn(row.id, claim, None, row.claimant, row.appearance)


def read_options(options: dict[str, Any]) -> ItemOptions:
    """The options as /api/verify reads them (unset ones stay unset: references vs web_search)."""
    try:
        checked = VerifyRequest.model_validate({**options, "claim": "options check"})
    except ValidationError as exc:
        raise JobInvalid(_located(exc, "body", "options")) from None
    return ItemOptions.from_json(
        checked.model_dump(mode="json", exclude={"claim"}, exclude_unset=True)
    )


def _located(exc: ValidationError, *where: str | int) -> list[dict[str, Any]]:
    return [{"type": e["type"], "loc": [*where, *e["loc"]], "msg": e["msg"]} for e in exc.errors()]


def read_submission(
    raw: bytes, content_type: str, web_search: bool | None, callback_url: str | None
) -> Submission:
    """`POST /api/jobs`'s body: JSON (`JobCreate`), or a CSV / JSONL file with the options
    `web_search` and `callback_url` as query parameters. Raises `InputError` (400) and
    `JobInvalid` (422)."""
    kind = UPLOAD_TYPES.get(content_type.split(";")[0].strip().lower())
    if kind is None:
        try:
            payload = JobCreate.model_validate(strict_loads(raw))
        except json.JSONDecodeError as exc:
            raise InputError(safe_text(f"the body is not valid JSON: {exc.msg}")) from None
        except ValidationError as exc:
            raise JobInvalid(_located(exc, "body")) from None
        options = payload.options.model_dump(mode="json", exclude_unset=True)
        items = tuple(read_claim(item) for item in payload.items)
        return Submission(items, read_options(options), payload.callback_url)
    try:
        rows = parse_file(raw.decode("utf-8"), kind)
    except UnicodeDecodeError:
        raise InputError("the file is not UTF-8") from None
    if not rows:
        raise JobInvalid.at(["body"], "the file has no items")
    options = {} if web_search is None else {"web_search": web_search}
    return Submission(tuple(read_claim(row) for row in rows), read_options(options), callback_url)


# -- the responses --------------------------------------------------------------------------


class JobCounts(BaseModel):
    queued: int
    running: int
    done: int
    failed: int
    cancelled: int = Field(0, description="items a cancel stopped before they started")


class RejectedItem(BaseModel):
    id: str
    error: str


class JobOut(BaseModel):
    id: str
    state: Literal["queued", "running", "done", "cancelled", "failed"]
    total: int
    counts: JobCounts
    verdicts: dict[str, int] = Field(description="done items per verdict")
    created_at: str
    updated_at: str
    eta_s: float | None = Field(
        description="seconds until the last item is answered, at the rate so far"
    )
    progress: float = Field(description="share of items answered (done, failed or cancelled), 0–1")
    callback: str | None = Field(
        None, description="pending | sent | failed; null without callback_url"
    )
    rejected: list[RejectedItem] = Field(
        default_factory=list, description="items refused at submission (stored as failed); 202 only"
    )
    notice: str | None = Field(
        None,
        description=(
            "Why the job is not moving and what to do, in a sentence (e.g. no `claimcheck worker` is alive "
            "to take its queued items, or the queue is unreachable); null while it progresses or has ended"
        ),
    )


class JobList(BaseModel):
    jobs: list[JobOut]


def job_out(status: JobStatus, rejected: tuple[Rejected, ...] = ()) -> JobOut:
    body = status.as_json()
    body["rejected"] = [{"id": r.id, "error": r.error} for r in rejected]
    return JobOut.model_validate(body)


# -- the OpenAPI documentation ---------------------------------------------------------------


def document_jobs(app: Any) -> None:
    """Put JobCreate (read by hand in create_job, so files can be bodies too) into the schema."""
    build = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema:
            return app.openapi_schema
        schema = build()
        create = JobCreate.model_json_schema(ref_template="#/components/schemas/{model}")
        components = schema.setdefault("components", {}).setdefault("schemas", {})
        components.update(create.pop("$defs", {}))
        components["JobCreate"] = create
        app.openapi_schema = schema
        return schema

    app.openapi = openapi


CREATE_BODY = {
    "required": True,
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/JobCreate"}}},
}

EVENTS_DOC: dict[int | str, dict[str, Any]] = {
    200: {
        "description": (
            "Server-Sent Events: a `progress` event (the `GET /api/jobs/{id}` body) whenever the job "
            "changes, then one `end` event with the final body. Lines starting with `:` are keep-alives."
        ),
        "content": {
            "text/event-stream": {
                "schema": {"type": "string"},
                "example": (
                    'event: progress\ndata: {"id": "job_…", "state": "running", …}\n\n'
                    'event: end\ndata: {"id": "job_…", "state": "done", …}\n\n'
                ),
            }
        },
    }
}

RESULTS_DOC: dict[int | str, dict[str, Any]] = {
    200: {
        "description": (
            "The items in order. `jsonl`: one `{id, claim, status, result, error}` per line (`result` is the "
            "`POST /api/verify` body). `csv`: one row per item ("
            + ", ".join(CSV_COLUMNS)
            + "). `claimreview`: "
            "a schema.org ClaimReview JSON-LD document of the answered items. With `limit`, the "
            "`X-Next-Cursor` header (and a `Link: rel=next`) gives the next page's cursor while there is one."
        ),
        "content": {
            "application/x-ndjson": {"schema": {"type": "string"}},
            "text/csv": {"schema": {"type": "string"}},
            "application/ld+json": {"schema": {"type": "string"}},
        },
    }
}
