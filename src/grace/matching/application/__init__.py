"""Matching use cases (ports injected by the constructor)."""
