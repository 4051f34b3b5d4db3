// facts_use — add recall's uses to facts' use statistics in place: the count is added to what
// the node holds when the write runs, so two processes counting the same fact both count
// (reading the count and writing it back lost one of them). Facts no longer in the namespace
// (forgotten since they were recalled) are skipped.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   fact_id, uses (INTEGER: times recalled since the last flush);
//                           graphmem sorts them by id, so writers lock facts in one order
//   $at         DATETIME    when the uses were written (last_used_at)
// Returns: counted (INTEGER) — facts found
UNWIND $rows AS row
MATCH (f:Fact {namespace: $namespace, id: row.fact_id})
SET f.use_count = coalesce(f.use_count, 0) + row.uses, f.last_used_at = $at
RETURN count(f) AS counted
