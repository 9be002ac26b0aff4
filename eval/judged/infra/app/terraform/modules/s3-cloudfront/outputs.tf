output "distribution_id" {
  value = aws_cloudfront_distribution.assets.id
}

output "bucket_arn" {
  value = aws_s3_bucket.assets.arn
}
