"""A behavioural suite in the CheckList style (Ribeiro et al., ACL 2020) for the plain cases, run
through ``POST /api/verify`` with the claim's evidence as ``references``, no LLM and no web.

Templates are filled with invented names, places, numbers and units (so that no memorised world
knowledge helps), one capability each: support (the same sentence, a paraphrase, another unit or
number format, a bound, extra sentences around it), number, negation and framing, substitution,
direction, and not-enough-info (unrelated, another subject, another predicate, a hedge, another
tense, a question, a list). The generator is seeded: the same cases every run.

    .venv/bin/python -m benchmarks.checklist            # accuracy per capability (in-process app)
    .venv/bin/python -m benchmarks.checklist --show-wrong 20
    .venv/bin/python -m benchmarks.checklist --no-local-judge   # no model at all: rules + heuristic

``make test`` runs the same cases (tests/app/test_checklist.py) and holds the issue-36 bars.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import sys
import tempfile
import time
from collections import Counter, defaultdict
from dataclasses import dataclass
from pathlib import Path

SEED = 36
DECISIVE = ("support", "number", "negation", "substitution", "direction")


@dataclass(frozen=True)
class Case:
    capability: str
    template: str
    claim: str
    evidence: tuple[str, ...]
    expected: str  # True | False | NEI


_ONSETS = [
    "b",
    "d",
    "k",
    "l",
    "m",
    "n",
    "r",
    "s",
    "t",
    "v",
    "z",
    "br",
    "dr",
    "kr",
    "st",
    "tr",
    "gl",
    "th",
]
_VOWELS = ["a", "e", "i", "o", "u", "ea", "ia", "ou"]
_CODAS = ["", "n", "r", "s", "l", "th", "x", "nd"]


class Names:
    """Invented proper names, never the same twice in one suite."""

    def __init__(self, rng: random.Random) -> None:
        self.rng, self.used = rng, set()

    def word(self, syllables: int = 2, end: str = "") -> str:
        while True:
            w = "".join(
                self.rng.choice(_ONSETS) + self.rng.choice(_VOWELS) for _ in range(syllables)
            )
            w = (w + self.rng.choice(_CODAS) + end).capitalize()
            if w not in self.used and len(w) > 3:
                self.used.add(w)
                return w

    def place(self) -> str:
        return self.word(2, self.rng.choice(["ia", "a", "mar", "ovia", "ene"]))

    def person(self) -> str:
        return f"{self.word(2)} {self.word(2)}"

    def company(self) -> str:
        return f"{self.word(2)} {self.rng.choice(['Industries', 'Systems', 'Labs', 'Foods', 'Motors'])}"


_UNIT_PAIRS = [("km", "miles", 0.621371), ("metres", "feet", 3.28084), ("kg", "pounds", 2.20462)]
_HEDGES = [
    "Some studies suggest that",
    "It is possible that",
    "Researchers believe that",
    "Early reports suggest that",
]
_DISTRACT = [
    "The region is known for its mild winters and its annual music festival.",
    "Local officials did not comment on the report.",
    "The survey was funded by a regional development grant.",
    "Tourism has grown steadily over the past decade.",
]
_SPORTS = [
    ("tennis", "chess"),
    ("football", "basketball"),
    ("cricket", "baseball"),
    ("golf", "hockey"),
]
_ORGANS = [
    ("liver", "pancreas"),
    ("kidney", "pancreas"),
    ("stomach", "liver"),
    ("lung", "pancreas"),
]
_DIRECTIONS = [
    ("rose", "fell"),
    ("increased", "decreased"),
    ("grew", "shrank"),
    ("expanded", "declined"),
]
_ADJ = [
    ("deepest", "shallowest"),
    ("largest", "smallest"),
    ("oldest", "youngest"),
    ("longest", "shortest"),
]
_CLIMATE = [("dry", "wet"), ("hot", "cold"), ("cheap", "expensive")]


def generate(seed: int = SEED, per_template: int = 18) -> list[Case]:
    rng = random.Random(seed)
    names = Names(rng)
    cases: list[Case] = []

    def add(capability: str, template: str, claim: str, evidence, expected: str) -> None:
        cases.append(
            Case(
                capability,
                template,
                claim,
                tuple(evidence) if isinstance(evidence, list) else (evidence,),
                expected,
            )
        )

    for _ in range(per_template):
        river, survey, place, place2 = names.word(2), names.place(), names.place(), names.place()
        person, person2, company = names.person(), names.person(), names.company()
        km = rng.randrange(120, 900)
        other = km + rng.choice([-1, 1]) * rng.randrange(40, 200)
        year, year2 = rng.randrange(1850, 2015), None
        year2 = year + rng.choice([-1, 1]) * rng.randrange(2, 30)
        pop = rng.randrange(2, 9) * 1000 + rng.randrange(1, 9) * 100
        unit, unit2, factor = rng.choice(_UNIT_PAIRS)
        amount = rng.randrange(20, 400)
        lake = names.word(2)
        sport, sport2 = rng.choice(_SPORTS)
        organ, organ2 = rng.choice(_ORGANS)
        up, down = rng.choice(_DIRECTIONS)
        most, least = rng.choice(_ADJ)
        adj, adj2 = rng.choice(_CLIMATE)
        drug = names.word(3).lower()
        film = f"The {names.word(2)} {rng.choice(['Affair', 'Winter', 'Road', 'Harbour'])}"
        stated = f"Measurements by the {survey} Survey in {year} found that the river {river} is {km} km long."

        # --- support -------------------------------------------------------------------------
        add("support", "same sentence", f"The river {river} is {km} km long", stated, "True")
        add(
            "support",
            "passive paraphrase",
            f"{person} founded {company} in {year}",
            f"{company} was founded by {person} in {year}, and it later moved to {place}.",
            "True",
        )
        add(
            "support",
            "synonym",
            f"{person} purchased the {lake} estate in {year}",
            f"In {year}, {person} bought the {lake} estate from the {survey} family.",
            "True",
        )
        add(
            "support",
            "unit conversion",
            f"The {lake} bridge is {amount} {unit} long"
            if unit != "kg"
            else f"The {lake} statue weighs {amount} kg",
            (
                f"The {lake} bridge is {round(amount * factor, 1):g} {unit2} long."
                if unit != "kg"
                else f"The {lake} statue weighs {round(amount * factor, 1):g} pounds."
            ),
            "True",
        )
        add(
            "support",
            "number format",
            f"The population of {place} is {pop:,}",
            f"The census counted a population of {pop / 1000:g} thousand in {place}.",
            "True",
        )
        add(
            "support",
            "bound",
            f"Lake {lake} is more than {km // 2} metres deep",
            f"Lake {lake} is {km} metres deep at its deepest point.",
            "True",
        )
        add(
            "support",
            "among distractors",
            f"{person} was born in {place} in {year}",
            [
                rng.choice(_DISTRACT),
                f"{person} was born in {place} in {year} and studied law.",
                rng.choice(_DISTRACT),
            ],
            "True",
        )
        # --- number ------------------------------------------------------------------------------
        add("number", "another value", f"The river {river} is {other} km long", stated, "False")
        add(
            "number",
            "another year",
            f"{person} founded {company} in {year2}",
            f"{company} was founded by {person} in {year}.",
            "False",
        )
        add(
            "number",
            "another value after conversion",
            f"The {lake} tower is {amount} metres tall",
            f"The {lake} tower is {round(amount * 3.28084 * 1.6):d} feet tall.",
            "False",
        )
        add(
            "number",
            "outside a bound",
            f"Lake {lake} is less than {km // 3} metres deep",
            f"Lake {lake} is {km} metres deep at its deepest point.",
            "False",
        )
        add(
            "number",
            "percentage",
            f"Unemployment in {place} fell to {rng.randrange(3, 9)} percent in {year}",
            f"Unemployment in {place} fell to {rng.randrange(11, 19)} percent in {year}.",
            "False",
        )
        # --- negation and framing ------------------------------------------------------------------
        add(
            "negation",
            "negated evidence",
            f"{person} won the {lake} Prize in {year}",
            f"{person} did not win the {lake} Prize in {year}.",
            "False",
        )
        add(
            "negation",
            "negated claim",
            f"{company} did not open a factory in {place}",
            f"In {year}, {company} opened a factory in {place}.",
            "False",
        )
        add(
            "negation",
            "myth framing",
            f"Eating {drug} berries cures the common cold",
            f"It is a myth that eating {drug} berries cures the common cold.",
            "False",
        )
        add(
            "negation",
            "no evidence",
            f"The {drug} vaccine causes hair loss",
            f"There is no evidence that the {drug} vaccine causes hair loss.",
            "False",
        )
        add(
            "negation",
            "debunked",
            f"The {survey} dam will collapse in {year2 + 200}",
            f"The claim that the {survey} dam will collapse in {year2 + 200} has been debunked by engineers.",
            "False",
        )
        add(
            "negation",
            "never",
            f"{person} visited {place} in {year}",
            f"{person} never visited {place}, according to the {survey} archive.",
            "False",
        )
        # --- substitution -------------------------------------------------------------------------
        add(
            "substitution",
            "place",
            f"{company} is headquartered in {place}",
            f"{company} is headquartered in {place2}, where it employs {pop} people.",
            "False",
        )
        add(
            "substitution",
            "person in a list",
            f"{film} was directed by {person}",
            f"{film} was produced by {person} and directed by {person2}.",
            "False",
        )
        add(
            "substitution",
            "sport",
            f"{person} is a professional {sport} player",
            f"{person} is a professional {sport2} player from {place}.",
            "False",
        )
        add(
            "substitution",
            "organ",
            f"The drug {drug} is broken down by the {organ}",
            f"The drug {drug} is broken down by the {organ2} within hours.",
            "False",
        )
        add(
            "substitution",
            "country",
            f"The {lake} festival takes place in {place}",
            f"The {lake} festival takes place in {place2} every summer.",
            "False",
        )
        # --- direction ---------------------------------------------------------------------------
        add(
            "direction",
            "verb",
            f"Exports from {place} {up} in {year}",
            f"Exports from {place} {down} in {year}, the {survey} Survey reported.",
            "False",
        )
        add(
            "direction",
            "superlative",
            f"Lake {lake} is the {most} lake in {place}",
            f"Lake {lake} is the {least} lake in {place}.",
            "False",
        )
        add(
            "direction",
            "adjective",
            f"The climate of {place} is {adj}",
            f"The climate of {place} is {adj2} for most of the year.",
            "False",
        )
        add(
            "direction",
            "noun",
            f"The {survey} report found an increase in rainfall in {place}",
            f"The {survey} report found a decrease in rainfall in {place}.",
            "False",
        )
        # --- not enough info ----------------------------------------------------------------------
        add("nei", "unrelated", f"The river {river} is {km} km long", rng.choice(_DISTRACT), "NEI")
        add(
            "nei",
            "another subject",
            f"{person} won the {lake} Prize in {year}",
            f"{person2} won the {lake} Prize in {year}.",
            "NEI",
        )
        add(
            "nei",
            "another predicate",
            f"{person} founded {company}",
            f"{person} visited the offices of {company} in {year}.",
            "NEI",
        )
        add(
            "nei",
            "hedge",
            f"Eating {drug} berries cures the common cold",
            f"{rng.choice(_HEDGES)} eating {drug} berries may help with the common cold.",
            "NEI",
        )
        add(
            "nei",
            "tense",
            f"{person} is the mayor of {place}",
            f"{person} was the mayor of {place} from {year} to {year + 4}.",
            "NEI",
        )
        add(
            "nei",
            "question",
            f"Is {company} headquartered in {place}?",
            f"{company} is headquartered in {place}.",
            "NEI",
        )
        add(
            "nei",
            "partial list",
            f"{person} speaks {place}n, {place2}n and {survey}n",
            f"{person} speaks {place}n and {place2}n.",
            "NEI",
        )
        add(
            "nei",
            "other number, other thing",
            f"The river {river} is {km} km long",
            f"The river {river} has {rng.randrange(3, 12)} tributaries and flows through {place}.",
            "NEI",
        )
        add(
            "nei",
            "substitution in the subject",
            f"{sport.capitalize()} players in {place} earn more than doctors",
            f"{sport2.capitalize()} players in {place} earn more than doctors.",
            "NEI",
        )
    _readings(add, random.Random(seed * 7 + 1), names, per_template)
    _denials(add, random.Random(seed * 11 + 3), names, per_template)
    return cases


def _readings(add, rng: random.Random, names: Names, per_template: int) -> None:
    """Stop 49's cases, drawn from their own generator so that the cases above stay as they were:
    a role only one can hold given to another name, a sentence that rejects the claim, "never" and
    a detail, and sentences that report, narrow, or speak of another thing the claim's subject is
    only named in (each a wrong True or an abstention before)."""
    names = _Sharing(rng, names)
    for _ in range(per_template):
        place, place2, country = names.place(), names.place(), names.place()
        person, person2, company = names.person(), names.person(), names.company()
        lake, drug = names.word(2), names.word(3).lower()
        film = f"The {names.word(2)} {rng.choice(['Affair', 'Winter', 'Road', 'Harbour'])}"
        year = rng.randrange(1850, 2015)
        staff, more = rng.randrange(2, 9) * 100, rng.randrange(1, 9) * 100
        rate, rate2 = rng.randrange(3, 9), rng.randrange(11, 19)
        add(
            "substitution",
            "holder of a role only one can hold",
            f"{place} is the capital of {country}",
            f"{place2} is the capital and largest city of {country}.",
            "False",
        )
        add(
            "substitution",
            "the first to do it",
            f"{person} was the first person to climb Mount {lake}",
            f"{person2} was the first person to climb Mount {lake}, in {year}.",
            "False",
        )
        add(
            "negation",
            "rejects the idea",
            f"The {drug} vaccine causes hair loss",
            f"Doctors reject the idea that the {drug} vaccine causes hair loss.",
            "False",
        )
        add(
            "negation",
            "never, with a detail",
            f"{person} lost a match in {place}",
            f"{person} has never lost a match.",
            "False",
        )
        add(
            "nei",
            "a view reported",
            f"Eating {drug} berries cures the common cold",
            f"Critics say eating {drug} berries cures the common cold, but the evidence is weak.",
            "NEI",
        )
        add(
            "nei",
            "in a laboratory model",
            f"The drug {drug} cures liver cancer",
            f"The drug {drug} cures liver cancer in mice, a {year} study found.",
            "NEI",
        )
        add(
            "nei",
            "a post left",
            f"{person} is the mayor of {place}",
            f"{person} stepped down as mayor of {place} in {year}.",
            "NEI",
        )
        add(
            "nei",
            "said of another named with the subject",
            f"{person} was born in {place}",
            f"{person2}, a friend of {person}, was born in {place}.",
            "NEI",
        )
        add(
            "nei",
            "a part of the whole",
            f"{company} has {staff} employees",
            f"{company} has {staff} employees in {place} and {more} more abroad.",
            "NEI",
        )
        add(
            "nei",
            "the value of another year",
            f"Unemployment in {place} reached {rate2} percent in {year}",
            f"Unemployment in {place} reached {rate} percent in {year}, and {rate2} percent in "
            f"{year + 1}.",
            "NEI",
        )
        add(
            "nei",
            "a part played",
            f"{person} is a doctor",
            f"{person} played a doctor in {film}.",
            "NEI",
        )


def _denials(add, rng: random.Random, names: Names, per_template: int) -> None:
    """Stop 50's cases, from their own generator: a claim that denies ("… was not directed by X"),
    supported by a source that gives the denied slot to another, refuted by one that states it."""
    names = _Sharing(rng, names)
    for _ in range(per_template):
        place, place2, river = names.place(), names.place(), names.word(2)
        person, person2 = names.person(), names.person()
        film = f"The {names.word(2)} {rng.choice(['Affair', 'Winter', 'Road', 'Harbour'])}"
        year = rng.randrange(1850, 2015)
        km = rng.randrange(120, 900)
        add(
            "negation",
            "a denial, another doer",
            f"{film} was not directed by {person}",
            f"{film} is a {year} film directed by {person2}.",
            "True",
        )
        add(
            "negation",
            "a denial, another number",
            f"The river {river} is not {km + rng.randrange(40, 300)} km long",
            f"The river {river} is {km} km long.",
            "True",
        )
        add(
            "negation",
            "a denial, stated",
            f"{person} was not born in {place}",
            f"{person} was born in {place} in {year}.",
            "False",
        )
        add(
            "negation",
            "a denial, one of the doers",
            f"{film} was not directed by {person}",
            f"{film} was directed by {person2} and {person}.",
            "False",
        )
        add(
            "nei",
            "a denial, the other reported",
            f"{person} was not born in {place}",
            f"Some say {person} was born in {place2}.",
            "NEI",
        )


class _Sharing(Names):
    """Names from another generator that never repeat the first one's."""

    def __init__(self, rng: random.Random, first: Names) -> None:
        super().__init__(rng)
        self.used = first.used


