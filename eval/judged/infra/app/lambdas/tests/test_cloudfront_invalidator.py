from cloudfront_invalidator.handler import lambda_handler


def test_default_path_is_everything(aws, lambda_context, monkeypatch):
    cf = aws.client("cloudfront")
    dist = cf.create_distribution(DistributionConfig={
        "CallerReference": "x", "Comment": "", "Enabled": True,
        "Origins": {"Quantity": 1, "Items": [{"Id": "o", "DomainName": "b.s3.amazonaws.com",
                    "S3OriginConfig": {"OriginAccessIdentity": ""}}]},
        "DefaultCacheBehavior": {"TargetOriginId": "o", "ViewerProtocolPolicy": "allow-all"},
    })["Distribution"]["Id"]
    monkeypatch.setattr("cloudfront_invalidator.handler.DISTRIBUTION_ID", dist)
    assert lambda_handler({}, lambda_context)["invalidation_id"]
