// facts_patch — change lifecycle fields of facts (validity end, belief end, status,
// confidence, review date, use statistics). Nothing else about a fact changes in place. Its
// FACT relationship (see facts_create), when it has one, takes the same bounds and status.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   fact_id, changes (MAP of the fields to set)
// Returns: patched (INTEGER) — fewer than the rows when an id is unknown in the namespace
UNWIND $rows AS row
MATCH (f:Fact {namespace: $namespace, id: row.fact_id})
SET f += row.changes
WITH f
OPTIONAL MATCH ()-[r:FACT {fact_id: f.id}]->()
  WHERE r.namespace = $namespace
SET r.status = f.status, r.valid_from = f.valid_from, r.valid_until = f.valid_until,
    r.recorded_at = f.recorded_at, r.retired_at = f.retired_at
RETURN count(f) AS patched
