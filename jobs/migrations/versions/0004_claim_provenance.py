"""items.claimant, items.appearance: who made the claim and where it appeared (issue 37)

Optional per item; the ClaimReview export fills itemReviewed.author and itemReviewed.appearance
from them.

Revision ID: 0004
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("items") as batch:
        batch.add_column(sa.Column("claimant", sa.Text))
        batch.add_column(sa.Column("appearance", sa.Text))


def downgrade() -> None:
    with op.batch_alter_table("items") as batch:
        batch.drop_column("appearance")
        batch.drop_column("claimant")
