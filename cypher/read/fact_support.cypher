// fact_support — the episodes that support a fact, with their role.
// Parameters:
//   $namespace  STRING  the tenant
//   $fact_id    STRING  the fact
// Returns: fact_id, episode_id, role, added_at; oldest first
MATCH (f:Fact {namespace: $namespace, id: $fact_id})-[r:SUPPORTED_BY]->(e:Episode)
WHERE e.namespace = $namespace
RETURN f.id AS fact_id, e.id AS episode_id, r.role AS role, r.added_at AS added_at
ORDER BY added_at, episode_id
