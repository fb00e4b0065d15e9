"""PBN 2.1, import format: read and write boards with their auction, play and result.

The reader is lenient in the manner of python-chess's PGN reader: it never stops at the first
problem. Each game keeps what could be read, and every problem is reported as a
:class:`Problem` with the file, the line and a plain sentence.

Layout of a game (PBN 2.1): tag pairs ``[Name "value"]`` (3.3: spaces between the tokens are
optional and several tags may share a line); the Auction section follows its tag (calls from the
seat the tag names, ``-`` for seats before the dealer; ``AP`` closes with all pass; ``=n=`` points
to a ``[Note "n:..."]``); the Play section follows its tag (the cards in seat order starting from
the seat the tag names, four to a trick, not in the order played; ``-`` or ``+`` for a card not
known or not played, 3.6). ``^I`` ``^S`` ``^R`` ``^L`` mark irregularities (3.9) and are kept in
:attr:`PbnGame.irregularities`. A value of ``#`` repeats the nearest earlier value of the same tag,
or ``""`` when there is none; ``##text`` gives ``text`` to every later game (4.8). ``"?"`` is a
value not known and ``""`` one that does not apply (3.4): the typed views read both as not given.
Other tags may be followed by section data (tables, chapter 5), kept in :attr:`PbnGame.tables`.
Games are separated by blank lines. Findings are *problems* (the file is wrong) or *notes* (what
a reader should know, such as a tag given twice: the first value stands, 3.4).

>>> text = '''[Board "1"]
... [Dealer "N"]
... [Vulnerable "None"]
... [Deal "N:AKQ2.KQ2.A32.K32 JT9.AJT.KQJ4.A54 876.9876.T98.QJ9 543.543.765.T876"]
... [Contract "1NT"]
... [Declarer "N"]
... [Result "8"]
... [Auction "N"]
... 1NT Pass Pass Pass
... '''
>>> result = read_pbn(text, "demo.pbn")
>>> game = result.games[0]
>>> game.board_number, str(game.contract), game.declarer, result.problems
(1, '1NT', <Seat.NORTH: 0>, [])
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bridgelaw.boards import Board, Vulnerability, board_dealer, board_vulnerability
from bridgelaw.calls import PASS, Call, Contract, call_name, parse_call
from bridgelaw.cards import Card, Deal, Seat, card_name, parse_card
from bridgelaw.errors import BridgeLawError, ParseError
from bridgelaw.formats.text import UndecodableText, decode_text
from bridgelaw.play import trick_winner

#: The order the writer puts the standard tags in (PBN's "mandatory tag set" first).
TAG_ORDER = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
    "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
_SECTION_TAGS = ("Auction", "Play", "Note")

_NOTE_REF_RE = re.compile(r"^=([0-9]{1,9})=$")
NOTE_NUMBERS = range(1, 33)
"""PBN 2.1 sections 3.5.4 and 3.6.4: "The value of <note_index> lies between 1 and 32"."""


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong in a file: where, and what, in one plain sentence."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


class FileProblems(ParseError):
    """A file refused for what is wrong in it: :attr:`problems` holds every problem, each with
    its file and line. The text is the first, and how many more there are (one line)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        more = len(self.problems) - 1
        extra = f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else ""
        super().__init__(f"{self.problems[0] if self.problems else 'a problem'}{extra}")


@dataclass(frozen=True, slots=True)
class Irregularity:
    """An irregularity the file records (PBN 2.1 section 3.9): ``^I`` (an insufficient bid
    accepted) and ``^S`` (a player skipped by a call out of rotation) in the auction, ``^R`` (a
    revoke) and ``^L`` (a lead out of turn accepted) in the play."""

    mark: str
    index: int
    """Auction: the index in :attr:`PbnGame.calls` of the marked call (for ``^S``, of the call
    after the skip). Play: the card's place in the Play section, ``4 * trick + column``."""
    line: int


