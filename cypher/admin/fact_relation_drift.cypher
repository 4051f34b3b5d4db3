// fact_relation_drift — where the two views of facts disagree: a fact whose object is an
// entity without its FACT relationship, or with other bounds or status, and a FACT
// relationship whose fact is gone. Empty when healthy: Memory.check reports each row as
// projection_drift, and check(repair=True) rebuilds them (admin/fact_relations_rebuild).
// Parameters:
//   $namespace  STRING  the tenant
// Returns: problem ('missing', 'differs' or 'orphan'), fact_id; by fact_id.
// Example: :param namespace => 'maya'
MATCH (f:Fact {namespace: $namespace})-[:OBJECT]->(o:Entity {namespace: $namespace})
MATCH (f)-[:SUBJECT]->(s:Entity {namespace: $namespace})
OPTIONAL MATCH (s)-[r:FACT {fact_id: f.id}]->(o)
// Instants compared, not their spelling: a datetime kept with a named zone (what
// noncanonical_datetime reports) is the same instant as its UTC copy.
WITH f, r, [k IN ['valid_from', 'valid_until', 'recorded_at', 'retired_at']
            WHERE r IS NOT NULL AND (r[k].epochSeconds <> f[k].epochSeconds
                                     OR r[k].nanosecond <> f[k].nanosecond)] AS moved
WHERE r IS NULL OR size(moved) > 0
   OR r.status <> f.status OR r.predicate <> f.predicate OR r.scope <> f.scope
   OR r.namespace <> f.namespace
RETURN CASE WHEN r IS NULL THEN 'missing' ELSE 'differs' END AS problem, f.id AS fact_id
UNION
MATCH (:Entity {namespace: $namespace})-[r:FACT]->(:Entity {namespace: $namespace})
WHERE NOT EXISTS { MATCH (f:Fact {namespace: $namespace, id: r.fact_id}) }
RETURN 'orphan' AS problem, r.fact_id AS fact_id
ORDER BY fact_id
