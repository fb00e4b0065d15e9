"""The server's schema on both databases: the Alembic migrations run on SQLite and on a real
PostgreSQL server (``pgserver``), bring an empty database to the newest revision, run again
harmlessly at the next start, and can be taken back down and up again."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import inspect, text

from bridgelaw.server.db import MIGRATIONS, open_database


def config_for() -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return config


def test_the_migrations_make_the_schema(database_url: str) -> None:
    head = ScriptDirectory.from_config(config_for()).get_current_head()
    engine = open_database(database_url)
    try:
        with engine.connect() as connection:
            version = connection.execute(text("SELECT version_num FROM alembic_version")).scalar()
            assert version == head
            schema = inspect(connection)
            assert {"tables", "seat_tokens", "events"} <= set(schema.get_table_names())
            columns = {c["name"] for c in schema.get_columns("events")}
            assert columns == {"table_id", "index", "text", "who", "time"}
            keys = schema.get_pk_constraint("events")["constrained_columns"]
            assert keys == ["table_id", "index"]  # one row per event: never two at one index
        engine.dispose()
        engine = open_database(database_url)  # a restart: nothing left to migrate
        config = config_for()
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.downgrade(config, "base")
        with engine.connect() as connection:
            assert not {"tables", "events"} & set(inspect(connection).get_table_names())
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, "head")
        with engine.connect() as connection:
            assert "events" in inspect(connection).get_table_names()
    finally:
        engine.dispose()