@dataclass
class PbnGame:
    """One game (board) of a PBN file, as read or as to be written."""

    tags: dict[str, str] = field(default_factory=dict)
    calls: list[Call] = field(default_factory=list)
    call_notes: dict[int, str] = field(default_factory=dict)
    """Index in :attr:`calls` -> the text of the note attached to that call."""
    auction_start: Seat | None = None
    tricks: list[list[Card | None]] = field(default_factory=list)
    """One row a trick, the cards in seat order starting from :attr:`play_start`."""
    play_start: Seat | None = None
    line: int = 0
    tag_lines: dict[str, int] = field(default_factory=dict)
    call_lines: list[int] = field(default_factory=list)
    trick_lines: list[int] = field(default_factory=list)
    auction_mark: str = ""
    """How the Auction section stops short, if it does: ``*`` (no more calls will be given) or
    ``+`` (the auction is to be continued), PBN 2.1 section 3.5."""
    play_mark: str = ""
    """``*`` when the Play section stops short on purpose, ``+`` when the play is to be
    continued (PBN 2.1 section 3.6)."""
    play_plus: int | None = None
    """Where the Play section's ``+`` stands (``4 * trick + column``): the next card to be
    played (3.6)."""
    irregularities: list[Irregularity] = field(default_factory=list)
    tables: dict[str, list[tuple[int, list[str]]]] = field(default_factory=dict)
    """Table sections (``ScoreTable``, ``TotalScoreTable``...): tag -> rows with their lines;
    the tag's value (in :attr:`tags`) is the column header."""
    commentary: list[str] = field(default_factory=list)
    """Commentary to write after the game, one ``{...}`` line each (the reader skips them)."""

    # -- typed views of the tags -------------------------------------------------------------
    # PBN 2.1 section 3.4: "?" is an unknown value and "" a value that does not apply; both read
    # as "not given", never as a value (an empty Vulnerable is not "nobody vulnerable").

    def known(self, tag: str) -> str | None:
        """The tag's value, or ``None`` when it is missing, empty or ``"?"`` (unknown)."""
        value = self.tags.get(tag, "").strip()
        return None if value in ("", "?") else value

    @property
    def board_number(self) -> int | None:
        return _small_number(self.known("Board") or "", 1, 10**9)

    @property
    def deal(self) -> Deal | None:
        value = self.known("Deal")
        try:
            return Deal.from_pbn(value) if value is not None else None
        except ParseError:
            return None

    @property
    def dealer(self) -> Seat | None:
        """The Dealer tag; without a usable one, Law 2 from the board number."""
        value = self.known("Dealer")
        if value is not None:
            try:
                return Seat.parse(value)
            except ParseError:
                return None
        number = self.board_number
        return board_dealer(number) if number else None

    @property
    def vulnerability(self) -> Vulnerability | None:
        """The Vulnerable tag ("-" is none, 3.4.10); empty or unknown: Law 2 from the board."""
        value = self.known("Vulnerable")
        if value is not None:
            try:
                return Vulnerability.parse(value)
            except ParseError:
                return None
        number = self.board_number
        return board_vulnerability(number) if number else None

    @property
    def board(self) -> Board | None:
        number, deal, dealer, vul = self.board_number, self.deal, self.dealer, self.vulnerability
        if number is None or deal is None or dealer is None or vul is None:
            return None
        return Board(number, deal, dealer, vul)

    @property
    def contract(self) -> Contract | None:
        value = self.known("Contract")
        try:
            return Contract.parse(value) if value is not None else None
        except ParseError:
            return None

    @property
    def declarer(self) -> Seat | None:
        """The seat that played the hand; with ``^`` (3.4.13) it is the auction's dummy."""
        value = (self.known("Declarer") or "").lstrip("^").strip().upper()
        return Seat.parse(value) if value in ("N", "E", "S", "W") else None

    @property
    def declarer_swapped(self) -> bool:
        """``[Declarer "^N"]``: declarer and dummy changed places (PBN 2.1 3.4.13, Law 54A)."""
        return (self.known("Declarer") or "").startswith("^")

    @property
    def result(self) -> int | None:
        """Tricks won by declarer: ``"9"``, ``"NS 9"``, ``"EW 4 NS 9"``, with or without ``^``."""
        return result_tricks(self.tags.get("Result", ""), self.declarer)

    @property
    def result_irregular(self) -> bool:
        """``[Result "^9"]``: the agreed result differs from the tricks won (PBN 2.1 3.4.15)."""
        return (self.known("Result") or "").startswith("^")

    def played_cards(self) -> list[Card]:
        """The cards of the Play section in the order they were played (needs the trump suit)."""
        contract = self.contract
        if self.play_start is None or contract is None or contract.is_passed_out:
            return []
        leader = self.play_start
        out: list[Card] = []
        for row in self.tricks:
            order = [(leader + i) & 3 for i in range(4)]
            cards = [row[(seat - self.play_start) & 3] for seat in order]
            # An unknown card ('-', PBN 3.6) ends the sequence: the cards after it in the trick
            # cannot be put in playing order without it, and a consumer reads seats from order.
            played = [
                c for c in itertools.takewhile(lambda c: c is not None, cards) if c is not None
            ]
            out.extend(played)
            if len(played) < 4:
                break
            leader = Seat((leader + trick_winner(played, contract.strain)) & 3)
        return out

    # -- building from a board ---------------------------------------------------------------

    @classmethod
    def from_board(
        cls,
        board: Board,
        calls: Sequence[Call] = (),
        played: Sequence[Card] = (),
        *,
        contract: Contract | None = None,
        declarer: Seat | None = None,
        result: int | None = None,
        tags: dict[str, str] | None = None,
        call_notes: dict[int, str] | None = None,
    ) -> PbnGame:
        """A game for the writer; ``played`` is in the order of play, opening lead first."""
        game = cls(tags=dict(tags or {}))
        game.tags["Board"] = str(board.number)
        game.tags["Dealer"] = board.dealer.letter
        game.tags["Vulnerable"] = board.vulnerability.pbn
        game.tags["Deal"] = board.deal.pbn(board.dealer)
        if contract is not None:
            game.tags["Contract"] = "Pass" if contract.is_passed_out else str(contract)
            if not contract.is_passed_out and declarer is not None:
                game.tags["Declarer"] = declarer.letter
            if result is not None and not contract.is_passed_out:
                game.tags["Result"] = str(result)
        if calls:
            game.auction_start = board.dealer
            game.calls = list(calls)
            game.call_notes = dict(call_notes or {})
        if played and contract is not None and declarer is not None:
            game.play_start = declarer.lho
            leader = game.play_start
            for start in range(0, len(played), 4):
                trick = list(played[start : start + 4])
                row: list[Card | None] = [None] * 4
                for i, card in enumerate(trick):
                    row[(leader + i - game.play_start) & 3] = card
                game.tricks.append(row)
                if len(trick) == 4:
                    leader = Seat((leader + trick_winner(trick, contract.strain)) & 3)
        return game


