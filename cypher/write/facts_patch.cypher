// facts_patch — change lifecycle fields of facts (validity end, belief end, status,
// confidence, review date, use statistics). Nothing else about a fact changes in place.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   fact_id, changes (MAP of the fields to set)
// Returns: patched (INTEGER) — fewer than the rows when an id is unknown in the namespace
UNWIND $rows AS row
MATCH (f:Fact {namespace: $namespace, id: row.fact_id})
SET f += row.changes
RETURN count(f) AS patched
