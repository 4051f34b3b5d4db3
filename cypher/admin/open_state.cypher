// open_state — what a store reads once as it opens, in one statement: the Neo4j kernel
// version (from 2026.02 the vector index filters inside the index; before it recall takes
// the exact filter-first path), which version of the keyword statistics the database keeps
// (recorded once the nodes written before them have their terms counted:
// Connection.install_schema), and whether it holds any fact or episode (a database without
// one has no terms to count). The keyword record lives in the reserved namespace
// '_graphmem', which no tenant can use.
// Parameters: none
// Returns one row:
//   version   STRING   the kernel's version, e.g. '2026.08.0'
//   keywords  INTEGER  the keyword statistics' version; null before the first count
//   stored    BOOLEAN  whether any Fact or Episode node exists
CALL dbms.components() YIELD name, versions
WHERE name = 'Neo4j Kernel'
OPTIONAL MATCH (m:IndexMeta {namespace: '_graphmem', id: 'keywords'})
RETURN versions[0] AS version, m.version AS keywords,
       EXISTS { MATCH (:Fact) } OR EXISTS { MATCH (:Episode) } AS stored
