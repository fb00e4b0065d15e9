"""The server's one module of database models (``server/models.py``) and its Alembic migrations
make the same schema, on SQLite and on PostgreSQL: comparing a database migrated to the newest
revision with the models finds no table, column, type, key or index missing or different (the
server reads and writes through the models; the migrations make the tables)."""

from __future__ import annotations

from typing import Any

from alembic import command
from alembic.autogenerate import compare_metadata
from alembic.config import Config
from alembic.migration import MigrationContext
from sqlalchemy import create_engine

from bridgelaw.server.db import MIGRATIONS, open_database
from bridgelaw.server.models import Base

TABLES = {
    "tables",
    "seat_tokens",
    "events",
    "director_calls",
    "call_answers",
    "board_results",
    "sessions",
    "session_records",
    "ruling_entries",
    "publications",
    "polls",
    "poll_peers",
    "appeal_rows",
    "table_leases",
    "explanations",
    "call_changes",
}


def differences(connection: Any) -> list[Any]:
    context = MigrationContext.configure(connection, opts={"compare_type": True})
    found: list[Any] = compare_metadata(context, Base.metadata)
    return found


def test_the_migrations_make_the_tables_of_the_models(database_url: str) -> None:
    assert set(Base.metadata.tables) == TABLES
    engine = open_database(database_url)
    try:
        with engine.connect() as connection:
            assert differences(connection) == []
    finally:
        engine.dispose()


def test_the_comparison_sees_a_schema_that_is_not_the_models(tmp_path: Any) -> None:
    engine = create_engine(f"sqlite:///{tmp_path / 'old.db'}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "0003_robots")  # before the sessions
        with engine.connect() as connection:
            found = differences(connection)
    finally:
        engine.dispose()
    added = {d[1].name for d in found if d[0] == "add_table"}
    assert added == {
        "sessions",
        "session_records",
        "ruling_entries",
        "publications",
        "polls",
        "poll_peers",
        "appeal_rows",
        "table_leases",
        "explanations",
        "call_changes",
    }
    assert any(d[0] == "add_column" and d[3].name == "session" for d in found), found
