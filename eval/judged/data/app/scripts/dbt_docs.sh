#!/usr/bin/env bash
set -euo pipefail
cd "$(dirname "$0")/../dbt"
dbt docs generate --target dev
dbt docs serve --port 8081
