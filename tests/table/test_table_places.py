"""A place in a trick that holds no card (Law 67: a player contributed none) is ``None``, not
a card number: the readers of the play leave it out instead of taking it for a card."""

from __future__ import annotations

from bridgelaw.cards import Seat, Suit, parse_card
from bridgelaw.server.robots import robot_card, seat_position
from bridgelaw.table import Table
from bridgelaw.table.play_state import suit_led, winner_index

DEAL = "N:KJ74.A83.Q62.K95 Q82.KQJ5.AJ4.J73 A963.T76.K85.AQ2 T5.942.T973.T864"
AUCTION = ["N 1NT", "E pass", "S 3NT", "W pass", "N pass", "E pass"]


def defective_trick() -> Table:
    """E leads H5, dummy (S) plays H6, W contributes no card (67), N is to play."""
    table = Table.from_deal(1, DEAL)
    for text in [*AUCTION, "E H5", "S H6", "W none"]:
        table.apply_text(text)
    return table


def test_the_place_with_no_card_is_none_and_not_a_card() -> None:
    play = defective_trick().play
    assert play is not None
    assert play.trick == [parse_card("H5"), parse_card("H6"), None]
    assert suit_led(play.trick) == Suit.HEARTS
    # Law 44 over the cards there: the H6 wins so far (the missing place counts for nothing)
    assert winner_index(play.trick, 4) == 1


def test_a_player_who_played_no_card_has_not_shown_out() -> None:
    """70E1 may use a player's failure to follow; failing to play at all (67) shows nothing:
    W still holds hearts, so the position must not mark him void in them."""
    table = defective_trick()
    position = table.position()
    assert [seat for seat, _ in position.trick] == [Seat.EAST, Seat.SOUTH]
    assert position.shown_out[Seat.WEST] == 0
    assert position.next_to_play == Seat.NORTH
    table.apply_text("N H3")  # the trick is complete, still with no card of W's
    position = table.position()
    assert position.shown_out == (0, 0, 0, 0)
    assert position.trick == ()


def test_the_robot_falls_back_to_a_legal_card_on_a_defective_trick() -> None:
    """The sample card player reads whole tricks only; at a trick with no card in a place the
    robot offers the legal cards (Law 44C: N must follow to hearts), lowest first."""
    table = defective_trick()
    position = seat_position(table, Seat.NORTH)
    assert position is not None and not position.whole
    cards = robot_card(table, Seat.NORTH)
    assert cards == [parse_card(c) for c in ("H3", "H8", "HA")]
