"""Hand records: the page read back with the standard library's HTML parser and checked against the
boards; points are counted here from the PBN text (A=4, K=3, Q=2, J=1), not by the package."""

from __future__ import annotations

from html.parser import HTMLParser

import pytest

from bridgelaw.boards import Board, Vulnerability
from bridgelaw.cards import Deal, Seat, hand_pbn
from bridgelaw.dealing.dealer import SecureDealer
from bridgelaw.records import hand_records_html

BOARDS = SecureDealer(bytes(range(16)), "records").boards(range(1, 9))


class Page(HTMLParser):
    """Collects, per board section: its text by element class."""

    def __init__(self) -> None:
        super().__init__()
        self.boards: list[dict[str, list[str]]] = []
        self.stack: list[str] = []
        self.tags: list[str] = []
        self.title = ""
        self.h1 = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        classes = dict(attrs).get("class") or ""
        if "board" in classes.split() and tag == "section":
            self.boards.append({})
        self.stack.append(classes)

    def handle_endtag(self, tag: str) -> None:
        self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.tags and self.tags[-1] == "title" and not self.title:
            self.title = data
        if self.tags and self.tags[-1] == "h1" and not self.h1:
            self.h1 = data
        if not self.boards:
            return
        for classes in self.stack:
            for name in classes.split():
                self.boards[-1].setdefault(name, []).append(data)


def parse(page: str) -> Page:
    parser = Page()
    parser.feed(page)
    parser.close()
    return parser


def points(pbn_hand: str) -> int:
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(ch, 0) for ch in pbn_hand)


def shown_hand(texts: list[str]) -> str:
    """The hand as the page shows it, back in PBN notation: 10 -> T, the dash -> void."""
    suits = "".join(texts).replace("\u2014", "").replace("10", "T").replace(" ", "")
    for symbol in "\u2665\u2666\u2663":
        suits = suits.replace(symbol, ".")
    return suits.replace("\u2660", "")


def test_every_board_shows_number_markings_hands_and_points() -> None:
    page = parse(hand_records_html(BOARDS, "Tuesday pairs"))
    assert page.title == page.h1 == "Tuesday pairs"
    assert len(page.boards) == len(BOARDS)
    seats = ("north", "east", "south", "west")
    for shown, board in zip(page.boards, BOARDS, strict=True):
        assert shown["number"] == [f"Board {board.number}"]
        info = " ".join(shown["info"])
        assert f"Dealer: {board.dealer.name.title()}" in info
        words = {0: "None", 1: "N-S", 2: "E-W", 3: "All"}
        assert f"Vul: {words[board.vulnerability]}" in info
        for seat, name in enumerate(seats):
            pbn = hand_pbn(board.deal[seat])
            assert shown_hand(shown[name]) == pbn
            assert shown[f"hcp-{name[0]}"] == [str(points(pbn))]


def test_voids_and_tens_are_shown_the_usual_way() -> None:
    deal = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
    page = hand_records_html([Board.numbered(16, deal)])
    north = parse(page).boards[0]["north"]
    assert "A K Q J 10 9 8 7 6 5 4 3 2" in north
    assert north.count("\u2014") == 3  # three voids
    assert parse(page).boards[0]["hcp-n"] == ["10"] and parse(page).boards[0]["hcp-e"] == ["10"]
    # four across: no room to space the cards
    narrow = parse(hand_records_html([Board.numbered(16, deal)], columns=4)).boards[0]
    assert "AKQJ1098765432" in narrow["north"]


def test_markings_come_from_the_board_not_from_the_number() -> None:
    odd = Board.numbered(1, BOARDS[0].deal, Seat.WEST, Vulnerability.BOTH)
    info = " ".join(parse(hand_records_html([odd])).boards[0]["info"])
    assert "Dealer: West" in info and "Vul: All" in info


def test_text_is_escaped_and_the_page_is_self_contained() -> None:
    title = '<script>alert("x")</script> & <b>'
    page = hand_records_html(BOARDS[:2], title)
    assert "<script" not in page and "&lt;script&gt;" in page and "&amp; &lt;b&gt;" in page
    assert parse(page).title == title
    for outside in ("http:", "https:", "<link", "src=", "@import"):
        assert outside not in page
    assert "@media print" in page and "break-inside: avoid" in page


@pytest.mark.parametrize("columns", [2, 4])
def test_two_or_four_boards_across(columns: int) -> None:
    page = hand_records_html(BOARDS, columns=columns)
    for shown, board in zip(parse(page).boards, BOARDS, strict=True):
        assert shown_hand(shown["south"]) == hand_pbn(board.deal[Seat.SOUTH])
    assert f'class="boards cols-{columns}"' in page
    assert f".cols-{columns} {{ grid-template-columns: repeat({columns}, 1fr)" in page


def test_other_widths_are_refused() -> None:
    with pytest.raises(ValueError, match="2 or 4"):
        hand_records_html(BOARDS, columns=3)
