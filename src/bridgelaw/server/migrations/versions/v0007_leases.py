"""Table leases: which server process owns each table, until when (docs/deployment.md). One
row per table; the owner renews it, another process takes it over once it has expired.

Revision ID: 0007_leases
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007_leases"
down_revision = "0006_director_work"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "table_leases",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("owner", sa.String(80), nullable=False),
        sa.Column("address", sa.String(200), nullable=False),
        sa.Column("expires", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_table_leases_expires", "table_leases", ["expires"])


def downgrade() -> None:
    op.drop_index("ix_table_leases_expires", "table_leases")
    op.drop_table("table_leases")
