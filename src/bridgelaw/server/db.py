"""The database: tables, seat tokens (hashed) and events, appended only (SQLAlchemy 2).

The events of a table are its whole truth: the state is rebuilt by replaying them through the
engine. An event is stored in its own transaction before it is acknowledged (issue 14, item 2).
The schema is made by the Alembic migrations in ``migrations/``, run at start.
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import DateTime, ForeignKey, Integer, String, create_engine, event
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

MIGRATIONS = Path(__file__).parent / "migrations"
DEFAULT_URL = "sqlite:///bridgelaw.db"
"""An SQLite file in the working folder: nothing to install."""


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


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


def open_database(url: str) -> Engine:
    """Connect to ``url`` and bring its schema to the newest migration."""
    from alembic import command
    from alembic.config import Config

    engine = create_engine(url)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")
    return engine


def _sqlite_pragmas(connection: object, _record: object) -> None:
    # a commit is on disk when it returns (synchronous FULL), and readers do not block it
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()