@dataclass
class PbnFile:
    games: list[PbnGame]
    problems: list[Problem]
    """What is wrong in the file: a scorer must look before using it."""
    notes: list[Problem] = field(default_factory=list)
    """What the file correctly records that a reader should know (a tag given twice...)."""


# -- reading -----------------------------------------------------------------------------------


def _tokens(line: str) -> list[str]:
    return line.replace("\t", " ").split()


_ROW_TOKEN_RE = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')
_UNESCAPE_RE = re.compile(r'\\(["\\])')  # PBN 2.1 strings: \" is a quote, \\ a backslash


def _strip_comments(line: str, in_brace: bool) -> tuple[str, bool]:
    """The line without its comments (3.8: ``;`` to the end of the line, ``{...}`` possibly
    over several lines), and whether a brace comment is still open at its end. One pass: a
    line of many comments must not take quadratic time. Quoted strings are kept whole (a
    ``;`` in a tag value separates table columns)."""
    if not in_brace and "{" not in line and ";" not in line:
        return line, False  # nothing to strip (most lines): no pass over the characters
    out: list[str] = []
    quoted = escaped = False
    start = 0
    for index, ch in enumerate(line):
        if in_brace:
            if ch == "}":
                in_brace, start = False, index + 1
            continue
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == "{":
            out.append(line[start:index])
            out.append(" ")
            in_brace = True
        elif ch == ";":
            out.append(line[start:index])
            return "".join(out), False
    if not in_brace:
        out.append(line[start:])
    return "".join(out), in_brace


def table_row(line: str) -> list[str]:
    """The cells of a PBN table row: words, or quoted strings that may hold spaces.

    >>> table_row('1 "Ann Lee - Bo Ek" 62.5'), table_row("3 NT 9")
    (['1', 'Ann Lee - Bo Ek', '62.5'], ['3', 'NT', '9'])
    """
    if '"' not in line:
        return line.split()  # words alone (most rows): what the pattern's \S+ finds
    return [
        m.group(2) if m.group(1) is None else
        _UNESCAPE_RE.sub(r"\1", m.group(1)) if "\\" in m.group(1) else m.group(1)
        for m in _ROW_TOKEN_RE.finditer(line)
    ]  # fmt: skip


def table_columns(header: str) -> list[str]:
    """The column names of a table tag's value: ``"Rank\\2R;PairId\\2R"`` -> Rank, PairId."""
    return [part.split("\\")[0].strip() for part in header.split(";") if part.strip()]


