"""What is said at a table beside its events: alerts' explanations, questions and answers
(Law 20F), and the requests to change a call made by mistake with the director's decisions
(Law 25A). Appended only.

Revision ID: 0008_explanations
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008_explanations"
down_revision = "0007_leases"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "explanations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.String(1), nullable=False),
        sa.Column("call", sa.Integer, nullable=False),
        sa.Column("caller", sa.String(1), nullable=False),
        sa.Column("question", sa.Integer, sa.ForeignKey("explanations.id"), nullable=True),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_explanations_table_id", "explanations", ["table_id"])
    op.create_table(
        "call_changes",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), nullable=False),
        sa.Column("kind", sa.String(8), nullable=False),
        sa.Column("seat", sa.String(8), nullable=False),
        sa.Column("call", sa.Integer, nullable=False),
        sa.Column("request", sa.Integer, sa.ForeignKey("call_changes.id"), nullable=True),
        sa.Column("text", sa.String(200), nullable=False),
        sa.Column("time", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_call_changes_table_id", "call_changes", ["table_id"])


def downgrade() -> None:
    op.drop_index("ix_call_changes_table_id", "call_changes")
    op.drop_table("call_changes")
    op.drop_index("ix_explanations_table_id", "explanations")
    op.drop_table("explanations")
