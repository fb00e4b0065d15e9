"""The session's log: one record for each thing that happened, appended, never rewritten.

The session's state (:mod:`.state`) is what replaying these records gives, as a table's state is
what replaying its events gives. A correction is a new result that names the one it supersedes
(Law 79C); a move is a record of its own (Law 8); nothing is deleted.

Each record is a small frozen dataclass with a ``kind`` and its JSON form, so that it is stored as
one row (kind, JSON, who, time) and read back exactly.
"""

from __future__ import annotations

import datetime
from dataclasses import asdict, dataclass, field, fields
from typing import Any, ClassVar


@dataclass(frozen=True)
class Record:
    """What every record has: when it happened and who did it (``director``, ``table 3``,
    ``player 5:1``, ``play`` for the server when a board played on the table pages ends)."""

    kind: ClassVar[str] = ""
    time: datetime.datetime
    by: str

    def as_json(self) -> dict[str, Any]:
        data = asdict(self)
        data.pop("time")
        data.pop("by")
        return data


@dataclass(frozen=True)
class Created(Record):
    """The session was made: the hash of each token and whose it is (``table:3``,
    ``player:5:1``). Tokens themselves are never stored."""

    kind: ClassVar[str] = "created"
    tokens: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Entered(Record):
    """A result of one board at one table in one round (79A), in a form of ``event-results.md``.

    ``supersedes`` names the result it corrects (79C); ``accepted``: it counts at once (the
    director's, or the table engine's at the end of play); a table's waits for the other
    side's acceptance (:class:`Accepted`). ``late``: entered after its round ended (Law 8B2).
    ``after_period``: a correction after the correction period, with the organiser's agreement
    (79C2)."""

    kind: ClassVar[str] = "entered"
    result: int = 0
    round: int = 0
    table: int = 0
    board: int = 0
    entry: dict[str, Any] = field(default_factory=dict)
    supersedes: int | None = None
    accepted: bool = False
    late: bool = False
    after_period: bool = False
    note: str = ""


@dataclass(frozen=True)
class Accepted(Record):
    """The other side agreed the result (79A)."""

    kind: ClassVar[str] = "accepted"
    result: int = 0


@dataclass(frozen=True)
class Disputed(Record):
    """The other side does not agree the result: the director is called (79B)."""

    kind: ClassVar[str] = "disputed"
    result: int = 0
    reason: str = ""


@dataclass(frozen=True)
class RoundStarted(Record):
    """The director started round ``round`` (Law 8A1; the session's first round at its start),
    or ended the session (``round`` None, Law 8C). Boards of the round before that have no
    result are deferred (Law 8B2): they may still be played and entered."""

    kind: ClassVar[str] = "round"
    round: int | None = None
    previous: int | None = None


@dataclass(frozen=True)
class DirectorCall(Record):
    """A table called the director (Law 9B)."""

    kind: ClassVar[str] = "call"
    call: int = 0
    table: int = 0
    board: int | None = None
    reason: str = ""


@dataclass(frozen=True)
class CallAnswered(Record):
    kind: ClassVar[str] = "answered"
    call: int = 0
    note: str = ""


@dataclass(frozen=True)
class PlayerChanged(Record):
    """A substitute (Law 4: with the director's permission) or a robot takes a player's seat
    from now on; ``token`` is the hash of the new player's token."""

    kind: ClassVar[str] = "player"
    pair: str = ""
    number: int = 0
    name: str = ""
    robot: bool = False
    token: str = ""


@dataclass(frozen=True)
class TablesMade(Record):
    """The table pages of a round (``law``/``strict`` sessions): ``tables["3"]["5"]`` is the id
    of the server table where table 3 plays board 5 in that round."""

    kind: ClassVar[str] = "tables"
    round: int = 0
    tables: dict[str, dict[str, str]] = field(default_factory=dict)


KINDS: dict[str, type[Record]] = {
    cls.kind: cls
    for cls in (
        Created,
        Entered,
        Accepted,
        Disputed,
        RoundStarted,
        DirectorCall,
        CallAnswered,
        PlayerChanged,
        TablesMade,
    )
}


def record_from(kind: str, data: dict[str, Any], time: datetime.datetime, by: str) -> Record:
    """A stored row back as its record (the fields it knows; a field added later defaults)."""
    cls = KINDS[kind]
    known = {f.name for f in fields(cls)} - {"time", "by"}
    return cls(time=time, by=by, **{k: v for k, v in data.items() if k in known})
