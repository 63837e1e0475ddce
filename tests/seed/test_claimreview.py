"""schema.org ClaimReview JSON-LD ingestion (seed/claimreview.py) on real-shaped files."""

from __future__ import annotations

import json
from pathlib import Path

from agent.prior._ratings import normalise_rating
from seed.claimreview import read_claim_reviews

REVIEW = {
    "@context": "https://schema.org",
    "@type": "ClaimReview",
    "datePublished": "2021-02-24",
    "url": "https://www.reuters.com/article/factcheck-moon-landing-idUSL1N2P01",
    "name": "Fact check: The Moon landings were not faked",
    "claimReviewed": "The Apollo Moon landings were faked.",
    "itemReviewed": {
        "@type": "Claim",
        "author": {"@type": "Organization", "name": "Social media posts"},
        "datePublished": "2019-07-15",
    },
    "author": {"@type": "Organization", "name": "Reuters", "url": "https://www.reuters.com"},
    "reviewRating": {
        "@type": "Rating",
        "ratingValue": "1",
        "bestRating": "5",
        "worstRating": "1",
        "alternateName": "False",
    },
}
BROKEN = [
    {
        "@type": "ClaimReview",
        "url": "https://example.org/x",
        "reviewRating": {"alternateName": "True"},
    },
    {
        "@type": "ClaimReview",
        "claimReviewed": "x",
        "url": "not a url",
        "reviewRating": {"alternateName": "True"},
    },
    {"@type": "NewsArticle", "url": "https://example.org/y"},
]


def _check(parsed, problems: int) -> None:
    assert len(parsed.documents) == 1 and len(parsed.problems) == problems
    doc = parsed.documents[0]
    assert doc.origin == "fact_check" and doc.source.startswith("https://www.reuters.com/article/")
    assert doc.timestamp == "2021-02-24" and doc.title.startswith("Fact check:")
    assert (
        "Reuters" in doc.text and '"False" (False)' in doc.text and "Social media posts" in doc.text
    )


def test_a_list_with_malformed_items_keeps_the_good_one_and_reports_the_rest(
    tmp_path: Path,
) -> None:
    path = tmp_path / "reviews.json"
    path.write_text(json.dumps([REVIEW, *BROKEN]))
    parsed = read_claim_reviews(path, normalise_rating)
    _check(parsed, 3)
    assert [p.split(":")[0] for p in parsed.problems] == ["item 2", "item 3", "item 4"]
    assert "claimReviewed" in parsed.problems[0] and "url" in parsed.problems[1]


def test_a_graph_and_a_feed_of_lines(tmp_path: Path) -> None:
    graph = tmp_path / "page.jsonld"
    graph.write_text(json.dumps({"@context": "https://schema.org", "@graph": [REVIEW]}))
    _check(read_claim_reviews(graph, normalise_rating), 0)
    feed = tmp_path / "feed.jsonl"
    feed.write_text(json.dumps(REVIEW) + "\n{not json\n\n")
    parsed = read_claim_reviews(feed, normalise_rating)
    _check(parsed, 1)
    assert "line 2 is not JSON" in parsed.problems[0]


def test_one_object(tmp_path: Path) -> None:
    path = tmp_path / "one.json"
    path.write_text(json.dumps(REVIEW))
    _check(read_claim_reviews(path, normalise_rating), 0)