_STANDARD_TAGS = frozenset(TAG_ORDER) | {"Note", "Round", "Score", "ScoreIMP", "ScoreMP",
    "ScorePercentage", "ScoreRubber", "Competition", "Generator", "Hidden", "Room", "Section",
    "Stage", "Table", "Time", "UTCDate", "UTCTime", "TimeControl", "TimeCall", "TimeCard",
    "Annotator", "AnnotatorNA", "Application", "Mode", "Termination", "HomeTeam", "VisitTeam",
    "EventDate", "EventSponsor", "WestNA", "NorthNA", "EastNA", "SouthNA", "WestType",
    "NorthType", "EastType", "SouthType", "BidSystemEW", "BidSystemNS", "PairEW", "PairNS",
    "Description", "FrenchMP", "DealId", "Deal", "OptimumScore", "DoubleDummyTricks"}  # fmt: skip
"""Tags that carry no section: text after one of them is a mistake, not section data (5.1)."""

#: PBN 2.1 section 4.8: "#" and "##" may not stand for these.
_NOT_INHERITED = frozenset(("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction",
                            "Play", "Note"))  # fmt: skip

_CARDS: dict[str, Card] = {
    suit + rank: parse_card(suit + rank)
    for suit in ("S", "H", "D", "C", "s", "h", "d", "c")
    for rank in ("A", "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2",
                 "a", "k", "q", "j", "t", "10")
}  # fmt: skip
"""Every card token PBN allows (3.6.1, lower case too: 3.11), read without a parse."""
_CALLS: dict[str, Call] = {}
"""Plain call tokens read before (``"1NT"``, ``"Pass"``): a file repeats a few dozen of them."""

_PLAIN_TAGS = _STANDARD_TAGS - {"Note"}
_ONE_TAG_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"([^"\\]*)"\s*\]')
_TAG_AT_RE = re.compile(r'\[\s*([A-Za-z0-9_]+)\s*"((?:[^"\\]|\\.)*)"\s*\]')
_MARK_RE = re.compile(r"^\^([ISRL])(.*)$", re.S)


