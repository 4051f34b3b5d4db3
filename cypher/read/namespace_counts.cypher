// namespace_counts — how many nodes of each kind a namespace holds.
// Parameters:
//   $namespace  STRING  the tenant
// Returns: label, n
UNWIND ['Episode', 'Entity', 'Fact', 'Statement', 'AuditEntry', 'Tombstone'] AS label
CALL (label) {
  MATCH (n:$(label) {namespace: $namespace})
  RETURN count(n) AS n
}
RETURN label, n
