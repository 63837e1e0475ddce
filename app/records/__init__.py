"""Every answer's record, editors' reviews and the ClaimReview feed (issue 40; docs/records.md).

`Recorder.keep` gives an answer its `id` and queues its record — the answer as sent, the engines
and prompts that made it, the queries and tiers searched, and each evidence item's text as it was
read with its sha256 — for `RecordWriter` to write after the answer (jobs/record_writer.py). It never
raises: a record that cannot be made is logged and the answer goes out without an id.

A review (`POST /api/verifications/{id}/review`, a key of REVIEWER_KEYS) is stored and written
into the knowledge base as the newsroom's own fact-check (origin `review`, publisher
REVIEW_PUBLISHER, the verdict as its rating): the prior-fact-check matcher (agent/prior/_match.py)
finds it for the same claim and its paraphrases, and `weigh_reviews` (agent/judge/_reviews.py) lets it decide
unless the judge cites newer evidence at least as credible.
"""

from app.records._engines import prompt_hashes
from app.records._http import (
    EditorReviewOut,
    RecordOut,
    ReviewIn,
    review_out,
    router,
    verification_body,
)
from app.records._recorder import (
    VERDICTS,
    Recorder,
    Via,
    iso_time,
    keep_all,
    open_recorder,
)
from app.records._reviews import ReviewerKeys, add_review, claim_review

__all__ = [
    "VERDICTS",
    "EditorReviewOut",
    "RecordOut",
    "Recorder",
    "ReviewIn",
    "ReviewerKeys",
    "Via",
    "add_review",
    "claim_review",
    "iso_time",
    "keep_all",
    "open_recorder",
    "prompt_hashes",
    "review_out",
    "router",
    "verification_body",
]
