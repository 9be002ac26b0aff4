"""Pure learnings domain: entries, staleness, ranking (standard library and numpy only)."""
