"""The verifier's decisions on fakes, without the app: when it searches the web and which tiers,
what it writes back into the KB, how it falls back when the LLM or the search fails, and when it
downgrades a verdict. The KB is `retrieval.memory.MemoryRetriever`, the search an in-process
provider under the real `SearchEscalation`, the LLM the shared `ScriptedChat`."""

from __future__ import annotations

import pytest

from agent.llm import LLMUnavailable
from agent.models import ClaimType, Verdict
from agent.verifier import Verifier, VerifierConfig, VerifyOptions
from retrieval.documents import Document
from retrieval.memory import MemoryRetriever
from search.escalation import CallPolicy, SearchEscalation, TierPlan
from tests.fakes.chat import ScriptedChat
from tests.fakes.search_memory import MemorySearch

CLAIM = "The Eiffel Tower was completed in 1889"
COUNTER = "The Eiffel Tower was not completed in 1889"
BRITANNICA = Document(
    "The Eiffel Tower was completed in 1889 for the World's Fair in Paris.",
    "https://www.britannica.com/topic/Eiffel-Tower",
    "Eiffel Tower",
)
OFFICIAL = Document(
    "Construction of the Eiffel Tower was completed in March 1889.",
    "https://www.toureiffel.paris/en/history",
    "History of the tower",
)
UNRELATED = Document(
    "Honey never spoils when it is sealed and stored properly.",
    "https://www.example.org/honey",
    "Honey",
)
REUTERS = (
    "https://www.reuters.com/world/eiffel",
    "Eiffel Tower history",
    "The Eiffel Tower was completed in 1889, Reuters reports.",
)
SNOPES = (
    "https://www.snopes.com/fact-check/eiffel",
    "Was the Eiffel Tower completed in 1889?",
    "Yes: the Eiffel Tower was completed in 1889.",
)
BLOG = (
    "https://blog.example.net/tower",
    "Tower trivia",
    "The Eiffel Tower was completed in 1889 for the fair.",
)


def escalation(provider: MemorySearch) -> SearchEscalation:
    return SearchEscalation(
        provider,
        TierPlan(("reuters.com",), ("snopes.com",), deadline_s=5, call_timeout_s=2),
        CallPolicy(rate_per_s=0),
    )


def verifier(
    kb: MemoryRetriever, search: MemorySearch | None = None, chat=None, **config
) -> Verifier:
    return Verifier(
        kb,
        escalation(search) if search is not None else None,
        chat,
        VerifierConfig(write_coalesce_s=0, **config),
    )


def sites_searched(search: MemorySearch) -> list[tuple[str, ...] | None]:
    return [sites for _, sites in search.log]


async def test_enough_kb_evidence_means_no_web_search():
    kb, search = MemoryRetriever([BRITANNICA, OFFICIAL, UNRELATED]), MemorySearch([REUTERS])
    result = await verifier(kb, search).verify(CLAIM)
    assert search.log == []
    assert result.search.tier_used == "kb" and {e.origin for e in result.evidence} == {"kb"}
    assert any("is sufficient (rule met" in s for s in result.steps)
    assert {e.source for e in result.evidence} == {BRITANNICA.source, OFFICIAL.source}
    assert kb.access == {BRITANNICA.id: 1, OFFICIAL.id: 1}  # kept documents count an access


async def test_short_kb_evidence_asks_trusted_and_fact_checkers_then_stops_and_learns():
    kb, search = MemoryRetriever([UNRELATED]), MemorySearch([REUTERS, SNOPES, BLOG])
    v = verifier(kb, search)
    result = await v.verify(CLAIM)
    # 5a ∥ 5b, each with the claim and its counter-query; no broad
    assert sorted(search.log, key=str) == sorted(
        [(q, s) for q in (CLAIM, COUNTER) for s in (("reuters.com",), ("snopes.com",))], key=str
    )
    origins = {e.source: e.origin for e in result.evidence}
    assert origins[REUTERS[0]] == "web" and origins[SNOPES[0]] == "fact_check"
    assert result.search.new_documents == 2 and result.search.tier_used in {"trusted", "fact_check"}
    assert await v.drain(timeout_s=5) == 0
    assert {d.source for d in kb.docs.values()} >= {
        REUTERS[0],
        SNOPES[0],
    }  # 5d: written back into the KB
    again = await verifier(kb, MemorySearch()).verify(CLAIM)
    assert again.search.tier_used == "kb"  # what was learned answers next time


