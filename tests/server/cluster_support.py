"""What the tests of several processes share: a fresh database on the session's PostgreSQL."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import psycopg
from sqlalchemy.engine import make_url


def fresh_database(server_url: str) -> Iterator[str]:
    """A new database on the PostgreSQL at ``server_url``, dropped afterwards (a generator for
    a fixture to yield from)."""
    base = make_url(server_url)
    name = f"c_{secrets.token_hex(6)}"
    admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    yield base.set(database=name).render_as_string(hide_password=False)
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f"DROP DATABASE {name} WITH (FORCE)")
