"""The read path: query ─► filter ─► candidates ─► score ─► rerank ─► budget ─► Evidence.

``recall`` ranks evidence filtered by namespace, time, status, scope, authority and
sensitivity (``period`` and ``time_focus``: questions about another time; ``standing``:
rules and preferences that always apply). Working memory is here too: ``session`` and
``session_text`` (a token-budgeted context), ``checkpoint`` (a task's saved progress)
and ``usage`` (use statistics, buffered). It reads through the store and may import
extract, records, store, trust, models and the vocabulary; never write, lifecycle or
the public face (tests/test_layers.py).
"""
