"""The sample session's natural bidding bot.

The system's rules are checked as properties over a few hundred reproducible deals: whenever a
situation arises (dealer with 15-17 balanced, partner opened a major and responder has support,
an opponent opened and the next hand is short in the suit...), the bot must make the call the
system prescribes. Point counts are recomputed here from the cards, not taken from the bot.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

import pytest

from bridgelaw.auction import Auction
from bridgelaw.boards import Board
from bridgelaw.calls import PASS, call_name
from bridgelaw.cards import Deal, high_card_points, suit_length
from bridgelaw.sample.bidding import (
    CAUTIOUS,
    COMPETITIVE,
    GAME_HUNGRY,
    LIGHT_OPENERS,
    STANDARD,
    WEAK_NOTRUMP,
    Style,
    auction_text,
    bid_board,
)
from bridgelaw.sample.dealer import shuffled_deck

ALL_STYLES = (STANDARD, LIGHT_OPENERS, GAME_HUNGRY, COMPETITIVE, CAUTIOUS, WEAK_NOTRUMP)
DEALS = 400


def _deal(label: bytes) -> Deal:
    deck = shuffled_deck(label)
    hands = [0, 0, 0, 0]
    for position, card in enumerate(deck):
        hands[position // 13] |= 1 << card
    return Deal(hands)


def lengths(hand: int) -> list[int]:
    return [suit_length(hand, s) for s in range(4)]


def balanced(hand: int) -> bool:
    return sorted(lengths(hand)) in ([3, 3, 3, 4], [2, 3, 4, 4], [2, 3, 3, 5])


def auctions(style: Style = STANDARD, many: int = 1) -> Iterator[tuple[Board, Auction]]:
    """Reproducible boards bid by four players of one style (``many`` times the usual number)."""
    for i in range(DEALS * many):
        board = Board.numbered(i % 16 + 1, _deal(b"bidding test %d" % i))
        yield board, bid_board(board, (style,) * 4).auction


def words(auction: Auction) -> list[str]:
    return [call_name(c) for c in auction.calls]


def after_opening(board: Board, auction: Auction) -> tuple[int, list[str]]:
    """The opener's seat and the calls from the opening bid on (passes before it dropped)."""
    calls = words(auction)
    first = next((i for i, c in enumerate(calls) if c != "pass"), len(calls))
    return (board.dealer + first) & 3, calls[first:]


@pytest.mark.parametrize(("style", "low", "high"), [(STANDARD, 15, 17), (WEAK_NOTRUMP, 12, 14)])
def test_dealer_opens_1nt_with_a_balanced_hand_in_range(style: Style, low: int, high: int) -> None:
    seen = 0
    for board, auction in auctions(style):
        hand = board.deal[board.dealer]
        if balanced(hand) and low <= high_card_points(hand) <= high:
            assert words(auction)[0] == "1NT", auction_text(auction)
            seen += 1
    assert seen >= 10


def test_dealer_opens_a_five_card_major_or_passes_a_weak_hand() -> None:
    majors = weak = 0
    for board, auction in auctions():
        hand = board.deal[board.dealer]
        hcp, suits = high_card_points(hand), lengths(hand)
        first = words(auction)[0]
        longest = max(suits)
        if 12 <= hcp <= 21 and not (balanced(hand) and 15 <= hcp <= 17) and longest >= 5:
            top = next(s for s in (3, 2, 1, 0) if suits[s] == longest)
            if top >= 2:
                assert first == "1" + "CDHS"[top], (auction_text(auction), suits)
                majors += 1
        if hcp <= 9 and longest <= 5:
            assert first == "pass", auction_text(auction)
            weak += 1
    assert majors >= 10 and weak >= 50


def test_responder_raises_partners_major_with_support() -> None:
    seen = 0
    for board, auction in auctions(many=3):
        opener, calls = after_opening(board, auction)
        if len(calls) < 3 or calls[0] not in ("1H", "1S") or calls[1] != "pass":
            continue
        suit = "CDHS".index(calls[0][1])
        responder = board.deal[(opener + 2) & 3]
        hcp, suits = high_card_points(responder), lengths(responder)
        # support points with four trumps: 3 for a void, 2 a singleton, 1 a doubleton
        shortness = sum((3, 2, 1)[n] for s, n in enumerate(suits) if s != suit and n < 3)
        if suits[suit] >= 4 and 6 <= hcp + shortness <= 9:
            assert calls[2] == "2" + calls[0][1], auction_text(auction)
            seen += 1
    assert seen >= 3


