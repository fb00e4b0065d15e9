"""Checking PBN games against the Laws: the deal (6), the auction (17-22), the play (41, 44, 61)
and the declared result against the tricks actually played.

Every finding is collected with its line; nothing stops at the first one. Findings are of two
kinds. A *problem* is something wrong in the file (an illegal call, a card the player does not
hold, a result the play contradicts). A *note* is something that happened at the table and that
the file records as PBN 2.1 says it should: a revoke marked ``^R`` (section 3.9), declarer and
dummy swapped (``[Declarer "^N"]``, 3.4.13), an agreed result that differs from the tricks won
(``[Result "^9"]``, 3.4.15), a claim (the play stops, the rest ``-``), a value given as unknown
(``"?"``). A file with notes and no problems is a valid file.
"""

from __future__ import annotations

import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from bridgelaw.auction import Auction
from bridgelaw.boards import Vulnerability
from bridgelaw.calls import Contract, call_name
from bridgelaw.cards import SUIT_MASK, Card, Deal, Seat, card_name, parse_hand_pbn
from bridgelaw.errors import IllegalAction, ParseError
from bridgelaw.formats.pbn import SIDES, PbnGame, Problem, result_form
from bridgelaw.play import Play
from bridgelaw.scoring import contract_score

T = TypeVar("T")
_STRAINS = ("C", "D", "H", "S", "NT", "N")


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
    notes: list[Problem] = field(default_factory=list)


class _Findings:
    def __init__(self, game: PbnGame, filename: str, report: GameReport) -> None:
        self.game, self.filename, self.report = game, filename, report

    def _at(self, where: str | int) -> int:
        return where if isinstance(where, int) else self.game.tag_lines.get(where, self.game.line)

    def problem(self, where: str | int, message: str) -> None:
        self.report.problems.append(Problem(self.filename, self._at(where), message))

    def note(self, where: str | int, message: str) -> None:
        self.report.notes.append(Problem(self.filename, self._at(where), message))


def check_game(game: PbnGame, filename: str) -> GameReport:
    report = GameReport(line=game.line, board=game.board_number)
    found = _Findings(game, filename, report)

    board_text = game.known("Board")
    if board_text is not None and report.board is None:
        found.problem("Board", f"the board number must be a whole number from 1, not "
                      f"{board_text!r}")  # fmt: skip
    elif board_text is None:
        found.note("Board" if "Board" in game.tags else game.line, "no board number is given")
    _check_date(game, found)
    deal = _deal(game, found)
    dealer = _marking(game, "Dealer", Seat.parse, found)
    vulnerability = _marking(game, "Vulnerable", Vulnerability.parse, found)
    if game.known("Dealer") is None:
        dealer = game.dealer  # Law 2 from the board number
    if game.known("Vulnerable") is None:
        vulnerability = game.vulnerability  # Law 2: "" is not "nobody vulnerable"

    contract = game.contract
    contract_text = game.known("Contract")
    end_position = deal is None and _end_position(
        game.tags.get("Deal", "").partition(":")[2].split(), game.known("Contract")
    )
    if end_position and contract_text is not None and contract_text.upper() in _STRAINS:
        pass  # 3.10: the Contract tag of an end position names only the trump
    elif contract_text is not None and contract is None:
        try:
            Contract.parse(contract_text)
        except ParseError as error:  # the parser says why (e.g. a bid above seven, Law 38)
            found.problem("Contract", str(error))
    if game.auction_start is not None and dealer is None and game.known("Dealer") is None:
        found.problem("Auction", "an auction section needs the dealer, and there is no "
                      "Dealer tag nor a board number to mark it by (PBN 2.1 section 3.1; "
                      "Law 2)")  # fmt: skip
    declarer = game.declarer  # the seat that played the hand
    declarer_text = game.known("Declarer")
    if declarer_text is not None and declarer is None:
        found.problem("Declarer", f"not a seat: {declarer_text!r}")
    if game.declarer_swapped and declarer is not None:
        found.note("Declarer", f"declarer and dummy swapped places: {declarer.letter} played "
                   "the hand (PBN 2.1 section 3.4.13; Law 54A lets declarer become dummy after "
                   "an opening lead out of turn)")  # fmt: skip

    contract, declarer = _check_auction(game, dealer, contract, declarer, found)
    report.contract, report.declarer = contract, declarer
    unknown = declarer_text is not None or "?" in game.tags.get("Declarer", "")
    if game.play_start is not None:
        _play_needs(game, contract, declarer, found)
    elif contract is not None and not contract.is_passed_out and declarer is None and not unknown:
        found.problem("Declarer", "a contract was played but no declarer is given")

    # The play, trick by trick, through the strict engine (Laws 41, 44, 61).
    play: Play | None = None
    complete = marked_revoke = False
    if game.tricks and contract is not None and contract.is_passed_out:
        if any(card is not None for row in game.tricks for card in row):
            found.problem("Play", "a passed-out board has no play (Law 22B)")
    elif game.tricks and deal is not None and contract is not None and declarer is not None:
        play, complete, marked_revoke = _check_play(game, deal, contract, declarer, found)
    if play is not None and play.opening_lead is not None:
        report.opening_lead = card_name(play.opening_lead)

    tricks = _check_result(game, play, contract, declarer, complete, marked_revoke, found)
    if contract is not None and contract.is_passed_out:
        report.tricks, report.ns_score = None, 0
    elif (
        contract is not None
        and declarer is not None
        and vulnerability is not None
        and (tricks is not None)
    ):
        score = contract_score(contract, tricks, vulnerability.is_vulnerable(declarer.side))
        report.tricks = tricks
        report.ns_score = score if declarer.side == 0 else -score
    report.notes.sort(key=lambda note: note.line)
    return report


