"""Double-dummy tables and par as values, in JSON and in PBN.

A table holds the tricks each seat takes as declarer in each strain when all four hands are
seen and every card is played best (double dummy). The par is the score neither side could
better by bidding on, with every contract played double dummy and sacrifices doubled
(PBN 2.1's "optimum score").

**Par convention.** Two are common, and :class:`ParConvention` names them:

* ``dealer`` (the default, DDS's *DealerPar*, what Bridge Composer, JFR and Bridgewebs pages
  show): the auction starts with the dealer, so when both sides can make a contract at the same
  level, the side that gets to bid first takes it. One par score.
* ``sides`` (DDS's *SidesPar*): the dealer is ignored; the par is worked out once with North-South
  bidding first and once with East-West first. They differ only when the order matters; then the
  North-South-first par is the par and the other is given beside it (``ew_first``).

**Which contracts.** Every contract that scores the par is listed, each at the lowest level that
does: ``4SN+1`` is four spades by North making eleven tricks (it equals 5S made, so 5S is not
listed apart); a sacrifice is doubled and says how many it goes down (``5DXE-2``). Each declarer
who scores the par is listed on his own (``4SN``, ``4SS``). An empty list with par 0 means the
board is passed out (a par read back from a file without ``ParContract`` has no list either).

**In PBN** (PBN 2.1 section 5, and the tags Bridge Composer and DDS-based programs write):

* ``[DoubleDummyTricks "…"]``: twenty hexadecimal digits, declarers N, S, E, W, each with
  NT, S, H, D, C;
* ``[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]`` and twenty rows ``N NT 9``;
* ``[OptimumScore "NS 420"]``: the par, scored from North-South's side (``NS -620`` when East-West
  gain). Read back leniently: ``EW 620`` (East-West's own score) and Bridge Composer's
  ``NS 4S; +420`` (side, contract, then the score from North-South's side) are understood;
* ``[ParContract "4SN 4SS"]``: the par contracts as above (this project's words; a reader that
  does not know the tag skips it).

>>> t = DDTable.from_pbn_tricks("d8ddad8dda0500105001")
>>> t.tricks_for(Seat.NORTH, Strain.NOTRUMP), t.tricks_for(Seat.WEST, Strain.SPADES)
(13, 5)
>>> t.pbn_tricks()
'd8ddad8dda0500105001'
>>> parse_optimum_score("EW 620"), parse_optimum_score("NS 7N; +1520")
(-620, 1520)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from bridgelaw.calls import Contract
from bridgelaw.cards import Seat, Strain
from bridgelaw.errors import ParseError

__all__ = [
    "OPTIMUM_TABLE_HEADER",
    "BoardAnalysis",
    "DDTable",
    "Par",
    "ParContract",
    "ParConvention",
    "analysis_from_tags",
    "analysis_tags",
    "parse_optimum_score",
]

OPTIMUM_TABLE_HEADER = "Declarer;Denomination\\2R;Result\\2R"
_PBN_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_PBN_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_JSON_STRAINS = ("C", "D", "H", "S", "NT")


class ParConvention(Enum):
    """Who takes the par when the order of bidding matters (see the module's text)."""

    DEALER = "dealer"
    SIDES = "sides"


@dataclass(frozen=True, slots=True)
class DDTable:
    """Tricks by declarer: ``tricks[seat][strain]`` (seats N, E, S, W; strains C, D, H, S, NT)."""

    tricks: tuple[tuple[int, ...], ...]

    def tricks_for(self, declarer: Seat | int, strain: Strain | int) -> int:
        return self.tricks[declarer][strain]

    def to_json(self) -> dict[str, dict[str, int]]:
        """``{"N": {"NT": 9, "S": 8, "H": ..., "D": ..., "C": ...}, "E": ...}``."""
        return {
            seat.letter: {_JSON_STRAINS[s]: self.tricks[seat][s] for s in (4, 3, 2, 1, 0)}
            for seat in Seat
        }

    @classmethod
    def from_json(cls, data: dict[str, dict[str, int]]) -> DDTable:
        return cls(tuple(tuple(int(data[seat.letter][_JSON_STRAINS[s]]) for s in range(5))
                         for seat in Seat))  # fmt: skip

    def pbn_tricks(self) -> str:
        """The value of the ``DoubleDummyTricks`` tag."""
        return "".join(f"{self.tricks[seat][strain]:x}" for seat in _PBN_SEATS
                       for strain in _PBN_STRAINS)  # fmt: skip

    @classmethod
    def from_pbn_tricks(cls, text: str) -> DDTable:
        value = text.strip().lower()
        if not re.fullmatch(r"[0-9a-d]{20}", value):
            raise ParseError(f"DoubleDummyTricks must be 20 hexadecimal digits 0-d, not {text!r}")
        cells = [[0] * 5 for _ in range(4)]
        for i, digit in enumerate(value):
            cells[_PBN_SEATS[i // 5]][_PBN_STRAINS[i % 5]] = int(digit, 16)
        return cls(tuple(tuple(row) for row in cells))

    def optimum_rows(self) -> list[list[str]]:
        """The rows of the ``OptimumResultTable`` section, in Bridge Composer's order."""
        return [[seat.letter, _JSON_STRAINS[strain], str(self.tricks[seat][strain])]
                for seat in _PBN_SEATS for strain in _PBN_STRAINS]  # fmt: skip

    @classmethod
    def from_optimum_rows(cls, header: str, rows: Iterable[tuple[int, list[str]]]) -> DDTable:
        """The table from an ``OptimumResultTable`` section (its columns found by name)."""
        names = [part.split("\\")[0].strip().lower() for part in header.split(";")]
        try:
            columns = [names.index(n) for n in ("declarer", "denomination", "result")]
        except ValueError:
            raise ParseError(f"OptimumResultTable needs Declarer, Denomination and Result "
                             f"columns, not {header!r}") from None  # fmt: skip
        cells: dict[tuple[int, int], int] = {}
        for line, row in rows:
            try:
                seat, strain, result = (row[c] for c in columns)
                tricks = int(result)
                key = (Seat.parse(seat), Strain.parse(strain))
            except (IndexError, ValueError, ParseError):
                raise ParseError(f"line {line}: not a row of the OptimumResultTable: "
                                 f"{' '.join(row)!r}") from None  # fmt: skip
            if not 0 <= tricks <= 13:
                raise ParseError(f"line {line}: {tricks} tricks (0 to 13)")
            cells[key] = tricks
        missing = [f"{seat.letter} {_JSON_STRAINS[s]}" for seat in Seat for s in range(5)
                   if (seat, s) not in cells]  # fmt: skip
        if missing:
            raise ParseError(f"OptimumResultTable lacks {', '.join(missing)}")
        return cls(tuple(tuple(cells[(seat, s)] for s in range(5)) for seat in Seat))


@dataclass(frozen=True, slots=True)
class ParContract:
    """A par contract: its declarer, doubled if a sacrifice, and the tricks over (+) or
    under (-) the contract that it takes double dummy."""

    level: int
    strain: Strain
    declarer: Seat
    doubled: bool
    result: int

    def __str__(self) -> str:
        text = f"{self.level}{self.strain.symbol}{'X' if self.doubled else ''}"
        return text + self.declarer.letter + (f"{self.result:+d}" if self.result else "")

    @property
    def contract(self) -> Contract:
        return Contract(self.level, self.strain, 1 if self.doubled else 0)

    @property
    def tricks(self) -> int:
        return self.level + 6 + self.result

    @classmethod
    def parse(cls, text: str) -> ParContract:
        m = re.fullmatch(r"([1-7])(NT|[CDHS])(X?)([NESW])([+-][0-6])?", text.strip().upper())
        if m is None:
            raise ParseError(f"not a par contract: {text!r} (expected e.g. 4SN, 4SN+1, 5DXE-2)")
        return cls(int(m.group(1)), Strain.parse(m.group(2)), Seat.parse(m.group(4)),
                   bool(m.group(3)), int(m.group(5) or 0))  # fmt: skip


@dataclass(frozen=True, slots=True)
class Par:
    """The par: its score for North-South and the contracts that score it."""

    score: int
    contracts: tuple[ParContract, ...]
    ew_first: Par | None = None
    """Under the ``sides`` convention, the par with East-West bidding first when it differs."""

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"score": self.score, "contracts": [str(c) for c in self.contracts]}
        if self.ew_first is not None:
            data["ew_first"] = self.ew_first.to_json()
        return data

    def describe(self) -> str:
        """``NS +420: 4SN, 4SS`` -- for pages and the terminal."""
        who = "NS" if self.score >= 0 else "EW"
        if not self.contracts and self.score == 0:
            return "0: passed out"
        text = f"{who} {abs(self.score):+d}"  # a file read back may name no contract
        if self.contracts:
            text += ": " + ", ".join(str(c) for c in self.contracts)
        if self.ew_first is not None:
            text += f" (East-West first: {self.ew_first.describe()})"
        return text


@dataclass(frozen=True, slots=True)
class BoardAnalysis:
    """One board's double-dummy table and par."""

    board: int
    table: DDTable
    par: Par

    def to_json(self) -> dict[str, Any]:
        return {"board": self.board, "dd": self.table.to_json(), "par": self.par.to_json()}

    def tricks_against_dd(self, declarer: Seat, strain: Strain, tricks: int) -> int:
        """Tricks the declarer took over (+) or under (-) the double-dummy number."""
        return tricks - self.table.tricks_for(declarer, strain)

    def score_against_par(self, ns_score: int) -> int:
        """A North-South score less the par: what North-South gained (+) or lost (-)."""
        return ns_score - self.par.score


def parse_optimum_score(text: str) -> int:
    """The par for North-South from an ``OptimumScore`` value (see the module's text)."""
    value = text.strip()
    m = re.fullmatch(r"(NS|EW)\s+[^;]*;\s*([+-]?\d+)", value, re.I)
    if m is not None:  # Bridge Composer: "NS 4S; +420" -- the score is North-South's
        return int(m.group(2))
    m = re.fullmatch(r"(NS|EW)\s+([+-]?\d+)", value, re.I)
    if m is None:
        raise ParseError(f"not an OptimumScore: {text!r} (expected e.g. NS 420 or EW 620)")
    score = int(m.group(2))
    return score if m.group(1).upper() == "NS" else -score


ANALYSIS_TAGS = ("DoubleDummyTricks", "OptimumScore", "ParContract", "OptimumResultTable")


def analysis_tags(analysis: BoardAnalysis) -> tuple[dict[str, str], list[list[str]]]:
    """The tags to write for a board, and the rows of its ``OptimumResultTable``."""
    tags = {
        "DoubleDummyTricks": analysis.table.pbn_tricks(),
        "OptimumScore": f"NS {analysis.par.score}",
        "ParContract": " ".join(str(c) for c in analysis.par.contracts) or "Pass",
        "OptimumResultTable": OPTIMUM_TABLE_HEADER,
    }
    return tags, analysis.table.optimum_rows()


def analysis_from_tags(
    board: int,
    tags: dict[str, str],
    table_rows: list[tuple[int, list[str]]] | None,
    problem: Callable[[str], None],
) -> BoardAnalysis | None:
    """A board's analysis read back from its tags; ``None`` (and a problem told) if the file
    lacks a table or a par, or holds one that cannot be read."""
    try:
        if "DoubleDummyTricks" in tags:
            table = DDTable.from_pbn_tricks(tags["DoubleDummyTricks"])
            if table_rows is not None and "OptimumResultTable" in tags:
                other = DDTable.from_optimum_rows(tags["OptimumResultTable"], table_rows)
                if other != table:
                    raise ParseError("DoubleDummyTricks and OptimumResultTable disagree")
        elif table_rows is not None and "OptimumResultTable" in tags:
            table = DDTable.from_optimum_rows(tags["OptimumResultTable"], table_rows)
        else:
            problem("no DoubleDummyTricks or OptimumResultTable")
            return None
        if "OptimumScore" not in tags:
            problem("no OptimumScore")
            return None
        score = parse_optimum_score(tags["OptimumScore"])
        words = tags.get("ParContract", "").split()
        contracts = tuple(ParContract.parse(w) for w in words if w.lower() != "pass")
    except ParseError as error:
        problem(str(error))
        return None
    return BoardAnalysis(board, table, Par(score, contracts))
