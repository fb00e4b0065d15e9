"""The rulings use the law texts' own terms (docs/glossary.md: each term with its edition and
law in ../shared/laws/). Each case is a ruling about a concept and the word each language's
edition has for it, as the ruling's grammar inflects it."""

from __future__ import annotations

import pytest

from bridgelaw.cards import Seat, parse_card
from bridgelaw.i18n import render
from bridgelaw.table.messages import Said, say

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
SA = parse_card("SA")
REVOKE = say("revoke", seat=N, card=SA, trick=3)

CASES: list[tuple[str, Said, dict[str, str]]] = [
    (
        "revoke (61)",
        say("play", revoke=REVOKE),
        {"pl": "fałszywy renons", "hu": "színvétel", "sk": "nepriznanie farby"},
    ),
    (
        "established revoke (63)",
        say("law63a1-establish", revoke=REVOKE, seat=N),
        {"pl": "uprawomocniony", "hu": "jóvátehetetlen", "sk": "dokonané"},
    ),
    (
        "major penalty card (50B)",
        say("law48-49-exposed.exposed-becomes-penalty-card.major", seat=E, card=SA),
        {"pl": "normalną kartą przygwożdżoną", "hu": "nagy büntetőlap", "sk": "veľkou pokutovou"},
    ),
    (
        "minor penalty card (50B)",
        say("law48-49-exposed.exposed-becomes-penalty-card.minor", seat=E, card=SA),
        {"pl": "podrzędną kartą przygwożdżoną", "hu": "kis büntetőlap", "sk": "malou pokutovou"},
    ),
    (
        "director, claim (68, 70)",
        say("law68d2-disputed.disputes-play-stays-stopped.claim", seat=E, claimer=S),
        {"pl": "sędzia", "hu": "tornavezető", "sk": "vedúci"},
    ),
    (
        "claim (68)",
        say("law68d2b-answer.does-not-agree-play", seat=W),
        {"pl": "roszczeniu", "hu": "igényről", "sk": "nároku"},
    ),
    (
        "dummy, declarer (41-43)",
        say("law45d-rho-plays", rho=W),
        {"pl": "rozgrywającego", "hu": "felvevő", "sk": "hlavného hráča"},
    ),
    (
        "dummy (42)",
        say("law43a1-attention.dummy-drew-attention-during", dummy=N),
        {"pl": "dziadek", "hu": "asztal", "sk": "tichý hráč"},
    ),
    (
        "lead out of turn (54)",
        say("lead-answer.defenders-do-not-accept", offender=E, card=SA, leader=S),
        {"pl": "poza kolejnością", "hu": "soron kívüli", "sk": "mimo poradia"},
    ),
    (
        "artificial adjusted score (12C)",
        say("adjusted.artificial-score"),
        {
            "pl": "procentowy wynik rozjemczy",
            "hu": "mesterséges módosított eredmény",
            "sk": "umelý upravený výsledok",
        },
    ),
    (
        "assigned adjusted score (12C1)",
        say("adjusted.assigned"),
        {
            "pl": "zapisowy wynik rozjemczy",
            "hu": "megítélt módosított eredmény",
            "sk": "pridelený upravený výsledok",
        },
    ),
    (
        "insufficient bid (27)",
        say("law27-declined.does-not-accept-insufficient", lho=E, call="1C", offender=N),
        {"pl": "niewystarczającej odzywki", "hu": "elégtelen licit", "sk": "nedostatočnú ponuku"},
    ),
    (
        "call out of rotation (31)",
        say("law30-32.out-rotation-cancelled-may", offender=N, call="1NT", partner=S),
        {"pl": "poza kolejnością", "hu": "soron kívüli", "sk": "mimo poradia"},
    ),
    (
        "unauthorized information (16)",
        say("law55c.unauthorized", offender=E, card=SA),
        {
            "pl": "nielegalną informacją",
            "hu": "jogosulatlan információ",
            "sk": "neoprávnená informácia",
        },
    ),
    (
        "lead restriction (26)",
        say("finish-auction.bid-legally-after-all", offender=N, suit="S"),
        {"pl": "ograniczeń wistowych", "hu": "hívási korlátozás", "sk": "výnosových obmedzení"},
    ),
    (
        "inadmissible call (36)",
        say("law36b", offender=N, call="XX", partner=S),
        {"pl": "niedozwolona", "hu": "nem engedett", "sk": "neprípustná"},
    ),
    (
        "comparable call (23)",
        say("law27-judged.director-finds-comparable-insufficient", call="2C"),
        {"pl": "porównywalną", "hu": "hasonló értelmű", "sk": "porovnateľnú"},
    ),
]


@pytest.mark.parametrize(("concept", "said", "terms"), CASES, ids=[c[0] for c in CASES])
@pytest.mark.parametrize("lang", ["pl", "hu", "sk"])
def test_a_ruling_uses_the_editions_term(
    concept: str, said: Said, terms: dict[str, str], lang: str
) -> None:
    for edition in (2007, 2017):
        assert terms[lang] in render(said, lang, edition), (concept, lang, edition)
