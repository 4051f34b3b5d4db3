"""The write path: episode ─► gate ─► extract ─► gate ─► decide ─► consolidate.

``remember`` runs it for one episode and hands the store one change set (``inputs``:
the call checked; ``episode``: the episode row and what the write says about it). What a
write decides about a slot's history lives beside it: ``statements`` (what was said),
``timeline`` (a slot's versions derived from its statements: where supersession
happens), ``slots`` (a slot's state and version, held against other writers),
``decide`` / ``decide_llm`` (rules first, the model for what they leave open),
``consolidate`` (statements in, fact versions out), ``candidates`` (confirm or reject
what waits), ``predicates``, ``context`` (the turns around an episode), ``user_names``
(the user under all their names), ``owner`` (whose a new episode is: a document's parts
read together) and ``tombstone`` (what was forgotten stays out). It
may import read, extract, records, store, trust, models and the vocabulary; never
lifecycle or the public face (tests/test_layers.py).
"""
