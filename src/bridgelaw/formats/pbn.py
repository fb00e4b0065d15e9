"""PBN 2.1, import format: read and write boards with their auction, play and result.

The reader is lenient in the manner of python-chess's PGN reader: it never stops at the first
problem. Each game keeps what could be read, and every problem is reported as a
:class:`Problem` with the file, the line and a plain sentence.

Layout of a game: tag pairs ``[Name "value"]``, one per line; the Auction section follows its tag
(calls four to a line, from the seat the tag names; ``AP`` closes with all pass; ``=n=`` points
to a ``[Note "n:..."]``); the Play section follows its tag (one line per trick, the cards in seat
order starting from the seat the tag names, not in the order played). A value of ``#`` repeats
the value of the same tag in the previous game. Games are separated by blank lines.

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

import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from bridgelaw.boards import Board, Vulnerability, board_dealer, board_vulnerability
from bridgelaw.calls import PASS, Call, Contract, call_name, parse_call
from bridgelaw.cards import Card, Deal, Seat, card_name, parse_card
from bridgelaw.errors import BridgeLawError, ParseError
from bridgelaw.play import trick_winner

#: The order the writer puts the standard tags in (PBN's "mandatory tag set" first).
TAG_ORDER = (
    "Event", "Site", "Date", "Board", "West", "North", "East", "South", "Dealer",
    "Vulnerable", "Deal", "Scoring", "Declarer", "Contract", "Result",
)  # fmt: skip
_SECTION_TAGS = ("Auction", "Play", "Note")

_TAG_RE = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
_NOTE_REF_RE = re.compile(r"^=([0-9]{1,9})=$")


@dataclass(frozen=True, slots=True)
class Problem:
    """Something wrong in a file: where, and what, in one plain sentence."""

    file: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.file}:{self.line}: {self.message}"


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
    tables: dict[str, list[tuple[int, list[str]]]] = field(default_factory=dict)
    """Table sections (``ScoreTable``, ``TotalScoreTable``...): tag -> rows with their lines;
    the tag's value (in :attr:`tags`) is the column header."""
    commentary: list[str] = field(default_factory=list)
    """Commentary to write after the game, one ``{...}`` line each (the reader skips them)."""

    # -- typed views of the tags -------------------------------------------------------------

    @property
    def board_number(self) -> int | None:
        value = self.tags.get("Board", "").strip()
        digits = value.isascii() and value.isdigit() and len(value) <= 18  # not "1²", not huge
        return int(value) if digits and int(value) > 0 else None

    @property
    def deal(self) -> Deal | None:
        try:
            return Deal.from_pbn(self.tags["Deal"]) if "Deal" in self.tags else None
        except ParseError:
            return None

    @property
    def dealer(self) -> Seat | None:
        if "Dealer" in self.tags:
            try:
                return Seat.parse(self.tags["Dealer"])
            except ParseError:
                return None
        number = self.board_number
        return board_dealer(number) if number else None

    @property
    def vulnerability(self) -> Vulnerability | None:
        if "Vulnerable" in self.tags:
            try:
                return Vulnerability.parse(self.tags["Vulnerable"])
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
        try:
            return Contract.parse(self.tags["Contract"]) if "Contract" in self.tags else None
        except ParseError:
            return None

    @property
    def declarer(self) -> Seat | None:
        value = self.tags.get("Declarer", "").strip().lstrip("^")
        return Seat.parse(value) if value in ("N", "E", "S", "W") else None

    @property
    def result(self) -> int | None:
        value = self.tags.get("Result", "").strip()
        digits = value.isascii() and value.isdigit() and len(value) <= 2  # not "1²"
        return int(value) if digits and int(value) <= 13 else None

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
            played = [c for c in cards if c is not None]
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


# -- reading -----------------------------------------------------------------------------------


def _tokens(line: str) -> list[str]:
    return line.replace("\t", " ").split()


_ROW_TOKEN_RE = re.compile(r'"((?:[^"\\]|\\.)*)"|(\S+)')


def _outside_quotes(line: str, char: str) -> int:
    """Index of the first ``char`` not inside a quoted string, or -1."""
    quoted = escaped = False
    for index, ch in enumerate(line):
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == char:
            return index
    return -1