class _Reader:
    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.problems: list[Problem] = []
        self.notes_out: list[Problem] = []
        self.games: list[PbnGame] = []
        self.last: dict[str, str] = {}  # the nearest earlier value of each tag (4.8)
        self.headers: dict[str, str] = {}  # "##" values: for every later game (4.8)
        self.game: PbnGame | None = None
        self.section: str | None = None
        # note number -> (call index, line) of each call that refers to it: several calls may
        # use the same note (PBN 2.1 section 3.5.4)
        self.pending_notes: dict[int, list[tuple[int, int]]] = {}
        self.notes: dict[int, str] = {}
        self.auction_done = False
        self.play_done = False
        self.play_tokens: list[tuple[Card | None, int]] = []
        self.mark: tuple[str, int] | None = None  # an irregularity mark waiting for its call/card
        self.held: tuple[int, str] | None = None  # the start of a tag pair, and its line

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.filename, line, message))

    def note(self, line: int, message: str) -> None:
        self.notes_out.append(Problem(self.filename, line, message))

    def note_number(self, line: int, number: int) -> bool:
        """Whether a note number is one PBN allows; a problem with its line if not."""
        if number in NOTE_NUMBERS:
            return True
        self.problem(line, f"note number {number}: a note's number lies between 1 and 32 (PBN "
                     "2.1 sections 3.5.4 and 3.6.4)")  # fmt: skip
        return False

    def finish_game(self) -> None:
        game = self.game
        if game is None:
            return
        self.flush_play(game)
        for number, calls in self.pending_notes.items():
            if number not in self.notes:
                self.problem(calls[0][1], f"note ={number}= is referred to but never given")
            for index, _ in calls:
                if number in self.notes:
                    game.call_notes[index] = self.notes[number]
        for name, value in self.headers.items():
            game.tags.setdefault(name, value)
        self.games.append(game)
        self.game = None
        self.section = None
        self.pending_notes = {}
        self.notes = {}

    def start_game(self, line: int) -> PbnGame:
        self.game = PbnGame(line=line)
        self.auction_done = self.play_done = False
        self.play_tokens = []
        self.mark = None
        return self.game

    def read(self, text: str) -> PbnFile:
        in_brace = False
        number = 0
        # Lines end at LF, CRLF or CR only (not at the other breaks str.splitlines knows, such
        # as a form feed), so line numbers are the ones an editor shows.
        text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
        plain_tag = self.plain_tag
        for number, raw in enumerate(text.split("\n"), start=1):
            in_comment = in_brace
            if in_brace or "{" in raw or ";" in raw:
                line, in_brace = _strip_comments(raw, in_brace)
            else:
                line = raw  # no comment to strip (most lines)
            stripped = line.strip()
            if not stripped:
                if self.held is not None and not raw.strip() and not in_comment:
                    self.problem(self.held[0], f"a tag pair is never closed: "
                                 f"{self.held[1][:60]!r}")  # fmt: skip
                    self.held = None
                if not raw.strip() and not in_comment and self.game is not None:
                    # a semi-empty line ends the game, unless it is inside a comment (section 3)
                    self.finish_game()
                continue
            if stripped.startswith("%") and self.held is None:
                continue  # PBN escape line (2.4: export format directives)
            start = number
            if self.held is not None:  # a tag pair that began on an earlier line (3.3)
                start, before = self.held
                stripped, self.held = before + " " + stripped, None
            elif plain_tag(number, stripped):
                continue
            self.line(start, stripped)
        if self.held is not None:
            self.problem(self.held[0], f"a tag pair is never closed: {self.held[1][:60]!r}")
        if in_brace:
            self.problem(max(number, 1), "a '{' comment is never closed")
        self.finish_game()
        return PbnFile(self.games, self.problems, self.notes_out)

    def plain_tag(self, number: int, text: str) -> bool:
        """A line that is one standard tag of the game being read, given once, with a plain
        value (no escapes, no ``#``): most lines of a file, taken without the general path
        of :meth:`line` and :meth:`tag` (which it must read exactly as they would)."""
        game = self.game
        if game is None or text[0] != "[" or self.play_tokens:
            return False
        m = _ONE_TAG_RE.fullmatch(text)
        if m is None:
            return False
        name, value = m.groups()
        tags = game.tags
        if name not in _PLAIN_TAGS or name in tags or "\\" in value or value[:1] == "#":
            return False
        tags[name] = value
        game.tag_lines[name] = number
        self.last[name] = value
        self.section = None
        return True

    def line(self, number: int, text: str) -> None:
        """Tags (several may share a line in import format, 3.3) and section data."""
        rest = text
        while rest.startswith("["):
            m = _TAG_AT_RE.match(rest)
            if m is None and "]" not in rest and len(rest) < 400:
                self.held = (number, rest)  # 3.3: import format lets a tag pair span lines
                return
            if m is None:
                self.problem(number, f'not a tag pair: {rest[:60]!r} (expected [Name "value"])')
                self.section = None
                return
            self.tag(number, m.group(1), m.group(2))
            rest = rest[m.end() :].strip()
        if not rest:
            return
        game = self.game
        if game is None:
            self.problem(number, f"text before the first tag of a game: {rest[:40]!r}")
        elif self.section in ("Auction", "Play"):
            tokens = _tokens(rest)
            if self.section == "Auction":
                self.auction_line(game, number, tokens)
            else:
                self.play_line(game, number, tokens)
        elif self.section == "empty":
            self.problem(number, f"section data after an empty tag: {rest[:40]!r}")
            self.section = "skip"
        elif self.section is not None and self.section != "skip":
            # a supplemental section (chapter 5): tables and sections of tags this reader does
            # not know are kept, row by row, for the programs that use them
            game.tables.setdefault(self.section, []).append((number, table_row(rest)))
        elif self.section is None:
            self.problem(number, f"text outside any tag or section: {rest[:40]!r}")

    def tag(self, line: int, name: str, raw: str) -> None:
        value = raw.replace('\\"', '"').replace("\\\\", "\\")
        game = self.game or self.start_game(line)
        if name != "Note" and (value == "#" or value.startswith("##")):
            if name in _NOT_INHERITED:
                self.problem(line, f"{value[:2]!r} may not stand for the {name} tag "
                             "(PBN 2.1 section 4.8)")  # fmt: skip
            if value == "#":
                # 4.8: the value of the nearest earlier game that has the tag, else ""
                value = self.last.get(name, "")
            else:
                value = value[2:]
                self.headers[name] = value  # "##text": this text in every later game
        if name == "Note":
            note = re.match(r"^([0-9]{1,9}):(.*)$", value, re.S)
            if note is None:
                self.problem(line, f'a note must read "number:text", not {value!r}')
            elif self.note_number(line, int(note.group(1))):
                self.notes[int(note.group(1))] = note.group(2)
            return  # a note tag does not end the section it annotates
        self.flush_play(game)
        self.section = None if name in _STANDARD_TAGS else name
        if name in game.tags:
            # 3.4: in import format a tag given again is ignored
            self.note(line, f"the tag {name} is given again in this game; the first value "
                      f"{game.tags[name]!r} stands (PBN 2.1 section 3.4)")  # fmt: skip
            self.section = "skip"
            return
        game.tags[name] = value
        game.tag_lines[name] = line
        self.last[name] = value
        if name == "Auction":
            self.section = "Auction"
            if value.strip() in ("", "?"):
                self.section = "empty"  # no auction given: nothing may follow
                return
            try:
                game.auction_start = Seat.parse(value)
            except ParseError:
                self.problem(line, f"the Auction tag must name a seat, not {value!r}")
                self.section = "skip"
        elif name == "Play":
            self.section = "Play"
            if value.strip() in ("", "?"):
                self.section = "empty"  # no play given: nothing may follow
                return
            try:
                game.play_start = Seat.parse(value)
            except ParseError:
                self.problem(line, f"the Play tag must name a seat, not {value!r}")
                self.section = "skip"
        elif name.endswith("Table"):
            game.tables[name] = []  # a table may have no rows

    def auction_line(self, game: PbnGame, line: int, tokens: list[str]) -> None:
        for token in tokens:
            if self.auction_done:
                self.problem(line, f"call {token!r} after the end of the auction section")
                return
            known = _CALLS.get(token)
            if known is not None:  # a plain call read before: most tokens of a file
                game.calls.append(known)
                game.call_lines.append(line)
                continue
            ref = _NOTE_REF_RE.match(token)
            if ref is not None and not self.note_number(line, int(ref.group(1))):
                continue
            if ref is not None:
                if game.calls:
                    self.pending_notes.setdefault(int(ref.group(1)), []).append(
                        (len(game.calls) - 1, line)
                    )
                else:
                    self.problem(line, f"note {token} before any call")
                continue
            if token.startswith("$") or token in ("!", "?", "!!", "??", "!?", "?!"):
                continue  # annotations (3.5.2)
            mark = _MARK_RE.match(token)
            if mark is not None:
                kind, token = mark.group(1), mark.group(2)
                if kind in "RL":
                    self.problem(line, f"^{kind} marks a card, not a call (PBN 2.1 section 3.9)")
                elif kind == "S":
                    # 3.9: a call out of rotation skipped this player; nothing was called here
                    game.irregularities.append(Irregularity("S", len(game.calls), line))
                else:
                    game.irregularities.append(Irregularity("I", len(game.calls), line))
                if not token:
                    continue
            word = token.rstrip("!?")
            upper = word.upper()
            if upper in ("*", "+"):  # the auction stops here, or continues another time (3.5)
                game.auction_mark = upper
                self.auction_done = True
                continue
            if upper == "AP":  # "all pass": the passes that end the auction (Law 22)
                trailing = 0
                while trailing < len(game.calls) and game.calls[-1 - trailing] == PASS:
                    trailing += 1
                needed = (3 if any(c < 35 for c in game.calls) else 4) - trailing
                game.calls.extend([PASS] * max(needed, 0))
                game.call_lines.extend([line] * max(needed, 0))
                self.auction_done = True
                continue
            if word == "-":
                # 3.5: the auction is in columns from the Auction tag's seat; a hyphen stands
                # for each seat before the dealer
                if game.calls or game.auction_start is None:
                    self.problem(line, "'-' in the auction after the first call")
                else:
                    game.auction_start = Seat((game.auction_start + 1) & 3)
                continue
            try:
                call = parse_call(word)
            except BridgeLawError as error:
                self.problem(line, f"not a call: {token!r} ({error})")
                continue
            game.calls.append(call)
            game.call_lines.append(line)
            if token == word and len(_CALLS) < 1000:
                _CALLS[token] = call

    def play_line(self, game: PbnGame, line: int, tokens: list[str]) -> None:
        # Cards are a stream, four to a trick (3.6: a line may hold fewer because of notes).
        for token in tokens:
            if self.play_done:
                self.problem(line, "cards after the end of the play section")
                return
            card = _CARDS.get(token)
            if card is not None and self.mark is None:  # a plain card: most tokens of a file
                self.play_tokens.append((card, line))
                if len(self.play_tokens) > 52:
                    self.problem(line, "more than 13 tricks in the play section")
                    self.play_tokens = self.play_tokens[:52]
                    self.play_done = True
                    return
                continue
            if token.startswith("$") or token in ("!", "?", "!!", "??", "!?", "?!"):
                continue
            ref = _NOTE_REF_RE.match(token)
            if ref is not None:
                self.note_number(line, int(ref.group(1)))
                continue
            mark = _MARK_RE.match(token)
            if mark is not None:
                kind, token = mark.group(1), mark.group(2)
                if kind in "IS":
                    self.problem(line, f"^{kind} marks a call, not a card (PBN 2.1 section 3.9)")
                else:
                    self.mark = (kind, line)
                if not token:
                    continue
            word = token.rstrip("!?")
            if word == "*":
                if game.play_mark == "+":
                    self.problem(line, "'+' says the play is to be continued and '*' that no "
                                 "more cards will be given: not both (PBN 2.1 sections 3.5 "
                                 "and 3.6)")  # fmt: skip
                game.play_mark = "*"
                self.play_done = True
                break
            if word in ("-", "+"):  # unknown or not played (yet): 3.6
                if word == "+":
                    if game.play_plus is not None:
                        self.problem(line, "'+' replaces the one next card to be played, so "
                                     "it stands once in the play section (PBN 2.1 section "
                                     "3.6)")  # fmt: skip
                    else:
                        game.play_plus = len(self.play_tokens)
                    game.play_mark = "+"
                self.play_card(game, None, line)
                continue
            try:
                self.play_card(game, parse_card(word), line)
            except ParseError:
                self.problem(line, f"not a card: {token!r}")
                self.play_card(game, None, line)
            if len(self.play_tokens) > 52:
                self.problem(line, "more than 13 tricks in the play section")
                self.play_tokens = self.play_tokens[:52]
                self.play_done = True
                return

    def play_card(self, game: PbnGame, card: Card | None, line: int) -> None:
        if self.mark is not None:
            kind, mark_line = self.mark
            if card is None:
                self.problem(mark_line, f"^{kind} must stand before a card, not before '-'")
            else:
                game.irregularities.append(Irregularity(kind, len(self.play_tokens), mark_line))
            self.mark = None
        self.play_tokens.append((card, line))

    def flush_play(self, game: PbnGame) -> None:
        if not self.play_tokens:
            return
        for start in range(0, len(self.play_tokens), 4):
            chunk = self.play_tokens[start : start + 4]
            row = [card for card, _ in chunk]
            game.tricks.append(row + [None] * (4 - len(row)))
            game.trick_lines.append(chunk[0][1])
        self.play_tokens = []


