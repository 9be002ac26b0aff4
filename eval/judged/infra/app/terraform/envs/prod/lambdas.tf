data "archive_file" "snapshot_cleanup" {
  type        = "zip"
  source_dir  = "${path.root}/../../../lambdas/src/rds_snapshot_cleanup"
  output_path = "${path.root}/.build/rds_snapshot_cleanup.zip"
}

resource "aws_lambda_function" "snapshot_cleanup" {
  function_name    = "acme-prod-rds-snapshot-cleanup"
  role             = aws_iam_role.snapshot_cleanup.arn
  runtime          = "python3.12"
  handler          = "handler.lambda_handler"
  filename         = data.archive_file.snapshot_cleanup.output_path
  source_code_hash = data.archive_file.snapshot_cleanup.output_base64sha256
  timeout          = 60
  layers           = ["arn:aws:lambda:eu-west-1:017000801446:layer:AWSLambdaPowertoolsPythonV3-python312-x86_64:4"]
  environment {
    variables = {
      POWERTOOLS_SERVICE_NAME = "rds-snapshot-cleanup"
      RETENTION_DAYS          = "14"
    }
  }
}

resource "aws_iam_role" "snapshot_cleanup" {
  name = "acme-prod-rds-snapshot-cleanup"
  assume_role_policy = jsonencode({
    Version = "2012-10-17"
    Statement = [{
      Effect    = "Allow"
      Action    = "sts:AssumeRole"
      Principal = { Service = "lambda.amazonaws.com" }
    }]
  })
}
