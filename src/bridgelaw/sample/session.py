"""The bundled sample session: a four-table pairs tournament, 12 boards, each played four times.

The movement is Mitchell-style: North-South pairs 1-4 sit still at tables 1-4, East-West pairs
5-8 and the boards move. A plain four-table Mitchell of four rounds would bring a board set back
to an East-West pair, so the rounds follow two orthogonal Latin squares over GF(4): in round
``r`` table ``t`` (both from 0) seats East-West pair ``5 + (t XOR r)`` and plays board set
``t XOR 2r`` (multiplication in GF(4)). Every East-West pair meets every North-South pair once
and plays every board once.

Each pair bids in its own :class:`~bridgelaw.sample.bidding.Style` and plays the cards in its
own :class:`~bridgelaw.sample.cardplay.PlayStyle`. The North-South pair of a table gives the table
its character (table 2 opens light with a weak notrump, table 3 bids thin games, table 4
competes and doubles), and the moving East-West pairs add their own.

>>> [(s.round, s.table, s.ns, s.ew, s.boards) for s in MOVEMENT[:2]]
[(1, 1, 1, 5, (1, 2, 3)), (1, 2, 2, 6, (4, 5, 6))]
"""

from __future__ import annotations

from dataclasses import dataclass

from bridgelaw.boards import Board
from bridgelaw.calls import PASSED_OUT
from bridgelaw.cards import Seat
from bridgelaw.formats.pbn import PbnGame, write_pbn
from bridgelaw.sample.bidding import (
    CAUTIOUS,
    COMPETITIVE,
    GAME_HUNGRY,
    LIGHT_OPENERS,
    STANDARD,
    WEAK_NOTRUMP,
    Style,
    bid_board,
)
from bridgelaw.sample.cardplay import DEFAULT_PLAY, PlayStyle, play_board
from bridgelaw.sample.dealer import sample_deal

TOURNAMENT_NAME = "Sample club pairs"
SITE = "Riverside Bridge Club"
DATE = "2026.11.20"
BOARDS = 12
TABLES = 4
BOARDS_PER_ROUND = 3
HEADER = (
    "% Sample data for bridgelaw: written by `python -m bridgelaw.sample`; do not edit by hand.\n"
    "% The deals come from a public label (sample only, never for a real tournament).\n"
)


@dataclass(frozen=True, slots=True)
class Pair:
    number: int
    players: tuple[str, str]
    """North and South, or East and West."""
    style: Style
    play: PlayStyle = DEFAULT_PLAY


_PLAYS_FOR_THE_DROP = PlayStyle(finesses=False, hold_up=False)

PAIRS = (
    Pair(1, ("Anna Whitfield", "Brian Okafor"), STANDARD),
    Pair(2, ("Carol Lindqvist", "David Mercer"), LIGHT_OPENERS, PlayStyle(passive_leads=True)),
    Pair(3, ("Eleanor Park", "Frank Delgado"), GAME_HUNGRY, PlayStyle(ruff_first=True)),
    Pair(4, ("Grace Holloway", "Henry Achebe"), COMPETITIVE, PlayStyle(finesses=False)),
    Pair(5, ("Irene Castillo", "James Thornton"), CAUTIOUS, PlayStyle(passive_leads=True)),
    Pair(6, ("Karen Novak", "Leo Fitzgerald"), WEAK_NOTRUMP, _PLAYS_FOR_THE_DROP),
    Pair(7, ("Maria Santos", "Nigel Pryce"), STANDARD, PlayStyle(establish_first=False)),
    Pair(8, ("Olivia Brandt", "Peter Kowalski"), COMPETITIVE, PlayStyle(ruff_first=True)),
)


@dataclass(frozen=True, slots=True)
class Sitting:
    """Who plays which boards at one table in one round."""

    round: int
    table: int
    ns: int
    ew: int
    boards: tuple[int, ...]


_GF4_DOUBLE = (0, 2, 3, 1)  # 2 * r in GF(4), r = 0..3


def _movement() -> tuple[Sitting, ...]:
    sittings = []
    for r in range(TABLES):
        for t in range(TABLES):
            board_set = t ^ _GF4_DOUBLE[r]
            first = board_set * BOARDS_PER_ROUND + 1
            boards = tuple(range(first, first + BOARDS_PER_ROUND))
            sittings.append(Sitting(r + 1, t + 1, t + 1, 5 + (t ^ r), boards))
    return tuple(sittings)


MOVEMENT = _movement()


def session_games() -> list[PbnGame]:
    """Every board at every table, in board order and then table order (traveller order)."""
    games = []
    for number in range(1, BOARDS + 1):
        board = Board.numbered(number, sample_deal(number))
        sittings = sorted((s for s in MOVEMENT if number in s.boards), key=lambda s: s.table)
        for sitting in sittings:
            games.append(_play_at(board, sitting))
    return games


def _play_at(board: Board, sitting: Sitting) -> PbnGame:
    ns, ew = PAIRS[sitting.ns - 1], PAIRS[sitting.ew - 1]
    styles = (ns.style, ew.style, ns.style, ew.style)
    bidding = bid_board(board, styles)
    auction = bidding.auction
    contract = auction.contract or PASSED_OUT
    declarer = auction.declarer
    tags = {
        "Event": TOURNAMENT_NAME,
        "Site": SITE,
        "Date": DATE,
        "West": ew.players[1],
        "North": ns.players[0],
        "East": ew.players[0],
        "South": ns.players[1],
        "Scoring": "MP",
        # supplemental tags, in alphabetical order as PBN's export format lists them
        "PairEW": str(ew.number),
        "PairNS": str(ns.number),
        "Round": str(sitting.round),
        "Table": str(sitting.table),
    }
    if contract.is_passed_out or declarer is None:
        return PbnGame.from_board(board, auction.calls, contract=PASSED_OUT, tags=tags)
    bid_suits = [[s for s in range(4) if shown.length[s] >= 4] for shown in bidding.shown]
    play_styles = (ns.play, ew.play, ns.play, ew.play)
    play = play_board(board.deal, declarer, contract.strain, bid_suits, play_styles)
    return PbnGame.from_board(
        board,
        auction.calls,
        play.played,
        contract=contract,
        declarer=Seat(declarer),
        result=play.declarer_tricks,
        tags=tags,
    )


def session_text() -> str:
    """The whole session as PBN text; the same bytes on every run."""
    text = write_pbn(session_games())
    first, _, rest = text.partition("\n")
    return first + "\n" + HEADER + rest
