import io

from PIL import Image

from image_resizer.handler import lambda_handler


def _event(bucket: str, key: str) -> dict:
    return {"Records": [{"s3": {"bucket": {"name": bucket}, "object": {"key": key}}}]}


def test_resizes_uploads(aws, lambda_context):
    s3 = aws.client("s3")
    s3.create_bucket(Bucket="assets", CreateBucketConfiguration={"LocationConstraint": "eu-west-1"})
    buf = io.BytesIO()
    Image.new("RGB", (1000, 800)).save(buf, format="PNG")
    s3.put_object(Bucket="assets", Key="uploads/a.png", Body=buf.getvalue())

    assert lambda_handler(_event("assets", "uploads/a.png"), lambda_context) == {"resized": 1}
    thumb = Image.open(io.BytesIO(s3.get_object(Bucket="assets", Key="thumbnails/a.png")["Body"].read()))
    assert max(thumb.size) <= 320


def test_ignores_other_prefixes(aws, lambda_context):
    aws.client("s3").create_bucket(
        Bucket="assets", CreateBucketConfiguration={"LocationConstraint": "eu-west-1"}
    )
    assert lambda_handler(_event("assets", "thumbnails/a.png"), lambda_context) == {"resized": 0}
