// datetimes_noncanonical — every datetime of a namespace stored with a named zone (such as
// …Z[UTC]) instead of the offset Z. Cypher orders the two forms differently for the same
// instant, so `valid_from <= $at` can miss a fact at the very instant it begins; graphmem
// writes only the offset form, and `graphmem check` reports anything else.
// Parameters:
//   $namespace  STRING  the tenant
// Returns: kind ('node' or 'relationship'), label, id, property, value (as text)
// Example: :param namespace => 'maya'
UNWIND ['Episode', 'Entity', 'Fact', 'Statement', 'Slot', 'AuditEntry', 'Tombstone',
        'DistillationRun', 'Checkpoint'] AS name
CALL (name) {
  MATCH (n:$(name) {namespace: $namespace})
  UNWIND [k IN keys(n) WHERE n[k] IS :: ZONED DATETIME AND n[k].timezone <> 'Z'] AS property
  RETURN 'node' AS kind, name AS label, n.id AS id, property, toString(n[property]) AS value
  UNION
  MATCH (n:$(name) {namespace: $namespace})-[r]->()
  UNWIND [k IN keys(r) WHERE r[k] IS :: ZONED DATETIME AND r[k].timezone <> 'Z'] AS property
  RETURN 'relationship' AS kind, type(r) AS label, n.id AS id, property,
         toString(r[property]) AS value
}
RETURN kind, label, id, property, value
