"""initial

Revision ID: 0001
"""
import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None


def upgrade() -> None:
    op.create_table("warehouses", sa.Column("id", sa.Uuid(), primary_key=True),
                    sa.Column("code", sa.String(8), unique=True), sa.Column("city", sa.String()),
                    sa.Column("country", sa.String(2)))
    op.create_table("shipments", sa.Column("id", sa.Uuid(), primary_key=True),
                    sa.Column("reference", sa.String(32), unique=True),
                    sa.Column("carrier", sa.String(16)), sa.Column("status", sa.String(16)),
                    sa.Column("warehouse_id", sa.Uuid(), sa.ForeignKey("warehouses.id")),
                    sa.Column("created_at", sa.DateTime(), server_default=sa.func.now()))


def downgrade() -> None:
    op.drop_table("shipments")
    op.drop_table("warehouses")
