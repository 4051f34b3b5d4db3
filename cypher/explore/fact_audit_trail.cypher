// fact_audit_trail — the audit entries about one fact (added, superseded, confirmed,
// retracted, feedback, …), oldest first.
// Parameters:
//   $namespace  STRING  the tenant
//   $fact_id    STRING  the fact
// Returns: at, actor, action, before_json, after_json, confidence_change, note, audit_id
// Example: :param namespace => 'maya'; :param fact_id => 'f_…'
MATCH (a:AuditEntry {namespace: $namespace, target_id: $fact_id})
RETURN a.at AS at, a.actor AS actor, a.action AS action, a.before_json AS before_json,
       a.after_json AS after_json, a.confidence_change AS confidence_change, a.note AS note,
       a.id AS audit_id
ORDER BY at, audit_id
