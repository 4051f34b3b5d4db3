// audit_of_targets — the audit entries about the given records (facts or episodes).
// Parameters:
//   $namespace  STRING        the tenant
//   $ids        LIST<STRING>  target ids
// Returns: a (the AuditEntry node's properties)
UNWIND $ids AS id
MATCH (a:AuditEntry {namespace: $namespace, target_id: id})
RETURN a {.*} AS a
