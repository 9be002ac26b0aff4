"""Matching adapters: SQLite and PostgreSQL stores, geo table, venue importer, generator."""