def check_deal(game: PbnGame, filename: str) -> tuple[Deal | None, list[Problem]]:
    """The game's deal when it gives all four hands, and the problems of its Deal tag, as
    :func:`check_game` finds them (a partial deal's hands are checked too, 3.4.11)."""
    text = game.known("Deal")
    if text is not None:
        try:
            return Deal.from_pbn(text), []
        except ParseError:
            pass  # a partial deal, an end position, or a problem: as check_game tells them
    report = GameReport(line=game.line, board=None)
    deal = _deal(game, _Findings(game, filename, report))
    return deal, report.problems


def _deal(game: PbnGame, found: _Findings) -> Deal | None:
    text = game.known("Deal")
    if text is None:
        if "?" in game.tags.get("Deal", ""):
            found.note("Deal", "the deal is unknown ('?')")
        return None
    try:
        return Deal.from_pbn(text)
    except ParseError as error:
        first, _, rest = text.partition(":")
        hands = rest.split()
        contract = game.known("Contract")
        if _end_position(hands, contract):
            found.note("Deal", "an end position (PBN 2.1 section 3.10: fewer than 13 cards a "
                       "hand); the play is not checked")  # fmt: skip
        elif len(hands) == 4 and "-" in hands and first.strip().upper() in ("N", "E", "S", "W"):
            # 3.4.11: a hand whose cards are not given is written "-"
            _partial_deal(Seat.parse(first), hands, found)
        else:
            found.problem("Deal", f"bad deal: {error}")
        return None


