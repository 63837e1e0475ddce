"""Questions a reader asks about the seeded facts (seed/facts.jsonl), through `POST /api/verify`
with no LLM and no web: each one below stands beside a seeded sentence that plainly settles it
(the claim's number, place, person, direction or negation against the sentence's). Stop 52 found
wrong answers this way — "Buzz Aldrin was the first person to walk on the Moon" True, "Six Apollo
missions landed on the Moon" False — and fixed them; this keeps every answer as the sentence says
(issue 36)."""

from __future__ import annotations

from tests.app.test_checklist import verify
from tests.conftest import app_client, make_settings

ANSWERS = [
    ("5G spreads the coronavirus", "False"),
    ("Apollo 11 landed on Mars", "False"),
    ("Apollo 11 landed on the Moon in 1968", "False"),
    ("Apollo 11 landed on the Moon in July 1969", "True"),
    ("At high altitude water boils at a lower temperature", "True"),
    ("COVID-19 is caused by a bacterium", "False"),
    ("COVID-19 spreads mainly from an infected person's mouth or nose", "True"),
    ("COVID-19 vaccines are unsafe", "False"),
    ("COVID-19 was first identified in 2018", "False"),
    ("Evolution is just a theory with no evidence", "False"),
    ("Evolution is not supported by evidence", "False"),
    ("Fluoridated water is safe", "True"),
    ("Fluoridation of water is unsafe", "False"),
    ("Global warming is caused by human activities", "True"),
    ("Humans are causing global warming", "True"),
    ("India became independent in 1950", "False"),
    ("India became independent on 15 August 1947", "True"),
    ("K2 is the highest mountain on Earth", "False"),
    ("Light from the Sun takes about 8 hours to reach Earth", "False"),
    ("Lightning never strikes the same place twice", "False"),
    ("Lightning never strikes twice", "False"),
    ("Mount Everest is 8,849 meters tall", "True"),
    ("Mount Everest is 9,500 meters tall", "False"),
    ("Neil Armstrong walked on the Moon in 1970", "False"),
    ("Neil Armstrong was the first person to walk on the Moon", "True"),
    ("Six Apollo missions landed on the Moon", "True"),
    ("Smoking does not cause lung cancer", "False"),
    ("Sunlight reaches the Earth instantly", "False"),
    ("Sunlight takes about 8 minutes to reach Earth", "True"),
    ("Ten Apollo missions landed on the Moon", "False"),
    ("The Antarctic ice sheet covers about 14 million square kilometers", "True"),
    ("The Earth is 6,000 years old", "False"),
    ("The Earth is billions of years old", "True"),
    ("The Earth is less than 10,000 years old", "False"),
    ("The Earth is round", "True"),
    ("The Earth's temperature has risen by about 1.1 degrees Celsius since the late 1800s", "True"),
    ("The Great Wall of China is visible from the Moon", "False"),
    ("The MMR vaccine causes autism", "False"),
    ("The MMR vaccine does not cause autism", "True"),
    ("The Sun is about 150 million kilometers from Earth", "True"),
    ("The United Nations came into existence on 24 October 1945", "True"),
    ("The United Nations was founded in 1945", "True"),
    ("The United Nations was founded in 1950", "False"),
    ("The human genome contains about 20,000 base pairs", "False"),
    ("The human genome contains about 3 million base pairs", "False"),
    ("The human genome has about 3 billion base pairs", "True"),
    ("The speed of light is about 300,000 km per second", "True"),
    ("The speed of light is exactly 299,792,458 meters per second", "True"),
    ("The summit of Mount Everest is 29,032 feet above sea level", "True"),
    ("Tobacco kills up to half of its users", "True"),
    ("Twelve astronauts walked on the Moon", "True"),
    ("Vaccines cause autism", "False"),
    ("Vitamin C cures the common cold", "False"),
    ("Vitamin C prevents colds", "False"),
    ("Water boils at 212 degrees Fahrenheit at sea level", "True"),
    ("Water boils at 90 degrees Celsius at sea level", "False"),
    ("Water boils at a higher temperature at high altitude", "False"),
    ("Water boils at a lower temperature at high altitude", "True"),
]

# wrong once, and no seeded sentence settles them the other way: never True
NOT_TRUE = ["Buzz Aldrin was the first person to walk on the Moon"]


async def test_questions_about_the_seeded_facts_are_answered_as_the_sentences_say(tmp_path, minilm):
    async with app_client(
        make_settings(tmp_path, LOCAL_JUDGE=True, RATE_LIMIT="100000/minute"), embedder=minilm
    ) as client:
        got = {claim: (await verify(client, claim))["verdict"] for claim, _ in ANSWERS}
        never = {claim: (await verify(client, claim))["verdict"] for claim in NOT_TRUE}
    assert not [c for c, v in never.items() if v in {"True", "Partially True"}], never
    wrong = {c: (got[c], v) for c, v in ANSWERS if got[c] in {"True", "False"} and got[c] != v}
    assert not wrong, wrong  # a wrong True or False: worse than an abstention
    undecided = {c: got[c] for c, v in ANSWERS if got[c] != v}
    assert not undecided, undecided
