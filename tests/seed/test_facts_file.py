"""The seed facts file: well-formed, authoritative, and covering the claims we promise to answer."""

from __future__ import annotations

import json
import re
from datetime import date
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from retrieval.credibility import profile_for

FACTS_FILE = Path(__file__).resolve().parents[2] / "seed" / "facts.jsonl"
KEYS = {"text", "source", "title", "topic", "timestamp"}

# topic name → keywords that must all appear (case-insensitive) in at least one fact's text,
# and optionally a domain its source must belong to.
REQUIRED_TOPICS: dict[str, tuple[tuple[str, ...], str | None]] = {
    "earth age": (("4.54 billion", "earth"), None),
    "earth shape": (("earth", "flat"), "nasa.gov"),
    "covid vaccine safety": (("covid-19", "vaccine", "safe"), None),
    "apollo 11": (("apollo 11", "1969", "moon"), "nasa.gov"),
    "climate consensus": (("human", "warming"), None),
    "5g covid": (("5g", "covid-19"), "who.int"),
    "water fluoridation": (("fluorid", "safe"), "cdc.gov"),
    "speed of light": (("299,792,458",), "nist.gov"),
    "india independence": (("india", "15 august 1947"), None),
    "un founded": (("united nations", "24 october 1945"), "un.org"),
    "vaccines autism": (("autism", "vaccin"), None),
    "smoking lung cancer": (("smoking", "lung cancer"), None),
    "great wall": (("great wall", "naked eye"), "nasa.gov"),
    "boiling point": (("boils", "100 degrees celsius"), None),
    "evolution": (("evolution",), None),
    "human genome": (("3 billion", "base pairs"), "genome.gov"),
    "everest": (("everest", "8,849"), "britannica.com"),
    "sunlight": (("light", "8 minutes"), "nasa.gov"),
    "antarctica": (("antarctic", "ice"), None),
    "vitamin c": (("vitamin c", "cold"), "nih.gov"),
    "measles": (("measles", "mmr"), "cdc.gov"),
}


def _load() -> list[dict]:
    with FACTS_FILE.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


@pytest.fixture(scope="module")
def facts() -> list[dict]:
    return _load()


def test_every_line_is_one_json_object() -> None:
    lines = FACTS_FILE.read_text(encoding="utf-8").splitlines()
    assert len(lines) >= 25
    for number, line in enumerate(lines, start=1):
        assert line.strip(), f"blank line {number}"
        assert isinstance(json.loads(line), dict), f"line {number}"


def test_every_fact_is_well_formed(facts: list[dict]) -> None:
    assert len(facts) >= 25
    for fact in facts:
        assert set(fact) == KEYS, fact
        for key in KEYS:
            assert isinstance(fact[key], str) and fact[key].strip(), (key, fact)
        source = urlsplit(fact["source"])
        assert source.scheme == "https", fact["source"]
        assert source.hostname, fact["source"]
        date.fromisoformat(fact["timestamp"])
        assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", fact["timestamp"])
        sentences = [s for s in re.split(r"(?<=[.!?])\s+", fact["text"].strip()) if s]
        assert 1 <= len(sentences) <= 3, fact["text"]
        assert len(fact["text"]) <= 600


def test_no_duplicate_texts(facts: list[dict]) -> None:
    texts = [" ".join(fact["text"].lower().split()) for fact in facts]
    assert len(set(texts)) == len(texts)


@pytest.mark.parametrize("topic", sorted(REQUIRED_TOPICS))
def test_required_topic_is_covered(facts: list[dict], topic: str) -> None:
    keywords, domain = REQUIRED_TOPICS[topic]
    matching = [fact for fact in facts if all(word in fact["text"].lower() for word in keywords)]
    assert matching, f"no fact covers {topic!r} ({keywords})"
    if domain is not None:
        assert any(profile_for(fact["source"]).domain == domain for fact in matching), topic


def test_earth_shape_has_at_least_two_nasa_facts(facts: list[dict]) -> None:
    nasa_shape = [
        fact
        for fact in facts
        if profile_for(fact["source"]).domain == "nasa.gov"
        and "flat" in fact["text"].lower()
        and any(word in fact["text"].lower() for word in ("sphere", "spheroid", "round", "globe"))
    ]
    assert len(nasa_shape) >= 2


def test_every_source_is_credible(facts: list[dict]) -> None:
    for fact in facts:
        profile = profile_for(fact["source"])
        assert profile.known, fact["source"]
        assert profile.credibility >= 0.8, fact["source"]
