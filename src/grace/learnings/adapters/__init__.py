"""Learnings adapters: the JSONL file, the index files, FAISS, bm25s."""
