// statements_patch — change what may change about a statement: a candidate confirmed or
// rejected (status, authority), forgotten words taken out (quote, object_text).
// Parameters:
//   $namespace  STRING     the tenant
//   $rows       LIST<MAP>  statement_id, changes (MAP of the fields to set)
// Returns: patched (INTEGER) — fewer than the rows when an id is unknown in the namespace
UNWIND $rows AS row
MATCH (s:Statement {namespace: $namespace, id: row.statement_id})
SET s += row.changes
RETURN count(s) AS patched
