// checkpoints_add — save progress of a long task so it survives context compaction.
// Parameters:
//   $namespace  STRING     the tenant
//   $rows       LIST<MAP>  id, task, session?, at, state_json (last success, outputs, pending,
//                          next safe action)
// Returns: added (INTEGER)
UNWIND $rows AS row
CREATE (c:Checkpoint)
SET c = row, c.namespace = $namespace
RETURN count(c) AS added
