"""A job's options travel typed (jobs.items.ItemOptions, stored as JSON) instead of being
re-validated per item: each item must still be verified with exactly the options `POST /api/verify`
would use for the same body."""

from __future__ import annotations

import json

import pytest

from app.schemas.jobs import read_options
from app.schemas.verify import VerifyRequest
from app.verification import job_options, verify_options
from jobs.items import ItemOptions

BODIES = [
    {},
    {"web_search": False},
    {"web_search": True},
    {"references": ["Water boils at 100 degrees Celsius at sea level."]},
    {"references": ["Water boils at 100 degrees Celsius at sea level."], "web_search": True},
    {"references": ["Water boils at 100 degrees Celsius."], "web_search": False},
    {"grounding": "always", "profile": "security", "index_references": True},
    {"grounding": None, "profile": None},
]


@pytest.mark.parametrize("options", BODIES)
def test_an_items_options_are_those_of_api_verify_for_the_same_body(options):
    direct = verify_options(VerifyRequest.model_validate({**options, "claim": "The Earth is flat"}))
    stored = json.dumps(read_options(options).to_json())  # what the jobs database keeps
    assert job_options(ItemOptions.from_json(json.loads(stored))) == direct


def test_options_stored_by_an_earlier_release_read_the_same():
    # before items were typed, a job kept VerifyRequest's dump (exclude_unset) as its options
    old = {"web_search": True, "references": ["a text"], "grounding": None}
    options = ItemOptions.from_json(old)
    assert options == ItemOptions(web_search=True, references=("a text",))
    assert job_options(options).search_with_references is True