def _small_number(text: str, low: int, high: int) -> int | None:
    """An ASCII whole number from ``low`` to ``high``, else ``None`` (never a huge int)."""
    value = text.strip()
    if not value or len(value) > 12 or not (value.isascii() and value.isdigit()):
        return None
    number = int(value)
    return number if low <= number <= high else None


SIDES = ("NS", "EW")


def result_form(text: str) -> tuple[int | None, dict[int, int]] | None:
    """A Result tag value as PBN 2.1 section 3.4.15 writes it, ``^`` or not: declarer's tricks
    (``"9"``), or each side's given (``"NS 9"``, ``"EW 4 NS 9"``), as ``(tricks, {})`` or
    ``(None, {side: tricks})`` with side 0 North-South; ``None`` when it is none of these
    forms. Whether two sides add up to 13 is for the caller to see.

    >>> result_form("9"), result_form("EW 4 NS 9"), result_form("^NS 10")
    ((9, {}), (None, {1: 4, 0: 9}), (None, {0: 10}))
    >>> result_form("C-2") is None and result_form("NS 9 NS 4") is None
    True
    """
    value = text.strip().removeprefix("^").strip()
    plain = _small_number(value, 0, 13)
    if plain is not None:
        return plain, {}
    words = value.upper().split()
    if len(words) not in (2, 4) or not all(w in SIDES for w in words[::2]):
        return None
    sides: dict[int, int] = {}
    for side, count in zip(words[::2], words[1::2], strict=True):
        tricks = _small_number(count, 0, 13)
        if tricks is None or SIDES.index(side) in sides:
            return None
        sides[SIDES.index(side)] = tricks
    return None, sides


