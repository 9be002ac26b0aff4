variable "name" {
  type = string
}

variable "cidr_block" {
  type    = string
  default = "10.20.0.0/16"
}

variable "az_count" {
  type    = number
  default = 3
}

variable "single_nat_gateway" {
  type    = bool
  default = false
}

variable "flow_logs_bucket_arn" {
  type = string
}

variable "tags" {
  type    = map(string)
  default = {}
}
