"""The values jobs are made of, typed from submission to result, and the one thing jobs need from
the layer above: a `VerifyItem` that answers an item as `POST /api/verify` would.

A job's items travel as these frozen values: `ItemIn` (submitted, its claim already read by the
rules of `POST /api/verify`), `NewItem` (stored), `Claimed` (taken to verify, with the job's
`ItemOptions`), `ItemResult` (read back for the results), `JobRow` and `JobStatus` (the job).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any, Literal, Protocol

JobState = Literal["queued", "running", "done", "cancelled", "failed"]
UNFINISHED_JOB_STATES = ("queued", "running")


@dataclass(frozen=True)
class ItemOptions:
    """The `POST /api/verify` options every item of a job is verified with, as submitted (and
    validated by the app): `web_search` None when it was not sent (with references, the KB and the
    web are then left alone)."""

    web_search: bool | None = None
    references: tuple[str, ...] | None = None
    index_references: bool = False
    grounding: str | None = None
    profile: str | None = None

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ItemOptions:
        """Read back what `to_json` stored (jobs stored by earlier releases included: the same keys)."""
        references = data.get("references")
        return cls(
            web_search=data.get("web_search"),
            references=tuple(references) if references is not None else None,
            index_references=bool(data.get("index_references", False)),
            grounding=data.get("grounding"),
            profile=data.get("profile"),
        )

    def to_json(self) -> dict[str, Any]:
        """The options that were set, as the JSON object the jobs database keeps."""
        out: dict[str, Any] = {}
        if self.web_search is not None:
            out["web_search"] = self.web_search
        if self.references is not None:
            out["references"] = list(self.references)
        if self.index_references:
            out["index_references"] = True
        if self.grounding is not None:
            out["grounding"] = self.grounding
        if self.profile is not None:
            out["profile"] = self.profile
        return out


class VerifyItem(Protocol):
    """Verifies one item's claim with the job's options for the job's owner (an API key's
    fingerprint) and returns the `POST /api/verify` answer's JSON body. The app provides it; the
    in-process runner and `claimcheck worker` call it."""

    async def __call__(self, claim: str, options: ItemOptions, owner: str, /) -> dict[str, Any]: ...


@dataclass(frozen=True)
class ItemIn:
    """One submitted item. `claim` was read by the rules of `POST /api/verify`: when they refused
    it, `refused` says why and `claim` is what is kept of it; `id`, `claimant` and `appearance` are
    as submitted (checked when the job is made)."""

    id: object
    claim: str
    refused: str | None = None
    claimant: object = None
    appearance: object = None


@dataclass(frozen=True)
class Submission:
    items: tuple[ItemIn, ...]
    options: ItemOptions = field(default_factory=ItemOptions)
    callback_url: str | None = None


@dataclass(frozen=True)
class NewItem:
    item_id: str
    claim: str
    error: str | None = None  # refused at submission: stored as failed at once
    claimant: str | None = None
    appearance: str | None = None


@dataclass(frozen=True)
class Claimed:
    """An item taken to be verified (this attempt counted)."""

    job_id: str
    seq: int
    item_id: str
    claim: str
    attempts: int  # including this one
    options: ItemOptions
    owner: str = ""  # the job's API key fingerprint: its items' records are that key's


@dataclass(frozen=True)
class ItemResult:
    """An item as the results show it: `result` is the `POST /api/verify` body once it is done."""

    id: str
    claim: str
    status: str
    result: dict[str, Any] | None = None
    error: str | None = None
    claimant: str | None = None
    appearance: str | None = None
    seq: int = 0

    @classmethod
    def from_row(cls, row: Mapping[str, Any]) -> ItemResult:
        """A JSONL results row (`claimcheck batch` reads them back from the API)."""
        return cls(
            id=str(row["id"]),
            claim=row["claim"],
            status=row["status"],
            result=row.get("result"),
            error=row.get("error"),
        )

    def row(self) -> dict[str, Any]:
        """The JSONL row clients rely on: id, claim, status, result, error."""
        return {
            "id": self.id,
            "claim": self.claim,
            "status": self.status,
            "result": self.result,
            "error": self.error,
        }


@dataclass(frozen=True)
class JobRow:
    id: str
    owner: str
    state: str
    total: int
    options: ItemOptions
    callback_url: str | None
    callback_state: str | None
    created_at: float
    updated_at: float
    started_at: float | None
    finished_at: float | None


@dataclass(frozen=True)
class Counts:
    queued: int = 0
    running: int = 0
    done: int = 0
    failed: int = 0
    cancelled: int = 0  # items a cancel stopped before they started

    @property
    def answered(self) -> int:
        return self.done + self.failed + self.cancelled


@dataclass(frozen=True)
class JobStatus:
    """What `GET /api/jobs/{id}`, its events and the callback say about a job."""

    id: str
    state: str
    total: int
    counts: Counts
    verdicts: dict[str, int]
    created_at: str
    updated_at: str
    eta_s: float | None
    progress: float
    callback: str | None
    notice: str | None

    def as_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass(frozen=True)
class Rejected:
    id: str
    error: str


@dataclass(frozen=True)
class Submitted:
    """A job just made, and the items refused at submission (stored as failed)."""

    status: JobStatus
    rejected: tuple[Rejected, ...]


@dataclass(frozen=True)
class Export:
    """A job's results in one format, streamed; `next_cursor` while a later page has items."""

    media_type: str
    chunks: AsyncIterator[str]
    next_cursor: str | None = None
