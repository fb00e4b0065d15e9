"""The seats robots take at a table: ``tables.robots``, e.g. ``ESW``.

Revision ID: 0003_robots
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003_robots"
down_revision = "0002_director"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("robots", sa.String(4), nullable=False, server_default=""))


def downgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("robots")
