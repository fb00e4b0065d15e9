"""Law 2: dealer and vulnerability by board number, boards 1-64."""

import pytest

from bridgelaw.boards import Board, Vulnerability, board_dealer, board_vulnerability
from bridgelaw.cards import Deal, Seat
from bridgelaw.errors import ParseError

# Written from the table printed with Law 2 (boards 1-16), not from the code's cycle.
LAW2_TABLE = {
    1: ("N", "none"), 2: ("E", "NS"), 3: ("S", "EW"), 4: ("W", "both"),
    5: ("N", "NS"), 6: ("E", "EW"), 7: ("S", "both"), 8: ("W", "none"),
    9: ("N", "EW"), 10: ("E", "both"), 11: ("S", "none"), 12: ("W", "NS"),
    13: ("N", "both"), 14: ("E", "none"), 15: ("S", "NS"), 16: ("W", "EW"),
}  # fmt: skip


@pytest.mark.parametrize("number", range(1, 65))
def test_law2_dealer_and_vulnerability_boards_1_to_64(number: int) -> None:
    # Law 2: the markings repeat every 16 boards
    dealer, vul = LAW2_TABLE[(number - 1) % 16 + 1]
    assert board_dealer(number).letter == dealer
    assert board_vulnerability(number).label == vul


def test_law2_vulnerability_groups() -> None:
    groups: dict[str, list[int]] = {"none": [], "NS": [], "EW": [], "both": []}
    for n in range(1, 17):
        groups[board_vulnerability(n).label].append(n)
    assert groups == {
        "none": [1, 8, 11, 14],
        "NS": [2, 5, 12, 15],
        "EW": [3, 6, 9, 16],
        "both": [4, 7, 10, 13],
    }


def test_board_number_must_be_positive() -> None:
    with pytest.raises(ParseError):
        board_dealer(0)
    with pytest.raises(ParseError):
        board_vulnerability(-3)


def test_law2_markings_on_the_board_govern_when_overridden() -> None:
    deal = Deal.from_pbn("N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876")
    standard = Board.numbered(3, deal)
    assert (standard.dealer, standard.vulnerability) == (Seat.SOUTH, Vulnerability.EW)
    odd = Board.numbered(3, deal, dealer=Seat.WEST, vulnerability=Vulnerability.BOTH)
    assert (odd.dealer, odd.vulnerability) == (Seat.WEST, Vulnerability.BOTH)
    assert odd.is_vulnerable(0) and odd.is_vulnerable(1)
    assert standard.is_vulnerable(1) and not standard.is_vulnerable(0)


@pytest.mark.parametrize(
    ("text", "expected"),
    [("None", 0), ("Love", 0), ("-", 0), ("NS", 1), ("EW", 2), ("All", 3), ("Both", 3)],
)
def test_vulnerability_words(text: str, expected: int) -> None:
    assert Vulnerability.parse(text) == expected


def test_vulnerability_rejects_nonsense() -> None:
    with pytest.raises(ParseError):
        Vulnerability.parse("NE")


def test_law6_dealing_one_card_at_a_time_clockwise() -> None:
    pack = list(range(52))  # C2 first
    deal = Deal.from_dealt(pack, Seat.EAST)
    # East receives the 1st, 5th, 9th... card; North the 4th, 8th, ...
    assert deal[Seat.EAST] == sum(1 << c for c in range(0, 52, 4))
    assert deal[Seat.NORTH] == sum(1 << c for c in range(3, 52, 4))
    assert Deal.from_dealt(pack) == Deal.from_dealt(pack, Seat.NORTH)
    assert deal.holder(1).letter == "S"  # the second card goes to South, East's LHO
    with pytest.raises(ParseError):
        Deal.from_dealt(pack[:51])
    with pytest.raises(ParseError):
        Deal.from_dealt([*pack[:51], 0])  # the two of clubs twice: not a pack
