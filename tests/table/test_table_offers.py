"""Offers that tell the truth: each option an offer shows is an answer the engine takes.

Found by the property test that tries every option of every offer
(``test_the_answers_taken_are_exactly_the_options_offered``); each case here is one the engine
offered but then refused, or an event that crashed instead of being refused."""

from __future__ import annotations

import pytest

from bridgelaw.table import Awaiting, ScriptError, Table
from bridgelaw.table.events import parse_event
from bridgelaw.table.state import same_command

from ..helpers import SAMPLE_DEAL


def test_27c_an_early_replacement_above_seven_cannot_be_declined_into_a_replacement() -> None:
    # 27C: N replaces his insufficient 5H with 9C before the director rules. Declining would
    # make 9C the replacement (27B), and a bid above seven replaces nothing (38): only accept.
    table = Table.from_deal(5, SAMPLE_DEAL)  # dealer N
    for text in ["N 2H", "E 6NT", "S 5H", "S 9C"]:
        table.apply_text(text)
    assert table.awaiting == Awaiting("W", "27C", ("accept",))
    with pytest.raises(ScriptError, match="legal call"):
        table.apply_text("W decline")
    table.apply_text("W accept")
    assert [r.law for r in table.rulings][-1] == "27A1"


def penalty_cards_then_51a() -> Table:
    # N exposes C2 and C3 in the auction and leads: they are major penalty cards (24E, 50B),
    # and declarer W designates C3, the card N must lead (51A)
    table = Table.from_deal(1, SAMPLE_DEAL)
    for text in ["N expose C2", "N expose C3", "N pass", "E pass", "S pass", "W 1NT"]:
        table.apply_text(text)
    for text in ["N pass", "E pass", "S pass", "W designate C3"]:
        table.apply_text(text)
    return table


def test_58b_several_cards_none_of_them_the_card_he_must_play_is_refused() -> None:
    table = penalty_cards_then_51a()
    with pytest.raises(ScriptError, match=r"must play C3 now \(Law 51A\)"):
        table.apply_text("N cards C2 SA")  # no designation could be taken: the board would stick


def test_58b_offers_only_the_card_he_must_play() -> None:
    table = penalty_cards_then_51a()
    table.apply_text("N cards C3 C2")
    assert table.awaiting == Awaiting("N", "58B2", ("designate C3",))
    table.apply_text("N designate C3")
    assert table.play is not None and table.play.played == [1]


def test_the_director_naming_suits_in_the_play_is_refused_not_a_crash() -> None:
    # 'director shows' answers the 29C question of the auction; a player's 'shows' is a claim
    table = Table.from_deal(1, SAMPLE_DEAL)
    for text in ["N 1NT", "E pass", "S pass", "W pass", "E SJ"]:
        table.apply_text(text)
    with pytest.raises(ScriptError):
        table.apply_text("director shows H D")


def test_2007_45c4b_on_a_place_left_empty_is_refused_not_a_crash() -> None:
    # found by the random tables: N contributes no card to the trick ('N none', Law 67); the
    # director's 2007 45C4b finding then concerns a place that holds no card
    events = [
        "S 7NT", "W 8NT", "N decline", "E 1D", "S decline", "N 4S", "E decline", "N pass",
        "director not-comparable", "E 1D", "S decline", "S 7D", "S forbid D", "S 6NT", "E 1S",
        "W 2H", "N 6NT", "S forbid S", "W cards D5 S4", "W designate D5", "N none",
    ]  # fmt: skip
    table = Table.from_deal(3, SAMPLE_DEAL, edition=2007)
    for text in events:
        table.apply_text(text)
    with pytest.raises(ScriptError, match="the last place holds no card"):
        table.apply_text("director unintended")


def test_45c4b_finding_with_only_an_accepted_lead_by_the_rho_is_refused_not_a_crash() -> None:
    """45C4b lets declarer change only his designation of dummy's card. When the one card
    played is the declarer's RHO's opening lead out of turn, accepted (54B), nothing was
    designated: the director's 45C4b finding does not fit, a script error, the table as it was
    (found by the property test: it crashed looking for the last player of no trick)."""
    table = Table.from_deal(1, SAMPLE_DEAL)  # dealer N: N declares 1NT, E leads
    for text in ["N 1NT", "E pass", "S pass", "W pass", "W S5", "N accept"]:
        table.apply_text(text)
    before = table.to_json()
    with pytest.raises(ScriptError) as refused:
        table.apply_text("director unintended")
    assert "45C4b" in str(refused.value)
    assert table.to_json() == before


def test_an_answer_is_the_option_it_names_whatever_its_event_number() -> None:
    # an offer's options are compared with the answer as commands (state.same_command): the
    # same call is the same answer at any event, another call is not
    assert same_command(parse_event("N 2H", 0), parse_event("N 2H", 7))
    assert not same_command(parse_event("N 2H", 0), parse_event("N 2S", 7))
    assert not same_command(parse_event("N 2H", 0), parse_event("S 2H", 7))
    assert not same_command(parse_event("N 2H", 0), parse_event("N pass", 7))
