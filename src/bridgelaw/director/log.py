"""The director's log: the rulings of several sessions, searched by clause, table, player and
session.

A clause matches itself and every clause under it (``12C`` finds ``12C1c``, ``16B`` finds
``16B1a``), in the numbering of the ruling's edition. Superseded entries are found too, unless
``current_only`` is asked for, since the log is the history.

>>> from datetime import datetime, timezone
>>> at = datetime(2026, 11, 27, 20, 15, tzinfo=timezone.utc)
>>> night = Record("club-night")
>>> _ = night.append(Entry(number=1, table=3, board=15, called_by="E", called_at=at,
...     decided_by="TD", decided_at=at, edition=2017, players=("Nowak", "Lis"),
...     score=ScoreEffect.assigned(1460)))
>>> [(hit.session, hit.entry.number) for hit in Log([night]).search(clause="12C", player="lis")]
[('club-night', 1)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bridgelaw.director.effects import ScoreEffect  # noqa: F401  (the doctest's)
from bridgelaw.director.record import Entry, Record


@dataclass(frozen=True, slots=True)
class Hit:
    session: str
    entry: Entry


def _people(entry: Entry) -> set[str]:
    named = {entry.called_by, *entry.players, *(s.by for s in entry.facts)}
    named |= {p.against for p in entry.penalties} | {o.offered_to for o in entry.options}
    return {name.casefold() for name in named if name}


def _cites(entry: Entry, clause: str) -> bool:
    # a clause's number is a prefix of the numbers under it (12C of 12C1c), but 1 is not of 12
    want = clause.strip().upper()
    for cited in entry.clauses():
        upper = cited.upper()
        if upper == want or (upper.startswith(want) and not upper[len(want)].isdigit()):
            return True
        if want[-1:].isalpha() and upper.startswith(want):
            return True
    return False


class Log:
    """The records of many sessions, in the order given."""

    def __init__(self, records: Iterable[Record]) -> None:
        self.records = tuple(records)

    def search(
        self,
        clause: str | None = None,
        table: int | None = None,
        player: str | None = None,
        session: str | None = None,
        current_only: bool = False,
    ) -> list[Hit]:
        """Every entry matching all the criteria given (none given: every entry)."""
        found = []
        for record in self.records:
            if session is not None and record.session != session:
                continue
            entries = record.current() if current_only else list(record)
            for entry in entries:
                if table is not None and entry.table != table:
                    continue
                if player is not None and player.casefold() not in _people(entry):
                    continue
                if clause is not None and not _cites(entry, clause):
                    continue
                found.append(Hit(record.session, entry))
        return found
