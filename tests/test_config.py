from pathlib import Path

import pytest
from pydantic import ValidationError

from app.config import Settings, parse_rate, render_env_example

ROOT = Path(__file__).resolve().parents[1]


def test_defaults_match_the_design():
    s = Settings(_env_file=None)
    assert (s.TOP_K_RETRIEVAL, s.TOP_K_RERANK, s.MIN_RELEVANCE_SCORE) == (20, 5, 0.3)
    assert (s.CREDIBILITY_BOOST_FACTOR, s.ACCESS_BOOST) == (0.3, 0.02)
    assert s.SEARCH_PROVIDER == "duckduckgo" and s.COLLECTION_NAME == "news_evidence"
    assert (s.HOST, s.PORT, s.MAX_BODY_BYTES) == ("127.0.0.1", 8000, 65536)
    assert s.llm_configured is False
    assert "snopes.com" in s.FACT_CHECK_DOMAINS


def test_environment_lists_and_empty_values(monkeypatch):
    monkeypatch.setenv("TRUSTED_DOMAINS", " a.com, b.org ,,")
    monkeypatch.setenv("OPENAI_API_KEY", "")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:11434/v1")
    monkeypatch.setenv("PORT", "8765")
    s = Settings(_env_file=None)
    assert s.TRUSTED_DOMAINS == ("a.com", "b.org")
    assert s.OPENAI_API_KEY is None and s.llm_configured
    assert s.PORT == 8765


@pytest.mark.parametrize(
    "bad",
    [
        {"SEARCH_PROVIDER": "searxng"},
        {"RATE_LIMIT": "lots"},
        {"PORT": 0},
        {"TOP_K_RERANK": 30, "TOP_K_RETRIEVAL": 20},
        {"VERDICT_BACKEND": "magic"},
    ],
)
def test_invalid_settings_fail_at_start_up(bad):
    with pytest.raises(ValidationError):
        Settings(_env_file=None, **bad)


def test_parse_rate():
    assert parse_rate("30/minute") == (30, 60)
    assert parse_rate("5/seconds") == (5, 1)
    with pytest.raises(ValueError, match="30/minute"):
        parse_rate("30 per minute")


def test_env_example_lists_every_setting_with_its_default():
    assert (ROOT / ".env.example").read_text() == render_env_example()
    names = {line.split("=", 1)[0] for line in render_env_example().splitlines() if "=" in line}
    assert names == set(Settings.model_fields)
