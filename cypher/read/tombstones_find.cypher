// tombstones_find — which of the given digests have been tombstoned in the namespace.
// Parameters:
//   $namespace  STRING        the tenant
//   $digests    LIST<STRING>  keyed hashes to look for
// Returns: digest
UNWIND $digests AS digest
MATCH (t:Tombstone {namespace: $namespace, digest: digest})
RETURN DISTINCT t.digest AS digest