def result_tricks(text: str, declarer: Seat | None) -> int | None:
    """The tricks declarer won, from a Result tag value (PBN 2.1 section 3.4.15).

    >>> result_tricks("9", None), result_tricks("^NS 10", Seat.SOUTH)
    (9, 10)
    >>> result_tricks("EW 4", Seat.NORTH), result_tricks("NS 9 EW 4", Seat.EAST)
    (9, 4)
    >>> result_tricks("", Seat.NORTH) is None and result_tricks("?", None) is None
    True
    """
    form = result_form(text)
    if form is None:
        return None
    plain, sides = form
    if plain is not None or declarer is None:
        return plain
    if len(sides) == 2 and sum(sides.values()) != 13:
        return None
    own = declarer & 1
    return sides[own] if own in sides else 13 - sides[1 - own]


def read_pbn(data: str | bytes, filename: str = "<pbn>") -> PbnFile:
    """Read every game of a PBN text, collecting problems instead of stopping.

    Bytes are decoded as :func:`bridgelaw.formats.text.decode_text` decides (a byte-order mark,
    UTF-16, UTF-8, else ISO-8859-1, the character set PBN 2.1 section 2.2 names).
    """
    if isinstance(data, bytes):
        try:
            data = decode_text(data, filename).text
        except UndecodableText as error:
            return PbnFile([], [Problem(filename, 1, str(error).removeprefix(f"{filename}: "))])
    return _Reader(filename).read(data)


