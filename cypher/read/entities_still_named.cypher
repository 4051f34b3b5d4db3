// entities_still_named — of the entity keys given, those that some statement outside
// $excluded still names as its subject or object: forgetting those statements leaves these
// entities in place. Index seeks only, stopping at the first statement found: the cost
// follows the keys, not the namespace (a scan of every statement's text took 1.3 s a key
// at 1M claims).
// Parameters:
//   $namespace  STRING        the tenant
//   $keys       LIST<STRING>  normalised entity names (lower case, single spaces)
//   $excluded   LIST<STRING>  ids of the statements being forgotten
// Returns: key (one row per key still named)
UNWIND $keys AS key
WITH DISTINCT key
WHERE EXISTS {
  MATCH (s:Statement {namespace: $namespace, subject_key: key})
  WHERE NOT s.id IN $excluded
} OR EXISTS {
  MATCH (s:Statement {namespace: $namespace, object_key: key})
  WHERE NOT s.id IN $excluded
}
RETURN key
