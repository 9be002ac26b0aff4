"""Learnings use cases: add, ensure the index, search."""
