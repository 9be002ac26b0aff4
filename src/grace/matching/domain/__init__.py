"""Pure matching domain: members, requests, zones, geometry (stdlib + numpy only)."""
