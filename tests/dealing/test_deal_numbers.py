"""Deal numbers: the bijection 0 .. D-1 <-> deals, at its ends, at hand-worked points, by order
(checked with a comparator written here from the documented order) and as a property."""

from __future__ import annotations

import secrets
from math import comb, factorial

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.cards import Deal, card_of, hand_of, parse_hand_pbn
from bridgelaw.dealing.numbering import DEAL_COUNT, deal_to_number, number_to_deal
from bridgelaw.errors import ParseError

CLUBS = hand_of(card_of(0, r) for r in range(13))
DIAMONDS = hand_of(card_of(1, r) for r in range(13))
HEARTS = hand_of(card_of(2, r) for r in range(13))
SPADES = hand_of(card_of(3, r) for r in range(13))


def test_deal_count_is_52_factorial_over_13_factorial_to_the_fourth() -> None:
    assert factorial(52) // factorial(13) ** 4 == DEAL_COUNT
    assert DEAL_COUNT == 53644737765488792839237440000  # the figure every bridge text quotes
    assert 2**95 < DEAL_COUNT < 2**96


def test_number_zero_gives_each_seat_one_suit_from_the_bottom() -> None:
    # colex rank 0 is the 13 lowest positions: North the clubs, then East the diamonds...
    deal = number_to_deal(0)
    assert deal.hands == (CLUBS, DIAMONDS, HEARTS, SPADES)
    assert deal_to_number(deal) == 0


def test_last_number_gives_each_seat_one_suit_from_the_top() -> None:
    deal = number_to_deal(DEAL_COUNT - 1)
    assert deal.hands == (SPADES, HEARTS, DIAMONDS, CLUBS)
    assert deal_to_number(deal) == DEAL_COUNT - 1


def test_number_one_moves_souths_top_position() -> None:
    # South's rank 1 among hearts (positions 0-12) and spades (13-25) is {0..11, 13}:
    # the hearts two to king and the spade two; West keeps the heart ace and spades three-ace.
    deal = number_to_deal(1)
    assert deal[0] == CLUBS and deal[1] == DIAMONDS
    assert deal[2] == parse_hand_pbn("2.KQJT98765432..")
    assert deal[3] == parse_hand_pbn("AKQJT9876543.A..")
    assert deal_to_number(deal) == 1


def test_easts_rank_one() -> None:
    # n = 1 * C(26,13): East's rank 1 among diamonds, hearts, spades is the diamonds two to king
    # and the heart two; South then takes the 13 lowest left: diamond ace, hearts three to ace.
    deal = number_to_deal(comb(26, 13))
    assert deal[0] == CLUBS
    assert deal[1] == parse_hand_pbn(".2.KQJT98765432.")
    assert deal[2] == parse_hand_pbn(".AKQJT9876543.A.")
    assert deal[3] == SPADES


def test_norths_rank_thirteen() -> None:
    # The 13-subsets of {0..13} in colex order: {0..12} first, then the 13 sets {0..13} less one
    # element; leaving out a smaller element gives a larger set, so {1..13} (club three to ace
    # and the diamond two) comes last among them: rank 13.
    n = 13 * comb(39, 13) * comb(26, 13)
    deal = number_to_deal(n)
    assert deal[0] == parse_hand_pbn("..2.AKQJT9876543")
    assert deal[1] == parse_hand_pbn("..AKQJT9876543.2")
    assert deal[2] == HEARTS and deal[3] == SPADES
    assert deal_to_number(deal) == n


@pytest.mark.parametrize("number", [-1, DEAL_COUNT, DEAL_COUNT + 5, -(10**40)])
def test_numbers_outside_the_range_are_refused(number: int) -> None:
    with pytest.raises(ParseError, match="deal numbers run from 0 to"):
        number_to_deal(number)


def _colex_key(cards: list[int]) -> tuple[int, ...]:
    """Same-size subsets compare in colex order exactly as their descending tuples compare."""
    return tuple(sorted(cards, reverse=True))


def _documented_key(deal: Deal) -> tuple[tuple[int, ...], ...]:
    """The order the module text promises: North (colex), then East and South by position."""
    cards = [c for c in range(52)]
    key = []
    for seat in range(3):
        mine = [c for c in cards if deal[seat] >> c & 1]
        key.append(_colex_key([cards.index(c) for c in mine]))
        cards = [c for c in cards if not deal[seat] >> c & 1]
    return tuple(key)


def test_numbers_keep_the_documented_order_at_random_points() -> None:
    # A bijection onto 0..D-1 that keeps this total order is the documented numbering itself.
    points = sorted({secrets.randbelow(DEAL_COUNT) for _ in range(300)} | {0, DEAL_COUNT - 1})
    deals = [number_to_deal(n) for n in points]
    keys = [_documented_key(d) for d in deals]
    assert keys == sorted(keys)
    assert len(set(keys)) == len(keys)
    for n, d in zip(points, deals, strict=True):
        assert all(h.bit_count() == 13 for h in d.hands)
        assert deal_to_number(d) == n


@settings(max_examples=300, deadline=None)
@given(st.integers(min_value=0, max_value=DEAL_COUNT - 1))
def test_number_deal_number_round_trip(number: int) -> None:
    assert deal_to_number(number_to_deal(number)) == number


@settings(max_examples=300, deadline=None)
@given(st.permutations(range(52)))
def test_deal_number_deal_round_trip(order: list[int]) -> None:
    deal = Deal.from_holders([order.index(card) // 13 for card in range(52)])
    number = deal_to_number(deal)
    assert 0 <= number < DEAL_COUNT
    assert number_to_deal(number) == deal