def test_stayman_over_1nt() -> None:
    seen = 0
    for board, auction in auctions():
        calls = words(auction)
        if len(calls) < 3 or calls[0] != "1NT" or calls[1] != "pass":
            continue
        responder = board.deal[board.dealer.partner]
        hcp, suits = high_card_points(responder), lengths(responder)
        four_card_major = max(suits[2], suits[3]) == 4 and min(suits[2], suits[3]) < 5
        if four_card_major and 8 <= hcp <= 15 and sorted(suits) != [3, 3, 3, 4]:
            if suits[2] >= 6 or suits[3] >= 6:
                continue
            assert calls[2] == "2C", auction_text(auction)
            answer = calls[4] if calls[3] == "pass" else None
            opener = board.deal[board.dealer]
            if answer is not None:
                expected = (
                    "2H" if suit_length(opener, 2) >= 4 else
                    "2S" if suit_length(opener, 3) >= 4 else "2D"
                )  # fmt: skip
                assert answer == expected, auction_text(auction)
            seen += 1
    assert seen >= 3


def test_take_out_double_with_shortness() -> None:
    seen = 0
    for board, auction in auctions(many=3):
        opener, calls = after_opening(board, auction)
        if len(calls) < 2 or calls[0] not in ("1C", "1D", "1H", "1S"):
            continue
        their = "CDHS".index(calls[0][1])
        hand = board.deal[(opener + 1) & 3]
        hcp, suits = high_card_points(hand), lengths(hand)
        others = [suits[s] for s in range(4) if s != their]
        no_five = max(suits) <= 4
        if no_five and 12 <= hcp <= 14 and suits[their] <= 1 and min(others) >= 3:
            assert calls[1] == "X", auction_text(auction)
            seen += 1
    assert seen >= 2


def test_blackwood_answers_count_aces() -> None:
    seen = 0
    for style in ALL_STYLES:
        for board, auction in auctions(style):
            calls = words(auction)
            for i, call in enumerate(calls[:-2]):
                if call == "4NT" and calls[i + 1] == "pass" and calls[i + 2].startswith("5"):
                    seat = (board.dealer + i + 2) & 3
                    aces = sum(1 for s in range(4) if board.deal[seat] >> (13 * s + 12) & 1)
                    assert calls[i + 2][1] == "CDHSC"[aces], auction_text(auction)
                    seen += 1
    assert seen >= 1


def test_many_auctions_are_legal_complete_and_sane() -> None:
    levels: Counter[int] = Counter()
    for i in range(240):
        deal = _deal(b"bidding mix %d" % i)
        ns, ew = ALL_STYLES[i % 6], ALL_STYLES[(i // 6) % 6]
        auction = bid_board(Board.numbered(i % 16 + 1, deal), (ns, ew, ns, ew)).auction
        replay = Auction(auction.dealer)
        for call in auction.calls:
            replay.push(call)  # every call legal
        assert replay.is_over
        contract = auction.contract
        assert contract is not None
        levels[contract.level] += 1
        declarer = auction.declarer
        if contract.level >= 6 and declarer is not None:
            side = high_card_points(deal[declarer]) + high_card_points(deal[declarer.partner])
            assert side >= 28, auction_text(auction)  # no slam without the values
    assert levels[0] < 240 * 0.05  # few boards are passed out
    assert sum(levels[n] for n in (2, 3, 4)) > 240 * 0.6  # most contracts at the 2-4 level


def test_styles_change_the_bidding() -> None:
    differ = 0
    for i in range(100):
        board = Board.numbered(i % 16 + 1, _deal(b"style test %d" % i))
        plain = bid_board(board, (STANDARD,) * 4).auction.calls
        other = bid_board(board, (LIGHT_OPENERS, COMPETITIVE) * 2).auction.calls
        differ += plain != other
    assert differ >= 20


def test_passing_is_recorded_in_what_a_player_showed() -> None:
    for board, _auction in zip(
        (Board.numbered(n, _deal(b"shown %d" % n)) for n in range(1, 40)), range(39), strict=True
    ):
        result = bid_board(board, (STANDARD,) * 4)
        first = result.auction.calls[0]
        shown = result.shown[board.dealer]
        if first == PASS and not any(c != PASS for c in result.auction.calls):
            assert shown.hcp_max <= 11
        for record in result.shown:
            assert 0 <= record.hcp_min <= record.hcp_max <= 37
