"""The graph: the ``GraphStore`` interface (``base``) and its two stores — ``embedded/``
(networkx in process, its records in one SQLite database) and ``neo4j/``
(every query loaded by name from ``cypher/``). Shared parts: rows and their text form
(``rows``), the keyword index and words (``keywords``, ``text``), vectors, recall
channels and ranking, the old journal format (read to move older folders), integrity and
salvage. It may import the vocabulary,
trust and models only (tests/test_layers.py).
"""
