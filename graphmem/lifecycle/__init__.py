"""The memory's life after a write: ``forget`` (an episode, a fact, an entity or a
namespace, with everything derived from it), ``sweep`` (expiry and review), ``distill``,
``gc``, ``maintain`` (what is due of those, run on a schedule) with what only it runs —
``learn_cardinality`` (relations learnt one-valued from history), ``duplicates`` (values
merged, sources kept), ``model_switch`` (two models' permission decisions compared) —,
``export`` / import,
``check`` (invariants), ``reembed``, ``reextract`` (messages kept while the model failed),
``residue`` (a byte scan of a store's files) and ``doctor`` (diagnose and repair the
embedded store's files). It may import write, read and everything below them; only the
public face and the interfaces import it (tests/test_layers.py).
"""
