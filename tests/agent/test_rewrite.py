"""The search query rewrite: the claim as written, plus the LLM's keywords when they are usable."""

import pytest

from agent.gather._queries import MAX_KEYWORD_CHARS, keyword_query, search_queries
from agent.llm import LLMUnavailable
from tests.fakes.chat import ScriptedChat


@pytest.mark.parametrize(
    ("raw", "query"),
    [
        ("Eiffel Tower completed 1889", "Eiffel Tower completed 1889"),
        ('"Eiffel Tower" 1889 site:evil.example -hoax OR myth', "Eiffel Tower 1889 myth"),
        ("COVID-19 vaccine\nmicrochip", "COVID-19 vaccine microchip"),
    ],
)
def test_keyword_query_is_plain(raw: str, query: str) -> None:
    assert keyword_query(raw) == query


def test_keyword_query_is_bounded() -> None:
    assert len(keyword_query("word " * 500)) <= MAX_KEYWORD_CHARS


async def test_without_an_llm_the_claim_alone() -> None:
    assert await search_queries("The claim", None) == (["The claim"], None)


async def test_with_an_llm_the_claim_and_keywords() -> None:
    chat = ScriptedChat({"rewrite": {"keywords": "claim keywords here"}})
    assert await search_queries("The claim", chat) == (["The claim", "claim keywords here"], None)
    assert chat.tasks() == ["rewrite"]


@pytest.mark.parametrize(
    "chat",
    [
        ScriptedChat(default=LLMUnavailable("down")),
        ScriptedChat(default={"keywords": ""}),
        ScriptedChat(default={"nothing": 1}),
    ],
)
async def test_an_llm_problem_falls_back_to_the_claim(chat: ScriptedChat) -> None:
    queries, problem = await search_queries("The claim", chat)
    assert queries == ["The claim"] and problem
