// slots_claim — take the write lock on every slot a change set touches, check that no other
// writer changed them since this write read them, and move each one's version on. Run first
// in the write transaction: the exclusive lock is held until commit, so writes to one slot are
// serialised (a slot node is MERGEd on first use; the uniqueness constraint makes two first
// writers meet on one node). A slot node holds a digest of the slot, never its words.
// Parameters:
//   $namespace  STRING     the tenant
//   $rows       LIST<MAP>  id (the slot's digest id, graphmem.store.rows.slot_node_id),
//                          expected (INTEGER: the version the write read; 0 for a slot with no
//                          node yet). Sorted by id, so locks are always taken in one order.
// Returns: stale (INTEGER) — how many slots had moved on; the caller rolls back when > 0
UNWIND $rows AS row
MERGE (s:Slot {id: row.id})
  ON CREATE SET s.namespace = $namespace, s.version = 0
// The right-hand side reads s.version: Cypher takes the write lock before that read.
SET s.version = s.version + 1
RETURN count(CASE WHEN s.version <> row.expected + 1 THEN 1 END) AS stale
