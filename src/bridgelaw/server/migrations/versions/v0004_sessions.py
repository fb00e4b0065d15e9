"""Duplicate sessions: the session's spec, its append-only log, and which session a
table belongs to (``tables.session``: the tables a ``law``/``strict`` session makes for its
boards; their seats are the session's players).

Revision ID: 0004_sessions
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004_sessions"
down_revision = "0003_robots"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("spec", sa.Text, nullable=False),
    )
    op.create_table(
        "session_records",
        sa.Column("session_id", sa.String(32), sa.ForeignKey("sessions.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("who", sa.String(24), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("session", sa.String(32), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("session")
    op.drop_table("session_records")
    op.drop_table("sessions")
