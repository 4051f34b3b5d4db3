// fact_relations_remove — delete the entity-to-entity FACT relationships of facts that go
// (forget, gc), in the transaction that removes the Fact nodes (write/nodes_remove).
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  fact ids; facts without a projection are ignored
// Returns: removed (INTEGER)
UNWIND $ids AS id
MATCH ()-[r:FACT {fact_id: id}]->()
WHERE r.namespace = $namespace
DELETE r
RETURN count(r) AS removed
