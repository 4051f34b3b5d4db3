// audit_append — append audit entries (who, when, what, before, after).
// Parameters:
//   $namespace  STRING      the tenant
//   $rows       LIST<MAP>   id, at, actor, action, target_id?, before_json?, after_json?,
//                           confidence_change?, note?
// Returns: appended (INTEGER)
UNWIND $rows AS row
CREATE (a:AuditEntry)
SET a = row, a.namespace = $namespace
RETURN count(a) AS appended
