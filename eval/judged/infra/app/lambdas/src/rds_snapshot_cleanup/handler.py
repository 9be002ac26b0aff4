"""Deletes manual RDS snapshots older than RETENTION_DAYS (scheduled by EventBridge)."""
import os
from datetime import UTC, datetime, timedelta
from typing import Any

from aws_lambda_powertools.metrics import MetricUnit
from aws_lambda_powertools.utilities.typing import LambdaContext

from common.aws import client
from common.powertools import logger, metrics

RETENTION_DAYS = int(os.environ.get("RETENTION_DAYS", "14"))


@metrics.log_metrics
@logger.inject_lambda_context
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, int]:
    rds = client("rds")
    cutoff = datetime.now(UTC) - timedelta(days=RETENTION_DAYS)
    deleted = 0
    paginator = rds.get_paginator("describe_db_snapshots")
    for page in paginator.paginate(SnapshotType="manual"):
        for snap in page["DBSnapshots"]:
            if snap.get("SnapshotCreateTime") and snap["SnapshotCreateTime"] < cutoff:
                rds.delete_db_snapshot(DBSnapshotIdentifier=snap["DBSnapshotIdentifier"])
                logger.info("deleted snapshot", extra={"id": snap["DBSnapshotIdentifier"]})
                deleted += 1
    metrics.add_metric(name="SnapshotsDeleted", unit=MetricUnit.Count, value=deleted)
    return {"deleted": deleted}
