# This file is maintained automatically by "terraform init".
# Manual edits may be lost in future updates.

provider "registry.terraform.io/hashicorp/aws" {
  version     = "5.74.0"
  constraints = "~> 5.74"
  hashes = [
    "h1:YkOYp3XrYUN3VBEWtyR8ZnrLVfV8Y9p5M7Dq5gQ8FqE=",
  ]
}
