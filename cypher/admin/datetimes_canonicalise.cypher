// datetimes_canonicalise — the migration for stores written before every datetime was stored
// with the offset Z: rewrite each named-zone datetime of a namespace as the same instant in
// UTC with offset Z (nodes and their outgoing relationships), label by label.
// Parameters:
//   $namespace  STRING  the tenant
//   $label      STRING  one of Episode, Entity, Fact, Statement, Slot, AuditEntry, Tombstone,
//                       DistillationRun, Checkpoint
// Returns: fixed (INTEGER) — how many properties were rewritten
CALL () {
  MATCH (n:$($label) {namespace: $namespace})
  UNWIND [k IN keys(n) WHERE n[k] IS :: ZONED DATETIME AND n[k].timezone <> 'Z'] AS k
  SET n[k] = datetime({epochSeconds: n[k].epochSeconds, nanosecond: n[k].nanosecond,
                       timezone: 'Z'})
  RETURN count(*) AS fixed
  UNION ALL
  MATCH (n:$($label) {namespace: $namespace})-[r]->()
  UNWIND [k IN keys(r) WHERE r[k] IS :: ZONED DATETIME AND r[k].timezone <> 'Z'] AS k
  SET r[k] = datetime({epochSeconds: r[k].epochSeconds, nanosecond: r[k].nanosecond,
                       timezone: 'Z'})
  RETURN count(*) AS fixed
}
RETURN sum(fixed) AS fixed
