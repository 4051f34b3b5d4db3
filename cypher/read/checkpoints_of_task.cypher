// checkpoints_of_task — the saved checkpoints of a task, newest first.
// Parameters:
//   $namespace  STRING   the tenant
//   $task       STRING   the task's name
//   $limit      INTEGER  how many at most
// Returns: c (the Checkpoint node's properties)
MATCH (c:Checkpoint {namespace: $namespace, task: $task})
RETURN c {.*} AS c
ORDER BY c.at DESC, c.id DESC
LIMIT $limit
