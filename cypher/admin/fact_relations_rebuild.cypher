// fact_relations_rebuild — write every FACT relationship of a namespace again from its Fact
// nodes (see write/facts_create), and delete those whose fact is gone: the repair for a
// store written before facts were projected between entities (Memory.check(repair=True)).
// Parameters:
//   $namespace  STRING  the tenant
// Returns: rebuilt (INTEGER) — relationships written
CALL () {
  MATCH (:Entity {namespace: $namespace})-[gone:FACT]->(:Entity {namespace: $namespace})
  WHERE NOT EXISTS { MATCH (:Fact {namespace: $namespace, id: gone.fact_id}) }
  DELETE gone
}
MATCH (f:Fact {namespace: $namespace})-[:OBJECT]->(o:Entity {namespace: $namespace})
MATCH (f)-[:SUBJECT]->(s:Entity {namespace: $namespace})
OPTIONAL MATCH (s)-[old:FACT {fact_id: f.id}]->(o)
DELETE old
CREATE (s)-[:FACT {namespace: $namespace, fact_id: f.id, predicate: f.predicate,
                   scope: f.scope, status: f.status, valid_from: f.valid_from,
                   valid_until: f.valid_until, recorded_at: f.recorded_at,
                   retired_at: f.retired_at}]->(o)
RETURN count(*) AS rebuilt
