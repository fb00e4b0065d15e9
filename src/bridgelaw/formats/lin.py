"""LIN, Bridge Base Online's format: boards with their players, auction, play and claim.

A LIN text is a run of ``key|value|`` pairs; line breaks between pairs mean nothing. The keys
read here (what BBO's hand viewer and vugraph files use):

* ``qx`` names the board: ``o`` (open room) or ``c`` (closed room), then its number, and
  sometimes a comma and a label: ``qx|o1,BOARD 1|`` is board 1 of the open room. The number is
  the digits after the room letter up to the comma; without a ``qx`` number, ``ah|Board 12|``
  (the heading) gives it; without either, boards are numbered on from the one before.
* ``md`` is the deal: a digit for the dealer (1 South, 2 West, 3 North, 4 East), then the hands
  of South, West, North and East, separated by commas. A hand is ``S`` and its spades, ``H``,
  ``D``, ``C``, ranks in any order. BBO often gives three hands: the fourth holds the rest.
* ``sv`` is the vulnerability: ``o``, ``0`` or ``-`` none, ``n`` North-South, ``e`` East-West,
  ``b`` both; an empty value says nothing, and Law 2 marks the board from its number.
* ``pn`` lists the players South, West, North, East (vugraph files give eight: the open room's
  four, then the closed room's).
* ``mb`` is one call (``p``, ``d``, ``r``, ``1C`` ... ``7N``; a ``!`` after it marks an alert),
  ``an`` the explanation of the call before it, ``pc`` one card played (``S5``, ``HT``), ``mc``
  a claim: the total number of tricks declarer takes.
* ``rh``, ``st``, ``pg`` (a page break for the viewer), ``nt`` (chat), ``vg``, ``rs`` and other
  keys are read past.

A new board starts at each ``qx``, and at an ``md`` when the board open already has a deal.

**Leniency.** A stray ``|`` (vugraph files have ``pn|...||pg||``) shifts every key and value
after it by one; the reader notices when a key is not two letters, notes it, and carries on from
the next piece that is one, so the rest of the file is read as it was meant. Problems that lose a
board (a deal that cannot be read) are :attr:`LinFile.problems`; things the reader worked around
(the stray ``|``, a call or card it had to stop at) are :attr:`LinFile.notes`.

>>> from bridgelaw.boards import Board
>>> from bridgelaw.cards import Deal
>>> d = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")
>>> print(write_lin([Board.numbered(1, d)]).decode().replace(",", ",\\n"), end="")
qx|o1|md|3SHDAKQJT98765432C,
SHDCAKQJT98765432,
SAKQJT98765432HDC,
SHAKQJT98765432DC|rh||ah|Board 1|sv|o|pg||
>>> games = read_lin_games(b"qx|o7,BOARD 7|md|3SAKQJT98765432HDC,SHAKQJT98765432DC,"
...     b"SHDAKQJT98765432C,|sv|b|mb|7S!|an|solid|mb|p|mb|p|mb|p|mc|13|").games
>>> g = games[0]
>>> g.board.number, str(g.contract), g.declarer.letter, g.result, g.alerts
(7, '7S', 'N', 13, {0: 'solid'})
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from bridgelaw.auction import Auction
from bridgelaw.boards import Board, Vulnerability
from bridgelaw.calls import DOUBLE, PASS, REDOUBLE, Call, Contract, call_name, parse_call
from bridgelaw.cards import RANK_CHARS, Card, Deal, Seat, parse_card
from bridgelaw.errors import BridgeLawError, ParseError
from bridgelaw.formats.pbn import FileProblems, Problem
from bridgelaw.formats.text import UndecodableText, decode_text
from bridgelaw.play import trick_winner

__all__ = [
    "ALERT_WITHOUT_TEXT",
    "LinFile",
    "LinGame",
    "LinProblem",
    "read_lin",
    "read_lin_games",
    "write_lin",
    "write_lin_games",
]

#: LIN's dealer digit -> seat, and the seat order of the hands in ``md`` and names in ``pn``.
_LIN_SEAT = {1: Seat.SOUTH, 2: Seat.WEST, 3: Seat.NORTH, 4: Seat.EAST}
_MD_ORDER = (Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST)
_VUL_LETTER = ("o", "n", "e", "b")
_VUL_READ = {"o": 0, "0": 0, "-": 0, "n": 1, "e": 2, "b": 3}
_RANK_OF = {ch: r for r, ch in enumerate(RANK_CHARS)}
_KEY_RE = re.compile(r"^[A-Za-z]{2}$")
_QX_RE = re.compile(r"^\s*([OoCc]?)\s*(\d+)")
_MAX_NUMBER_DIGITS = 6
"""Board numbers longer than this are not read as numbers (no real file has a million boards)."""

ALERT_WITHOUT_TEXT = "Alert"
"""The note a PBN file gets for a LIN call alerted (``!``) without an explanation, and the note
text that converts back to a bare alert."""


LinProblem = Problem
"""Something in a LIN file: where, and what; the one problem type every reader reports
(:class:`bridgelaw.formats.pbn.Problem`)."""


@dataclass
class LinGame:
    """One board as played at one table: what a LIN file (or a PBN game) says about it."""

    board: Board
    room: str = ""
    """``"o"`` (open room), ``"c"`` (closed room) or ``""`` (not said)."""
    players: tuple[str, str, str, str] = ("", "", "", "")
    """Names by seat: North, East, South, West (``""`` unknown)."""
    calls: list[Call] = field(default_factory=list)
    alerts: dict[int, str] = field(default_factory=dict)
    """Index in :attr:`calls` -> the explanation (``""`` for an alert with none)."""
    played: list[Card] = field(default_factory=list)
    """The cards in the order played, opening lead first."""
    claim: int | None = None
    """Tricks declarer takes in all, by a claim (``mc``), or ``None``."""
    line: int = 0
    _read: tuple[tuple[Seat, tuple[Call, ...]], Auction | None] | None = field(
        default=None, init=False, repr=False, compare=False
    )
    """The auction last read, with the dealer and calls it was read from (read again when they
    change): the contract, declarer and result each ask for it."""

    @property
    def auction(self) -> Auction | None:
        """The auction as the Laws read it (Laws 17-22), or ``None`` if a call is illegal."""
        key = (self.board.dealer, tuple(self.calls))
        if self._read is not None and self._read[0] == key:
            return self._read[1]
        try:
            auction: Auction | None = Auction(self.board.dealer, self.calls)
        except BridgeLawError:
            auction = None
        self._read = (key, auction)
        return auction

    @property
    def contract(self) -> Contract | None:
        auction = self.auction
        return None if auction is None else auction.contract

    @property
    def declarer(self) -> Seat | None:
        auction = self.auction
        return None if auction is None else auction.declarer

    def tricks_won(self) -> int | None:
        """Tricks declarer won in the play recorded, if all 13 tricks are there."""
        contract, declarer = self.contract, self.declarer
        if contract is None or declarer is None or len(self.played) != 52:
            return None
        leader, won = declarer.lho, 0
        for start in range(0, 52, 4):
            trick = self.played[start : start + 4]
            leader = Seat((leader + trick_winner(trick, contract.strain)) & 3)
            won += leader.side == declarer.side
        return won

    def claim_possible(self, claim: int) -> bool:
        """Whether declarer can take ``claim`` tricks in all after the play recorded: at least
        the tricks won, at most those and the tricks still to play (Laws 68-69)."""
        contract, declarer = self.contract, self.declarer
        if contract is None or declarer is None:
            return True
        leader, won, done = declarer.lho, 0, len(self.played) // 4
        for start in range(0, 4 * done, 4):
            trick = self.played[start : start + 4]
            leader = Seat((leader + trick_winner(trick, contract.strain)) & 3)
            won += leader.side == declarer.side
        return won <= claim <= won + 13 - done

    @property
    def result(self) -> int | None:
        """Tricks declarer took: the claim if there is one, else the tricks of a full play."""
        return self.claim if self.claim is not None else self.tricks_won()


@dataclass
class LinFile:
    games: list[LinGame]
    problems: list[LinProblem]
    """What lost a board: the file cannot be converted whole."""
    notes: list[LinProblem]
    """What the reader worked around (the boards are all there)."""


# -- reading -----------------------------------------------------------------------------------


def _pieces(text: str) -> list[tuple[str, int]]:
    """The ``|``-separated pieces with the line each starts on (line breaks dropped)."""
    pieces: list[tuple[str, int]] = []
    line, start = 1, 1
    current: list[str] = []
    for ch in text:
        if ch == "|":
            pieces.append(("".join(current), start))
            current, start = [], line
        elif ch == "\n":
            line += 1
            if not current:
                start = line
        else:
            current.append(ch)
    if "".join(current).strip():
        pieces.append(("".join(current), start))
    return pieces


def _parse_hand(text: str, where: str) -> int:
    hand = 0
    suit: int | None = None
    t = text.strip().upper().replace("10", "T")
    for ch in t:
        if ch in "SHDC":
            suit = 3 - "SHDC".index(ch)
            continue
        rank = _RANK_OF.get(ch)
        if suit is None or rank is None:
            raise ParseError(f"{where}: {ch!r} in the hand {text!r} is not a suit or a rank")
        bit = 1 << (13 * suit + rank)
        if hand & bit:
            raise ParseError(f"{where}: a card appears twice in the hand {text!r}")
        hand |= bit
    return hand


def _parse_md(value: str, where: str) -> tuple[Seat | None, Deal]:
    v = value.strip()
    dealer = None
    if v[:1].isascii() and v[:1].isdigit():
        if int(v[0]) not in _LIN_SEAT:
            raise ParseError(f"{where}: md|{value}| names dealer {v[0]}, not 1-4")
        dealer, v = _LIN_SEAT[int(v[0])], v[1:]
    parts = v.split(",")
    if not 3 <= len(parts) <= 4:
        raise ParseError(f"{where}: md| gives {len(parts)} hands, not 3 or 4")
    hands = [0, 0, 0, 0]
    missing = []
    for seat, part in zip(_MD_ORDER, parts + [""] * (4 - len(parts)), strict=True):
        if part.strip():
            hands[seat] = _parse_hand(part, where)
        else:
            missing.append(seat)
    if len(missing) == 1:
        hands[missing[0]] = ((1 << 52) - 1) & ~(hands[0] | hands[1] | hands[2] | hands[3])
    try:
        return dealer, Deal(hands)
    except ParseError as error:
        raise ParseError(f"{where}: {error}") from None


@dataclass
class _Open:
    """A board being read."""

    line: int
    room: str = ""
    number: int | None = None
    dealer: Seat | None = None
    deal: Deal | None = None
    vulnerability: Vulnerability | None = None
    names: list[str] = field(default_factory=list)
    calls: list[Call] = field(default_factory=list)
    alerts: dict[int, str] = field(default_factory=dict)
    cards: list[tuple[Card, int]] = field(default_factory=list)
    claim: int | None = None
    stopped_calls: bool = False
    failed: bool = False


def _number(text: str) -> int | None:
    digits = text.strip()
    if not digits.isdecimal() or not digits.isascii() or len(digits) > _MAX_NUMBER_DIGITS:
        return None
    return int(digits)


class _Reader:
    def __init__(self, filename: str, first_board: int = 1) -> None:
        self.filename = filename
        self.first_board = first_board
        self.problems: list[LinProblem] = []
        self.notes: list[LinProblem] = []
        self.opened: list[_Open] = []
        self.names: list[str] = []

    def note(self, line: int, message: str) -> None:
        self.notes.append(LinProblem(self.filename, line, message))

    def problem(self, line: int, message: str) -> None:
        self.problems.append(LinProblem(self.filename, line, message))

    def pairs(self, text: str) -> list[tuple[str, str, int]]:
        pieces = _pieces(text)
        out: list[tuple[str, str, int]] = []
        i = 0
        while i < len(pieces):
            key, line = pieces[i]
            if not _KEY_RE.match(key.strip()):
                # A stray '|' (or a value without its key) shifts everything after it; the next
                # piece that is a key starts the pairs again.
                j = i + 1
                while j < len(pieces) and not _KEY_RE.match(pieces[j][0].strip()):
                    j += 1
                shown = "|".join(p for p, _ in pieces[i:j])[:40]
                self.note(line, f"{shown!r} is not a LIN key (a stray '|'?); read on from the "
                          "next key")  # fmt: skip
                i = j
                continue
            if i + 1 >= len(pieces):
                self.note(line, f"the key {key.strip()!r} has no value (the file ends)")
                break
            out.append((key.strip().lower(), pieces[i + 1][0], line))
            i += 2
        return out

    def read(self, text: str) -> LinFile:
        current: _Open | None = None
        for key, value, line in self.pairs(text):
            if key == "pn":
                self.names = [n.strip() for n in value.split(",")]
                if current is not None and current.deal is None and not current.calls:
                    current.names = self.names
                continue
            if key == "qx" or (key == "md" and (current is None or current.deal is not None)):
                current = _Open(line, names=self.names)
                self.opened.append(current)
            if current is None:
                continue
            self.field(current, key, value, line)
        games: list[LinGame] = []
        previous: int | None = None
        for o in self.opened:
            if o.number is None or o.number < 1:  # numbered on from the board before
                o.number = self.first_board if previous is None else previous + 1
            previous = o.number
            game = self.finish(o, o.number)
            if game is not None:
                games.append(game)
        if not self.opened:
            self.problem(1, "no board (no md| field) in the file")
        return LinFile(games, self.problems, self.notes)

    def field(self, o: _Open, key: str, value: str, line: int) -> None:
        where = f"{self.filename}:{line}"
        if key == "qx":
            m = _QX_RE.match(value)
            if m is not None:
                o.room = m.group(1).lower()
                o.number = _number(m.group(2))
                if o.number is None:
                    self.note(line, f"qx|{value[:20]}| has a board number too long to be one; "
                              "the board is numbered on from the one before")  # fmt: skip
        elif key == "ah" and o.number is None:
            m = re.search(r"(\d+)", value)
            o.number = _number(m.group(1)) if m else None
        elif key == "sv":
            v = value.strip().lower()
            if v and v not in _VUL_READ:
                self.problem(line, f"sv|{value}| is not a vulnerability (o, n, e or b)")
                o.failed = True
            elif v:
                o.vulnerability = Vulnerability(_VUL_READ[v])
        elif key == "md":
            try:
                o.dealer, o.deal = _parse_md(value, where)
            except ParseError as error:
                self.problems.append(LinProblem(self.filename, line, _strip_where(error, where)))
                o.failed = True
        elif key == "mb":
            self.call(o, value, line)
        elif key == "an" and o.calls and not o.stopped_calls:
            o.alerts[len(o.calls) - 1] = value.strip()
        elif key == "pc":
            try:
                o.cards.append((parse_card(value.strip()), line))
            except ParseError:
                self.note(line, f"pc|{value}| is not a card; the play is read up to it")
                o.cards.append((-1, line))
        elif key == "mc":
            claim = _number(value)
            if claim is None or claim > 13:
                self.note(line, f"mc|{value}| is not a claim of 0 to 13 tricks; ignored")
            else:
                o.claim = claim

    def call(self, o: _Open, value: str, line: int) -> None:
        if o.stopped_calls:
            return
        word = value.strip()
        alerted = word.endswith("!")
        word = word.rstrip("!").strip()
        try:
            call = parse_call(word)
        except BridgeLawError:
            self.note(line, f"mb|{value}| is not a call; the auction is read up to it")
            o.stopped_calls = True
            return
        o.calls.append(call)
        if alerted:
            o.alerts[len(o.calls) - 1] = ""

    def finish(self, o: _Open, number: int) -> LinGame | None:
        if o.failed:
            return None
        if o.deal is None:
            self.problem(o.line, "board without a deal (no md| field)")
            return None
        board = Board.numbered(number, o.deal, o.dealer, o.vulnerability)
        names = o.names[4:8] if o.room == "c" and len(o.names) >= 8 else o.names[:4]
        names = names + [""] * (4 - len(names))
        by_seat = {seat: names[i] for i, seat in enumerate(_MD_ORDER)}
        game = LinGame(
            board,
            o.room,
            (
                by_seat[Seat.NORTH],
                by_seat[Seat.EAST],
                by_seat[Seat.SOUTH],
                by_seat[Seat.WEST],
            ),
            line=o.line,
        )
        game.calls = list(o.calls)
        game.alerts = dict(o.alerts)
        auction = game.auction
        if auction is None:
            self.note(o.line, f"board {number}: the auction is not legal (Laws 17-22); its calls "
                      "are kept, but no contract, play or result is read")  # fmt: skip
            return game
        game.claim = o.claim
        if o.cards:
            game.played = self.play(game, o.cards, number)
        self.check_claim(game, o.line, number)
        return game

    def check_claim(self, game: LinGame, line: int, number: int) -> None:
        """A claim (``mc``, declarer's tricks in all) lies between the tricks declarer has won
        and those plus the tricks still to play; another number is no claim (Laws 68-69)."""
        claim = game.claim
        if claim is not None and not game.claim_possible(claim):
            self.note(line, f"board {number}: mc|{claim}| claims {claim} tricks in all, more "
                      "than declarer can take or fewer than declarer has won in the play; "
                      "ignored")  # fmt: skip
            game.claim = None

    def play(self, game: LinGame, cards: list[tuple[Card, int]], number: int) -> list[Card]:
        """The cards up to the first one that cannot have been played by the player on turn."""
        contract, declarer = game.contract, game.declarer
        if contract is None or declarer is None:
            self.note(cards[0][1], f"board {number}: cards played without a contract; the play "
                      "is not read")  # fmt: skip
            return []
        hands = list(game.board.deal.hands)
        leader = declarer.lho
        trick: list[Card] = []
        out: list[Card] = []
        for card, line in cards:
            seat = (leader + len(trick)) & 3
            if card < 0 or not hands[seat] >> card & 1:
                if card >= 0:
                    self.note(line, f"board {number}: {Seat(seat).name.title()} does not hold "
                              "the card played; the play is read up to it")  # fmt: skip
                break
            hands[seat] &= ~(1 << card)
            trick.append(card)
            out.append(card)
            if len(trick) == 4:
                leader = Seat((leader + trick_winner(trick, contract.strain)) & 3)
                trick = []
        return out


def _strip_where(error: ParseError, where: str) -> str:
    return str(error).removeprefix(where + ": ")


def read_lin_games(data: bytes, filename: str = "<lin>", first_board: int = 1) -> LinFile:
    """Every board of a LIN file with what was played, collecting problems instead of stopping.

    Boards with no number (no ``qx`` number, no ``ah`` heading) are numbered on from the board
    before, the first from ``first_board``."""
    try:
        text = decode_text(data, filename).text
    except UndecodableText as error:
        return LinFile([], [LinProblem(filename, 1, str(error).removeprefix(f"{filename}: "))], [])
    return _Reader(filename, first_board).read(text)


def read_lin(data: bytes, filename: str = "<lin>", first_board: int = 1) -> list[Board]:
    """The boards of a LIN file (the deal readers' interface): one a board number.

    A vugraph file shows each board twice (open and closed room): the same deal under one number
    is one board. Problems that lose a board are raised together (:class:`FileProblems`).
    Boards without a number are numbered on from ``first_board``.
    """
    parsed = read_lin_games(data, filename, first_board)
    if parsed.problems:
        raise FileProblems(parsed.problems)
    return boards_of(parsed.games, filename)


def boards_of(games: Sequence[LinGame], filename: str) -> list[Board]:
    """One board a number; a number with two different deals is an error."""
    boards: dict[int, Board] = {}
    for game in games:
        seen = boards.get(game.board.number)
        if seen is None:
            boards[game.board.number] = game.board
        elif seen != game.board:
            raise ParseError(f"{filename}:{game.line}: board {game.board.number} appears again "
                             "with another deal or other markings")  # fmt: skip
    return list(boards.values())


# -- writing -----------------------------------------------------------------------------------


def _lin_hand(hand: int) -> str:
    out = []
    for suit in (3, 2, 1, 0):
        out.append("SHDC"[3 - suit])
        out.extend(RANK_CHARS[r] for r in range(12, -1, -1) if hand >> (13 * suit + r) & 1)
    return "".join(out)


def _md(board: Board) -> str:
    digit = next(k for k, seat in _LIN_SEAT.items() if seat == board.dealer)
    return f"{digit}" + ",".join(_lin_hand(board.deal[seat]) for seat in _MD_ORDER)


def write_lin(boards: Sequence[Board]) -> bytes:
    """One LIN line a board: the deals only."""
    lines = [
        f"qx|o{b.number}|md|{_md(b)}|rh||ah|Board {b.number}|sv|{_VUL_LETTER[b.vulnerability]}|"
        "pg||\n"
        for b in boards
    ]
    return "".join(lines).encode("ascii")


def _clean(text: str) -> str:
    """A value LIN can hold: no ``|`` (it would end the value) and on one line."""
    return " ".join(text.replace("|", "/").split())


def _lin_call(call: Call) -> str:
    if call == PASS:
        return "p"
    if call in (DOUBLE, REDOUBLE):
        return "d" if call == DOUBLE else "r"
    return call_name(call).replace("NT", "N")


def write_lin_games(games: Sequence[LinGame]) -> bytes:
    """Boards with their players, auction (alerts), play and claim, one line a trick.

    The claim (``mc``) is written when the play recorded does not show the result by itself.
    """
    texts: list[str] = []
    for game in games:
        lines: list[str] = []
        b = game.board
        head = ""
        if any(game.players):
            north, east, south, west = (_clean(n).replace(",", " ") for n in game.players)
            head = f"pn|{south},{west},{north},{east}|"
        room = game.room or "o"
        head += (
            f"qx|{room}{b.number}|md|{_md(b)}|rh||ah|Board {b.number}|"
            f"sv|{_VUL_LETTER[b.vulnerability]}|"
        )
        calls = []
        for index, call in enumerate(game.calls):
            word = _lin_call(call)
            if index in game.alerts:
                text = _clean(game.alerts[index])
                word += "!" + (f"|an|{text}" if text else "")
            calls.append(f"mb|{word}|")
        lines.append(head + "".join(calls) + "pg||")
        for start in range(0, len(game.played), 4):
            trick = game.played[start : start + 4]
            lines.append("".join(f"pc|{_card(c)}|" for c in trick) + "pg||")
        if game.claim is not None and game.claim != game.tricks_won():
            lines.append(f"mc|{game.claim}|pg||")
        texts.extend(lines)
    return "".join(line + "\n" for line in texts).encode("utf-8")


def _card(card: Card) -> str:
    return "SHDC"[3 - card // 13] + RANK_CHARS[card % 13]
