"""The ruling record: one entry per call of the director, appended and never rewritten.

An entry holds where and when the director was called and by whom, the facts and statements
(agreed or disputed), the clauses applied in the ruling's edition (the engine's rulings for
mechanical law, the director's judgement for the rest), the options offered and the one chosen,
the score effect (:mod:`bridgelaw.director.effects`), any procedural (Law 90) or disciplinary
(Law 91) penalty, and who decided when. A later entry that changes a ruling names the one it
supersedes; the superseded entry stays as it was (the record is the history).

>>> from datetime import datetime, timezone
>>> at = datetime(2026, 11, 27, 20, 15, tzinfo=timezone.utc)
>>> record = Record("club-night")
>>> first = record.append(Entry(number=1, table=3, board=15, called_by="E", called_at=at,
...     decided_by="TD Kowalski", decided_at=at, edition=2017,
...     applied=(Applied("12C1a", "judgement"),), score=ScoreEffect.assigned(1460)))
>>> [e.number for e in record.current()]
[1]
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from typing import Literal

from bridgelaw.director.effects import ScoreEffect
from bridgelaw.director.judgement import Judgement
from bridgelaw.laws import CLAUSE_PATTERN

EDITIONS = (2017, 2007)
Source = Literal["engine", "judgement"]
PenaltyKind = Literal["procedural", "disciplinary"]
PenaltyUnit = Literal["percent", "matchpoints", "imps", "vp", "none"]


class RecordError(ValueError):
    """An entry the record cannot take: ``entry`` is its number, ``field`` what is wrong."""

    def __init__(self, entry: int, field: str, problem: str) -> None:
        super().__init__(f"entry {entry}, {field}: {problem}")
        self.entry = entry
        self.field = field
        self.problem = problem


@dataclass(frozen=True, slots=True)
class Statement:
    """A fact or a player's statement; ``agreed`` says whether the table agreed to it."""

    by: str
    text: str
    agreed: bool


@dataclass(frozen=True, slots=True)
class Applied:
    """A clause applied: by the engine (mechanical law) or by the director's judgement."""

    clause: str
    source: Source
    note: str = ""


@dataclass(frozen=True, slots=True)
class Option:
    """An option offered to a player (or the director's choice among outcomes)."""

    text: str
    offered_to: str
    chosen: bool


@dataclass(frozen=True, slots=True)
class Penalty:
    """A procedural penalty (Law 90) or a disciplinary one (Law 91)."""

    kind: PenaltyKind
    against: str
    amount: Fraction
    unit: PenaltyUnit
    reason: str

    @property
    def law(self) -> str:
        return "90" if self.kind == "procedural" else "91"


@dataclass(frozen=True, slots=True)
class Entry:
    """One ruling."""

    number: int
    table: int | None
    board: int | None
    called_by: str
    called_at: datetime
    decided_by: str
    decided_at: datetime
    edition: int
    applied: tuple[Applied, ...] = ()
    facts: tuple[Statement, ...] = ()
    options: tuple[Option, ...] = ()
    score: ScoreEffect | None = None
    judgement: Judgement | None = None
    penalties: tuple[Penalty, ...] = ()
    players: tuple[str, ...] = ()
    """The players concerned (by name or pair number), for the log's search."""
    round: int | None = None
    supersedes: int | None = None
    """The number of the entry this one replaces (an appeal's decision, a corrected ruling)."""
    reasoning: str = ""

    def clauses(self) -> tuple[str, ...]:
        """Every clause the ruling cites: those applied, the judgement's, the score's, the
        penalties', each once, in that order."""
        found = [a.clause for a in self.applied]
        if self.judgement is not None:
            found += self.judgement.clauses(self.edition)
        if self.score is not None:
            found += self.score.clauses(self.edition)
        found += [p.law for p in self.penalties]
        return tuple(dict.fromkeys(found))


def problems(entry: Entry) -> list[tuple[str, str]]:
    """What is wrong with one entry on its own, as (field, problem) pairs."""
    found: list[tuple[str, str]] = []
    if entry.edition not in EDITIONS:
        found.append(("edition", f"{entry.edition} is not one of {EDITIONS}"))
    if entry.number < 1:
        found.append(("number", f"{entry.number} is not a positive number"))
    for index, applied in enumerate(entry.applied):
        if CLAUSE_PATTERN.fullmatch(applied.clause) is None:
            found.append((f"applied[{index}].clause", f"{applied.clause!r} is no law number"))
    for name in ("called_at", "decided_at"):
        when: datetime = getattr(entry, name)
        if when.tzinfo is None:
            found.append((name, "a time without a time zone"))
    if not found and entry.decided_at < entry.called_at:
        found.append(("decided_at", "the ruling is dated before the call"))
    if entry.judgement is not None and entry.score is not None:
        adjusts = entry.judgement.adjusts()
        if not adjusts and entry.score.kind != "table":
            # 12B1: no adjustment without an infraction that damaged the other side
            found.append(("score", f"the {entry.judgement.kind} found gives no adjustment (12B1)"))
    if entry.board is not None and not 1 <= entry.board <= 10_000:
        found.append(("board", f"{entry.board} is no board number"))
    return found


class Record:
    """A session's rulings, in the order they were made; appended, never rewritten."""

    def __init__(self, session: str) -> None:
        self.session = session
        self._entries: list[Entry] = []
        self._successor: dict[int, int] = {}
        """Entry number -> the number of the entry superseding it (a lookup, not a scan: a
        casebook of many entries is read in linear time)."""

    def append(self, entry: Entry) -> Entry:
        """Add the next ruling; raise :class:`RecordError` if it is not a sound next entry."""
        found = problems(entry)
        expected = len(self._entries) + 1
        if entry.number != expected:
            found.append(("number", f"{entry.number}; the next entry is {expected}"))
        if entry.supersedes is not None:
            target = entry.supersedes
            if not 1 <= target < expected:
                found.append(("supersedes", f"no earlier entry {target}"))
            elif self.superseded_by(target) is not None:
                found.append(("supersedes", f"entry {target} is already superseded"))
            elif (self._entries[target - 1].table, self._entries[target - 1].board) != (
                entry.table,
                entry.board,
            ):
                found.append(("supersedes", f"entry {target} is on another table or board"))
        if found:
            field, problem = found[0]
            raise RecordError(entry.number, field, problem)
        self._entries.append(entry)
        if entry.supersedes is not None:
            self._successor[entry.supersedes] = entry.number
        return entry

    @property
    def entries(self) -> tuple[Entry, ...]:
        return tuple(self._entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(tuple(self._entries))

    def __len__(self) -> int:
        return len(self._entries)

    def entry(self, number: int) -> Entry:
        if not 1 <= number <= len(self._entries):
            raise KeyError(f"no entry {number} in {self.session}")
        return self._entries[number - 1]

    def superseded_by(self, number: int) -> Entry | None:
        later = self._successor.get(number)
        return None if later is None else self._entries[later - 1]

    def current(self) -> list[Entry]:
        """The rulings in force: every entry no later entry supersedes."""
        return [e for e in self._entries if e.number not in self._successor]

    def history(self, number: int) -> list[Entry]:
        """The entry and every entry that superseded it, in order."""
        chain = [self.entry(number)]
        while (later := self.superseded_by(chain[-1].number)) is not None:
            chain.append(later)
        return chain
