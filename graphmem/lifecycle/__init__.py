"""The memory's life after a write: ``forget`` (an episode, a fact, an entity or a
namespace, with everything derived from it), ``sweep`` (expiry and review), ``distill``,
``gc``, ``maintain`` (what is due of those, run on a schedule), ``export`` / import,
``check`` (invariants), ``reembed``, ``reextract`` (messages kept while the model failed),
``residue`` (a byte scan of a store's files) and ``doctor`` (diagnose and repair the
embedded store's files). It may import write, read and everything below them; only the
public face and the interfaces import it (tests/test_layers.py).
"""
