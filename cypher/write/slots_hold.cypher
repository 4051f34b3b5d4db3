// slots_hold — take the write lock on slots before a write reads them, and keep it until
// that write's transaction ends. A writer that lost a race once (graphmem.write.slots) reads,
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
// Writing the property is what takes the exclusive lock. `+ 0`, not `s.version` alone:
// Neo4j reads a bare `s.version` before the lock and writes that value back after it, so
// a claim committed while this waited was undone (a probe lost 946 of 1,500 concurrent
// increments that way; with `+ 0` it lost none, and the value is read under the lock).
SET s.version = s.version + 0
RETURN count(s) AS held
