"""The search query rewrite: the claim as written, plus the LLM's keywords when they are usable."""

import pytest

from agent.llm import ChatReply, LLMUnavailable
from agent.rewrite import MAX_KEYWORD_CHARS, keyword_query, search_queries


class Chat:
    name = "fake"

    def __init__(self, data=None, error=None):
        self.data, self.error, self.calls = data or {}, error, 0

    async def complete_json(self, system: str, user: str) -> ChatReply:
        self.calls += 1
        if self.error:
            raise self.error
        return ChatReply(self.data, "")


@pytest.mark.parametrize(("raw", "query"), [
    ("Eiffel Tower completed 1889", "Eiffel Tower completed 1889"),
    ('"Eiffel Tower" 1889 site:evil.example -hoax OR myth', "Eiffel Tower 1889 myth"),
    ("COVID-19 vaccine\nmicrochip", "COVID-19 vaccine microchip"),
])
def test_keyword_query_is_plain(raw: str, query: str) -> None:
    assert keyword_query(raw) == query


def test_keyword_query_is_bounded() -> None:
    assert len(keyword_query("word " * 500)) <= MAX_KEYWORD_CHARS


async def test_without_an_llm_the_claim_alone() -> None:
    assert await search_queries("The claim", None) == (["The claim"], None)


async def test_with_an_llm_the_claim_and_keywords() -> None:
    chat = Chat({"keywords": "claim keywords here"})
    assert await search_queries("The claim", chat) == (["The claim", "claim keywords here"], None)
    assert chat.calls == 1


@pytest.mark.parametrize("chat", [Chat(error=LLMUnavailable("down")), Chat({"keywords": ""}),
                                  Chat({"nothing": 1})])
async def test_an_llm_problem_falls_back_to_the_claim(chat: Chat) -> None:
    queries, problem = await search_queries("The claim", chat)
    assert queries == ["The claim"] and problem
