"""Alembic's environment: migrations run on the connection the server hands over."""

from __future__ import annotations

from typing import Any

from alembic import context

from bridgelaw.server.models import Base


def run(config: Any) -> None:
    context.configure(connection=config.attributes["connection"], target_metadata=Base.metadata)
    with context.begin_transaction():
        context.run_migrations()


_config: Any
try:
    _config = context.config
except AttributeError:  # imported outside Alembic (the doctest collection): nothing to run
    _config = None
if _config is not None:
    run(_config)
