// run_get — one distillation run.
// Parameters:
//   $namespace  STRING  the tenant
//   $run_id     STRING  the run
// Returns: r (the DistillationRun node's properties)
MATCH (r:DistillationRun {namespace: $namespace, id: $run_id})
RETURN r {.*} AS r
