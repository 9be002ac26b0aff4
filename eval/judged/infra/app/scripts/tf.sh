#!/usr/bin/env bash
set -euo pipefail
env="${1:?usage: tf.sh ENV COMMAND [ARGS...]}"; shift
dir="$(dirname "$0")/../terraform/envs/${env}"
[[ -d "$dir" ]] || { echo "unknown env: $env" >&2; exit 2; }
terraform -chdir="$dir" init -input=false -upgrade=false >/dev/null
terraform -chdir="$dir" "$@"
