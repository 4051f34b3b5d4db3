// episodes_by_id — episodes with the given ids, if they are in the namespace.
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  episode ids
// Returns: e (the Episode node's properties)
UNWIND $ids AS id
MATCH (e:Episode {namespace: $namespace, id: id})
RETURN e {.*, embedding: null} AS e
