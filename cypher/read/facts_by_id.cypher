// facts_by_id — facts with the given ids, if they are in the namespace.
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  fact ids
// Returns: f (the Fact node's properties)
UNWIND $ids AS id
MATCH (f:Fact {namespace: $namespace, id: id})
RETURN f {.*, embedding: null} AS f
