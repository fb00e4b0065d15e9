"""The director's work after the rulings: the publication of a record's results (79C and 92B
count from it), polls of peers (16B1b) with each peer's hashed token and answer, and appeals
(92-93), each lodging and each decision one row appended.

Revision ID: 0006_director_work
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006_director_work"
down_revision = "0005_rulings"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "publications",
        sa.Column("record", sa.String(40), primary_key=True),
        sa.Column("published", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "polls",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("record", sa.String(40), nullable=False, index=True),
        sa.Column("entry", sa.Integer, nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("question", sa.Text, nullable=False),
        sa.Column("threshold", sa.String(16), nullable=False),
        sa.Column("created", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "poll_peers",
        sa.Column("poll_id", sa.Integer, sa.ForeignKey("polls.id"), primary_key=True),
        sa.Column("peer", sa.String(40), primary_key=True),
        sa.Column("token_hash", sa.String(64), nullable=False, unique=True),
        sa.Column("answer", sa.Text, nullable=True),
        sa.Column("answered", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_table(
        "appeal_rows",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("record", sa.String(40), nullable=False, index=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("data", sa.Text, nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint("record", "number", "kind"),
    )


def downgrade() -> None:
    op.drop_table("appeal_rows")
    op.drop_table("poll_peers")
    op.drop_table("polls")
    op.drop_table("publications")
