"""`claimcheck kb ingest` is resumable (a re-run adds nothing twice) and `kb stats` reports facets."""

from __future__ import annotations

import json

import pytest

from app.cli import main


@pytest.mark.slow
def test_ingest_twice_adds_once_and_stats_report_facets(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("CHROMA_PERSIST_DIR", str(tmp_path / "kb"))
    monkeypatch.setenv("EMBEDDING_BACKEND", "torch")
    rows = [
        {
            "text": f"Fact number {i} about the water cycle and rainfall.",
            "source": f"https://www.usgs.gov/{i}",
            "title": f"Fact {i}",
            "timestamp": f"2020-01-{i + 1:02d}",
        }
        for i in range(5)
    ]
    path = tmp_path / "docs.jsonl"
    path.write_text("\n".join(json.dumps(r) for r in rows[:3]) + "\n")
    assert main(["kb", "ingest", str(path), "--batch", "2"]) == 0
    assert (
        "3 document(s) added, 0 already there; the KB now holds 3 passages"
        in capsys.readouterr().out
    )
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")  # resumed with more lines
    assert main(["kb", "ingest", str(path)]) == 0
    assert "2 document(s) added, 3 already there" in capsys.readouterr().out
    assert main(["kb", "stats"]) == 0
    out = capsys.readouterr().out
    assert "passages: 5" in out and "user 5" in out and "government 5" in out
    assert "oldest: 2020-01-01" in out and "newest: 2020-01-05" in out


@pytest.mark.parametrize(
    "second, why",
    [
        ("not json", "not JSON"),
        (
            '{"text": "honey", "source": "http://[zz]/honey"}',
            "not a usable http(s) URL",
        ),  # issue 20
    ],
)
def test_ingest_of_a_broken_file_fails_with_the_line(tmp_path, monkeypatch, capsys, second, why):
    monkeypatch.setenv("CHROMA_PERSIST_DIR", str(tmp_path / "kb"))
    monkeypatch.setenv("EMBEDDING_BACKEND", "torch")
    path = tmp_path / "bad.jsonl"
    path.write_text('{"text": "ok", "source": "https://a.org"}\n' + second + "\n")
    assert main(["kb", "ingest", str(path)]) == 1
    err = capsys.readouterr().err
    assert "bad.jsonl:2" in err and why in err
    assert main(["kb", "stats"]) == 0
    assert "passages: 0" in capsys.readouterr().out  # nothing of the file was stored


@pytest.mark.slow
def test_ingest_claimreview_round_trips_and_reports_malformed_items(tmp_path, monkeypatch, capsys):
    from tests.seed.test_claimreview import BROKEN, REVIEW

    monkeypatch.setenv("CHROMA_PERSIST_DIR", str(tmp_path / "kb"))
    monkeypatch.setenv("EMBEDDING_BACKEND", "torch")
    path = tmp_path / "reviews.json"
    path.write_text(json.dumps({"@context": "https://schema.org", "@graph": [REVIEW, *BROKEN]}))
    assert main(["kb", "ingest-claimreview", str(path)]) == 0
    captured = capsys.readouterr()
    assert "1 fact-check(s) added, 0 already there, 3 malformed item(s) skipped" in captured.out
    assert "skipped item 2: no claimReviewed" in captured.err
    assert main(["kb", "ingest-claimreview", str(path)]) == 0
    assert "0 fact-check(s) added, 1 already there" in capsys.readouterr().out
    assert main(["kb", "search", "Moon landing faked", "--json"]) == 0
    hits = json.loads(capsys.readouterr().out)["results"]
    assert hits[0]["source"] == REVIEW["url"] and 'rated "False"' in hits[0]["text"]
