"""Learnings (seed 002): semantic search over an append-only ``learnings.jsonl``."""
