// audit_list — the audit log of a namespace, oldest first.
// Parameters:
//   $namespace  STRING         the tenant
//   $since      DATETIME|null  keep entries at or after this time
// Returns: a (the AuditEntry node's properties)
MATCH (a:AuditEntry {namespace: $namespace})
WHERE $since IS NULL OR a.at >= $since
RETURN a {.*} AS a
ORDER BY a.at, a.id
