// namespace_drop — delete every node of one label in a namespace, tombstones included, in
// batches of 1000 (housekeeping for benchmarks and test databases; users forget with
// forget()). Runs in its own implicit transactions, label by label, so that even a namespace
// of millions of nodes stays within the transaction memory limit.
// Parameters:
//   $namespace  STRING  the tenant to drop
//   $label      STRING  one of Episode, Entity, Fact, Statement, Slot, AuditEntry, Tombstone, DistillationRun,
//                       Checkpoint, StoreKey, KeywordTerm, KeywordStats
// Returns: nothing
MATCH (n:$($label) {namespace: $namespace})
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 1000 ROWS
