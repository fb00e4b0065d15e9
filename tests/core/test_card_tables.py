"""The lookup tables of :mod:`bridgelaw.cards` (made at import from smaller holdings instead of
testing every bit) say what a 13-bit suit holding holds: rank r
(2 = 0 ... ace = 12) is there when bit r is set, and a suit's card is 13 * suit + rank."""

from __future__ import annotations

from bridgelaw.cards import _CARDS_IN, _RANKS_IN, card_name, cards_in, parse_card


def test_each_holding_lists_the_ranks_of_its_bits_low_to_high() -> None:
    assert len(_RANKS_IN) == 1 << 13
    for holding, ranks in enumerate(_RANKS_IN):
        assert ranks == tuple(r for r in range(13) if holding >> r & 1)


def test_each_suit_lists_its_cards() -> None:
    for suit in range(4):
        assert len(_CARDS_IN[suit]) == 1 << 13
        for holding, cards in enumerate(_CARDS_IN[suit]):
            assert cards == tuple(13 * suit + r for r in _RANKS_IN[holding])
    # the ace and the two of spades, and the whole pack
    spades = (1 << 12 | 1) << 39
    assert [card_name(c) for c in cards_in(spades)] == ["S2", "SA"]
    assert cards_in(spades) == (parse_card("S2"), parse_card("SA"))
    assert len(cards_in((1 << 52) - 1)) == 52
