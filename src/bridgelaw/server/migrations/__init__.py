"""Alembic migrations of the server database (run by ``db.open_database`` at start)."""
