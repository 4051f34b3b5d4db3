"""Trust: what may be stored, and what may act.

Everything here is a pure judgement over text and claims, with no store and no model:
the write gate (``gate``: authority by source, what waits as a candidate), secrets
(``secrets/``, ``redact``: never stored), injection attempts in outside text
(``injection``), what a claim would change about what the assistant may do
(``effects``), special-category data (``sensitivity``; ``feelings``: a passing mood is
no condition; ``whose``: a third party's document), and the action guard that
fails closed (``actions``). It may import the vocabulary (``errors``, ``arguments``,
``config``, ``model``, ``temporal``, ``results``) and nothing above it
(tests/test_layers.py holds the order).
"""