async def test_counter_queries_reach_the_targeted_tiers_in_the_same_round_and_can_be_turned_off():
    kb, search = MemoryRetriever([UNRELATED]), MemorySearch([REUTERS, SNOPES])
    result = await verifier(kb, search).verify(CLAIM)
    assert {(q, s) for q, s in search.log if q == COUNTER} == {
        (COUNTER, ("reuters.com",)),
        (COUNTER, ("snopes.com",)),
    }
    assert any(s.startswith(f"Counter-query {COUNTER!r} (negation)") for s in result.steps)
    debunk = MemorySearch([REUTERS, SNOPES])
    await verifier(MemoryRetriever([UNRELATED]), debunk, counter_query="debunk").verify(CLAIM)
    assert "Eiffel Tower completed 1889 myth false debunked" in {q for q, _ in debunk.log}
    off = MemorySearch([REUTERS, SNOPES])
    quiet = await verifier(MemoryRetriever([UNRELATED]), off, counter_query="off").verify(CLAIM)
    assert {q for q, _ in off.log} == {CLAIM} and not any(
        s.startswith("Counter-query") for s in quiet.steps
    )


async def test_the_broad_web_only_when_the_targeted_tiers_leave_it_short():
    kb, search = MemoryRetriever([UNRELATED]), MemorySearch([BLOG])
    result = await verifier(kb, search).verify(CLAIM)
    assert (
        sites_searched(search)[-1] is None and len(search.log) == 5
    )  # 2 tiers × (claim, counter) + broad
    assert search.log[-1] == (CLAIM, None)  # the broad tier searches the claim's own queries only
    assert result.search.tier_used == "broad" and [e.source for e in result.evidence] == [BLOG[0]]
    assert any("searching the broad web" in s for s in result.steps)


async def test_web_search_false_and_no_provider_keep_to_the_kb_and_say_so():
    kb, search = MemoryRetriever([BRITANNICA]), MemorySearch([REUTERS])
    off = await verifier(kb, search).verify(CLAIM, VerifyOptions(web_search=False))
    none = await verifier(kb, None).verify(CLAIM)
    assert search.log == []
    assert "Web search skipped: the request set web_search=false." in off.steps
    assert any("no search provider is configured" in s for s in none.steps)
    assert (
        [e.source for e in off.evidence] == [e.source for e in none.evidence] == [BRITANNICA.source]
    )


async def test_a_search_outage_continues_on_kb_evidence_and_a_kb_write_failure_is_said():
    kb, down = MemoryRetriever([BRITANNICA], fail_index=1), MemorySearch([REUTERS], fail=True)
    result = await verifier(kb, down).verify(CLAIM)
    assert any(s.startswith("Search tier trusted failed (") for s in result.steps)
    assert [e.source for e in result.evidence] == [
        BRITANNICA.source
    ] and result.search.new_documents == 0
    kb2 = MemoryRetriever([UNRELATED], fail_index=1)
    written_now = await verifier(kb2, MemorySearch([REUTERS]), index_after_response=False).verify(
        CLAIM
    )
    assert any(s.startswith("Could not index web results") for s in written_now.steps)
    assert [e.source for e in written_now.evidence] == [REUTERS[0]]  # the evidence is still used


async def test_an_opinion_is_not_verifiable_without_retrieval_or_search():
    kb, search = MemoryRetriever([BRITANNICA]), MemorySearch([REUTERS])
    chat = ScriptedChat(
        {"classify": {"claim_type": "OPINION", "claim": "x", "reason": "a value judgement"}}
    )
    result = await verifier(kb, search, chat).verify("Paris is the most beautiful city")
    assert result.claim_type is ClaimType.OPINION and result.verdict is Verdict.NOT_VERIFIABLE
    assert search.log == [] and kb.access == {} and chat.tasks() == ["classify"]


async def test_llm_failures_fall_back_visibly():
    kb = MemoryRetriever([BRITANNICA, OFFICIAL])
    chat = ScriptedChat(
        {
            "classify": LLMUnavailable("down"),
            "sufficiency": {"sufficient": True},
            "verdict": LLMUnavailable("down"),
            "trust": LLMUnavailable("down"),
        }
    )
    result = await verifier(kb, None, chat).verify(CLAIM)
    assert result.claim_type is ClaimType.FACTUAL  # the rules classified it
    assert any(s.startswith("Verdict: the LLM failed (") for s in result.steps)
    # no model judged; Britannica's sentence states the claim word for word, so exact comparison
    # still decides it, and says that it did
    assert result.mode == "evidence-only" and result.verdict is Verdict.TRUE
    assert any(
        s.startswith("Verdict by exact comparison, no model judged: True") for s in result.steps
    )
    assert "with exact comparison, not by a language model" in result.reasoning
    assert result.usage.llm_calls == len(chat.calls) >= 3


