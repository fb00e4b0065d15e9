"""The database's tables, every one (SQLAlchemy 2 models): what the server stores, appended only.

* A table of ``table-api.md``: :class:`TableRow`, its seats' tokens (:class:`SeatToken`, hashed)
  and its events (:class:`EventRow`): the events are the table's whole truth, its state is
  rebuilt by replaying them through the engine.
* The director's records of a table: the calls from its seats (:class:`DirectorCall`), their
  answers (:class:`CallAnswer`) and the results he enters (:class:`ResultEntry`, a later one
  superseding the one in force by naming it).
* The ruling record (:class:`RulingRow`): one entry of :mod:`bridgelaw.director.record` per
  call answered or ruling made at the console, in the casebook's JSON (migration 0005).
* The director's work after the rulings (migration 0006, ``server/director_work.py``): when a
  record's results were published (:class:`PublicationRow`), polls of peers (:class:`PollRow`)
  with each peer asked and his answer (:class:`PollPeerRow`), and appeals lodged and decided
  (:class:`AppealRow`).
* What is said at a table beside its events (migration 0008): alerts' explanations, questions
  and answers (:class:`ExplanationRow`, ``server/explanations.py``) and the requests to change
  a mistaken call with the director's decisions (:class:`CallChangeRow`,
  ``server/call_changes.py``).
* A duplicate session: its spec (:class:`SessionRow`) and its log (:class:`SessionRecordRow`, one
  row per record of :mod:`bridgelaw.duplicate.records`).
* With several server processes on one PostgreSQL: the process that owns a table
  (:class:`TableLease`, migration 0007, ``server/cluster.py``).

Nothing is changed once stored but a lease (a lock, not a record). The schema is made by the
Alembic migrations in ``migrations/`` (:func:`bridgelaw.server.db.open_database` runs them at
start); ``tests/server/test_server_models.py`` checks that they make these tables.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Boolean, DateTime, ForeignKey, Integer, String, Text, UniqueConstraint
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    board: Mapped[int] = mapped_column(Integer)
    deal: Mapped[str] = mapped_column(String(80))
    edition: Mapped[int] = mapped_column(Integer)
    mode: Mapped[str] = mapped_column(String(8))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    robots: Mapped[str] = mapped_column(String(4), default="")
    """The seats the sample players take (``ESW``), in N, E, S, W order (migration 0003)."""
    session: Mapped[str | None] = mapped_column(String(32), nullable=True, default=None)
    """The duplicate session whose board this table plays, if any (migration 0004)."""


class SeatToken(Base):
    """A seat's token, stored as its SHA-256: a copy of the database gives no seat away."""

    __tablename__ = "seat_tokens"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    seat: Mapped[str] = mapped_column(String(1), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)


class EventRow(Base):
    """One accepted event of a table, as the engine reads it (``N 1NT``); never changed."""

    __tablename__ = "events"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(String(200))
    who: Mapped[str] = mapped_column(String(8))
    """The role that sent it: a seat letter or ``director``."""
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# -- the director's records ------------------------------------------------------------------------


class DirectorCall(Base):
    """A seat called the director (Law 9B); never changed."""

    __tablename__ = "director_calls"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    seat: Mapped[str] = mapped_column(String(1))
    reason: Mapped[str] = mapped_column(String(200))
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    phase: Mapped[str] = mapped_column(String(8))
    """The table's phase when the call was made."""
    dummy: Mapped[bool] = mapped_column(Boolean)
    """The caller was dummy during the play: he may not draw attention to an irregularity
    then (9A4), only summon the director once another player has (9B1b)."""


