// namespace_ids — the ids of every node of one label in a namespace (for forgetting all of it).
// Parameters:
//   $namespace  STRING  the tenant
//   $label      STRING  Episode, Entity, Fact, AuditEntry, Tombstone, DistillationRun, Checkpoint
// Returns: id
MATCH (n:$($label) {namespace: $namespace})
RETURN n.id AS id
