// slot_versions — the version of each slot that has been written (optimistic concurrency).
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  slot digest ids (graphmem.store.rows.slot_node_id)
// Returns: id, version
UNWIND $ids AS id
MATCH (s:Slot {id: id})
WHERE s.namespace = $namespace
RETURN s.id AS id, s.version AS version
