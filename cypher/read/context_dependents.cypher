// context_dependents — episodes whose keyword context was copied from one of these episodes:
// forgetting or redacting them must reach the copies.
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  the episodes the context came from
// Returns: id, context_from
MATCH (e:Episode {namespace: $namespace})
WHERE e.context_from IN $ids
RETURN e.id AS id, e.context_from AS context_from
