#!/usr/bin/env bash
# Creates the S3 state bucket and DynamoDB lock table once per account.
set -euo pipefail
bucket="${1:?bucket}"; region="${2:-eu-west-1}"
aws s3api create-bucket --bucket "$bucket" --region "$region" \
  --create-bucket-configuration LocationConstraint="$region"
aws s3api put-bucket-versioning --bucket "$bucket" --versioning-configuration Status=Enabled
aws dynamodb create-table --table-name terraform-locks \
  --attribute-definitions AttributeName=LockID,AttributeType=S \
  --key-schema AttributeName=LockID,KeyType=HASH --billing-mode PAY_PER_REQUEST
