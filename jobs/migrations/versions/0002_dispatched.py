"""items.dispatched_at: when the item's message went onto the Redis queue

With a queue, the API writes the items first (the truth) and then hands their messages to the
broker; a restart between the two finds the items never handed over by this column.

Revision ID: 0002
"""

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("items") as batch:
        batch.add_column(sa.Column("dispatched_at", sa.Float))


def downgrade() -> None:
    with op.batch_alter_table("items") as batch:
        batch.drop_column("dispatched_at")
