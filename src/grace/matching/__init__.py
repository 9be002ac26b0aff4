"""Matching (seed 003): which members best fit an event request — stage 1 (SQL hard filters) and
stage 2 (exact cosine ranking)."""
