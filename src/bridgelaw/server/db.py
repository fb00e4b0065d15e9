"""The database: connecting to it, its schema brought to the newest migration at start.

The tables are in :mod:`bridgelaw.server.models`; the schema is made by the Alembic migrations in
``migrations/``, run by :func:`open_database`. Tokens are stored only as their hash
(:func:`token_hash`), and times in UTC (:func:`now`).
"""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime
from pathlib import Path

from sqlalchemy import create_engine, event
from sqlalchemy.engine import Engine

MIGRATIONS = Path(__file__).parent / "migrations"


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def now() -> datetime:
    return datetime.now(UTC)


def stamp(time: datetime) -> str:
    """ISO 8601 in UTC (SQLite gives back times without their zone: they were stored in UTC)."""
    if time.tzinfo is None:
        time = time.replace(tzinfo=UTC)
    return time.astimezone(UTC).isoformat(timespec="seconds").replace("+00:00", "Z")


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
