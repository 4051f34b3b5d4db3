// runs_mark — change a distillation run's status (rolled back).
// Parameters:
//   $namespace  STRING     the tenant
//   $rows       LIST<MAP>  id, status, rolled_back_at
// Returns: marked (INTEGER)
UNWIND $rows AS row
MATCH (r:DistillationRun {namespace: $namespace, id: row.id})
SET r.status = row.status, r.rolled_back_at = row.rolled_back_at
RETURN count(r) AS marked
