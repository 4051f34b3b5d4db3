// supersessions_add — record that a newer fact supersedes an older one.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   new_id, old_id, at (DATETIME), reason, previous_until (DATETIME:
//                           the old fact's validity end before it was superseded, so that
//                           forgetting the new fact can give it back)
// Returns: linked (INTEGER) — fewer than the rows when an id is unknown in the namespace
UNWIND $rows AS row
MATCH (n:Fact {namespace: $namespace, id: row.new_id})
MATCH (o:Fact {namespace: $namespace, id: row.old_id})
CREATE (n)-[r:SUPERSEDES {at: row.at, reason: row.reason, previous_until: row.previous_until}]->(o)
RETURN count(r) AS linked
