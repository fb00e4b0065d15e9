"""The sample session's reproducible dealer (sample only, not the secure dealer)."""

import hashlib
from collections import Counter

import pytest

from bridgelaw.cards import FULL_DECK
from bridgelaw.sample.dealer import LABEL, sample_deal, shuffled_deck, uniform_below


def test_uniform_below_rejects_the_biased_tail() -> None:
    # 256 = 4 * 52 + 48, so bytes 208-255 would favour indices 0-47: they are skipped.
    assert uniform_below(52, iter([208, 255, 3])) == 3
    assert uniform_below(52, iter([207])) == 207 - 4 * 52 + 52  # 207 % 52 == 51
    assert uniform_below(1, iter([255])) == 0


def test_uniform_below_is_exactly_uniform_over_all_bytes() -> None:
    for bound in (2, 3, 13, 52):
        counts: Counter[int | str] = Counter()
        for byte in range(256):
            stream = iter([byte])
            try:
                counts[uniform_below(bound, stream)] += 1
            except StopIteration:
                counts["rejected"] += 1
        accepted = [counts[i] for i in range(bound)]
        assert len(set(accepted)) == 1, bound
        assert counts["rejected"] == 256 % bound


def test_uniform_below_refuses_bounds_a_byte_cannot_serve() -> None:
    with pytest.raises(ValueError):
        uniform_below(0, iter([1]))
    with pytest.raises(ValueError):
        uniform_below(257, iter([1]))


def test_first_swap_uses_the_first_byte_of_sha256_of_the_label() -> None:
    label = LABEL % 1
    first = hashlib.sha256(label + bytes(4)).digest()
    accepted = next(b for b in first if b < 208)  # the first byte the 52-way draw accepts
    deck = shuffled_deck(label)
    # Fisher-Yates from the top: position 51 receives the card at index accepted % 52.
    assert deck[51] == accepted % 52


def test_deals_are_reproducible_complete_and_distinct() -> None:
    deals = [sample_deal(n) for n in range(1, 13)]
    assert deals == [sample_deal(n) for n in range(1, 13)]
    assert len(set(deals)) == 12
    for deal in deals:
        union = 0
        for hand in deal.hands:
            assert hand.bit_count() == 13
            union |= hand
        assert union == FULL_DECK
    assert sorted(shuffled_deck(LABEL % 5)) == list(range(52))
