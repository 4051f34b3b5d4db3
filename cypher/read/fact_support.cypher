// fact_support — the episodes that support the given facts, with role and provenance.
// Parameters:
//   $namespace  STRING        the tenant
//   $fact_ids   LIST<STRING>  the facts
// Returns: fact_id, episode_id, role, added_at, source, session, occurred_at; oldest first
UNWIND $fact_ids AS fact_id
MATCH (f:Fact {namespace: $namespace, id: fact_id})-[r:SUPPORTED_BY]->(e:Episode)
WHERE e.namespace = $namespace
RETURN f.id AS fact_id, e.id AS episode_id, r.role AS role, r.added_at AS added_at,
       e.source AS source, e.session AS session, e.occurred_at AS occurred_at
ORDER BY added_at, episode_id
