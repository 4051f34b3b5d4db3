// nodes_remove — hard-delete nodes of one label, with all their relationships (forget).
// Deleting the node removes its properties, embedding and index entries with it.
// Parameters:
//   $namespace  STRING        the tenant
//   $label      STRING        one of Episode, Fact, Statement, Slot, Entity, AuditEntry, Tombstone,
//                             DistillationRun, Checkpoint
//   $ids        LIST<STRING>  ids to remove; unknown ids are ignored
// Returns: removed (INTEGER)
UNWIND $ids AS id
MATCH (n:$($label) {namespace: $namespace, id: id})
DETACH DELETE n
RETURN count(*) AS removed
