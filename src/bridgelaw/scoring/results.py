"""One table's result on one board, in the forms Law 12 allows, ready for Law 78 scoring.

Every result is held *per side*, because Law 12C1b lets the Director give each side a different
score. A side's result is one of:

* :class:`Points` -- a score in points for North-South, possibly weighted over several outcomes
  (Law 12C1c). A table result (Law 77) or an assigned score (12C1) is one outcome of weight 1;
* :class:`Artificial` -- an artificial adjusted score (Law 12C2): average-plus, average,
  average-minus, an explicit percentage, or "not played" (the board is not scored for that side).

>>> table = Points.single(420)
>>> table.expected, Points.weighted([(620, Fraction(2, 3)), (-100, Fraction(1, 3))]).expected
(Fraction(420, 1), Fraction(380, 1))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from bridgelaw.boards import board_vulnerability
from bridgelaw.calls import Contract
from bridgelaw.cards import Seat
from bridgelaw.scoring.law77 import contract_score

ArtificialKind = Literal["A+", "A", "A-", "%", "NP"]

#: Law 12C2a: the percentages of the three artificial scores in pairs, before 12C2c.
ARTIFICIAL_PERCENT: dict[str, Fraction] = {
    "A+": Fraction(60),
    "A": Fraction(50),
    "A-": Fraction(40),
}

#: Law 12C2b: the same three scores in IMPs.
ARTIFICIAL_IMPS: dict[str, Fraction] = {"A+": Fraction(3), "A": Fraction(0), "A-": Fraction(-3)}


@dataclass(frozen=True, slots=True)
class Artificial:
    """Law 12C2: an artificial adjusted score for one side, when no result could be obtained."""

    kind: ArtificialKind
    percent: Fraction | None = None
    """Only for ``kind == "%"``: the percentage the Director gave."""

    @property
    def label(self) -> str:
        if self.kind == "%":
            assert self.percent is not None
            return f"{float(self.percent):g}%"
        return self.kind

    def imps(self) -> Fraction:
        """Law 12C2b in IMPs: +3, 0, -3; an explicit percentage p maps to (p - 50) * 3/10."""
        if self.kind == "%":
            assert self.percent is not None
            return (self.percent - 50) * Fraction(3, 10)
        return ARTIFICIAL_IMPS.get(self.kind, Fraction(0))


@dataclass(frozen=True, slots=True)
class Points:
    """A side's score in points for North-South: weighted outcomes whose weights sum to 1."""

    components: tuple[tuple[int, Fraction], ...]

    @classmethod
    def single(cls, ns_points: int) -> Points:
        return cls(((ns_points, Fraction(1)),))

    @classmethod
    def weighted(cls, parts: Iterable[tuple[int, Fraction]]) -> Points:
        components = tuple(parts)
        total = sum((w for _, w in components), Fraction(0))
        if total != 1:
            raise ValueError(f"the weights sum to {total}, not 1 (Law 12C1c)")
        return cls(components)

    @property
    def expected(self) -> Fraction:
        """The weighted mean score: what a datum or total points counts for this side."""
        return sum((s * w for s, w in self.components), Fraction(0))

    @property
    def is_weighted(self) -> bool:
        return len(self.components) > 1


SideResult = Points | Artificial


@dataclass(frozen=True, slots=True)
class Played:
    """What was played at the table, for travellers and exports (not needed for scoring)."""

    contract: Contract
    declarer: Seat | None
    tricks: int | None
    lead: str | None = None

    def text(self) -> str:
        if self.contract.is_passed_out or self.declarer is None or self.tricks is None:
            return "passed out"
        diff = self.tricks - self.contract.tricks_needed
        made = "=" if diff == 0 else f"{diff:+d}"
        return f"{self.contract} {self.declarer.letter} {made}"


def table_points(board: int, contract: Contract, declarer: Seat | None, tricks: int | None) -> int:
    """Points for North-South of a table result: Law 77 with the vulnerability of Law 2."""
    if contract.is_passed_out or declarer is None or tricks is None:
        return 0  # Law 22B: passed out, no score
    vulnerable = board_vulnerability(board).is_vulnerable(declarer.side)
    score = contract_score(contract, tricks, vulnerable)
    return score if declarer.side == 0 else -score


@dataclass(slots=True)
class ResultLine:
    """One table's result on one board: who sat where and each side's result.

    Treated as a value and never changed once read (use :func:`dataclasses.replace`); it is not
    a frozen dataclass only because a frozen one takes five times as long to build, and a
    session's file can hold a million of them.
    """

    board: int
    ns: str
    ew: str
    ns_side: SideResult
    ew_side: SideResult
    line: int = 0
    """Where the result was read (a line number), for messages."""
    played: Played | None = None
    ns_played: Played | None = None
    ew_played: Played | None = None
    """For a split score: what each side's assigned result was (Law 12C1b)."""
    round: int | None = None
    table: int | None = None
    room: str | None = None
    match: str | None = None

    @property
    def is_split(self) -> bool:
        return self.ns_side != self.ew_side

    def side(self, direction: int) -> SideResult:
        return self.ew_side if direction else self.ns_side

    def pair(self, direction: int) -> str:
        return self.ew if direction else self.ns

    def describe(self) -> str:
        """A short text for travellers: the contract played, or the adjustment given."""
        if isinstance(self.ns_side, Artificial) and isinstance(self.ew_side, Artificial):
            return f"{_side_text(self.ns_side, None)}/{_side_text(self.ew_side, None)}"
        if self.is_split:
            return (
                f"split: NS {_side_text(self.ns_side, self.ns_played)}, "
                f"EW {_side_text(self.ew_side, self.ew_played)}"
            )
        return _side_text(self.ns_side, self.played)


def _side_text(side: SideResult, played: Played | None) -> str:
    if isinstance(side, Artificial):
        return "not played" if side.kind == "NP" else side.label
    if side.is_weighted:
        parts = ", ".join(f"{w} of {s:+d}" for s, w in side.components)
        return f"weighted: {parts}"
    if played is not None:
        return played.text()
    return f"assigned {side.components[0][0]:+d}"