def _partial_deal(first: Seat, hands: list[str], found: _Findings) -> None:
    """A deal that gives only some hands (3.4.11), not an end position: each hand given is a
    hand of the deal, 13 cards (Law 6), and no card is in two hands."""
    given: list[tuple[Seat, int]] = []
    for index, text in enumerate(hands):
        if text == "-":
            continue
        try:
            given.append((Seat((first + index) & 3), parse_hand_pbn(text)))
        except ParseError as error:
            found.problem("Deal", f"bad deal: {error}")
            return
    if not given:
        found.problem("Deal", "the deal gives no hand: a deal not known is written \"?\", or "
                      "\"\" where it does not apply (PBN 2.1 sections 3.4 and 3.4.11)")  # fmt: skip
        return
    seen = twice = 0
    for _, mask in given:
        twice |= seen & mask
        seen |= mask
    if twice:
        cards = ", ".join(card_name(c) for c in sorted(_cards(twice), key=_high_first))
        found.problem("Deal", f"cards dealt to two hands: {cards} (Law 6)")
        return
    counts = [(seat, mask.bit_count()) for seat, mask in given]
    short = [f"{seat.letter} holds {count}" for seat, count in counts if count != 13]
    if short:
        found.problem("Deal", f"every hand given holds 13 cards (Law 6; PBN 2.1 section "
                      f"3.4.11): {', '.join(short)}")  # fmt: skip
        return
    found.note("Deal", "the deal gives only some hands (PBN 2.1 section 3.4.11); the play is "
               "not checked")  # fmt: skip


def _cards(mask: int) -> list[Card]:
    return [card for card in range(52) if mask >> card & 1]


