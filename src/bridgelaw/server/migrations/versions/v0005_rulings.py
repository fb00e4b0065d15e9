"""The ruling record: one row per entry of :mod:`bridgelaw.director.record` (a call answered,
a result entered by Law 12C, a disputed claim ruled by Law 70), numbered within its record
(the session, or the table that belongs to none).

Revision ID: 0005_rulings
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005_rulings"
down_revision = "0004_sessions"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "ruling_entries",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("record", sa.String(40), nullable=False),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("entry", sa.Text, nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("record", "number"),
    )
    op.create_index("ix_ruling_entries_record", "ruling_entries", ["record"])
    op.create_index("ix_ruling_entries_table_id", "ruling_entries", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_ruling_entries_table_id", "ruling_entries")
    op.drop_index("ix_ruling_entries_record", "ruling_entries")
    op.drop_table("ruling_entries")
