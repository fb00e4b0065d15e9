"""Laws 41, 44, 61 and 65 in the strict play."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridgelaw.cards import Deal, Seat, Side, Strain, parse_card
from bridgelaw.errors import IllegalCard
from bridgelaw.play import Play, trick_winner

from ..helpers import SAMPLE_DEAL, random_deal, random_play

# N: AKQ2.KQ2.A32.K32  E: JT9.AJT.KQJ4.A54  S: 876.9876.T98.QJ9  W: 543.543.765.T876
DEAL = Deal.from_pbn(SAMPLE_DEAL)


def cards(text: str) -> list[int]:
    return [parse_card(w) for w in text.split()]


def test_law41a_opening_leader_is_declarers_lho() -> None:
    for declarer in Seat:
        play = Play(DEAL, declarer, Strain.SPADES)
        assert play.leader == declarer.lho and play.turn == declarer.lho
        assert play.dummy == declarer.partner


def test_law44c_must_follow_suit_and_a_revoke_cites_61a() -> None:
    play = Play(DEAL, Seat.NORTH, Strain.NOTRUMP)
    play.push_text("DK")  # East leads a diamond
    assert sorted(play.legal_cards()) == cards("D8 D9 DT")  # South must follow
    with pytest.raises(IllegalCard) as info:
        play.push_text("S8")  # South holds diamonds, so a spade is a revoke
    assert info.value.law == "61A"
    assert len(play.played) == 1  # nothing recorded


def test_law44d_void_player_may_play_any_card() -> None:
    # East void in clubs: give a deal where East has no clubs
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    play = Play(deal, Seat.WEST, Strain.SPADES)  # North leads
    play.push_text("SA")
    assert len(play.legal_cards()) == 13  # East has no spade: any of his hearts


def test_law44e_highest_trump_wins() -> None:
    # led D2, then a heart ruff, a higher heart over-ruff, a high diamond
    assert trick_winner(cards("D2 H3 H9 DA"), Strain.HEARTS) == 2
    assert trick_winner(cards("D2 H3 H9 DA"), Strain.SPADES) == 3


def test_law44f_highest_card_of_the_suit_led_wins_without_trumps() -> None:
    assert trick_winner(cards("C5 SA CK C9"), Strain.NOTRUMP) == 2
    assert trick_winner(cards("C5 SA CK C9"), Strain.DIAMONDS) == 2
    assert trick_winner(cards("CA C2 C3 C4"), Strain.NOTRUMP) == 0


def test_law44g_winner_leads_and_tricks_are_counted_per_side() -> None:
    play = Play(DEAL, Seat.NORTH, Strain.NOTRUMP)
    for word in "DK D8 D5 DA".split():  # E leads, N wins with the ace
        play.push_text(word)
    leaders = [play.leader]
    assert play.tricks_won(Side.NS) == 1
    assert play.tricks[0].winner == Seat.NORTH and play.tricks[0].leader == Seat.EAST
    assert play.tricks[0].card_of(Seat.SOUTH) == parse_card("D8")
    for word in "D2 DQ D9 D6".split():  # N leads, E wins with the queen
        play.push_text(word)
    leaders.append(play.leader)
    assert leaders == [Seat.NORTH, Seat.EAST] and play.tricks_won(Side.EW) == 1
    assert play.declarer_tricks == 1


def test_wrong_hand_errors_name_their_laws() -> None:
    play = Play(DEAL, Seat.NORTH, Strain.NOTRUMP)
    with pytest.raises(IllegalCard) as opening:
        play.push_text("S3")  # West's card: an opening lead out of turn
    assert opening.value.law == "54"
    play.push_text("DK")
    with pytest.raises(IllegalCard) as premature:
        play.push_text("D5")  # West plays before South: premature play
    assert premature.value.law == "57"
    with pytest.raises(IllegalCard) as played:
        play.push_text("DK")
    assert played.value.law == "45A"
    for word in "D8 D5 DA".split():
        play.push_text(word)
    with pytest.raises(IllegalCard) as from_dummy:
        play.push_text("H9")  # declarer (N) to lead, but leads from dummy (S)
    assert from_dummy.value.law == "55"


def test_defender_lead_out_of_turn_cites_56() -> None:
    play = Play(DEAL, Seat.NORTH, Strain.NOTRUMP)
    for word in "DK D8 D5 D2".split():  # East wins and must lead
        play.push_text(word)
    assert play.leader == Seat.EAST
    with pytest.raises(IllegalCard) as info:
        play.push_text("C6")  # West leads instead
    assert info.value.law == "56"


def test_play_after_thirteen_tricks_is_refused() -> None:
    play = random_play(random.Random(4), DEAL, Seat.SOUTH, Strain.HEARTS)
    assert play.is_over
    with pytest.raises(IllegalCard) as info:
        play.push(parse_card("SA"))
    assert info.value.law == "44"


def test_pop_undoes_across_a_completed_trick() -> None:
    play = Play(DEAL, Seat.NORTH, Strain.NOTRUMP)
    for word in "DK D8 D5 DA".split():
        play.push_text(word)
    assert play.pop() == parse_card("DA")
    assert play.leader == Seat.EAST and play.turn == Seat.NORTH and play.won == [0, 0]
    assert play.tricks == [] and len(play.trick) == 3
    assert parse_card("DA") in play.legal_cards()
    with pytest.raises(IndexError):
        Play(DEAL, Seat.NORTH, Strain.NOTRUMP).pop()


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), declarer=st.integers(0, 3), strain=st.integers(0, 4))
def test_random_legal_play_has_13_tricks_each_card_once(
    seed: int, declarer: int, strain: int
) -> None:
    rng = random.Random(seed)
    deal = random_deal(rng)
    play = Play(deal, declarer, strain)
    while not play.is_over:
        hand = play.hands[play.turn]
        legal = list(play.legal_cards())
        # Law 44C independently: following suit whenever the hand holds the suit led
        if play.trick:
            led = play.trick[0] // 13
            held = [c for c in range(52) if hand >> c & 1 and c // 13 == led]
            assert sorted(legal) == (held or [c for c in range(52) if hand >> c & 1])
        play.push(legal[rng.randrange(len(legal))])
    assert len(play.tricks) == 13 and sum(play.won) == 13
    assert sorted(play.played) == list(range(52))
    assert play.hands == [0, 0, 0, 0]
    for trick in play.tricks:
        # every card came from the hand of the seat that played it
        for offset, card in enumerate(trick.cards):
            assert deal[(trick.leader + offset) & 3] >> card & 1
    # the winner of each trick leads the next (Law 44G)
    for before, after in zip(play.tricks, play.tricks[1:], strict=False):
        assert after.leader == before.winner
    assert play.won[0] == sum(1 for t in play.tricks if t.winner in (Seat.NORTH, Seat.SOUTH))


def test_copy_is_independent() -> None:
    play = Play(DEAL, Seat.NORTH, Strain.NOTRUMP)
    for word in ["DK", "D8", "D5", "DA", "D2"]:
        play.push_text(word)
    twin = play.copy()
    twin.push_text("DQ")
    assert len(play.played) == 5 and len(twin.played) == 6
    assert play.hands != twin.hands and play.trick != twin.trick
    assert list(play.legal_cards()) != list(twin.legal_cards())
