module "vpc" {
  source               = "../../modules/vpc"
  name                 = "acme-${var.environment}"
  single_nat_gateway   = var.environment != "prod"
  flow_logs_bucket_arn = "arn:aws:s3:::acme-${var.environment}-flow-logs"
}

module "api" {
  source             = "../../modules/ecs-fargate"
  name               = "acme-api-${var.environment}"
  region             = var.region
  vpc_id             = module.vpc.vpc_id
  public_subnet_ids  = module.vpc.public_subnet_ids
  private_subnet_ids = module.vpc.private_subnet_ids
  image              = var.api_image
  certificate_arn    = var.certificate_arn
  desired_count      = var.environment == "prod" ? 3 : 1
  secrets = {
    DATABASE_SECRET = module.db.master_user_secret_arn
  }
}

module "db" {
  source                     = "../../modules/rds-postgres"
  name                       = "acme-${var.environment}"
  vpc_id                     = module.vpc.vpc_id
  subnet_ids                 = module.vpc.private_subnet_ids
  allowed_security_group_ids = [module.api.service_security_group_id]
  multi_az                   = var.environment == "prod"
}

module "assets" {
  source              = "../../modules/s3-cloudfront"
  bucket_name         = "acme-${var.environment}-assets"
  acm_certificate_arn = var.cdn_certificate_arn
  aliases             = [var.assets_domain]
}
