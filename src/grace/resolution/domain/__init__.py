"""Pure domain of the resolution context: standard library only (numpy allowed, not needed)."""
