terraform {
  required_version = "~> 1.9.0"
  required_providers {
    aws = {
      source  = "hashicorp/aws"
      version = "~> 5.74"
    }
  }
}

provider "aws" {
  region = var.region
  default_tags {
    tags = {
      Project     = "acme"
      Environment = var.environment
      ManagedBy   = "terraform"
    }
  }
}
