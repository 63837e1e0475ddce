"""What the jobs service refuses, as domain errors (app/errors.py answers each with its HTTP status
and body; nothing in jobs/ knows HTTP)."""

from __future__ import annotations

from typing import Any


class JobNotFound(LookupError):
    """No such job for this owner: another key's job is as absent as one that never was (404)."""

    def __init__(self, job_id: str) -> None:
        super().__init__(f"no job {job_id!r}")
        self.job_id = job_id


class JobInvalid(ValueError):
    """A submission that cannot become a job (422): each error a `{type, loc, msg}` of the body."""

    def __init__(self, errors: list[dict[str, Any]]) -> None:
        super().__init__("; ".join(str(error["msg"]) for error in errors))
        self.errors = errors

    @classmethod
    def at(cls, loc: list[Any], msg: str, kind: str = "value_error") -> JobInvalid:
        return cls([{"type": kind, "loc": loc, "msg": msg}])


class JobLimitReached(Exception):
    """The owner has too much unfinished work already (429, retry later): `error` names the limit."""

    retry_after_s = 30

    def __init__(self, error: str, message: str) -> None:
        super().__init__(message)
        self.error = error  # too_many_jobs | too_many_items