def verdict_label(verdict: str) -> str:
    return (
        verdict
        if verdict in {"True", "False"}
        else ("Partial" if verdict in {"Partially True", "Misleading"} else "NEI")
    )


async def run(cases: list[Case], client) -> list[tuple[Case, str, dict]]:
    out = []
    for case in cases:
        response = await client.post(
            "/api/verify",
            json={"claim": case.claim, "references": list(case.evidence), "web_search": False},
        )
        body = response.json()
        out.append(
            (
                case,
                verdict_label(body.get("verdict", "")) if response.status_code == 200 else "error",
                body,
            )
        )
    return out


def score(results: list[tuple[Case, str, dict]]) -> list[dict]:
    by: dict[str, Counter] = defaultdict(Counter)
    for case, got, _ in results:
        by[case.capability]["n"] += 1
        by[case.capability]["right"] += got == case.expected
        by[case.capability]["wrong_decision"] += (
            got in {"True", "False", "Partial"} and got != case.expected
        )
    return [
        {
            "capability": cap,
            "cases": c["n"],
            "accuracy": round(c["right"] / c["n"], 3),
            "wrong True/False": c["wrong_decision"],
        }
        for cap, c in sorted(by.items())
    ]


ROOT = Path(__file__).resolve().parents[1]


async def _main(args) -> None:
    sys.path.insert(0, str(ROOT))
    from benchmarks.common import emit
    from tests.conftest import app_client, make_settings

    cases = generate()
    started = time.perf_counter()
    async with app_client(
        make_settings(
            Path(tempfile.mkdtemp()), LOCAL_JUDGE=args.local_judge, RATE_LIMIT="100000/minute"
        )
    ) as client:
        results = await run(cases, client)
    seconds = time.perf_counter() - started
    emit(
        "checklist",
        score(results),
        ["capability", "cases", "accuracy", "wrong True/False"],
        {
            "cases": len(cases),
            "seconds": round(seconds, 1),
            "seed": SEED,
            "local_judge": args.local_judge,
        },
    )
    wrong = [(c, g, b) for c, g, b in results if g != c.expected]
    for case, got, body in wrong[: args.show_wrong]:
        print(
            f"\n{case.capability}/{case.template}: expected {case.expected}, got {got}\n  claim: {case.claim}\n"
            f"  evidence: {' | '.join(case.evidence)}\n  reasoning: {body.get('reasoning', body)[:300]}"
        )


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--show-wrong", type=int, default=0)
    parser.add_argument(
        "--no-local-judge",
        dest="local_judge",
        action="store_false",
        help="LOCAL_JUDGE=false: exact comparison and the lexical heuristic, no model at all",
    )
    asyncio.run(_main(parser.parse_args()))


if __name__ == "__main__":
    main()