def read_pbn_file(path: str | Path) -> PbnFile:
    """Read a PBN file from disk (``OSError`` is the caller's)."""
    return read_pbn(Path(path).read_bytes(), str(path))


# -- writing -----------------------------------------------------------------------------------


def _quote(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def write_game(game: PbnGame) -> str:
    lines: list[str] = []
    ordered = [t for t in TAG_ORDER if t in game.tags]
    ordered += [
        t for t in game.tags
        if t not in TAG_ORDER and t not in _SECTION_TAGS and t not in game.tables
    ]  # fmt: skip
    lines.extend(f'[{name} "{_quote(game.tags[name])}"]' for name in ordered)
    if game.auction_start is not None:
        lines.append(f'[Auction "{game.auction_start.letter}"]')
        marks = _marks(game, "IS")
        notes: dict[str, int] = {}  # a note's text -> its number: one number for one text
        words: list[str] = []
        for index, call in enumerate(game.calls):
            words.extend("^S" for mark in marks.get(index, ()) if mark == "S")  # 3.9
            word = "Pass" if call == PASS else call_name(call)
            if "I" in marks.get(index, ()):
                word = "^I " + word
            if index in game.call_notes:
                number = notes.setdefault(game.call_notes[index], len(notes) + 1)
                word += f" ={number}="
            words.append(word)
        words.extend("^S" for mark in marks.get(len(game.calls), ()) if mark == "S")
        for start in range(0, len(words), 4):
            lines.append(" ".join(words[start : start + 4]))
        if game.auction_mark == "+":  # 3.5: to be continued
            lines.append("+")
        elif not _auction_complete(game.calls):
            lines.append("*")
        lines.extend(f'[Note "{n}:{_quote(text)}"]' for text, n in notes.items())
    if game.play_start is not None:
        lines.append(f'[Play "{game.play_start.letter}"]')
        marks = _marks(game, "RL")
        for number, row in enumerate(game.tricks):
            cells = []
            for column, card in enumerate(row):
                place = 4 * number + column
                text = (
                    card_name(card) if card is not None else "+" if game.play_plus == place else "-"
                )
                cells.append("".join(f"^{m} " for m in marks.get(place, ())) + text)
            lines.append(" ".join(cells))
        stops = len(game.tricks) < 13 or any(c is None for row in game.tricks for c in row)
        if stops and game.play_plus is None:  # '+' says the play continues (3.6), '*' not
            lines.append("*")
    for name, rows in game.tables.items():
        header = game.tags.get(name, "").replace('"', '\\"')  # "\\2R" stays as PBN prints it
        lines.append(f'[{name} "{header}"]')
        lines.extend(" ".join(_cell(c) for c in cells) for _, cells in rows)
    lines.extend("{" + text.replace("}", ")") + "}" for text in game.commentary)
    return "\n".join(lines) + "\n"


def _marks(game: PbnGame, kinds: str) -> dict[int, list[str]]:
    """The irregularity marks of the auction (``"IS"``) or the play (``"RL"``) by place."""
    found: dict[int, list[str]] = {}
    for mark in game.irregularities:
        if mark.mark in kinds:
            found.setdefault(mark.index, []).append(mark.mark)
    return found


_BARE_CELL_RE = re.compile(r'[^\s"\\;{}\[\]%]+')
"""A cell that reads back as itself without quotes: no space, quote, ';' (a comment)..."""


def _cell(text: str) -> str:
    if _BARE_CELL_RE.fullmatch(text):
        return text
    return '"' + _quote(text) + '"'


def _auction_complete(calls: Sequence[Call]) -> bool:
    if len(calls) < 4:
        return False
    if all(c == PASS for c in calls[:4]) and len(calls) == 4:
        return True
    return all(c == PASS for c in calls[-3:]) and any(c != PASS for c in calls)


def write_pbn(games: Iterable[PbnGame]) -> str:
    """The games as one PBN text (import format), a blank line between games."""
    return "% PBN 2.1\n\n" + "\n".join(write_game(g) for g in games)
