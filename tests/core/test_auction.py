"""Laws 17-22 in the strict auction: rotation, sufficiency, doubles, the end, the declarer."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.auction import Auction
from bridgelaw.calls import DOUBLE, PASS, REDOUBLE, call_name, parse_call
from bridgelaw.cards import Seat
from bridgelaw.errors import IllegalCall

from ..helpers import naive_result


def auction_of(dealer: Seat, text: str) -> Auction:
    a = Auction(dealer)
    for word in text.split():
        a.push_text(word)
    return a


def test_law17_dealer_calls_first_and_rotation_is_clockwise() -> None:
    a = Auction(Seat.SOUTH)
    turns = []
    for _ in range(3):
        turns.append(a.turn)
        a.push(PASS)
    assert turns == [Seat.SOUTH, Seat.WEST, Seat.NORTH]


def test_law22a_three_passes_after_a_bid_end_the_auction() -> None:
    a = auction_of(Seat.NORTH, "1H pass pass")
    assert not a.is_over and a.contract is None
    a.push(PASS)
    assert a.is_over and str(a.contract) == "1H" and a.declarer == Seat.NORTH


def test_law22a_passes_before_the_opening_do_not_end_it() -> None:
    a = auction_of(Seat.NORTH, "pass pass pass 1C pass pass")
    assert not a.is_over
    a.push(PASS)
    assert str(a.contract) == "1C" and a.declarer == Seat.WEST


def test_law22b_four_passes_pass_the_board_out() -> None:
    a = auction_of(Seat.EAST, "pass pass pass")
    assert not a.is_over
    a.push(PASS)
    assert a.is_over and a.is_passed_out
    assert str(a.contract) == "passed-out" and a.declarer is None


def test_law22_declarer_is_first_of_the_side_to_name_the_strain() -> None:
    # N opens 1C, S bids 1H, N raises hearts: S named hearts first for NS
    a = auction_of(Seat.NORTH, "1C pass 1H pass 2H pass 4H pass pass pass")
    assert a.declarer == Seat.SOUTH
    # the opponents naming the strain first does not matter
    b = auction_of(Seat.NORTH, "1S 2H 2NT pass 3NT pass pass pass")
    assert b.declarer == Seat.SOUTH
    c = auction_of(Seat.NORTH, "1NT 2S pass pass 2NT pass 3NT pass pass pass")
    assert c.declarer == Seat.NORTH


def test_law18_sufficiency_and_insufficient_bid_cites_law_27() -> None:
    a = auction_of(Seat.NORTH, "1NT")
    assert a.is_sufficient(parse_call("2C")) and not a.is_sufficient(parse_call("1S"))
    with pytest.raises(IllegalCall) as info:
        a.push_text("1D")
    assert info.value.law == "27"
    with pytest.raises(IllegalCall) as same:
        a.push_text("1NT")  # the same bid again is insufficient too
    assert same.value.law == "27"
    assert len(a) == 1  # nothing was recorded


def test_law19a_double_only_of_an_opponents_last_bid() -> None:
    a = auction_of(Seat.NORTH, "1H")
    assert a.can_double()
    a.push(PASS)  # South may not double partner's bid
    with pytest.raises(IllegalCall) as info:
        a.push(DOUBLE)
    assert info.value.law == "36"
    a.push(PASS)  # West may double: only passes since North's bid
    a.push(DOUBLE)
    assert a.doubled == 1
    with pytest.raises(IllegalCall):
        a.push(DOUBLE)  # a double of a doubled bid is inadmissible


def test_law19a_no_double_without_a_bid() -> None:
    with pytest.raises(IllegalCall) as info:
        Auction(Seat.NORTH).push(DOUBLE)
    assert info.value.law == "36"


def test_law19b_redouble_only_of_an_opponents_double_of_own_side() -> None:
    a = auction_of(Seat.NORTH, "1H X")
    assert a.can_redouble()
    b = auction_of(Seat.NORTH, "1H X pass")
    with pytest.raises(IllegalCall):  # West redoubling his own partner's double
        b.push(REDOUBLE)
    c = auction_of(Seat.NORTH, "1H X pass pass")
    c.push(REDOUBLE)  # North: the double was of his side's bid, only passes since
    assert c.doubled == 2
    with pytest.raises(IllegalCall) as info:
        auction_of(Seat.NORTH, "1H").push(REDOUBLE)
    assert info.value.law == "36"


def test_law19c_a_later_bid_cancels_the_double() -> None:
    a = auction_of(Seat.NORTH, "1H X XX 2C pass pass pass")
    assert str(a.contract) == "2C"
    b = auction_of(Seat.NORTH, "1H X pass pass XX pass pass pass")
    assert str(b.contract) == "1HXX" and b.declarer == Seat.NORTH


def test_law39_call_after_the_final_pass() -> None:
    a = auction_of(Seat.NORTH, "1H pass pass pass")
    with pytest.raises(IllegalCall) as info:
        a.push_text("2H")
    assert info.value.law == "39"


@pytest.mark.parametrize(("word", "law"), [("pass", "30"), ("1S", "31"), ("X", "32")])
def test_calls_out_of_rotation_cite_laws_30_to_32(word: str, law: str) -> None:
    a = auction_of(Seat.NORTH, "1H")
    with pytest.raises(IllegalCall) as info:
        a.push(parse_call(word), seat=Seat.SOUTH)
    assert info.value.law == law


def test_law38_bid_above_seven() -> None:
    with pytest.raises(IllegalCall) as info:
        parse_call("8S")
    assert info.value.law == "38"


def test_push_and_pop_restore_every_state() -> None:
    a = auction_of(Seat.WEST, "1C 1H X XX 1S pass pass")
    snapshots = []
    b = Auction(Seat.WEST)
    for call in a.calls:
        snapshots.append((list(b.legal_calls()), b.turn, b.doubled, b.last_bid))
        b.push(call)
    for expected in reversed(snapshots):
        b.pop()
        assert (list(b.legal_calls()), b.turn, b.doubled, b.last_bid) == expected
    with pytest.raises(IndexError):
        b.pop()


def test_pop_forgets_who_named_a_strain_first() -> None:
    a = auction_of(Seat.NORTH, "1H pass")
    a.pop()
    a.pop()
    for word in "pass pass 2H pass pass pass".split():
        a.push_text(word)
    assert a.declarer == Seat.SOUTH  # not North, whose 1H was taken back


def test_legal_calls_view() -> None:
    a = auction_of(Seat.EAST, "2NT")
    legal = a.legal_calls()
    words = [call_name(c) for c in legal]
    assert words[:3] == ["pass", "X", "3C"] and words[-1] == "7NT"
    assert len(legal) == len(words) == 2 + 25
    assert parse_call("2S") not in legal and parse_call("3C") in legal
    finished = auction_of(Seat.NORTH, "pass pass pass pass")
    assert list(finished.legal_calls()) == [] and len(finished.legal_calls()) == 0


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), dealer=st.integers(0, 3), pass_weight=st.integers(0, 12))
def test_random_legal_auctions_are_consistent(seed: int, dealer: int, pass_weight: int) -> None:
    rng = random.Random(seed)
    a = Auction(Seat(dealer))
    while not a.is_over:
        legal = list(a.legal_calls())
        # the lazy view agrees with the rule check, call by call
        assert sorted(legal) == [c for c in range(38) if a.illegality(c) is None]
        assert len(a.legal_calls()) == len(legal)
        choices = legal + [PASS] * pass_weight
        a.push(choices[rng.randrange(len(choices))])
    contract, declarer = naive_result(dealer, a.calls)
    assert str(a.contract) == contract
    assert (None if a.declarer is None else int(a.declarer)) == declarer
    # the declarer's side made the final bid
    if a.declarer is not None:
        assert a.last_bidder is not None and a.declarer.side == a.last_bidder.side
