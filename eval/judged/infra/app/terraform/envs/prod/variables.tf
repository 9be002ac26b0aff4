variable "region" {
  type    = string
  default = "eu-west-1"
}

variable "environment" { type = string }
variable "api_image" { type = string }
variable "certificate_arn" { type = string }
variable "cdn_certificate_arn" { type = string }
variable "assets_domain" { type = string }
