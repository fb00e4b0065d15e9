"""The director's records: calls from the tables, their answers, the results he enters.

All three are appended only: a call is answered by a new answer row, a result is superseded by
a new entry naming it (``supersedes``, unique: each entry is superseded at most once).

Revision ID: 0002_director
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002_director"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "director_calls",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("reason", sa.String(200), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
        sa.Column("phase", sa.String(8), nullable=False),
        sa.Column("dummy", sa.Boolean, nullable=False),
    )
    op.create_index("ix_director_calls_table_id", "director_calls", ["table_id"])
    op.create_table(
        "call_answers",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "call_id",
            sa.Integer,
            sa.ForeignKey("director_calls.id"),
            nullable=False,
            unique=True,
        ),
        sa.Column("note", sa.String(200), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_table(
        "board_results",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("entry", sa.Text, nullable=False),
        sa.Column(
            "supersedes", sa.Integer, sa.ForeignKey("board_results.id"), nullable=True, unique=True
        ),
        sa.Column("note", sa.String(200), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_board_results_table_id", "board_results", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_board_results_table_id", "board_results")
    op.drop_table("board_results")
    op.drop_table("call_answers")
    op.drop_index("ix_director_calls_table_id", "director_calls")
    op.drop_table("director_calls")
