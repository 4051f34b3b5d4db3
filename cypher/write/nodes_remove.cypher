// nodes_remove — hard-delete nodes of one label, with all their relationships (forget).
// Deleting the node removes its properties, embedding and index entries with it. An episode
// that supported a removed fact has its support_scopes (see supports_add) taken again from
// the facts it still supports, so no scope of a forgotten fact stays behind on it.
// Parameters:
//   $namespace  STRING        the tenant
//   $label      STRING        one of Episode, Fact, Statement, Slot, Entity, AuditEntry, Tombstone,
//                             DistillationRun, Checkpoint
//   $ids        LIST<STRING>  ids to remove; unknown ids are ignored
// Returns: removed (INTEGER)
UNWIND $ids AS id
MATCH (n:$($label) {namespace: $namespace, id: id})
OPTIONAL MATCH (n)-[:SUPPORTED_BY]->(e:Episode)
WITH collect(DISTINCT n) AS gone, collect(DISTINCT e) AS supported
FOREACH (n IN gone | DETACH DELETE n)
WITH size(gone) AS removed, supported
CALL (supported) {
  UNWIND supported AS e
  WITH e WHERE e.support_scopes IS NOT NULL
  OPTIONAL MATCH (e)<-[:SUPPORTED_BY]-(still:Fact)
  WITH e, collect(DISTINCT still.scope) AS scopes
  SET e.support_scopes = scopes
}
RETURN removed
