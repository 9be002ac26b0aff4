"""Shared kernel: the ``TextEmbedder`` port, model identity, vector cache and adapters."""
