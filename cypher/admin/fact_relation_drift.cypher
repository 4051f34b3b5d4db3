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
WITH f, r
WHERE r IS NULL
   OR r.status <> f.status OR r.valid_from <> f.valid_from OR r.valid_until <> f.valid_until
   OR r.recorded_at <> f.recorded_at OR r.retired_at <> f.retired_at
   OR r.predicate <> f.predicate OR r.scope <> f.scope OR r.namespace <> f.namespace
RETURN CASE WHEN r IS NULL THEN 'missing' ELSE 'differs' END AS problem, f.id AS fact_id
UNION
MATCH (:Entity {namespace: $namespace})-[r:FACT]->(:Entity {namespace: $namespace})
WHERE NOT EXISTS { MATCH (f:Fact {namespace: $namespace, id: r.fact_id}) }
RETURN 'orphan' AS problem, r.fact_id AS fact_id
ORDER BY fact_id