def _high_first(card: Card) -> tuple[int, int]:
    return -(card // 13), -(card % 13)  # spades first, the ace first


_DATE_RE = re.compile(r"[0-9?]{4}\.[0-9?]{2}\.[0-9?]{2}")


def _check_date(game: PbnGame, found: _Findings) -> None:
    """3.4.3: the date is "YYYY.MM.DD", question marks for the digits not known. Another form
    is a note, not a problem: the date describes the game and carries none of its deal,
    auction, play or result, and many programs write ISO dates (a file is not refused for
    them); every reader takes such a date as no date."""
    text = game.known("Date")
    if text is None:
        return
    good = _DATE_RE.fullmatch(text) is not None
    if good and "?" not in text:
        try:
            datetime.date(int(text[:4]), int(text[5:7]), int(text[8:]))
        except ValueError:
            good = False
    if not good:
        found.note("Date", f"the date {text!r} is not a date as PBN writes it, YYYY.MM.DD with "
                   "'?' for each digit not known (PBN 2.1 section 3.4.3): it is read as no "
                   "date")  # fmt: skip


def _play_needs(
    game: PbnGame,
    contract: Contract | None,
    declarer: Seat | None,
    found: _Findings,
) -> None:
    """3.1: a play section needs the deal, the contract and the declarer before it. A contract
    and declarer the auction gives are read as given (files that write the auction and not the
    tags are common)."""
    missing = []  # a tag given but unreadable has its own problem already
    if game.known("Deal") is None:
        missing.append("Deal")
    if contract is None and game.known("Contract") is None:
        missing.append("Contract")
    passed_out = contract is not None and contract.is_passed_out
    # 3.10: a Contract tag that names only the trump is an end position's; its Play tag names
    # the leader, so no declarer is needed (whether the position itself is valid or not)
    trump_only = (game.known("Contract") or "").upper() in _STRAINS
    if declarer is None and game.known("Declarer") is None and not (passed_out or trump_only):
        missing.append("Declarer")
    if missing:
        plural = "s" if len(missing) > 1 else ""
        found.problem("Play", f"a play section needs the {' and '.join(missing)} tag{plural} "
                      "before it (PBN 2.1 section 3.1)")  # fmt: skip


def _end_position(hands: list[str], contract: str | None) -> bool:
    """Hands of the same number of cards, fewer than 13, no card twice (3.10): all four, or
    some of them (3.4.11) when the Contract tag names only the trump as 3.10 writes it (a short
    hand is a mistake otherwise)."""
    given = [hand for hand in hands if hand != "-"]
    if len(hands) != 4 or not given:
        return False
    if len(given) < 4 and (contract or "").upper() not in _STRAINS:
        return False
    try:
        masks = [parse_hand_pbn(hand) for hand in given]
    except ParseError:
        return False
    counts = {mask.bit_count() for mask in masks}
    every = 0
    for mask in masks:
        every |= mask
    return (
        len(counts) == 1
        and 0 < counts.pop() < 13
        and every.bit_count() == sum(mask.bit_count() for mask in masks)
    )


def _marking(game: PbnGame, tag: str, parse: Callable[[str], T], found: _Findings) -> T | None:
    text = game.known(tag)
    if text is None:
        return None
    try:
        return parse(text)
    except ParseError as error:
        found.problem(tag, str(error))
        return None


_IRREGULAR_CALLS = {
    "I": "an insufficient bid the opponents accepted (^I; Law 27A1 treats it as legal)",
    "S": "a player skipped by a call out of rotation the opponents accepted (^S; Laws 28-31)",
}


def _check_auction(
    game: PbnGame,
    dealer: Seat | None,
    contract: Contract | None,
    declarer: Seat | None,
    found: _Findings,
) -> tuple[Contract | None, Seat | None]:
    """The auction, call by call, through the strict engine (Laws 17-22, 27, 36, 39)."""
    if not game.calls or dealer is None:
        return contract, declarer
    marks = [i for i in game.irregularities if i.mark in "IS" and i.index <= len(game.calls)]
    for mark in marks:
        found.note(mark.line, f"call {mark.index + 1}: {_IRREGULAR_CALLS[mark.mark]}; the "
                   "auction is not checked after it")  # fmt: skip
    if game.auction_start is not None and game.auction_start != dealer:
        found.problem("Auction", f"the auction starts with {game.auction_start.letter}, "
                      f"but the dealer is {dealer.letter} (Law 17B)")  # fmt: skip
        return contract, declarer
    auction = Auction(dealer)
    stop = min((m.index for m in marks), default=len(game.calls))
    for index, call in enumerate(game.calls[:stop]):
        try:
            auction.push(call)
        except IllegalAction as error:
            line = game.call_lines[index] if index < len(game.call_lines) else game.line
            found.problem(line, f"call {index + 1} ({call_name(call)} by {auction.turn.letter}) "
                          f"is illegal: {error}")  # fmt: skip
            return contract, declarer
    if marks:
        return contract, declarer
    if not auction.is_over:
        if game.auction_mark:  # 3.5: "*" stops it, "+" is to be continued
            found.note("Auction", "the auction " + ("stops before its end ('*')"
                       if game.auction_mark == "*" else "is to be continued ('+')"))  # fmt: skip
        elif contract is None and game.known("Contract") is None:
            found.problem("Auction", "the auction is incomplete and no Contract tag is given")
        return contract, declarer
    played_contract, auction_declarer = auction.contract, auction.declarer
    if contract is not None and contract != played_contract:
        found.problem("Contract", f"Contract says {contract} but the auction ends in "
                      f"{played_contract}")  # fmt: skip
    if declarer is not None and auction_declarer is not None:
        if game.declarer_swapped and declarer != auction_declarer.partner:
            found.problem("Declarer", f"Declarer says ^{declarer.letter} (declarer and dummy "
                          f"swapped), but the auction makes {auction_declarer.letter} declarer, "
                          f"so dummy was {auction_declarer.partner.letter} (Law 22)")  # fmt: skip
        elif not game.declarer_swapped and declarer != auction_declarer:
            found.problem("Declarer", f"Declarer says {declarer.letter} but the auction makes "
                          f"{auction_declarer.letter} declarer (Law 22)")  # fmt: skip
    # "is None", never "or": Seat.NORTH is 0, and a North declarer must not be lost
    return (
        played_contract if contract is None else contract,
        auction_declarer if declarer is None else declarer,
    )


def _push_revoke(play: Play, card: Card) -> None:
    """Play a revoke the file marks ``^R``: the engine refuses it (Law 61A), so the player's
    cards of the led suit are hidden for that one card."""
    turn, led = play.turn, play.trick[0] // 13
    held = play.hands[turn]
    play.hands[turn] = held & ~SUIT_MASK[led]
    try:
        play.push(card)
    finally:
        play.hands[turn] = held & ~(1 << card)


def _reseated(play: Play, leader: Seat) -> Play:
    """The play so far with ``leader`` on lead to the next trick: an accepted lead out of turn
    makes the offender the leader (Laws 53-56). A play's first leader is its declarer's left-hand
    opponent, so a copy is made for the seat on ``leader``'s right; tricks are counted by side
    (``won``), so the real declarer's count stays right."""
    other = Play(play.deal, Seat((leader - 1) & 3), play.trump)
    other.hands = list(play.hands)
    other.won = list(play.won)
    other.tricks = list(play.tricks)
    other.played = list(play.played)
    return other


def _check_play(
    game: PbnGame, deal: Deal, contract: Contract, declarer: Seat, found: _Findings
) -> tuple[Play, bool, bool]:
    """Replay the Play section; returns the play, whether all 13 tricks were complete, and
    whether a revoke marked ``^R`` was played."""
    play = Play(deal, declarer, contract.strain)
    marks = {i.index: i for i in game.irregularities if i.mark in "RL"}
    start = game.play_start
    revoked = False
    if start is not None and start != play.leader and not (0 in marks and marks[0].mark == "L"):
        found.problem("Play", f"the play starts with {start.letter}, but the opening lead "
                      f"belongs to {play.leader.letter} (Law 41A)")  # fmt: skip
        return play, False, revoked
    column_seat = start if start is not None else play.leader
    for number, row in enumerate(game.tricks):
        line = game.trick_lines[number] if number < len(game.trick_lines) else game.line
        out_of_turn = [
            col for col in range(4)
            if (m := marks.get(4 * number + col)) is not None and m.mark == "L"
        ]  # fmt: skip
        if out_of_turn:
            seat = Seat((column_seat + out_of_turn[0]) & 3)
            mark_line = marks[4 * number + out_of_turn[0]].line
            if seat == play.leader:
                found.problem(mark_line, f"trick {number + 1}: ^L marks a lead out of turn, but "
                              f"{seat.letter} was on lead")  # fmt: skip
            else:
                found.note(mark_line, f"trick {number + 1}: {seat.letter} led out of turn, and "
                           f"the lead was accepted (^L; Laws 53-56): {seat.letter} leads the "
                           "trick")  # fmt: skip
                play = _reseated(play, seat)
        leader = play.leader
        columns = [(leader + i - column_seat) & 3 for i in range(4)]
        for i, column in enumerate(columns):
            card = row[column]
            mark = marks.get(4 * number + column)
            if card is None:
                # the cards after this one in the order of play: the rest of the trick, then
                # the tricks after it
                rest = [row[c] for c in columns[i + 1 :]]
                rest += [c for r in game.tricks[number + 1 :] for c in r]
                later = [c for c in rest if c is not None]
                if later and game.play_plus == 4 * number + column:
                    after = card_name(later[0])
                    found.problem(line, f"trick {number + 1}: '+' stands for the next card to "
                                  f"be played, yet {after} is played after it (PBN 2.1 section "
                                  "3.6)")  # fmt: skip
                    return play, False, revoked
                if later:
                    found.note(line, f"trick {number + 1}: a card is not known ('-'); the play "
                               "after it is not checked (PBN 2.1 section 3.6)")  # fmt: skip
                else:
                    done = f"{len(play.tricks)} trick{'s' if len(play.tricks) != 1 else ''}"
                    extra = f" and {len(play.trick)} card{'s' if len(play.trick) > 1 else ''}"
                    why = ("is to be continued ('+')" if game.play_mark == "+" else
                           "was claimed or conceded (Law 68), or not recorded")  # fmt: skip
                    found.note(line, f"the play stops after {done}"
                               f"{extra if play.trick else ''}: the rest {why}")  # fmt: skip
                return play, False, revoked
            seat = Seat((leader + i) & 3)
            error = play.illegality(card)
            if mark is not None and mark.mark == "R":
                if error is None or error.law != "61A":
                    found.problem(mark.line, f"trick {number + 1}: {card_name(card)} by "
                                  f"{seat.letter} is marked ^R but is not a revoke")  # fmt: skip
                    if error is not None:
                        return play, False, revoked
                    play.push(card)
                    continue
                found.note(mark.line, f"trick {number + 1}: {card_name(card)} by {seat.letter} "
                           "is a revoke, marked ^R (Law 61A; Law 64 transfers)")  # fmt: skip
                _push_revoke(play, card)
                revoked = True
                continue
            if error is not None:
                found.problem(line, f"trick {number + 1}: {card_name(card)} by {seat.letter} is "
                              f"illegal: {error}")  # fmt: skip
                return play, False, revoked
            play.push(card)
    if not play.is_over and game.tricks:
        done = f"{len(play.tricks)} trick{'s' if len(play.tricks) != 1 else ''}"
        why = ("is to be continued ('+')" if game.play_mark == "+" else
               "was claimed or conceded (Law 68), or not recorded")  # fmt: skip
        found.note(game.trick_lines[-1], f"the play stops after {done}: the rest {why}")
    return play, play.is_over, revoked


def _check_result(
    game: PbnGame,
    play: Play | None,
    contract: Contract | None,
    declarer: Seat | None,
    complete: bool,
    revoked: bool,
    found: _Findings,
) -> int | None:
    """The declared result against the play; returns the tricks to score, if known."""
    result = game.result
    text = game.known("Result")
    if text is not None and contract is not None and contract.is_passed_out:
        # 3.4.15: "When all 4 players pass, then the tag value is an empty string." No tricks
        # were played (Law 22B): "0" says nothing false, any other number does.
        if result_form(text) == (0, {}):
            found.note("Result", "a passed-out board's Result is empty (PBN 2.1 section "
                       "3.4.15); '0' is read as no tricks played")  # fmt: skip
        else:
            found.problem("Result", f"a result {text!r} is given for a board passed out, whose "
                          "Result is empty (PBN 2.1 section 3.4.15; Law 22B)")  # fmt: skip
        return None
    if text is not None and result is None:
        form = result_form(text)
        if form is None:
            found.problem("Result", f"the result must be tricks from 0 to 13, as declarer's or "
                          f"as NS's and EW's (PBN 2.1 section 3.4.15), not {text!r}")  # fmt: skip
        elif len(form[1]) == 2 and sum(form[1].values()) != 13:
            ns, ew = form[1][0], form[1][1]
            found.problem("Result", f"{text!r}: the {SIDES[0]} and {SIDES[1]} tricks add up to "
                          f"{ns + ew}, not 13 (PBN 2.1 section 3.4.15)")  # fmt: skip
        # else: a side's tricks with no declarer to read them for; nothing to check them by
    if result is None:
        if complete and play is not None and declarer is not None:
            return play.won[declarer & 1]
        return None
    if play is None or declarer is None:
        if game.result_irregular:
            found.note("Result", f"the result {result} was agreed, and differs from the tricks "
                       "won (PBN 2.1 section 3.4.15)")  # fmt: skip
        return result
    won, remaining = play.won[declarer & 1], 13 - len(play.tricks)
    fits = result == won if complete else won <= result <= won + remaining
    if game.result_irregular:
        found.note("Result", f"the result {result} was agreed, and differs from the tricks "
                   f"declarer won in the play ({won}; PBN 2.1 section 3.4.15)")  # fmt: skip
    elif fits:
        pass
    elif revoked:
        found.note("Result", f"Result says {result} tricks, declarer won {won} in the play: "
                   "after the revoke, Law 64 transfers tricks")  # fmt: skip
    elif complete:
        found.problem("Result", f"Result says {result} tricks but declarer won {won} in the play")
    else:
        found.problem("Result", f"Result says {result} tricks but declarer had won {won} with "
                      f"{remaining} to play")  # fmt: skip
    return result