def table_row(line: str) -> list[str]:
    """The cells of a PBN table row: words, or quoted strings that may hold spaces."""
    return [
        m.group(1).replace('\\"', '"') if m.group(1) is not None else m.group(2)
        for m in _ROW_TOKEN_RE.finditer(line)
    ]


def table_columns(header: str) -> list[str]:
    """The column names of a table tag's value: ``"Rank\\2R;PairId\\2R"`` -> Rank, PairId."""
    return [part.split("\\")[0].strip() for part in header.split(";") if part.strip()]


class _Reader:
    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.problems: list[Problem] = []
        self.games: list[PbnGame] = []
        self.previous: dict[str, str] = {}
        self.game: PbnGame | None = None
        self.section: str | None = None
        self.pending_notes: dict[int, tuple[int, int]] = {}  # note number -> (call index, line)
        self.notes: dict[int, str] = {}
        self.auction_done = False
        self.play_done = False

    def problem(self, line: int, message: str) -> None:
        self.problems.append(Problem(self.filename, line, message))

    def finish_game(self) -> None:
        game = self.game
        if game is None:
            return
        for number, (index, line) in self.pending_notes.items():
            if number in self.notes:
                game.call_notes[index] = self.notes[number]
            else:
                self.problem(line, f"note ={number}= is referred to but never given")
        self.previous = dict(game.tags)
        self.games.append(game)
        self.game = None
        self.section = None
        self.pending_notes = {}
        self.notes = {}

    def start_game(self, line: int) -> PbnGame:
        self.game = PbnGame(line=line)
        self.auction_done = self.play_done = False
        return self.game

    def read(self, text: str) -> PbnFile:
        in_brace = False
        for number, raw in enumerate(text.splitlines(), start=1):
            line = raw
            if in_brace:
                end = line.find("}")
                if end < 0:
                    continue
                line, in_brace = line[end + 1 :], False
            # strip comments: ";" to the end of the line, "{...}" possibly over several lines
            while True:
                start = _outside_quotes(line, "{")
                semi = _outside_quotes(line, ";")  # a ";" in a tag value separates table columns
                if semi >= 0 and (start < 0 or semi < start):
                    line = line[:semi]
                    break
                if start < 0:
                    break
                end = line.find("}", start)
                if end < 0:
                    line, in_brace = line[:start], True
                    break
                line = line[:start] + " " + line[end + 1 :]
            stripped = line.strip()
            if not stripped:
                if not raw.strip() and self.game is not None:
                    self.finish_game()
                continue
            if stripped.startswith("%"):
                continue  # PBN escape line (export format directives)
            if stripped.startswith("["):
                self.tag(number, stripped)
            elif self.section in ("Auction", "Play"):
                self.section_line(number, stripped)
            elif self.section is not None and self.section.endswith("Table") and self.game:
                self.game.tables[self.section].append((number, table_row(stripped)))
            else:
                self.problem(number, f"text outside any tag or section: {stripped[:40]!r}")
        if in_brace:
            self.problem(number if text else 1, "a '{' comment is never closed")
        self.finish_game()
        return PbnFile(self.games, self.problems)

    def tag(self, line: int, text: str) -> None:
        m = _TAG_RE.match(text)
        if m is None:
            self.problem(line, f'not a tag pair: {text[:60]!r} (expected [Name "value"])')
            self.section = None
            return
        name, value = m.group(1), m.group(2).replace('\\"', '"').replace("\\\\", "\\")
        game = self.game or self.start_game(line)
        if value == "#":
            if name not in self.previous:
                self.problem(line, f'[{name} "#"] but the previous game has no {name} tag')
                value = ""
            else:
                value = self.previous[name]
        if name == "Note":
            note = re.match(r"^([0-9]{1,9}):(.*)$", value, re.S)
            if note is None:
                self.problem(line, f'a note must read "number:text", not {value!r}')
            else:
                self.notes[int(note.group(1))] = note.group(2)
            return  # a note tag does not end the section it annotates
        if name in game.tags:
            self.problem(line, f"the tag {name} appears twice in this game")
        game.tags[name] = value
        game.tag_lines[name] = line
        self.section = None
        if name == "Auction":
            self.section = "Auction"
            try:
                game.auction_start = Seat.parse(value)
            except ParseError:
                self.problem(line, f"the Auction tag must name a seat, not {value!r}")
                self.section = "skip"
        elif name.endswith("Table"):
            self.section = name  # PBN 2.1 tables: rows of tokens follow the header tag
            game.tables[name] = []
        elif name == "Play":
            self.section = "Play"
            try:
                game.play_start = Seat.parse(value)
            except ParseError:
                self.problem(line, f"the Play tag must name a seat, not {value!r}")
                self.section = "skip"

    def section_line(self, line: int, text: str) -> None:
        game = self.game
        assert game is not None
        if self.section == "Auction":
            self.auction_line(game, line, _tokens(text))
        else:
            self.play_line(game, line, _tokens(text))

    def auction_line(self, game: PbnGame, line: int, tokens: list[str]) -> None:
        for token in tokens:
            if self.auction_done:
                self.problem(line, f"call {token!r} after the end of the auction section")
                return
            ref = _NOTE_REF_RE.match(token)
            if ref is not None:
                if game.calls:
                    self.pending_notes[int(ref.group(1))] = (len(game.calls) - 1, line)
                else:
                    self.problem(line, f"note {token} before any call")
                continue
            if token.startswith("$") or token in ("!", "?", "!!", "??", "!?", "?!"):
                continue  # annotations
            word = token.rstrip("!?")
            upper = word.upper()
            if upper == "*":
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
                self.problem(line, "'-' in the auction: the first call must be the dealer's")
                continue
            try:
                game.calls.append(parse_call(word))
                game.call_lines.append(line)
            except BridgeLawError as error:
                self.problem(line, f"not a call: {token!r} ({error})")

    def play_line(self, game: PbnGame, line: int, tokens: list[str]) -> None:
        if self.play_done:
            self.problem(line, "cards after the end of the play section")
            return
        row: list[Card | None] = []
        for token in tokens:
            if token.startswith("$") or token in ("!", "?"):
                continue
            if _NOTE_REF_RE.match(token):
                continue
            word = token.rstrip("!?")
            if word == "*":
                self.play_done = True
                break
            if word == "-":
                row.append(None)
                continue
            try:
                row.append(parse_card(word))
            except ParseError:
                self.problem(line, f"not a card: {token!r}")
                row.append(None)
        if not row:
            return
        if len(row) > 4:
            self.problem(line, f"a trick has four cards, this line has {len(row)}")
            row = row[:4]
        game.tricks.append(row + [None] * (4 - len(row)))
        game.trick_lines.append(line)


