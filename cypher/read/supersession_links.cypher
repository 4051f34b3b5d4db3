// supersession_links — the SUPERSEDES links that start or end at the given facts.
// Parameters:
//   $namespace  STRING        the tenant
//   $fact_ids   LIST<STRING>  the facts
// Returns: new_id, old_id, at, reason, previous_until
UNWIND $fact_ids AS fact_id
MATCH (f:Fact {namespace: $namespace, id: fact_id})-[r:SUPERSEDES]-(other:Fact)
WHERE other.namespace = $namespace
WITH DISTINCT r, startNode(r) AS n, endNode(r) AS o
RETURN n.id AS new_id, o.id AS old_id, r.at AS at, r.reason AS reason,
       r.previous_until AS previous_until
