// audit_scrub — strip the content from audit entries about forgotten records; the action,
// the time and the actor stay.
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  audit entry ids
// Returns: scrubbed (INTEGER)
UNWIND $ids AS id
MATCH (a:AuditEntry {namespace: $namespace, id: id})
SET a.before_json = null, a.after_json = null, a.note = 'content removed: forgotten'
RETURN count(a) AS scrubbed
