"""Checking PBN games against the Laws: the deal (6), the auction (17-22), the play (41, 44, 61)
and the declared result against the tricks actually played.

Every problem is collected with its line; nothing stops at the first one.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Protocol, TypeVar

from bridgelaw.auction import Auction
from bridgelaw.boards import Vulnerability
from bridgelaw.calls import Contract, call_name
from bridgelaw.cards import Deal, Seat, card_name
from bridgelaw.errors import IllegalAction, ParseError
from bridgelaw.formats.pbn import PbnGame, Problem
from bridgelaw.play import Play
from bridgelaw.scoring import contract_score

T = TypeVar("T")


class _Reporter(Protocol):
    def __call__(self, tag_or_line: str | int, message: str) -> None: ...


@dataclass
class GameReport:
    """What a scorer wants to know of one checked game."""

    line: int
    board: int | None
    contract: Contract | None = None
    declarer: Seat | None = None
    tricks: int | None = None
    ns_score: int | None = None
    opening_lead: str | None = None
    problems: list[Problem] = field(default_factory=list)


def check_game(game: PbnGame, filename: str) -> GameReport:
    report = GameReport(line=game.line, board=game.board_number)

    def problem(tag_or_line: str | int, message: str) -> None:
        if isinstance(tag_or_line, int):
            line = tag_or_line
        else:
            line = game.tag_lines.get(tag_or_line, game.line)
        report.problems.append(Problem(filename, line, message))

    if report.board is None:
        problem(
            "Board", f"board number missing or not a positive number: {game.tags.get('Board')!r}"
        )
    deal: Deal | None = None
    if "Deal" not in game.tags:
        problem(game.line, "the game has no Deal tag")
    else:
        try:
            deal = Deal.from_pbn(game.tags["Deal"])
        except ParseError as error:
            problem("Deal", f"bad deal: {error}")
    dealer = _parsed(game, "Dealer", Seat.parse, problem)
    if dealer is None and "Dealer" not in game.tags:
        dealer = game.dealer  # Law 2 from the board number
    vulnerability = _parsed(game, "Vulnerable", Vulnerability.parse, problem)
    if vulnerability is None and "Vulnerable" not in game.tags:
        vulnerability = game.vulnerability

    contract = game.contract
    if "Contract" in game.tags and contract is None:
        try:
            Contract.parse(game.tags["Contract"])
        except ParseError as error:  # the parser says why (e.g. a bid above seven, Law 38)
            problem("Contract", str(error))
    declarer = game.declarer
    if "Declarer" in game.tags and declarer is None and game.tags["Declarer"].strip():
        problem("Declarer", f"not a seat: {game.tags['Declarer']!r}")

    # The auction, call by call, through the strict engine (Laws 17-22, 27, 36, 39).
    if game.calls and dealer is not None:
        if game.auction_start is not None and game.auction_start != dealer:
            problem("Auction", f"the auction starts with {game.auction_start.letter}, "
                    f"but the dealer is {dealer.letter} (Law 17B)")  # fmt: skip
        auction = Auction(dealer)
        for index, call in enumerate(game.calls):
            try:
                auction.push(call)
            except IllegalAction as error:
                line = game.call_lines[index] if index < len(game.call_lines) else game.line
                problem(line, f"call {index + 1} ({call_name(call)} by {auction.turn.letter}) "
                        f"is illegal: {error}")  # fmt: skip
                break
        else:
            if auction.is_over:
                played_contract, played_declarer = auction.contract, auction.declarer
                if contract is not None and contract != played_contract:
                    problem("Contract", f"Contract says {contract} but the auction ends in "
                            f"{played_contract}")  # fmt: skip
                if (
                    declarer is not None
                    and played_declarer is not None
                    and declarer != played_declarer
                ):
                    problem("Declarer", f"Declarer says {declarer.letter} but the auction makes "
                            f"{played_declarer.letter} declarer (Law 22)")  # fmt: skip
                contract = contract or played_contract
                # the tag wins, as for the contract; Seat.NORTH is 0, so never `or` a seat
                declarer = declarer if declarer is not None else played_declarer
            elif "Contract" not in game.tags:
                problem("Auction", "the auction is incomplete and no Contract tag is given")

    report.contract, report.declarer = contract, declarer
    if contract is not None and not contract.is_passed_out and declarer is None:
        problem("Declarer", "a contract was played but no declarer is given")

    # The play, trick by trick, through the strict engine (Laws 41, 44, 61).
    play: Play | None = None
    complete = False
    if game.tricks and deal is not None and contract is not None and declarer is not None:
        if contract.is_passed_out:
            problem("Play", "a passed-out board has no play (Law 22B)")
        else:
            play, complete = _check_play(game, deal, contract, declarer, problem)
    if play is not None and play.opening_lead is not None:
        report.opening_lead = card_name(play.opening_lead)

    # The declared result against the play.
    result = game.result
    if "Result" in game.tags and result is None:
        problem("Result", f"the result must be a number of tricks from 0 to 13, "
                f"not {game.tags['Result']!r}")  # fmt: skip
    if result is not None and play is not None:
        won = play.declarer_tricks
        remaining = 13 - len(play.tricks)
        if complete and result != won:
            problem("Result", f"Result says {result} tricks but declarer won {won} in the play")
        elif not complete and not won <= result <= won + remaining:
            problem("Result", f"Result says {result} tricks but declarer had won {won} with "
                    f"{remaining} to play")  # fmt: skip
    if contract is not None and contract.is_passed_out:
        report.tricks, report.ns_score = None, 0
    elif contract is not None and declarer is not None and vulnerability is not None:
        tricks = result if result is not None else (play.declarer_tricks if complete and play
                                                    else None)  # fmt: skip
        if tricks is not None:
            score = contract_score(contract, tricks, vulnerability.is_vulnerable(declarer.side))
            report.tricks = tricks
            report.ns_score = score if declarer.side == 0 else -score
    return report


def _parsed(game: PbnGame, tag: str, parse: Callable[[str], T], problem: _Reporter) -> T | None:
    if tag not in game.tags:
        return None
    try:
        return parse(game.tags[tag])
    except ParseError as error:
        problem(tag, str(error))
        return None


def _check_play(
    game: PbnGame, deal: Deal, contract: Contract, declarer: Seat, problem: _Reporter
) -> tuple[Play, bool]:
    """Replay the Play section; returns the play and whether all 13 tricks were complete."""
    play = Play(deal, declarer, contract.strain)
    start = game.play_start
    if start is not None and start != play.leader:
        problem("Play", f"the play starts with {start.letter}, but the opening lead belongs to "
                f"{play.leader.letter} (Law 41A)")  # fmt: skip
        return play, False
    column_seat = start if start is not None else play.leader
    for number, row in enumerate(game.tricks):
        line = game.trick_lines[number] if number < len(game.trick_lines) else game.line
        leader = play.leader
        cards = [row[(leader + i - column_seat) & 3] for i in range(4)]
        for i, card in enumerate(cards):
            if card is None:
                if any(c is not None for c in cards[i:]):
                    problem(line, f"trick {number + 1}: a card is missing before a later one")
                elif number + 1 < len(game.tricks):
                    problem(line, f"trick {number + 1} is incomplete but more tricks follow")
                return play, False
            try:
                play.push(card)
            except IllegalAction as error:
                seat = Seat((leader + i) & 3)
                problem(line, f"trick {number + 1}: {card_name(card)} by {seat.letter} is "
                        f"illegal: {error}")  # fmt: skip
                return play, False
    return play, play.is_over
