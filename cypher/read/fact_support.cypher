// fact_support — the episodes that support the given facts, with role and provenance.
// Parameters:
//   $namespace  STRING        the tenant
//   $fact_ids   LIST<STRING>  the facts
// Returns: fact_id, episode_id, role, added_at, source, session, occurred_at; oldest first
//   (the two datetimes as epoch microseconds, which the driver need not decode)
UNWIND $fact_ids AS fact_id
MATCH (f:Fact {namespace: $namespace, id: fact_id})-[r:SUPPORTED_BY]->(e:Episode)
WHERE e.namespace = $namespace
WITH f, r, e
ORDER BY r.added_at, e.id
RETURN f.id AS fact_id, e.id AS episode_id, r.role AS role,
       r.added_at.epochMillis * 1000 + r.added_at.microsecond % 1000 AS added_at,
       e.source AS source, e.session AS session,
       e.occurred_at.epochMillis * 1000 + e.occurred_at.microsecond % 1000 AS occurred_at
