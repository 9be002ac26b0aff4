"""Resizes images uploaded to the assets bucket under uploads/ into thumbnails/."""
import io
import os
from urllib.parse import unquote_plus

from aws_lambda_powertools.utilities.data_classes import S3Event, event_source
from aws_lambda_powertools.utilities.typing import LambdaContext
from PIL import Image

from common.aws import client
from common.powertools import logger, tracer

THUMB_SIZE = (int(os.environ.get("THUMB_WIDTH", "320")), int(os.environ.get("THUMB_HEIGHT", "320")))


@tracer.capture_lambda_handler
@logger.inject_lambda_context
@event_source(data_class=S3Event)
def lambda_handler(event: S3Event, context: LambdaContext) -> dict[str, int]:
    s3 = client("s3")
    done = 0
    for record in event.records:
        bucket = record.s3.bucket.name
        key = unquote_plus(record.s3.get_object.key)
        if not key.startswith("uploads/"):
            continue
        body = s3.get_object(Bucket=bucket, Key=key)["Body"].read()
        img = Image.open(io.BytesIO(body))
        img.thumbnail(THUMB_SIZE)
        out = io.BytesIO()
        img.save(out, format=img.format or "PNG")
        s3.put_object(Bucket=bucket, Key=key.replace("uploads/", "thumbnails/", 1), Body=out.getvalue())
        logger.info("resized", extra={"key": key})
        done += 1
    return {"resized": done}
