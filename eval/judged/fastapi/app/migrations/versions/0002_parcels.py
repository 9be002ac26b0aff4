"""parcels

Revision ID: 0002
Revises: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"


def upgrade() -> None:
    op.create_table("parcels", sa.Column("id", sa.Uuid(), primary_key=True),
                    sa.Column("shipment_id", sa.Uuid(), sa.ForeignKey("shipments.id")),
                    sa.Column("weight_grams", sa.Integer()),
                    sa.Column("tracking_number", sa.String(), nullable=True),
                    sa.Column("label_url", sa.String(), nullable=True))


def downgrade() -> None:
    op.drop_table("parcels")