async def test_with_no_model_a_plain_contradiction_still_decides_and_an_unplain_one_does_not():
    """No LLM, no NLI model, no local judge: the comparison rules alone decide the plain case
    ("in Paris" against "in Berlin"), quote it and say why; a sentence that is not plain (another
    subject) leaves Not Enough Evidence, with the heuristic's stances (a weak signal, labelled
    so, that never decides)."""
    paris = Document(
        "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France.",
        "https://www.britannica.com/topic/Eiffel-Tower",
        "Eiffel Tower",
    )
    result = await verifier(MemoryRetriever([paris]), None, None).verify(
        "The Eiffel Tower is in Berlin"
    )
    assert result.mode == "evidence-only" and result.verdict is Verdict.FALSE
    item = result.evidence[0]
    assert item.stance == "refutes" and item.stance_rule == "substitution"
    assert "Berlin" in (item.stance_reason or "") and "Paris" in (item.stance_reason or "")
    assert "Berlin" in result.reasoning and "Paris" in result.reasoning
    other = Document(
        "The Fernsehturm television tower is in Berlin, on Alexanderplatz.",
        "https://www.britannica.com/topic/Fernsehturm",
        "Fernsehturm",
    )
    unplain = await verifier(MemoryRetriever([other]), None, None).verify(
        "The Eiffel Tower is in Berlin"
    )
    assert unplain.verdict is Verdict.NOT_ENOUGH_EVIDENCE
    assert unplain.evidence and unplain.evidence[0].stance_rule is None  # no rule decided it
    assert not any(s.startswith("Verdict by exact comparison") for s in unplain.steps)
    # the reasoning says the rules looked and found nothing plain, not only that no model judged
    assert unplain.reasoning.startswith(
        "No language model is configured, and exact comparison found no sentence of a credible "
        "source that plainly states or contradicts the claim, so claimcheck did not judge the claim"
    )


@pytest.mark.parametrize("grounding", ["always", None])
async def test_a_verdict_citing_nothing_that_exists_is_downgraded_and_grounding_follows_the_request(
    grounding,
):
    kb = MemoryRetriever([BRITANNICA, OFFICIAL])
    chat = ScriptedChat(
        {
            "classify": {"claim_type": "FACTUAL", "claim": CLAIM, "reason": "dated"},
            "sufficiency": {"sufficient": True, "reason": "two sources"},
            "verdict": {
                "verdict": "False",
                "confidence": 0.6,
                "reasoning": "It was built later [9].",
            },
            "trust": {"ratings": []},
            "grounding": {"confidence": 0.3},
        }
    )
    result = await verifier(kb, None, chat).verify(CLAIM, VerifyOptions(grounding=grounding))
    assert result.verdict is Verdict.NOT_ENOUGH_EVIDENCE and "[9]" not in result.reasoning
    assert any("downgraded to Not Enough Evidence" in s for s in result.steps)
    if grounding == "always":
        assert result.grounding.status != "SKIPPED" and result.grounding.full_confidence == 0.6
        assert any(
            s.startswith("Grounding (always): measured on the judge's verdict 'False'")
            for s in result.steps
        )
    else:
        assert result.grounding.status == "SKIPPED"
        assert (
            "Grounding check skipped (the citation check changed the verdict it measured)."
            in result.steps
        )


async def test_a_verdict_backed_by_its_citations_stands():
    kb = MemoryRetriever([BRITANNICA, OFFICIAL])
    chat = ScriptedChat(
        {
            "classify": {"claim_type": "FACTUAL", "claim": CLAIM, "reason": "dated"},
            "sufficiency": {"sufficient": True, "reason": "two sources"},
            "verdict": {
                "verdict": "True",
                "confidence": 0.95,
                "reasoning": "The Eiffel Tower was completed in 1889 [1][2].",
            },
            "trust": {"ratings": []},
        }
    )
    result = await verifier(kb, None, chat).verify(CLAIM)
    assert result.verdict is Verdict.TRUE and result.mode == "llm"
    assert (result.citations.total, result.citations.supported) == (2, 2)
    assert kb.verdict_uses == {BRITANNICA.id: 1, OFFICIAL.id: 1}


async def test_an_llm_verdict_that_reads_a_ruled_item_otherwise_is_shown_and_said():
    """With an LLM the LLM's verdict stands (mode llm); where it reads an item otherwise than exact
    comparison did, the item shows the LLM's stance without the rule, and a step says what the rule
    had read."""
    paris = Document(
        "The Eiffel Tower is a wrought-iron lattice tower on the Champ de Mars in Paris, France.",
        "https://www.britannica.com/topic/Eiffel-Tower",
        "Eiffel Tower",
    )
    chat = ScriptedChat(
        {
            "classify": {
                "claim_type": "FACTUAL",
                "claim": "The Eiffel Tower is in Berlin",
                "reason": "x",
            },
            "sufficiency": {"sufficient": True},
            "verdict": {
                "verdict": "True",
                "confidence": 0.7,
                "reasoning": "The tower stands there [1].",
                "evidence": [{"n": 1, "stance": "supports", "probability": 0.7}],
            },
            "trust": {"ratings": []},
            "grounding": {"confidence": 0.9},
        }
    )
    result = await verifier(MemoryRetriever([paris]), None, chat).verify(
        "The Eiffel Tower is in Berlin"
    )
    assert result.mode == "llm"
    (shown,) = result.evidence
    assert (shown.stance, shown.stance_rule, shown.stance_reason) == ("supports", None, None)
    (step,) = [
        s for s in result.steps if s.startswith("Exact comparison read otherwise than the LLM")
    ]
    assert "[1] refutes by substitution" in step and "the LLM: supports" in step
