// namespace_drop — delete every node of a namespace, tombstones included, in batches of
// 5000 (housekeeping for benchmarks and test databases; users forget with forget()).
// Runs in its own implicit transactions: it cannot be part of a larger one.
// Parameters:
//   $namespace  STRING  the tenant to drop
// Returns: nothing
MATCH (n {namespace: $namespace})
CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS
