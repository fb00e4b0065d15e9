"""The sample session's heuristic card player: the club player's rules, and legal play."""

from __future__ import annotations

import pytest

from bridgelaw.boards import Board
from bridgelaw.cards import Deal, Seat, Strain, card_name
from bridgelaw.play import Play
from bridgelaw.sample.bidding import STANDARD, bid_board
from bridgelaw.sample.cardplay import DEFAULT_PLAY, PlayStyle, choose_card, play_board
from bridgelaw.sample.dealer import shuffled_deck

# South declares in every position below, so West makes the opening lead.
HOLD_UP = Deal.from_pbn("N:532.AQ4.K432.A32 874.J983.QJ5.Q54 A96.K76.A76.KJ76 KQJT.T52.T98.T98")
FOURTH_BEST = Deal.from_pbn("N:762.AQ4.K432.A32 QJ3.J983.Q5.Q654 AT4.K76.AJ76.KJ7 K985.T52.T98.T98")
TRUMPS = Deal.from_pbn("N:Q762.A4.K432.A32 K3.J9832.Q5.Q654 AJT94.K76.AJ7.K7 85.QT5.T986.JT98")
VOID = Deal.from_pbn("N:AK2.Q43.K432.AQ3 QJ98.J982.QJ876. T76.AKT765.A5.K4 543..T9.JT987652")


def next_cards(
    deal: Deal,
    trump: Strain,
    played: list[str],
    count: int = 1,
    styles: tuple[PlayStyle, ...] = (DEFAULT_PLAY,) * 4,
    bid_suits: tuple[tuple[int, ...], ...] = ((), (), (), ()),
) -> list[str]:
    """Play ``played`` with South declaring, then the cards the players choose next."""
    play = Play(deal, Seat.SOUTH, trump)
    for text in played:
        play.push_text(text)
    chosen = []
    for _ in range(count):
        card = choose_card(play, bid_suits, styles)
        chosen.append(card_name(card))
        play.push(card)
    return chosen


def test_top_of_a_sequence_then_hold_up_in_notrump() -> None:
    # West leads the king from KQJT; dummy and East play low; South holds up A96 once.
    assert next_cards(HOLD_UP, Strain.NOTRUMP, [], 4) == ["SK", "S2", "S4", "S6"]
    # West continues the suit with the next card of the sequence.
    assert next_cards(HOLD_UP, Strain.NOTRUMP, ["SK", "S2", "S4", "S6"]) == ["SQ"]
    # A declarer who does not hold up takes the ace at once.
    eager = (PlayStyle(hold_up=False),) * 4
    assert next_cards(HOLD_UP, Strain.NOTRUMP, ["SK", "S2", "S4"], styles=eager) == ["SA"]


def test_fourth_best_second_hand_low_third_hand_high() -> None:
    # West leads the fourth best from K985, dummy low, East plays the lower of QJ.
    assert next_cards(FOURTH_BEST, Strain.NOTRUMP, [], 3) == ["S5", "S2", "SJ"]
    # When declarer leads a low diamond, West (second hand) plays low.
    assert next_cards(FOURTH_BEST, Strain.NOTRUMP, ["S5", "S2", "SJ", "SA", "D6"]) == ["D8"]


def test_partners_suit_is_led() -> None:
    # East bid hearts: West leads them (top from three small) instead of the spade fourth best.
    partner_bid_hearts = ((), (2,), (), ())
    lead = next_cards(FOURTH_BEST, Strain.NOTRUMP, [], bid_suits=partner_bid_hearts)
    assert lead == ["HT"]


def test_passive_leaders_keep_away_from_their_honours() -> None:
    passive = (PlayStyle(passive_leads=True),) * 4
    assert next_cards(FOURTH_BEST, Strain.NOTRUMP, []) == ["S5"]  # fourth best from the king
    assert next_cards(FOURTH_BEST, Strain.NOTRUMP, [], styles=passive) == ["CT"]  # from nothing
    # against a suit contract neither style leads away from the king
    assert next_cards(FOURTH_BEST, Strain.HEARTS, [])[0][0] != "S"


def test_declarer_draws_trumps_and_defender_covers_an_honour() -> None:
    # West leads the top of JT98, dummy ducks (South has the king), East plays low.
    assert next_cards(TRUMPS, Strain.SPADES, [], 4) == ["CJ", "C2", "C4", "CK"]
    # South, in with the king, starts on trumps with the ace.
    assert next_cards(TRUMPS, Strain.SPADES, ["CJ", "C2", "C4", "CK"]) == ["SA"]
    # Dummy leads the queen of trumps: East covers with the king.
    played = ["CJ", "C2", "C4", "CK", "H6", "H5", "HA", "H2", "SQ"]
    assert next_cards(TRUMPS, Strain.SPADES, played) == ["SK"]


def test_ruff_when_void_or_discard_from_the_weakest_suit() -> None:
    # East has no clubs: in hearts he ruffs low, in notrump he discards from the weakest suit
    # (hearts J982, not the spade or diamond honours).
    assert next_cards(VOID, Strain.HEARTS, [], 3) == ["CJ", "C3", "H2"]
    assert next_cards(VOID, Strain.NOTRUMP, [], 3) == ["CJ", "C3", "H2"]


def _deal(label: bytes) -> Deal:
    deck = shuffled_deck(label)
    hands = [0, 0, 0, 0]
    for position, card in enumerate(deck):
        hands[position // 13] |= 1 << card
    return Deal(hands)


DROP_PLAYER = PlayStyle(finesses=False, hold_up=False, ruff_first=True, establish_first=False)


@pytest.mark.parametrize("style", [DEFAULT_PLAY, DROP_PLAYER])
def test_many_boards_are_played_legally_to_the_end(style: PlayStyle) -> None:
    made = played = 0
    for i in range(120):
        deal = _deal(b"play test %d" % i)
        auction = bid_board(Board.numbered(i % 16 + 1, deal), (STANDARD,) * 4).auction
        contract, declarer = auction.contract, auction.declarer
        if contract is None or declarer is None:
            continue
        play = play_board(deal, declarer, contract.strain, styles=(style,) * 4)
        assert play.is_over and len(play.played) == 52
        replay = Play(deal, declarer, contract.strain)
        for card in play.played:
            replay.push(card)  # every card legal
        assert replay.declarer_tricks == play.declarer_tricks
        played += 1
        made += play.declarer_tricks >= contract.tricks_needed
    # believable, not random: declarers make most of the contracts the auction reaches
    assert 0.4 < made / played < 0.9
