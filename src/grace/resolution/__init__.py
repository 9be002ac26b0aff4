"""Resolution: which talents a coding agent sees for a role and a task (seeds 000 and 001)."""
