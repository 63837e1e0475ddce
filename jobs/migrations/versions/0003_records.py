"""records, snapshots and reviews: every answer kept with the text it read (issue 40)

Revision ID: 0003
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "records",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("created_at", sa.Float, nullable=False),
        sa.Column("claim", sa.Text, nullable=False),
        sa.Column("verdict", sa.String(40)),
        sa.Column("answer", sa.Text, nullable=False),
        sa.Column("record", sa.Text, nullable=False),
    )
    op.create_index("ix_records_owner_created", "records", ["owner", "created_at", "id"])
    op.create_index("ix_records_created", "records", ["created_at"])
    op.create_table(
        "snapshots",
        sa.Column(
            "record_id",
            sa.String(40),
            sa.ForeignKey("records.id", ondelete="CASCADE"),
            primary_key=True,
        ),
        sa.Column("n", sa.Integer, primary_key=True),
        sa.Column("evidence_id", sa.String(80), nullable=False),
        sa.Column("source", sa.Text, nullable=False),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("sha256", sa.String(64), nullable=False),
        sa.Column("fetched_at", sa.String(40)),
        sa.Column("archive_url", sa.Text),
        sa.Column("archive_state", sa.String(16)),
        sa.Column("archive_note", sa.Text),
    )
    op.create_table(
        "reviews",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("record_id", sa.String(40), nullable=False),
        sa.Column("owner", sa.String(64), nullable=False),
        sa.Column("reviewer", sa.String(64), nullable=False),
        sa.Column("claim", sa.Text, nullable=False),
        sa.Column("verdict", sa.String(40), nullable=False),
        sa.Column("note", sa.Text, nullable=False),
        sa.Column("machine_verdict", sa.String(40)),
        sa.Column("url", sa.Text, nullable=False),
        sa.Column("kb_id", sa.String(80)),
        sa.Column("created_at", sa.Float, nullable=False),
    )
    op.create_index("ix_reviews_record_id", "reviews", ["record_id"])
    op.create_index("ix_reviews_owner_created", "reviews", ["owner", "created_at", "id"])


def downgrade() -> None:
    op.drop_table("reviews")
    op.drop_table("snapshots")
    op.drop_table("records")
