"""Extraction: text in, atomic claims out — the offline rules (``offline``, reading
clauses, changes, corrections, windows and self-introductions) and the model
(``llm``, validated against a pydantic schema). It may import the vocabulary and the
model boundary (tests/test_layers.py).
"""
