// episodes_context — set an episode's keyword context again (its neighbour turn was
// redacted or forgotten); null removes it.
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   id, context_text (STRING|null), context_from (STRING|null)
// Returns: changed (INTEGER)
UNWIND $rows AS row
MATCH (e:Episode {namespace: $namespace, id: row.id})
SET e.context_text = row.context_text, e.context_from = row.context_from
RETURN count(e) AS changed
