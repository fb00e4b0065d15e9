"""What the engine says is face up outside the tricks (``Pending.faced``) and which cards a
player may correct his revoke with (``Table.corrections``), from the Laws: a lead out of turn
is faced while the chooser decides (54-56); a card played instead of a penalty card is faced
while declarer decides (52B1a); a revoke may be corrected before it is established (62A) with
a card that follows suit (62B), not once his side has played to the next trick (63A1, 63B),
and not by another player.
"""

from __future__ import annotations

import pytest

from bridgelaw.cards import Seat, card_name
from bridgelaw.table import Table

DEAL = "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"
AUCTION = ["N 1NT", "E pass", "S 3NT", "W pass", "N pass", "E pass"]


def table_after(*events: str) -> Table:
    table = Table.from_deal(1, DEAL)
    for text in (*AUCTION, *events):
        table.apply_text(text)
    return table


def names(cards: tuple[int, ...]) -> list[str]:
    return [card_name(c) for c in cards]


@pytest.mark.parametrize(
    ("events", "law", "card"),
    [
        (("W S3",), "54", "S3"),  # an opening lead out of turn
        (("E DK", "S D8", "W D5", "N DA", "E HA"), "56", "HA"),  # a defender's, later
    ],
)
def test_a_lead_out_of_turn_is_faced_while_it_is_settled(
    events: tuple[str, ...], law: str, card: str
) -> None:
    table = table_after(*events)
    assert table.pending is not None and table.awaiting is not None
    assert table.awaiting.law == law
    assert names(table.pending.faced()) == [card]
    table.apply_text("N decline")  # not accepted: a major penalty card (54D, 56 with 50)
    assert table.pending is None or card not in names(table.pending.faced())
    assert (card, "major") in [(card_name(c), kind) for _, c, kind in table.penalty_cards]


def test_a_card_played_instead_of_a_penalty_card_is_faced() -> None:
    # West's lead out of turn not accepted: S3 a major penalty card (54D); declarer
    # restricts nothing (50D2), East leads a spade and West plays another spade (52)
    table = table_after("W S3", "N decline")
    assert [card_name(c) for _, c, _ in table.penalty_cards] == ["S3"]
    table.apply_text("N no-restriction")
    table.apply_text("E SJ")  # East leads a spade; West must play the penalty card (50D1)
    table.apply_text("S S6")
    table.apply_text("W S4")  # not the penalty card: 52
    assert table.pending is not None and names(table.pending.faced()) == ["S4"]


def test_only_the_revoker_may_correct_and_only_before_it_is_established() -> None:
    table = table_after("E DK", "S D8", "W CT")  # West holds three diamonds: a revoke
    assert names(table.corrections(Seat.WEST)) == ["D7", "D6", "D5"]  # 62B: a diamond
    for seat in (Seat.NORTH, Seat.EAST, Seat.SOUTH):
        assert table.corrections(seat) == ()
    table.apply_text("N D2")
    assert names(table.corrections(Seat.WEST)) == ["D7", "D6", "D5"]  # trick quitted: still
    table.apply_text("N S2")
    table.apply_text("E S9")  # his side plays to the next trick: established (63A1)
    assert table.corrections(Seat.WEST) == ()


def test_no_correction_while_an_irregularity_is_settled() -> None:
    # East won trick 1; West leads out of turn before his revoke is established (56)
    table = table_after("E DK", "S D8", "W CT", "N D2", "W S3")
    assert table.pending is not None and table.awaiting is not None
    assert table.awaiting.law == "56"
    assert table.corrections(Seat.WEST) == ()  # the lead out of turn is settled first


def test_cards_played_at_once_are_all_faced_until_one_is_designated() -> None:
    table = table_after("E DK", "S D8", "W D5", "N cards D3 D2")  # 58B
    assert table.pending is not None and table.awaiting is not None
    assert table.awaiting.law == "58B2"
    assert sorted(names(table.pending.faced())) == ["D2", "D3"]
