"""Helpers shared by the matching tests: seeded random members and a PostgreSQL server."""