def read_pbn(text: str, filename: str = "<pbn>") -> PbnFile:
    """Read every game of a PBN text, collecting problems instead of stopping."""
    return _Reader(filename).read(text)


def read_pbn_file(path: str | Path) -> PbnFile:
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        text = p.read_text(encoding="latin-1")  # older PBN files are often ISO-8859-1
    return read_pbn(text, str(path))


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
        notes: list[str] = []
        words: list[str] = []
        for index, call in enumerate(game.calls):
            word = "Pass" if call == PASS else call_name(call)
            if index in game.call_notes:
                notes.append(game.call_notes[index])
                word += f" ={len(notes)}="
            words.append(word)
        for start in range(0, len(words), 4):
            lines.append(" ".join(words[start : start + 4]))
        ended = _auction_complete(game.calls)
        if not ended:
            lines.append("*")
        lines.extend(f'[Note "{n}:{_quote(text)}"]' for n, text in enumerate(notes, start=1))
    if game.play_start is not None:
        lines.append(f'[Play "{game.play_start.letter}"]')
        for row in game.tricks:
            lines.append(" ".join("-" if c is None else card_name(c) for c in row))
        if len(game.tricks) < 13 or any(c is None for row in game.tricks for c in row):
            lines.append("*")
    for name, rows in game.tables.items():
        header = game.tags.get(name, "").replace('"', '\\"')  # "\\2R" stays as PBN prints it
        lines.append(f'[{name} "{header}"]')
        lines.extend(" ".join(_cell(c) for c in cells) for _, cells in rows)
    lines.extend("{" + text.replace("}", ")") + "}" for text in game.commentary)
    return "\n".join(lines) + "\n"


def _cell(text: str) -> str:
    if text and not any(ch.isspace() or ch == '"' for ch in text):
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