class CallAnswer(Base):
    """The director answered a call: one record per call, appended."""

    __tablename__ = "call_answers"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    call_id: Mapped[int] = mapped_column(ForeignKey("director_calls.id"), unique=True)
    note: Mapped[str] = mapped_column(String(200))
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ResultEntry(Base):
    """A result of the board entered by the director; a later one supersedes it by id."""

    __tablename__ = "board_results"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    entry: Mapped[str] = mapped_column(Text)
    """The result as JSON, in the form of ``event-results.md`` (without board and pairs)."""
    supersedes: Mapped[int | None] = mapped_column(ForeignKey("board_results.id"), unique=True)
    note: Mapped[str] = mapped_column(String(200))
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RulingRow(Base):
    """One entry of the ruling record (Law 81C: the director records his rulings), stored as
    :func:`bridgelaw.director.casebook.entry_json` writes it; never changed. Entries are
    numbered within their ``record``: the table's session, or the table itself when it belongs
    to none; a later entry that changes a ruling names it in its ``supersedes``."""

    __tablename__ = "ruling_entries"
    __table_args__ = (UniqueConstraint("record", "number"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    record: Mapped[str] = mapped_column(String(40), index=True)
    number: Mapped[int] = mapped_column(Integer)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    kind: Mapped[str] = mapped_column(String(16))
    """What made it: ``call`` (an answer to a call), ``result`` (a 12C form), ``claim`` (70)."""
    entry: Mapped[str] = mapped_column(Text)
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PublicationRow(Base):
    """When a record's results were published: the 79C and 92B periods count from it."""

    __tablename__ = "publications"
    record: Mapped[str] = mapped_column(String(40), primary_key=True)
    published: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PollRow(Base):
    """A poll of peers (16B1b) on a ruling of the record: the question as JSON (what the peers
    see), the threshold as a fraction."""

    __tablename__ = "polls"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    record: Mapped[str] = mapped_column(String(40), index=True)
    entry: Mapped[int] = mapped_column(Integer)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    question: Mapped[str] = mapped_column(Text)
    threshold: Mapped[str] = mapped_column(String(16))
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class PollPeerRow(Base):
    """A peer asked, his token hashed, and his answer once given (never changed)."""

    __tablename__ = "poll_peers"
    poll_id: Mapped[int] = mapped_column(ForeignKey("polls.id"), primary_key=True)
    peer: Mapped[str] = mapped_column(String(40), primary_key=True)
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    answer: Mapped[str | None] = mapped_column(Text, nullable=True, default=None)
    answered: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class AppealRow(Base):
    """An appeal lodged (``kind`` ``lodged``) or decided (``decided``), numbered within its
    record, as :mod:`bridgelaw.director.appeals_json` writes it; appended, never changed."""

    __tablename__ = "appeal_rows"
    __table_args__ = (UniqueConstraint("record", "number", "kind"),)
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    record: Mapped[str] = mapped_column(String(40), index=True)
    number: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"))
    data: Mapped[str] = mapped_column(Text)
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ExplanationRow(Base):
    """An alert's explanation, a question about a call or its answer (Law 20F), as given at
    the table; never changed (migration 0008, ``server/explanations.py``): the facts of a
    Law 21 ruling later."""

    __tablename__ = "explanations"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``explain`` (the caller's own explanation), ``question`` or ``answer``."""
    seat: Mapped[str] = mapped_column(String(1))
    """Who gave it."""
    call: Mapped[int] = mapped_column(Integer)
    """The event that made the call it is about."""
    caller: Mapped[str] = mapped_column(String(1))
    """Who made that call: his partner never sees the record."""
    question: Mapped[int | None] = mapped_column(ForeignKey("explanations.id"), nullable=True)
    """For an answer: the question it answers."""
    text: Mapped[str] = mapped_column(String(200))
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class CallChangeRow(Base):
    """A player's request to change a call he made by mistake (Law 25A), at a ``strict``
    table, and the director's decision on it (a second row naming the first); never changed
    (migration 0008, ``server/call_changes.py``)."""

    __tablename__ = "call_changes"
    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), index=True)
    kind: Mapped[str] = mapped_column(String(8))
    """``request``, ``allow`` or ``refuse``."""
    seat: Mapped[str] = mapped_column(String(8))
    """The player who asks; for a decision, ``director``."""
    call: Mapped[int] = mapped_column(Integer)
    """The event that made the call to be changed."""
    request: Mapped[int | None] = mapped_column(ForeignKey("call_changes.id"), nullable=True)
    """For a decision: the request it decides."""
    text: Mapped[str] = mapped_column(String(200))
    """For a request: the intended call; for a decision: the director's note."""
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# -- duplicate sessions ---------------------------------------------------------------------------


class SessionRow(Base):
    __tablename__ = "sessions"
    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    name: Mapped[str] = mapped_column(String(100))
    spec: Mapped[str] = mapped_column(Text)
    """The spec as :meth:`SessionSpec.as_json` writes it (the boards' deals included)."""


class SessionRecordRow(Base):
    """One record of a session's log; never changed."""

    __tablename__ = "session_records"
    session_id: Mapped[str] = mapped_column(ForeignKey("sessions.id"), primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    data: Mapped[str] = mapped_column(Text)
    who: Mapped[str] = mapped_column(String(24))
    time: Mapped[datetime] = mapped_column(DateTime(timezone=True))


# -- several server processes on one PostgreSQL (server/cluster.py) --------------------------------


class TableLease(Base):
    """The process that owns a table (accepts its events) until ``expires``; the owner renews
    it, another process takes it over once expired (migration 0007, docs/deployment.md). The
    one row of this module that is changed in place: a lease is a lock, not a record."""

    __tablename__ = "table_leases"
    table_id: Mapped[str] = mapped_column(ForeignKey("tables.id"), primary_key=True)
    owner: Mapped[str] = mapped_column(String(80))
    address: Mapped[str] = mapped_column(String(200))
    """Where the owner answers (``http://host:port``): a client sent elsewhere goes there."""
    expires: Mapped[datetime] = mapped_column(DateTime(timezone=True), index=True)
