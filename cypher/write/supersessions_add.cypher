// supersessions_add — record that a newer fact supersedes an older one.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   new_id, old_id, at (DATETIME), reason
// Returns: linked (INTEGER) — fewer than the rows when an id is unknown in the namespace
UNWIND $rows AS row
MATCH (n:Fact {namespace: $namespace, id: row.new_id})
MATCH (o:Fact {namespace: $namespace, id: row.old_id})
CREATE (n)-[r:SUPERSEDES {at: row.at, reason: row.reason}]->(o)
RETURN count(r) AS linked
