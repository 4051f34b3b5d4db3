// entities_named — which of the given normalised names are entities of the namespace.
// Parameters:
//   $namespace  STRING        the tenant
//   $keys       LIST<STRING>  candidate names (word n-grams of a query, normalised)
// Returns: key
UNWIND $keys AS key
MATCH (e:Entity {namespace: $namespace, key: key})
RETURN DISTINCT e.key AS key
