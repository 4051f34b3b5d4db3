// entities_told_by — of the entity keys given, those that some statement of one of the
// $authorities names as its subject or object: the people (and things) a source of the
// user's own side told about. A document's name learnt only from other documents, emails or
// tools (authority 'external') is not among them. Index seeks on the keys, as in
// entities_still_named: the cost follows the keys, not the namespace.
// Parameters:
//   $namespace    STRING        the tenant
//   $keys         LIST<STRING>  normalised entity names (lower case, single spaces)
//   $authorities  LIST<STRING>  the authorities that count (graphmem.model.Authority values)
// Returns: key (one row per key named so)
UNWIND $keys AS key
WITH DISTINCT key
WHERE EXISTS {
  MATCH (s:Statement {namespace: $namespace, subject_key: key})
  WHERE s.authority IN $authorities
} OR EXISTS {
  MATCH (s:Statement {namespace: $namespace, object_key: key})
  WHERE s.authority IN $authorities
}
RETURN key
