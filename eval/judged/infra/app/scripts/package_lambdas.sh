#!/usr/bin/env bash
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/dist"; mkdir -p "$out"
for fn in image_resizer rds_snapshot_cleanup cloudfront_invalidator; do
  tmp="$(mktemp -d)"
  cp -r "$root/lambdas/src/$fn" "$root/lambdas/src/common" "$tmp/"
  (cd "$tmp" && zip -qr "$out/$fn.zip" .)
  rm -rf "$tmp"
done
