"""Invalidates CloudFront paths after a deploy pushes new assets to S3."""
import os
import time
from typing import Any

from aws_lambda_powertools.utilities.typing import LambdaContext

from common.aws import client
from common.powertools import logger

DISTRIBUTION_ID = os.environ["DISTRIBUTION_ID"]


@logger.inject_lambda_context
def lambda_handler(event: dict[str, Any], context: LambdaContext) -> dict[str, str]:
    paths = event.get("paths") or ["/*"]
    cf = client("cloudfront")
    resp = cf.create_invalidation(
        DistributionId=DISTRIBUTION_ID,
        InvalidationBatch={
            "Paths": {"Quantity": len(paths), "Items": paths},
            "CallerReference": str(time.time_ns()),
        },
    )
    inv_id = resp["Invalidation"]["Id"]
    logger.info("invalidation created", extra={"id": inv_id, "paths": paths})
    return {"invalidation_id": inv_id}
