// runs_add — record distillation runs (versioned, so that each can be rolled back).
// Parameters:
//   $namespace  STRING     the tenant
//   $rows       LIST<MAP>  id, at, version, status, created_json (ids of facts it created),
//                          patched_json (each patched fact's fields before the run)
// Returns: added (INTEGER)
UNWIND $rows AS row
CREATE (r:DistillationRun)
SET r = row, r.namespace = $namespace
RETURN count(r) AS added
