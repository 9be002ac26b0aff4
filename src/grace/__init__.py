"""GRACE decides what an LLM gets to see.

Three bounded contexts (``resolution``, ``learnings``, ``matching``) over a shared kernel
(``embedding``, ``vectors``). Entry points live in ``grace.entrypoints``; real adapters are
built only in ``grace.bootstrap``.
"""

__version__ = "0.1.0"
