"""The graph: the ``GraphStore`` interface (``base``) and its two stores — ``embedded/``
(networkx in process, durable through a checksummed journal and snapshot) and ``neo4j/``
(every query loaded by name from ``cypher/``). Shared parts: rows and their text form
(``rows``), the keyword index and words (``keywords``, ``text``), vectors, recall
channels and ranking, the journal, integrity and salvage. It may import the vocabulary,
trust and models only (tests/test_layers.py).
"""
