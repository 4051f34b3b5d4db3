// slots_hold — take the write lock on slots before a write reads them, and keep it until
// that write's transaction ends. A writer that lost a race once (graphmem.slots) reads,
// decides and writes under this lock, so it cannot lose again: slot writers queue instead
// of starving. Versions do not move here; slots_claim moves them when the write lands.
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  slot digest ids (graphmem.store.rows.slot_node_id), sorted, so
//                             every writer takes its locks in one order (no deadlock cycle)
// Returns: held (INTEGER) — how many slot nodes are now locked
UNWIND $ids AS id
MERGE (s:Slot {id: id})
  ON CREATE SET s.namespace = $namespace, s.version = 0
// Writing the property (even to its own value) is what takes the exclusive lock.
SET s.version = s.version
RETURN count(s) AS held
