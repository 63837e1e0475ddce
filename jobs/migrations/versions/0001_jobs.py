"""jobs and items

Revision ID: 0001
"""

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "jobs",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("total", sa.Integer, nullable=False),
        sa.Column("options", sa.Text, nullable=False),
        sa.Column("callback_url", sa.Text),
        sa.Column("callback_state", sa.String(16)),
        sa.Column("callback_attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("updated_at", sa.Float, nullable=False),
        sa.Column("started_at", sa.Float),
        sa.Column("finished_at", sa.Float),
    )
    op.create_index("ix_jobs_owner", "jobs", ["owner"])
    op.create_table(
        "items",
        sa.Column(
            "job_id", sa.String(40), sa.ForeignKey("jobs.id", ondelete="CASCADE"), primary_key=True
        ),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("item_id", sa.String(200), nullable=False),
        sa.Column("claim", sa.Text, nullable=False),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("attempts", sa.Integer, nullable=False, server_default="0"),
        sa.Column("verdict", sa.String(40)),
        sa.Column("result", sa.Text),
        sa.Column("error", sa.Text),
        sa.Column("updated_at", sa.Float, nullable=False),
    )
    op.create_index("ix_items_job_item", "items", ["job_id", "item_id"], unique=True)
    op.create_index("ix_items_status", "items", ["status", "job_id", "seq"])


def downgrade() -> None:
    op.drop_table("items")
    op.drop_table("jobs")
