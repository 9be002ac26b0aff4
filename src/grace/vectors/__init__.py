"""Shared kernel: vector search (the :class:`VectorIndex` port, one exact top-k, its adapters)."""
