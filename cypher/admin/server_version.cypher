// server_version — the Neo4j kernel version, to know whether the vector index can filter
// inside the index (2026.02 and later) or recall must use the exact filter-first path.
// Parameters: none
// Returns: version (STRING)
CALL dbms.components() YIELD name, versions
WHERE name = 'Neo4j Kernel'
RETURN versions[0] AS version
